"""Drawing again in a browser, in English on a phone and in German: the red button asks
first on a page of its own (no script needed) that names the rounds drawn anew, the rounds
keep their match length, and a bracket with results offers no button at all."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from draw import services as draw_services
from matches.services import match_record_final_score
from tests.conftest import open_matches
from tests.e2e.conftest import close_contexts
from tournaments.models import Round

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def organizer_page(browser, live_server, organizer, language, viewport=None):
    """A page of a browser in ``language``, logged in as the organizer."""
    client = Client()
    client.force_login(organizer)
    context = browser.new_context(
        locale=language,
        extra_http_headers={"Accept-Language": language[:2]},
        viewport=viewport or {"width": 1280, "height": 900},
    )
    context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "domain": urlsplit(live_server.url).hostname,
                "path": "/",
            }
        ]
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def league(make_tournament, name):
    tournament = make_tournament(6, format="round_robin", default_length=5, name=name)
    fifth = Round.objects.get(stage__tournament=tournament, number=5)
    draw_services.round_update(round_=fifth, match_format="games", length=5)
    return tournament


def redraw(page, manage_url, *, button, heading, fifth_round, fifth_format, done):
    page.goto(manage_url)
    page.get_by_role("link", name=button).click()
    page.get_by_role("heading", name=heading).wait_for()
    rows = page.locator("table.redraw-rounds tbody tr")
    assert rows.count() == 5
    assert fifth_round in rows.nth(4).inner_text() and fifth_format in rows.nth(4).inner_text()
    assert fits(page)
    page.get_by_role("button", name=button).click()
    page.get_by_text(done).wait_for()


def test_draw_again_asks_names_the_rounds_and_keeps_their_length(
    live_server, browser, organizer, make_tournament, request
):
    contexts = []
    try:
        english = league(make_tournament, "League")
        context, page = organizer_page(browser, live_server, organizer, "en-GB", PHONE)
        contexts.append(context)
        manage = live_server.url + reverse("tournaments:manage", args=["bar", english.slug])
        page.goto(manage)
        assert fits(page)
        redraw(
            page,
            manage,
            button="Draw again",
            heading="Draw again?",
            fifth_round="Round robin · 5",
            fifth_format="Best of 5 games",
            done="The round is drawn again.",
        )
        fifth = Round.objects.get(stage__tournament=english, number=5)
        assert (fifth.match_format, fifth.length) == ("games", 5)

        german = league(make_tournament, "Liga")
        context, page = organizer_page(browser, live_server, organizer, "de-DE")
        contexts.append(context)
        manage = live_server.url + reverse("tournaments:manage", args=["bar", german.slug])
        redraw(
            page,
            manage,
            button="Neu auslosen",
            heading="Neu auslosen?",
            fifth_round="Jeder gegen jeden · 5",
            fifth_format="Best of 5",
            done="Die Runde wird neu ausgelost.",
        )
        fifth = Round.objects.get(stage__tournament=german, number=5)
        assert (fifth.match_format, fifth.length) == ("games", 5)

        # A bracket with a result: no redraw button on any row.
        cup = make_tournament(8, format="single_elimination", name="Pokal")
        match = open_matches(cup)[0]
        match_record_final_score(match=match, score_a=5, score_b=0)
        page.goto(live_server.url + reverse("tournaments:manage", args=["bar", cup.slug]))
        page.get_by_role("heading", name="Runden").wait_for()
        assert page.get_by_role("link", name="Neu auslosen").count() == 0
    finally:
        close_contexts(contexts, request)  # with a screenshot of each page if it failed
