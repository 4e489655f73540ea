"""Perft-style counts: the number of legal plays per roll for chosen positions.

The counts in ``fixtures/perft.txt`` are GNU Backgammon's (``len(findbestmoves(...))``),
written by ``scripts/gen_play_fixtures.py``; 0 means nothing can be played.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from backgammon import MoveRules, Position

PERFT = Path(__file__).parent / "fixtures" / "perft.txt"


def _cases() -> list[tuple[str, str, dict[tuple[int, int], int]]]:
    cases = []
    for line in PERFT.read_text(encoding="ascii").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        data, _, label = line.partition(" # ")
        position_id, *counts = data.split()
        by_roll = {
            (int(roll[0]), int(roll[1])): int(n) for roll, n in (c.split(":") for c in counts)
        }
        cases.append((label, position_id, by_roll))
    return cases


CASES = _cases()


def test_the_fixture_covers_every_kind_of_position() -> None:
    labels = " ".join(label for label, _, _ in CASES)
    for kind in ("opening", "bar", "closed board", "bear-off", "one die only", "partial double"):
        assert kind in labels
    assert all(len(counts) == 21 for _, _, counts in CASES)


@pytest.mark.parametrize(("label", "position_id", "counts"), CASES, ids=[c[0] for c in CASES])
def test_number_of_legal_plays_per_roll(
    label: str, position_id: str, counts: dict[tuple[int, int], int]
) -> None:
    pos = Position.from_position_id(position_id)
    found = {}
    for dice in counts:
        plays = pos.legal_plays(dice)
        found[dice] = 0 if plays[0].steps == () else len(plays)
    assert found == counts, label


@pytest.mark.parametrize(
    "rules",
    [MoveRules(), MoveRules(last_checker_larger_die=True, no_hit_and_continue_home=True)],
    ids=["standard", "regel 15 and 16"],
)
def test_finding_the_plays_leaves_nothing_for_the_garbage_collector(rules: MoveRules) -> None:
    """Every roll of every fixture position is searched without a reference cycle: what a
    search builds is freed when it returns. Cycles pile up between collections, and the
    collector's pauses hold up every online board of a server process."""
    gc.collect()
    gc.disable()
    try:
        for _label, position_id, counts in CASES:
            pos = Position.from_position_id(position_id)
            for dice in counts:
                pos.legal_plays(dice, rules=rules)
        assert gc.collect() == 0
    finally:
        gc.enable()
