"""The payout sheet printed on A4 portrait, in English and German: no column cut (every
table as wide as its box at most), a box to sign beside each prize paid out, the buttons left
out; and on screen the sheet shows each place's percentage and each flight's total."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Player
from tests.money.hand_worked import finished_tournament

pytestmark = pytest.mark.django_db(transaction=True)

#: A4 portrait's width less the print's margins (12 mm each side), in CSS pixels at 96 dpi.
A4_PRINTED_WIDTH = round((210 - 2 * 12) / 25.4 * 96)
#: What is cut, if anything: the page's and each table's content wider than its box.
CUT = """() => {
  const cut = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) cut.push(["page", page.scrollWidth, page.clientWidth]);
  for (const table of document.querySelectorAll("table")) {
    const box = table.parentElement;
    const [inner, outer] = [table.scrollWidth, table.clientWidth];
    if (inner > outer) cut.push(["table", inner, outer]);
    if (box.scrollWidth > box.clientWidth) cut.push(["box", box.scrollWidth, box.clientWidth]);
    const right = table.getBoundingClientRect().right;
    if (right > page.clientWidth + 0.5) cut.push(["right", right, page.clientWidth]);
  }
  return cut;
}"""


@pytest.fixture
def open_as(browser, live_server):
    contexts = []

    def open_page(user, language, width):
        context = browser.new_context(
            locale={"en": "en-GB", "de": "de-DE"}[language],
            viewport={"width": width, "height": 1100},
            extra_http_headers={"Accept-Language": language},
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


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_payout_sheet_prints_on_a4_with_nothing_cut(
    language, make_tournament, play, organizer, open_as, live_server
):
    event = finished_tournament(make_tournament, play, organizer, side_pool=True)
    # A long name and a long pool's name must wrap, not widen the sheet.
    Player.objects.filter(name="Player 001").update(
        name="Maximiliane Alexandra von Hohenzollern-Sigmaringen-Wittelsbach"
    )
    event.side_pools.update(name="Seitentopf der Donnerstagsrunde im Vereinsheim am Marktplatz")
    url = live_server.url + reverse("money:payouts", args=[event.club.slug, event.slug])
    page = open_as(organizer, language, A4_PRINTED_WIDTH)
    page.emulate_media(media="print")
    page.goto(url)
    assert page.evaluate(CUT) == []
    # A box to sign for each of the nine prizes paid out (seven of the prize pool, two of
    # the side pool), and none for nothing.
    boxes = page.locator(".signature-box")
    assert boxes.count() == 9 and all(box.is_visible() for box in boxes.all())
    for box in boxes.all():
        assert box.bounding_box()["x"] + box.bounding_box()["width"] <= A4_PRINTED_WIDTH
    assert not page.locator("[data-print]").is_visible()
    assert not page.locator("form button").first.is_visible()
    assert page.pdf(format="A4", margin={k: "12mm" for k in ("top", "bottom", "left", "right")})
    # On screen the signature column is left out; the percentages and totals are there.
    page.emulate_media(media="screen")
    assert not boxes.first.is_visible()
    main = page.get_by_test_id("flight-prizes-main")
    assert ("100,10 €" if language == "de" else "100.10 €") in main.get_by_test_id(
        "flight-total"
    ).inner_text()
    assert "50 %" in main.get_by_test_id("payout-row").first.inner_text()
