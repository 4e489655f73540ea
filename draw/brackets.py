"""Elimination brackets in the database, derived from the pure bracket plan.

No routing is stored: the plan is rebuilt from the seeds (a pure function of format, options
and seed order) and ``resolve`` replays the results into it; :func:`bracket_sync` writes what
changed. Advancement, walkovers, withdrawals and corrections are one mechanism. The reads
(the plan, the results to replay, the state they make) are ``standings.brackets``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_update_with_history

from config.errors import UserError
from entries.models import Entry
from events.bus import emit
from events.types import ResultCorrected
from matches import reasons
from matches.models import Game, Match, MatchOutcome, MatchStatus
from standings.brackets import BracketRow, bracket_plan, bracket_results, withdrawn_entry_ids
from tournaments.models import Tournament
from tournaments.pairing import (
    BracketPlan,
    PairingError,
    resolve,
)
from tournaments.pairing.resolve import BracketState
from tournaments.pairing.resolve import MatchStatus as PlanStatus


def match_label(row: Match) -> str:
    """A match as a person finds it on the bracket page: stage, round, position, players."""

    def name(entry: Entry | None) -> str:
        return entry.player.name if entry is not None else str(_("(to be decided)"))

    return _("%(stage)s, round %(round)d, match %(index)d (%(a)s – %(b)s)") % {
        "stage": row.round.stage.get_kind_display(),
        "round": row.round.number,
        "index": row.index,
        "a": name(row.entry_a),
        "b": name(row.entry_b),
    }


def _first_misfit(plan: BracketPlan, results: dict[str, int], withdrawn: list[int]) -> str | None:
    """The first result, in the plan's order, that the bracket no longer allows (its winner
    no longer plays there, or the match no longer has two players); None when all fit."""
    try:
        resolve(plan, results, withdrawn)
        return None
    except PairingError:
        pass
    partial: dict[str, int] = {}
    for slot in plan.matches:  # sources come before the matches they feed
        if slot.key in results:
            partial[slot.key] = results[slot.key]
            try:
                resolve(plan, partial, withdrawn)
            except PairingError:
                return slot.key
    raise AssertionError("resolve refused all results but none alone")  # pragma: no cover


def _has_started(row: Match, results: Collection[str]) -> bool:
    """Whether people sat down for this match: games, play, or a result of its own (a
    walkover the bracket derived does not count)."""
    if row.status == MatchStatus.PLAYING or row.game_count:  # type: ignore[attr-defined]
        return True
    return row.status == MatchStatus.FINISHED and row.bracket_key in results


def _first_moved(
    state: BracketState, rows: dict[str, Match], results: dict[str, int]
) -> str | None:
    """The first match that has started or finished but whose players the bracket now sets
    differently (a result replayed under other players would be a silent mix)."""
    for key, target in state.matches.items():
        row = rows[key]
        if not _has_started(row, results):
            continue
        if {row.entry_a_id, row.entry_b_id} != {target.a, target.b}:
            return key
    return None


def bracket_sync(
    tournament: Tournament,
    *,
    plan: BracketPlan | None = None,
    reopen: bool = False,
    user: Any = None,
    reason: str = reasons.BRACKET_ROUTED,
) -> bool:
    """Replay the results into the bracket plan and write who plays where now.

    Returns whether the bracket is complete. A change that would alter who played a match
    that has started or finished (a late correction) is refused with a ``UserError`` naming
    that match — or, with ``reopen`` (the organizer's explicit choice), that match is voided
    and re-opened for its new players, its games kept in the history. Every row written gets
    a history row with ``user`` and ``reason``.
    """
    plan = plan or bracket_plan(tournament)
    # The rows alone, in no order: this runs after every result, and the rows' rounds and
    # players (grouped by every column of theirs, for the games' count) are wanted only to
    # name the match of a refusal, which reads them itself.
    rows = {
        m.bracket_key: m
        for m in Match.objects.of_tournament(tournament)
        .exclude(bracket_key="")
        .annotate(game_count=Max("games__number"))
        .order_by()
    }
    withdrawn = withdrawn_entry_ids(tournament)
    finished: list[BracketRow] = [
        (key, m.entry_a_id, m.entry_b_id, m.winner_id, m.outcome, m.game_count or 0)  # type: ignore[attr-defined]
        for key, m in rows.items()
        if m.status == MatchStatus.FINISHED
    ]
    results = bracket_results(finished, withdrawn)
    reopened: list[str] = []
    while True:
        misfit = _first_misfit(plan, results, withdrawn)
        state = None
        if misfit is None:
            state = resolve(plan, results, withdrawn)
            misfit = _first_moved(state, rows, results)
        if misfit is None:
            break
        if not reopen:
            raise UserError(
                _(
                    "This change would alter who played %(match)s, which has already started "
                    "or been played. Correct that match first, or void and re-open it."
                )
                % {"match": match_label(rows[misfit])},
                code="bracket_conflict",
            )
        reopened.append(misfit)
        results.pop(misfit, None)
        rows[misfit].status = MatchStatus.PENDING  # no longer counts as started
        rows[misfit].game_count = 0  # type: ignore[attr-defined]
    assert state is not None
    for key in reopened:
        _void_games(rows[key], user=user)
    changed = []
    # Only the columns some row changed: an UPDATE of many rows spells out every column
    # for every row (``bulk_update``), and a first round changes a third of them.
    fields = {"version", "updated_at"}
    for key, target in state.matches.items():
        row = rows[key]
        written = _apply(row, target, reopened=key in reopened)
        if written:
            fields.update(Match._meta.get_field(name).name for name in written)
            row.version += 1
            row._change_reason = (
                reasons.REOPENED if key in reopened else _reason_for(target, reason)
            )
            changed.append(row)
    if changed:
        now = timezone.now()
        for row in changed:
            row.updated_at = now
        bulk_update_with_history(
            changed,
            Match,
            sorted(fields),
            default_user=user if getattr(user, "is_authenticated", False) else None,
            default_change_reason=reason,
        )
        for key in reopened:
            emit(ResultCorrected(match_id=rows[key].pk))
    return state.finished


def _reason_for(target: Any, reason: str) -> str:
    if target.status is PlanStatus.WALKOVER and reason == reasons.BRACKET_ROUTED:
        return reasons.WALKOVER
    return reason


def _void_games(row: Match, *, user: Any) -> None:
    """A re-opened match starts again: its games go, each leaving a history row."""
    for game in Game.objects.filter(match=row):
        game._change_reason = reasons.REOPENED
        if getattr(user, "is_authenticated", False):
            game._history_user = user
        game.delete()


def _apply(row: Match, target: Any, *, reopened: bool = False) -> list[str]:
    """Make the row say what the resolved plan says; the fields it changed (every field it
    sets, for a re-opened match: its status in memory was changed before)."""
    status = target.status
    if status is PlanStatus.PLAYED:
        return []  # a real result: the row is the source, nothing to write
    started = not reopened and (row.status == MatchStatus.PLAYING or row.game_count)  # type: ignore[attr-defined]
    new: dict[str, Any] = {
        "entry_a_id": target.a,
        "entry_b_id": target.b,
        "winner_id": None,
        "outcome": "",
    }
    if reopened:
        new.update(score_a=0, score_b=0, started_at=None, finished_at=None)
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
    written = [name for name, value in new.items() if reopened or getattr(row, name) != value]
    for name in written:
        setattr(row, name, new[name])
    return written
