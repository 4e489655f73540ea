"""Differential test: every legal play agrees with GNU Backgammon's.

``fixtures/gnubg_plays.txt.gz`` holds (position, roll) pairs met in self-play, with the
Position IDs of every resulting position as gnubg's ``findbestmoves`` lists them
(regenerate with ``scripts/gen_play_fixtures.py``). No gnubg is needed to run this.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from backgammon import Position

FIXTURE = Path(__file__).parent / "fixtures" / "gnubg_plays.txt.gz"


def _pairs() -> list[tuple[str, tuple[int, int], list[str]]]:
    with gzip.open(FIXTURE, "rt", encoding="ascii") as lines:
        return [
            (fields[0], (int(fields[1][0]), int(fields[1][1])), fields[2:])
            for fields in (line.split() for line in lines if not line.startswith("#"))
        ]


PAIRS = _pairs()


def test_the_corpus_is_large_and_varied() -> None:
    positions = {Position.from_position_id(pid) for pid, _, _ in PAIRS}
    assert len(PAIRS) >= 5000 and len(positions) >= 5000
    on_bar = [p for p in positions if p.mover[25]]
    closed = [p for p in on_bar if all(p.opponent[q] >= 2 for q in range(1, 7))]
    bear_off = [p for p in positions if not any(p.mover[7:])]
    assert len(on_bar) >= 500 and len(closed) >= 10 and len(bear_off) >= 300
    doubles = [dice for _, dice, _ in PAIRS if dice[0] == dice[1]]
    assert len(doubles) >= 500


def test_legal_plays_match_gnubg() -> None:
    mismatches = []
    for position_id, dice, expected in PAIRS:
        plays = Position.from_position_id(position_id).legal_plays(dice)
        found = sorted(play.result.position_id() for play in plays)
        if found != expected:
            mismatches.append(
                f"{position_id} {dice}: missing {sorted(set(expected) - set(found))}, "
                f"extra {sorted(set(found) - set(expected))}"
            )
    assert not mismatches, f"{len(mismatches)} of {len(PAIRS)} differ:\n" + "\n".join(
        mismatches[:10]
    )
