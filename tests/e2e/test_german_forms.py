"""An organizer with a German browser saves the forms with date-time inputs unchanged, and
nothing changes: the inputs show the dates (they used to show them empty, as the browser
rejected ``30.11.2026 20:00:00``) and saving keeps them (it used to erase them)."""

from __future__ import annotations

from datetime import datetime
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse

from draw import services as draw_services
from entries import services as entry_services
from tests.e2e.conftest import ARTIFACTS
from tests.test_forms_unchanged import state
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db(transaction=True)

BERLIN = ZoneInfo("Europe/Berlin")
WHEN = datetime(2026, 11, 30, 20, 0, tzinfo=BERLIN)


@pytest.fixture
def german_page(browser, live_server, organizer):
    """A page of a German browser, logged in as the organizer."""
    client = Client()
    client.force_login(organizer)
    context = browser.new_context(locale="de-DE", extra_http_headers={"Accept-Language": "de"})
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
    yield page
    context.close()


@pytest.fixture
def tournament(club, organizer):
    tournament = services.tournament_create(
        club=club,
        user=organizer,
        name="Winterturnier",
        format="swiss",
        swiss_rounds=3,
        default_length=5,
        starts_at=WHEN,
        tiebreaks=["match_wins", "buchholz", "points_difference"],
    )
    services.tournament_open_registration(tournament=tournament)
    for name in ("Anna", "Ben", "Clara", "David"):
        entry_services.entry_add_guest(tournament=tournament, name=name)
    draw_services.tournament_start(tournament=tournament)
    round_ = Round.objects.get(stage__tournament=tournament, number=1)
    draw_services.round_update(round_=round_, match_format="points", length=5, deadline=WHEN)
    tournament.refresh_from_db()
    return tournament


def save_unchanged(page, url: str, date_input: str) -> str:
    """Open the form, save it as it is; the value its date-time input showed."""
    page.goto(url)
    assert page.locator("html").get_attribute("lang") == "de"
    try:
        shown = page.locator(f"input[name={date_input}]").input_value()
        page.get_by_role("button", name="Speichern").click()
        page.wait_for_url(lambda now: now != url)
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"german-forms-{date_input}.png"))
        raise
    return shown


def test_a_german_browser_saves_the_date_forms_unchanged(live_server, german_page, tournament):
    round_ = Round.objects.get(stage__tournament=tournament, number=1)
    tournament_before = state(tournament, "referees")
    round_before = state(round_)
    club = tournament.club.slug

    shown_start = save_unchanged(
        german_page,
        live_server.url + reverse("tournaments:edit", args=[club, tournament.slug]),
        "starts_at",
    )
    shown_deadline = save_unchanged(
        german_page,
        live_server.url
        + reverse("tournaments:round_edit", args=[club, tournament.slug, round_.pk]),
        "deadline",
    )

    assert state(tournament, "referees") == tournament_before
    assert state(round_) == round_before
    assert round_before["deadline"] == WHEN and tournament_before["starts_at"] == WHEN
    assert shown_start == shown_deadline == "2026-11-30T20:00"
