"""Perft-style counts: the number of legal plays per roll for chosen positions.

The counts in ``fixtures/perft.txt`` are GNU Backgammon's (``len(findbestmoves(...))``),
written by ``scripts/gen_play_fixtures.py``; 0 means nothing can be played.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from backgammon import Position

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
