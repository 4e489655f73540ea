"""A treasurer's night in the browser, in English and in German, worked by hand:

The Friday Open (a knock-out of four, 20 € a head, the field capped at four, the Calcutta
sold in two group lots): Walter waits; Player 004 withdraws and Walter moves up, and only
then is he on the fees page and pays. Fees: Player 001 and Walter in cash, Player 002 by
card, Player 003 by transfer: 80 € collected. Lots: group 1 (Players 001 and 002) to Ann
for 30 €, group 2 (Player 003 and Walter) to Bob for 10 €, both in cash. After the
semi-finals the sheet is provisional: the two losers share 3–4 (which the table, paying the
winner alone, does not pay) and the 80 € of place 1 is to be decided. Player 001 (seed 1)
wins: 80 € to him, the Calcutta's 40 € to Ann (her lot holds the winner). Both booked; the
prize is then reversed with a reason ("paid to the wrong man"), its 80 € back in the till.

The League (three players round robin, 11 € a head in cash, prizes rounded down to 5 €):
each beats the next by the same score, so the three are tied for first (the League's
tie-breaks are match points and points difference, no lot): 33 € shared, 10 € each rounded
down, the 3 € left shared too: 11 € each (not 13 / 10 / 10). Booked.

The cash-up: the books say cash 40 (fees) + 40 (lots) − 80 − 40 (paid out) + 80 (the
reversal) + 33 − 33 (the League) = 40 €, card 20 €, transfer 20 €. The treasurer counts 35 €
in cash: 5 € short, refused without a reason, booked with one.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from draw import services as draw_services
from entries import services as entry_services
from matches.services import match_record_final_score
from money import services
from money.models import LedgerEntry
from tests.conftest import open_matches, tournament_made
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP = {"width": 1280, "height": 900}
WORDS = {
    "en": {
        "provisional": "Provisional",
        "to be decided": "To be decided",
        "tied": "1–3",
        "reversed by": "Reversed by #",
    },
    "de": {
        "provisional": "Vorläufig",
        "to be decided": "Noch offen",
        "tied": "1–3",
        "reversed by": "Storniert durch Nr. ",
    },
}


def euros(text: str) -> int:
    """Cents from an amount as a page shows it in either language ("1,234.50 €", "1.234,50 €")."""
    digits = re.sub(r"[^\d,.\-−]", "", text.split("(")[0]).replace("−", "-")
    whole, _sep, cents = re.split(r"([,.])(?=\d{2}$)", digits)
    return int(re.sub(r"[,.]", "", whole) + cents)


@pytest.fixture
def treasurer_page(browser, live_server, organizer):
    contexts = []

    def open_page(language):
        client = Client()
        client.force_login(organizer)
        context = browser.new_context(
            locale={"en": "en-GB", "de": "de-DE"}[language],
            viewport=DESKTOP,
            extra_http_headers={"Accept-Language": language},
        )
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


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_treasurers_night(treasurer_page, live_server, club, organizer, commit, play, language):
    words = WORDS[language]
    page = treasurer_page(language)
    go = lambda name, tournament=None, *more: page.goto(  # noqa: E731
        live_server.url
        + reverse(
            name,
            args=[club.slug, *([tournament.slug] if tournament is not None else []), *more],
        )
    )

    # --- The Friday Open: the field, the waiting list, the fees -------------------------
    open_ = tournament_made(club, organizer, 4, start=False, name="Friday Open")
    services.tournament_money_update(tournament=open_, entry_fee=2000)
    entry_services.signup_rules_set(tournament=open_, capacity=4)
    entry_services.entry_sign_up(tournament=open_, player=PlayerFactory(name="Walter Waiting"))
    go("money:fees", open_)
    assert page.locator('tr[data-player="Walter Waiting"]').count() == 0
    commit(entry_services.entry_withdraw, entry=open_.entries.get(player__name="Player 004"))
    go("money:fees", open_)
    assert page.locator('tr[data-player="Walter Waiting"]').count() == 1
    for name, method in (
        ("Player 001", "cash"),
        ("Player 002", "card"),
        ("Player 003", "transfer"),
        ("Walter Waiting", "cash"),
    ):
        row = page.locator(f'tr[data-player="{name}"]')
        row.locator('select[name="method"]').select_option(method)
        row.locator('button[type="submit"]').first.click()
        page.wait_for_load_state("load")
    assert sorted(
        LedgerEntry.objects.filter(tournament=open_).values_list("player__name", "method", "amount")
    ) == [
        ("Player 001", "cash", 2000),
        ("Player 002", "card", 2000),
        ("Player 003", "transfer", 2000),
        ("Walter Waiting", "cash", 2000),
    ]
    fits(page)

    # --- The Calcutta in two group lots -------------------------------------------------
    services.calcutta_setup(tournament=open_)
    go("money:calcutta", open_)
    entries = {e.player.name: e.pk for e in open_.entries.select_related("player")}
    for name, group in (
        ("Player 001", "1"),
        ("Player 002", "1"),
        ("Player 003", "2"),
        ("Walter Waiting", "2"),
    ):
        page.locator(f'select[name="group-{entries[name]}"]').select_option(group)
    page.locator('form[action$="/calcutta/lots/"] button[type="submit"]').first.click()
    page.wait_for_load_state("load")
    for number, bidder, amount in ((1, "Ann", "30"), (2, "Bob", "10")):
        lot = f"/calcutta/lots/{number}/"
        page.locator('input[name="bidder"]').fill(bidder)
        page.locator('input[name="amount"]').fill(amount)
        page.locator(f'form[action$="{lot}bid/"] button[type="submit"]').click()
        page.wait_for_load_state("load")
        page.locator(f'form[action$="{lot}sell/"] button[type="submit"]').click()
        page.wait_for_load_state("load")
    assert sorted(
        LedgerEntry.objects.filter(tournament=open_, kind="calcutta").values_list(
            "amount", flat=True
        )
    ) == [1000, 3000]
    assert [
        sorted(lot.entries.values_list("player__name", flat=True))
        for lot in open_.calcutta.lots.order_by("number")
    ] == [["Player 001", "Player 002"], ["Player 003", "Walter Waiting"]]

    # --- The provisional sheet after the semi-finals ------------------------------------
    commit(draw_services.tournament_start, tournament=open_)
    for match in open_matches(open_):
        play(match)
    go("money:payouts", open_)
    assert words["provisional"] in page.get_by_test_id("provisional").inner_text()
    band = page.get_by_test_id("open-band").first
    assert words["to be decided"] in band.inner_text()
    assert euros(band.locator("td").nth(3).inner_text()) == 8000
    assert page.get_by_test_id("payout-row").count() == 0  # 3–4 are final, and paid nothing
    assert page.locator('form[action$="/payouts/book/"]').count() == 0

    # --- Finished: the sheet, booked -----------------------------------------------------
    for match in open_matches(open_):
        play(match)
    go("money:payouts", open_)
    rows = page.get_by_test_id("payout-row")
    shown = sorted(
        (
            rows.nth(i).locator("td").nth(2).inner_text().split("(")[0].strip(),
            euros(rows.nth(i).locator("td").nth(5).inner_text()),
        )
        for i in range(rows.count())
    )
    assert shown == [("Ann", 4000), ("Player 001", 8000)]
    page.locator('form[action$="/payouts/book/"] button').click()
    page.wait_for_load_state("load")
    assert page.locator('form[action$="/payouts/book/"]').count() == 0

    # --- One reversal with its reason ----------------------------------------------------
    prize = LedgerEntry.objects.get(tournament=open_, kind="prize", player__name="Player 001")
    go("money_club:ledger")
    page.locator(f'tr[data-row="{prize.pk}"] a[href$="/{prize.pk}/reverse/"]').click()
    page.locator('button[type="submit"].danger').click()  # no reason: refused
    page.wait_for_load_state("load")
    assert not LedgerEntry.objects.filter(reverses=prize).exists()
    page.locator('input[name="reason"], textarea[name="reason"]').fill("paid to the wrong man")
    page.locator('button[type="submit"].danger').click()
    page.wait_for_load_state("load")
    reversal = LedgerEntry.objects.get(reverses=prize)
    assert (reversal.amount, reversal.memo) == (8000, "paid to the wrong man")
    row = page.locator(f'tr[data-row="{prize.pk}"]')
    assert f"{words['reversed by']}{reversal.pk}" in row.inner_text()
    assert row.locator('a[href$="/reverse/"]').count() == 0
    fits(page)

    # --- The League: a tie for first ----------------------------------------------------
    services.club_money_settings_update(club=club, rounding_unit=500)
    league = tournament_made(
        club,
        organizer,
        3,
        format="round_robin",
        name="League",
        tiebreaks=["match_points", "points_difference"],  # no lot: a tie stays a tie
    )
    services.tournament_money_update(tournament=league, entry_fee=1100)
    for entry in league.entries.all():
        services.fee_mark_paid(entry=entry, method="cash", recorded_by=organizer)
    beats = {
        ("Player 001", "Player 002"),
        ("Player 002", "Player 003"),
        ("Player 003", "Player 001"),
    }
    while matches := open_matches(league):
        for match in matches:
            a, b = match.entry_a.player.name, match.entry_b.player.name
            won = (a, b) in beats
            commit(
                match_record_final_score,
                match=match,
                score_a=match.length if won else 0,
                score_b=0 if won else match.length,
            )
    go("money:payouts", league)
    rows = page.get_by_test_id("payout-row")
    tied = [
        (
            rows.nth(i).locator("td").nth(0).inner_text(),
            euros(rows.nth(i).locator("td").nth(3).inner_text()),
        )
        for i in range(rows.count())
    ]
    assert tied == [(words["tied"], 1100)] * 3
    page.locator('form[action$="/payouts/book/"] button').click()
    page.wait_for_load_state("load")
    assert sorted(
        LedgerEntry.objects.filter(tournament=league, kind="prize").values_list("amount", flat=True)
    ) == [-1100, -1100, -1100]

    # --- The cash-up ---------------------------------------------------------------------
    go("money_club:cash_up")
    expected = {
        method: euros(page.get_by_test_id(f"expected-{method}").inner_text())
        for method in ("cash", "card", "transfer")
    }
    assert expected == {"cash": 4000, "card": 2000, "transfer": 2000}
    counted = {"cash": "35", "card": "20", "transfer": "20"}
    for method, amount in counted.items():
        page.locator(f'input[name="counted_{method}"]').fill(amount)
    page.locator("form.cash-up-count button[type=submit]").click()
    page.wait_for_load_state("load")
    assert not LedgerEntry.objects.filter(kind="cash_up").exists()  # a reason is asked for
    for method, amount in counted.items():
        page.locator(f'input[name="counted_{method}"]').fill(amount)
    page.locator('input[name="reason"], textarea[name="reason"]').fill("change given wrongly")
    page.locator("form.cash-up-count button[type=submit]").click()
    page.wait_for_load_state("load")
    short = LedgerEntry.objects.get(kind="cash_up")
    assert (short.amount, short.method, short.memo) == (-500, "cash", "change given wrongly")
    assert "change given wrongly" in page.content()  # the night's sheet, to print
    fits(page)
    go("money_club:cash_up")
    assert page.get_by_test_id("past-cash-up").count() == 1
    after = {
        method: euros(page.get_by_test_id(f"expected-{method}").inner_text())
        for method in ("cash", "card", "transfer")
    }
    assert after == {"cash": 3500, "card": 2000, "transfer": 2000}  # from the count on
