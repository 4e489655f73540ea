"""A chouette of five at the bar, kept on the score keeper's phone (390 px), in English and in
German: the session is started from the form, ten games are entered (the box changes hands),
game 2 is corrected (the seats after it follow), and the page shows the seats, the score, the
settlement and the history, never wider than the phone."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.test import Client

from chouettes.core.replay import Join, SessionGame, replay
from chouettes.core.sheet import GameSheet, Line, Rules, Side
from clubs.models import Role
from tests.e2e.test_phone_width import WIDEST
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]
#: Who won each game on the board; the team's wins move the box.
WINNERS = ["box", "team", "box", "box", "team", "box", "team", "box", "box", "team"]
WORDS = {
    "en": {"seats": "Game 11: the seats", "corrected": "corrected (version 2", "pays": " pays "},
    "de": {
        "seats": "Spiel 11: die Plätze",
        "corrected": "korrigiert (Fassung 2",
        "pays": " zahlt ",
    },
}


def phone(browser, live_server, user, language):
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        locale="de-DE" if language == "de" else "en-GB",
        extra_http_headers={"Accept-Language": language},
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
    page.set_default_timeout(15_000)
    return context, page


def fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], page.evaluate(WIDEST)


def expected(winners):
    """The seats and score as the rules give them (the pure core, tested on its own)."""
    happenings = [Join(n) for n in range(len(NAMES))]
    for number, winner in enumerate(winners, start=1):
        happenings.append(SessionGame(number, GameSheet((Line(),) * 4, winner=Side(winner))))
    return replay(Rules(jacoby=True), happenings)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_chouette_of_five_on_the_keepers_phone(browser, live_server, organizer, club, language):
    for name in NAMES:
        MembershipFactory(club=club, player=PlayerFactory(name=name), role=Role.PLAYER)
    context, page = phone(browser, live_server, organizer, language)
    try:
        page.goto(f"{live_server.url}/clubs/{club.slug}/chouettes/new/")
        fits(page)
        page.fill('input[name="name"]', "Freitag")
        page.fill('input[name="stake"]', "50")
        for n, name in enumerate(NAMES, start=1):
            page.select_option(f'select[name="player_{n}"]', label=name)
        page.click('form.form button[type="submit"]')
        page.wait_for_selector("form.chouette-sheet")

        boxes = []
        for winner in WINNERS:
            page.select_option('select[name="winner"]', winner)
            page.click('form.chouette-sheet button[type="submit"]')
            page.wait_for_load_state("load")
            boxes.append(page.text_content('dd[data-seat="box"]').strip())
        assert len(set(boxes)) > 1  # the box changed hands
        fits(page)

        # Game 2 was the box's, not the team's: the seats of games 3 to 10 follow.
        page.click("#game-2 a")
        page.wait_for_selector('select[name="reason"], input[name="reason"]')
        fits(page)
        page.select_option('select[name="winner"]', "box")
        page.fill('input[name="reason"]', "Ben hat verloren")
        page.click('form.chouette-sheet button[type="submit"]')
        page.click('button[value="confirm"]')  # after the sheet as it will be
        page.wait_for_selector("dd[data-seat='box']")

        corrected = expected(["box", "box", *WINNERS[2:]])
        assert corrected.order != expected(WINNERS).order
        assert page.text_content("dd[data-seat='box']").strip() == NAMES[corrected.order[0]]
        assert page.text_content("dd[data-seat='captain']").strip() == NAMES[corrected.order[1]]
        words = WORDS[language]
        body = page.text_content("main")
        assert words["seats"] in body
        rows = page.locator("table.chouette-score tbody tr").all_text_contents()
        for player, total in corrected.totals.items():
            shown = f"+{total}" if total > 0 else str(total).replace("-", "−")
            assert any(NAMES[player] in row and shown in row for row in rows), (player, rows)
        assert words["pays"] in page.text_content(".chouette-settlement")
        page.click("details.chouette-history summary")
        assert words["corrected"] in page.text_content("details.chouette-history")
        fits(page)
    finally:
        context.close()
