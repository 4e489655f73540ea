"""MatchRules: the variant settings, their defaults and their checks."""

from __future__ import annotations

import json

import pytest

from backgammon import MatchRules, MoveRules, StartRule


def test_defaults_are_the_standard_rules() -> None:
    rules = MatchRules(length=7)
    assert rules.is_point_match and not rules.is_best_of and not rules.is_money
    assert rules.uses_cube and rules.crawford and rules.uses_crawford
    assert not rules.holland and rules.max_cube is None and not rules.jacoby
    assert rules.start is StartRule.OPENING_ROLL and not rules.lower_die_starts
    assert rules.move_rules == MoveRules()
    assert rules.wins_needed == 7


def test_best_of_has_no_cube_by_default() -> None:
    rules = MatchRules(games=3)
    assert rules.is_best_of and rules.cube is False and not rules.uses_cube
    assert not rules.uses_crawford
    assert rules.wins_needed == 2
    assert MatchRules(games=5).wins_needed == 3


def test_money_session() -> None:
    rules = MatchRules(jacoby=True)
    assert rules.is_money and rules.uses_cube and rules.wins_needed == 0


@pytest.mark.parametrize(
    "options",
    [
        {"length": 7, "games": 3},
        {"games": 4},
        {"length": -1},
        {"length": 40000},
        {"games": 3, "cube": True},
        {"length": 7, "max_cube": 48},
        {"length": 7, "max_cube": 1},
        {"length": 7, "jacoby": True},
        {"games": 3, "jacoby": True},
        {"length": 7, "holland": True, "crawford": False},
        {"length": 7, "holland": True, "cube": False},
        {"holland": True},
        {"length": 7, "start": "whoever"},
    ],
)
def test_inconsistent_settings_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        MatchRules(**options)  # type: ignore[arg-type]


def test_cube_values() -> None:
    rules = MatchRules(length=7, max_cube=64)
    assert [v for v in range(1, 200) if rules.cube_value_allowed(v)] == [1, 2, 4, 8, 16, 32, 64]
    assert MatchRules(length=7).cube_value_allowed(1 << 20)
    assert not MatchRules(length=7, cube=False).cube_value_allowed(2)
    assert MatchRules(games=3).cube_value_allowed(1)


def test_every_variant_is_an_option_and_round_trips_through_json() -> None:
    rules = MatchRules(
        length=9,
        crawford=True,
        holland=True,
        max_cube=64,
        start=StartRule.LOSER_STARTS_SECOND,
        lower_die_starts=True,
        last_checker_larger_die=True,
        no_hit_and_continue_home=True,
    )
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["start"] == "loser_starts_second"
    assert MatchRules.from_dict(data) == rules
    assert rules.move_rules == MoveRules(
        last_checker_larger_die=True, no_hit_and_continue_home=True
    )
    with pytest.raises(ValueError):
        MatchRules.from_dict({**data, "beavers": True})


def test_start_rule_accepts_its_string() -> None:
    assert MatchRules(length=3, start="winner_starts").start is StartRule.WINNER_STARTS  # type: ignore[arg-type]
