"""MatchState: both formats, Crawford, who starts, persistence and whole random matches."""

from __future__ import annotations

import json
import random

import pytest

from backgammon import (
    EndedBy,
    GamePhase,
    GameResult,
    MatchRules,
    MatchState,
    ResultError,
    StartRule,
)
from backgammon.matchid import GameState, decode_match_id
from backgammon.scoring import WinKind
from tests.backgammon.test_game import play_randomly


def win(winner: int, kind: str = "single", cube: int = 1, ended_by: str = "bearoff") -> GameResult:
    return GameResult.scored(winner, kind, cube, ended_by, MatchRules(length=99))


def test_point_match_ends_at_n_with_overshoot() -> None:
    state = MatchState(MatchRules(length=7))
    for result in [win(0, cube=2), win(1, "gammon"), win(0, cube=4, ended_by="drop")]:
        state.record(result)
    assert state.score == (6, 2) and state.is_crawford_game and not state.is_over
    assert state.away() == (1, 5)
    state.record(win(0, "backgammon"))  # the Crawford game, no cube
    assert state.score == (9, 2) and state.is_over and state.winner == 0
    with pytest.raises(ResultError) as caught:
        state.record(win(1))
    assert caught.value.code == "match_over" and state.games_played == 4
    with pytest.raises(ResultError):
        state.new_game()


def test_invalid_results_change_nothing() -> None:
    state = MatchState(MatchRules(length=3))
    state.record(win(0, "gammon"))
    with pytest.raises(ResultError) as caught:
        state.record(win(1, cube=2))  # the Crawford game
    assert caught.value.code == "cube_in_crawford_game"
    assert state.score == (2, 0) and state.games_played == 1 and state.is_crawford_game


def test_best_of_three_counts_games() -> None:
    rules = MatchRules(games=3)
    state = MatchState(rules)
    gammon = GameResult(0, WinKind.GAMMON, 1, 1, EndedBy.BEAROFF)
    state.record(gammon)
    state.record(GameResult(1, WinKind.BACKGAMMON, 1, 1, EndedBy.BEAROFF))
    assert state.score == (1, 1) and not state.is_over
    assert state.away() is None and not state.is_crawford_game
    state.record(GameResult(1, WinKind.SINGLE, 1, 1, EndedBy.RESIGN))
    assert state.is_over and state.winner == 1 and state.score == (1, 2)


def test_crawford_game_only_once() -> None:
    state = MatchState(MatchRules(length=5))
    state.record(win(0, "gammon", 2))  # 4-0
    assert state.is_crawford_game
    state.record(win(1))  # trailer wins the Crawford game
    assert not state.is_crawford_game and state.is_post_crawford
    state.record(win(1, cube=2))
    assert state.score == (4, 3) and not state.is_crawford_game
    without = MatchState(MatchRules(length=5, crawford=False), [win(0, "gammon", 2)])
    assert not without.is_crawford_game


def test_new_game_carries_the_match_context() -> None:
    state = MatchState(MatchRules(length=5), [win(0, "gammon", 2)])
    game = state.new_game()
    assert (game.number, game.score, game.crawford, game.post_crawford) == (2, (4, 0), True, False)
    assert game.phase is GamePhase.OPENING
    state.record(win(1))
    later = state.new_game()
    assert (later.crawford, later.post_crawford) == (False, True)


@pytest.mark.parametrize(
    ("start", "winners", "starters"),
    [
        (StartRule.OPENING_ROLL, [1, 0, 0], [None, None, None, None]),
        (StartRule.WINNER_STARTS, [1, 0, 0], [None, 1, 0, 0]),
        (StartRule.LOSER_STARTS_SECOND, [1, 0, 0], [None, 0, None, None]),
        (StartRule.LOSER_STARTS_SECOND, [0, 1], [None, 1, None]),
    ],
)
def test_who_starts_later_games(
    start: StartRule, winners: list[int], starters: list[int | None]
) -> None:
    state = MatchState(MatchRules(length=11, start=start))
    for index, starter in enumerate(starters):
        assert state.next_starter() == starter
        game = state.new_game()
        if starter is None:
            assert game.phase is GamePhase.OPENING and game.turn is None
        else:
            assert game.phase is GamePhase.ROLL and game.turn == starter
        if index < len(winners):
            state.record(win(winners[index]))


def test_best_of_three_loser_starts_game_two_then_roll() -> None:
    rules = MatchRules(games=3, start=StartRule.LOSER_STARTS_SECOND)
    state = MatchState(rules, [GameResult(0, WinKind.SINGLE, 1, 1, EndedBy.BEAROFF)])
    assert state.new_game().turn == 1
    state.record(GameResult(1, WinKind.SINGLE, 1, 1, EndedBy.BEAROFF))
    assert state.new_game().phase is GamePhase.OPENING


def test_round_trip_through_json() -> None:
    state = MatchState(MatchRules(length=7, holland=True), [win(0, cube=2), win(1, "gammon")])
    again = MatchState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.results == state.results and again.rules == state.rules
    assert again.score == (2, 2)
    assert (
        repr(again) == "MatchState(MatchRules(length=7, games=0, cube=True, crawford=True, "
        "holland=True, max_cube=None, jacoby=False, start=<StartRule.OPENING_ROLL: "
        "'opening_roll'>, lower_die_starts=False, last_checker_larger_die=False, "
        "no_hit_and_continue_home=False), score=(2, 2))"
    )


def test_match_id_between_and_during_games() -> None:
    state = MatchState(MatchRules(length=5), [win(0, "gammon", 2)])
    between = decode_match_id(state.match_id())
    assert (between.length, between.score, between.crawford) == (5, (4, 0), True)
    assert between.state is GameState.NONE
    game = state.new_game()
    game.roll_opening((2, 5))
    during = decode_match_id(state.match_id(game))
    assert (during.state, during.player_on_roll, during.dice) == (GameState.PLAYING, 1, (5, 2))
    state.record(win(0))
    assert decode_match_id(state.match_id()).state is GameState.OVER


@pytest.mark.parametrize(
    "rules",
    [
        MatchRules(length=5),
        MatchRules(length=3, holland=True, max_cube=8, start=StartRule.WINNER_STARTS),
        MatchRules(games=3, start=StartRule.LOSER_STARTS_SECOND),
        MatchRules(games=5, lower_die_starts=True),
    ],
)
def test_random_matches_play_to_the_end(rules: MatchRules) -> None:
    rng = random.Random(23)
    for _ in range(4):
        state = MatchState(rules)
        games = 0
        while not state.is_over:
            game = state.new_game(rng=rng)
            result = play_randomly(game, rng, cube_rate=0.15, resign_rate=0.01)
            if game.crawford:
                assert result.cube == 1 and result.ended_by is not EndedBy.DROP
            state.record(result)
            games += 1
        assert state.games_played == games
        assert state.winner is not None
        assert state.score[state.winner] >= rules.wins_needed
