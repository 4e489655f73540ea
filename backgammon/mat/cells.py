"""The move lines of a .mat file, cell by cell: a roll with its play (or ``Cannot Move``,
``???``), ``Doubles => N``, ``Takes``, ``Drops``, ``Wins N point(s)``, in the left or the right
column. Checks the form of a cell only; :mod:`backgammon.mat.parse` puts the cells into games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import MatFileError
from ..gamerecord import ActionKind

#: A cell starting at or after this column (0-based) with nothing before it is the right one.
RIGHT_COLUMN = 20

_A = re.ASCII | re.IGNORECASE
_DICE = re.compile(r"([1-6])([1-6]):")
_STEP = r"(?:bar|off|[0-9]{1,2})"
_TOKEN = rf"{_STEP}\*?(?:/{_STEP}\*?)+(?:\([1-4]\))?"
_PLAY_TOKEN = re.compile(_TOKEN, _A)
#: The usual play after the dice in one match: tokens separated by spaces.
_PLAY_RUN = re.compile(rf"(?:\s*{_TOKEN}(?![^\s]))*", _A)
_DOUBLE = re.compile(r"doubles\s*=>\s*([0-9]{1,6})", _A)
_WINS = re.compile(r"wins\s+([0-9]{1,7})\s+points?(\s+and\s+the\s+match)?", _A)
_LOSSES = re.compile(r"loss(?:es)?\s+[0-9]{1,7}\s+points?", _A)
_WORD = re.compile(r"(takes|drops|cannot\s+move|\?{3,4})(?![^\s])", _A)
_SPACE = re.compile(r"\s*")
#: After a roll's play: the end of the line or the next cell (dice or a cube action).
_CELL_END = re.compile(r"\s*(?:$|[1-6][1-6]:|doubles\b|wins\b)", _A)
_UNSUPPORTED = ("beavers", "raccoons", "illegal play")


@dataclass(slots=True)
class Cell:
    column: int
    kind: ActionKind
    dice: tuple[int, int] | None = None
    play: str = ""
    value: int = 0
    match_won: bool = False
    roll_only: bool = False
    cannot_move: bool = False
    #: The text of a cell that says nothing gnubg reads (Galaxy's "Losses 1 point").
    skipped: str = ""


class Scanner:
    """Reads the cells of one move line token by token."""

    def __init__(self, text: str, line_no: int) -> None:
        self.text = text
        self.line_no = line_no
        self.pos = 0

    def skip_space(self) -> None:
        self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def error(self, message: str) -> MatFileError:
        return MatFileError(message, self.line_no)

    def cells(self, start: int) -> list[Cell]:
        self.pos = start
        cells: list[Cell] = []
        self.skip_space()
        while self.pos < len(self.text):
            cells.append(self.cell())
            self.skip_space()
        return cells

    def cell(self) -> Cell:
        text, column = self.text, self.pos
        lowered = text[column : column + 12].lower()
        if lowered.startswith(_UNSUPPORTED):
            raise self.error(f"unsupported entry {text[column:].split()[0]!r}")
        if match := _DICE.match(text, column):
            self.pos = match.end()
            return self.roll(column, (int(match[1]), int(match[2])))
        if match := _DOUBLE.match(text, column):
            self.pos = match.end()
            return Cell(column, ActionKind.DOUBLE, value=int(match[1]))
        if match := _WINS.match(text, column):
            self.pos = match.end()
            return Cell(column, ActionKind.WIN, value=int(match[1]), match_won=bool(match[2]))
        if match := _LOSSES.match(text, column):
            self.pos = match.end()
            return Cell(column, ActionKind.WIN, skipped=" ".join(match[0].split()))
        if (match := _WORD.match(text, column)) and match[1][0].lower() in "td":
            self.pos = match.end()
            kind = ActionKind.TAKE if match[1][0].lower() == "t" else ActionKind.DROP
            return Cell(column, kind)
        word = text[column:].split()[0]
        raise self.error(f"cannot read {word!r}")

    def roll(self, column: int, dice: tuple[int, int]) -> Cell:
        cell = Cell(column, ActionKind.MOVE, dice=dice)
        run = _PLAY_RUN.match(self.text, self.pos)
        steps: list[str] = run[0].split() if run else []
        if run:
            self.pos = run.end()
            if _CELL_END.match(self.text, self.pos):  # the usual case: nothing else to read
                self.skip_space()
                cell.play = " ".join(steps)
                return cell
        while True:
            self.skip_space()
            if self.pos >= len(self.text):
                break
            if match := _WORD.match(self.text, self.pos):
                word = match[1].lower()
                if word.startswith("cannot"):
                    cell.cannot_move = True
                elif word.startswith("?"):
                    cell.roll_only = True
                else:
                    break
                self.pos = match.end()
                continue
            match = _PLAY_TOKEN.match(self.text, self.pos)
            if match is None or (
                match.end() < len(self.text) and not self.text[match.end()].isspace()
            ):
                if _DICE.match(self.text, self.pos) or _DOUBLE.match(self.text, self.pos):
                    break
                if _WINS.match(self.text, self.pos) or _LOSSES.match(self.text, self.pos):
                    break
                word = self.text[self.pos :].split()[0]
                raise self.error(f"cannot read {word!r} as a checker move")
            steps.append(match[0])
            self.pos = match.end()
        if steps and (cell.cannot_move or cell.roll_only):
            raise self.error("a roll with a play cannot also be 'Cannot Move' or '???'")
        if cell.cannot_move and cell.roll_only:
            raise self.error("'Cannot Move' and '???' in the same cell")
        cell.play = " ".join(steps)
        return cell


def columns(cells: list[Cell], line_no: int) -> list[tuple[int, Cell]]:
    if not cells:
        return []
    if len(cells) > 2:
        raise MatFileError("more than two entries on one line", line_no)
    first_player = 1 if cells[0].column >= RIGHT_COLUMN else 0
    if len(cells) == 2 and first_player == 1:
        raise MatFileError("two entries in the right column", line_no)
    return [(first_player + index, cell) for index, cell in enumerate(cells)]
