"""Fuzzed .mat input: nothing escapes but MatFileError and the engine's two move errors."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backgammon import IllegalMoveError, InvalidMoveError, matfile
from backgammon.matfile import MatFileError

FIXTURES = Path(__file__).parent / "fixtures" / "mat"
SOURCES = [
    matfile.decode(path.read_bytes())
    for path in sorted(FIXTURES.glob("**/*.mat"))
    if path.stat().st_size < 6000
]
ALLOWED = (MatFileError, InvalidMoveError, IllegalMoveError)

TOKENS = [
    " Doubles => 2",
    " Doubles => 64",
    " Takes",
    " Drops",
    "Wins 1 point",
    "Wins 3 points",
    " and the match",
    "Cannot Move",
    "???",
    "25/",
    "/0",
    "bar/",
    "/off",
    "(2)",
    "(9)",
    "*",
    " Game 2",
    " 7 point match",
    "  9) ",
    "66: ",
    "13: ",
    ": 0  ",
    "\n",
    "\r\n",
    "\t",
    ";",
    "Beavers",
    "\ufeff",
    "\x00",
    "٣",
    "99999999999999999999",
    "-1",
    "Illegal play",
    "Losses 1 point",
    "wins 4016 points",
    "Bar/",
    "/Off",
    "11/5 5/4",
]

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def check(text: str) -> None:
    try:
        record = matfile.parse(text)
    except MatFileError as error:
        assert error.line is None or error.line >= 1
        return
    with contextlib.suppress(ALLOWED):
        matfile.replay(record)
    written = matfile.dumps(record)
    with contextlib.suppress(MatFileError):
        matfile.parse(written)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.splitlines(keepends=True) or [""]
        choice = draw(st.integers(0, 5))
        where = draw(st.integers(0, len(lines) - 1))
        if choice == 0:  # drop a line
            del lines[where]
        elif choice == 1:  # duplicate a line
            lines.insert(where, lines[where])
        elif choice == 2:  # swap two lines
            other = draw(st.integers(0, len(lines) - 1))
            lines[where], lines[other] = lines[other], lines[where]
        elif choice == 3:  # insert a token inside a line
            line = lines[where]
            at = draw(st.integers(0, len(line)))
            lines[where] = line[:at] + draw(st.sampled_from(TOKENS)) + line[at:]
        elif choice == 4:  # replace a character
            line = lines[where]
            if line:
                at = draw(st.integers(0, len(line) - 1))
                char = draw(st.sampled_from("0123456789/*() :-=>?abdeilnoprstwDGTW\n"))
                lines[where] = line[:at] + char + line[at + 1 :]
        else:  # cut the file
            lines = lines[:where]
        text = "".join(lines)
    return text


@FUZZ
@given(mutated())
def test_mutated_files(text: str) -> None:
    check(text)


@FUZZ
@given(st.lists(st.sampled_from([*TOKENS, "31: 8/5 6/5", "  1) ", " A : 0   B : 0"]), max_size=30))
def test_token_soup(tokens: list[str]) -> None:
    check(" 3 point match\n\n Game 1\n A : 0     B : 0\n" + "".join(tokens))


@FUZZ
@given(st.text(max_size=400))
def test_any_text(text: str) -> None:
    check(text)
    check(" 5 point match\n\n Game 1\n" + text)
