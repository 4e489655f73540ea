"""Points, results and the result validators (table-driven)."""

from __future__ import annotations

import pytest

from backgammon.errors import ResultError
from backgammon.matchrules import MatchRules
from backgammon.scoring import (
    NON_FIELD,
    EndedBy,
    GameResult,
    WinKind,
    final_score_reachable,
    match_progress,
    points_for,
    validate_final_score,
    validate_next_result,
    validate_results,
)

SEVEN = MatchRules(length=7)
BEST_OF_3 = MatchRules(games=3)
MONEY = MatchRules()
JACOBY = MatchRules(jacoby=True)


def result(
    winner: int = 0,
    kind: str = "single",
    cube: int = 1,
    points: int | None = None,
    ended_by: str = "bearoff",
    rules: MatchRules = SEVEN,
) -> GameResult:
    if points is None:
        points = points_for(kind, cube, rules)
    return GameResult(winner, WinKind(kind), cube, points, EndedBy(ended_by))


@pytest.mark.parametrize(
    ("kind", "cube", "rules", "points"),
    [
        ("single", 1, SEVEN, 1),
        ("gammon", 1, SEVEN, 2),
        ("backgammon", 1, SEVEN, 3),
        ("single", 2, SEVEN, 2),
        ("gammon", 4, SEVEN, 8),
        ("backgammon", 8, SEVEN, 24),
        ("backgammon", 64, SEVEN, 192),
        # best-of-N: always one, whatever happened (002)
        ("single", 1, BEST_OF_3, 1),
        ("gammon", 1, BEST_OF_3, 1),
        ("backgammon", 1, BEST_OF_3, 1),
        # money, no Jacoby
        ("gammon", 1, MONEY, 2),
        ("backgammon", 2, MONEY, 6),
        # Jacoby: gammons count only once the cube was turned
        ("gammon", 1, JACOBY, 1),
        ("backgammon", 1, JACOBY, 1),
        ("gammon", 2, JACOBY, 4),
        ("backgammon", 4, JACOBY, 12),
    ],
)
def test_points_for(kind: str, cube: int, rules: MatchRules, points: int) -> None:
    assert points_for(kind, cube, rules) == points
    assert GameResult.scored(1, kind, cube, "bearoff", rules).points == points


def test_drop_scores_the_cube_before_the_double() -> None:
    dropped = GameResult.scored(0, "single", 4, "drop", SEVEN)
    assert (dropped.points, dropped.cube, dropped.kind) == (4, 4, WinKind.SINGLE)


def test_win_kind_is_a_string_enum_with_multiplier() -> None:
    assert WinKind.GAMMON == "gammon"
    assert [k.multiplier for k in WinKind] == [1, 2, 3]
    assert WinKind(2) is WinKind.GAMMON  # e.g. Position.winner_kind()'s IntEnum
    assert WinKind.of_multiple(3) is WinKind.BACKGAMMON
    with pytest.raises(ValueError):
        WinKind.of_multiple(4)
    assert EndedBy.FORFEIT == "forfeit"


def test_result_round_trips_through_a_plain_dict() -> None:
    original = result(1, "gammon", 4, ended_by="resign")
    data = original.to_dict()
    assert data == {
        "winner": 1,
        "kind": "gammon",
        "cube": 4,
        "points": 8,
        "ended_by": "resign",
    }
    assert GameResult.from_dict(data) == original
    assert original.loser == 0


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"winner": 2}, "invalid_winner", "winner"),
        ({"winner": True}, "invalid_winner", "winner"),
        ({"kind": "double"}, "invalid_kind", "kind"),
        ({"ended_by": "timeout"}, "invalid_ended_by", "ended_by"),
        ({"cube": 3}, "invalid_cube", "cube"),
        ({"cube": 0}, "invalid_cube", "cube"),
        ({"points": 0}, "invalid_points", "points"),
    ],
)
def test_game_result_rejects_bad_values(fields: dict[str, object], code: str, field: str) -> None:
    values: dict[str, object] = {
        "winner": 0,
        "kind": "single",
        "cube": 1,
        "points": 1,
        "ended_by": "bearoff",
    }
    values.update(fields)
    with pytest.raises(ResultError) as caught:
        GameResult(**values)  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.field) == (code, field)


# --- validate_next_result -------------------------------------------------------------------


def singles(p0: int, p1: int) -> list[GameResult]:
    """Single wins reaching ``p0``-``p1``, player 1's first (so player 0 reaches 6 last)."""
    return [result(1)] * p1 + [result(0)] * p0


@pytest.mark.parametrize(
    ("rules", "previous", "candidate", "code", "field"),
    [
        # the match is over (7-point match won 7-0)
        (SEVEN, singles(7, 0), result(1), "match_over", NON_FIELD),
        (BEST_OF_3, singles(2, 0), result(1, rules=BEST_OF_3), "match_over", NON_FIELD),
        # no cube in best-of-N, neither turned nor dropped
        (BEST_OF_3, [], result(0, cube=2, points=1, rules=BEST_OF_3), "cube_in_best_of", "cube"),
        (
            BEST_OF_3,
            [],
            result(0, ended_by="drop", rules=BEST_OF_3),
            "cube_in_best_of",
            "ended_by",
        ),
        # cube switched off
        (MatchRules(length=7, cube=False), [], result(0, cube=2), "cube_disabled", "cube"),
        # the Crawford game: 6-3 in a 7-point match, first game at 6
        (SEVEN, singles(6, 3), result(1, cube=2), "cube_in_crawford_game", "cube"),
        (SEVEN, singles(6, 3), result(1, ended_by="drop"), "cube_in_crawford_game", "ended_by"),
        # cube limit
        (MatchRules(length=7, max_cube=64), [], result(0, cube=128), "cube_above_max", "cube"),
        (
            MatchRules(length=7, max_cube=64),
            [],
            result(0, cube=64, ended_by="drop"),
            "cube_above_max",
            "cube",
        ),
        # a dropped double ends single
        (SEVEN, [], result(0, "gammon", 2, ended_by="drop"), "drop_not_single", "kind"),
        # points must match kind x cube
        (SEVEN, [], result(0, "gammon", 2, points=2), "points_mismatch", "points"),
        (
            BEST_OF_3,
            [],
            result(0, "gammon", 1, points=2, rules=BEST_OF_3),
            "points_mismatch",
            "points",
        ),
    ],
)
def test_validate_next_result_errors(
    rules: MatchRules,
    previous: list[GameResult],
    candidate: GameResult,
    code: str,
    field: str,
) -> None:
    with pytest.raises(ResultError) as caught:
        validate_next_result(rules, previous, candidate)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert caught.value.game == len(previous) + 1
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("rules", "previous", "candidate"),
    [
        (SEVEN, [], result(0, "backgammon", 64)),
        (SEVEN, [], result(1, cube=8, ended_by="drop")),
        # post-Crawford: 6-4 after the Crawford game at 6-3 → cube allowed
        (SEVEN, [*singles(6, 3), result(1)], result(1, cube=2)),
        # 1-point match: both at N-1 = 0, no Crawford game
        (MatchRules(length=1), [], result(0, cube=2, ended_by="drop")),
        (MatchRules(length=7, crawford=False), singles(6, 3), result(1, cube=4)),
        (MatchRules(length=7, max_cube=64), [], result(0, cube=32, ended_by="drop")),
        (MONEY, singles(30, 30), result(0, "gammon", 16)),
        (SEVEN, [], result(0, ended_by="forfeit")),
        (SEVEN, [], result(1, "gammon", 2, ended_by="resign")),
    ],
)
def test_validate_next_result_accepts(
    rules: MatchRules, previous: list[GameResult], candidate: GameResult
) -> None:
    progress = validate_next_result(rules, previous, candidate)
    assert progress.games_played == len(previous) + 1


def test_validate_results_reports_the_offending_game() -> None:
    games = [*singles(6, 0), result(1, cube=2)]
    with pytest.raises(ResultError) as caught:
        validate_results(SEVEN, games)
    assert caught.value.code == "cube_in_crawford_game"
    assert caught.value.game == 7
    assert "game 7" in str(caught.value)


@pytest.mark.parametrize(
    ("rules", "results", "score", "over", "winner", "crawford_next", "post"),
    [
        (SEVEN, [], (0, 0), False, None, False, False),
        (SEVEN, singles(5, 2), (5, 2), False, None, False, False),
        (SEVEN, singles(6, 2), (6, 2), False, None, True, False),
        (SEVEN, [*singles(6, 2), result(1)], (6, 3), False, None, False, True),
        (SEVEN, [*singles(6, 2), result(0)], (7, 2), True, 0, False, True),
        # reaching N-1 with a jump, the other side then also at N-1: no second Crawford game
        (SEVEN, [*singles(6, 5), result(1)], (6, 6), False, None, False, True),
        # overshoot is kept
        (SEVEN, [*singles(5, 4), result(0, "gammon", 1)], (7, 4), True, 0, False, False),
        (SEVEN, [*singles(5, 4), result(0, "backgammon", 1)], (8, 4), True, 0, False, False),
        (MatchRules(length=7, crawford=False), singles(6, 2), (6, 2), False, None, False, False),
        # best-of-3: two wins decide, every game counts one
        (BEST_OF_3, [result(0, rules=BEST_OF_3)], (1, 0), False, None, False, False),
        (BEST_OF_3, singles(1, 2), (1, 2), True, 1, False, False),
        (MatchRules(games=5), singles(2, 2), (2, 2), False, None, False, False),
        (MONEY, singles(40, 3), (40, 3), False, None, False, False),
    ],
)
def test_match_progress(
    rules: MatchRules,
    results: list[GameResult],
    score: tuple[int, int],
    over: bool,
    winner: int | None,
    crawford_next: bool,
    post: bool,
) -> None:
    progress = match_progress(rules, results)
    assert progress.score == score
    assert progress.is_over is over
    assert progress.winner == winner
    assert progress.crawford_game is crawford_next
    assert progress.post_crawford is post


def test_best_of_counts_games_not_points() -> None:
    gammon = GameResult(0, WinKind.GAMMON, 1, 1, EndedBy.BEAROFF)
    assert validate_results(BEST_OF_3, [gammon]).score == (1, 0)


# --- final scores -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "score", "reachable"),
    [
        (SEVEN, (7, 4), True),
        (SEVEN, (4, 7), True),
        (SEVEN, (8, 4), True),  # overshoot
        (SEVEN, (7, 6), True),
        (SEVEN, (7, 7), False),
        (SEVEN, (6, 4), False),  # not finished
        (SEVEN, (7, -1), False),
        (SEVEN, (197, 0), True),  # 5-0, then a backgammon on a 64 cube
        (SEVEN, (200, 0), False),  # no game scores 194..200 (and 6-0 is the Crawford game)
        (MatchRules(length=7, max_cube=64), (6 + 192, 0), False),  # 6-0 is the Crawford game
        (MatchRules(length=7, max_cube=64), (5 + 192, 0), True),
        (MatchRules(length=7, max_cube=64), (6 + 193, 0), False),
        (MatchRules(length=7, cube=False), (9, 2), True),  # 6 + backgammon
        (MatchRules(length=7, cube=False), (10, 2), False),
        # at 6-0 the game is necessarily the Crawford game: at most a backgammon (3)
        (SEVEN, (9, 0), True),
        (MatchRules(length=3), (3, 2), True),
        (MatchRules(length=1), (5, 0), False),  # 1-point match: 1, 2, 3, 4, 6, 8, 12, ...
        (MatchRules(length=1), (6, 0), True),
        (MatchRules(length=1), (1, 0), True),
        (BEST_OF_3, (2, 1), True),
        (BEST_OF_3, (0, 2), True),
        (BEST_OF_3, (3, 1), False),
        (BEST_OF_3, (2, 2), False),
        (BEST_OF_3, (1, 1), False),
        (MatchRules(games=5), (3, 2), True),
        (MONEY, (12, 40), True),
    ],
)
def test_final_score_reachable(rules: MatchRules, score: tuple[int, int], reachable: bool) -> None:
    assert final_score_reachable(rules, score) is reachable


def test_seven_away_jump_from_six_nil_is_capped_by_crawford() -> None:
    # From 6-0 only the Crawford game (no cube) can finish: 7, 8 or 9.
    assert final_score_reachable(SEVEN, (9, 0))
    # 10-0 needs a cube: reachable from 5-0 or 4-0 with gammon at 2 / single at 4 etc.
    assert final_score_reachable(SEVEN, (10, 0))
    rules = MatchRules(length=2, cube=True)
    # 2-point match: at 1-0 the game is the Crawford game, so 1 + 3 = 4 at most from there,
    # but from 0-0 anything reachable with a cube: 5 is not a value of 1/2/3 x 2^k
    assert not final_score_reachable(rules, (5, 0))
    assert final_score_reachable(rules, (4, 0))


def test_validate_final_score() -> None:
    validate_final_score(SEVEN, (7, 4))
    with pytest.raises(ResultError) as caught:
        validate_final_score(SEVEN, (7, 7))
    assert (caught.value.code, caught.value.field) == ("score_unreachable", "score")


@pytest.mark.parametrize(
    "module",
    ["scoring", "matchid", "match", "matfile", "matchrules", "game", "dice", "gamerecord"],
)
def test_doctests(module: str) -> None:
    import doctest
    import importlib

    imported = importlib.import_module(f"backgammon.{module}")
    assert doctest.testmod(imported).failed == 0
