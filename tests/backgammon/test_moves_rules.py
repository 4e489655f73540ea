"""Every example move of shared/rules, the optional Regeln 15 and 16, and invariants.

Positions are written ``{point: checkers}`` for each side in its own numbering (25 = bar);
plays are compared as text (see ``Play.notation``), which names each play uniquely.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backgammon import IllegalMoveError, MoveRules, Play, Position
from backgammon._movegen import generate, search
from backgammon.rules import STANDARD_RULES

from .test_position import positions

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
START = {24: 2, 13: 5, 8: 3, 6: 5}
FAR = {13: 5, 12: 5, 11: 5}  # an opponent out of the way (the mover's 12..14 points)
LONE = {23: 1}  # a last opposing checker, a blot on the mover's 2-point
PRIME = {12: 2, 11: 2, 10: 2, 9: 2, 8: 2, 7: 2, 6: 3}  # blocks the mover's 13..19 points
REGEL_15 = MoveRules(last_checker_larger_die=True)
REGEL_16 = MoveRules(no_hit_and_continue_home=True)


def plays(
    mover: Mapping[int, int],
    opponent: Mapping[int, int],
    dice: tuple[int, int],
    rules: MoveRules = STANDARD_RULES,
) -> set[str]:
    pos = Position.from_points(mover=mover, opponent=opponent)
    return {str(play) for play in pos.legal_plays(dice, rules=rules)}


# -- 000 Regel 9a, 001, 002, 004: one checker may use both dice via an open point ---------


def test_one_checker_uses_both_dice_through_an_open_point() -> None:
    # 24/18 is blocked, 24/19 is open: the checker moves 11 pips by way of 19.
    assert plays({24: 1, 1: 14}, {7: 2}, (6, 5)) == {"24/13"}


def test_one_checker_cannot_jump_two_blocked_points() -> None:
    # Both 18 and 19 are held: the checker cannot move, nothing else can either.
    assert plays({24: 1, 1: 14}, {7: 2, 6: 5}, (6, 5)) == {""}


def test_six_one_moves_one_checker_seven_pips_if_open() -> None:
    # 001: "den gleichen Spielstein um sieben zu bewegen, wenn das siebte Feld frei ist".
    opening = plays(START, START, (6, 1))
    assert "13/6" in opening
    assert "24/17" not in opening  # the 17-point is the opponent's 8-point
    assert len(opening) == 10


def test_three_four_one_checker_either_order_or_two_checkers() -> None:
    # 002: with 3-4 one checker 3+4 or 4+3, or two checkers 3 and 4.
    result = plays({13: 2, 6: 13}, {1: 15}, (4, 3))
    assert {"13/6", "13/10 13/9", "13/10 6/2", "13/9 6/3", "6/3 6/2"} == result


def test_five_four_one_checker_nine_pips_or_two_checkers() -> None:
    # 003: "After throwing 5 + 4, 1 stone can advance 9 points, or 1 stone can advance 5,
    # another 4."
    result = plays({13: 2, 6: 13}, {1: 15}, (5, 4))
    assert result == {"13/4", "13/9 13/8", "13/8 6/2", "13/9 6/1", "6/2 6/1"}


def test_the_bar_in_the_middle_is_no_point() -> None:
    # 004: "Der Stab wird nicht als ein Raum gegolten": from the 7- to the 6-point is one pip.
    pos = Position.from_points(mover={7: 1, 6: 14}, opponent={1: 15})
    assert any((7, 6) in play.steps for play in pos.legal_plays((1, 1)))


def test_a_hit_on_the_way_is_a_different_play() -> None:
    # 13/9*/7 and 13/11/7 end on the same point; only one of them hits.
    result = plays({13: 1, 1: 14}, {16: 1, 2: 14}, (4, 2))
    assert result == {"13/9*/7", "13/7"}


# -- 000 Regel 9b, 14; 001, 002, 003: entering from the bar -------------------------------

# 002: the opponent holds its 1-, 4- and 6-points and has a blot on its 5-point;
# its 2- and 3-points are open. The mover enters with 2, 3 or 5 (hitting with the 5).
ENTER_2_3_5 = {1: 2, 4: 2, 6: 2, 5: 1, 13: 8}


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((2, 1), {"bar/22"}),  # bar/23/22; 1s never enter (the 24-point is held)
        ((3, 1), {"bar/22"}),  # in with the 3, then no 1 can be played
        ((5, 1), {"bar/20*"}),  # the 5 enters on the blot and hits it
        ((6, 4), {""}),  # neither die enters: nothing at all is played
        ((5, 2), {"bar/20*/18", "bar/20* 13/11", "bar/18", "bar/23 13/8"}),
        ((3, 2), {"bar/20*", "bar/22 13/11", "bar/23 13/10"}),
    ],
)
def test_entering_with_two_three_or_five(dice: tuple[int, int], expected: set[str]) -> None:
    assert plays({25: 1, 13: 14}, ENTER_2_3_5, dice) == expected


def test_entering_die_one_lands_on_the_24_point_and_six_on_the_19() -> None:
    # 000 Regel 9b: with a 1 on the outermost point of the opponent's home board, etc.
    assert plays({25: 1, 6: 14}, LONE, (6, 1)) == {"bar/18", "bar/19 6/5"}


def test_two_on_the_bar_both_enter_before_anything_else() -> None:
    # 003: "If 2 stones are struck, they can be used in 2 and 5".
    assert plays({25: 2, 13: 13}, ENTER_2_3_5, (5, 2)) == {"bar/23 bar/20*"}


def test_enter_as_many_as_possible_and_lose_the_rest() -> None:
    # 001: with two on the bar and only the 2 entering, the 6 is lost (Regel 14).
    assert plays({25: 2, 13: 13}, ENTER_2_3_5, (6, 2)) == {"bar/23"}


def test_doubles_enter_up_to_four_checkers() -> None:
    assert plays({25: 4, 6: 11}, LONE, (3, 3)) == {"bar/22(4)"}
    assert plays({25: 5, 6: 10}, LONE, (3, 3)) == {"bar/22(4)"}
    assert "bar/16 bar/22" in plays({25: 2, 6: 13}, LONE, (3, 3))


def test_after_the_last_checker_enters_any_checker_may_move() -> None:
    # 001: the rest of the roll moves the entered checker or any other.
    result = plays({25: 1, 13: 14}, ENTER_2_3_5, (5, 2))
    assert "bar/20*/18" in result and "bar/20* 13/11" in result


def test_closed_board_means_no_play() -> None:
    closed = {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3}
    for dice in ROLLS:
        assert plays({25: 2, 13: 13}, closed, dice) == {""}


# -- 000 Regel 10; 001, 002, 003: doubles -------------------------------------------------


def test_doubles_move_up_to_four_times_in_every_split() -> None:
    # 002: one checker 4x3, one 3x3 and one 1x3, two checkers 2x3 each, four checkers.
    result = plays({13: 1, 8: 1, 6: 13}, {1: 15}, (3, 3))
    assert {"13/1", "13/4 8/5", "13/7 8/2", "13/10 8/5 6/3(2)", "6/3(4)"} <= result
    assert len(result) == 12


def test_doubles_play_as_many_as_possible() -> None:
    # 001: if not all four numbers can be played, as many as possible. Behind a prime the
    # two back checkers reach the 20-point; nothing else can move.
    assert plays({24: 2, 20: 13}, PRIME, (4, 4)) == {"24/20(2)"}


# -- 000 Regel 11; 001, 002, 004: use both dice, else the higher ---------------------------


def test_if_either_die_but_not_both_can_be_played_the_higher_must_be() -> None:
    # From 13 either 13/7 or 13/8, but the 2-point is held, so never both.
    assert plays({13: 1, 1: 14}, {23: 2}, (6, 5)) == {"13/7"}


def test_if_only_the_lower_die_can_be_played_it_is_played() -> None:
    assert plays({13: 1, 1: 14}, {23: 2, 18: 2}, (6, 5)) == {"13/8"}


def test_both_dice_must_be_played_when_possible() -> None:
    # Single moves such as 24/18 are legal steps, but a second die can always follow.
    result = plays(START, START, (6, 5))
    assert result == {
        "13/2",
        "13/8 13/7",
        "13/7 8/3",
        "24/13",
        "24/18 13/8",
        "24/18 8/3",
        "8/3 8/2",
    }


# -- 000 Regeln 12, 13: blocked points, hits ---------------------------------------------


def test_a_hit_sends_the_blot_to_the_bar() -> None:
    pos = Position.from_points(mover={8: 1, 6: 14}, opponent={20: 1, 1: 14})  # blot on 5
    hits = [p for p in pos.legal_plays((3, 1)) if any(p.hits)]
    assert {str(p) for p in hits} == {"8/5* 6/5", "8/5*/4", "6/5* 6/3", "6/5*/2"}
    for play in hits:
        assert play.result.opponent[25] == 1
        assert play.result.opponent[20] == 0


def test_no_landing_on_two_opposing_checkers() -> None:
    # The mover's 5-point is the opponent's 20-point, held by two.
    result = plays({8: 1, 6: 14}, {20: 2, 1: 13}, (3, 1))
    assert not any(step.endswith("/5") or "/5 " in step for step in result)


# -- 000 Regel 17; 001, 002, 003, 004: bearing off ---------------------------------------


def test_bear_off_five_two_from_the_three_and_two_points_or_move_three_to_one() -> None:
    # 002: two on the 3-point, two on the 2-point, one on the 1-point, roll 5-2.
    pos = Position.from_points(mover={3: 2, 2: 2, 1: 1}, opponent=FAR)
    assert {str(p) for p in pos.legal_plays((5, 2))} == {"3/off 2/off", "3/1 3/off"}
    assert pos.apply_notation("3/off 2/off", (5, 2)).mover[:4] == (12, 1, 1, 1)
    assert pos.apply_notation("3/off 3/1", (2, 5)).mover[:4] == (11, 2, 2, 0)


def test_bear_off_with_the_exact_number() -> None:
    # 001: "Mit einer Sechs kann so ein Spielstein vom sechsten Feld ausgespielt werden."
    assert plays({6: 2, 4: 1}, FAR, (6, 4)) == {"6/off 4/off", "6/2 6/off"}


def test_bear_off_four_one_from_the_four_and_one_points() -> None:
    # 003: "Stone from 4th point after throw 4+1 and stone from 1st point".
    assert "4/off 1/off" in plays({6: 1, 4: 1, 1: 1}, FAR, (4, 1))


def test_a_die_with_higher_checkers_must_be_moved_inside() -> None:
    # 003/004: a 4 with no checker on the 4-point but one on the 6-point: 6/2, not 3/off.
    result = plays({6: 1, 3: 2}, FAR, (4, 1))
    assert result == {"6/1", "6/2 3/2"}
    with pytest.raises(IllegalMoveError):
        Position.from_points(mover={6: 1, 3: 2}, opponent=FAR).parse_play("3/off 6/5", (4, 1))


def test_a_higher_die_bears_off_from_the_highest_point() -> None:
    # 003: a 4 and nothing on 4, 5, 6: off from the 3-point; if empty, from the 2-point.
    assert plays({3: 2, 1: 1}, FAR, (4, 4)) == {"3/off(2) 1/off"}
    assert plays({2: 2, 1: 1}, FAR, (4, 1)) == {"2/off 1/off", "2/1 2/off"}
    assert plays({3: 1, 2: 1}, FAR, (6, 5)) == {"3/off 2/off"}
    # 004: a 5, nothing on 6 or 5: off from the next highest point.
    assert plays({4: 1, 2: 1}, FAR, (5, 1)) == {"4/off", "4/off 2/1"}


def test_a_five_with_a_checker_on_six_must_move_six_to_one() -> None:
    # 004: "müssen Sie den Kontrolleur auf Ihren Räumen 6pt fünf auf das 1pt verschieben".
    assert plays({6: 1, 3: 1}, FAR, (5, 3)) == {"6/1 3/off", "6/off"}


def test_no_forced_bear_off_when_a_move_inside_is_possible() -> None:
    # 000 Regel 17 / 004: 6/4 5/4 bears nothing off although 2/off was possible.
    result = plays({6: 1, 5: 1, 2: 1}, FAR, (2, 1))
    assert "6/4 5/4" in result and "6/5 2/off" in result


def test_bear_off_only_with_all_checkers_home() -> None:
    # 7/3 3/off is fine (the last checker comes home first), 3/off with a checker on 7 not.
    assert plays({7: 1, 3: 2}, FAR, (6, 4)) == {"7/1 3/off", "7/off"}


def test_a_hit_checker_must_come_home_before_bearing_off_resumes() -> None:
    # 001/003/004: after being hit in the bear-off, 6-6 only brings the checker round.
    assert plays({25: 1, 6: 14}, LONE, (6, 6)) == {"bar/1"}


# -- optional rules ---------------------------------------------------------------------

LAST_OUT = {8: 1, 6: 5, 5: 4, 4: 3, 2: 2}


def test_regel_15_the_last_checker_comes_home_with_the_larger_die() -> None:
    standard = plays(LAST_OUT, FAR, (5, 3))
    assert standard == {
        "6/1 4/1", "6/1 5/2", "6/3 6/1", "8/3 4/1", "8/3 5/2", "8/3 6/3", "8/5 6/1", "8/off",
    }  # fmt: skip
    # Bringing it in with the 3 (8/5 6/1) or leaving it out (6/3 6/1 ...) is not allowed;
    # 8/off stays legal because 8/3/off brings it in with the 5.
    assert plays(LAST_OUT, FAR, (5, 3), REGEL_15) == {"8/3 4/1", "8/3 5/2", "8/3 6/3", "8/off"}


def test_regel_15_does_not_apply_when_the_smaller_die_does_not_reach_home() -> None:
    assert plays(LAST_OUT, FAR, (6, 1), REGEL_15) == plays(LAST_OUT, FAR, (6, 1))
    assert plays(LAST_OUT, FAR, (3, 3), REGEL_15) == plays(LAST_OUT, FAR, (3, 3))
    two_out = {9: 1, 8: 1, 6: 13}
    assert plays(two_out, FAR, (5, 3), REGEL_15) == plays(two_out, FAR, (5, 3))


def test_regel_16_no_hit_in_the_home_board_and_on_onto_an_own_blot() -> None:
    mover, opponent = {7: 1, 2: 1, 13: 13}, {21: 1, 1: 14}  # an opposing blot on the 4-point
    standard = plays(mover, opponent, (3, 2))
    assert "7/4*/2" in standard
    assert plays(mover, opponent, (3, 2), REGEL_16) == standard - {"7/4*/2"}


def test_regel_16_allows_hitting_and_moving_on_to_an_empty_point() -> None:
    mover, opponent = {7: 1, 13: 14}, {21: 1, 1: 14}
    assert "7/4*/2" in plays(mover, opponent, (3, 2), REGEL_16)


def test_optional_rules_change_nothing_in_the_opening() -> None:
    both = MoveRules(last_checker_larger_die=True, no_hit_and_continue_home=True)
    initial = Position.initial()
    for dice in ROLLS:
        optional = {play.result for play in initial.legal_plays(dice, rules=both)}
        assert optional == {play.result for play in initial.legal_plays(dice)}


# -- invariants ---------------------------------------------------------------------------


def test_a_finished_game_has_only_the_empty_play() -> None:
    for pos in (
        Position.from_points(mover={1: 1}, opponent={}),
        Position.from_points(mover={}, opponent={1: 1}),
    ):
        for dice in ROLLS:
            (play,) = pos.legal_plays(dice)
            assert play.steps == () and play.result == pos


def test_nothing_to_play_gives_one_empty_play() -> None:
    pos = Position.from_points(mover={25: 1, 6: 14}, opponent={6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2})
    (play,) = pos.legal_plays((4, 2))
    assert play.steps == () and play.hits == () and play.result == pos and str(play) == ""


@pytest.mark.parametrize("dice", [(0, 1), (7, 1), (1,), (1, 2, 3), (True, 2), "31", (1.0, 2)])
def test_bad_dice_raise_value_error(dice: object) -> None:
    with pytest.raises(ValueError, match="dice must be two numbers"):
        Position.initial().legal_plays(dice)  # type: ignore[arg-type]


def test_dice_order_does_not_matter() -> None:
    assert Position.initial().legal_plays((1, 3)) == Position.initial().legal_plays((3, 1))


def replay(pos: Position, dice: tuple[int, int], play: Play) -> Position:
    """Make the play's steps one by one with plain checks, independent of the engine."""
    mover, opponent = list(pos.mover), list(pos.opponent)  # each in its own numbering
    left = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    assert len(play.steps) == len(play.hits) <= len(left)
    for (frm, to), hit in zip(play.steps, play.hits, strict=True):
        assert mover[frm] > 0, f"no checker on {frm}"
        assert frm == 25 or not mover[25], "a checker on the bar must enter first"
        if to > 0:
            die = frm - to
            assert die in left, f"no die for {frm}/{to}"
            assert opponent[25 - to] < 2, f"{to} is blocked"
            assert hit == (opponent[25 - to] == 1)
            if hit:
                opponent[25 - to], opponent[25] = 0, opponent[25] + 1
            mover[to] += 1
        else:
            assert not any(mover[7:]), "bear-off with a checker outside"
            assert not hit
            if frm in left:
                die = frm
            else:
                die = min(d for d in left if d > frm)
                assert not any(mover[frm + 1 : 7]), "over-bearing with a higher checker"
            mover[0] += 1
        mover[frm] -= 1
        left.remove(die)
    after = Position.from_points(
        mover={p: n for p, n in enumerate(mover) if p and n},
        opponent={q: n for q, n in enumerate(opponent) if q and n},
    )
    assert after == play.result
    return after


@settings(max_examples=250, deadline=None)
@given(positions(), st.sampled_from(ROLLS))
def test_steps_replay_to_the_result(pos: Position, dice: tuple[int, int]) -> None:
    legal = pos.legal_plays(dice)
    assert len({play.result for play in legal}) == len(legal) >= 1
    assert len({len(play.steps) for play in legal}) == 1  # the same number of dice in all
    for play in legal:
        replay(pos, dice, play)
    if legal[0].steps == ():
        assert legal[0].result == pos
    if dice[0] != dice[1] and len(legal[0].steps) == 1:
        used = {play.steps[0][0] - play.steps[0][1] for play in legal}
        assert len(used) == 1 or all(play.steps[0][1] == 0 for play in legal)


@settings(max_examples=150, deadline=None)
@given(positions(), st.sampled_from(ROLLS))
def test_optional_rules_only_forbid_sequences(pos: Position, dice: tuple[int, int]) -> None:
    both = MoveRules(last_checker_larger_die=True, no_hit_and_continue_home=True)
    legal = pos.legal_plays(dice, rules=both)
    assert len({play.result for play in legal}) == len(legal) >= 1
    standard = {play.result: play for play in pos.legal_plays(dice)}
    for play in legal:
        replay(pos, dice, play)  # every step is a legal step of standard backgammon
        if len(play.steps) == len(next(iter(standard.values())).steps):
            assert play.result in standard


@settings(max_examples=300, deadline=None)
@given(positions())
def test_fast_paths_agree_with_the_general_search(pos: Position) -> None:
    for hi, lo in ROLLS:
        fast = {key: steps for key, steps, _ in generate(pos._key, hi, lo, STANDARD_RULES)}
        slow = {key: steps for key, steps, _ in search(pos._key, hi, lo, STANDARD_RULES)}
        assert fast.keys() == slow.keys(), (pos, hi, lo)
