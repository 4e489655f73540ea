"""The money of an event in the browser, in English and German, on a desktop and a phone:
a Calcutta auction is run from the auctioneer's phone, shown on the venue display and paid
out; the payout sheet of a Main / Consolation / Last Chance event with a side pool is the
hand-worked one (tests/money/hand_worked.py)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from draw import services as draw_services
from tests.conftest import open_matches
from tests.money.hand_worked import (
    HAND_WORKED,
    SIDE_POOL_HAND_WORKED,
    by_player_within_a_place,
    finished_tournament,
)

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def open_as(browser, live_server):
    """A page of a browser in ``language`` at ``viewport``, logged in as ``user`` (or not)."""
    contexts = []

    def open_page(user, language, viewport):
        locale = {"en": "en-GB", "de": "de-DE"}[language]
        context = browser.new_context(
            locale=locale, viewport=viewport, extra_http_headers={"Accept-Language": language}
        )
        contexts.append(context)
        if user is not None:
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


def fits(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def euros(cents: int, language: str) -> str:
    whole, rest = divmod(abs(cents), 100)
    sign = "-" if cents < 0 else ""
    return f"{sign}{whole}{'.' if language == 'en' else ','}{rest:02d} €"


def test_a_calcutta_is_run_and_paid_out(
    make_tournament, organizer, open_as, live_server, play, commit
):
    tournament = make_tournament(4, start=False)
    args = [tournament.club.slug, tournament.slug]
    auctioneer = open_as(organizer, "en", PHONE)
    auctioneer.goto(live_server.url + reverse("money:calcutta", args=args))
    auctioneer.get_by_label("House's share (%)").fill("10")
    auctioneer.get_by_label("Buy-back share (%)").fill("50")
    auctioneer.get_by_label("Lowest bid").fill("5")
    auctioneer.get_by_label("Calcutta payout table").fill("8; 2; 70 30")
    auctioneer.get_by_role("button", name="Save").click()
    # The weakest two, players 3 and 4, are sold together as lot 3.
    auctioneer.get_by_label("Player 003").select_option("1")
    auctioneer.get_by_label("Player 004").select_option("1")
    auctioneer.get_by_role("button", name="Make the lots").click()
    auctioneer.wait_for_load_state()
    fits(auctioneer, PHONE["width"])

    display = open_as(None, "de", DESKTOP)
    display.clock.install()  # its next refresh (every 2 s) is brought forward, not waited for
    display.goto(live_server.url + reverse("money:calcutta_display", args=args))
    players = display.get_by_test_id("display-players")
    assert players.inner_text() == "Player 001"
    assert "Noch kein Gebot" in display.get_by_test_id("display-price").inner_text()

    def bid(bidder, amount):
        auctioneer.get_by_label("Bidder").fill(bidder)
        auctioneer.locator("input[name=amount]").fill(amount)
        auctioneer.get_by_role("button", name="Record the bid").click()

    bid("Ann", "20")
    bid("Bob", "15")  # below the last bid: refused, nothing saved
    auctioneer.get_by_text("A bid must be higher than the last one.").wait_for()
    bid("Ann", "40")
    assert auctioneer.get_by_test_id("price").inner_text() == "40.00 €"
    # The venue display follows the auction by itself (HTMX), in German.
    display.clock.fast_forward(2_000)
    display.wait_for_function(
        "() => document.querySelector('[data-testid=display-price]').innerText.includes('40,00 €')"
    )
    auctioneer.get_by_role("button", name="Sold to Ann for 40.00 €").click()
    bid("Bob", "30")
    auctioneer.get_by_role("button", name="Sold to Bob for 30.00 €").click()
    bid("Ann", "10")
    auctioneer.get_by_role("button", name="Sold to Ann for 10.00 €").click()
    display.clock.fast_forward(2_000)
    display.wait_for_function(
        "() => document.querySelector('#calcutta-lot').innerText.includes('Kein Los im Verkauf')"
    )
    # Player 2 buys back a quarter of himself from Bob; 60 % is over the share: refused.
    row = auctioneer.get_by_test_id("lot-2")
    row.get_by_label("Share of himself (%)").fill("60")
    row.get_by_role("button", name="Buy back").click()
    auctioneer.get_by_text("at most the set share").wait_for()
    assert "at most the set share" in auctioneer.content()
    row = auctioneer.get_by_test_id("lot-2")
    row.get_by_label("Share of himself (%)").fill("25")
    row.get_by_role("button", name="Buy back").click()
    auctioneer.get_by_text("Player 002 owns 25 % of the lot").wait_for()
    assert "Player 002 owns 25 % of the lot" in auctioneer.get_by_test_id("lot-2").inner_text()
    fits(auctioneer, PHONE["width"])

    commit(draw_services.tournament_start, tournament=tournament)
    while matches := open_matches(tournament):
        for match in matches:
            play(match)  # the higher seed wins: 1, 2, then 3–4 (the group lot)

    # Sales 80 €, house 8 €, 72 € to the owners: lot 1 (Ann) 1st 50.40 €, lot 2 (Bob, a
    # quarter Player 002's) 2nd 21.60 €: Bob 16.20 €, Player 002 5.40 €.
    expected = {"Ann": (5000, 5040), "Bob": (2250, 1620), "Player 002": (750, 540)}
    for language, viewport in (("de", PHONE), ("en", DESKTOP)):
        page = open_as(organizer, language, viewport)
        page.goto(live_server.url + reverse("money:calcutta_statements", args=args))
        statements = page.get_by_test_id("statement")
        assert statements.count() == 3
        for i in range(3):
            text = statements.nth(i).inner_text()
            owner = text.splitlines()[0].strip()
            paid, won = expected[owner]
            assert euros(paid, language) in text and euros(won, language) in text
            assert (
                euros(won - paid, language).replace("-", "−") in text
                or euros(won - paid, language) in text
            )
        balanced = "The books balance to the cent." if language == "en" else "Die Bücher gehen"
        assert balanced in page.content()
        fits(page, viewport["width"])
        page.goto(live_server.url + reverse("money:payouts", args=args))
        calcutta = page.get_by_test_id("books-calcutta")
        assert euros(8000, language) in calcutta.inner_text()
        assert page.get_by_test_id("balance-calcutta").inner_text().startswith("✓")
        fits(page, viewport["width"])


def test_the_payout_sheet_is_the_hand_worked_one(
    make_tournament, play, organizer, open_as, live_server
):
    event = finished_tournament(make_tournament, play, organizer, side_pool=True)
    expected = [("Prize pool", *row) for row in HAND_WORKED] + SIDE_POOL_HAND_WORKED
    url = live_server.url + reverse("money:payouts", args=[event.club.slug, event.slug])
    names = {
        "en": {
            "Prize pool": "Prize pool",
            "Side pool": "Side pool",
            "Main": "Main",
            "Consolation": "Consolation",
            "Last Chance": "Last Chance",
        },
        "de": {
            "Prize pool": "Preisgeld",
            "Side pool": "Side pool",
            "Main": "Hauptrunde",
            "Consolation": "Trostrunde",
            "Last Chance": "Letzte Chance",
        },
    }
    for language, viewport in (("en", DESKTOP), ("de", PHONE)):
        page = open_as(organizer, language, viewport)
        page.goto(url)
        rows = page.get_by_test_id("payout-row")
        shown = []
        for i in range(rows.count()):
            row = rows.nth(i)
            place, _percent, player, prize, owed, net, _sign = (
                c.strip() for c in row.locator("td").all_inner_texts()
            )
            prize = re.sub(r"\s*\(.*\)$", "", prize)  # "(incl. … rounding)"
            pool, flight = row.get_attribute("data-pool"), row.get_attribute("data-flight")
            shown.append((pool, flight, place, player, prize, owed, net))
        label = names[language]
        worked = [
            (
                label[pool],
                label[flight],
                place,
                player,
                euros(prize, language),
                euros(owed, language) if owed else "",
                euros(net, language),
            )
            for pool, flight, place, player, prize, owed, net in expected
        ]
        assert by_player_within_a_place(shown, 3) == by_player_within_a_place(worked, 3)
        assert page.get_by_test_id("balance-prizes").inner_text().startswith("✓")
        assert page.get_by_test_id(re.compile("balance-side-")).inner_text().startswith("✓")
        books = page.get_by_test_id("books-prizes").inner_text()
        assert euros(17000, language) in books
        fits(page, viewport["width"])
