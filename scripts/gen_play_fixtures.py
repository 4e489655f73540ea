"""Regenerate the GNU Backgammon reference fixtures of the rules engine.

    .venv/bin/python scripts/gen_play_fixtures.py            # both files, default seed
    .venv/bin/python scripts/gen_play_fixtures.py --pairs 8000 --seed 7

Writes, under ``tests/backgammon/fixtures/``:

* ``gnubg_plays.txt.gz``: (position, roll) pairs met in self-play, one per line,
  ``<position id> <die><die> <result id> <result id> ...`` (result ids sorted; the mover of a
  result is still the side that played);
* ``perft.txt``: chosen positions with the number of legal plays for each of the 21 rolls.

It needs the PyPI ``gnubg`` module (a dev-only dependency). The reference is gnubg's
``findbestmoves``, which lists every legal play once per resulting position. Its move tuples
stop at the first checker borne off, so for those plays the resulting position is rebuilt: an
independent, deliberately naive generator (every order of every die, no shortcuts) proposes
candidates that continue the given steps, and gnubg's own 0-ply score of each candidate must
equal the score gnubg gave the play. A pair is only written when gnubg's plays and the naive
generator's plays match one to one (a perfect matching), so the file is gnubg's verdict.
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
from functools import cache
from pathlib import Path

import gnubg

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "backgammon" / "fixtures"
PLAYS_FILE = FIXTURES / "gnubg_plays.txt.gz"
PERFT_FILE = FIXTURES / "perft.txt"

CUBE = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)  # money game, centred cube
ZERO_PLY = gnubg.evalcontext(0, 0, 1, 0, 0.0)  # cubeless, 0-ply, deterministic
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]  # higher die first
INITIAL_ID = "4HPwATDgc/ABMA"

# gnubg's board: (side not on roll, side on roll), 25 counts each in the side's own
# numbering, index i = point i + 1, index 24 = bar.
Side = tuple[int, ...]
Board = tuple[Side, Side]


# -- the naive generator --------------------------------------------------------------------


def _step(board: Board, index: int, die: int) -> Board | None:
    """Move one checker of the side on roll from ``index`` by ``die``, or None if illegal."""
    opp, me = list(board[0]), list(board[1])
    if not me[index] or (me[24] and index != 24):
        return None
    point = 25 if index == 24 else index + 1
    target = point - die
    me[index] -= 1
    if target >= 1:
        their = 24 - target  # the same point in the opponent's numbering, as an index
        if opp[their] >= 2:
            return None
        if opp[their] == 1:
            opp[their] = 0
            opp[24] += 1
        me[target - 1] += 1
    else:
        if any(me[6:25]):  # bear-off only with everything home
            return None
        if target < 0 and any(me[point:6]):  # a higher point is still occupied
            return None
    return (tuple(opp), tuple(me))


def naive_plays(board: Board, dice: tuple[int, int]) -> tuple[set[Board], int]:
    """Every legal resulting board and the number of dice a play uses, by brute force."""
    high, low = max(dice), min(dice)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    ends: dict[Board, tuple[int, int]] = {}  # result -> (dice used, first die)

    @cache
    def walk(current: Board, left: tuple[int, ...], used: int, first: int) -> None:
        moved = False
        if left:
            for index in range(25):
                after = _step(current, index, left[0])
                if after is not None:
                    moved = True
                    walk(after, left[1:], used + 1, first or left[0])
        if not moved:
            best = ends.get(current)
            if best is None or (used, first) > best:
                ends[current] = (used, first)

    for order in orders:
        walk(board, order, 0, 0)
    most = max(used for used, _ in ends.values())
    plays = {b for b, (used, _) in ends.items() if used == most}
    if high != low and most == 1 and any(ends[b][1] == high for b in plays):
        plays = {b for b in plays if ends[b][1] == high}
    return plays, most


# -- gnubg as the reference -----------------------------------------------------------------


def _score(result: Board) -> float:
    """gnubg's 0-ply score of a play: minus the opponent's equity after it."""
    return -gnubg.evaluate((result[1], result[0]), CUBE, ZERO_PLY)[5]


def _reachable(board: Board, dice: tuple[int, int], steps: int) -> set[Board]:
    seen = {board}
    frontier = {board}
    for _ in range(steps):
        frontier = {
            after
            for current in frontier
            for die in set(dice)
            for index in range(25)
            if (after := _step(current, index, die)) is not None
        }
        seen |= frontier
    return seen


def _perfect_matching(edges: list[set[Board]]) -> dict[int, Board] | None:
    owner: dict[Board, int] = {}

    def augment(entry: int, visited: set[Board]) -> bool:
        for result in edges[entry]:
            if result not in visited:
                visited.add(result)
                if result not in owner or augment(owner[result], visited):
                    owner[result] = entry
                    return True
        return False

    for entry in range(len(edges)):
        if not augment(entry, set()):
            return None
    return {entry: result for result, entry in owner.items()}


def gnubg_plays(board: Board, dice: tuple[int, int]) -> tuple[list[tuple[float, Board]], int]:
    """gnubg's plays as (score, resulting board), best first, and the dice a play uses.

    Raises AssertionError unless gnubg's plays and the naive generator's match one to one.
    """
    entries = gnubg.findbestmoves(board, CUBE, ZERO_PLY, dice)
    naive, used = naive_plays(board, dice)
    if not entries:
        if naive != {board}:
            raise AssertionError(f"gnubg: no play, naive: {len(naive)} for {board} {dice}")
        return [(0.0, board)], 0
    if len(entries) != len(naive):
        raise AssertionError(f"gnubg {len(entries)} plays, naive {len(naive)}: {board} {dice}")
    edges: list[set[Board]] = []
    for entry in entries:
        move = entry["move"]
        current: Board | None = board
        pairs = [move[i : i + 2] for i in range(0, len(move), 2)]
        for pair in pairs:
            frm = pair[0]
            to = pair[1] if len(pair) == 2 else 0  # the tuple stops at the first bear-off
            assert current is not None
            current = _step(current, frm - 1, frm - to) if to else _bear_off(current, frm, dice)
            if current is None:
                raise AssertionError(f"gnubg move {move} does not apply to {board}")
        assert current is not None
        if len(move) % 2 == 0:
            candidates = {current} & naive
        else:
            left = (4 if dice[0] == dice[1] else 2) - len(pairs)
            candidates = {
                result
                for result in naive & _reachable(current, dice, left)
                if abs(_score(result) - entry["score"]) < 2e-5
            }
        if not candidates:
            raise AssertionError(f"no result for gnubg move {move} from {board} {dice}")
        edges.append(candidates)
    matching = _perfect_matching(edges)
    if matching is None or set(matching.values()) != naive:
        raise AssertionError(f"gnubg and naive plays differ for {board} {dice}")
    return [(entry["score"], matching[i]) for i, entry in enumerate(entries)], used


def _bear_off(board: Board, frm: int, dice: tuple[int, int]) -> Board | None:
    """Bear a checker off from ``frm`` (gnubg's tuple does not say with which die)."""
    for die in sorted(set(dice)):
        if die >= frm and (after := _step(board, frm - 1, die)) is not None:
            return after
    return None


def reference_ids(position_id: str, dice: tuple[int, int]) -> list[str]:
    """Sorted Position IDs of every legal result, as gnubg sees them (verified)."""
    board = gnubg.positionfromid(position_id)
    plays, _ = gnubg_plays(board, dice)
    return sorted({gnubg.positionid(result) for _, result in plays})


# -- self-play ------------------------------------------------------------------------------


def classify(board: Board, dice: tuple[int, int], used: int) -> set[str]:
    """Labels for the statistics printed at the end."""
    opp, me = board
    kinds = set()
    if me[24]:
        kinds.add("bar")
        if all(opp[i] >= 2 for i in range(6)):
            kinds.add("bar against a closed board")
    if not any(me[6:25]):
        kinds.add("bear-off")
    if not used:
        kinds.add("no move")
    elif dice[0] == dice[1] and used < 4:
        kinds.add("partial double")
    elif dice[0] != dice[1] and used == 1:
        kinds.add("one die only")
    return kinds


Corpus = list[tuple[str, tuple[int, int], list[str]]]


def self_play(pairs: int, seed: int) -> tuple[Corpus, dict[str, list[str]]]:
    """(position id, roll, sorted result ids) for positions met in self-play, and some
    position ids of each kind in :data:`SAMPLED_KINDS`."""
    rng = random.Random(seed)
    corpus: dict[tuple[str, tuple[int, int]], list[str]] = {}
    kinds: dict[str, int] = {}
    samples: dict[str, list[str]] = {kind: [] for kind in SAMPLED_KINDS}
    games = 0
    while len(corpus) < pairs:
        games += 1
        board: Board = gnubg.positionfromid(INITIAL_ID)
        # Mostly gnubg's best play (primes, closed boards, bear-offs), sometimes a random one
        # (hits, checkers on the bar, odd structures).
        greed = rng.choice((0.9, 0.6, 0.3))
        while True:
            high, low = rng.randint(1, 6), rng.randint(1, 6)
            dice = (max(high, low), min(high, low))
            plays, used = gnubg_plays(board, dice)
            pid = gnubg.positionid(board)
            if (pid, dice) not in corpus:
                corpus[(pid, dice)] = sorted({gnubg.positionid(r) for _, r in plays})
                for kind in classify(board, dice, used):
                    kinds[kind] = kinds.get(kind, 0) + 1
                    if kind in samples and len(samples[kind]) < 3 and pid not in samples[kind]:
                        samples[kind].append(pid)
            _, chosen = plays[0] if rng.random() < greed else rng.choice(plays)
            if not any(chosen[1]):
                break  # the side on roll has borne off everything
            board = (chosen[1], chosen[0])
        print(f"game {games}: {len(corpus)} pairs", file=sys.stderr, end="\r")
    print(f"\n{games} games; kinds of pairs: {kinds}", file=sys.stderr)
    return [(pid, dice, ids) for (pid, dice), ids in corpus.items()][:pairs], samples


# -- perft ----------------------------------------------------------------------------------


def _board(mover: dict[int, int], opponent: dict[int, int]) -> Board:
    def side(points: dict[int, int]) -> Side:
        counts = [0] * 25
        for point, number in points.items():
            counts[point - 1] = number
        return tuple(counts)

    return (side(opponent), side(mover))


PERFT_POSITIONS = [
    ("opening", {24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}),
    (
        "contact middle game",
        {24: 1, 22: 1, 13: 4, 9: 1, 8: 2, 6: 4, 5: 2},
        {24: 2, 18: 1, 13: 4, 8: 3, 6: 3, 5: 2},
    ),
    (
        "blitz with blots",
        {25: 1, 20: 1, 13: 3, 10: 1, 8: 2, 6: 4, 5: 2, 4: 1},
        {25: 1, 23: 1, 13: 4, 8: 2, 7: 1, 6: 3, 4: 2, 3: 1},
    ),
    (
        "closed board, two on the bar",
        {25: 2, 13: 5, 8: 3, 6: 5},
        {13: 3, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2},
    ),
    (
        "five-point board, one on the bar",
        {25: 1, 13: 5, 8: 4, 6: 5},
        {13: 5, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2},
    ),
    ("three on the bar", {25: 3, 13: 4, 8: 3, 6: 5}, {13: 5, 8: 2, 6: 4, 3: 2, 1: 2}),
    (
        "six-prime ahead",
        {24: 2, 13: 3, 12: 2, 11: 2, 10: 2, 9: 2, 8: 2},
        {22: 1, 6: 3, 5: 3, 4: 3, 3: 3, 2: 2},
    ),
    (
        "partial doubles behind a prime",
        {24: 2, 20: 3, 6: 5, 5: 5},
        {12: 2, 11: 2, 10: 2, 9: 2, 8: 2, 7: 2, 6: 3},
    ),
    ("bear-off, rules example 5-2", {3: 2, 2: 2, 1: 1}, {13: 5, 8: 5, 6: 5}),
    ("bear-off with gaps", {6: 1, 4: 2, 1: 3}, {18: 3, 13: 2, 6: 5}),
    ("bear-off against an anchor", {6: 4, 5: 4, 4: 3, 3: 2, 1: 2}, {23: 2, 13: 5, 8: 3, 6: 5}),
    (
        "last checker coming home",
        {8: 1, 6: 5, 5: 4, 4: 3, 2: 2},
        {22: 2, 12: 3, 6: 5, 5: 5},
    ),
    ("race", {12: 2, 9: 3, 7: 2, 6: 4, 4: 2, 2: 2}, {11: 2, 10: 2, 8: 3, 6: 4, 5: 4}),
]
"""Chosen by hand: (label, side on roll, side not on roll) as {point: checkers}, 25 = bar."""

SAMPLED_KINDS = ("one die only", "partial double", "bar against a closed board", "no move")
"""Kinds of self-play positions added to the perft file, a few of each."""


def perft_lines(samples: dict[str, list[str]]) -> list[str]:
    chosen = [(label, _board(mover, opponent)) for label, mover, opponent in PERFT_POSITIONS]
    for kind, ids in samples.items():
        chosen += [(f"self-play: {kind} for some roll", gnubg.positionfromid(i)) for i in ids]
    lines = []
    for label, board in chosen:
        counts = []
        for dice in ROLLS:
            plays, used = gnubg_plays(board, (dice[0], dice[1]))
            counts.append(f"{dice[0]}{dice[1]}:{len(plays) if used else 0}")
        lines.append(f"{gnubg.positionid(board)} {' '.join(counts)} # {label}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    FIXTURES.mkdir(parents=True, exist_ok=True)

    header = [
        "# Legal plays by GNU Backgammon (PyPI gnubg "
        f"{gnubg.__version__}); regenerate with scripts/gen_play_fixtures.py",
    ]
    corpus, samples = self_play(args.pairs, args.seed)
    perft = perft_lines(samples)
    PERFT_FILE.write_text(
        "\n".join(
            [
                *header,
                "# <position id> <roll>:<number of legal plays> ... # label; 0 = nothing to play",
                *perft,
            ]
        )
        + "\n"
    )
    lines = [
        *header,
        f"# seed {args.seed}; <position id> <roll> <sorted ids of the resulting positions>",
        *(f"{pid} {d1}{d2} {' '.join(ids)}" for pid, (d1, d2), ids in corpus),
    ]
    # mtime=0 keeps the file byte-for-byte the same when nothing changed.
    with gzip.GzipFile(PLAYS_FILE, "wb", compresslevel=9, mtime=0) as out:
        out.write(("\n".join(lines) + "\n").encode("ascii"))
    print(f"wrote {PERFT_FILE.relative_to(ROOT)} and {PLAYS_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
