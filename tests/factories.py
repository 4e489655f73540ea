"""factory_boy factories for every model; tests build their data with these."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from clubs.models import Club, Membership, Player, Role
from entries.models import Entry, EntryStatus
from matches.models import Game, Match
from tournaments.models import Round, Stage, StageKind, Tournament

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    first_name = factory.Faker("first_name")
    last_name = factory.Faker("last_name")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    user = factory.SubFactory(UserFactory)
    name = factory.LazyAttribute(lambda p: p.user.get_full_name() or p.user.username)
    email = factory.LazyAttribute(lambda p: p.user.email if p.user else "")


class GuestFactory(PlayerFactory):
    user = None
    name = factory.Sequence(lambda n: f"Guest {n}")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Role.PLAYER


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")
    status = "registration"


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)
    status = EntryStatus.APPROVED


class StageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Stage

    tournament = factory.SubFactory(TournamentFactory)
    kind = StageKind.MAIN


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    stage = factory.SubFactory(StageFactory)
    number = 1
    match_format = factory.LazyAttribute(lambda r: r.stage.tournament.match_format)
    length = factory.LazyAttribute(lambda r: r.stage.tournament.default_length)


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    round = factory.SubFactory(RoundFactory)
    index = factory.Sequence(lambda n: n + 1)
    entry_a = factory.SubFactory(
        EntryFactory, tournament=factory.SelfAttribute("..round.stage.tournament")
    )
    entry_b = factory.SubFactory(
        EntryFactory, tournament=factory.SelfAttribute("..round.stage.tournament")
    )
    match_format = factory.LazyAttribute(lambda m: m.round.match_format)
    length = factory.LazyAttribute(lambda m: m.round.length)
    status = "ready"


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game

    match = factory.SubFactory(MatchFactory)
    number = factory.Sequence(lambda n: n + 1)
    winner = 0
    kind = "single"
    cube = 1
    points = 1


# --- Ratings and seasons ---------------------------------------------------------------------


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Season"

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Season {n}")
    slug = factory.Sequence(lambda n: f"season-{n}")
    placing_points = factory.LazyFunction(lambda: [10, 7, 5, 3, 1])


def finished_match(tournament, winner, loser, finished_at, **fields):
    """A played match of ``tournament`` that ``winner`` won against ``loser`` (players)."""
    entries = [
        Entry.objects.get_or_create(
            tournament=tournament, player=player, defaults={"status": EntryStatus.APPROVED}
        )[0]
        for player in (winner, loser)
    ]
    stage, _ = Stage.objects.get_or_create(tournament=tournament, kind=StageKind.MAIN)
    round_, _ = Round.objects.get_or_create(
        stage=stage,
        number=1,
        defaults={"match_format": tournament.match_format, "length": tournament.default_length},
    )
    fields.setdefault("score_a", fields.get("length", tournament.default_length))
    return MatchFactory(
        round=round_,
        entry_a=entries[0],
        entry_b=entries[1],
        winner=entries[0],
        status="finished",
        outcome="played",
        finished_at=finished_at,
        **fields,
    )


# --- Notifications ---------------------------------------------------------------------------


class NotificationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "notifications.Notification"

    recipient = factory.SubFactory(PlayerFactory)
    kind = "match_ready"
    subject = factory.Sequence(lambda n: f"Notice {n}")
    body = "Your next match is drawn.\n"
    url = "/dashboard/"
    email_status = "sent"
