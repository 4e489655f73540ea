"""The online game as saved after every action: small, and loaded exactly as it was."""

from __future__ import annotations

import json

import pytest

from backgammon import Game
from play.models import OnlineGame
from play.state import OnlineState

pytestmark = pytest.mark.django_db


def test_the_game_before_the_last_play_is_saved_as_what_differs(online_match, table):
    play = table(online_match())
    play.play_turn()
    saved = OnlineGame.objects.get(match_id=play.match_id).state
    state = OnlineState.load(saved)
    before = state.before_play
    assert before is not None and before["number"] == state.game.number
    assert before["record"] == saved["game"]["record"][: len(before["record"])]
    assert before["phase"] == "move" and before["position"] != saved["game"]["position"]
    assert Game.from_dict(before).to_dict() == before  # a whole game, for the take-back
    # Saved as what differs: the game's record is not saved twice.
    assert '"record"' not in json.dumps(saved["before_play"])
    # A state saved whole (format 1) loads the same.
    whole = {**saved, "format": 1, "before_play": before}
    assert OnlineState.load(whole).before_play == before
    assert OnlineState.load(whole).dump() == saved
