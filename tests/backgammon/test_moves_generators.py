"""The engine's generator of legal plays against the reference kept in ``movegen_reference``.

The generator was rewritten for speed; what it returns must not change at all: the same plays
(one per resulting position), each with the same steps and hits, in the same order. Both are
compared on the differential corpus (6,000 positions and rolls met in self-play) and on
random positions with every roll, under the standard rules and the optional ones.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from backgammon import MoveRules, Position
from backgammon._movegen import generate
from backgammon.rules import STANDARD_RULES

from . import movegen_reference as reference
from .test_position import positions

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
CORPUS = Path(__file__).parent / "fixtures" / "gnubg_plays.txt.gz"
ALL_RULES = [
    STANDARD_RULES,
    MoveRules(last_checker_larger_die=True),
    MoveRules(no_hit_and_continue_home=True),
    MoveRules(last_checker_larger_die=True, no_hit_and_continue_home=True),
]


def _corpus() -> list[tuple[int, int, int]]:
    with gzip.open(CORPUS, "rt", encoding="ascii") as lines:
        rows = [line.split() for line in lines if not line.startswith("#")]
    return [
        (Position.from_position_id(row[0])._key, max(map(int, row[1])), min(map(int, row[1])))
        for row in rows
    ]


def test_the_corpus_gives_exactly_what_the_reference_gives() -> None:
    differ = [
        (key, hi, lo)
        for key, hi, lo in _corpus()
        if generate(key, hi, lo, STANDARD_RULES) != reference.generate(key, hi, lo, STANDARD_RULES)
    ]
    assert not differ, f"{len(differ)} differ, e.g. {differ[:3]}"


@settings(max_examples=200, deadline=None)
@given(positions())
def test_every_roll_gives_exactly_what_the_reference_gives(pos: Position) -> None:
    for hi, lo in ROLLS:
        new = generate(pos._key, hi, lo, STANDARD_RULES)
        assert new == reference.generate(pos._key, hi, lo, STANDARD_RULES), (pos, hi, lo)


@settings(max_examples=150, deadline=None)
@given(positions(), st.sampled_from(ROLLS), st.sampled_from(ALL_RULES[1:]))
def test_the_optional_rules_give_exactly_what_the_reference_gives(
    pos: Position, dice: tuple[int, int], rules: MoveRules
) -> None:
    hi, lo = dice
    assert generate(pos._key, hi, lo, rules) == reference.generate(pos._key, hi, lo, rules)
