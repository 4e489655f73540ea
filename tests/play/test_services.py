"""The authoritative online game: every action checked by the engine, saved, recorded."""

from __future__ import annotations

import pytest

from backgammon import Position
from config.errors import UserError
from matches.models import Game, Match, MatchStatus
from matches.services import match_award_forfeit
from play.models import OnlineGame
from play.services import online_game_act, online_game_open
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def refused(table, side, action, code, **payload):
    seq = table.seq
    before = OnlineGame.objects.get(match_id=table.match_id).state
    with pytest.raises(UserError) as caught:
        table.act(side, action, **payload)
    assert caught.value.code == code
    online = OnlineGame.objects.get(match_id=table.match_id)
    assert (online.sequence, online.state) == (seq, before), "a refused action changes nothing"
    return caught.value


def to_roll(table):
    """Play turns until a player is about to roll (the opening roll is made for the starter)."""
    while table.state["game"]["phase"] != "roll":
        table.play_turn()
    return table.state["game"]["to_act"]


def test_the_first_player_to_open_the_board_starts_game_one(online_match):
    match = online_match()
    online = online_game_open(match=match)
    assert online_game_open(match=match).pk == online.pk
    state = online.state["game"]
    assert state["number"] == 1 and state["phase"] == "move"  # the opening roll is made
    assert state["dice"][0] != state["dice"][1]
    assert online.sequence == 0


def test_no_online_game_for_a_match_played_at_the_table(make_tournament):
    from tests.conftest import open_matches

    match = open_matches(make_tournament(2))[0]
    assert online_game_open(match=match) is None
    assert not OnlineGame.objects.exists()


def test_checkers_move_one_step_at_a_time_and_can_be_taken_back(online_match, table):
    t = table(online_match())
    state = t.state
    side = state["game"]["turn"]
    board_before, pips_before = state["board"]["points"], state["board"]["pips"][side]
    start, ends = next(iter(state["targets"].items()))
    t.act(side, "move", **{"from": int(start), "to": ends[0]})
    state = t.state
    assert state["pending"] == [[int(start), ends[0]]]
    assert state["board"]["pips"][side] == pips_before - (int(start) - ends[0])
    assert "undo" in state["actions"][side] and "confirm" not in state["actions"][side]
    refused(t, side, "confirm", "incomplete_play")
    t.act(side, "undo")
    state = t.state
    assert state["pending"] == [] and state["board"]["points"] == board_before
    refused(t, side, "undo", "nothing_to_undo")
    t.play_turn()
    state = t.state
    assert state["game"]["phase"] == "roll" and state["game"]["to_act"] == 1 - side
    assert state["recent"][-1]["kind"] == "move" and state["recent"][-1]["side"] == side


def test_illegal_forged_out_of_turn_and_stale_actions_change_nothing(online_match, table):
    t = table(online_match())
    state = t.state
    side = state["game"]["turn"]
    missing = next(d for d in range(1, 7) if d not in state["game"]["dice"])
    refused(t, side, "move", "illegal_move", **{"from": 13, "to": 13 - missing})
    refused(t, side, "move", "illegal_move", **{"from": 1, "to": 0})  # bear off from the start
    refused(t, side, "move", "malformed", **{"from": "13", "to": 10})
    refused(t, side, "play", "malformed", steps=[[13, 10, 7]])
    refused(t, 1 - side, "move", "not_your_turn", **{"from": 13, "to": 10})
    refused(t, 1 - side, "roll", "not_your_turn")
    refused(t, side, "take", "wrong_phase")
    refused(t, side, "accept", "wrong_phase")
    start, ends = next(iter(state["targets"].items()))
    seq = t.seq
    t.act(side, "move", seq=seq, **{"from": int(start), "to": ends[0]})
    with pytest.raises(UserError) as caught:  # the same message again: a replay
        t.act(side, "move", seq=seq, **{"from": int(start), "to": ends[0]})
    assert caught.value.code == "stale"
    assert len(t.state["pending"]) == 1


def test_a_whole_play_in_one_message(online_match, table):
    t = table(online_match())
    game = t.state["game"]
    position = Position.from_position_id(game["position_id"])
    play = position.legal_plays(tuple(game["dice"]))[0]
    refused(t, game["turn"], "play", "illegal_move", steps=[[24, 23], [24, 23]])
    t.act(game["turn"], "play", steps=[list(step) for step in play.steps])
    assert t.state["game"]["to_act"] == 1 - game["turn"]


def test_double_take_redouble_drop(online_match, table):
    t = table(online_match(default_length=7))
    doubler = to_roll(t)
    refused(t, 1 - doubler, "double", "not_your_turn")
    assert "double" in t.state["actions"][doubler]
    t.act(doubler, "double")
    state = t.state
    assert state["game"]["phase"] == "doubled" and state["actions"][1 - doubler] == ["take", "drop"]
    t.act(1 - doubler, "take")
    cube = t.state["game"]["cube"]
    assert (cube["value"], cube["owner"], cube["shown"]) == (2, 1 - doubler, True)
    t.act(doubler, "roll")
    while t.state["game"]["phase"] != "roll" or t.state["game"]["to_act"] != 1 - doubler:
        t.play_turn()
    taker = 1 - doubler
    t.act(taker, "double")
    t.act(doubler, "drop")
    game = Game.objects.get(match_id=t.match_id, number=1)
    assert (game.winner, game.cube, game.points, game.ended_by) == (taker, 2, 2, "drop")
    assert game.source == "online" and game.record[-2:] == [
        {"player": doubler, "kind": "drop"},
        {"player": taker, "kind": "win", "value": 2},
    ]
    state = t.state
    assert state["game"]["number"] == 2 and state["previous"]["winner"] == taker
    assert state["match"]["score"][taker] == 2


def test_only_the_cube_owner_may_redouble(online_match, table):
    t = table(online_match(default_length=7))
    doubler = to_roll(t)
    t.act(doubler, "double")
    t.act(1 - doubler, "take")
    t.act(doubler, "roll")
    if t.state["game"]["phase"] == "move":
        t.play_turn()
    while t.state["game"]["to_act"] != doubler or t.state["game"]["phase"] != "roll":
        t.play_turn()
    assert "double" not in t.state["actions"][doubler]
    refused(t, doubler, "double", "cube_not_owned")


def test_resignation_declined_then_accepted(online_match, table):
    t = table(online_match(default_length=7))
    side = t.state["game"]["turn"]
    loser = 1 - side
    assert t.state["resign"][loser] == ["single", "gammon", "backgammon"]
    t.act(loser, "resign", kind="gammon")
    state = t.state
    assert state["game"]["resignation"] == {"side": loser, "kind": "gammon", "points": 2}
    assert state["actions"][side] == ["accept", "decline"]
    refused(t, loser, "accept", "not_your_turn")
    t.act(side, "decline")
    assert t.state["game"]["phase"] == "move"
    refused(t, loser, "resign", "kind", kind="everything")
    t.act(loser, "resign", kind="gammon")
    t.act(side, "accept")
    game = Game.objects.get(match_id=t.match_id, number=1)
    assert (game.winner, game.kind, game.points, game.ended_by) == (side, "gammon", 2, "resign")
    assert t.state["game"]["number"] == 2


def test_the_crawford_game_has_no_cube(online_match, table):
    t = table(online_match(default_length=3))
    side = t.state["game"]["turn"]
    t.act(1 - side, "resign", kind="gammon")
    t.act(side, "accept")
    state = t.state
    assert state["match"]["score"][side] == 2 and state["match"]["crawford"] is True
    assert state["game"]["cube"]["shown"] is False
    roller = to_roll(t)
    assert "double" not in t.state["actions"][roller]
    refused(t, roller, "double", "cube_in_crawford_game")


def test_best_of_games_has_no_cube_and_single_resignations(online_match, table):
    t = table(online_match(match_format="games", default_length=3))
    state = t.state
    assert state["game"]["cube"]["shown"] is False and state["match"]["best_of"] == 3
    assert state["resign"] == [["single"], ["single"]]
    roller = to_roll(t)
    refused(t, roller, "double", "cube_in_best_of")
    refused(t, roller, "resign", "kind", kind="gammon")


def test_the_last_game_finishes_the_match_and_advances_the_bracket(online_match, table):
    match = online_match(4, default_length=1)
    t = table(match)
    side = t.state["game"]["turn"]
    t.play_out_game()
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    game = match.games.get()
    assert game.source == "online" and game.ended_by == "bearoff"
    assert game.record[0]["kind"] == "move" and game.record[-1] == {
        "player": game.winner,
        "kind": "win",
        "value": game.points,
    }
    state = t.state
    assert state["status"] == "over" and state["match"]["winner"] == game.winner
    assert state["actions"] == [[], []]
    final = Match.objects.get(round__stage=match.round.stage, round__number=2)
    assert match.winner_id in (final.entry_a_id, final.entry_b_id)
    with pytest.raises(UserError) as caught:
        t.act(side, "roll")
    assert caught.value.code == "match_over"


def test_a_match_ended_by_the_referee_stops_the_board(online_match, table, commit):
    match = online_match()
    t = table(match)
    commit(match_award_forfeit, match=match, winner=match.entry_b)
    state = t.state
    assert state["status"] == "over" and state["match"]["winner"] == 1
    with pytest.raises(UserError) as caught:
        online_game_act(
            match=match.pk, side=0, user=t.users[0], action="roll", seq=t.seq, payload={}
        )
    assert caught.value.code == "match_over"


def test_a_game_ended_online_is_one_change_of_the_tournaments_pages(online_match, table):
    """Recording the game and starting the next one raise the tournament's version once,
    in the action's own transaction (what the draw does once it is committed is another
    change)."""
    t = table(online_match(default_length=7))
    side = t.state["game"]["turn"]
    t.act(1 - side, "resign", kind="gammon")
    tournament = Tournament.objects.filter(stages__rounds__matches=t.match_id)
    before = tournament.values_list("version", flat=True).get()
    online_game_act(match=t.match_id, side=side, user=t.users[side], action="accept", seq=t.seq)
    assert tournament.values_list("version", flat=True).get() == before + 1
    assert Game.objects.filter(match_id=t.match_id).count() == 1
