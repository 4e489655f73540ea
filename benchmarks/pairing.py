"""Pairing benchmark: Swiss round 5 at 100 / 1,000 / 5,000 players, a 1,024-player bracket.

Run from the repository root: ``python benchmarks/pairing.py``. Rounds 1-4 are simulated with
random results (untimed); only the pairing of round 5 is timed. The last line is one JSON object.
Targets: Swiss 1,000 <= 1 s, 5,000 <= 10 s, bracket <= 200 ms.
"""

from __future__ import annotations

import json
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from tournaments.pairing import (
    SwissPlayer,
    main_consolation_plan,
    pair_swiss,
    resolve,
)


def swiss_round_five(players: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    score = dict.fromkeys(range(players), 0)
    opponents: dict[int, set[int]] = {p: set() for p in range(players)}
    had_bye = dict.fromkeys(range(players), False)
    tiebreak = {p: rng.random() for p in range(players)}
    club = {p: rng.randrange(max(players // 20, 1)) for p in range(players)}
    elapsed = 0.0
    for round_number in range(1, 6):
        order = sorted(score, key=lambda p: (-score[p], tiebreak[p]))
        standings = [
            SwissPlayer(p, score[p], frozenset(opponents[p]), had_bye[p], club[p]) for p in order
        ]
        start = time.perf_counter()
        pairings = pair_swiss(standings, avoid_same_club=True)
        if round_number == 5:
            elapsed = time.perf_counter() - start
        for table in pairings:
            if table.b is None:
                had_bye[table.a] = True
                score[table.a] += 1
                continue
            opponents[table.a].add(table.b)
            opponents[table.b].add(table.a)
            score[rng.choice((table.a, table.b))] += 1
    return elapsed


def bracket(players: int, **options: bool) -> float:
    start = time.perf_counter()
    main_consolation_plan(list(range(1, players + 1)), **options)
    return time.perf_counter() - start


def main() -> None:
    figures: dict[str, float] = {}
    for players in (100, 1000, 5000):
        figures[f"swiss_{players}_s"] = round(swiss_round_five(players), 4)
        print(f"Swiss round 5, {players:>5} players: {figures[f'swiss_{players}_s']:.4f} s")
    figures["bracket_1024_s"] = round(bracket(1024), 4)
    print(f"Main/Consolation bracket, 1024 players: {figures['bracket_1024_s']:.4f} s")
    full = bracket(1024, last_chance=True, progressive_consolation=True)
    print(f"  with progressive consolation and last chance: {full:.4f} s")
    plan = main_consolation_plan(list(range(1, 1025)), last_chance=True)
    start = time.perf_counter()
    resolve(plan, {})
    print(
        f"  resolve with no results yet ({len(plan.matches)} matches): "
        f"{time.perf_counter() - start:.4f} s"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
