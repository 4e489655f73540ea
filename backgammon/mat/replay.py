"""Replaying a parsed .mat record through the engine, so an imported match is a verified one.

Every roll, play and cube action goes through :class:`Game`; the file's score lines and
"Wins" lines must agree with what the engine computes. Errors: the engine's
:class:`InvalidMoveError` / :class:`IllegalMoveError` with ``game`` and ``move`` (the file's
move number) filled in, or :class:`MatFileError` naming the line. Nothing is returned from a
file that fails, so a malformed file never half-imports.
"""

from __future__ import annotations

import re

from ..errors import IllegalMoveError, MoveError
from ..game import Game, GamePhase
from ..gamerecord import ActionKind, GameAction, GameRecord, MatchRecord
from ..match import MatchState
from ..matchrules import MatchRules
from ..scoring import ResultError, WinKind
from .parse import MatFileError

__all__ = ["replay", "replay_games", "rules_for"]


def _on(value: str | None) -> bool | None:
    if value is None:
        return None
    lowered = value.strip().lower()
    if lowered in ("on", "yes", "true", "1"):
        return True
    if lowered in ("off", "no", "false", "0"):
        return False
    return None


def rules_for(record: MatchRecord) -> MatchRules:
    """The rules a record was played under, from its length and XG's header tags
    (``Crawford``, ``Jacoby``, ``CubeLimit``); standard rules otherwise."""
    options: dict[str, object] = {"length": record.length}
    crawford = _on(record.tag("Crawford"))
    if crawford is not None:
        options["crawford"] = crawford
    if record.length == 0 and _on(record.tag("Jacoby")):
        options["jacoby"] = True
    limit = (record.tag("CubeLimit") or "").strip()
    if re.fullmatch(r"[0-9]{1,6}", limit):
        value = int(limit)
        if value >= 2 and value & (value - 1) == 0:
            options["max_cube"] = value
    try:
        return MatchRules(**options)  # type: ignore[arg-type]
    except ValueError as error:
        raise MatFileError(f"unusable match settings: {error}") from None


def replay(record: MatchRecord, rules: MatchRules | None = None) -> MatchState:
    """Replay every game; return the checked :class:`MatchState` (finished games only)."""
    return replay_games(record, rules)[0]


def replay_games(
    record: MatchRecord, rules: MatchRules | None = None
) -> tuple[MatchState, list[Game]]:
    """Like :func:`replay`, also returning every replayed :class:`Game` (the last one may
    be unfinished when the file stops mid-game)."""
    rules = rules if rules is not None else rules_for(record)
    if rules.length != record.length:
        raise MatFileError(
            f"the file is a {record.length}-point match, the rules say {rules.length}"
        )
    state = MatchState(rules)
    games: list[Game] = []
    for index, game_record in enumerate(record.games):
        if state.is_over:
            if not game_record.actions and game_record.score == state.score:
                break  # like gnubg: a game header after the end of the match is ignored
            raise MatFileError(
                "a game after the end of the match", game_record.line, game=game_record.number
            )
        if game_record.score != state.score:
            raise MatFileError(
                f"the score line says {game_record.score[0]}-{game_record.score[1]}, "
                f"the games before it make {state.score[0]}-{state.score[1]}",
                game_record.score_line or game_record.line,
                game=game_record.number,
            )
        game = state.new_game()
        games.append(game)
        _replay_game(game, game_record)
        if game.result is None:
            if index != len(record.games) - 1:
                line = game_record.actions[-1].line if game_record.actions else game_record.line
                raise MatFileError("the game has no result", line, game=game_record.number)
            break
        try:
            state.record(game.result)
        except ResultError as error:  # pragma: no cover - the game enforces the same rules
            raise MatFileError(str(error), game_record.line, game=game_record.number) from None
        last = game_record.actions[-1]
        if last.match_won and not state.is_over:
            raise MatFileError("'and the match' but the match goes on", last.line, game=game.number)
    return state, games


def _replay_game(game: Game, record: GameRecord) -> None:
    actions = record.actions
    for index, action in enumerate(actions):
        following = actions[index + 1] if index + 1 < len(actions) else None
        try:
            _apply(game, action, following)
        except MoveError as error:
            error.game, error.move = record.number, action.turn or None
            raise


def _apply(game: Game, action: GameAction, following: GameAction | None) -> None:
    kind = action.kind
    if kind in (ActionKind.MOVE, ActionKind.ROLL):
        _roll_and_play(game, action, following)
    elif kind is ActionKind.DOUBLE:
        if action.value and action.value != 2 * game.cube:
            raise MatFileError(
                f"'Doubles => {action.value}' with the cube at {game.cube}",
                action.line,
                game=game.number,
                move=action.turn,
            )
        game.double(player=action.player)
    elif kind is ActionKind.TAKE:
        game.take(player=action.player)
    elif kind is ActionKind.DROP:
        game.drop(player=action.player)
    else:
        _win(game, action)


def _roll_and_play(game: Game, action: GameAction, following: GameAction | None) -> None:
    assert action.dice is not None
    if game.phase is GamePhase.OPENING:
        high, low = max(action.dice), min(action.dice)
        if high == low:
            raise IllegalMoveError(f"the opening roll cannot be {high}-{low}: ties roll again")
        starter_die = low if game.rules.lower_die_starts else high
        dice = [0, 0]
        dice[action.player] = starter_die
        dice[1 - action.player] = high + low - starter_die
        game.roll_opening((dice[0], dice[1]))
        if game.turn != action.player:  # pragma: no cover - guaranteed by the dice above
            raise IllegalMoveError("the opening roll went to the other side")
    else:
        game.roll(action.dice, player=action.player)
    if game.phase is not GamePhase.MOVE or game.turn != action.player:
        # Nothing could be played: the engine has passed the turn already.
        if action.play:
            raise IllegalMoveError(
                f"{action.play!r} written, but nothing can be played with "
                f"{action.dice[0]}-{action.dice[1]}",
                notation=action.play,
            )
        return
    resigns_next = following is not None and following.kind is ActionKind.WIN
    if action.kind is ActionKind.ROLL or (not action.play and resigns_next):
        return  # rolled, then resigned instead of playing
    if action.play:
        game.play(action.play)
        return
    plays = game.legal_plays()
    if len(plays) == 1:
        game.play(plays[0])  # gnubg's reading: a forced play may be left unwritten
        return
    raise IllegalMoveError(
        f"no play written for {action.dice[0]}-{action.dice[1]}, but {len(plays)} plays are legal"
    )


def _win(game: Game, action: GameAction) -> None:
    if not game.is_over:
        multiple, remainder = divmod(action.value, game.cube)
        if remainder or multiple not in (1, 2, 3):
            raise MatFileError(
                f"'Wins {action.value}' does not fit the cube at {game.cube}",
                action.line,
                game=game.number,
                move=action.turn,
            )
        game.resign(WinKind.of_multiple(multiple), player=1 - action.player)
        game.accept_resignation(player=action.player)
    result = game.result
    assert result is not None
    if result.winner != action.player or result.points != action.value:
        raise MatFileError(
            f"the file says player {action.player} wins {action.value}, the game gives "
            f"player {result.winner} {result.points}",
            action.line,
            game=game.number,
            move=action.turn,
        )
