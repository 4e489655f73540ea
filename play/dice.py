"""Where the online board's dice come from: the operating system's randomness (``secrets``).

Tests and demos make the dice repeatable with the setting ``CRAWFORD_DICE_SEED``: every roll
then comes from a generator seeded with the seed, the match, the game and the moment of the
game, so a replayed test rolls the same dice and a resumed game rolls what it would have
rolled. No production settings file sets it; ``check --deploy`` reports it when set.
"""

from __future__ import annotations

import random
import secrets

from django.conf import settings
from django.core import checks

from backgammon.dice import DiceSource

_SYSTEM = secrets.SystemRandom()


def seed() -> str | None:
    value = getattr(settings, "CRAWFORD_DICE_SEED", None)
    return None if value is None or value == "" else str(value)


def dice_for(*, match_id: int, game_number: int, moment: int) -> DiceSource:
    """The dice for the next roll of a game; ``moment`` is how many actions it has had."""
    fixed = seed()
    if fixed is None:
        return _SYSTEM
    return random.Random(f"{fixed}:{match_id}:{game_number}:{moment}")


@checks.register(checks.Tags.security, deploy=True)
def check_seeded_dice(app_configs: object = None, **kwargs: object) -> list[checks.CheckMessage]:
    if seed() is None:
        return []
    return [
        checks.Error(
            "CRAWFORD_DICE_SEED is set: online dice are predictable.",
            hint="Remove CRAWFORD_DICE_SEED; it is for tests only.",
            id="crawford.E001",
        )
    ]
