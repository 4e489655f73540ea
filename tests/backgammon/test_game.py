"""Game: opening roll, turns, game end, resignations, dice sources, persistence."""

from __future__ import annotations

import json
import random
import secrets

import pytest

from backgammon import (
    Action,
    EndedBy,
    FixedDice,
    Game,
    GamePhase,
    GameResult,
    IllegalActionError,
    IllegalMoveError,
    InvalidMoveError,
    MatchRules,
    Position,
)
from backgammon.dice import DiceExhaustedError
from backgammon.gamerecord import ActionKind
from backgammon.scoring import WinKind, validate_next_result

SEVEN = MatchRules(length=7)


def play_randomly(
    game: Game, rng: random.Random, *, cube_rate: float = 0.05, resign_rate: float = 0.002
) -> GameResult:
    """Drive ``game`` to its end with random but legal decisions."""
    for _ in range(2000):
        actions = game.legal_actions()
        if game.phase is GamePhase.OPENING:
            game.roll()
        elif game.phase is GamePhase.ROLL:
            if Action.DOUBLE in actions and rng.random() < cube_rate:
                game.double()
            elif rng.random() < resign_rate:
                game.resign(rng.choice(list(WinKind)))
            else:
                game.roll()
        elif game.phase is GamePhase.MOVE:
            game.play(rng.choice(game.legal_plays()))
        elif game.phase is GamePhase.DOUBLED:
            game.take() if rng.random() < 0.7 else game.drop()
        elif game.phase is GamePhase.RESIGNED:
            game.accept_resignation() if rng.random() < 0.5 else game.decline_resignation()
        if game.result is not None:
            return game.result
    raise AssertionError("game did not end")


def started(rules: MatchRules = SEVEN, starter: int = 0, **options: object) -> Game:
    """A game whose first turn belongs to ``starter``, waiting for the roll."""
    return Game(rules, starter=starter, **options)  # type: ignore[arg-type]


# --- opening roll -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "starter", "first_roll"),
    [((5, 3), 0, (5, 3)), ((2, 6), 1, (6, 2)), ((1, 6), 1, (6, 1)), ((6, 5), 0, (6, 5))],
)
def test_higher_die_starts_with_both_dice(
    dice: tuple[int, int], starter: int, first_roll: tuple[int, int]
) -> None:
    game = Game(SEVEN)
    assert game.phase is GamePhase.OPENING and game.legal_actions() == (Action.ROLL,)
    assert game.roll_opening(dice) == dice
    assert (game.turn, game.dice, game.phase) == (starter, first_roll, GamePhase.MOVE)
    assert game.side_to_act == starter
    play = game.play(game.legal_plays()[0])
    assert game.record[0].player == starter and game.record[0].dice == first_roll
    assert game.record[0].play == play.notation("mat")
    assert (game.turn, game.phase) == (1 - starter, GamePhase.ROLL)


def test_lower_die_starts_variant() -> None:
    game = Game(MatchRules(length=7, lower_die_starts=True))
    game.roll_opening((5, 3))
    assert (game.turn, game.dice) == (1, (3, 5))


def test_tied_opening_rolls_are_rolled_again() -> None:
    game = Game(SEVEN, rng=FixedDice([(3, 3), (2, 2), (1, 6)]))
    assert game.roll() == (1, 6)
    assert (game.turn, game.dice) == (1, (6, 1))
    given = Game(SEVEN)
    with pytest.raises(IllegalActionError) as caught:
        given.roll_opening((4, 4))
    assert caught.value.code == "tie" and given.phase is GamePhase.OPENING


def test_opening_roll_is_for_both_sides() -> None:
    game = Game(SEVEN, rng=random.Random(3))
    with pytest.raises(IllegalActionError):
        game.roll(player=0)
    with pytest.raises(IllegalActionError):
        game.double()


def test_opening_roll_never_ties_with_a_random_source() -> None:
    rng = random.Random(5)
    for _ in range(200):
        game = Game(SEVEN, rng=rng)
        first, second = game.roll()
        assert first != second and game.dice is not None
        assert game.dice[0] == max(first, second)


def test_a_game_with_a_starter_skips_the_opening_roll() -> None:
    game = started(starter=1, rng=FixedDice([(6, 6)]))
    assert (game.phase, game.turn) == (GamePhase.ROLL, 1)
    assert game.roll() == (6, 6)  # a double is possible without an opening roll
    assert len(game.legal_plays()[0].steps) == 4


# --- turns --------------------------------------------------------------------------------


def test_play_by_notation_and_errors_carry_game_and_move() -> None:
    game = started(number=3)
    game.roll((3, 1))
    with pytest.raises(IllegalMoveError) as illegal:
        game.play("8/4 6/5")
    assert (illegal.value.game, illegal.value.move) == (3, 1)
    with pytest.raises(InvalidMoveError) as invalid:
        game.play("eight to five")
    assert (invalid.value.game, invalid.value.move) == (3, 1)
    assert game.phase is GamePhase.MOVE  # unchanged
    game.play("8/5 6/5")
    assert game.record[-1].play == "8/5 6/5"
    game.roll((2, 1))
    with pytest.raises(IllegalMoveError) as second:
        game.play("24/20")
    assert second.value.move == 2


def test_a_play_object_from_elsewhere_must_be_legal_here() -> None:
    game = started()
    game.roll((6, 5))
    elsewhere = Position.initial().legal_plays((3, 1))[0]
    with pytest.raises(IllegalMoveError):
        game.play(elsewhere)
    with pytest.raises(TypeError):
        game.play(42)  # type: ignore[arg-type]


def test_only_the_side_to_act_may_act() -> None:
    game = started()
    with pytest.raises(IllegalActionError) as caught:
        game.roll((3, 1), player=1)
    assert caught.value.code == "not_your_turn"
    game.roll((3, 1), player=0)
    with pytest.raises(IllegalActionError):
        game.roll((3, 1))  # rolled already
    with pytest.raises(IllegalActionError):
        game.play("8/5 6/5", player=1)
    game.play("8/5 6/5", player=0)
    assert game.legal_plays() == ()


def test_no_legal_move_passes_the_turn() -> None:
    # Player 0 on the bar against a closed board.
    game = started()
    game.position = Position.from_points(
        mover={25: 1, 6: 14}, opponent={1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}
    )
    game.roll((6, 5))
    assert (game.turn, game.phase) == (1, GamePhase.ROLL)
    last = game.record[-1]
    assert (last.kind, last.player, last.dice, last.play) == (ActionKind.MOVE, 0, (6, 5), "")
    assert game.turns_played == [1, 0]


def test_given_dice_are_checked() -> None:
    game = started()
    for bad in [(0, 3), (7, 1), (1,), "31", (1.0, 2)]:
        with pytest.raises(ValueError):
            game.roll(bad)  # type: ignore[arg-type]
    assert game.phase is GamePhase.ROLL


def test_without_a_dice_source_the_dice_must_be_given() -> None:
    game = started()
    with pytest.raises(IllegalActionError) as caught:
        game.roll()
    assert caught.value.code == "no_dice"


def test_fixed_dice_run_out() -> None:
    game = started(rng=FixedDice([3]))
    with pytest.raises(DiceExhaustedError):
        game.roll()
    with pytest.raises(ValueError):
        FixedDice([7])


def test_system_random_dice() -> None:
    game = Game(SEVEN, rng=secrets.SystemRandom())
    play_randomly(game, random.Random(1))
    assert game.is_over


def test_seeded_games_are_reproducible() -> None:
    records = []
    for _ in range(2):
        game = Game(SEVEN, rng=random.Random(2024))
        play_randomly(game, random.Random(99))
        records.append([a.to_dict() for a in game.record])
    assert records[0] == records[1]


# --- end of the game --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opponent", "kind"),
    [
        ({1: 1}, WinKind.SINGLE),  # the loser has borne off 14
        # (the loser's own numbering: its home board is 1..6, the winner's is 19..24)
        ({6: 15}, WinKind.GAMMON),  # none off, all in its home board
        ({12: 15}, WinKind.GAMMON),
        ({6: 14, 19: 1}, WinKind.BACKGAMMON),  # a checker in the winner's home board
        ({6: 14, 25: 1}, WinKind.BACKGAMMON),  # on the bar
    ],
)
@pytest.mark.parametrize("cube", [1, 4])
def test_bear_off_ends_the_game(opponent: dict[int, int], kind: WinKind, cube: int) -> None:
    game = started(starter=1)
    game.cube, game.cube_owner = cube, (0 if cube > 1 else None)
    game.position = Position.from_points(mover={2: 1}, opponent=opponent)
    game.roll((6, 2))
    game.play("2/off")
    assert game.result == GameResult(1, kind, cube, kind.multiplier * cube, EndedBy.BEAROFF)
    assert game.phase is GamePhase.OVER and game.legal_actions() == ()
    assert game.record[-1].kind is ActionKind.WIN and game.record[-1].value == game.result.points
    with pytest.raises(IllegalActionError):
        game.roll((3, 1))


def test_resignations_single_gammon_backgammon() -> None:
    for kind, points in ((WinKind.SINGLE, 2), (WinKind.GAMMON, 4), (WinKind.BACKGAMMON, 6)):
        game = started()
        game.cube, game.cube_owner = 2, 1
        game.resign(kind)
        assert game.phase is GamePhase.RESIGNED and game.side_to_act == 1
        assert game.legal_actions() == (Action.ACCEPT, Action.DECLINE)
        with pytest.raises(IllegalActionError):
            game.accept_resignation(player=0)  # the resigner cannot accept
        result = game.accept_resignation(player=1)
        assert result == GameResult(1, kind, 2, points, EndedBy.RESIGN)


def test_declined_resignation_resumes_the_game() -> None:
    game = started()
    game.roll((3, 1))
    game.resign("gammon")
    with pytest.raises(IllegalActionError):
        game.play("8/5 6/5")
    game.decline_resignation()
    assert game.phase is GamePhase.MOVE
    game.play("8/5 6/5")
    game.resign("single", player=0)  # the side not on turn may offer too
    assert game.side_to_act == 1
    game.decline_resignation(player=1)
    assert (game.phase, game.turn) == (GamePhase.ROLL, 1)


def test_resigning_after_the_roll_is_recorded_with_the_dice() -> None:
    game = started()
    game.roll((5, 2))
    game.resign()
    game.accept_resignation()
    kinds = [(a.kind, a.player) for a in game.record]
    assert kinds == [(ActionKind.ROLL, 0), (ActionKind.WIN, 1)]
    assert game.record[0].dice == (5, 2)


def test_resignation_needs_a_known_kind_and_time() -> None:
    game = started()
    with pytest.raises(IllegalActionError):
        game.resign("everything")
    game.double()
    with pytest.raises(IllegalActionError):
        game.resign()  # answer the double instead
    opening = Game(SEVEN)
    with pytest.raises(IllegalActionError):
        opening.resign()  # nobody is on turn yet: say who resigns
    opening.resign(player=1)
    assert opening.accept_resignation().winner == 0


def test_jacoby_counts_gammons_only_after_a_double() -> None:
    money = MatchRules(jacoby=True)
    game = started(money)
    game.resign("gammon")
    assert game.accept_resignation().points == 1
    game = started(money)
    game.double()
    game.take()
    game.resign("gammon", player=1)
    assert game.accept_resignation().points == 4


def test_forfeit() -> None:
    game = started()
    result = game.forfeit(0)
    assert (result.winner, result.ended_by, result.points) == (1, EndedBy.FORFEIT, 1)
    with pytest.raises(IllegalActionError):
        game.forfeit(1)
    with pytest.raises(IllegalActionError):
        started().forfeit(2)


# --- many random games ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        SEVEN,
        MatchRules(),
        MatchRules(games=3),
        MatchRules(
            length=7,
            max_cube=4,
            lower_die_starts=True,
            last_checker_larger_die=True,
            no_hit_and_continue_home=True,
        ),
    ],
)
def test_random_games_end_with_valid_results(rules: MatchRules) -> None:
    rng = random.Random(17)
    for _ in range(12):
        game = Game(rules, rng=rng)
        result = play_randomly(game, rng, cube_rate=0.1, resign_rate=0.01)
        validate_next_result(rules, [], result)
        checkers = game.position.mover[0:26]
        assert sum(checkers) == 15 or result.ended_by is not EndedBy.BEAROFF
        if rules.is_best_of:
            assert game.cube == 1 and result.points == 1


# --- persistence --------------------------------------------------------------------------


def test_to_dict_is_json_and_resumes_the_same_game() -> None:
    for seed in range(6):
        twin = Game(SEVEN, rng=random.Random(seed))
        saved = Game(SEVEN, rng=random.Random(seed))
        decisions_a, decisions_b = random.Random(seed + 100), random.Random(seed + 100)
        play_randomly(twin, decisions_a, cube_rate=0.1, resign_rate=0.01)
        # Same game again, but saved and restored (as after a server restart) at every step.
        dice = random.Random(seed)
        while not saved.is_over:
            saved = Game.from_dict(json.loads(json.dumps(saved.to_dict())), rng=dice)
            _one_step(saved, decisions_b)
        assert saved.result == twin.result
        assert saved.record == twin.record
        assert saved.to_dict() == Game.from_dict(saved.to_dict()).to_dict()


def _one_step(game: Game, rng: random.Random) -> None:
    """One decision of :func:`play_randomly` (same random draws in the same order)."""
    actions = game.legal_actions()
    if game.phase is GamePhase.OPENING:
        game.roll()
    elif game.phase is GamePhase.ROLL:
        if Action.DOUBLE in actions and rng.random() < 0.1:
            game.double()
        elif rng.random() < 0.01:
            game.resign(rng.choice(list(WinKind)))
        else:
            game.roll()
    elif game.phase is GamePhase.MOVE:
        game.play(rng.choice(game.legal_plays()))
    elif game.phase is GamePhase.DOUBLED:
        game.take() if rng.random() < 0.7 else game.drop()
    elif game.phase is GamePhase.RESIGNED:
        game.accept_resignation() if rng.random() < 0.5 else game.decline_resignation()


def test_position_and_board_views() -> None:
    game = started()
    assert game.position_id() == "4HPwATDgc/ABMA"
    game.roll((3, 1))
    game.play("8/5 6/5")
    # Player 1 is on turn now: the position is from its view, board(0) from player 0's.
    assert game.board(0).mover[5] == 2
    assert game.board(1).opponent[5] == 2
    assert repr(game).startswith("Game(number=1")


# --- the optional movement rules reach the engine -------------------------------------------


def test_regel_15_last_checker_home_with_the_larger_die() -> None:
    position = Position.from_points(mover={8: 1, 6: 4, 5: 4, 4: 3, 3: 3}, opponent={6: 15})
    plays = {}
    for strict in (False, True):
        game = started(MatchRules(length=7, last_checker_larger_die=strict))
        game.position = position
        game.roll((3, 2))
        plays[strict] = game.legal_plays()
    assert len(plays[True]) < len(plays[False])
    assert all((8, 5) in play.steps for play in plays[True])


def test_regel_16_no_hit_and_continue_onto_an_own_blot() -> None:
    position = Position.from_points(mover={9: 1, 3: 1, 6: 13}, opponent={20: 1, 12: 14})
    standard = started()
    standard.position = position
    standard.roll((4, 2))
    standard.play("9/5*/3")
    strict = started(MatchRules(length=7, no_hit_and_continue_home=True))
    strict.position = position
    strict.roll((4, 2))
    with pytest.raises(IllegalMoveError):
        strict.play("9/5*/3")
    assert strict.phase is GamePhase.MOVE
