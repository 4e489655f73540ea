"""The replay board: step through a match from a file, with the buttons, the keyboard and
the slider, and copy the Position ID and Match ID."""

from __future__ import annotations

import os
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from draw import services as draw_services
from entries import services as entry_services
from matches.models import Match
from matches.services import match_import_file
from tests.conftest import mat
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def replay_url(club, organizer, live_server):
    tournament = services.tournament_create(
        club=club, user=organizer, name="Open", default_length=3, is_published=True
    )
    services.tournament_open_registration(tournament=tournament)
    for seed, name in enumerate(("Alice", "Bob"), start=1):
        entry = entry_services.entry_add_guest(tournament=tournament, name=name)
        entry.seed = seed
        entry.save()
    draw_services.tournament_start(tournament=tournament)
    match = Match.objects.get(round__stage__tournament=tournament, status="ready")
    match_import_file(match=match, text=mat("gnubg_03pt_s104"))
    path = reverse("analysis:replay", args=[club.slug, tournament.slug, match.pk])
    return live_server.url + path


SCREENSHOT = os.environ.get("REPLAY_SCREENSHOT", "")


def frame(page) -> int:
    return int(page.locator("#online").get_attribute("data-frame"))


def test_step_through_a_match_and_copy_its_ids(new_page, replay_url):
    page = new_page()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(replay_url)
    page.locator("#board circle.checker").first.wait_for()
    assert frame(page) == 0
    assert page.locator("#replay-caption").inner_text() == "Alice rolls 64: 24/18 18/14"
    assert page.locator("#replay-ids").inner_text() == "4HPwATDgc/ABMA:MAFzAAAAAAAE"
    assert page.locator(".online-player[data-side='0'] .online-pips").inner_text().endswith("167")
    assert page.locator("#board circle.checker").count() == 30 - 0  # every checker drawn

    page.get_by_role("button", name="Next").click()
    assert frame(page) == 1
    assert page.locator("#replay-caption").inner_text().startswith("Bob rolls 65")
    assert page.locator(".online-player[data-side='0'] .online-pips").inner_text().endswith("157")

    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert frame(page) == 3
    page.keyboard.press("ArrowLeft")
    assert frame(page) == 2
    page.keyboard.press("End")
    last = frame(page)
    assert last > 100 and page.locator("#replay-caption").inner_text() == "End of the match"
    assert page.locator(".online-player[data-side='0'] .online-score").inner_text() == "1"
    page.get_by_role("button", name="First").click()
    assert frame(page) == 0

    page.locator("#replay-slider").fill("40")
    assert frame(page) == 40
    page.get_by_role("button", name="Previous").click()
    assert frame(page) == 39
    if SCREENSHOT:
        page.screenshot(path=SCREENSHOT)

    ids = page.locator("#replay-ids").inner_text()
    page.get_by_role("button", name="Copy Position ID and Match ID").click()
    page.locator("#replay-copied").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == ids

    # A worst error's link names its decision: the board opens there.
    frames = page.evaluate("JSON.parse(document.getElementById('replay-frames').textContent)")
    wanted = frames[39]
    at = next(
        i
        for i, f in enumerate(frames)
        if f["game"]["phase"] == "move"
        and (f["game"]["number"], f["position_id"])
        == (wanted["game"]["number"], wanted["position_id"])
    )
    query = urlencode({"game": wanted["game"]["number"], "position": wanted["position_id"]})
    page.goto(f"{replay_url}?{query}#online")
    page.locator("#board circle.checker").first.wait_for()
    assert frame(page) == at > 0
    assert (
        page.locator("#replay-ids").inner_text()
        == f"{wanted['position_id']}:{frames[at]['match_id']}"
    )
