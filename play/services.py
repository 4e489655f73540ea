"""The authoritative online game: every action of a player, checked and saved.

Each action locks the match's ``OnlineGame`` row, checks the sequence number the player
answered, loads the engine's game from the saved state, applies the action through the engine
(:mod:`play.actions`), saves the state and returns it. A game that ends is recorded with
``match_record_game(source="online")`` in the same transaction, and the next game starts
unless the match is over.

A player's board keeps its copy of the game between actions (:mod:`play.live_copy`); whatever
the copy cannot decide (a refusal, a game's end, a fallen or paused clock, an overtaken copy)
is decided by :func:`online_game_act` on the locked row.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from backgammon import Game, GamePhase, MatchState
from backgammon.fairdice import commitment
from config.logs import logged_service
from matches import reasons
from matches.models import OPEN_STATUSES, Match, MatchStatus, ResultSource
from matches.rules import rules_for_match
from matches.services import game_results, match_record_game, match_record_time_forfeit
from matches.versions import match_change
from play.models import OnlineGame
from tournaments.models import ClockKind, Stage

from .actions import apply_action, refuse, roll_with_dice, run_clock, stale_refusal
from .clock import Clock, reserve_for
from .dice import match_seed
from .state import OnlineState
from .timesource import now_ms

__all__ = [
    "clock_for",
    "lock_online",
    "online_flag_check",
    "online_game_act",
    "online_game_open",
    "save_online",
    "time_forfeit",
]


def _names(match: Match) -> tuple[str, str]:
    return (match.entry_a.player.name, match.entry_b.player.name)


def _new_game(match: Match, seed: str | None) -> Game:
    """The next game of the match, its opening roll made (the starter rolls himself)."""
    progress = MatchState(rules_for_match(match), game_results(match))
    game = progress.new_game()
    if game.phase is GamePhase.OPENING:
        roll_with_dice(game, match.pk, side=None, seed=seed)
    return game


def lock_online(match_id: int) -> OnlineGame:
    # The rules and the names travel in the saved state; the tournament is read only when a
    # game ends. (Every join here costs more than the rest of an action.)
    return (
        OnlineGame.objects.select_for_update(of=("self",))
        .select_related("match")
        .get(match_id=match_id)
    )


def save_online(online: OnlineGame, state: OnlineState) -> None:
    online.state = state.dump()
    online.sequence += 1
    online.flag_at = state.clock.deadline() if state.clock is not None else None
    # The row is locked and its match never changes: checking that the match exists and is
    # unique would cost three queries on every action for nothing.
    online.full_clean(exclude=["match"], validate_unique=False, validate_constraints=False)
    online.save(update_fields=["state", "sequence", "flag_at", "updated_at"])


def clock_for(stage: Stage, length: int) -> Clock | None:
    """A new clock by the stage's setting, for a match of ``length`` points (or games)."""
    if stage.clock == ClockKind.NONE:
        return None
    reserve = reserve_for(
        minutes=stage.clock_minutes, per_point=stage.clock == ClockKind.PER_POINT, length=length
    )
    return Clock.new(
        reserve_ms=reserve, delay_ms=stage.clock_delay * 1000, bronstein=stage.clock_bronstein
    )


def time_forfeit(online: OnlineGame, state: OnlineState, loser: int) -> None:
    """``loser``'s reserve ran out: the match is over, recorded as a time forfeit."""
    assert state.clock is not None
    name = state.names[loser] or "?"
    reason = reasons.coded(reasons.TIME_FORFEIT, name=name)
    online.match = match_record_time_forfeit(match=online.match_id, loser=loser, reason=reason)
    state.clock.flag_fall(loser)
    state.match_over = True
    state.pending = []
    state.before_play = None
    state.time_forfeit = loser


@logged_service("online_game_open")
@transaction.atomic
def online_game_open(*, match: Match | int) -> OnlineGame | None:
    """The online game of an online match, started (game 1 rolled) the first time a player
    opens the board; ``None`` while the match cannot be played online."""
    match_id = match.pk if isinstance(match, Match) else match
    existing = OnlineGame.objects.filter(match_id=match_id).first()
    if existing is not None:
        return existing

    def playable(match_obj: Match) -> bool:
        return (
            match_obj.is_online
            and match_obj.status in OPEN_STATUSES
            and match_obj.entry_a_id is not None
            and match_obj.entry_b_id is not None
        )

    if not playable(Match.objects.get(pk=match_id)):
        return None
    # The match page shows the dice commitment from now on: its tournament's version rises
    # (the tournament's row locked before the match's), so that no cached copy of the page
    # goes on without it.
    with match_change(match_id):
        match_obj = (
            Match.objects.select_for_update(of=("self",))
            .select_related("round__stage__tournament", "entry_a__player", "entry_b__player")
            .get(pk=match_id)
        )
        if not playable(match_obj):
            return None
        existing = OnlineGame.objects.filter(match_id=match_id).first()
        if existing is not None:  # opened by the other player while we waited for the lock
            return existing
        dice_seed = match_seed(match_id)
        state = OnlineState(
            _new_game(match_obj, dice_seed),
            names=_names(match_obj),
            dice_seed=dice_seed,
            dice_commitment=commitment(dice_seed),
        )
        state.clock = clock_for(match_obj.round.stage, match_obj.length)
        if state.clock is not None:  # the clock starts when the first player opens the board
            state.clock.hand_to(state.game.side_to_act, now=now_ms(), fresh=True)
        online = OnlineGame(
            match=match_obj,
            state=state.dump(),
            sequence=0,
            flag_at=state.clock.deadline() if state.clock is not None else None,
        )
        online.full_clean()
        online.save()
        return online


class _RecordsResult(Exception):
    """The action ends a game or the match: it must be decided again with the tournament's
    row locked first (the house's lock order: tournament, match, online game)."""


@logged_service("online_game_act")
@transaction.atomic
def online_game_act(
    *,
    match: Match | int,
    side: int,
    user: Any,
    action: str,
    seq: int,
    payload: dict[str, Any] | None = None,
) -> OnlineGame:
    """Apply one action of the player on ``side`` (0 = entry_a, 1 = entry_b).

    ``seq`` is the sequence number of the state the player acted on; an action on an older
    state is refused. Raises ``UserError`` (nothing changes) for anything the rules refuse.
    An action that records a result (a game's end, a fallen clock) is decided again after
    the savepoint that found it is rolled back (releasing the online game's row), inside its
    tournament's change, so that the tournament's row is locked before the online game's.
    """
    match_id = match.pk if isinstance(match, Match) else match
    try:
        with transaction.atomic():
            return _act_on_row(match_id, side, user, action, seq, payload, may_record=False)
    except _RecordsResult:
        pass
    with match_change(match_id):
        return _act_on_row(match_id, side, user, action, seq, payload, may_record=True)


def _act_on_row(
    match_id: int,
    side: int,
    user: Any,
    action: str,
    seq: int,
    payload: dict[str, Any] | None,
    *,
    may_record: bool,
) -> OnlineGame:
    try:
        online = lock_online(match_id)
    except OnlineGame.DoesNotExist:
        raise refuse(_("The match cannot be played yet."), "not_started") from None
    state = OnlineState.load(online.state)
    if state.match_over or online.match.status not in OPEN_STATUSES:
        raise refuse(_("The match is over."), "match_over")
    now = now_ms()
    if state.clock is not None:
        loser = state.clock.fallen(now)
        if loser is not None:  # the action came too late (stale or not): lost on time
            if not may_record:
                raise _RecordsResult
            time_forfeit(online, state, loser)
            save_online(online, state)
            return online
    if seq != online.sequence:
        raise stale_refusal()
    if state.clock is not None and state.clock.paused:
        raise refuse(_("The tournament director has paused this match."), "paused")
    before = (state.game.side_to_act, state.game.number)
    apply_action(state, match_id, side, action, payload or {})
    if state.game.is_over:
        if not may_record:
            raise _RecordsResult
        _game_over(state, match_id, user)
    run_clock(state, now=now, before=before)
    state.notice = None
    save_online(online, state)
    return online


@logged_service("online_flag_check")
@transaction.atomic
def online_flag_check(*, match: Match | int) -> OnlineGame | None:
    """End the match on time if the running clock has fallen; the online game when it did,
    ``None`` when there was nothing to do (already checked, or time left). Read first
    without a lock: only a clock that has fallen takes the tournament's row (its version)
    and then the online game's."""
    match_id = match.pk if isinstance(match, Match) else match
    flag_at = OnlineGame.objects.filter(match_id=match_id).values_list("flag_at", flat=True).first()
    if flag_at is None or flag_at > now_ms():
        return None
    with match_change(match_id):
        online = lock_online(match_id)
        state = OnlineState.load(online.state)
        if state.clock is None or state.match_over or online.match.status not in OPEN_STATUSES:
            return None
        loser = state.clock.fallen(now_ms())
        if loser is None:
            return None
        time_forfeit(online, state, loser)
        save_online(online, state)
        return online


def _game_over(state: OnlineState, match_id: int, user: Any) -> None:
    game = state.game
    result = game.result
    assert result is not None
    recorded = match_record_game(
        match=match_id,
        winner=result.winner,
        kind=str(result.kind),
        cube=result.cube,
        ended_by=str(result.ended_by),
        user=user,
        source=ResultSource.ONLINE,
        record=[action.to_dict() for action in game.record],
    )
    state.pending = []
    state.before_play = None
    state.previous = {"number": game.number, **result.to_dict()}
    if recorded.match.status == MatchStatus.FINISHED:
        state.match_over = True
        return
    state.game = _new_game(recorded.match, state.dice_seed)
    state.names = _names(recorded.match)
