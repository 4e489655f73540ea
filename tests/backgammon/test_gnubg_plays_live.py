"""Live checks against GNU Backgammon (the dev-only PyPI ``gnubg``; skipped without it).

* a sample of the shipped fixture is derived again from gnubg, so a stale fixture shows;
* positions of a fresh self-play (another seed than the fixture's) agree with our plays;
* our Position IDs are gnubg's, both ways;
* gnubg's own text for its plays is read back by ``parse_play`` to the same position.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings

from backgammon import Position

from .test_gnubg_plays import PAIRS
from .test_position import positions

gnubg = pytest.importorskip("gnubg")

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "gen_play_fixtures.py"


@pytest.fixture(scope="module")
def reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_play_fixtures", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _board(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """gnubg's board: (side not on roll, side on roll), points 1..24 then the bar."""
    return (pos.opponent[1:], pos.mover[1:])


def test_fixture_sample_is_still_what_gnubg_says(reference: ModuleType) -> None:
    for position_id, dice, expected in random.Random(1).sample(PAIRS, 500):
        assert reference.reference_ids(position_id, dice) == expected


def test_fresh_self_play_agrees_with_gnubg(reference: ModuleType) -> None:
    corpus, _ = reference.self_play(1000, seed=99)
    for position_id, dice, expected in corpus:
        plays = Position.from_position_id(position_id).legal_plays(dice)
        assert sorted(play.result.position_id() for play in plays) == expected


@settings(max_examples=300, deadline=None)
@given(positions())
def test_position_ids_are_gnubgs(pos: Position) -> None:
    assert gnubg.positionid(_board(pos)) == pos.position_id()
    assert tuple(map(tuple, gnubg.positionfromid(pos.position_id()))) == _board(pos)


def test_gnubg_move_text_reads_back(reference: ModuleType) -> None:
    checked = 0
    for position_id, dice, _ in random.Random(2).sample(PAIRS, 300):
        pos = Position.from_position_id(position_id)
        board = gnubg.positionfromid(position_id)
        moves = gnubg.findbestmoves(board, reference.CUBE, reference.ZERO_PLY, dice)
        if not moves:
            continue
        scored, _ = reference.gnubg_plays(board, dice)
        for entry, (_, result) in zip(moves, scored, strict=True):
            text = gnubg.movetupletostring(entry["move"], board)
            if len(entry["move"]) % 2:
                continue  # the tuple (and so the text) stops at the first bear-off
            play = pos.parse_play(text, dice)
            assert _board(play.result) == tuple(map(tuple, result)), text
            checked += 1
    assert checked > 1000
