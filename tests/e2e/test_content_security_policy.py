"""The pages work under the production Content-Security-Policy (``default-src 'self'``): no
violation is reported, HTMX still refreshes the standings, the language switch and the API
docs still work, the online board draws and talks to its websocket, and the clock of a
recorded match draws its board."""

from __future__ import annotations

import re

import pytest

from clubs.models import Player
from config import security
from matches.models import Match
from recording.services import recorded_match_mark
from tests.conftest import open_matches
from tests.e2e.test_board import _start_daphne, boards_finished
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


@pytest.fixture
def policy(settings):
    settings.CONTENT_SECURITY_POLICY = security.CONTENT_SECURITY_POLICY
    settings.CELERY_TASK_ALWAYS_EAGER = True


@pytest.fixture
def watched_page(new_page):
    """A page that records every CSP violation, reported by the browser or on its console."""

    def open_page():
        page = new_page()
        page.add_init_script(WATCH)
        page.console_messages = []
        page.on(
            "console",
            lambda msg: (
                page.console_messages.append(msg.text)
                if "Content Security Policy" in msg.text
                else None
            ),
        )
        return page

    return open_page


def violations(page) -> list[str]:
    return [*page.evaluate("window.__cspViolations || []"), *page.console_messages]


def test_the_pages_work_under_the_policy(live_server, watched_page, policy, make_tournament):
    tournament = make_tournament(4, format="single_elimination", default_length=3)
    page = watched_page()
    base = live_server.url

    response = page.goto(f"{base}/")
    assert response.headers["content-security-policy"].startswith("default-src 'self'")

    # The standings refresh themselves with HTMX (every 5 s: the page's clock is moved on).
    standings = f"{base}{tournament.get_absolute_url()}standings/"
    page.clock.install()
    page.goto(standings)
    with page.expect_request(lambda r: r.headers.get("hx-request") == "true", timeout=12_000):
        page.clock.fast_forward(5_000)
    page.goto(f"{base}{tournament.get_absolute_url()}bracket/main/")
    assert page.locator(".bracket-round").count() == 2
    widths = page.locator(".bracket-round").evaluate_all(
        "nodes => nodes.map(n => n.getBoundingClientRect().left)"
    )
    assert widths[0] < widths[1], "the rounds stand side by side"

    # The language switch submits itself (no inline onchange any more).
    page.goto(standings)
    with page.expect_navigation():
        page.locator("#lang-select").select_option("de")
    assert page.locator("html").get_attribute("lang") == "de"

    page.goto(f"{base}/api/docs/")
    page.locator(".swagger-ui .info").wait_for()

    assert violations(page) == []


def test_the_board_works_under_the_policy(watched_page, policy, make_tournament, settings):
    settings.CRAWFORD_DICE_SEED = "e2e"
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    base = _start_daphne()
    match, table = open_matches(make_tournament(4, default_length=3))
    user = UserFactory(username="player-one")
    recorded_match_mark(match=table, recorder=user)
    Player.objects.filter(pk=match.entry_a.player_id).update(user=user)
    Match.objects.filter(pk=match.pk).update(is_online=True)
    from django.test import Client

    client = Client()
    client.force_login(user)
    page = watched_page()
    page.context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": base,
            }
        ]
    )
    tournament = match.round.stage.tournament
    page.goto(f"{base}/clubs/{tournament.club.slug}/t/{tournament.slug}/matches/{match.pk}/play/")
    # The board draws the state the server sends over the websocket.
    page.locator("#online[data-status=playing]").wait_for()
    assert page.locator("svg .checker").count() == 30
    assert not re.search(r"reconnect", page.locator("body").inner_text(), re.I)
    assert violations(page) == []
    # The clock of a recorded match draws the same board, with the same script.
    page.goto(f"{base}/clubs/{tournament.club.slug}/t/{tournament.slug}/matches/{table.pk}/clock/")
    page.locator("#rec-status", has_text="Opening roll").wait_for()
    assert page.locator("#rec-board .checker").count() == 30
    assert violations(page) == []
    page.close()
    boards_finished()
