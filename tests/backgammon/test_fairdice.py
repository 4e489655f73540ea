"""The committed dice: the derivation the verify page documents, recomputed from known
vectors (the HMACs checked with ``openssl dgst -sha256 -hmac``)."""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections import Counter

import pytest

from backgammon import Game
from backgammon.fairdice import (
    CommittedDice,
    commitment,
    dice_stream,
    is_seed,
    new_seed,
    opening_roll,
    ordinary_roll,
    roll_number,
    verify_game,
)

SEED = "0" * 64


def test_the_commitment_is_the_sha256_of_the_seed_text():
    assert commitment(SEED) == "60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55"


def test_known_vectors():
    # HMAC-SHA256(key="000…0", "1:1:0") = dc69dac0…: 0xdc = 220 → 220 % 6 + 1 = 5, 0x69 → 4.
    mac = hmac.new(SEED.encode(), b"1:1:0", hashlib.sha256).hexdigest()
    assert mac.startswith("dc69dac05cc794c5")
    assert ordinary_roll(SEED, 1, 1, 0) == (5, 4)
    assert [ordinary_roll(SEED, 1, 1, n) for n in range(1, 6)] == [
        (5, 1),
        (5, 1),
        (5, 5),
        (1, 5),
        (5, 4),
    ]
    assert ordinary_roll(SEED, 7, 3, 12) == (3, 6)


def test_bytes_from_252_on_are_skipped():
    # "1:1:12" begins fe 36 6b: 254 is skipped, 0x36 = 54 → 1, 0x6b = 107 → 6.
    mac = hmac.new(SEED.encode(), b"1:1:12", hashlib.sha256).digest()
    assert mac[:3].hex() == "fe366b"
    assert ordinary_roll(SEED, 1, 1, 12) == (1, 6)


def test_a_tied_opening_roll_takes_the_next_two_dice():
    assert ordinary_roll(SEED, 1, 8, 0) == (1, 1)
    stream = list(itertools.islice(dice_stream(SEED, 1, 8, 0), 4))
    assert opening_roll(SEED, 1, 8) == (stream[2], stream[3]) == (1, 4)


def test_the_stream_goes_on_past_the_first_block():
    dice = list(itertools.islice(dice_stream(SEED, 1, 1, 0), 100))
    key = SEED.encode()
    later = hmac.new(key, b"1:1:0:1", hashlib.sha256).digest()
    first = hmac.new(key, b"1:1:0", hashlib.sha256).digest()
    kept = [b % 6 + 1 for b in first + later if b < 252]
    assert dice[: len(kept)] == kept


def test_every_face_about_equally_often():
    counts = Counter(d for n in range(3000) for d in ordinary_roll(SEED, 5, 1, n))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(900 < count < 1100 for count in counts.values())


def test_seeds():
    seed = new_seed()
    assert is_seed(seed) and seed != new_seed()
    assert not is_seed("0" * 63) and not is_seed("G" * 64) and not is_seed("0" * 63 + "A")


def test_a_game_rolled_with_committed_dice_verifies_and_a_wrong_seed_does_not():
    game = Game()
    game.rng = CommittedDice(SEED, 9, 1, roll_number(game.record))
    game.roll()
    while not game.is_over and len(game.record) < 40:
        if game.dice is None:
            game.rng = CommittedDice(SEED, 9, 1, roll_number(game.record))
            game.roll()
            continue
        plays = game.legal_plays()
        game.play(plays[0])
    record = [action.to_dict() for action in game.record]
    checks = verify_game(SEED, match=9, game=1, record=record, opening=True)
    assert len(checks) == roll_number(game.record) > 10
    assert all(check.matches for check in checks)
    wrong = verify_game("1" * 64, match=9, game=1, record=record, opening=True)
    assert not all(check.matches for check in wrong)


def test_committed_dice_are_dice_only():
    with pytest.raises(ValueError):
        CommittedDice(SEED, 1, 1, 0).randint(0, 1)


def _played(game: Game, seed: str, match: int, turns: int) -> list[dict]:
    for _ in range(turns):
        if game.is_over:
            break
        game.rng = CommittedDice(seed, match, game.number, roll_number(game.record))
        game.roll(player=None if game.phase.value == "opening" else game.turn)
        if game.dice is not None and game.phase.value == "move":
            game.play(game.legal_plays()[0])
    return [action.to_dict() for action in game.record]


def test_a_game_without_an_opening_roll_starts_with_an_ordinary_roll_zero():
    record = _played(Game(number=2, starter=1), SEED, 4, 6)
    assert record[0]["player"] == 1 and tuple(record[0]["dice"]) == ordinary_roll(SEED, 4, 2, 0)
    checks = verify_game(SEED, match=4, game=2, record=record, opening=False)
    assert len(checks) == 6 and all(check.matches for check in checks)


def test_the_lower_die_starts_where_the_rules_say_so():
    from backgammon import MatchRules

    game = Game(MatchRules(lower_die_starts=True), number=1)
    record = _played(game, SEED, 3, 4)
    low = min(opening_roll(SEED, 3, 1))
    assert record[0]["dice"][0] == low
    assert all(
        c.matches
        for c in verify_game(
            SEED, match=3, game=1, record=record, opening=True, lower_die_starts=True
        )
    )
    assert not verify_game(SEED, match=3, game=1, record=record, opening=True)[0].matches
