"""Play brackets out with random results, one wave of ready matches at a time."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.pairing import BracketPlan, BracketState, MatchStatus, resolve


def play_out(
    plan: BracketPlan,
    rng: random.Random,
    withdrawn: Sequence[int] = (),
    favour_top: bool = False,
) -> tuple[BracketState, dict[str, int]]:
    results: dict[str, int] = {}
    while True:
        state = resolve(plan, results, withdrawn)
        ready = state.ready()
        if not ready:
            return state, results
        for match in ready:
            assert match.a is not None and match.b is not None
            if favour_top:
                results[match.key] = min(match.a, match.b)
            else:
                results[match.key] = rng.choice((match.a, match.b))


def played_matches(plan: BracketPlan, state: BracketState) -> list[tuple[str, int, int, int]]:
    """(key, a, b, winner) of every played match, in plan order."""
    out = []
    for slot in plan.matches:
        m = state.matches[slot.key]
        if m.status is MatchStatus.PLAYED:
            assert m.a is not None and m.b is not None and m.winner is not None
            out.append((slot.key, m.a, m.b, m.winner))
    return out
