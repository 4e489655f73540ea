"""``python manage.py demo``: a living club for a newcomer to look at. Safe to run again."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand
from django.db import transaction
from django.test.utils import override_settings
from django.urls import reverse

from clubs.management.demo_club_play import demo_club_play
from clubs.management.demo_tournaments import demo_tournaments
from clubs.models import Club, Membership, Player, Role
from clubs.versions import club_change
from config.celery import app as celery_app
from matches.models import Match
from venue import services as venue_services
from venue.models import Table

DEMO_PASSWORD = "backgammon"
CLUB_SLUG = "demo"

#: (user name, first name, last name); None as user name makes a guest without an account.
PEOPLE: list[tuple[str | None, str, str]] = [
    ("anna", "Anna", "Albers"),
    ("ben", "Ben", "Brandt"),
    ("clara", "Clara", "Conrad"),
    ("david", "David", "Dietrich"),
    ("emma", "Emma", "Engel"),
    ("felix", "Felix", "Fuchs"),
    ("greta", "Greta", "Graf"),
    ("hugo", "Hugo", "Hartmann"),
    ("ida", "Ida", "Imhof"),
    ("jonas", "Jonas", "Jäger"),
    ("karla", "Karla", "Krüger"),
    ("leon", "Leon", "Lorenz"),
    ("mia", "Mia", "Meyer"),
    ("noah", "Noah", "Neumann"),
    (None, "Olga", "Otto"),
    (None, "Paul", "Peters"),
]
STAFF: list[tuple[str, str, str, Role]] = [
    ("organizer", "Olivia", "Organizer", Role.ORGANIZER),
    ("referee", "Rudi", "Referee", Role.REFEREE),
]


class Command(BaseCommand):
    help = (
        "Create (or refresh) the demo club with 16 players, an organizer, a referee and "
        "three tournaments in play."
    )

    _password_hash: str | None = None

    def handle(self, *args: Any, **options: Any) -> None:
        # The demo draws and advances right here, also when a broker is configured.
        celery_app.conf.task_always_eager = True
        with transaction.atomic():
            club = self.make_club()
            with club_change(club.pk):  # run again, it may give members their roles back
                self.make_members(club)
        # Demo players have made-up addresses: their notifications are kept in the app, not
        # printed on the console.
        with (
            override_settings(EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend"),
            self.quiet(options["verbosity"]),
        ):
            for tournament in demo_tournaments(club):
                url = tournament.get_absolute_url()
                self.stdout.write(f"Tournament “{tournament.name}”: {url}")
            if not Table.objects.filter(club=club).exists():
                # The venue's tables: the matches in play are called to them at once.
                venue_services.tables_add(club=club, count=6)
                venue_services.tables_add(club=club, count=2, has_clock=True)
            self.stdout.write(f"Venue display: {reverse('venue:display', args=[club.slug])}")
            with transaction.atomic():
                organizer = get_user_model().objects.get(username="organizer")
                members = [self.make_player(*person) for person in PEOPLE]
                for url in demo_club_play(club, organizer, members):
                    self.stdout.write(f"Club play: {url}")
        self.print_logins(club)

    @contextlib.contextmanager
    def quiet(self, verbosity: int) -> Iterator[None]:
        """Without ``-v 2``, the hundreds of lines of the tasks and services the demo runs
        (one per task) stay out of the way of the log-ins printed below; warnings still show."""
        if verbosity > 1:
            yield
            return
        logging.disable(logging.INFO)
        try:
            yield
        finally:
            logging.disable(logging.NOTSET)

    def make_club(self) -> Club:
        club, _ = Club.objects.get_or_create(
            slug=CLUB_SLUG,
            defaults={
                "name": "Crawford Backgammon Club",
                "city": "Hamburg",
                "country": "DE",
                "description": "The demo club: weekly best-of-three at the bar, "
                "a monthly 7-point main/consolation and a Swiss league.",
            },
        )
        return club

    def make_account(self, username: str, first: str, last: str, **extra: Any) -> Any:
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=username,
            defaults={
                "first_name": first,
                "last_name": last,
                "email": f"{username}@example.com",
                **extra,
            },
        )
        if created:
            # Every demo account has the one public password: hashed once, not once per
            # account (PBKDF2 takes a quarter of a second each, by design).
            if self._password_hash is None:
                self._password_hash = make_password(DEMO_PASSWORD)
            user.password = self._password_hash
            user.save(update_fields=["password"])
        return user

    def make_player(self, username: str | None, first: str, last: str) -> Player:
        name = f"{first} {last}"
        if username is None:
            player, _ = Player.objects.get_or_create(user=None, name=name, defaults={"email": ""})
            return player
        user = self.make_account(username, first, last)
        player, _ = Player.objects.get_or_create(
            user=user, defaults={"name": name, "email": user.email}
        )
        return player

    def make_members(self, club: Club) -> None:
        for username, first, last, role in STAFF:
            player = self.make_player(username, first, last)
            Membership.objects.update_or_create(club=club, player=player, defaults={"role": role})
        for username, first, last in PEOPLE:
            player = self.make_player(username, first, last)
            Membership.objects.get_or_create(
                club=club, player=player, defaults={"role": Role.PLAYER}
            )
        admin = self.make_account("admin", "Ada", "Admin", is_staff=True, is_superuser=True)
        Player.objects.get_or_create(user=admin, defaults={"name": "Ada Admin"})

    def print_logins(self, club: Club) -> None:
        out = self.stdout
        out.write(self.style.SUCCESS(f"Demo club “{club.name}” is ready: /clubs/{club.slug}/"))
        out.write(f"Log in with any of these (password: {DEMO_PASSWORD}):")
        out.write("  admin       site administrator (/admin/)")
        for username, _first, _last, role in STAFF:
            out.write(f"  {username:<11} {role.label}")
        players = ", ".join(u for u, _f, _l in PEOPLE if u)
        out.write(f"  players:    {players}")

        online = (
            Match.objects.filter(round__stage__tournament__club=club, is_online=True)
            .exclude(status="finished")
            .select_related("entry_a__player__user", "entry_b__player__user")
            .first()
        )
        if online is not None:
            a, b = online.entry_a.player.user, online.entry_b.player.user
            out.write(
                f"Online board: {a.username} and {b.username} play a match in the Swiss league; "
                "log in as either to play it."
            )
