"""One chouette game as the score keeper enters it, checked against the session's rules and
scored against each member of the team.

The box plays every member of the team at once. Each member has a line: the cube's value at
the end of the game (for a dropped double the value before that double: a drop costs what the
cube showed), who owned it, and whether a double was dropped (by the member or by the box).
The board's result (who won, single, gammon or backgammon, by resignation or not) decides
every line that was not ended by a drop.

>>> rules = Rules()
>>> sheet = GameSheet(lines=(Line(cube=2, owner=Owner.MEMBER), Line()), winner=Side.BOX,
...                   kind=Kind.GAMMON)
>>> score(rules, sheet)
(4, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "CubeMode",
    "Drop",
    "GameSheet",
    "Kind",
    "Line",
    "Owner",
    "Rules",
    "SheetError",
    "Side",
    "score",
    "validate",
]


class CubeMode(StrEnum):
    #: One cube for the whole team: the captain's, the members cannot drop apart.
    TEAM = "team"
    #: A cube per member: the box doubles, takes and drops against each member apart.
    MEMBER = "member"


class Side(StrEnum):
    BOX = "box"
    TEAM = "team"


class Owner(StrEnum):
    CENTER = "center"
    BOX = "box"
    MEMBER = "member"


class Drop(StrEnum):
    NONE = "none"
    #: The member dropped the box's double: the box wins the line.
    MEMBER = "member"
    #: The box dropped the member's double: the member wins the line.
    BOX = "box"


class Kind(StrEnum):
    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"


MULTIPLIER = {Kind.SINGLE: 1, Kind.GAMMON: 2, Kind.BACKGAMMON: 3}

# Codes of what can be wrong with a sheet; the web layer turns them into sentences.
WRONG_LINE_COUNT = "wrong_line_count"
CUBE_NOT_POWER = "cube_not_power"
AUTOMATIC_ABOVE_LIMIT = "automatic_above_limit"
CENTERED_CUBE_VALUE = "centered_cube_value"
OWNED_CUBE_VALUE = "owned_cube_value"
BEAVERS_OFF = "beavers_off"
BEAVER_CUBE = "beaver_cube"
DOUBLE_BY_NON_OWNER = "double_by_non_owner"
TEAM_CUBE_APART = "team_cube_apart"
WINNER_MISSING = "winner_missing"
WINNER_AFTER_DROPS = "winner_after_drops"
DROP_NOT_SINGLE = "drop_not_single"


class SheetError(ValueError):
    """A game sheet that does not fit the cube or the rules. ``seat`` is the line (0 for the
    captain) where it went wrong, ``None`` for the game as a whole; ``game`` is filled in by
    the replay."""

    def __init__(self, code: str, *, seat: int | None = None, game: int | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.seat = seat
        self.game = game

    def __str__(self) -> str:
        where = [] if self.seat is None else [f"seat {self.seat}"]
        if self.game is not None:
            where.append(f"game {self.game}")
        return self.code + (f" ({', '.join(where)})" if where else "")


@dataclass(frozen=True, slots=True)
class Rules:
    cube_mode: CubeMode = CubeMode.MEMBER
    #: Team members may advise the captain (shown on the sheet; the score does not change).
    consulting: bool = True
    #: Gammons and backgammons count single while no double was offered and taken in the line.
    jacoby: bool = False
    beavers: bool = False
    #: The most automatic doubles (a double at the opening roll turns the cube, which stays in
    #: the middle); 0: none.
    automatic_limit: int = 0
    #: From this many players present the box takes a partner (the last in line); 0: never.
    partner_from: int = 0


@dataclass(frozen=True, slots=True)
class Line:
    """One member's game against the box."""

    cube: int = 1
    owner: Owner = Owner.CENTER
    drop: Drop = Drop.NONE
    #: The taker redoubled at once and kept the cube.
    beaver: bool = False


@dataclass(frozen=True, slots=True)
class GameSheet:
    """``lines[0]`` is the captain's, then the other members in the order of the line.
    ``winner`` is ``None`` only when every line ended by a drop."""

    lines: tuple[Line, ...]
    winner: Side | None = None
    kind: Kind = Kind.SINGLE
    resigned: bool = False
    automatic: int = 0


def _is_power_of_two(value: int) -> bool:
    return value >= 1 and value & (value - 1) == 0


def _check_line(rules: Rules, base: int, line: Line, seat: int) -> None:
    if not _is_power_of_two(line.cube):
        raise SheetError(CUBE_NOT_POWER, seat=seat)
    if line.owner is Owner.CENTER and line.cube != base:
        raise SheetError(CENTERED_CUBE_VALUE, seat=seat)
    if line.owner is not Owner.CENTER and line.cube < 2 * base:
        raise SheetError(OWNED_CUBE_VALUE, seat=seat)
    if line.beaver:
        if not rules.beavers:
            raise SheetError(BEAVERS_OFF, seat=seat)
        if line.owner is Owner.CENTER or line.cube < 4 * base:
            raise SheetError(BEAVER_CUBE, seat=seat)
    # Only a side that may double can have a double dropped: the cube in the middle or its own.
    if line.drop is Drop.MEMBER and line.owner is Owner.MEMBER:
        raise SheetError(DOUBLE_BY_NON_OWNER, seat=seat)
    if line.drop is Drop.BOX and line.owner is Owner.BOX:
        raise SheetError(DOUBLE_BY_NON_OWNER, seat=seat)


def validate(rules: Rules, sheet: GameSheet, members: int) -> None:
    """Raise :class:`SheetError` unless the sheet fits a team of ``members`` and the rules."""
    if len(sheet.lines) != members or members < 1:
        raise SheetError(WRONG_LINE_COUNT)
    if not 0 <= sheet.automatic <= rules.automatic_limit:
        raise SheetError(AUTOMATIC_ABOVE_LIMIT)
    base = 2**sheet.automatic
    for seat, line in enumerate(sheet.lines):
        _check_line(rules, base, line, seat)
    if rules.cube_mode is CubeMode.TEAM and len(set(sheet.lines)) > 1:
        raise SheetError(TEAM_CUBE_APART)
    playing = [line for line in sheet.lines if line.drop is Drop.NONE]
    if playing and sheet.winner is None:
        raise SheetError(WINNER_MISSING)
    if not playing and sheet.winner is not None:
        raise SheetError(WINNER_AFTER_DROPS)
    if not playing and (sheet.kind is not Kind.SINGLE or sheet.resigned):
        raise SheetError(DROP_NOT_SINGLE)


def line_points(rules: Rules, sheet: GameSheet, line: Line) -> int:
    """The box's points in one line: positive when the box won it."""
    if line.drop is Drop.MEMBER:
        return line.cube
    if line.drop is Drop.BOX:
        return -line.cube
    multiplier = MULTIPLIER[sheet.kind]
    # Jacoby: without a double offered and taken in this line (an automatic double is not
    # offered), a gammon or backgammon, resigned or played out, counts single.
    if rules.jacoby and line.owner is Owner.CENTER:
        multiplier = 1
    points = line.cube * multiplier
    return points if sheet.winner is Side.BOX else -points


def score(rules: Rules, sheet: GameSheet) -> tuple[int, ...]:
    """The box's points against each member, in the order of the lines (checked first)."""
    validate(rules, sheet, len(sheet.lines))
    return tuple(line_points(rules, sheet, line) for line in sheet.lines)
