"""In the browser, in English and German (a German phone): a player is late to his table; the
director opens the late player's page from the match, sees the proposed penalty of the
tournament's late rule, confirms it, and the match's score and history show it."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.utils import timezone

from draw import services as draw_services
from entries import services as entry_services
from matches.models import Match
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)

BROWSERS = {
    "en": {"locale": "en-GB", "extra_http_headers": {"Accept-Language": "en-GB,en;q=0.9"}},
    "de": {
        "locale": "de-DE",
        "extra_http_headers": {"Accept-Language": "de-DE,de;q=0.9"},
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
    },
}


@pytest.fixture
def match(club, organizer):
    tournament = services.tournament_create(
        club=club,
        user=organizer,
        name="Club Night",
        default_length=5,
        late_rule=True,
        late_grace_minutes=10,
        late_penalty_points=1,
        late_penalty_minutes=5,
        late_forfeit_minutes=30,
    )
    services.tournament_open_registration(tournament=tournament)
    for name in ("Anna Albers", "Ben Brandt"):
        entry_services.entry_add_guest(tournament=tournament, name=name)
    draw_services.tournament_start(tournament=tournament)
    return Match.objects.select_related("round__stage__tournament__club").get(
        round__stage__tournament=tournament, status="ready"
    )


@pytest.fixture
def director_page(browser, live_server, organizer):
    contexts = []

    def open_page(language):
        client = Client()
        client.force_login(organizer)
        context = browser.new_context(**BROWSERS[language])
        contexts.append(context)
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
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_director_confirms_a_late_players_penalty_and_the_score_shows_it(
    live_server, director_page, match, language
):
    tournament = match.round.stage.tournament
    page = director_page(language)
    page.goto(
        f"{live_server.url}/clubs/{tournament.club.slug}/t/{tournament.slug}/matches/{match.pk}/"
    )
    assert page.locator("html").get_attribute("lang") == language
    page.locator(f"a[href$='/matches/{match.pk}/late/']").click()

    called = timezone.localtime(timezone.now() - timedelta(minutes=17))
    page.locator("select[name=late]").select_option(label="Anna Albers")
    page.locator("input[name=since]").fill(called.strftime("%Y-%m-%dT%H:%M"))
    page.locator("form.late-ask button[type=submit]").click()

    proposal = page.locator("section.late-proposal")
    proposal.wait_for()
    assert "Anna Albers" in proposal.locator("h2").inner_text()
    assert "17" in proposal.locator("h2").inner_text()
    assert "0–2" in proposal.locator(".late-proposed").inner_text()
    assert page.locator("input[name=points]").input_value() == "2"
    if language == "en":
        assert "Proposed: 2 points for Ben Brandt" in proposal.inner_text()
    page.locator("button[value=confirm]").click()

    page.wait_for_url(f"**/matches/{match.pk}/")
    assert page.locator(".match-title .score").inner_text().split() == ["0", "–", "2"]
    assert "0–2" in page.locator(".notice.late-start").inner_text()
    history = page.locator("table.history").inner_text()
    assert "Anna Albers" in history and "17" in history
    if language == "en":
        assert "Anna Albers was 17 minutes late: penalty of 2 confirmed" in history
    match.refresh_from_db()
    assert (match.start_score, match.score_a, match.score_b) == ((0, 2), 0, 2)
