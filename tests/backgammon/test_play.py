"""A play keeps the key of its result and makes the Position when asked for it; to a user
it is the value it always was: built from steps, hits and result, equal and hashed by them,
frozen, matched and pickled with its result."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from backgammon import Play, Position


def opening_play() -> Play:
    return Position.initial().parse_play("8/5 6/5", (3, 1))


def test_a_play_built_by_hand_equals_the_legal_play() -> None:
    legal = opening_play()
    built = Play(steps=legal.steps, hits=legal.hits, result=legal.result)
    assert built == legal and hash(built) == hash(legal)
    assert built.result == legal.result == Position.initial().apply_notation("8/5 6/5", (3, 1))
    assert Play(legal.steps, legal.hits, Position.initial()) != legal


def test_each_play_leads_to_its_own_result() -> None:
    pos = Position.from_points(mover={8: 1, 6: 1}, opponent={20: 1})  # a blot on the 5-point
    plays = pos.legal_plays((3, 1))
    assert len({play.result for play in plays}) == len(plays) > 1
    for play in plays:
        assert pos.apply_notation(play.notation("mat"), (3, 1)) == play.result
        assert play.result.opponent[25] == sum(play.hits)


def test_a_play_is_frozen() -> None:
    play = opening_play()
    for name in ("steps", "hits"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(play, name, None)
    # ``result`` is no field now: refused as any other name is (a TypeError, from the frozen
    # dataclass with slots of Python 3.11).
    with pytest.raises((AttributeError, TypeError)):
        play.result = Position.initial()  # type: ignore[misc]
    assert play.result.mover[5] == 2


def test_a_play_matches_by_steps_hits_and_result() -> None:
    match opening_play():
        case Play(steps, hits, result):
            assert (steps, hits) == (((8, 5), (6, 5)), (False, False))
            assert result.mover[5] == 2
        case _:
            pytest.fail("no match")


def test_a_play_survives_pickling() -> None:
    play = opening_play()
    copy = pickle.loads(pickle.dumps(play))
    assert copy == play and copy.result == play.result and str(copy) == "8/5 6/5"
