"""A recorded match played at random through the engine: the entries a clock would send."""

from __future__ import annotations

import random
import uuid

from backgammon import GamePhase, MatchRules
from recording.replay import ClockAction, Recording


def random_entries(
    seed: int,
    *,
    length: int = 3,
    limit: int = 400,
    cube: float = 0.1,
    start_ms: int = 0,
    rules: MatchRules | None = None,
) -> list[ClockAction]:
    """Up to ``limit`` legal entries of a ``length``-point match, with doubles, takes, drops
    and resignations now and then; each a second or so after the one before."""
    rng = random.Random(seed)
    ids = random.Random(seed + 1)
    recording = Recording.start(
        rules or MatchRules(length=length), reserve_ms=10**9, delay_ms=12_000
    )
    entries: list[ClockAction] = []
    at = start_ms
    while len(entries) < limit and recording.game is not None:
        game = recording.game
        side = game.side_to_act
        at += rng.randint(200, 20_000)
        new = uuid.UUID(int=ids.getrandbits(128)).hex
        if game.phase is GamePhase.OPENING:
            first = rng.randint(1, 6)
            second = rng.choice([d for d in range(1, 7) if d != first])
            entry = ClockAction(new, "opening", dice=(first, second), at=at)
        elif game.phase is GamePhase.ROLL:
            if game.can_double() and rng.random() < cube:
                entry = ClockAction(new, "double", side=side, at=at)
            elif rng.random() < 0.01:
                entry = ClockAction(new, "resign", side=side, resign="single", at=at)
            else:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
                entry = ClockAction(new, "roll", side=side, dice=dice, at=at)
        elif game.phase is GamePhase.MOVE:
            play = rng.choice(game.legal_plays())
            entry = ClockAction(new, "move", side=side, play=play.notation("mat"), at=at)
        elif game.phase is GamePhase.DOUBLED:
            entry = ClockAction(new, rng.choice(["take", "take", "drop"]), side=side, at=at)
        else:
            entry = ClockAction(new, rng.choice(["accept", "decline"]), side=side, at=at)
        recording.apply(entry)
        entries.append(entry)
    return entries
