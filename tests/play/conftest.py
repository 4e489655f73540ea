"""Online matches with seeded dice, and a table to play them at through the services."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.models import Player
from matches.models import Match
from play import timesource
from play.selectors import board_matches, online_snapshot
from play.services import online_game_act, online_game_open
from play.timesource import FakeTime
from tests.conftest import open_matches
from tests.factories import UserFactory
from tournaments.models import ClockKind, Stage

SEED = "crawford-tests"


@pytest.fixture(autouse=True)
def seeded_dice(settings):
    """Repeatable dice, and an in-memory channel layer of this test process alone."""
    settings.CRAWFORD_DICE_SEED = SEED
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # The tests play whole matches at machine speed; test_consumer_limits.py sets its own.
    settings.ONLINE_MESSAGE_BURST = 100_000


def make_online(tournament) -> Match:
    """The tournament's first open match, played online by two players with accounts."""
    match = open_matches(tournament)[0]
    for entry in (match.entry_a, match.entry_b):
        user = UserFactory(username=f"player{entry.player_id}")
        Player.objects.filter(pk=entry.player_id).update(user=user)
    Match.objects.filter(pk=match.pk).update(is_online=True)
    return board_matches().get(pk=match.pk)


@pytest.fixture
def online_match(make_tournament):
    def make(players: int = 4, **settings: Any) -> Match:
        return make_online(make_tournament(players, **settings))

    return make


class Table:
    """Both players of an online match acting through the services, as the board would."""

    def __init__(self, match: Match, commit: Any) -> None:
        self.match_id = match.pk
        self.users = [match.entry_a.player.user, match.entry_b.player.user]
        self.commit = commit
        self._snapshot: tuple[int, dict[str, Any]] | None = None
        online_game_open(match=match)

    def snapshot(self) -> tuple[int, dict[str, Any]]:
        """What the boards show now (read again after every action and every refusal)."""
        if self._snapshot is None:
            self._snapshot = online_snapshot(board_matches().get(pk=self.match_id))
        return self._snapshot

    @property
    def state(self) -> dict[str, Any]:
        return self.snapshot()[1]

    @property
    def seq(self) -> int:
        return self.snapshot()[0]

    def act(self, side: int, action: str, seq: int | None = None, **payload: Any) -> None:
        seq = self.seq if seq is None else seq
        self._snapshot = None
        self.commit(
            online_game_act,
            match=self.match_id,
            side=side,
            user=self.users[side],
            action=action,
            seq=seq,
            payload=payload,
        )

    def play_turn(self) -> None:
        """Roll if needed, then move checker by checker along the targets, and confirm."""
        state = self.state
        game = state["game"]
        if game["phase"] == "roll":
            self.act(game["to_act"], "roll")
            state = self.state
            game = state["game"]
            if game["phase"] != "move":
                return  # no move possible: the turn passed
        side = game["turn"]
        while "confirm" not in state["actions"][side]:
            start, ends = next(iter(state["targets"].items()))
            self.act(side, "move", **{"from": int(start), "to": ends[0]})
            state = self.state
        self.act(side, "confirm")

    def play_out_game(self) -> None:
        """Play the current game to its end with the first legal steps."""
        number = self.state["game"]["number"]
        while self.state["status"] == "playing" and self.state["game"]["number"] == number:
            self.play_turn()


@pytest.fixture
def table(commit):
    def make(match: Match) -> Table:
        return Table(match, commit)

    return make


@pytest.fixture
def fake_time():
    """The online clocks read a time that moves only when the test says (``advance``)."""
    fake = FakeTime()
    previous = timesource.use(fake)
    yield fake
    timesource.use(previous)


def with_clock(tournament, *, minutes: int = 1, delay: int = 10, per_point: bool = True, **more):
    """Give the tournament's stages a clock (before any board is opened)."""
    kind = ClockKind.PER_POINT if per_point else ClockKind.FIXED
    Stage.objects.filter(tournament=tournament).update(
        clock=kind, clock_minutes=minutes, clock_delay=delay, **more
    )
    return tournament
