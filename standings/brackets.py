"""Elimination brackets as the results so far make them (reads only).

No routing is stored: the plan is rebuilt from the seeds (a pure function of format, options
and seed order) and ``resolve`` replays the results into it. The placings read brackets from
here; ``draw.brackets.bracket_sync`` writes what the replay changes.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from django.db.models import Count

from entries.models import Entry, EntryStatus
from matches.models import Match, MatchOutcome, MatchStatus
from tournaments.formats import format_of
from tournaments.models import Tournament
from tournaments.pairing import BracketFormat, BracketPlan, resolve
from tournaments.pairing.resolve import BracketState


def seeded_entry_ids(tournament: Tournament) -> list[int]:
    return list(
        Entry.objects.filter(tournament=tournament, seed__isnull=False)
        .order_by("seed")
        .values_list("pk", flat=True)
    )


def bracket_plan(tournament: Tournament) -> BracketPlan:
    fmt = format_of(tournament)
    assert isinstance(fmt, BracketFormat)
    return fmt.plan(seeded_entry_ids(tournament))


#: A finished bracket match as ``bracket_results`` reads it:
#: (key, entry a, entry b, winner, outcome, number of games).
BracketRow = tuple[str, int | None, int | None, int | None, str, int]


def bracket_results(rows: Iterable[BracketRow], withdrawn: Collection[int]) -> dict[str, int]:
    """Which finished bracket matches are results to replay: played or forfeited between two
    players, except a forfeit to the opponent of a withdrawn player, which the bracket derives
    again from the withdrawal itself (so the leaver does not drop into the consolation) —
    also when the leaver withdrew in the middle of the match (it has games)."""
    results = {}
    for key, a, b, winner, outcome, _games in rows:
        if not key or a is None or b is None or winner is None:
            continue
        if outcome not in (MatchOutcome.PLAYED, MatchOutcome.FORFEIT):
            continue
        loser = b if winner == a else a
        if outcome == MatchOutcome.FORFEIT and loser in withdrawn:
            continue
        results[key] = winner
    return results


def withdrawn_entry_ids(tournament: Tournament) -> list[int]:
    """Withdrawn entries in the order they withdrew (the order ``resolve`` replays them)."""
    return list(
        Entry.objects.filter(tournament=tournament, status=EntryStatus.WITHDRAWN)
        .order_by("updated_at", "pk")
        .values_list("pk", flat=True)
    )


def bracket_state(tournament: Tournament) -> BracketState:
    """The bracket as the results so far make it: who plays where, walkovers, placings."""
    rows = (
        Match.objects.of_tournament(tournament)
        .filter(status=MatchStatus.FINISHED)
        .exclude(bracket_key="")
        .annotate(game_count=Count("games"))
        .values_list(
            "bracket_key", "entry_a_id", "entry_b_id", "winner_id", "outcome", "game_count"
        )
    )
    withdrawn = withdrawn_entry_ids(tournament)
    return resolve(bracket_plan(tournament), bracket_results(rows, withdrawn), withdrawn)
