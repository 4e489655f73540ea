"""Replaying a parsed .mat record through the engine, so an imported match is a verified one.

Every roll, play and cube action goes through :class:`Game`. The value of a game that ended
on the board (bear-off, drop) comes from the board and the cube, as in GNU Backgammon; a
"Wins N" line that says otherwise (Backgammon Galaxy writes the points still needed, or the
match length, on the last game) becomes a :class:`MatWarning`. A resignation is read the
way gnubg reads it: "Wins N" up to the cube is a single game, up to twice the cube a gammon,
more a backgammon.

Errors: the engine's :class:`InvalidMoveError` / :class:`IllegalMoveError` with ``game`` and
``move`` (the file's move number) filled in, or :class:`MatFileError` naming the line. Nothing
is returned from a file that fails, so a malformed file never half-imports. A file that ends
in the middle of a game is read as an unfinished match (with a warning); money sessions
(length 0) never end.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import IllegalMoveError, MatFileError, MatWarning, MoveError, ResultError
from ..game import Game, GamePhase
from ..gamerecord import ActionKind, GameAction, GameRecord, MatchRecord
from ..match import MatchState
from ..matchrules import MatchRules
from ..scoring import EndedBy, WinKind
from .parse import is_forfeit

__all__ = ["Replay", "replay", "replay_games", "replay_record", "rules_for"]

#: Called around every action: (game, action, when), ``when`` being "before", "after" and,
#: for a roll the side can play, "rolled" (the dice are out, the play not yet made).
Observer = Callable[[Game, GameAction, str], None]


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
    if crawford is not None and record.length:
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
        raise MatFileError(f"unusable match settings: {error}", code="contradiction") from None


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: the match state (finished games), every game (the last one may be
    unfinished) and what was read differently from the text (parse and replay warnings)."""

    record: MatchRecord
    state: MatchState
    games: tuple[Game, ...]
    warnings: tuple[MatWarning, ...]
    #: The side that won the match by the other's forfeit (its last game), or None.
    forfeit_winner: int | None = None

    @property
    def unfinished_game(self) -> bool:
        """The file stops in the middle of its last game."""
        return bool(self.games) and not self.games[-1].is_over

    @property
    def is_over(self) -> bool:
        """The match is over: won on the score, or by a forfeit."""
        return self.state.is_over or self.forfeit_winner is not None

    @property
    def winner(self) -> int | None:
        return self.state.winner if self.forfeit_winner is None else self.forfeit_winner


def replay(record: MatchRecord, rules: MatchRules | None = None) -> MatchState:
    """Replay every game; return the checked :class:`MatchState` (finished games only)."""
    return replay_record(record, rules).state


def replay_games(
    record: MatchRecord, rules: MatchRules | None = None
) -> tuple[MatchState, list[Game]]:
    """Like :func:`replay`, also returning every replayed :class:`Game` (the last one may
    be unfinished when the file stops mid-game)."""
    done = replay_record(record, rules)
    return done.state, list(done.games)


def replay_record(
    record: MatchRecord, rules: MatchRules | None = None, observer: Observer | None = None
) -> Replay:
    """Replay ``record`` and say what was read differently (:class:`Replay`).

    ``observer`` is called before and after every action (the move log uses it).
    """
    rules = rules if rules is not None else rules_for(record)
    if rules.length != record.length:
        raise MatFileError(
            f"the file is a {record.length}-point match, the rules say {rules.length}",
            code="contradiction",
        )
    warnings = list(record.warnings)
    state = _start(record, rules, warnings)
    games: list[Game] = []
    forfeit_winner: int | None = None
    for index, game_record in enumerate(record.games):
        last_in_file = index == len(record.games) - 1
        if state.is_over or forfeit_winner is not None:
            # Like gnubg, which stops reading when the match is won (a FIBS log may go on).
            ignored = len(record.games) - index
            warnings.append(
                MatWarning(
                    "after_match",
                    f"the match is over after game {index}: "
                    f"{ignored} game{'s' if ignored > 1 else ''} after it ignored",
                    game_record.line,
                    game=game_record.number,
                )
            )
            break
        _check_score(game_record, state)
        game = state.new_game()
        games.append(game)
        _GameReplay(game, game_record, warnings, observer, last_in_file).run()
        if game.result is None:
            if not last_in_file:
                line = game_record.actions[-1].line if game_record.actions else game_record.line
                raise MatFileError(
                    f"game {game_record.number} stops without a result and game "
                    f"{game_record.number + 1} follows: lines are missing",
                    line,
                    game=game_record.number,
                    code="truncated",
                )
            warnings.append(
                MatWarning(
                    "unfinished",
                    f"the file ends in the middle of game {game_record.number}",
                    game_record.actions[-1].line if game_record.actions else game_record.line,
                    game=game_record.number,
                )
            )
            break
        try:
            state.record(game.result)
        except ResultError as error:  # pragma: no cover - the game enforces the same rules
            raise MatFileError(str(error), game_record.line, game=game_record.number) from None
        last = game_record.actions[-1] if game_record.actions else None
        result = game.result
        if (
            last is not None
            and last.kind is ActionKind.WIN
            and result.ended_by is EndedBy.RESIGN
            and not state.is_over
            and (
                is_forfeit(last.value, result.cube, record.length)
                or (last.match_won and last.value > 3 * result.cube)
            )
        ):
            # More than any resignation is worth: the game and the match given up. gnubg
            # reads a resignation of a backgammon; the match ends here.
            forfeit_winner = result.winner
            warnings[:] = [  # the forfeit's own warning says what the "Wins" line was read as
                w for w in warnings if not (w.code == "points_differ" and w.game == game.number)
            ]
            warnings.append(
                MatWarning(
                    "forfeit",
                    f"game {game.number} ends by forfeit ('Wins {last.value} points'): read "
                    f"as a resignation worth {result.points}, which ends the match",
                    last.line,
                    game=game.number,
                )
            )
            continue
        if last is not None and last.match_won and not state.is_over:
            raise MatFileError(
                "'and the match' but the match goes on",
                last.line,
                game=game.number,
                code="contradiction",
            )
    return Replay(record, state, tuple(games), tuple(warnings), forfeit_winner)


def _start(record: MatchRecord, rules: MatchRules, warnings: list[MatWarning]) -> MatchState:
    """The match from the score of the file's first game: 0-0, or the score a saved match
    was resumed from (FIBS and Snowie logs), as gnubg starts it, with a warning."""
    first = record.games[0] if record.games else None
    score = first.score if first is not None else (0, 0)
    if first is None or score == (0, 0) or first.number != 1 or not rules.is_point_match:
        return MatchState(rules)
    if max(score) >= rules.wins_needed:
        return MatchState(rules)  # over before it starts: refused by _check_score
    warnings.append(
        MatWarning(
            "resumed",
            f"the match is resumed at {score[0]}-{score[1]}: its earlier games are not in the file",
            first.score_line or first.line,
            game=1,
        )
    )
    return MatchState(rules, start=score)


def _check_score(game_record: GameRecord, state: MatchState) -> None:
    if game_record.score == state.score:
        return
    where = game_record.score_line or game_record.line
    if game_record.number == 1:
        raise MatFileError(
            f"the file starts at {game_record.score[0]}-{game_record.score[1]}: "
            "a fragment, not a whole match",
            where,
            game=1,
            code="fragment",
        )
    raise MatFileError(
        f"the score line says {game_record.score[0]}-{game_record.score[1]}, "
        f"the games before it make {state.score[0]}-{state.score[1]}",
        where,
        game=game_record.number,
        code="contradiction",
    )


class _GameReplay:
    def __init__(
        self,
        game: Game,
        record: GameRecord,
        warnings: list[MatWarning],
        observer: Observer | None,
        last_in_file: bool,
    ) -> None:
        self.game = game
        self.record = record
        self.warnings = warnings
        self.observer = observer
        self.last_in_file = last_in_file

    def run(self) -> None:
        actions = self.record.actions
        for index, action in enumerate(actions):
            following = actions[index + 1] if index + 1 < len(actions) else None
            try:
                self._apply(action, following)
            except MoveError as error:
                error.game, error.move = self.record.number, action.turn or None
                raise

    def _observe(self, action: GameAction, when: str) -> None:
        if self.observer is not None:
            self.observer(self.game, action, when)

    def _apply(self, action: GameAction, following: GameAction | None) -> None:
        game, kind = self.game, action.kind
        if kind in (ActionKind.MOVE, ActionKind.ROLL):
            self._roll_and_play(action, following)
            return
        self._observe(action, "before")
        if kind is ActionKind.DOUBLE:
            if action.value and action.value != 2 * game.cube:
                raise MatFileError(
                    f"'Doubles => {action.value}' with the cube at {game.cube}",
                    action.line,
                    game=game.number,
                    move=action.turn,
                    code="contradiction",
                )
            game.double(player=action.player)
        elif kind is ActionKind.TAKE:
            game.take(player=action.player)
        elif kind is ActionKind.DROP:
            game.drop(player=action.player)
        else:
            self._win(action)
        self._observe(action, "after")

    def _roll_and_play(self, action: GameAction, following: GameAction | None) -> None:
        game = self.game
        assert action.dice is not None
        if game.phase is GamePhase.OPENING:
            high, low = max(action.dice), min(action.dice)
            if high == low:
                raise IllegalMoveError(f"the opening roll cannot be {high}-{low}: ties roll again")
            starter_die = low if game.rules.lower_die_starts else high
            dice = [0, 0]
            dice[action.player] = starter_die
            dice[1 - action.player] = high + low - starter_die
            self._observe(action, "before")
            game.roll_opening((dice[0], dice[1]))
            if game.turn != action.player:  # pragma: no cover - guaranteed by the dice above
                raise IllegalMoveError("the opening roll went to the other side")
        else:
            self._observe(action, "before")
            game.roll(action.dice, player=action.player)
        if game.phase is GamePhase.MOVE and game.turn == action.player:
            self._observe(action, "rolled")
        else:
            # Nothing could be played: the engine has passed the turn already.
            if action.play:
                raise IllegalMoveError(
                    f"{action.play!r} written, but nothing can be played with "
                    f"{action.dice[0]}-{action.dice[1]}",
                    notation=action.play,
                )
            self._observe(action, "after")
            return
        resigns_next = following is not None and following.kind is ActionKind.WIN
        if action.kind is ActionKind.ROLL or (not action.play and resigns_next):
            self._observe(action, "after")
            return  # rolled, then resigned instead of playing
        if action.play:
            game.play(action.play)
            self._observe(action, "after")
            return
        plays = game.legal_plays()
        if len(plays) == 1:
            game.play(plays[0])  # gnubg's reading: a forced play may be left unwritten
            self._observe(action, "after")
            return
        if following is None and self.last_in_file:
            self._observe(action, "after")
            return  # the file ends on the roll: an unfinished game (noted by the caller)
        raise IllegalMoveError(
            f"{action.dice[0]}-{action.dice[1]} rolled but no play written, "
            f"and {len(plays)} plays are legal"
        )

    def _win(self, action: GameAction) -> None:
        game = self.game
        value = action.value
        if game.phase is GamePhase.DOUBLED and game.turn == action.player:
            game.drop(player=1 - action.player)  # a double answered by "Wins" alone
        elif not game.is_over:
            multiple = 1 if value <= game.cube else 2 if value <= 2 * game.cube else 3
            game.resign(WinKind.of_multiple(multiple), player=1 - action.player)
            game.accept_resignation(player=action.player)
        result = game.result
        assert result is not None
        if result.winner != action.player:
            # Like gnubg, which ignores a "Wins" once the board has ended the game.
            side = ("left", "right")
            how = "bore off" if result.ended_by is EndedBy.BEAROFF else "won on the drop"
            self.warnings.append(
                MatWarning(
                    "wrong_column",
                    f"'Wins {value}' stands in the {side[action.player]} column, but the "
                    f"{side[result.winner]} player {how} in game {game.number}: "
                    f"the game counts for the {side[result.winner]} player",
                    action.line,
                    game=game.number,
                )
            )
        elif result.points != value:
            self.warnings.append(
                MatWarning(
                    "points_differ",
                    f"the file says 'Wins {value}', but game {game.number} is worth "
                    f"{result.points} (a {result.kind} game at cube {result.cube}); "
                    f"{result.points} counted",
                    action.line,
                    game=game.number,
                )
            )
