"""The chouette sheet's scoring and the sheets it refuses (the club's decided defaults)."""

from __future__ import annotations

import doctest
import importlib

import pytest

from chouettes.core import sheet as sheet_module
from chouettes.core.sheet import (
    CubeMode,
    Drop,
    GameSheet,
    Kind,
    Line,
    Owner,
    Rules,
    SheetError,
    Side,
    score,
)


def test_a_dropped_double_costs_the_cube_before_the_double():
    sheet = GameSheet(
        (Line(cube=2, owner=Owner.MEMBER, drop=Drop.BOX), Line(cube=1, drop=Drop.MEMBER), Line()),
        winner=Side.TEAM,
    )
    assert score(Rules(), sheet) == (-2, 1, -1)


def test_jacoby_counts_gammons_single_without_an_offered_double_resigned_too():
    rules = Rules(jacoby=True, automatic_limit=1)
    resigned = GameSheet((Line(), Line(cube=2, owner=Owner.BOX)), Side.BOX, Kind.GAMMON, True)
    assert score(rules, resigned) == (1, 4)
    # An automatic double turns the cube but is not an offered double.
    automatic = GameSheet((Line(cube=2),), Side.TEAM, Kind.BACKGAMMON, automatic=1)
    assert score(rules, automatic) == (-2,)
    assert score(Rules(automatic_limit=1), automatic) == (-6,)


@pytest.mark.parametrize(
    ("rules", "sheet", "code", "seat"),
    [
        (Rules(), GameSheet((Line(cube=3, owner=Owner.BOX),), Side.BOX), "cube_not_power", 0),
        (Rules(), GameSheet((Line(), Line(cube=2)), Side.BOX), "centered_cube_value", 1),
        (Rules(), GameSheet((Line(owner=Owner.BOX),), Side.BOX), "owned_cube_value", 0),
        (Rules(), GameSheet((Line(),), Side.BOX, automatic=1), "automatic_above_limit", None),
        (
            Rules(),
            GameSheet((Line(cube=4, owner=Owner.BOX, beaver=True),), Side.BOX),
            "beavers_off",
            0,
        ),
        (
            Rules(),
            GameSheet((Line(cube=2, owner=Owner.MEMBER, drop=Drop.MEMBER),), None),
            "double_by_non_owner",
            0,
        ),
        (
            Rules(cube_mode=CubeMode.TEAM),
            GameSheet((Line(drop=Drop.MEMBER), Line()), Side.BOX),
            "team_cube_apart",
            None,
        ),
        (Rules(), GameSheet((Line(),), None), "winner_missing", None),
        (Rules(), GameSheet((Line(drop=Drop.BOX),), Side.TEAM), "winner_after_drops", None),
    ],
)
def test_sheets_that_do_not_fit_the_cube_or_the_rules_are_refused(rules, sheet, code, seat):
    with pytest.raises(SheetError) as refused:
        score(rules, sheet)
    assert (refused.value.code, refused.value.seat) == (code, seat)


@pytest.mark.parametrize("module", ["sheet", "replay", "settlement"])
def test_doctests(module):
    imported = importlib.import_module(f"chouettes.core.{module}")
    assert doctest.testmod(imported).failed == 0
    assert sheet_module.MULTIPLIER[Kind.BACKGAMMON] == 3
