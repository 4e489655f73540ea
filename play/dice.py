"""Where the online board's dice come from: the match's secret seed
(:mod:`backgammon.fairdice`), made with the operating system's randomness (``secrets``) when
the online game starts and shown only once the match is over, so that anyone can check every
roll against the commitment the boards showed from the start.

Tests and demos make the seed repeatable with the setting ``CRAWFORD_DICE_SEED``: each match's
seed is then the SHA-256 of that setting and the match's id. No production settings file sets
it; ``check --deploy`` reports it when set. An online game saved before seeds existed rolls
with the system's randomness.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.core import checks

from backgammon.dice import DiceSource
from backgammon.fairdice import CommittedDice, new_seed

_SYSTEM = secrets.SystemRandom()


def fixed_seed() -> str | None:
    """The setting ``CRAWFORD_DICE_SEED`` (tests and demos only), or ``None``."""
    value = getattr(settings, "CRAWFORD_DICE_SEED", None)
    return None if value is None or value == "" else str(value)


def match_seed(match_id: int) -> str:
    """A new secret seed for the dice of the match ``match_id``."""
    fixed = fixed_seed()
    if fixed is None:
        return new_seed()
    return hashlib.sha256(f"{fixed}:{match_id}".encode()).hexdigest()


def dice_for(*, seed: str | None, match_id: int, game_number: int, roll: int) -> DiceSource:
    """The dice of roll ``roll`` (counted from 0) of a game of the match; a game saved
    without a seed rolls with the system's randomness (or, in tests, the setting's seed)."""
    if seed is None:
        if fixed_seed() is None:
            return _SYSTEM
        seed = match_seed(match_id)
    return CommittedDice(seed, match_id, game_number, roll)


@checks.register(checks.Tags.security, deploy=True)
def check_seeded_dice(app_configs: object = None, **kwargs: object) -> list[checks.CheckMessage]:
    if fixed_seed() is None:
        return []
    return [
        checks.Error(
            "CRAWFORD_DICE_SEED is set: online dice are predictable.",
            hint="Remove CRAWFORD_DICE_SEED; it is for tests only.",
            id="crawford.E001",
        )
    ]
