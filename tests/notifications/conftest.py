"""Fixtures for the notification tests: a club whose players have accounts and e-mail
addresses (the shared tournament fixtures of tests/conftest.py enter guests), and a tournament
of them; and small helpers the tests import from here."""

from __future__ import annotations

import pytest

from clubs.models import Player, Role
from draw import services as draw_services
from entries import services as entry_services
from notifications.models import Notification
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Tournament

NAMES = ["Alice", "Bruno", "Clara", "David", "Elena", "Felix", "Greta", "Hanno"]


@pytest.fixture
def locmem_mail(settings, mailoutbox):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://crawford.example"
    return mailoutbox


@pytest.fixture
def people(club):
    """Players of the club with accounts and e-mails, by first name (``people["Alice"]``)."""
    found: dict[str, Player] = {}

    def get(name: str, **fields) -> Player:
        if name not in found:
            user = UserFactory(username=name.lower(), email=f"{name.lower()}@example.com")
            player = PlayerFactory(user=user, name=name, **fields)
            MembershipFactory(club=club, player=player, role=Role.PLAYER)
            found[name] = player
        return found[name]

    class People(dict):
        def __missing__(self, name):
            return get(name)

    return People()


@pytest.fixture
def field(club, organizer, commit, people):
    """A tournament of ``players`` account holders (Alice, Bruno … seeded in that order) and
    ``guests`` guests without e-mail, started unless told not to."""

    def make(players: int, *, guests: int = 0, start: bool = True, **settings) -> Tournament:
        tournament = services.tournament_create(
            club=club, user=organizer, name=settings.pop("name", "Spring Open"), **settings
        )
        services.tournament_open_registration(tournament=tournament)
        seed = 0
        for name in NAMES[:players]:
            entry = entry_services.entry_add(tournament=tournament, player=people[name])
            seed += 1
            entry.seed = seed
            entry.save()
        for n in range(1, guests + 1):
            entry = entry_services.entry_add_guest(tournament=tournament, name=f"Guest {n}")
            seed += 1
            entry.seed = seed
            entry.save()
        if start:
            commit(draw_services.tournament_start, tournament=tournament)
        tournament.refresh_from_db()
        return tournament

    return make


def sent_to(outbox) -> list[str]:
    """Every recipient address of the mails in the outbox, sorted."""
    return sorted(address for mail in outbox for address in mail.to)


def kinds_of(player: Player) -> list[str]:
    return sorted(Notification.objects.filter(recipient=player).values_list("kind", flat=True))


def html_of(mail) -> str:
    return next(content for content, mime in mail.alternatives if mime == "text/html")
