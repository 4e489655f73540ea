"""The authoritative online game: every action of a player, checked and saved.

Each action locks the match's ``OnlineGame`` row, checks the sequence number the player
answered, loads the engine's game from the saved state, applies the action through the engine
(``Game`` for rolls, the cube and resignations; :class:`~play.steps.Turn` and then
``Game.play`` for checker moves), saves the state and returns it. A game that ends is recorded
with ``match_record_game(source="online")`` in the same transaction, and the next game starts
unless the match is over.

A player's board keeps its copy of the game between actions (:class:`LiveGame`):
:func:`online_game_act_live` applies an action to the copy and saves it in one ``UPDATE``
(:func:`online_game_act_live_from_loop` on the event loop's own connection, on PostgreSQL)
that finds the row only at the copy's sequence number and the match still in play; whatever
the copy cannot decide (a refusal, a game's end, a fallen or paused clock, an overtaken copy)
is decided by :func:`online_game_act` on the locked row.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import orjson
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from backgammon import (
    Game,
    GamePhase,
    IllegalActionError,
    MatchState,
    MoveError,
    WinKind,
)
from backgammon.errors import CUBE_ABOVE_MAX, CUBE_IN_CRAWFORD_GAME
from config.db import execute_from_loop, prepared_cursor
from config.errors import UserError
from config.logs import logged_service
from matches import reasons
from matches.models import OPEN_STATUSES, Match, MatchStatus, OnlineGame, ResultSource
from matches.rules import rules_for_match
from matches.services import game_results, match_record_game, match_record_time_forfeit
from tournaments.models import ClockKind, Stage

from .clock import Clock, reserve_for
from .dice import dice_for
from .state import OnlineState
from .steps import as_step, as_steps
from .timesource import now_ms

__all__ = [
    "LiveGame",
    "live_game",
    "live_stale",
    "online_flag_check",
    "online_game_act",
    "online_game_act_live",
    "online_game_act_live_from_loop",
    "online_game_open",
    "stale_refusal",
    "state_json",
]


def _engine_message(error: IllegalActionError, game: Game) -> str:
    code = error.code
    if code == "not_your_turn":
        return _("It is not your turn.")
    if code == CUBE_IN_CRAWFORD_GAME:
        return _("This is the Crawford game: nobody may double in it.")
    if code == "cube_not_owned":
        return _("Only the player who owns the cube may double.")
    if code == CUBE_ABOVE_MAX:
        return _("The cube may not go above %(max)s in this tournament.") % {
            "max": game.rules.max_cube
        }
    if code == "holland":
        return _(
            "Holland rule: after the Crawford game the trailer may double only after both "
            "players have rolled twice."
        )
    if code == "cube_in_best_of":
        return _("Best-of-N matches are played without the doubling cube.")
    if code == "cube_disabled":
        return _("This tournament plays without the doubling cube.")
    return _("That is not possible at this moment of the game.")


def _refuse(message: str, code: str) -> UserError:
    return UserError(message, code=code)


def stale_refusal() -> UserError:
    """An action made on a state older than the game's."""
    return _refuse(
        _("The game moved on before your action arrived. Here is the current position."),
        "stale",
    )


def _roll_with_dice(game: Game, match_id: int, *, side: int | None) -> None:
    game.rng = dice_for(match_id=match_id, game_number=game.number, moment=len(game.record))
    if game.phase is GamePhase.OPENING:
        game.roll()
    else:
        game.roll(player=side)


def _names(match: Match) -> tuple[str, str]:
    return (match.entry_a.player.name, match.entry_b.player.name)


def _new_game(match: Match) -> Game:
    """The next game of the match, its opening roll made (the starter rolls himself)."""
    progress = MatchState(rules_for_match(match), game_results(match))
    game = progress.new_game()
    if game.phase is GamePhase.OPENING:
        _roll_with_dice(game, match.pk, side=None)
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


def run_clock(state: OnlineState, *, now: int, before: tuple[int | None, int]) -> None:
    """After an action: the clock runs for whoever must act now. ``before`` is (side to act,
    game number) before the action: a new side or a new game starts a new delay."""
    if state.clock is None:
        return
    game = state.game
    if state.match_over:
        state.clock.stop(now=now)
        return
    side = game.side_to_act
    fresh = (side, game.number) != before
    state.clock.hand_to(side, now=now, fresh=fresh)


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
    match_obj = (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__stage__tournament", "entry_a__player", "entry_b__player")
        .get(pk=match_id)
    )
    if (
        not match_obj.is_online
        or match_obj.status not in OPEN_STATUSES
        or match_obj.entry_a_id is None
        or match_obj.entry_b_id is None
    ):
        return None
    existing = OnlineGame.objects.filter(match_id=match_id).first()
    if existing is not None:  # opened by the other player while we waited for the lock
        return existing
    state = OnlineState(_new_game(match_obj), names=_names(match_obj))
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
    """
    match_id = match.pk if isinstance(match, Match) else match
    try:
        online = lock_online(match_id)
    except OnlineGame.DoesNotExist:
        raise _refuse(_("The match cannot be played yet."), "not_started") from None
    state = OnlineState.load(online.state)
    if state.match_over or online.match.status not in OPEN_STATUSES:
        raise _refuse(_("The match is over."), "match_over")
    now = now_ms()
    if state.clock is not None:
        loser = state.clock.fallen(now)
        if loser is not None:  # the action came too late (stale or not): lost on time
            time_forfeit(online, state, loser)
            save_online(online, state)
            return online
    if seq != online.sequence:
        raise stale_refusal()
    if state.clock is not None and state.clock.paused:
        raise _refuse(_("The tournament director has paused this match."), "paused")
    before = (state.game.side_to_act, state.game.number)
    _apply(state, match_id, side, action, payload or {})
    if state.game.is_over:
        _game_over(state, match_id, user)
    run_clock(state, now=now, before=before)
    state.notice = None
    save_online(online, state)
    return online


@dataclass
class LiveGame:
    """A board's copy of its match's online game as saved at ``sequence`` (``text`` is what
    was saved: the JSON of ``state.dump()``), kept in memory between actions so that an action
    need not read the row. It is never trusted over the row: saving an action on it is one
    ``UPDATE ... WHERE sequence = <the copy's>``, which saves nothing when another process,
    the director or the clock check has moved the game on (the action is then done again on
    the row, locked: :func:`online_game_act`)."""

    match_id: int
    sequence: int
    state: OnlineState
    #: What was saved, as the JSON text of ``state.dump()``: sent on to the other board.
    text: str
    flag_at: int | None


def state_json(saved: dict[str, Any]) -> str:
    """The JSON text of a saved state (``OnlineState.dump()``), as the row stores it."""
    return orjson.dumps(saved).decode()


def live_game(match_id: int, sequence: int, saved: dict[str, Any] | str) -> LiveGame | None:
    """The copy of a game saved at ``sequence`` (the saved state, or its JSON text);
    ``None`` once its match is over."""
    if isinstance(saved, str):
        text, saved = saved, orjson.loads(saved)
    else:
        text = state_json(saved)
    state = OnlineState.load(saved)
    if state.match_over:
        return None
    flag_at = state.clock.deadline() if state.clock is not None else None
    return LiveGame(match_id, sequence, state, text, flag_at)


def live_stale(live: LiveGame, seq: int) -> bool:
    """The action was made on a state older than the board's copy (it crossed the other
    player's, or was sent twice): refused as stale without asking the row, which is at
    least as far on. Not when the clock has fallen: the row must then end the match."""
    if seq >= live.sequence:
        return False
    clock = live.state.clock
    return clock is None or clock.fallen(now_ms()) is None


def online_game_act_live(
    *, live: LiveGame, side: int, action: str, seq: int, payload: dict[str, Any] | None = None
) -> LiveGame | None:
    """Apply one action of the player on ``side`` to the board's copy and save what it
    changed in one query (no transaction, no read): the new copy, or ``None`` when the copy
    cannot decide the action (the caller then calls :func:`online_game_act`, which reads the
    row): an action on another sequence, anything refused (the row tells why), a game that
    ends (it is recorded with the match's row locked), a fallen or paused clock, or a row
    that has moved on or a match ended off the board. ``live`` is spent either way."""
    fresh = _act_on_copy(live, side, action, seq, payload)
    if fresh is None or not _save_live(live, fresh):
        return None
    return fresh


async def online_game_act_live_from_loop(
    *, live: LiveGame, side: int, action: str, seq: int, payload: dict[str, Any] | None = None
) -> LiveGame | None:
    """:func:`online_game_act_live` run on the event loop, its UPDATE on the loop's own
    connection (``config.db.execute_from_loop``; PostgreSQL only)."""
    fresh = _act_on_copy(live, side, action, seq, payload)
    if fresh is None:
        return None
    # psycopg sends the aware datetime as it is (what Django's preparation does on PostgreSQL).
    params = _save_live_params(live, fresh, timezone.now())
    saved = await execute_from_loop(_save_live_sql("postgresql"), params)
    return fresh if saved == 1 else None


def _act_on_copy(
    live: LiveGame, side: int, action: str, seq: int, payload: dict[str, Any] | None
) -> LiveGame | None:
    """The copy after the action, not saved yet; ``None`` when the copy cannot decide it."""
    state = live.state
    if seq != live.sequence or state.match_over:
        return None
    now = now_ms()
    if state.clock is not None and (state.clock.paused or state.clock.fallen(now) is not None):
        return None
    before = (state.game.side_to_act, state.game.number)
    try:
        _apply(state, live.match_id, side, action, payload or {})
    except UserError:
        return None
    if state.game.is_over:
        return None
    run_clock(state, now=now, before=before)
    state.notice = None
    text = state_json(state.dump())
    flag_at = state.clock.deadline() if state.clock is not None else None
    return LiveGame(live.match_id, live.sequence + 1, state, text, flag_at)


@functools.cache
def _save_live_sql(vendor: str) -> str:
    """The UPDATE of :func:`_save_live` for the database ``vendor`` (built once)."""
    game, match = OnlineGame._meta, Match._meta
    column = {name: game.get_field(name).column for name in ("state", "sequence", "flag_at")}
    q = connection.ops.quote_name
    statuses = ", ".join(["%s"] * len(OPEN_STATUSES))
    # The state comes as its JSON text (the column's own form on SQLite).
    state = "CAST(%s AS jsonb)" if vendor == "postgresql" else "%s"
    return (
        f"UPDATE {q(game.db_table)} SET {q(column['state'])} = {state}, "
        f"{q(column['sequence'])} = %s, {q(column['flag_at'])} = %s, "
        f"{q(game.get_field('updated_at').column)} = %s "
        f"WHERE {q(game.get_field('match').column)} = %s AND {q(column['sequence'])} = %s "
        f"AND EXISTS (SELECT 1 FROM {q(match.db_table)} WHERE {q(match.pk.column)} = %s "
        f"AND {q(match.get_field('status').column)} IN ({statuses}))"
    )


def _save_live_params(live: LiveGame, fresh: LiveGame, updated_at: Any) -> list[Any]:
    return [
        fresh.text,
        fresh.sequence,
        fresh.flag_at,
        updated_at,
        live.match_id,
        live.sequence,
        live.match_id,
        *[str(status) for status in OPEN_STATUSES],
    ]


def _save_live(live: LiveGame, fresh: LiveGame) -> bool:
    """One UPDATE of the row to the ``fresh`` copy, only if it is still at the copy's
    sequence and its match in play (a referee may end it off the board). Written out in SQL:
    building the same query with the ORM cost more than the rest of an action."""
    # Prepared once per connection and its values sent apart from it: the state (a few
    # kilobytes of JSON) is not quoted into the statement, nor the statement planned again,
    # on every action.
    with prepared_cursor() as cursor:
        field = OnlineGame._meta.get_field("updated_at")
        now = field.get_db_prep_value(timezone.now(), connection)
        cursor.execute(_save_live_sql(connection.vendor), _save_live_params(live, fresh, now))
        return cursor.rowcount == 1


@logged_service("online_flag_check")
@transaction.atomic
def online_flag_check(*, match: Match | int) -> OnlineGame | None:
    """End the match on time if the running clock has fallen; the online game when it did,
    ``None`` when there was nothing to do (already checked, or time left)."""
    match_id = match.pk if isinstance(match, Match) else match
    try:
        online = lock_online(match_id)
    except OnlineGame.DoesNotExist:
        return None
    state = OnlineState.load(online.state)
    if state.clock is None or state.match_over or online.match.status not in OPEN_STATUSES:
        return None
    loser = state.clock.fallen(now_ms())
    if loser is None:
        return None
    time_forfeit(online, state, loser)
    save_online(online, state)
    return online


def _apply(state: OnlineState, match_id: int, side: int, action: str, payload: dict) -> None:
    game = state.game
    if action in ("move", "undo", "undo_all", "confirm", "play"):
        _checker_action(state, side, action, payload)
        return
    try:
        if action == "roll":
            if game.phase is GamePhase.OPENING or game.side_to_act != side:
                raise IllegalActionError("not your roll", code="not_your_turn")
            _roll_with_dice(game, match_id, side=side)
            state.pending = []
        elif action == "double":
            game.double(player=side)
        elif action == "take":
            game.take(player=side)
        elif action == "drop":
            game.drop(player=side)
        elif action == "resign":
            kind = payload.get("kind", "single")
            if kind not in [str(k) for k in WinKind] or (
                game.rules.is_best_of and kind != WinKind.SINGLE
            ):
                raise _refuse(_("Choose single game, gammon or backgammon."), "kind")
            game.resign(kind, player=side)
        elif action == "accept":
            game.accept_resignation(player=side)
        elif action == "decline":
            game.decline_resignation(player=side)
        else:
            raise _refuse(_("The board sent a message the server does not understand."), "unknown")
    except IllegalActionError as error:
        raise _refuse(_engine_message(error, game), error.code) from error


def _checker_action(state: OnlineState, side: int, action: str, payload: dict) -> None:
    game = state.game
    turn = state.turn()
    if turn is None:
        raise _refuse(_("Roll the dice first."), "wrong_phase")
    if game.turn != side:
        raise _refuse(_("It is not your turn."), "not_your_turn")
    try:
        if action == "move" and "steps" in payload:  # one checker dragged several steps
            steps = [*state.pending, *as_steps(payload.get("steps"))]
        elif action == "move":
            steps = [*state.pending, as_step(payload.get("from"), payload.get("to"))]
        elif action == "play":
            steps = as_steps(payload.get("steps"))
        else:
            steps = list(state.pending)
    except ValueError as error:
        raise _refuse(_("That move is not readable."), "malformed") from error
    if action in ("undo", "undo_all"):
        if not state.pending:
            raise _refuse(_("There is no move to take back."), "nothing_to_undo")
        state.pending = state.pending[:-1] if action == "undo" else []
        return
    if not turn.allows(steps):
        raise _refuse(_("That checker cannot move there with these dice."), "illegal_move")
    if action == "move":
        state.pending = steps
        return
    play = turn.complete_play(steps)
    if play is None:
        raise _refuse(
            _("Play as many dice as the rules allow before you confirm."), "incomplete_play"
        )
    before_play = game.to_dict()
    try:
        game.play(play, player=side)
    except MoveError as error:  # cannot happen for a play of the turn; refuse all the same
        raise _refuse(_("That checker cannot move there with these dice."), "illegal") from error
    state.pending = []
    state.before_play = before_play


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
    state.game = _new_game(recorded.match)
    state.names = _names(recorded.match)
