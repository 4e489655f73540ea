"""GNU Backgammon's Match ID: the 12-character key for score, cube, dice and turn.

The key is 66 bits packed least-significant bit first into 9 bytes and written in
base64 (gnubg's ``matchid.c``). Together with the Position ID it describes a match
situation that gnubg, XG and BGonline can load.

>>> MatchIdFields(length=7, dice=(3, 1)).encode()
'MIHlAAAAAAAE'
>>> MatchIdFields.decode('MIHlAAAAAAAE').length
7
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from enum import IntEnum

__all__ = ["GameState", "MatchIdFields", "decode_match_id", "encode_match_id"]

_MAX_15_BITS = 0x7FFF


class GameState(IntEnum):
    """gnubg's ``gamestate``."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


#: (field, first bit, width) in gnubg's order.
_LAYOUT = (
    ("cube_log2", 0, 4),
    ("cube_owner", 4, 2),
    ("player_on_roll", 6, 1),
    ("crawford", 7, 1),
    ("state", 8, 3),
    ("turn", 11, 1),
    ("doubled", 12, 1),
    ("resigned", 13, 2),
    ("die_high", 15, 3),
    ("die_low", 18, 3),
    ("length", 21, 15),
    ("score0", 36, 15),
    ("score1", 51, 15),
    ("no_jacoby", 66, 1),
)


@dataclass(frozen=True, slots=True)
class MatchIdFields:
    """The values a Match ID carries.

    ``cube_owner`` is ``None`` for a centred cube; ``player_on_roll`` is gnubg's ``fMove``
    (whose turn it is), ``turn`` its ``fTurn`` (who must decide now, e.g. the side that
    was doubled); ``resigned`` is 0 or the offered 1/2/3 (single, gammon, backgammon);
    ``dice`` is ``(0, 0)`` before the roll; ``crawford`` marks the Crawford game.
    """

    length: int = 0
    score: tuple[int, int] = (0, 0)
    cube: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 0
    turn: int | None = None
    crawford: bool = False
    state: GameState = GameState.PLAYING
    doubled: bool = False
    resigned: int = 0
    dice: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        if self.cube < 1 or self.cube & (self.cube - 1) or self.cube > 1 << 15:
            raise ValueError(f"cube {self.cube} is not a power of two up to 32768")
        if not 0 <= self.length <= _MAX_15_BITS:
            raise ValueError(f"match length {self.length} does not fit a Match ID")
        if any(not 0 <= s <= _MAX_15_BITS for s in self.score):
            raise ValueError(f"score {self.score} does not fit a Match ID")
        if any(not 0 <= d <= 6 for d in self.dice):
            raise ValueError(f"dice {self.dice} out of range")
        if self.resigned not in (0, 1, 2, 3):
            raise ValueError("resigned must be 0, 1, 2 or 3")
        if self.cube_owner not in (None, 0, 1) or self.player_on_roll not in (0, 1):
            raise ValueError("players are 0 or 1")
        if self.turn not in (None, 0, 1):
            raise ValueError("players are 0 or 1")

    def encode(self) -> str:
        values = {
            "cube_log2": self.cube.bit_length() - 1,
            "cube_owner": 3 if self.cube_owner is None else self.cube_owner,
            "player_on_roll": self.player_on_roll,
            "crawford": int(self.crawford),
            "state": int(self.state),
            "turn": self.player_on_roll if self.turn is None else self.turn,
            "doubled": int(self.doubled),
            "resigned": self.resigned,
            "die_high": max(self.dice),
            "die_low": min(self.dice),
            "length": self.length,
            "score0": self.score[0],
            "score1": self.score[1],
            "no_jacoby": int(not self.jacoby),
        }
        key = 0
        for name, first, width in _LAYOUT:
            key |= (values[name] & ((1 << width) - 1)) << first
        return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")

    @classmethod
    def decode(cls, match_id: str) -> MatchIdFields:
        """Read a Match ID; ``ValueError`` when it is not one."""
        if len(match_id) != 12:
            raise ValueError(f"a Match ID has 12 characters: {match_id!r}")
        try:
            raw = base64.b64decode(match_id.encode("ascii"), validate=True)
        except (binascii.Error, UnicodeEncodeError):
            raise ValueError(f"not a Match ID: {match_id!r}") from None
        key = int.from_bytes(raw, "little")
        v = {name: (key >> first) & ((1 << width) - 1) for name, first, width in _LAYOUT}
        try:
            state = GameState(v["state"])
        except ValueError:
            raise ValueError(f"not a Match ID (game state {v['state']}): {match_id!r}") from None
        if v["cube_owner"] == 2:
            raise ValueError(f"not a Match ID (cube owner): {match_id!r}")
        return cls(
            length=v["length"],
            score=(v["score0"], v["score1"]),
            cube=1 << v["cube_log2"],
            cube_owner=None if v["cube_owner"] == 3 else v["cube_owner"],
            player_on_roll=v["player_on_roll"],
            turn=v["turn"],
            crawford=bool(v["crawford"]),
            state=state,
            doubled=bool(v["doubled"]),
            resigned=v["resigned"],
            dice=(v["die_high"], v["die_low"]),
            jacoby=not v["no_jacoby"],
        )


def encode_match_id(fields: MatchIdFields) -> str:
    return fields.encode()


def decode_match_id(match_id: str) -> MatchIdFields:
    return MatchIdFields.decode(match_id)
