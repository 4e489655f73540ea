"""The doubling cube: offers, takes, drops, ownership, and every illegal cube action."""

from __future__ import annotations

import pytest

from backgammon import (
    Action,
    EndedBy,
    Game,
    GamePhase,
    GameResult,
    IllegalActionError,
    IllegalMoveError,
    MatchRules,
    MatchState,
)
from backgammon.scoring import WinKind

SEVEN = MatchRules(length=7)


def started(rules: MatchRules = SEVEN, starter: int = 0, **options: object) -> Game:
    return Game(rules, starter=starter, **options)  # type: ignore[arg-type]


def play_turn(game: Game, dice: tuple[int, int] = (2, 1)) -> None:
    game.roll(dice)
    if game.phase is GamePhase.MOVE:
        game.play(game.legal_plays()[0])


def test_either_side_may_double_a_centred_cube() -> None:
    for starter in (0, 1):
        game = started(starter=starter)
        assert Action.DOUBLE in game.legal_actions() and game.can_double()
        game.double()
        assert game.phase is GamePhase.DOUBLED and game.side_to_act == 1 - starter
        assert game.legal_actions() == (Action.TAKE, Action.DROP)


def test_take_doubles_the_cube_and_passes_it_to_the_taker() -> None:
    game = started()
    game.double(player=0)
    game.take(player=1)
    assert (game.cube, game.cube_owner, game.phase, game.turn) == (2, 1, GamePhase.ROLL, 0)
    # the doubler now rolls, and may not double again
    assert Action.DOUBLE not in game.legal_actions()
    play_turn(game)
    # the owner redoubles on its turn
    game.double(player=1)
    game.take(player=0)
    assert (game.cube, game.cube_owner) == (4, 0)
    assert [(a.kind, a.player, a.value) for a in game.record if a.kind != "move"] == [
        ("double", 0, 2),
        ("take", 1, 0),
        ("double", 1, 4),
        ("take", 0, 0),
    ]


@pytest.mark.parametrize("takes", [0, 1, 2, 3])
def test_drop_gives_the_doubler_the_stake_before_the_double(takes: int) -> None:
    game = started()
    for _ in range(takes):
        game.double()
        game.take()
        play_turn(game)  # the doubler's turn; then the owner is on turn
    assert game.cube == 2**takes
    doubler = game.turn
    game.double()
    result = game.drop()
    assert result == GameResult(doubler, WinKind.SINGLE, 2**takes, 2**takes, EndedBy.DROP)  # type: ignore[arg-type]
    assert game.record[-2].kind == "drop" and game.record[-1].kind == "win"


def _assert_refused(game: Game, action: str, code: str, **kwargs: object) -> None:
    before = game.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        getattr(game, action)(**kwargs)
    assert caught.value.code == code
    assert isinstance(caught.value, IllegalMoveError) and isinstance(caught.value, ValueError)
    assert game.to_dict() == before  # illegal cube actions never change the game


def test_illegal_cube_actions_raise_and_change_nothing() -> None:
    game = started()
    _assert_refused(game, "take", "wrong_phase")  # nothing offered
    _assert_refused(game, "drop", "wrong_phase")
    _assert_refused(game, "double", "not_your_turn", player=1)
    game.roll((3, 1))
    _assert_refused(game, "double", "wrong_phase")  # after rolling
    game.play("8/5 6/5")
    game.double(player=1)
    _assert_refused(game, "double", "wrong_phase")  # double on a double
    _assert_refused(game, "take", "not_your_turn", player=1)  # the doubler cannot take
    _assert_refused(game, "drop", "not_your_turn", player=1)
    _assert_refused(game, "roll", "wrong_phase")
    game.take(player=0)
    _assert_refused(game, "double", "cube_not_owned")  # player 1 on turn, player 0 owns
    play_turn(game)  # player 1 plays
    assert game.can_double()  # the owner on turn


def test_only_the_owner_redoubles() -> None:
    game = started()
    game.double(player=0)
    game.take(player=1)
    _assert_refused(game, "double", "cube_not_owned")  # player 0 on turn, player 1 owns
    play_turn(game)
    game.double(player=1)  # the owner may


def test_no_doubling_in_the_crawford_game() -> None:
    state = MatchState(MatchRules(length=3))
    state.record(GameResult(0, WinKind.GAMMON, 1, 2, EndedBy.BEAROFF))
    assert state.is_crawford_game
    game = state.new_game()
    game.roll_opening((4, 2))
    game.play(game.legal_plays()[0])
    assert Action.DOUBLE not in game.legal_actions()
    _assert_refused(game, "double", "cube_in_crawford_game")
    # after the Crawford game the cube is back
    state.record(GameResult(1, WinKind.SINGLE, 1, 1, EndedBy.BEAROFF))
    assert not state.is_crawford_game and state.is_post_crawford
    post = state.new_game()
    post.roll_opening((4, 2))
    post.play(post.legal_plays()[0])
    assert post.can_double()


def test_no_cube_in_best_of_n_or_when_switched_off() -> None:
    _assert_refused(started(MatchRules(games=3)), "double", "cube_in_best_of")
    _assert_refused(started(MatchRules(length=7, cube=False)), "double", "cube_disabled")


def test_maximum_cube() -> None:
    game = started(MatchRules(length=7, max_cube=4))
    game.double()
    game.take()
    play_turn(game)
    game.double()
    game.take()
    assert game.cube == 4
    play_turn(game)
    _assert_refused(game, "double", "cube_above_max")
    unlimited = started(MatchRules(length=7))
    for _ in range(7):
        unlimited.double()
        unlimited.take()
        play_turn(unlimited)
    assert unlimited.cube == 128


def test_holland_rule_post_crawford() -> None:
    rules = MatchRules(length=5, holland=True)
    # post-Crawford, player 1 trails 2-4 and starts
    game = Game(rules, starter=1, score=(4, 2), post_crawford=True)
    for turns in range(4):
        assert game.turn == 1
        _assert_refused(game, "double", "holland")
        play_turn(game)  # player 1
        if turns < 1:
            # the leader may double at any time (not that it is wise)
            assert game.can_double()
        play_turn(game)  # player 0
        if min(game.turns_played) >= 2:
            break
    assert game.turns_played == [2, 2]
    assert game.can_double()  # both sides have played two rolls
    without = Game(MatchRules(length=5), starter=1, score=(4, 2), post_crawford=True)
    assert without.can_double()


def test_holland_needs_a_trailer() -> None:
    rules = MatchRules(length=5, holland=True)
    game = Game(rules, starter=1, score=(4, 4), post_crawford=True)
    assert game.can_double()  # double match point: nobody trails


def test_cube_in_the_match_id() -> None:
    game = started()
    game.double()
    from backgammon.matchid import decode_match_id

    doubled = decode_match_id(game.match_id())
    assert doubled.doubled and doubled.turn == 1 and doubled.player_on_roll == 0
    game.take()
    taken = decode_match_id(game.match_id())
    assert (taken.cube, taken.cube_owner, taken.doubled) == (2, 1, False)
