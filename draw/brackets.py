"""Elimination brackets in the database, derived from the pure bracket plan.

No routing is stored: the plan is rebuilt from the seeds (a pure function of format, options
and seed order) and ``resolve`` replays the results into it; :func:`bracket_sync` writes what
changed. Advancement, walkovers, withdrawals and corrections are one mechanism.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from django.db.models import Count, Max
from django.utils.translation import gettext as _

from config.errors import UserError
from draw.formats import adapter_of
from matches.models import Match, MatchOutcome, MatchStatus
from tournaments.models import Entry, EntryStatus, Tournament
from tournaments.pairing import (
    BracketFormat,
    BracketPlan,
    PairingError,
    RoundFormat,
    resolve,
)
from tournaments.pairing.resolve import BracketState
from tournaments.pairing.resolve import MatchStatus as PlanStatus


def format_of(tournament: Tournament) -> BracketFormat | RoundFormat:
    """The tournament's pure format with its options (see ``draw.formats``)."""
    return adapter_of(tournament).pure(tournament)


def is_bracket(tournament: Tournament) -> bool:
    return adapter_of(tournament).is_bracket


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
    players, except a forfeit without games to the opponent of a withdrawn player, which
    the bracket derives again from the withdrawal itself (so the leaver does not drop into
    the consolation)."""
    results = {}
    for key, a, b, winner, outcome, games in rows:
        if not key or a is None or b is None or winner is None:
            continue
        if outcome not in (MatchOutcome.PLAYED, MatchOutcome.FORFEIT):
            continue
        loser = b if winner == a else a
        if outcome == MatchOutcome.FORFEIT and loser in withdrawn and not games:
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


def bracket_sync(tournament: Tournament, *, plan: BracketPlan | None = None) -> bool:
    """Replay the results into the bracket plan and write who plays where now.

    Returns whether the bracket is complete. Refuses (``UserError``) when a change would
    move a player out of a match that has already started — the case of a late correction.
    """
    plan = plan or bracket_plan(tournament)
    rows = {
        m.bracket_key: m
        for m in Match.objects.of_tournament(tournament)
        .exclude(bracket_key="")
        .annotate(game_count=Max("games__number"))
    }
    withdrawn = withdrawn_entry_ids(tournament)
    finished: list[BracketRow] = [
        (key, m.entry_a_id, m.entry_b_id, m.winner_id, m.outcome, m.game_count or 0)  # type: ignore[attr-defined]
        for key, m in rows.items()
        if m.status == MatchStatus.FINISHED
    ]
    try:
        state = resolve(plan, bracket_results(finished, withdrawn), withdrawn)
    except PairingError as error:
        raise UserError(
            _("This change does not fit the bracket: a later match has already been played."),
            code="bracket_conflict",
        ) from error
    changed = []
    for key, target in state.matches.items():
        row = rows[key]
        if _apply(row, target):
            changed.append(row)
    fields = ["entry_a", "entry_b", "status", "outcome", "winner", "version", "updated_at"]
    if changed:
        for row in changed:
            row.version += 1
        Match.objects.bulk_update(changed, fields)
    return state.finished


def _apply(row: Match, target) -> bool:  # type: ignore[no-untyped-def]
    """Make the row say what the resolved plan says; True when something changed."""
    status = target.status
    if status is PlanStatus.PLAYED:
        return False  # a real result: the row is the source, nothing to write
    started = row.status == MatchStatus.PLAYING or row.game_count
    finished_by_result = row.status == MatchStatus.FINISHED and row.outcome == MatchOutcome.PLAYED
    moved = (row.entry_a_id, row.entry_b_id) != (target.a, target.b)
    if (started or finished_by_result) and moved and status is not PlanStatus.WALKOVER:
        raise UserError(
            _(
                "The players of a match that has already started would change; correct the "
                "later matches first."
            ),
            code="bracket_conflict",
        )
    new = {
        "entry_a_id": target.a,
        "entry_b_id": target.b,
        "winner_id": None,
        "outcome": "",
    }
    if status is PlanStatus.PENDING:
        new["status"] = MatchStatus.PENDING
    elif status is PlanStatus.READY:
        new["status"] = MatchStatus.PLAYING if started else MatchStatus.READY
    elif status is PlanStatus.WALKOVER:
        new["status"] = MatchStatus.FINISHED
        new["winner_id"] = target.winner
        withdrew = target.a is not None and target.b is not None
        new["outcome"] = MatchOutcome.FORFEIT if withdrew else MatchOutcome.BYE
    else:  # empty or void: nobody plays this match
        new["status"] = MatchStatus.VOID
    if all(getattr(row, name) == value for name, value in new.items()):
        return False
    for name, value in new.items():
        setattr(row, name, value)
    return True
