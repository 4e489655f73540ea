"""Dice anyone can check: every roll of an online match derived from a secret seed.

Before the first roll the players see a commitment, the SHA-256 of the seed; after the match
the seed is shown, and anyone can recompute every roll from it:

- the seed is a text of 64 hexadecimal digits; the commitment is the SHA-256 of that text
  (its ASCII bytes), written in hexadecimal;
- roll number ``n`` of game ``g`` of match ``m`` (rolls counted from 0 in each game, the
  opening roll being roll 0) reads the bytes of HMAC-SHA256 with the seed's text as key and
  the message ``"m:g:n"`` (decimal numbers, ASCII); when those 32 bytes run out, the bytes of
  the message ``"m:g:n:1"``, then ``"m:g:n:2"`` and so on;
- each byte below 252 gives a die, ``byte % 6 + 1``; a byte of 252 or more is skipped (252 is
  the largest multiple of 6 below 256, so each face is equally likely);
- an ordinary roll is the first two dice; an opening roll is player 0's die then player 1's,
  the next two dice again while they tie.

The roll number is the number of rolls the game's record held when the dice were rolled: a
play the director takes back leaves the record as it was before the play, so the roll after
it is the same roll, with the same dice, as the one it replaces.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CommittedDice",
    "RollCheck",
    "commitment",
    "dice_stream",
    "is_seed",
    "new_seed",
    "opening_roll",
    "ordinary_roll",
    "roll_number",
    "verify_game",
]

#: Bytes at or above this are skipped: 252 = 42 × 6, so every face is equally likely.
_LIMIT = 252
_SEED_LENGTH = 64
_HEX = frozenset("0123456789abcdef")
_ROLL_KINDS = frozenset({"move", "roll"})


def new_seed() -> str:
    """A fresh secret seed from the operating system's randomness."""
    return secrets.token_hex(_SEED_LENGTH // 2)


def is_seed(text: str) -> bool:
    """Whether ``text`` has the form of a seed: 64 lower-case hexadecimal digits."""
    return len(text) == _SEED_LENGTH and set(text) <= _HEX


def commitment(seed: str) -> str:
    """The SHA-256 of the seed's text, in hexadecimal: shown before the first roll.

    >>> commitment("0" * 64)[:16]
    '60e05bd1b195af2f'
    """
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def dice_stream(seed: str, match: int, game: int, roll: int) -> Iterator[int]:
    """The dice of roll ``roll`` of game ``game`` of match ``match``, without end."""
    key = seed.encode("ascii")
    base = f"{match}:{game}:{roll}"
    block = 0
    while True:
        message = base if block == 0 else f"{base}:{block}"
        for byte in hmac.new(key, message.encode("ascii"), hashlib.sha256).digest():
            if byte < _LIMIT:
                yield byte % 6 + 1
        block += 1


def ordinary_roll(seed: str, match: int, game: int, roll: int) -> tuple[int, int]:
    stream = dice_stream(seed, match, game, roll)
    return (next(stream), next(stream))


def opening_roll(seed: str, match: int, game: int) -> tuple[int, int]:
    """Player 0's die and player 1's of the game's opening roll (roll 0), ties rolled again."""
    stream = dice_stream(seed, match, game, 0)
    while True:
        pair = (next(stream), next(stream))
        if pair[0] != pair[1]:
            return pair


class CommittedDice:
    """The dice of one roll as a dice source for :class:`~backgammon.Game` (``randint``)."""

    def __init__(self, seed: str, match: int, game: int, roll: int) -> None:
        self._stream = dice_stream(seed, match, game, roll)

    def randint(self, a: int, b: int) -> int:
        if (a, b) != (1, 6):
            raise ValueError(f"committed dice give 1 to 6, not {a} to {b}")
        return next(self._stream)


def _kind(action: Any) -> str:
    return str(action["kind"]) if isinstance(action, Mapping) else str(action.kind)


def roll_number(record: Iterable[Any]) -> int:
    """How many rolls a game's record holds (its actions, or their dicts): the number of
    the game's next roll."""
    return sum(1 for action in record if _kind(action) in _ROLL_KINDS)


@dataclass(frozen=True, slots=True)
class RollCheck:
    """One recorded roll against the dice the seed gives."""

    game: int
    roll: int
    player: int
    recorded: tuple[int, int]
    expected: tuple[int, int]
    #: For an opening roll, the player the expected dice make start.
    expected_player: int | None = None

    @property
    def matches(self) -> bool:
        player_ok = self.expected_player is None or self.expected_player == self.player
        return player_ok and self.recorded == self.expected


def verify_game(
    seed: str,
    *,
    match: int,
    game: int,
    record: Iterable[Mapping[str, Any]],
    opening: bool,
    lower_die_starts: bool = False,
) -> list[RollCheck]:
    """Every roll of a recorded game (its record as dicts) against the seed's dice.

    ``opening``: the game began with an opening roll (not with a starter by the rules), whose
    dice the record gives as the starter's die first.
    """
    checks: list[RollCheck] = []
    number = 0
    for action in record:
        if str(action.get("kind")) not in _ROLL_KINDS or action.get("dice") is None:
            continue
        dice = action["dice"]
        recorded = (int(dice[0]), int(dice[1]))
        player = int(action["player"])
        if number == 0 and opening:
            pair = opening_roll(seed, match, game)
            high = 0 if pair[0] > pair[1] else 1
            starter = 1 - high if lower_die_starts else high
            expected = (pair[starter], pair[1 - starter])
            checks.append(RollCheck(game, number, player, recorded, expected, starter))
        else:
            expected = ordinary_roll(seed, match, game, number)
            checks.append(RollCheck(game, number, player, recorded, expected))
        number += 1
    return checks
