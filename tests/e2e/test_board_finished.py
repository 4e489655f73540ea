"""The end of an online match leads on: the player's next match and the standings, in
English and in German; the "Roll for me" choice goes with the play it was for."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from backgammon import GamePhase, MatchState, Position
from clubs.models import Player
from matches.models import Match
from matches.rules import rules_for_match
from play.models import OnlineGame
from play.state import OnlineState
from tests.e2e import test_board
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_board import after, click_step, seq
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

#: The board's server (Daphne in a thread, websockets and all), shared with its tests.
asgi_server = test_board.asgi_server

#: The links of a finished board and the standings' heading, per language.
TEXTS = {
    "en": {"next": "My next match", "standings": "Standings"},
    "de": {"next": "Mein nächstes Match", "standings": "Tabelle"},
}


@pytest.fixture
def round_robin(make_tournament):
    """Four players with accounts, every round drawn, every match to one point online."""
    tournament = make_tournament(4, format="round_robin", default_length=1)
    for entry in tournament.entries.all():
        user = UserFactory(username=f"player{entry.player_id}")
        Player.objects.filter(pk=entry.player_id).update(user=user)
    Match.objects.filter(round__stage__tournament=tournament).update(is_online=True)
    return tournament


def matches_of(tournament):
    return list(
        Match.objects.filter(round__stage__tournament=tournament)
        .select_related("entry_a__player__user", "round__stage__tournament__club")
        .order_by("round__number", "index")
    )


def about_to_end(match: Match) -> None:
    """The first player is on roll with his last two checkers on his 1- and 2-points: any
    roll bears both off and wins the match."""
    game = MatchState(rules_for_match(match)).new_game()
    game.position = Position.from_points(mover={1: 1, 2: 1}, opponent={3: 1})
    game.turn, game.phase = 0, GamePhase.ROLL
    OnlineGame.objects.create(match=match, state=OnlineState(game).dump())


def test_a_finished_board_links_to_the_next_match_and_the_standings(
    browser, asgi_server, round_robin
):
    first_round = [m for m in matches_of(round_robin) if m.round.number == 1]
    errors: list[str] = []
    for language, match in zip(("en", "de"), first_round, strict=True):
        texts = TEXTS[language]
        about_to_end(match)
        user = match.entry_a.player.user
        following = next(
            m
            for m in matches_of(round_robin)
            if m.round.number == 2 and match.entry_a_id in (m.entry_a_id, m.entry_b_id)
        )
        client = Client()
        client.force_login(user)
        context = browser.new_context(
            locale=language, extra_http_headers={"Accept-Language": language}
        )
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": asgi_server}]
        )
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        args = [round_robin.club.slug, round_robin.slug, match.pk]
        try:
            page.clock.install()  # click_step moves it on
            page.goto(asgi_server + reverse("online:board", args=args))
            page.locator("#online[data-status=playing]").wait_for()
            assert page.locator("#online-autoroll").is_visible()
            assert not page.locator("#online-finished").is_visible()

            before = seq(page)
            page.locator("#online-controls button[data-action=roll]").click()
            after(page, before)
            while not page.locator("button[data-action=confirm]").count():
                click_step(page)
            page.locator("#online-controls button[data-action=confirm]").click()
            page.locator("#online[data-status=over]").wait_for()

            finished = page.locator("#online-finished")
            assert finished.is_visible()
            assert not page.locator("#online-autoroll").is_visible()
            finished.get_by_role("link", name=texts["next"]).click()
            page.wait_for_url(f"**/matches/{following.pk}/play/")

            page.go_back()
            page.locator("#online-finished").get_by_role("link", name=texts["standings"]).click()
            page.wait_for_url("**/standings/")
            assert texts["standings"] in page.locator("h1").inner_text()
        except Exception:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"board-finished-{language}.png"))
            raise
        finally:
            context.close()
    assert not errors, errors
