"""The late rule at the table: what a late player loses, and the director's decision on it.

The rule is the tournament's (``tournaments.lateness``, pure). The moment lateness counts from
is the caller's to give (``since``): the call of the match to its table, where the venue calls
matches; else :func:`late_since` (the latest of the tournament's start and the moment the match
could be played; an app that calls matches registers its call's moment with
:func:`register_call_moment`). A confirmed penalty is added to the opponent's starting score
(``Match.start_score_a/b``, the score the games count from) and his score, with a line in the
match's history; a waiver and a forfeit leave their line too. Each late player is decided
once: of two directors deciding at once, the first wins and the second is told.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import UserError
from config.logs import logged_service
from entries.models import Entry
from matches import reasons
from matches.models import Match, MatchStatus, Side
from matches.rules import rules_for_match
from matches.selectors.lateness import LateDecision, late_decisions
from matches.services.results import (
    check_not_on_the_board,
    check_open,
    check_version,
    match_award_forfeit,
    match_lock,
)
from matches.versions import match_change
from tournaments.lateness import LateRuleError, check_penalty, late_penalty, penalty_room
from tournaments.models import MatchFormat

#: Who knows when a match was called to its table (an app of the venue): each is asked in
#: turn, the first moment given counts.
_call_moments: list[Callable[[Match], datetime | None]] = []


def register_call_moment(moment_of: Callable[[Match], datetime | None]) -> None:
    """Let an app that calls matches to tables say when a match was called (from its
    ``AppConfig.ready``)."""
    if moment_of not in _call_moments:
        _call_moments.append(moment_of)


def unregister_call_moment(moment_of: Callable[[Match], datetime | None]) -> None:
    """Forget a registered call moment (an app unloaded, a test done)."""
    if moment_of in _call_moments:
        _call_moments.remove(moment_of)


def late_since(match: Match) -> datetime | None:
    """The moment lateness counts from: the call of the match, when an app says one; else the
    later of the tournament's start and the moment the match could first be played."""
    for moment_of in _call_moments:
        called = moment_of(match)
        if called is not None:
            return called
    ready = (
        match.history.filter(status__in=[MatchStatus.READY, MatchStatus.PLAYING])
        .order_by("history_date")
        .values_list("history_date", flat=True)
        .first()
    )
    starts = match.round.stage.tournament.starts_at
    moments = [moment for moment in (ready, starts) if moment is not None]
    return max(moments) if moments else None


@dataclass(frozen=True)
class LateProposal:
    """What the rule proposes for one late player of a match, at ``now``."""

    match_id: int
    entry_id: int
    name: str
    opponent: str
    since: datetime
    now: datetime
    minutes_late: int
    points: int
    forfeit: bool
    capped: bool
    #: The most a director may give (the opponent one short of the target).
    most: int
    is_best_of: bool
    #: The starting score with the proposed penalty.
    start_after: tuple[int, int]
    #: The decision already taken on this player, if any.
    decided: LateDecision | None

    @property
    def unit(self) -> str:
        return unit_text(self.points, is_best_of=self.is_best_of)


def unit_text(count: int, *, is_best_of: bool) -> str:
    """ "2 points" or "1 game"."""
    if is_best_of:
        return ngettext("%(count)d game", "%(count)d games", count) % {"count": count}
    return ngettext("%(count)d point", "%(count)d points", count) % {"count": count}


def _side_of(match: Match, late: Entry | int) -> int:
    pk = late.pk if isinstance(late, Entry) else late
    if pk == match.entry_a_id:
        return Side.A
    if pk == match.entry_b_id:
        return Side.B
    raise UserError(_("The late player must be one of the two players."), code="not_a_player")


def _names(match: Match, side: int) -> tuple[str, str]:
    entries = (match.entry_a, match.entry_b)
    late, opponent = entries[side], entries[1 - side]
    return (
        late.player.name if late is not None else "?",
        opponent.player.name if opponent is not None else "?",
    )


def _propose(match: Match, side: int, since: datetime, now: datetime) -> LateProposal:
    rule = match.round.stage.tournament.late
    if rule is None:
        raise UserError(_("This tournament has no late rule."), code="late_rule_off")
    if now < since:
        raise UserError(
            _("The call cannot be later than now."), code="late_since_future", field="since"
        )
    opponent = 1 - side
    start = [match.start_score_a, match.start_score_b]
    room = penalty_room(rules_for_match(match).wins_needed, start[opponent])
    penalty = late_penalty(rule, now - since, room=room)
    start[opponent] += penalty.points
    name, other = _names(match, side)
    entry_id = match.entry_a_id if side == Side.A else match.entry_b_id
    assert entry_id is not None
    return LateProposal(
        match_id=match.pk,
        entry_id=entry_id,
        name=name,
        opponent=other,
        since=since,
        now=now,
        minutes_late=penalty.minutes_late,
        points=penalty.points,
        forfeit=penalty.forfeit,
        capped=penalty.capped,
        most=room,
        is_best_of=match.match_format == MatchFormat.GAMES,
        start_after=(start[0], start[1]),
        decided=late_decisions(match).get(entry_id),
    )


def late_penalty_proposed(
    *, match: Match, late: Entry | int, since: datetime, now: datetime | None = None
) -> LateProposal:
    """What the tournament's late rule proposes for ``late`` (a player of ``match``), the
    match called at ``since``, at ``now``. Changes nothing."""
    return _propose(match, _side_of(match, late), since, now or timezone.now())


def _decidable(match: Match, side: int, expected_version: int | None) -> None:
    """Refuse a decision on a late player already decided, or on a match under way."""
    check_version(match, expected_version)
    check_open(match)
    name = _names(match, side)[0]
    entry_id = match.entry_a_id if side == Side.A else match.entry_b_id
    decided = late_decisions(match).get(entry_id or 0)
    if decided is not None:
        raise UserError(
            _("%(name)s's lateness was already decided: %(decision)s")
            % {"name": name, "decision": decided.label},
            code="late_decided",
        )
    check_not_on_the_board(match, "referee")
    if match.games.exists():
        raise UserError(
            _("Play has started: a late penalty is decided before the first game."),
            code="late_started",
        )


def _save(match: Match, *, user: Any, reason: str) -> None:
    match.version += 1
    match._change_reason = reason  # django-simple-history's way to store why
    if user is not None and getattr(user, "is_authenticated", False):
        match._history_user = user
    match.full_clean()
    match.save()


@logged_service("late_penalty_confirm", result_change=True)
@transaction.atomic
def late_penalty_confirm(
    *,
    match: Match | int,
    late: Entry | int,
    since: datetime,
    now: datetime | None = None,
    points: int | None = None,
    user: Any = None,
    expected_version: int | None = None,
) -> Match:
    """Confirm the penalty of a late player: the rule's proposal at ``now``, or the
    ``points`` the director says. The opponent starts that much ahead."""
    with match_change(match):
        match = match_lock(match)
        side = _side_of(match, late)
        _decidable(match, side, expected_version)
        proposal = _propose(match, side, since, now or timezone.now())
        if points is None:
            if proposal.forfeit:
                raise UserError(
                    _("%(name)s is more than %(minutes)d minutes late: the match is forfeited.")
                    % {
                        "name": proposal.name,
                        "minutes": match.round.stage.tournament.late_forfeit_minutes,
                    },
                    code="late_forfeit",
                )
            points = proposal.points
        try:
            check_penalty(points, proposal.most)
        except LateRuleError as error:
            raise _penalty_error(error, proposal) from error
        opponent = 1 - side
        if opponent == Side.A:
            match.start_score_a += points
            match.score_a += points
        else:
            match.start_score_b += points
            match.score_b += points
        match.status = MatchStatus.PLAYING
        if match.started_at is None:
            match.started_at = proposal.now
        _save(
            match,
            user=user,
            reason=reasons.coded(
                reasons.LATE_PENALTY,
                entry=proposal.entry_id,
                points=points,
                minutes=proposal.minutes_late,
                name=proposal.name,
            ),
        )
        return match


def _penalty_error(error: LateRuleError, proposal: LateProposal) -> UserError:
    if error.code == "not_a_penalty":
        return UserError(
            _("A penalty is a whole number of at least 1; waive it instead."),
            code="not_a_penalty",
            field="points",
        )
    if proposal.most < 1:
        return UserError(
            _(
                "%(opponent)s is one short of winning the match: no penalty can be given. "
                "Waive it, or forfeit the match."
            )
            % {"opponent": proposal.opponent},
            code="penalty_too_large",
            field="points",
        )
    return UserError(
        _(
            "A penalty larger than the match: %(opponent)s would win it before a game is "
            "played. At most %(most)s; or forfeit the match."
        )
        % {
            "opponent": proposal.opponent,
            "most": unit_text(proposal.most, is_best_of=proposal.is_best_of),
        },
        code="penalty_too_large",
        field="points",
    )


@logged_service("late_penalty_waive")
@transaction.atomic
def late_penalty_waive(
    *,
    match: Match | int,
    late: Entry | int,
    since: datetime,
    now: datetime | None = None,
    user: Any = None,
    expected_version: int | None = None,
) -> Match:
    """The director waives a late player's penalty: the score stays, the history says so."""
    with match_change(match):
        match = match_lock(match)
        side = _side_of(match, late)
        _decidable(match, side, expected_version)
        proposal = _propose(match, side, since, now or timezone.now())
        _save(
            match,
            user=user,
            reason=reasons.coded(
                reasons.LATE_WAIVED,
                entry=proposal.entry_id,
                minutes=proposal.minutes_late,
                name=proposal.name,
            ),
        )
        return match


@logged_service("late_forfeit", result_change=True)
@transaction.atomic
def late_forfeit(
    *,
    match: Match | int,
    late: Entry | int,
    since: datetime,
    now: datetime | None = None,
    user: Any = None,
    expected_version: int | None = None,
) -> Match:
    """A player later than the rule's forfeit time loses the match: his opponent goes
    through."""
    with match_change(match):
        match = match_lock(match)
        side = _side_of(match, late)
        _decidable(match, side, expected_version)
        proposal = _propose(match, side, since, now or timezone.now())
        if not proposal.forfeit:
            raise UserError(
                _(
                    "%(name)s is %(late)d minutes late; the late rule forfeits the match after "
                    "%(minutes)d."
                )
                % {
                    "name": proposal.name,
                    "late": proposal.minutes_late,
                    "minutes": match.round.stage.tournament.late_forfeit_minutes,
                },
                code="not_late_enough",
            )
        opponent = match.entry_b if side == Side.A else match.entry_a
        assert opponent is not None
        return match_award_forfeit(
            match=match,
            winner=opponent,
            user=user,
            reason=reasons.coded(
                reasons.LATE_FORFEIT,
                entry=proposal.entry_id,
                minutes=proposal.minutes_late,
                name=proposal.name,
            ),
        )
