"""Where a game stands: whose decision is next."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["GamePhase"]


class GamePhase(StrEnum):
    OPENING = "opening"  # waiting for the opening roll
    ROLL = "roll"  # the player on turn may double or roll
    MOVE = "move"  # the dice are out; the player on turn plays
    DOUBLED = "doubled"  # a double is offered; the other side takes or drops
    RESIGNED = "resigned"  # a resignation is offered; the other side accepts or declines
    OVER = "over"
