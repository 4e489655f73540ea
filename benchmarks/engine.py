"""Benchmark of the rules engine: legal plays per second, against GNU Backgammon.

    .venv/bin/python benchmarks/engine.py [--repeat 7]

The corpus is the fixed one of the differential test (tests/backgammon/fixtures/
gnubg_plays.txt.gz: 6,000 (position, roll) pairs met in self-play, a third of them with a
checker on the bar, about an eighth in the bear-off). Positions are decoded before timing;
each figure is the best of ``--repeat`` passes. GNU Backgammon's reference is its own
enumeration, ``findbestmoves`` at 0-ply (it also scores every play with its network); its
first pass is reported separately because gnubg caches evaluations between passes.

Figures are collected in one dict; the last line printed is that dict as JSON, with at least
``pairs_per_s`` and ``ratio_vs_gnubg`` (our time / gnubg's time on the same corpus, warm).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from backgammon import Position  # noqa: E402

CORPUS = ROOT / "tests" / "backgammon" / "fixtures" / "gnubg_plays.txt.gz"
Pair = tuple[str, tuple[int, int]]


def load_corpus() -> list[Pair]:
    with gzip.open(CORPUS, "rt", encoding="ascii") as lines:
        return [
            (fields[0], (int(fields[1][0]), int(fields[1][1])))
            for fields in (line.split() for line in lines if not line.startswith("#"))
        ]


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(first pass, best pass) in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times[0], min(times)


def measure_engine(corpus: list[Pair], repeat: int, results: dict[str, object]) -> float:
    pairs = [(Position.from_position_id(pid), dice) for pid, dice in corpus]
    plays = sum(len(pos.legal_plays(dice)) for pos, dice in pairs)

    def run() -> None:
        for pos, dice in pairs:
            pos.legal_plays(dice)

    _, best = best_time(run, repeat)
    results["pairs"] = len(pairs)
    results["plays"] = plays
    results["pairs_per_s"] = round(len(pairs) / best)
    results["plays_per_s"] = round(plays / best)
    print(f"legal_plays: {len(pairs)} pairs, {plays} plays in {best * 1e3:.1f} ms")
    print(f"  {len(pairs) / best:,.0f} pairs/s, {best / len(pairs) * 1e6:.1f} us per pair")

    ids = [pid for pid, _ in corpus]
    _, decode = best_time(lambda: [Position.from_position_id(pid) for pid in ids], repeat)
    positions = [pos for pos, _ in pairs]
    _, encode = best_time(lambda: [pos.position_id() for pos in positions], repeat)
    results["from_position_id_per_s"] = round(len(ids) / decode)
    results["position_id_per_s"] = round(len(ids) / encode)
    print(f"Position IDs: {len(ids) / decode:,.0f} decoded/s, {len(ids) / encode:,.0f} encoded/s")
    return best


def measure_gnubg(corpus: list[Pair], repeat: int, ours: float, results: dict[str, object]) -> None:
    try:
        import gnubg
    except ImportError:
        print("gnubg is not installed (pip install gnubg): no reference figures")
        results["gnubg_pairs_per_s"] = None
        results["ratio_vs_gnubg"] = None
        return
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)
    zero_ply = gnubg.evalcontext(0, 0, 1, 0, 0.0)
    boards = [(gnubg.positionfromid(pid), dice) for pid, dice in corpus]

    def run() -> None:
        for board, dice in boards:
            gnubg.findbestmoves(board, cube, zero_ply, dice)

    first, best = best_time(run, repeat)
    results["gnubg_pairs_per_s"] = round(len(boards) / best)
    results["gnubg_cold_pairs_per_s"] = round(len(boards) / first)
    results["ratio_vs_gnubg"] = round(ours / best, 2)
    results["ratio_vs_gnubg_cold"] = round(ours / first, 2)
    print(f"gnubg findbestmoves 0-ply: {len(boards) / best:,.0f} pairs/s warm,")
    print(f"  {len(boards) / first:,.0f} pairs/s on its first (cold cache) pass")
    print(f"ratio (our time / gnubg's time): {ours / best:.2f} warm, {ours / first:.2f} cold")


MATCH_25PT = ROOT / "tests" / "backgammon" / "fixtures" / "mat" / "gnubg_25pt_s125.mat"


def measure_replay(repeat: int, results: dict[str, object]) -> None:
    """Import of a 25-point match file (gnubg self-play, 19 games): parse + full replay."""
    from backgammon import matfile

    text = MATCH_25PT.read_text()
    _, best = best_time(lambda: matfile.replay(matfile.parse(text)), repeat)
    results["replay_25pt_ms"] = round(best * 1e3, 1)
    print(f"replay of a 25-point .mat (parse + replay): {best * 1e3:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="passes per figure (best counts)")
    args = parser.parse_args()
    corpus = load_corpus()
    results: dict[str, object] = {}
    ours = measure_engine(corpus, args.repeat, results)
    measure_gnubg(corpus, args.repeat, ours, results)
    # Further figures: add a line here that sets results["<name>"].
    measure_replay(args.repeat, results)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
