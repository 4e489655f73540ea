"""Reading, replaying and writing .mat files (no GNU Backgammon needed)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from backgammon import (
    EndedBy,
    IllegalActionError,
    IllegalMoveError,
    InvalidMoveError,
    MatchRules,
    MatchState,
    StartRule,
    matfile,
)
from backgammon.gamerecord import ActionKind
from backgammon.matfile import MatFileError
from backgammon.scoring import WinKind
from tests.backgammon.test_game import play_randomly

FIXTURES = Path(__file__).parent / "fixtures" / "mat"
GNUBG_FILES = sorted(FIXTURES.glob("gnubg_*.mat"))
XG_FILES = {
    "xg_05pt_from_s108.mat": "gnubg_05pt_s108.json",
    "xg_09pt_from_s117.mat": "gnubg_09pt_s117.json",
}


def read(path: Path) -> str:
    # As an upload would: bytes decoded as UTF-8, newlines left alone.
    return path.read_bytes().decode("utf-8")


def expected(json_name: str) -> dict[str, object]:
    return json.loads((FIXTURES / json_name).read_text())  # type: ignore[no-any-return]


def summary(state: MatchState) -> list[dict[str, object]]:
    return [result.to_dict() for result in state.results]


def gnubg_games(data: dict[str, object]) -> list[dict[str, object]]:
    games = data["games"]
    assert isinstance(games, list)
    return [{k: v for k, v in game.items() if k != "score_before"} for game in games]


# --- hand-made files --------------------------------------------------------------------------

SMALL = """\
; [Site "Club night"]
; [Player 1 "Anna"]
; [Player 2 "Ben"]

 3 point match

 Game 1
 Anna : 0                       Ben : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2)  Doubles => 2                Takes
  3) 52: 13/8 13/11
      Wins 4 points

 Game 2
 Anna : 4                       Ben : 0
"""


def test_parse_small_file() -> None:
    record = matfile.parse(SMALL)
    assert record.players == ("Anna", "Ben") and record.length == 3
    assert record.tag("site") == "Club night" and record.tag("Round") is None
    first = record.games[0]
    assert first.number == 1 and first.score == (0, 0) and first.line == 7
    kinds = [(a.player, a.kind, a.dice, a.play, a.value, a.turn) for a in first.actions]
    assert kinds == [
        (0, ActionKind.MOVE, (3, 1), "8/5 6/5", 0, 1),
        (1, ActionKind.MOVE, (6, 4), "24/18 13/9", 0, 1),
        (0, ActionKind.DOUBLE, None, "", 2, 2),
        (1, ActionKind.TAKE, None, "", 0, 2),
        (0, ActionKind.MOVE, (5, 2), "13/8 13/11", 0, 3),
        (0, ActionKind.WIN, None, "", 4, 0),
    ]
    # Written result: gammon resigned at cube 2 (the plays bear off nothing).
    assert first.result is not None
    assert (first.result.winner, first.result.kind, first.result.cube) == (0, "gammon", 2)
    assert first.result.ended_by is EndedBy.RESIGN
    assert record.games[1].actions == () and record.games[1].result is None


def test_replay_small_file() -> None:
    state, games = matfile.replay_games(matfile.parse(SMALL))
    assert state.score == (4, 0) and state.is_over and state.winner == 0
    assert len(games) == 1  # game 2 is written after the end of the match: ignored
    warnings = matfile.replay_record(matfile.parse(SMALL)).warnings
    assert [(w.code, w.game, w.line) for w in warnings] == [("after_match", 2, 14)]
    assert games[0].result is not None and games[0].result.ended_by is EndedBy.RESIGN


XG_STYLE = """\ufeff; [Site "eXtreme Gammon"]\r
; [Player 1 "Anna"]\r
; [Player 2 "Ben"]\r
; [Crawford "On"]\r
; [CubeLimit "1024"]\r
\r
1 point match\r
\r
 Game 1\r
 Anna : 0                              Ben : 0\r
  1) 13: 8/5 6/5                        64: 24/18 13/9\r
  2) 62: 13/7* 8/6                      66: Cannot Move\r
  3) 52: ???\r
                                        Wins 1 point and the match\r
"""


def test_xg_style_resignation_after_the_roll() -> None:
    record = matfile.parse(XG_STYLE)
    actions = record.games[0].actions
    assert [a.kind for a in actions] == ["move", "move", "move", "move", "roll", "win"]
    assert actions[0].dice == (1, 3)  # lower die first is fine
    assert actions[3].play == "" and actions[5].match_won
    state = matfile.replay(record)
    assert state.score == (0, 1) and state.is_over
    assert state.results[0].ended_by is EndedBy.RESIGN


def test_roll_then_resign_as_gnubg_writes_it() -> None:
    # gnubg writes the bare dice of a roll that was not played, then the "Wins" of the other
    # side (its export of MOVE_SETDICE + MOVE_RESIGN).
    text = (
        " 1 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
        "  2) 52:                        Wins 1 point\n"
    )
    record = matfile.parse(text)
    assert [a.kind for a in record.games[0].actions][-2:] == ["roll", "win"]
    assert matfile.replay(record).score == (0, 1)
    assert matfile.dumps(record) == (
        "\n 1 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 31: 8/5 6/5                 64: 24/18 13/9 \n"
        "  2) 52:                         Wins 1 point\n\n"
    )


@pytest.mark.parametrize(("name", "json_name"), sorted(XG_FILES.items()))
def test_xg_style_fixtures_replay_like_gnubg(name: str, json_name: str) -> None:
    text = read(FIXTURES / name)
    assert text.startswith("\ufeff") or "Bar/" in text
    for token in ("Bar/", "/Off", "(2)", "Cannot Move", "and the match"):
        if token != "(2)" or "s117" not in name:
            assert token in text, token
    record = matfile.parse(text)
    assert record.tag("Crawford") == "On" and record.players == ("Alice", "Bob")
    state = matfile.replay(record)
    data = expected(json_name)
    assert summary(state) == gnubg_games(data)
    assert list(state.score) == data["final_score"]


# --- fixtures made by GNU Backgammon ---------------------------------------------------------


def test_there_are_enough_gnubg_fixtures() -> None:
    assert len(GNUBG_FILES) >= 20
    lengths = {matfile.parse(read(path)).length for path in GNUBG_FILES}
    assert {1, 3, 5, 7, 9, 11} <= lengths
    kinds = set()
    crawford = 0
    for path in GNUBG_FILES:
        state, games = matfile.replay_games(matfile.parse(read(path)))
        kinds |= {(r.kind, r.ended_by) for r in state.results}
        kinds |= {("cube", r.cube > 1) for r in state.results}
        crawford += sum(game.crawford for game in games)
    assert (WinKind.GAMMON, EndedBy.BEAROFF) in kinds or (WinKind.GAMMON, EndedBy.RESIGN) in kinds
    assert (WinKind.BACKGAMMON, EndedBy.BEAROFF) in kinds
    assert (WinKind.SINGLE, EndedBy.DROP) in kinds and ("cube", True) in kinds
    assert crawford >= 3


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda p: p.stem)
def test_gnubg_fixture_replays_to_gnubgs_results(path: Path) -> None:
    record = matfile.parse(read(path))
    state = matfile.replay(record)
    data = expected(path.stem + ".json")
    assert summary(state) == gnubg_games(data)
    assert list(state.score) == data["final_score"] and state.is_over
    # the written results agree with the replayed ones
    assert [game.result for game in record.games] == list(state.results)
    # and the file's score lines with the replayed scores
    games = data["games"]
    assert isinstance(games, list)
    assert [list(game.score) for game in record.games] == [g["score_before"] for g in games]


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda p: p.stem)
def test_dumps_writes_gnubgs_files_byte_for_byte(path: Path) -> None:
    text = read(path)
    assert matfile.dumps(matfile.parse(text)) == text


# --- writing what the engine played ---------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        MatchRules(length=5),
        MatchRules(length=3, max_cube=8),
        MatchRules(length=7, start=StartRule.WINNER_STARTS, lower_die_starts=True),
    ],
)
def test_engine_matches_round_trip_through_mat(rules: MatchRules) -> None:
    rng = random.Random(31)
    for _ in range(3):
        state = MatchState(rules)
        games = []
        while not state.is_over:
            game = state.new_game(rng=rng)
            state.record(play_randomly(game, rng, cube_rate=0.12, resign_rate=0.01))
            games.append(game)
        record = matfile.record_from_games(games, players=("Anna", "Ben"), match_over=True)
        text = matfile.dumps(record)
        assert text.rstrip().endswith("and the match")
        again = matfile.parse(text)
        replayed = matfile.replay(again, rules)
        assert replayed.results == state.results and replayed.score == state.score
        assert [[a.play for a in g.actions] for g in again.games] == [
            [a.play for a in g.record] for g in games
        ]
        assert matfile.dumps(again) == text


def test_unfinished_last_game_is_allowed() -> None:
    text = SMALL.replace("      Wins 4 points\n", "").split(" Game 2")[0]
    state, games = matfile.replay_games(matfile.parse(text))
    assert state.games_played == 0 and len(games) == 1 and not games[0].is_over


def test_rules_from_tags() -> None:
    record = matfile.parse('; [Crawford "Off"]\n; [CubeLimit "64"]\n 5 point match\n')
    assert matfile.rules_for(record) == MatchRules(length=5, crawford=False, max_cube=64)
    money = matfile.parse('; [Jacoby "On"]\n 0 point match\n')
    assert matfile.rules_for(money).jacoby
    with pytest.raises(MatFileError):
        matfile.replay(record, MatchRules(length=7))


# --- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", 1, "no 'N point match'"),
        ('; [Site "x"]\nhello\n', 2, "no 'N point match'"),
        (" 99999 point match\n", 1, "above"),
        (" 3 point match\n\n Game 2\n", 3, "starts at game 2: a fragment"),
        (" 3 point match\n\n Game 1\n A : 0    B : 0\n\n Game 3\n", 6, "game 2 belongs"),
        (" 3 point match\n\n Game 1\n  1) 31: 8/5 6/5\n", 4, "score line"),
        (" 3 point match\n\n Game 1\n", 3, "without its score line"),
        (" 3 point match\n  1) 31: 8/5 6/5\n", 2, "before the first game"),
        (" 3 point match\n\n Game 1\n A : 0    B : 0\n  1) 31: 8/5 6/x\n", 5, "'6/x'"),
        (" 3 point match\n\n Game 1\n A : 0    B : 0\n  1) 71: 8/1\n", 5, "'71:'"),
        (
            " 3 point match\n\n Game 1\n A : 0    B : 0\n  1) 31: 8/5  42: 8/4  51: 8/3\n",
            5,
            "more than two",
        ),
        (" 3 point match\n\n Game 1\n A : 0    B : 0\n  1)  Doubles => 4\n", 5, "cube at 1"),
        (" 3 point match\n\n Game 1\n A : 0    B : 0\n  1)  Takes\n", 5, "without a double"),
        (" 3 point match\n\n Game 1\n A : 0    B : 0\n  1)  Beavers => 4\n", 5, "unsupported"),
        (
            " 3 point match\n\n Game 1\n A : 0    B : 0\n      Wins 1 point\n  1) 31: 8/5 6/5\n",
            6,
            "after the game was won",
        ),
    ],
)
def test_parse_errors_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(MatFileError) as caught:
        matfile.parse(text)
    assert caught.value.line == line
    assert message in str(caught.value) and f"line {line}" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def _gnubg_text(stem: str = "gnubg_05pt_s108") -> str:
    return read(FIXTURES / f"{stem}.mat")


def test_illegal_move_names_game_and_move() -> None:
    text = _gnubg_text()
    lines = text.splitlines(keepends=True)
    # game 2, move 3 (left): "63: 11/5* 8/5" -> an impossible 8/2
    index = next(i for i, line in enumerate(lines) if line.startswith("  3) 63: 11/5* 8/5"))
    lines[index] = lines[index].replace("11/5* 8/5", "11/5* 8/2")
    with pytest.raises(IllegalMoveError) as caught:
        matfile.replay(matfile.parse("".join(lines)))
    assert (caught.value.game, caught.value.move) == (2, 3)
    assert "game 2, move 3" in str(caught.value)


def test_unknown_point_is_an_invalid_move_with_game_and_move() -> None:
    text = " 3 point match\n\n Game 1\n A : 0    B : 0\n  1) 31: 30/27 6/5\n"
    with pytest.raises(InvalidMoveError) as caught:
        matfile.replay(matfile.parse(text))
    assert (caught.value.game, caught.value.move) == (1, 1)


@pytest.mark.parametrize(
    ("old", "new", "error", "line_or_code"),
    [
        # the score line of game 2 claims the wrong score
        (
            " Alice : 0                      Bob : 1\n",
            " Alice : 0                      Bob : 2\n",
            MatFileError,
            14,
        ),
        # doubling in the Crawford game (game 6 at 4-2)
        (
            "  1)                             31: 8/5 6/5 \n  2) 32: 24/22 13/10",
            "  1)                             31: 8/5 6/5 \n"
            "  2)  Doubles => 2\n  3) 32: 24/22 13/10",
            IllegalActionError,
            "cube_in_crawford_game",
        ),
    ],
)
def test_replay_errors(old: str, new: str, error: type[Exception], line_or_code: object) -> None:
    text = _gnubg_text()
    assert text.count(old) >= 1, old
    broken = text.replace(old, new, 1)
    with pytest.raises(error) as caught:
        matfile.replay(matfile.parse(broken))
    if isinstance(line_or_code, int):
        assert getattr(caught.value, "line", None) == line_or_code
    elif isinstance(caught.value, IllegalActionError):
        assert caught.value.code == line_or_code and caught.value.game == 6
    else:
        assert line_or_code in str(caught.value)


def test_wins_that_differ_from_the_game_are_a_warning_not_an_error() -> None:
    # gnubg takes a dropped game's value from the cube and ignores the "Wins" line.
    text = _gnubg_text().replace(
        "  6)  Drops                       Wins 1 point \n",
        "  6)  Drops                       Wins 2 points\n",
        1,
    )
    done = matfile.replay_record(matfile.parse(text))
    assert summary(done.state) == gnubg_games(expected("gnubg_05pt_s108.json"))
    assert [w.code for w in done.warnings] == ["points_differ"]
    assert "says 'Wins 2', but game 1 is worth 1 (a single game at cube 1)" in str(done.warnings[0])


def test_a_double_answered_by_wins_alone_is_a_drop() -> None:
    text = SMALL.replace("  2)  Doubles => 2                Takes\n", "  2)  Doubles => 2\n")
    text = text.replace("  3) 52: 13/8 13/11\n      Wins 4 points\n", "      Wins 1 point\n")
    done = matfile.replay_record(matfile.parse(text.split(" Game 2")[0]))
    assert [(r.winner, r.points, r.ended_by) for r in done.state.results] == [(0, 1, EndedBy.DROP)]


def test_a_game_after_the_end_and_a_game_without_result() -> None:
    text = _gnubg_text("gnubg_03pt_s104")
    extra = text + " Game 4\n Alice : 5                      Bob : 1\n  1) 31: 8/5 6/5\n"
    done = matfile.replay_record(matfile.parse(extra))  # gnubg stops at the end too
    assert done.state.is_over and len(done.games) == 3
    assert [str(w.message) for w in done.warnings] == [
        "the match is over after game 3: 1 game after it ignored"
    ]
    cut = text.replace("                                  Wins 1 point\n", "", 1)
    if cut != text:
        with pytest.raises((MatFileError, IllegalMoveError)):
            matfile.replay(matfile.parse(cut))


def test_a_resignation_worth_less_than_the_match_it_claims_is_a_forfeit() -> None:
    """As gnubg reads it: a resignation of a backgammon (3 points at cube 1), and the
    match ends there, won by the side the "Wins" line names."""
    text = (
        " 7 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
        "      Wins 7 points and the match\n"
    )
    done = matfile.read(text)
    assert done.is_over and done.winner == 0 and done.forfeit_winner == 0
    assert done.state.score == (3, 0) and not done.state.is_over
    assert [(w.code, w.game, w.line) for w in done.warnings] == [("forfeit", 1, 6)]
    assert done.warnings[0].message == (
        "game 1 ends by forfeit ('Wins 7 points'): read as a resignation worth 3, "
        "which ends the match"
    )


def test_a_forfeit_ends_the_match_and_later_games_are_ignored() -> None:
    text = (
        " 7 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
        "                                  Wins 4016 points\n\n"
        " Game 2\n A : 0                          B : 3\n"
        "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
    )
    done = matfile.read(text)
    assert done.is_over and done.winner == 1 and len(done.games) == 1
    assert [w.code for w in done.warnings] == ["forfeit", "after_match"]


def test_a_match_resumed_from_a_saved_score_starts_there() -> None:
    """FIBS and Snowie logs of a resumed match start at its saved score; gnubg starts the
    match there, and so does the replay (6-5 in a 7-point match: the Crawford game)."""
    text = (
        " 7 point match\n\n Game 1\n A : 6                          B : 5\n"
        "  1) 31: 8/5 6/5                  Doubles => 2\n"
    )
    with pytest.raises(IllegalMoveError):
        matfile.read(text)  # no double in the Crawford game
    text = (
        " 7 point match\n\n Game 1\n A : 3                          B : 0\n"
        "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
        "                                  Wins 1 point\n"
    )
    done = matfile.read(text)
    assert done.state.start == (3, 0) and done.state.score == (3, 1)
    assert [(w.code, w.line) for w in done.warnings[:1]] == [("resumed", 4)]
    assert done.warnings[0].message == (
        "the match is resumed at 3-0: its earlier games are not in the file"
    )
    assert done.games[0].score == (3, 0)


def test_wins_in_the_wrong_column_after_a_bear_off_is_a_warning() -> None:
    # gnubg ignores a "Wins" line once a bear-off has ended the game.
    text = _gnubg_text()
    old = "                                  Wins 2 points\n"
    moved = text.replace(old, "      Wins 2 points\n", 1)
    assert moved != text
    done = matfile.replay_record(matfile.parse(moved))
    assert summary(done.state) == gnubg_games(expected("gnubg_05pt_s108.json"))
    assert [w.code for w in done.warnings] == ["wrong_column"]
    assert "'Wins 2' stands in the left column, but the right player bore off" in str(
        done.warnings[0]
    )


def test_and_the_match_must_be_true() -> None:
    text = SMALL.replace(" 3 point match", " 5 point match").replace(
        "Wins 4 points", "Wins 4 points and the match"
    )
    with pytest.raises(MatFileError) as caught:
        matfile.replay(matfile.parse(text))
    assert "match goes on" in str(caught.value)


def test_unplayed_roll_without_resignation_is_illegal() -> None:
    text = (
        " 3 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 31:                         64: 24/18 13/9\n"
    )
    with pytest.raises(IllegalMoveError) as caught:
        matfile.replay(matfile.parse(text))
    assert "no play written" in str(caught.value) and caught.value.move == 1


def test_a_malformed_file_never_half_imports() -> None:
    text = _gnubg_text() + " Game 8\n nonsense\n"
    with pytest.raises(MatFileError):
        matfile.replay(matfile.parse(text))
