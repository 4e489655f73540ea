"""Positions: Position IDs, construction, the view of each side, and the helpers."""

from __future__ import annotations

import base64
import copy
import doctest
import importlib
import pickle
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backgammon import INITIAL_POSITION_ID, Position, WinKind

INITIAL = {24: 2, 13: 5, 8: 3, 6: 5}


def _id_from_bits(bits: str) -> str:
    """A Position ID with these key bits (first bit = least significant)."""
    value = int(bits[::-1], 2)
    return base64.b64encode(value.to_bytes(10, "little")).decode()[:14]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any possible position: up to 15 checkers a side, never two sides on one point."""
    top = draw(st.sampled_from((6, 12, 25)))  # many bear-offs, some races, full boards
    mover: dict[int, int] = {}
    for _ in range(draw(st.integers(0, 15))):
        point = draw(st.integers(1, top))
        mover[point] = mover.get(point, 0) + 1
    free = [q for q in range(1, 26) if q == 25 or 25 - q not in mover]
    opponent: dict[int, int] = {}
    for _ in range(draw(st.integers(0 if mover else 1, 15))):
        point = draw(st.sampled_from(free))
        opponent[point] = opponent.get(point, 0) + 1
    return Position.from_points(mover=mover, opponent=opponent)


def test_initial_position_id() -> None:
    assert Position.initial().position_id() == INITIAL_POSITION_ID == "4HPwATDgc/ABMA"
    assert Position.from_position_id(INITIAL_POSITION_ID) == Position.initial()
    assert Position.from_points(mover=INITIAL, opponent=INITIAL) == Position.initial()


def test_the_side_not_on_roll_comes_first_in_the_id() -> None:
    # The side on roll has played 24/23 from the start; the ids are gnubg.positionid's.
    pos = Position.from_points(mover={24: 1, 23: 1, 13: 5, 8: 3, 6: 5}, opponent=INITIAL)
    assert pos.position_id() == "4HPwATDgc/ABKA"
    assert pos.swapped().position_id() == "4HPwASjgc/ABMA"
    assert Position.from_position_id("4HPwATDgc/ABKA") == pos


@pytest.mark.parametrize(
    ("position_id", "reason"),
    [
        ("", "expected 14 base64 characters"),
        ("4HPwATDgc/ABM", "expected 14 base64 characters"),
        ("4HPwATDgc/ABMAA", "expected 14 base64 characters"),
        ("4HPwATDgc/AB=A", "expected 14 base64 characters"),
        ("4HPwATDgc-ABMA", "expected 14 base64 characters"),
        (_id_from_bits("1" * 16 + "0" * 50), r"has 16 checkers \(at most 15\)"),
        # The side not on roll on its 19-point, the side on roll on its 6-point: one point.
        (_id_from_bits("0" * 18 + "1" + "0" * 7 + "0" * 5 + "1" + "0" * 20), "both sides"),
        ("////////////AA", "does not describe 25 points"),
        ("AAAAAAAAAAAAAA", "both sides have borne off"),
        ("//////////////", "does not describe 25 points"),
        ("4HPwATDgc/ABMg", "does not describe 25 points"),
    ],
)
def test_invalid_position_ids_raise_value_error(position_id: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        Position.from_position_id(position_id)


def test_non_text_position_id_raises_value_error() -> None:
    with pytest.raises(ValueError, match="Position ID"):
        Position.from_position_id(12345)  # type: ignore[arg-type]


def test_overlapping_sides_are_impossible() -> None:
    with pytest.raises(ValueError, match="both sides have checkers on point 6"):
        Position.from_points(mover={6: 1}, opponent={19: 1})


@pytest.mark.parametrize(
    ("mover", "message"),
    [
        ({0: 1}, "point 0 of the side on roll is not 1..25"),
        ({26: 1}, "point 26 of the side on roll is not 1..25"),
        ({6: -1}, "-1 checkers on point 6"),
        ({6: 16}, "the side on roll has 16 checkers"),
        ({6: 8, 5: 8}, "the side on roll has 16 checkers"),
    ],
)
def test_from_points_checks_its_input(mover: dict[int, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Position.from_points(mover=mover, opponent={1: 1})


def test_sides_with_fewer_checkers_have_the_rest_borne_off() -> None:
    pos = Position.from_points(mover={3: 2, 25: 1}, opponent={})
    assert pos.mover[0] == 12
    assert pos.mover[25] == 1
    assert pos.opponent == (15,) + (0,) * 25


def test_swapped_changes_the_point_of_view() -> None:
    pos = Position.from_points(mover={25: 1, 6: 3, 1: 2}, opponent={23: 2, 3: 1})
    other = pos.swapped()
    assert other.mover == pos.opponent
    assert other.opponent == pos.mover
    assert other.swapped() == pos
    assert Position.initial().swapped() == Position.initial()


def test_positions_are_frozen_hashable_values() -> None:
    pos = Position.initial()
    with pytest.raises(FrozenInstanceError):
        pos._key = 0  # type: ignore[misc]
    with pytest.raises((AttributeError, TypeError)):
        pos.extra = 1  # type: ignore[attr-defined]
    assert {pos, Position.from_position_id(INITIAL_POSITION_ID)} == {pos}
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert copy.deepcopy(pos) == pos
    assert repr(pos) == "Position('4HPwATDgc/ABMA')"
    assert eval(repr(pos)) == pos == Position()
    assert str(pos) == INITIAL_POSITION_ID


def test_pip_counts() -> None:
    assert Position.initial().pip_counts() == (167, 167)
    pos = Position.from_points(mover={25: 1, 1: 2}, opponent={25: 2, 6: 1})
    assert pos.pip_counts() == (27, 56)


@pytest.mark.parametrize(
    ("mover", "opponent", "race"),
    [
        (INITIAL, INITIAL, False),
        ({6: 15}, {6: 15}, True),
        ({12: 15}, {12: 15}, True),  # the sides stand on each other's 12- and 13-points
        ({13: 15}, {13: 15}, False),  # ... 13 and 12 for both: they still have to pass
        ({6: 14}, {25: 1, 6: 14}, False),  # a checker on the bar will come in behind
        ({25: 1, 6: 14}, {6: 15}, False),
        ({}, {20: 15}, True),  # the game is over
    ],
)
def test_is_race(mover: dict[int, int], opponent: dict[int, int], race: bool) -> None:
    assert Position.from_points(mover=mover, opponent=opponent).is_race() is race


@pytest.mark.parametrize(
    ("opponent", "kind"),
    [
        ({6: 14}, WinKind.SINGLE),  # one checker borne off
        ({6: 15}, WinKind.GAMMON),
        ({13: 15}, WinKind.GAMMON),
        ({19: 1, 6: 14}, WinKind.BACKGAMMON),  # one in the winner's home board
        ({25: 1, 6: 14}, WinKind.BACKGAMMON),  # one on the bar
        ({25: 1, 6: 13}, WinKind.SINGLE),  # on the bar, but one already off
    ],
)
def test_winner_kind(opponent: dict[int, int], kind: WinKind) -> None:
    pos = Position.from_points(mover={}, opponent=opponent)
    assert pos.winner_kind() is kind
    assert pos.swapped().winner_kind() is None
    assert kind.multiplier == {"SINGLE": 1, "GAMMON": 2, "BACKGAMMON": 3}[kind.name]


def test_no_winner_while_both_sides_play() -> None:
    assert Position.from_points(mover={1: 1}, opponent={1: 1}).winner_kind() is None


@settings(max_examples=300, deadline=None)
@given(positions())
def test_position_id_round_trip(pos: Position) -> None:
    position_id = pos.position_id()
    assert len(position_id) == 14
    assert Position.from_position_id(position_id) == pos
    assert Position.from_position_id(pos.swapped().position_id()) == pos.swapped()
    mover = {p: n for p, n in enumerate(pos.mover) if n and p}
    opponent = {q: n for q, n in enumerate(pos.opponent) if n and q}
    assert Position.from_points(mover=mover, opponent=opponent) == pos
    assert sum(pos.mover) == sum(pos.opponent) == 15
    assert pos.swapped().swapped() == pos
    mover_pips, opponent_pips = pos.pip_counts()
    assert pos.swapped().pip_counts() == (opponent_pips, mover_pips)
    assert pos.swapped().is_race() == pos.is_race()


ENGINE_MODULES = [
    "backgammon",
    "backgammon._layout",
    "backgammon._movegen",
    "backgammon._notation",
    "backgammon._position_id",
    "backgammon.errors",
    "backgammon.play",
    "backgammon.position",
    "backgammon.rules",
]


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
