"""The server's dice: each match's secret seed (repeatable only where a test asks for it),
the commitment shown from the start, and the check of every roll once the match is over."""

from __future__ import annotations

import secrets

import orjson
import pytest
from django.core import checks
from django.core.management import CommandError, call_command
from django.urls import reverse

from backgammon.fairdice import CommittedDice, commitment, is_seed
from matches.models import Match, MatchStatus
from play import director
from play.dice import dice_for, match_seed
from play.dice_check import dice_commitment, match_dice_check
from play.models import OnlineGame
from play.selectors import board_matches, online_snapshot

pytestmark = pytest.mark.django_db


def test_seeded_dice_repeat_for_the_same_roll_of_the_same_game(settings):
    seed = match_seed(1)
    assert seed == match_seed(1) != match_seed(2) and is_seed(seed)

    def roll(n: int) -> list[int]:
        dice = dice_for(seed=seed, match_id=1, game_number=2, roll=n)
        return [dice.randint(1, 6) for _ in range(20)]

    assert roll(7) == roll(7) != roll(8)
    assert isinstance(dice_for(seed=seed, match_id=1, game_number=2, roll=7), CommittedDice)


def test_without_the_setting_each_match_gets_a_secret_seed(settings):
    del settings.CRAWFORD_DICE_SEED
    assert is_seed(match_seed(1)) and match_seed(1) != match_seed(1)
    assert isinstance(dice_for(seed=None, match_id=1, game_number=1, roll=0), secrets.SystemRandom)
    assert isinstance(dice_for(seed="0" * 64, match_id=1, game_number=1, roll=0), CommittedDice)
    assert not [
        m for m in checks.run_checks(include_deployment_checks=True) if m.id == "crawford.E001"
    ]


def test_the_deploy_check_refuses_seeded_dice(settings):
    found = [
        m for m in checks.run_checks(include_deployment_checks=True) if m.id == "crawford.E001"
    ]
    assert found and found[0].level == checks.ERROR


def test_a_game_saved_before_seeds_rolls_on_and_has_no_dice_to_check(online_match, table):
    match = online_match(4, default_length=3)
    t = table(match)
    online = OnlineGame.objects.get(match=match)
    online.state = {**online.state, "dice_seed": None, "dice_commitment": None}
    online.save()
    t._snapshot = None
    t.play_turn()
    t.play_turn()
    assert t.state["game"]["number"] == 1
    assert dice_commitment(Match.objects.get(pk=match.pk)) is None


def _replay(t, side: int) -> None:
    """Play ``side``'s rolled dice again, checker by checker, and confirm."""
    state = t.state
    while "confirm" not in state["actions"][side]:
        start, ends = next(iter(state["targets"].items()))
        t.act(side, "move", **{"from": int(start), "to": ends[0]})
        state = t.state
    t.act(side, "confirm")


def _roll_after_play(t) -> tuple[int, list[int]]:
    """Play turns until a confirmed play is followed by a roll with a play to make; the
    roller and his dice."""
    while True:
        t.play_turn()
        game = t.state["game"]
        if game["phase"] == "roll":
            roller = game["to_act"]
            t.act(roller, "roll")
            if t.state["game"]["phase"] == "move":
                return roller, t.state["game"]["dice"]


@pytest.fixture
def finished(online_match, table, organizer, commit):
    """A 3-point match played online to its end, with a play the director took back."""
    match = online_match(4, default_length=3)
    t = table(match)
    board = reverse(
        "online:board",
        args=[match.round.stage.tournament.club.slug, match.round.stage.tournament.slug, match.pk],
    )
    roller, dice = _roll_after_play(t)
    commit(director.online_take_back, match=match.pk, user=organizer, reason="misclick")
    t._snapshot = None  # the director moved the game on
    assert t.state["game"]["phase"] == "move" and t.state["game"]["turn"] == 1 - roller
    _replay(t, 1 - roller)
    t.act(roller, "roll")
    t.taken_back = (dice, t.state["game"]["dice"])
    t.act(1 - roller, "resign", kind="gammon")
    t.act(roller, "accept")
    for _ in range(6):
        t.play_turn()
    t.act(1 - roller, "resign", kind="single")
    t.act(roller, "accept")
    t.match = Match.objects.get(pk=match.pk)
    assert t.match.status == MatchStatus.FINISHED
    t.board = board
    t.dice_page = board + "dice/"
    return t


def test_a_take_back_then_the_roll_again_gives_the_committed_dice(finished):
    before, after = finished.taken_back
    assert before == after


def test_every_roll_of_a_finished_match_matches_its_committed_seed(finished, client):
    check = match_dice_check(finished.match)
    state = OnlineGame.objects.get(match=finished.match).state
    assert check.commitment == commitment(state["dice_seed"]) == state["dice_commitment"]
    openings = [roll for roll in check.checks if roll.expected_player is not None]
    assert [roll.game for roll in openings] == [1, 2]
    assert len(check.checks) >= 8 and check.verified
    page = client.get(finished.dice_page)
    assert page.status_code == 200
    text = page.content.decode()
    assert state["dice_seed"] in text and f"all {len(check.checks)} recorded rolls" in text
    call_command("verify_dice", str(finished.match.pk), stdout=(out := _Out()))
    assert f"All {len(check.checks)} rolls match" in out.text


def test_a_tampered_seed_or_roll_fails_the_check(finished, client):
    online = OnlineGame.objects.get(match=finished.match)
    true_seed = online.state["dice_seed"]
    other = "ab" * 32
    tried = match_dice_check(finished.match, seed=other)
    assert not tried.seed_fits and tried.mismatches and not tried.verified
    page = client.get(finished.dice_page, {"seed": other}).content.decode()
    assert "This seed is not the committed one" in page and "do not match this seed" in page

    online.state = {**online.state, "dice_seed": other}
    online.save()
    with pytest.raises(CommandError, match="do NOT match"):
        call_command("verify_dice", str(finished.match.pk), stdout=_Out())
    online.state = {**online.state, "dice_seed": true_seed}
    online.save()

    game = finished.match.games.get(number=2)
    rolls = [i for i, a in enumerate(game.record) if a["kind"] == "move"]
    dice = game.record[rolls[1]]["dice"]
    game.record[rolls[1]]["dice"] = [dice[0] % 6 + 1, dice[1]]
    game.save()
    check = match_dice_check(finished.match)
    assert check.seed_fits and [(r.game, r.roll) for r in check.mismatches] == [(2, 1)]
    with pytest.raises(CommandError, match="1 of"):
        call_command("verify_dice", str(finished.match.pk), stdout=_Out())


def test_bad_seeds_get_a_clear_message_and_check_nothing(finished, client):
    page = client.get(finished.dice_page, {"seed": "not a seed"}).content.decode()
    assert "A seed is 64 hexadecimal digits" in page and "dice-verdict" not in page
    with pytest.raises(CommandError, match="64 hexadecimal"):
        call_command("verify_dice", str(finished.match.pk), "--seed", "xyz", stdout=_Out())
    with pytest.raises(CommandError, match="No match"):
        call_command("verify_dice", "999999", stdout=_Out())


def test_the_seed_stays_secret_while_the_match_is_played(online_match, table, client):
    match = online_match(4, default_length=3)
    tournament = match.round.stage.tournament
    args = [tournament.club.slug, tournament.slug, match.pk]
    client.force_login(match.entry_a.player.user)
    board = client.get(reverse("online:board", args=args)).content.decode()
    state = OnlineGame.objects.get(match=match).state
    seed, committed = state["dice_seed"], state["dice_commitment"]
    assert committed in board and seed not in board
    t = table(match)
    t.play_turn()
    _seq, payload = online_snapshot(board_matches().get(pk=match.pk))
    assert seed not in orjson.dumps(payload).decode()
    page = client.get(reverse("online:dice", args=args)).content.decode()
    assert committed in page and seed not in page and "Kept secret" in page
    detail = client.get(reverse("matches:detail", args=args)).content.decode()
    assert committed in detail and seed not in detail
    assert match_dice_check(Match.objects.get(pk=match.pk)) is None
    with pytest.raises(CommandError, match="no committed dice"):
        call_command("verify_dice", str(match.pk), stdout=_Out())


class _Out:
    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass
