"""Reading Jellyfish .mat match files (as GNU Backgammon and eXtreme Gammon export them).

Layout, after gnubg's ``import.c``: ``; [Tag "value"]`` header lines, `` N point match``,
then per game `` Game K``, the score line (``Alice : 0   Bob : 0``, scores before the game,
left player = player 0) and numbered lines with a left and a right cell:
``  3) 31: 8/5 6/5         64: 24/18 13/9``. A cell holds a roll with its play (dice only,
``Cannot Move`` or ``???`` when nothing was played), ``Doubles => 2``, ``Takes``, ``Drops``
or ``Wins N point(s) [and the match]``; a ``Wins`` may also stand on a line of its own.

Parsing checks the form only; :func:`backgammon.matfile.replay` checks the rules.
"""

from __future__ import annotations

import re

from ..errors import MatFileError, MatWarning
from ..gamerecord import ActionKind, GameAction, GameRecord, MatchRecord
from ..scoring import EndedBy, GameResult, WinKind
from .cells import Cell, Scanner, columns

__all__ = ["MatFileError", "MatWarning", "is_forfeit", "parse"]

MAX_LENGTH = 32767

_A = re.ASCII | re.IGNORECASE
_MATCH_LINE = re.compile(r"\s*([0-9]{1,9})\s+points?\s+match\b", _A)
_TAG = re.compile(r'\[\s*([^"\]]*?)\s+"(.*)"\s*\]\s*$')
_GAME_LINE = re.compile(r"\s*game\s+([0-9]{1,9})\s*$", _A)
_SCORE_LINE = re.compile(r"\s*([^:]*?)\s*:\s*([0-9]{1,9})\s+(.*?)\s*:\s*([0-9]{1,9})\s*$")
_MOVE_LINE = re.compile(r"\s*([0-9]{1,9})\)(.*)$")


def _borne_off(play: str) -> int:
    count = 0
    for token in play.split():
        repeat = 1
        if token.endswith(")"):
            token, _, times = token[:-1].rpartition("(")
            repeat = int(times)
        if token.rstrip("*").rsplit("/", 1)[-1].lower() in ("off", "0"):
            count += repeat
    return count


class _GameBuilder:
    def __init__(
        self,
        number: int,
        score: tuple[int, int],
        names: tuple[str, str],
        lines: tuple[int, int],
        length: int,
    ) -> None:
        self.length = length
        self.number = number
        self.score = score
        self.names = names
        self.line, self.score_line = lines
        self.cells: list[tuple[int, Cell, int, int]] = []  # player, cell, line, turn

    def build(self) -> GameRecord:
        actions: list[GameAction] = []
        for index, (player, cell, line, turn) in enumerate(self.cells):
            kind = cell.kind
            if kind is ActionKind.MOVE and not cell.play and not cell.cannot_move:
                following = self.cells[index + 1] if index + 1 < len(self.cells) else None
                # A roll left unplayed and then a "Wins" for the opponent: the roller resigned
                # after rolling (gnubg writes the bare dice, XG writes "???").
                if cell.roll_only or (
                    following is not None
                    and following[1].kind is ActionKind.WIN
                    and following[0] != player
                ):
                    kind = ActionKind.ROLL
            actions.append(
                GameAction(
                    player=player,
                    kind=kind,
                    dice=cell.dice,
                    play=cell.play,
                    value=cell.value,
                    match_won=cell.match_won,
                    line=line,
                    turn=turn,
                )
            )
        return GameRecord(
            number=self.number,
            score=self.score,
            actions=tuple(actions),
            result=self._result(actions),
            players=self.names,
            line=self.line,
            score_line=self.score_line,
        )

    def _result(self, actions: list[GameAction]) -> GameResult | None:
        cube, offered, dropped = 1, 0, False
        for index, action in enumerate(actions):
            if action.kind is ActionKind.DOUBLE:
                if offered or action.value != 2 * cube:
                    raise MatFileError(
                        f"'Doubles => {action.value}' with the cube at {cube}",
                        action.line,
                        game=self.number,
                        code="contradiction",
                    )
                offered = action.value
            elif action.kind in (ActionKind.TAKE, ActionKind.DROP):
                if not offered:
                    raise MatFileError(
                        f"'{action.kind}' without a double",
                        action.line,
                        game=self.number,
                        code="contradiction",
                    )
                if action.kind is ActionKind.TAKE:
                    cube, offered = offered, 0
                else:
                    dropped = True
            elif action.kind is ActionKind.WIN:
                if index != len(actions) - 1:
                    raise MatFileError("entries after the game was won", actions[index + 1].line)
                return self._win(actions, action, cube, dropped)
            elif dropped:
                raise MatFileError("play continues after a dropped double", action.line)
        if dropped:  # gnubg needs no "Wins" after a drop: the game is over
            doubler = 1 - actions[-1].player
            return GameResult(doubler, WinKind.SINGLE, cube, cube, EndedBy.DROP)
        return None

    def _win(
        self, actions: list[GameAction], win: GameAction, cube: int, dropped: bool
    ) -> GameResult:
        # As gnubg reads "Wins N": up to the cube a single game, up to twice the cube a
        # gammon, more a backgammon. Replay takes the value of a game that ended on the board
        # (bear-off or drop) from the board and the cube and notes a different N.
        # A forfeit (more than any resignation is worth: FIBS and Snowie write "Wins 100
        # points", Backgammon Studio thousands) is read as gnubg reads it, a resignation of a
        # backgammon; replay ends the match there (:func:`is_forfeit`).
        value = win.value
        if value < 1:
            raise MatFileError(f"'Wins {value} points'", win.line, game=self.number)
        multiple = 1 if dropped or value <= cube else 2 if value <= 2 * cube else 3
        if dropped:
            ended_by = EndedBy.DROP
        else:
            off = sum(_borne_off(a.play) for a in actions if a.player == win.player)
            ended_by = EndedBy.BEAROFF if off >= 15 else EndedBy.RESIGN
        kind = (WinKind.SINGLE, WinKind.GAMMON, WinKind.BACKGAMMON)[multiple - 1]
        return GameResult(win.player, kind, cube, value, ended_by)


def is_forfeit(value: int, cube: int, length: int) -> bool:
    """A "Wins ``value``" worth more than any resignation at ``cube`` and more than the
    match: the game (and the match) given up, not played out."""
    return value > 3 * cube and (length == 0 or value > length)


def _header(lines: list[str]) -> tuple[int, int, list[tuple[str, str]], list[str]]:
    tags: list[tuple[str, str]] = []
    comments: list[str] = []
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith((";", "#")):
            body = stripped[1:].strip()
            if tag := _TAG.match(body):
                tags.append((tag[1], tag[2]))
            elif body:
                comments.append(body)
            continue
        if match := _MATCH_LINE.match(line):
            length = int(match[1])
            if length > MAX_LENGTH:
                raise MatFileError(f"match length {length} above {MAX_LENGTH}", index + 1)
            return index + 1, length, tags, comments
    raise MatFileError("no 'N point match' line", max(1, len(lines)), code="not_mat")


def parse(text: str) -> MatchRecord:
    """Read a .mat file into a :class:`MatchRecord`; :class:`MatFileError` names the line."""
    if not isinstance(text, str):
        raise TypeError("parse() takes the file's text; decode bytes first")
    lines = text.removeprefix("\ufeff").splitlines()
    body_start, length, tags, comments = _header(lines)
    games: list[GameRecord] = []
    warnings: list[MatWarning] = []
    current: _GameBuilder | None = None
    expect_score: tuple[int, int] | None = None  # (game number, line of "Game K")
    scanner = Scanner("", 0)
    for index in range(body_start, len(lines)):
        line_no, line = index + 1, lines[index]
        stripped = line.strip()
        if not stripped or stripped.startswith((";", "#")):
            continue
        if expect_score is not None:
            score = _SCORE_LINE.match(line)
            if score is None:
                raise MatFileError("expected the score line 'name : score   name : score'", line_no)
            names = (score[1], score[3])
            current = _GameBuilder(
                expect_score[0],
                (int(score[2]), int(score[4])),
                names,
                (expect_score[1], line_no),
                length,
            )
            expect_score = None
            continue
        if game := _GAME_LINE.match(line):
            if current is not None:
                games.append(_build(current))
            number = int(game[1])
            if number != len(games) + 1:
                if not games:
                    raise MatFileError(
                        f"the file starts at game {number}: a fragment, not a whole match",
                        line_no,
                        game=number,
                        code="fragment",
                    )
                raise MatFileError(
                    f"'Game {number}' where game {len(games) + 1} belongs", line_no, game=number
                )
            current, expect_score = None, (number, line_no)
            continue
        if current is None:
            raise MatFileError(f"cannot read {stripped[:30]!r} before the first game", line_no)
        numbered = _MOVE_LINE.match(line)
        start = numbered.start(2) if numbered else 0
        turn = int(numbered[1]) if numbered else 0
        scanner.text, scanner.line_no = line, line_no
        try:
            cells = columns(scanner.cells(start), line_no)
        except MatFileError as error:
            error.game, error.move = current.number, turn or None
            raise
        for player, cell in cells:
            if cell.skipped:
                warnings.append(
                    MatWarning(
                        "skipped",
                        f"{cell.skipped!r} skipped: it says nothing a game needs",
                        line_no,
                        game=current.number,
                    )
                )
                continue
            current.cells.append((player, cell, line_no, turn))
    if expect_score is not None:
        raise MatFileError("a game without its score line", expect_score[1])
    if current is not None:
        games.append(_build(current))
    players = games[0].players if games else _players_from_tags(tags)
    return MatchRecord(
        players=players,
        length=length,
        games=tuple(games),
        tags=tuple(tags),
        comments=tuple(comments),
        warnings=tuple(warnings),
    )


def _build(builder: _GameBuilder) -> GameRecord:
    try:
        return builder.build()
    except MatFileError as error:
        error.game = error.game or builder.number
        raise


def _players_from_tags(tags: list[tuple[str, str]]) -> tuple[str, str]:
    found = {key.casefold(): value for key, value in tags}
    return (found.get("player 1", ""), found.get("player 2", ""))
