"""The club's ledger in the browser, in English and German, on a desktop (1280 px) and a phone
(390 px): a treasurer reverses a movement, says why and confirms; the reversed row names its
reversal and offers nothing more; the ledger, its Reverse buttons included, fits the page
without scrolling sideways, and printed on A4 it cuts no column."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from money import services
from money.models import LedgerEntry
from tests.money.hand_worked import finished_tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: A4 portrait at 96 px to the inch, less the print's margins of 12 mm each side.
A4 = {"width": round((210 - 2 * 12) / 25.4 * 96), "height": 1000}


@pytest.fixture
def open_as(browser, live_server):
    """A page of a browser in ``language`` at ``viewport``, logged in as ``user``."""
    contexts = []

    def open_page(user, language, viewport):
        locale = {"en": "en-GB", "de": "de-DE"}[language]
        context = browser.new_context(
            locale=locale, viewport=viewport, extra_http_headers={"Accept-Language": language}
        )
        contexts.append(context)
        client = Client()
        client.force_login(user)
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


#: [scrollWidth, clientWidth] of the page and of the ledger's box, and the cells and buttons
#: of the ledger reaching past the box's right edge (none, when nothing is cut off; the
#: headings a phone hides for the eye, kept for screen readers, do not count).
WIDTHS = """() => {
  const page = document.documentElement, box = document.querySelector(".ledger-wrap");
  const right = box.getBoundingClientRect().right + 0.5;
  const shown = el => el.getClientRects().length
    && !(el.closest("thead") && el.closest("thead").getBoundingClientRect().width <= 1);
  const cut = [...box.querySelectorAll("th, td, .button")]
    .filter(el => shown(el) && el.getBoundingClientRect().right > right)
    .map(el => el.tagName + " " + el.textContent.trim().slice(0, 20));
  return {page: [page.scrollWidth, page.clientWidth], box: [box.scrollWidth, box.clientWidth], cut};
}"""


def fits(page):
    widths = page.evaluate(WIDTHS)
    assert widths["page"][0] <= widths["page"][1], widths
    assert widths["box"][0] <= widths["box"][1], widths
    assert widths["cut"] == [], widths


def test_a_treasurer_reverses_a_movement_with_a_reason(
    make_tournament, organizer, open_as, live_server, play
):
    event = finished_tournament(
        make_tournament, play, organizer, name="Christmas Open of the Backgammon Club"
    )
    services.payouts_book(tournament=event, recorded_by=organizer)
    club = event.club
    rooms = {}
    for language, viewport in (("en", DESKTOP), ("de", PHONE), ("de", DESKTOP), ("en", PHONE)):
        rooms[language, viewport["width"]] = services.ledger_record(
            club=club,
            tournament=event,
            kind="costs",
            amount=-12550,
            method="transfer",
            reference="DE89370400440532013000",
            memo="Hall rent for the Christmas Open, invoice 2026-117 of the landlord",
            recorded_by=organizer,
        )
    url = live_server.url + reverse("money_club:ledger", args=[club.slug])

    for (language, width), room in rooms.items():
        page = open_as(organizer, language, PHONE if width == PHONE["width"] else DESKTOP)
        page.goto(url)
        fits(page)
        row = page.locator(f"#row-{room.pk}")
        row.get_by_role("link", name={"en": "Reverse", "de": "Stornieren"}[language]).click()
        # The confirmation: the row, and the reason asked for; nothing booked yet.
        reason = page.locator("textarea[name=reason], input[name=reason]")
        reason.wait_for()
        assert page.locator(f"#row-{room.pk}").is_visible()
        assert not LedgerEntry.objects.filter(reverses=room).exists()
        reason.fill("Paid twice by the bank")
        page.locator("form.form button[type=submit]").click()
        page.wait_for_url(url + "*")
        reversal = LedgerEntry.objects.get(reverses=room)
        assert reversal.memo == "Paid twice by the bank"
        row = page.locator(f"#row-{room.pk}")
        by = {"en": f"Reversed by #{reversal.pk}", "de": f"Storniert durch Nr. {reversal.pk}"}
        assert row.get_by_test_id("reversed-by").inner_text() == by[language]
        assert row.locator("a.button").count() == 0  # it offers nothing more
        reversal_row = page.locator(f"#row-{reversal.pk}").inner_text()
        assert "Paid twice by the bank" in reversal_row
        assert {"en": f"Reverses #{room.pk}", "de": f"Storniert Nr. {room.pk}"}[language] in (
            reversal_row
        )
        fits(page)

    # Printed on A4 portrait: no column cut, no button printed.
    page = open_as(organizer, "de", A4)
    page.emulate_media(media="print")
    page.goto(url)
    fits(page)
    assert (
        page.locator(".ledger-wrap .button").evaluate_all(
            "els => els.filter(el => el.getClientRects().length).length"
        )
        == 0
    )
