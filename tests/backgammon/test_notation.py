"""Play notation: formatting, reading back (XG and .mat styles), and the errors."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backgammon import (
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    MoveRules,
    Position,
)

from .test_gnubg_plays import PAIRS

START = {24: 2, 13: 5, 8: 3, 6: 5}
SAMPLE = random.Random(3).sample(PAIRS, 400)


def position(mover: dict[int, int], opponent: dict[int, int]) -> Position:
    return Position.from_points(mover=mover, opponent=opponent)


@pytest.mark.parametrize(
    ("mover", "opponent", "dice", "xg", "mat"),
    [
        (START, START, (3, 1), "8/5 6/5", "8/5 6/5"),
        (START, START, (3, 3), "13/7(2)", "13/10 13/10 10/7 10/7"),
        (START, START, (6, 5), "24/13", "24/18 18/13"),
        ({25: 1, 6: 14}, {3: 1, 13: 14}, (3, 1), "bar/22*/21", "25/22* 22/21"),
        ({25: 1, 6: 14}, {3: 1, 13: 14}, (3, 2), "bar/22* 6/4", "25/22* 6/4"),
        ({6: 1, 5: 1}, {13: 15}, (6, 5), "6/off 5/off", "6/0 5/0"),
        ({8: 1, 6: 14}, {20: 1, 1: 14}, (3, 1), "8/5*/4", "8/5* 5/4"),
    ],
)
def test_formats(
    mover: dict[int, int],
    opponent: dict[int, int],
    dice: tuple[int, int],
    xg: str,
    mat: str,
) -> None:
    pos = position(mover, opponent)
    play = pos.parse_play(xg, dice)
    assert str(play) == play.notation() == play.notation("xg") == xg
    assert play.notation("mat") == mat
    assert pos.parse_play(mat, dice) == play


def test_unknown_style() -> None:
    play = Position.initial().legal_plays((3, 1))[0]
    with pytest.raises(ValueError, match="unknown notation style"):
        play.notation("fibs")  # type: ignore[arg-type]


def test_repr() -> None:
    play = Position.initial().parse_play("8/5 6/5", (3, 1))
    assert repr(play) == "<Play 8/5 6/5 -> 4HPwATCwZ/ABMA>"
    (empty,) = position({25: 1, 6: 14}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2}).legal_plays((1, 2))
    assert repr(empty).startswith("<Play (no move) -> ")


@pytest.mark.parametrize("text", ["8/5 6/5", "6/5 8/5", "8/5, 6/5", "  8/5\t6/5 ", "8/5(1) 6/5"])
def test_order_spacing_and_commas_do_not_matter(text: str) -> None:
    play = Position.initial().parse_play(text, (3, 1))
    assert play.steps == ((8, 5), (6, 5))


@pytest.mark.parametrize(
    "text",
    [
        "bar/22* 6/4",
        "BAR/22* 6/4",
        "b/22* 6/4",
        "25/22* 6/4",
        "25/22 6/4",  # the '*' may be left out when no other play differs only by it
        "Bar/22*, 6/4",
    ],
)
def test_bar_spellings(text: str) -> None:
    pos = position({25: 1, 6: 14}, {3: 1, 13: 14})
    assert str(pos.parse_play(text, (2, 3))) == "bar/22* 6/4"


def test_half_a_play_is_illegal() -> None:
    pos = position({25: 1, 6: 14}, {3: 1, 13: 14})
    with pytest.raises(IllegalMoveError, match="not a legal play for 3-2"):
        pos.parse_play("bar/22*", (3, 2))


@pytest.mark.parametrize("text", ["6/off 5/off", "6/0 5/0", "6/OFF 5/o", "5/off 6/off"])
def test_off_spellings(text: str) -> None:
    pos = position({6: 1, 5: 1}, {13: 15})
    assert str(pos.parse_play(text, (6, 5))) == "6/off 5/off"


def test_chains_and_counts() -> None:
    pos = Position.initial()
    assert pos.parse_play("24/18/13", (6, 5)) == pos.parse_play("24/13", (6, 5))
    assert pos.parse_play("13/10(2) 10/7(2)", (3, 3)) == pos.parse_play("13/7(2)", (3, 3))
    assert pos.parse_play("13/7 13/7", (3, 3)) == pos.parse_play("13/7(2)", (3, 3))
    assert pos.parse_play("24/21(2) 13/10(2)", (3, 3)).result.mover[21] == 2


def test_stars_tell_apart_plays_that_differ_only_in_a_hit() -> None:
    # 13/7 with 4-2 goes by 9 (a blot, hit) or by 11 (empty): two different plays.
    pos = position({13: 1, 6: 14}, {16: 1, 1: 14})
    via_hit = pos.parse_play("13/9*/7", (4, 2))
    quiet = pos.parse_play("13/7", (4, 2))
    assert via_hit.result != quiet.result
    assert via_hit.hits == (True, False) and quiet.hits == (False, False)
    assert pos.parse_play("13/11/7", (4, 2)) == quiet  # intermediate points are not checked
    with pytest.raises(IllegalMoveError, match="marks a hit on 7"):
        pos.parse_play("13/7*", (4, 2))


def test_empty_play() -> None:
    pos = position({25: 1, 6: 14}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2})
    assert pos.parse_play("", (4, 2)).result == pos
    assert pos.apply_notation("   ", (4, 2)) == pos
    with pytest.raises(IllegalMoveError, match="nothing can be played"):
        pos.parse_play("bar/21", (4, 2))
    with pytest.raises(IllegalMoveError):
        Position.initial().parse_play("", (3, 1))


@pytest.mark.parametrize(
    "text",
    ["8-5", "8/5/", "/5", "8", "26/20", "off/5", "0/5", "8/bar", "8/25", "8/5(0)", "8/5(5)",
     "8*/5", "8/5 (2)", "x", "8/5;6/5", "8//5", "124/5"],
)  # fmt: skip
def test_unreadable_text_is_an_invalid_move(text: str) -> None:
    with pytest.raises(InvalidMoveError) as caught:
        Position.initial().parse_play(text, (3, 1))
    assert caught.value.notation == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8/4 6/5", "not a legal play for 3-1"),
        ("8/5", "not a legal play for 3-1 \\(a legal play uses 2 dice here\\)"),
        ("5/8 6/5", "moves backwards"),
        ("8/5 8/5 8/5 8/5", "moves 4 checker\\(s\\) from point 8, which has 3"),
        ("bar/22 6/5", "moves 1 checker\\(s\\) from the bar, which has 0"),
        ("24/18", "not a legal play for 3-1"),
        ("13/10*/9", "marks a hit on 10 that no legal play makes"),
    ],
)
def test_readable_but_illegal(text: str, message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        Position.initial().parse_play(text, (3, 1))


def test_checkers_on_the_bar_must_enter_first_message() -> None:
    pos = position({25: 1, 13: 14}, {13: 15})
    with pytest.raises(IllegalMoveError, match="must enter first"):
        pos.parse_play("13/10 13/12", (3, 1))


def test_non_text_is_an_invalid_move() -> None:
    with pytest.raises(InvalidMoveError, match="must be given as text"):
        Position.initial().parse_play(None, (3, 1))  # type: ignore[arg-type]


def test_errors_are_value_errors_with_context() -> None:
    with pytest.raises(ValueError) as caught:
        Position.initial().parse_play("8/4 6/5", (3, 1))
    error = caught.value
    assert isinstance(error, IllegalMoveError) and isinstance(error, MoveError)
    assert (error.game, error.move, error.notation) == (None, None, "8/4 6/5")
    error.game, error.move = 3, 17
    assert str(error).endswith("(game 3, move 17)")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is IllegalMoveError
    assert (copy.message, copy.notation, copy.game, copy.move) == (
        error.message, "8/4 6/5", 3, 17,
    )  # fmt: skip
    assert str(InvalidMoveError("bad", move=2)) == "bad (move 2)"


def test_optional_rules_apply_to_parsing() -> None:
    pos = position({7: 1, 2: 1, 13: 13}, {21: 1, 1: 14})
    assert pos.parse_play("7/4*/2", (3, 2)).hits == (True, False)
    regel_16 = MoveRules(no_hit_and_continue_home=True)
    with pytest.raises(IllegalMoveError, match="marks a hit on 4"):
        pos.parse_play("7/4*/2", (3, 2), rules=regel_16)
    assert pos.parse_play("7/2", (3, 2), rules=regel_16).hits == (False, False)


def test_round_trip_over_the_gnubg_corpus() -> None:
    """Every legal play of 400 corpus pairs: text -> parse_play -> the same play."""
    count = 0
    for position_id, dice, _ in SAMPLE:
        pos = Position.from_position_id(position_id)
        for play in pos.legal_plays(dice):
            for style in ("xg", "mat"):
                text = play.notation(style)
                assert pos.parse_play(text, dice) == play, (position_id, dice, text)
            count += 1
    assert count > 5000


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789/*() ,barofBOF\t", max_size=30))
def test_fuzz_only_move_errors_escape(text: str) -> None:
    pos = Position.initial()
    try:
        play = pos.parse_play(text, (3, 1))
    except MoveError as error:
        assert error.notation == text or isinstance(error, InvalidMoveError)
    else:
        assert play in pos.legal_plays((3, 1))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=20))
def test_fuzz_any_text(text: str) -> None:
    with pytest.raises(MoveError) if text.strip() else _no_error():
        Position.initial().parse_play(text, (6, 5))


class _no_error:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return isinstance(exc[1], IllegalMoveError)  # "" is illegal in the opening


# --- hits written without '*' (Backgammon Galaxy, FIBS) -----------------------------------------


@pytest.mark.parametrize(
    ("mover", "opponent", "dice", "written", "hit"),
    [
        # 14/10 10/5 with a blot on 10: the checker stops on 10 and hits it.
        ({14: 1, 6: 14}, {15: 1, 1: 14}, (5, 4), "14/10 10/5", 10),
        # 11/5 5/4 with 6-1 and a blot on 5 (not 11/10 10/4).
        ({11: 1, 6: 14}, {20: 1, 1: 14}, (6, 1), "11/5 5/4", 5),
        # a chain with its stop written: 13/9/7 with 4-2 and a blot on 9.
        ({13: 1, 6: 14}, {16: 1, 1: 14}, (4, 2), "13/9/7", 9),
        # the final landing point, unmarked.
        ({13: 1, 6: 14}, {18: 1, 1: 14}, (6, 1), "13/7 7/6", 7),
        # entering on a blot.
        ({25: 1, 6: 14}, {3: 1, 13: 14}, (3, 2), "bar/22 6/4", 22),
    ],
)
def test_a_written_landing_on_a_blot_is_a_hit(
    mover: dict[int, int], opponent: dict[int, int], dice: tuple[int, int], written: str, hit: int
) -> None:
    pos = position(mover, opponent)
    play = pos.parse_play(written, dice)
    assert play.result.opponent[25] == 1, "the blot went to the bar"
    assert play.result.opponent[25 - hit] == 0
    marked = written.replace(f"/{hit} ", f"/{hit}* ").replace(f"/{hit}/", f"/{hit}*/")
    marked = marked if marked != written else written.replace(f"/{hit}", f"/{hit}*")
    assert play == pos.parse_play(marked, dice)
    assert pos._play_from_text(written, dice, MoveRules()).result == play.result


def test_an_unwritten_stop_is_passed_without_hitting_when_it_can_be() -> None:
    # 13/7 with 4-2: by 11 (empty), not by 9 (a blot), as gnubg splits it.
    pos = position({13: 1, 6: 14}, {16: 1, 1: 14})
    for read in (pos.parse_play, lambda text, dice: pos._play_from_text(text, dice, MoveRules())):
        play = read("13/7", (4, 2))
        assert play.result.opponent[16] == 1 and not any(play.hits)


def test_fast_reading_gives_the_same_position_over_the_gnubg_corpus() -> None:
    """Replays read written plays step by step (no generation); same result as parse_play,
    with stars written, with none (Galaxy, FIBS) and in XG's short form."""
    rules = MoveRules()
    for position_id, dice, _ in SAMPLE[:200]:
        pos = Position.from_position_id(position_id)
        for play in pos.legal_plays(dice):
            for text in {play.notation("mat"), play.notation("xg")}:
                for written in (text, text.replace("*", "")):
                    fast = pos._play_from_text(written, dice, rules)
                    assert fast.result == play.result, (position_id, dice, written)
            unmarked = play.notation("mat").replace("*", "")
            assert pos.parse_play(unmarked, dice).result == play.result, unmarked


def test_the_quick_no_move_check_agrees_with_generation() -> None:
    """Replays ask "can anything move?" on every roll without generating the plays."""
    for position_id, dice, _ in PAIRS:
        pos = Position.from_position_id(position_id)
        assert pos._can_move(dice) == bool(pos.legal_plays(dice)[0].steps), (position_id, dice)
