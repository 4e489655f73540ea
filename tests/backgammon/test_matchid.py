"""The GNU Backgammon Match ID: known values, round trips, and gnubg itself where installed."""

from __future__ import annotations

import random

import pytest

from backgammon.matchid import GameState, MatchIdFields, decode_match_id

# Values printed by GNU Backgammon (gnubg.matchid of the same cube and position info).
KNOWN = [
    (MatchIdFields(length=7, dice=(3, 1)), "MIHlAAAAAAAE"),
    (MatchIdFields(length=0, dice=(3, 1), jacoby=True), "MIEFAAAAAAAA"),
    (
        MatchIdFields(
            length=7, score=(3, 2), cube=4, cube_owner=1, player_on_roll=1, turn=1, doubled=True
        ),
        "UhngADAAEAAE",
    ),
    (
        MatchIdFields(
            length=7,
            score=(6, 2),
            player_on_roll=1,
            turn=1,
            crawford=True,
            state=GameState.RESIGNED,
            resigned=2,
            dice=(5, 6),
        ),
        "8Ev3AGAAEAAE",
    ),
    # after a gnubg self-play match: 1-7 in a 3-point match, resigned backgammon at cube 2
    (
        MatchIdFields(
            length=3,
            score=(1, 7),
            cube=2,
            cube_owner=0,
            state=GameState.RESIGNED,
            resigned=3,
        ),
        "AWNgABAAOAAE",
    ),
]


@pytest.mark.parametrize(("fields", "match_id"), KNOWN)
def test_known_match_ids(fields: MatchIdFields, match_id: str) -> None:
    assert fields.encode() == match_id
    decoded = decode_match_id(match_id)
    assert decoded.encode() == match_id
    assert decoded.score == fields.score and decoded.length == fields.length


@pytest.mark.parametrize(
    "text", ["", "MIHlAAAAAAA", "MIHlAAAAAAA!", "////////////", "MIHlAAAAAAAEE"]
)
def test_invalid_match_ids(text: str) -> None:
    with pytest.raises(ValueError):
        decode_match_id(text)


def _random_fields(rng: random.Random) -> MatchIdFields:
    length = rng.choice([0, 1, 3, 5, 7, 11, 25])
    top = max(length, 1)
    dice = (rng.randint(1, 6), rng.randint(1, 6)) if rng.random() < 0.7 else (0, 0)
    return MatchIdFields(
        length=length,
        score=(rng.randrange(top), rng.randrange(top)),
        cube=1 << rng.randrange(7),
        cube_owner=rng.choice([None, 0, 1]),
        player_on_roll=rng.randrange(2),
        turn=rng.randrange(2),
        crawford=bool(length) and rng.random() < 0.2,
        state=rng.choice([GameState.PLAYING, GameState.RESIGNED, GameState.OVER]),
        doubled=rng.random() < 0.2,
        resigned=rng.randrange(4),
        dice=(max(dice), min(dice)),
        jacoby=False,
    )


def test_round_trip() -> None:
    rng = random.Random(7)
    for _ in range(300):
        fields = _random_fields(rng)
        assert decode_match_id(fields.encode()) == fields


def test_against_gnubg() -> None:
    gnubg = pytest.importorskip("gnubg", reason="the gnubg module (dev extra) is not installed")
    rng = random.Random(11)
    for _ in range(200):
        fields = _random_fields(rng)
        if fields.length == 0:
            continue  # gnubg's money-game Jacoby bit follows its global setting
        cube_info = gnubg.cubeinfo(
            fields.cube,
            -1 if fields.cube_owner is None else fields.cube_owner,
            fields.player_on_roll,
            fields.length,
            fields.score,
            int(fields.crawford),
            0,
        )
        pos_info = gnubg.posinfo(
            fields.turn, fields.resigned, int(fields.doubled), int(fields.state), fields.dice
        )
        assert fields.encode() == gnubg.matchid(cube_info, pos_info), fields
