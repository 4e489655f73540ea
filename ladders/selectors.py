"""Reads of ladders: the ladder in order, its open challenges, its history; each a fixed
number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import QuerySet

from clubs.models import Club, Player
from ladders.core import ladder as core
from ladders.core.inactivity import next_drops
from ladders.models import OPEN_STATUSES, Challenge, ChangeKind, Ladder, LadderChange
from tournaments.models import Tournament


def ladder_slug_of(tournament: Tournament) -> str | None:
    """The ladder whose matches this (hidden) tournament holds."""
    return Ladder.objects.filter(tournament=tournament).values_list("slug", flat=True).first()


def club_ladders(club: Club) -> QuerySet[Ladder]:
    return Ladder.objects.filter(club=club).order_by("name")


def ladder_players(ladder: Ladder) -> list[Player]:
    """The players from the top down (the last change keeps the ladder as it is)."""
    order = ladder.changes.order_by("-sequence").values_list("order", flat=True).first() or []
    players = Player.objects.in_bulk(order)
    return [players[pk] for pk in order]


@dataclass(frozen=True)
class Rung:
    place: int
    player: Player
    #: Open challenges the player made or received.
    challenges: list[Challenge]
    #: The day he drops for not playing unless he plays a match before (None: nobody drops).
    drops_on: date | None = None


def ladder_rungs(ladder: Ladder) -> list[Rung]:
    open_challenges = list(
        ladder.challenges.filter(status__in=OPEN_STATUSES).select_related(
            "challenger", "defender", "match"
        )
    )
    drops = next_drops(ladder.rules(), ladder_changes(ladder))
    rungs = []
    for place, player in enumerate(ladder_players(ladder), start=1):
        mine = [c for c in open_challenges if player.pk in (c.challenger_id, c.defender_id)]
        rungs.append(Rung(place, player, mine, drops.get(player.pk)))
    return rungs


def ladder_history(ladder: Ladder) -> QuerySet[LadderChange]:
    return ladder.changes.select_related("player", "opponent").order_by("-sequence")


def open_challenges(ladder: Ladder) -> QuerySet[Challenge]:
    return (
        ladder.challenges.filter(status__in=OPEN_STATUSES)
        .select_related("challenger", "defender", "match")
        .order_by("accept_by")
    )


def change_as_core(row: LadderChange) -> core.Change:
    """A history row as the pure core reads it."""
    if row.kind == ChangeKind.JOINED:
        return core.Joined(row.player_id, row.day)
    if row.kind in (ChangeKind.LEFT, ChangeKind.REMOVED):
        return core.Left(row.player_id, row.day)
    if row.kind == ChangeKind.IDLE:
        return core.Idle(row.player_id, row.day, row.places)
    assert row.opponent_id is not None and row.challenge_id is not None
    if row.kind in (ChangeKind.CORRECTED_WON, ChangeKind.CORRECTED_LOST):
        return core.Corrected(row.challenge_id, row.kind == ChangeKind.CORRECTED_WON, row.day)
    return core.Played(
        row.player_id,
        row.opponent_id,
        row.kind == ChangeKind.WON,
        row.day,
        row.forfeit,
        row.challenge_id,
    )


def ladder_changes(ladder: Ladder) -> list[core.Change]:
    """The ladder's history, oldest first, as the pure core replays it."""
    return [change_as_core(row) for row in ladder.changes.order_by("sequence")]


def ladder_order(ladder: Ladder) -> tuple[int, ...]:
    """The players' ids from the top down, as the last change left the ladder."""
    last = ladder.changes.order_by("-sequence").values_list("order", flat=True).first()
    return tuple(last or ())


def ladder_player_names(*players: int) -> dict[int, str]:
    """The names of the players a refusal speaks of."""
    return dict(Player.objects.filter(pk__in=players).values_list("pk", "name"))


def ladder_open_counts(ladder: Ladder) -> dict[int, int]:
    """How many open challenges each player of the ladder is in."""
    counts: dict[int, int] = {}
    for challenger, defender in ladder.challenges.filter(status__in=OPEN_STATUSES).values_list(
        "challenger_id", "defender_id"
    ):
        counts[challenger] = counts.get(challenger, 0) + 1
        counts[defender] = counts.get(defender, 0) + 1
    return counts


def ladders_with_tournament() -> QuerySet[Ladder]:
    """Ladders with their hidden tournament, for a page to pick one from."""
    return Ladder.objects.select_related("tournament")


def challenges_with_players() -> QuerySet[Challenge]:
    """Challenges with their ladder and players, for a page to pick one from."""
    return Challenge.objects.select_related("ladder", "defender", "challenger")
