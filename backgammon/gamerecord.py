"""The move record of a game and a match, as a .mat file writes it.

A :class:`Game` appends a :class:`GameAction` for every roll, play and cube action;
``matfile.parse`` produces the same actions from a file, and ``matfile.dumps`` writes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .errors import MatWarning
from .scoring import GameResult

__all__ = ["ActionKind", "GameAction", "GameRecord", "MatchRecord"]


class ActionKind(StrEnum):
    #: Dice rolled and played; ``play`` is empty when no checker could move.
    MOVE = "move"
    #: Dice rolled but not played: the roller resigned before moving.
    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    #: "Wins N point(s)": the end of the game (bear-off, drop or accepted resignation).
    WIN = "win"


@dataclass(frozen=True, slots=True)
class GameAction:
    """One entry of a game record.

    ``player`` is 0 (left column) or 1; ``dice`` for MOVE and ROLL; ``play`` the checker
    play as text in the mover's numbering (``"8/5 6/5"``, ``""`` for none); ``value`` the new
    cube value of a DOUBLE or the points of a WIN; ``match_won`` marks "... and the match".
    ``line`` (1-based, in the source file) and ``turn`` (the file's move number) are 0 when
    the action did not come from a file.
    """

    player: int
    kind: ActionKind
    dice: tuple[int, int] | None = None
    play: str = ""
    value: int = 0
    match_won: bool = False
    line: int = 0
    turn: int = 0

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "kind": str(self.kind)}
        if self.dice is not None:
            data["dice"] = list(self.dice)
        if self.play:
            data["play"] = self.play
        if self.value:
            data["value"] = self.value
        if self.match_won:
            data["match_won"] = True
        if self.turn:
            data["turn"] = self.turn
        if self.line:
            data["line"] = self.line
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameAction:
        dice = data.get("dice")
        return cls(
            player=int(data["player"]),
            kind=ActionKind(data["kind"]),
            dice=(int(dice[0]), int(dice[1])) if dice is not None else None,
            play=str(data.get("play", "")),
            value=int(data.get("value", 0)),
            match_won=bool(data.get("match_won", False)),
            line=int(data.get("line", 0)),
            turn=int(data.get("turn", 0)),
        )


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: its number, the score before it, its actions and its written result.

    ``result`` is the result as the file writes it: winner and points of the "Wins" line,
    the cube from the doubles taken, the kind from points / cube; ``ended_by`` is ``drop``
    after a dropped double, ``resign`` when the winner had not borne off all 15 checkers
    in the written plays, else ``bearoff``. ``None`` while the game is unfinished.
    """

    number: int
    score: tuple[int, int]
    actions: tuple[GameAction, ...] = ()
    result: GameResult | None = None
    players: tuple[str, str] = ("", "")
    #: Lines of `` Game K`` and of the score line in the source file (0 if not from a file).
    line: int = 0
    score_line: int = 0


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A whole match file: players, length (0 = money session), header tags and games."""

    players: tuple[str, str]
    length: int
    games: tuple[GameRecord, ...] = ()
    #: ``; [Name "value"]`` header lines, in order.
    tags: tuple[tuple[str, str], ...] = ()
    #: Other ``;`` comment lines of the header, without the ``;``.
    comments: tuple[str, ...] = field(default=())
    #: What the reader skipped or read differently from the text (not written back).
    warnings: tuple[MatWarning, ...] = field(default=(), compare=False)

    def tag(self, name: str) -> str | None:
        """The value of the first header tag called ``name`` (case-insensitive)."""
        wanted = name.casefold()
        for key, value in self.tags:
            if key.casefold() == wanted:
                return value
        return None
