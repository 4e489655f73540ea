"""The server's dice: the system's randomness, repeatable only where a test asks for it."""

from __future__ import annotations

import random
import secrets

from django.core import checks

from play.dice import dice_for


def test_seeded_dice_repeat_for_the_same_moment_of_the_same_game(settings):
    roll = [dice_for(match_id=1, game_number=2, moment=7).randint(1, 6) for _ in range(20)]
    again = [dice_for(match_id=1, game_number=2, moment=7).randint(1, 6) for _ in range(20)]
    later = [dice_for(match_id=1, game_number=2, moment=8).randint(1, 6) for _ in range(20)]
    assert roll == again != later
    assert isinstance(dice_for(match_id=1, game_number=2, moment=7), random.Random)


def test_without_the_seed_the_dice_come_from_secrets(settings):
    del settings.CRAWFORD_DICE_SEED
    assert isinstance(dice_for(match_id=1, game_number=1, moment=0), secrets.SystemRandom)
    assert not [
        m for m in checks.run_checks(include_deployment_checks=True) if m.id == "crawford.E001"
    ]


def test_the_deploy_check_refuses_seeded_dice(settings):
    found = [
        m for m in checks.run_checks(include_deployment_checks=True) if m.id == "crawford.E001"
    ]
    assert found and found[0].level == checks.ERROR
