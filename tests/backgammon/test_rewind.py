"""A game rewound some checker plays (a spectator's delay) is the game as it stood then."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from backgammon import Game, GamePhase, MatchRules
from backgammon.gamerecord import ActionKind
from backgammon.rewind import game_before_plays


def seen(game: Game) -> tuple[object, ...]:
    """What a board draws of a game."""
    return (
        game.position_id(),
        game.phase,
        game.turn,
        game.dice,
        game.cube,
        game.cube_owner,
        game.score,
    )


def plays_made(game: Game) -> int:
    return sum(action.kind is ActionKind.MOVE for action in game.record)


def play_out(seed: int, length: int, plays: int) -> tuple[Game, list[tuple[object, ...]]]:
    """A game played with random choices (doubles and takes too) up to ``plays`` checker
    plays, and what it showed right after each play (at 0: its start, the opening rolled)."""
    chooser = random.Random(seed)
    game = Game(MatchRules(length=length), rng=random.Random(seed + 1))
    game.roll()
    shown = [seen(game)]
    while not game.is_over and plays_made(game) < plays:
        before = plays_made(game)
        if game.phase is GamePhase.ROLL:
            if game.can_double() and chooser.random() < 0.15:
                game.double()
                game.take()
            game.roll()
        else:
            game.play(chooser.choice(game.legal_plays()))
        if plays_made(game) > before:  # a play, or a roll that allowed none
            shown.append(seen(game))
    return game, shown


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), length=st.sampled_from([1, 7]), plays=st.integers(0, 70))
def test_a_rewound_game_shows_the_game_as_it_stood_then(seed, length, plays):
    game, shown = play_out(seed, length, plays)
    made = len(shown) - 1
    assert seen(game_before_plays(game, 0)) == shown[made]
    for back in range(1, made + 3):
        assert seen(game_before_plays(game, back)) == shown[max(0, made - back)], back
