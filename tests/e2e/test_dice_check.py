"""The check of an online match's dice, as a player reads it on a phone, in English and in
German: the seed and every roll recomputed once the match is over; and the PR on the match
page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, MatchStatus
from matches.services import match_import_file
from play.models import OnlineGame
from tests.analysis.conftest import fake_gnubg  # noqa: F401 (a fixture)
from tests.conftest import mat
from tests.e2e.conftest import ARTIFACTS
from tests.play.conftest import Table, make_online

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def test_a_player_checks_the_dice_of_a_finished_match_on_a_phone(
    browser, live_server, make_tournament, settings
):
    settings.CRAWFORD_DICE_SEED = "e2e-dice"
    match = make_online(make_tournament(4, default_length=1))
    table = Table(match, lambda fn, *args, **kwargs: fn(*args, **kwargs))
    t = match.round.stage.tournament
    args = [t.club.slug, t.slug, match.pk]
    table.play_out_game()
    assert Match.objects.get(pk=match.pk).status == MatchStatus.FINISHED
    seed = OnlineGame.objects.get(match=match).state["dice_seed"]

    for locale, verdict in (("en-GB", "recorded rolls match it"), ("de-DE", "stimmen mit ihm")):
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale=locale)
        try:
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.goto(live_server.url + reverse("online:dice", args=args), wait_until="load")
            assert page.locator("#dice-seed").inner_text() == seed
            assert verdict in page.locator("#dice-verdict").inner_text()
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"dice-check-{locale}.png"))
            page.locator(".dice-derivation").screenshot(
                path=str(ARTIFACTS / f"dice-derivation-{locale}.png")
            )
            # Another seed, typed into the form: the page says it is not the committed one.
            page.fill("input[name=seed]", "ab" * 32)
            page.locator(".dice-form button[type=submit]").click()
            page.wait_for_load_state("load")
            assert page.locator(".dice-mismatch").count() > 0
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        finally:
            context.close()


@pytest.mark.usefixtures("fake_gnubg")
def test_pr_on_the_match_page_fits_a_phone(browser, live_server, make_match):
    """The analysis panel's PR table scrolls inside its own box on a phone."""
    match = make_match(length=3, names=("Alice", "Bob"), analysis_plies=1)
    match_import_file(match=match, text=mat("gnubg_03pt_s104"))
    t = match.round.stage.tournament
    url = live_server.url + reverse("matches:detail", args=[t.club.slug, t.slug, match.pk])
    for locale, words in (("en-GB", "PR (performance rating)"), ("de-DE", "PR (Performance")):
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale=locale)
        try:
            page = context.new_page()
            page.goto(url, wait_until="load")
            section = page.locator("[data-testid=analysis-pr]")
            assert words in section.inner_text()
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            ARTIFACTS.mkdir(exist_ok=True)
            section.screenshot(path=str(ARTIFACTS / f"analysis-pr-{locale}.png"))
        finally:
            context.close()
