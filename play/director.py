"""The tournament director's actions on a live online match: pause and resume it, add time to
a player, take back the last confirmed play, declare a result (a forfeit or an agreed score).

Each action needs a reason, is saved as a :class:`~play.models.DirectorAction` (shown in
the match's history), bumps the game's sequence number (an action the players sent on the
state before is refused as stale) and is shown to both players in the board's notice; the
caller sends the new state to the boards (:func:`play.broadcast.broadcast_state`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from backgammon import Game
from config.errors import UserError
from config.logs import logged_service
from matches.models import OPEN_STATUSES, Match
from matches.services import match_award_forfeit, match_declare_score
from matches.versions import match_change
from play.models import DirectorAction, DirectorActionKind, OnlineGame

from .services import lock_online, save_online, time_forfeit
from .state import OnlineState
from .timesource import now_ms

__all__ = [
    "online_add_time",
    "online_declare_forfeit",
    "online_declare_score",
    "online_pause",
    "online_resume",
    "online_take_back",
]

MAX_ADDED_SECONDS = 24 * 60 * 60


def _live(match: Match | int, reason: str) -> tuple[OnlineGame, OnlineState, int]:
    """The locked online game of a match still in play, its state and the time now. A clock
    that fell before the director acted ends the match first (and refuses the action)."""
    if not reason.strip():
        raise UserError(
            _("Give a reason: the players and the match history show it."), code="reason"
        )
    match_id = match.pk if isinstance(match, Match) else match
    try:
        online = lock_online(match_id)
    except OnlineGame.DoesNotExist:
        raise UserError(_("This match has no online game in play."), code="not_started") from None
    state = OnlineState.load(online.state)
    if state.match_over or online.match.status not in OPEN_STATUSES:
        raise UserError(_("The match is over."), code="match_over")
    return online, state, now_ms()


def _done(
    online: OnlineGame,
    state: OnlineState,
    kind: str,
    *,
    user: Any,
    reason: str,
    side: int | None = None,
    seconds: int | None = None,
) -> OnlineGame:
    reason = reason.strip()
    action = DirectorAction(
        match_id=online.match_id,
        kind=kind,
        reason=reason,
        side=side,
        seconds=seconds,
        user=user if getattr(user, "is_authenticated", False) else None,
    )
    action.full_clean()
    action.save()
    state.notice = {"kind": kind, "reason": reason, "side": side, "seconds": seconds}
    save_online(online, state)
    return online


def _clock_fell(online: OnlineGame, state: OnlineState, now: int) -> bool:
    loser = state.clock.fallen(now) if state.clock is not None else None
    if loser is None:
        return False
    time_forfeit(online, state, loser)
    save_online(online, state)
    return True


def _needs_clock(state: OnlineState) -> None:
    if state.clock is None:
        raise UserError(_("This match is played without a clock."), code="no_clock")


@logged_service("online_pause")
@transaction.atomic
def online_pause(*, match: Match | int, user: Any, reason: str) -> OnlineGame:
    """Stop the clock and every move until the director resumes the match."""
    with match_change(match):
        online, state, now = _live(match, reason)
        _needs_clock(state)
        assert state.clock is not None
        if state.clock.paused:
            raise UserError(_("The match is already paused."), code="paused")
        if _clock_fell(online, state, now):
            return online
        state.clock.pause(now=now)
        return _done(online, state, DirectorActionKind.PAUSE, user=user, reason=reason)


@logged_service("online_resume")
@transaction.atomic
def online_resume(*, match: Match | int, user: Any, reason: str) -> OnlineGame:
    with match_change(match):
        online, state, now = _live(match, reason)
        _needs_clock(state)
        assert state.clock is not None
        if not state.clock.paused:
            raise UserError(_("The match is not paused."), code="not_paused")
        state.clock.resume(now=now)
        return _done(online, state, DirectorActionKind.RESUME, user=user, reason=reason)


@logged_service("online_add_time")
@transaction.atomic
def online_add_time(
    *, match: Match | int, side: int, seconds: int, user: Any, reason: str
) -> OnlineGame:
    """Add ``seconds`` to the reserve of the player on ``side``."""
    with match_change(match):
        online, state, now = _live(match, reason)
        _needs_clock(state)
        assert state.clock is not None
        if side not in (0, 1):
            raise UserError(_("Choose one of the two players."), code="side")
        if not 1 <= seconds <= MAX_ADDED_SECONDS:
            raise UserError(_("Add between 1 second and 24 hours."), code="seconds")
        if _clock_fell(online, state, now):
            return online
        state.clock.add(side, seconds * 1000)
        return _done(
            online,
            state,
            DirectorActionKind.ADD_TIME,
            user=user,
            reason=reason,
            side=side,
            seconds=seconds,
        )


@logged_service("online_take_back")
@transaction.atomic
def online_take_back(*, match: Match | int, user: Any, reason: str) -> OnlineGame:
    """Restore the game as it was before its last confirmed play: the same position and
    dice, the same player to play again (with a whole delay on his clock)."""
    with match_change(match):
        online, state, now = _live(match, reason)
        if state.before_play is None:
            raise UserError(
                _("There is no confirmed play of this game to take back."),
                code="nothing_to_take_back",
            )
        if _clock_fell(online, state, now):
            return online
        state.game = Game.from_dict(state.before_play)
        state.before_play = None
        state.pending = []
        side = state.game.side_to_act
        if state.clock is not None:
            state.clock.hand_to(side, now=now, fresh=True)
        return _done(
            online, state, DirectorActionKind.TAKE_BACK, user=user, reason=reason, side=side
        )


def _end(online: OnlineGame, state: OnlineState, now: int) -> None:
    state.match_over = True
    state.pending = []
    state.before_play = None
    if state.clock is not None:
        state.clock.stop(now=now)


@logged_service("online_declare_forfeit")
@transaction.atomic
def online_declare_forfeit(
    *, match: Match | int, winner: int, user: Any, reason: str
) -> OnlineGame:
    """The player on ``winner``'s side wins the match by forfeit."""
    with match_change(match):
        online, state, now = _live(match, reason)
        if winner not in (0, 1):
            raise UserError(_("Choose one of the two players."), code="side")
        entry = online.match.entry_a if winner == 0 else online.match.entry_b
        online.match = match_award_forfeit(
            match=online.match_id, winner=entry, user=user, reason=reason.strip()
        )
        _end(online, state, now)
        return _done(
            online, state, DirectorActionKind.FORFEIT, user=user, reason=reason, side=winner
        )


@logged_service("online_declare_score")
@transaction.atomic
def online_declare_score(
    *, match: Match | int, score_a: int, score_b: int, user: Any, reason: str
) -> OnlineGame:
    """The match ends at a final score the players agreed."""
    with match_change(match):
        online, state, now = _live(match, reason)
        online.match = match_declare_score(
            match=online.match_id,
            score_a=score_a,
            score_b=score_b,
            user=user,
            reason=reason.strip(),
        )
        _end(online, state, now)
        return _done(online, state, DirectorActionKind.SCORE, user=user, reason=reason)
