"""The cash-up at the end of the night in the browser, in English and German: the treasurer
opens it from the ledger, counts the till, types a short count (in the reader's number format)
with its reason, sees the difference booked, prints the sheet on A4 portrait with nothing cut
and downloads its CSV."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from money import services
from money.models import CashUp, LedgerEntry, LedgerKind
from tests.e2e.conftest import close_contexts

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: A4 portrait's width less the print margins (12 mm each side), in CSS pixels at 96 dpi.
A4_PRINTED_WIDTH = round((210 - 2 * 12) / 25.4 * 96)


@pytest.fixture
def open_as(browser, live_server, request):
    """A page of a browser in ``language`` at ``viewport``, logged in as ``user``."""
    contexts = []

    def open_page(user, language, viewport):
        locale = {"en": "en-GB", "de": "de-DE"}[language]
        context = browser.new_context(
            locale=locale,
            viewport=viewport,
            extra_http_headers={"Accept-Language": language},
            accept_downloads=True,
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
    close_contexts(contexts, request)


def fits(page, width):
    """Nothing wider than the page, and no table scrolling sideways in its box."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(
        "[...document.querySelectorAll('.table-wrap')].every(w => w.scrollWidth <= w.clientWidth)"
    )


def euros(cents: int, language: str) -> str:
    whole, rest = divmod(abs(cents), 100)
    sign = "-" if cents < 0 else ""
    return f"{sign}{whole}{'.' if language == 'en' else ','}{rest:02d} €"


def the_night(make_tournament, organizer):
    """Fees of 20 €: three in cash, one by card, one by PayPal (the club's own method); the
    float of 50 € and a prize of 30 € paid in cash. The till should hold 80 € in cash."""
    tournament = make_tournament(5, start=False)
    club = tournament.club
    services.club_money_settings_update(club=club, own_method="PayPal")
    services.tournament_money_update(tournament=tournament, entry_fee=2000)
    methods = ["cash", "cash", "cash", "card", "other"]
    for entry, method in zip(tournament.entries.order_by("pk"), methods, strict=True):
        services.fee_mark_paid(entry=entry, method=method, recorded_by=organizer)
    services.ledger_record(
        club=club, kind="added", amount=5000, method="cash", recorded_by=organizer
    )
    services.ledger_record(
        club=club, kind="prize", amount=-3000, method="cash", recorded_by=organizer
    )
    return club


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_treasurer_counts_the_till_short_and_prints_the_sheet(
    language, make_tournament, organizer, open_as, live_server
):
    club = the_night(make_tournament, organizer)
    ledger_url = live_server.url + reverse("money_club:ledger", args=[club.slug])
    cash_up_url = reverse("money_club:cash_up", args=[club.slug])
    page = open_as(organizer, language, PHONE)
    page.goto(ledger_url)
    page.locator(f"a[href='{cash_up_url}']").click()
    assert page.get_by_test_id("expected-cash").inner_text() == euros(8000, language)
    assert page.get_by_test_id("expected-card").inner_text() == euros(2000, language)
    assert "PayPal" in page.get_by_test_id("till-other").inner_text()
    fits(page, PHONE["width"])

    short = "75.50" if language == "en" else "75,50"
    page.locator("input[name=counted_cash]").fill(short)
    page.locator("input[name=counted_card]").fill("20")
    page.locator("input[name=counted_other]").fill("20")
    page.locator("form.cash-up-count button[type=submit]").click()
    # A difference needs a reason: refused, nothing stored, the count kept.
    page.locator(".has-error [role=alert]").first.wait_for()
    assert page.locator(".has-error [role=alert]").count() == 1
    assert page.locator("input[name=counted_cash]").input_value() == short
    assert CashUp.objects.count() == 0
    page.locator("input[name=reason]").fill("Wechselgeld falsch herausgegeben")
    page.locator("form.cash-up-count button[type=submit]").click()

    page.wait_for_url(f"**{reverse('money_club:cash_up_sheet', args=[club.slug, 1])}")
    assert page.get_by_test_id("difference-cash").inner_text() == euros(-450, language)
    assert page.get_by_test_id("difference-card").inner_text() == euros(0, language)
    assert page.get_by_test_id("reason").inner_text() == "Wechselgeld falsch herausgegeben"
    booked = LedgerEntry.objects.get(kind=LedgerKind.CASH_UP)
    assert (booked.method, booked.amount, booked.memo) == (
        "cash",
        -450,
        "Wechselgeld falsch herausgegeben",
    )
    fits(page, PHONE["width"])

    # The sheet prints: the Print button opens the browser's print dialog, and on A4 portrait
    # no column is cut and the buttons are left out.
    page.evaluate("window.print = () => { window.printed = true; }")
    page.locator("[data-print]").click()
    assert page.evaluate("window.printed") is True  # at once: the button's own script
    page.set_viewport_size({"width": A4_PRINTED_WIDTH, "height": 1100})
    page.emulate_media(media="print")
    fits(page, A4_PRINTED_WIDTH)
    for table in page.locator(".cash-up-sheet table").all():
        box = table.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= A4_PRINTED_WIDTH
    assert not page.locator("[data-print]").is_visible()
    assert page.get_by_test_id("line-cash").is_visible()
    page.emulate_media(media="screen")

    # Its CSV: the cash line in the reader's number format.
    with page.expect_download() as download:
        page.locator("a[href='?_export=csv']").click()
    csv = Path(download.value.path()).read_text(encoding="utf-8-sig").splitlines()
    cash = csv[1]
    for amount in (8000, 7550, -450):
        assert euros(amount, language).removesuffix(" €") in cash

    # The cash-up page lists it, and the next count starts from what was counted.
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + cash_up_url)
    past = page.get_by_test_id("past-cash-up")
    assert past.count() == 1 and euros(-450, language) in past.inner_text()
    assert page.get_by_test_id("expected-cash").inner_text() == euros(7550, language)
    fits(page, PHONE["width"])

    # The ledger shows the difference, booked in cash with the reason.
    page.set_viewport_size(DESKTOP)
    page.goto(ledger_url)
    content = page.content()
    assert euros(-450, language) in content and "Wechselgeld falsch herausgegeben" in content
    assert page.get_by_test_id("balance").inner_text() == euros(8000 + 4000 - 450, language)
