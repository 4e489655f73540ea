"""Booking the payouts of the hand-worked tournament (tests/money/hand_worked.py): a fee owed is set
against its player's prize and collected so ("set against a prize"), each payment method's
till sees only what moved in it, the sheet stays what it was to the cent; a line reversed in
the ledger is booked again, the others are not booked twice."""

from __future__ import annotations

import functools
from collections import defaultdict

import pytest
from django.urls import reverse

from config.errors import UserError
from money import selectors, services
from money.calcutta import full_payout_sheet
from money.models import EntryFee, FeeStatus, LedgerEntry, LedgerKind
from money.services.ledger import ledger_book
from tests.conftest import new_club, new_organizer, played, tournament_made
from tests.factories import PASSWORD
from tests.money.hand_worked import HAND_WORKED, finished_tournament

pytestmark = pytest.mark.django_db

#: What each player is paid, as the hand-worked sheet says: prize, of it set against the fee
#: owed, and paid out in cash.
PAID = {player: (prize, owed, net) for _f, _p, player, prize, owed, net in HAND_WORKED}


@pytest.fixture(scope="module")
def shared(module_db):
    """The finished tournament, built once: each test changes it and is rolled back."""
    organizer = new_organizer("booking-organizer")
    club = new_club(organizer, "booking")
    make = functools.partial(tournament_made, club, organizer)
    return organizer, finished_tournament(make, played, organizer, name="Booked tournament")


@pytest.fixture
def organizer(shared):
    return shared[0]


@pytest.fixture
def tournament(shared):
    return shared[1]


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """The tests share the tournament (``module_db``)."""


def booked(tournament):
    """Player → (paid out by set-off, paid out in cash): the booking's rows still standing."""
    paid: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for name, method, amount in LedgerEntry.objects.filter(
        tournament=tournament, kind=LedgerKind.PRIZE, reversed_by__isnull=True
    ).values_list("player__name", "method", "amount"):
        paid[name][0 if method == "set_off" else 1] -= amount
    return {name: tuple(both) for name, both in paid.items()}


@pytest.fixture
def start(tournament):
    """The last row before the test's: the tournament's fees were booked before."""
    return LedgerEntry.objects.latest("pk").pk


def tills(tournament, start):
    """Payment method → what the test's rows moved in its till."""
    found: dict[str, int] = defaultdict(int)
    for method, amount in LedgerEntry.objects.filter(
        tournament=tournament, pk__gt=start
    ).values_list("method", "amount"):
        found[method] += amount
    return dict(found)


def sheet_figures(tournament):
    sheet = full_payout_sheet(tournament)
    return (
        [
            (r.pool_key, r.flight_code, r.place, r.player, r.prize, r.owed, r.net)
            for r in sheet.rows
        ],
        [(p.key, p.money_in, p.money_out, p.balances, p.remainder) for p in sheet.pools],
    )


def test_a_fee_owed_is_set_against_the_prize_and_collected_so(tournament, organizer, client, start):
    before = sheet_figures(tournament)
    assert (
        services.payouts_book(tournament=tournament, recorded_by=organizer) == 8
    )  # 7 prizes, costs

    # Each player got his whole prize: Player 008's 23.60 € as his 20 € fee and 3.60 € in cash.
    assert booked(tournament) == {player: (owed, net) for player, (_p, owed, net) in PAID.items()}
    fee = EntryFee.objects.get(entry__tournament=tournament, entry__player__name="Player 008")
    assert (fee.status, fee.method, fee.recorded_by) == (FeeStatus.PAID, "set_off", organizer)
    fee_row = LedgerEntry.objects.get(fee_id=fee.pk)
    assert (fee_row.kind, fee_row.amount, fee_row.method) == ("fee", 2000, "set_off")
    # The cash box paid out only cash; what was set off came in and went out in its own till.
    assert tills(tournament, start) == {"cash": -(14300 - 2000) - 600, "set_off": 0}

    # The pool was worked out while the fee was owed: the sheet is what it was, to the cent.
    assert sheet_figures(tournament) == before
    assert (selectors.collected(tournament), selectors.fees_set_off(tournament)) == (14000, 2000)

    client.login(username=organizer.username, password=PASSWORD)
    page = client.get(
        reverse("money:fees", args=[tournament.club.slug, tournament.slug])
    ).content.decode()
    row = page[page.index('data-player="Player 008"') :].split("</tr>")[0]
    assert "Paid" in row and "Set against a prize" in row


def test_the_sheet_says_beside_its_books_what_was_set_against_prizes(tournament, organizer, client):
    """Booked, Player 008's 20 € fee was taken from his prize: the sheet says so beside the
    prize pool's books, whose In and Out stay what they were (the pool was worked out while
    the fee was owed)."""
    client.force_login(organizer)
    url = reverse("money:payouts", args=[tournament.club.slug, tournament.slug])

    def books(page):
        block = page[page.index('data-testid="books-prizes"') :]
        return block[: block.index("</table>")]

    def rows(html):
        return [row.split("<tr", 1)[-1] for row in html.split("</tr>")[:-1]]

    before = books(client.get(url).content.decode())
    assert "Fees set against prizes" not in before
    services.payouts_book(tournament=tournament, recorded_by=organizer)
    after = books(client.get(url).content.decode())
    *kept, note = rows(after)
    assert kept == rows(before)  # every line, In and Out as they were
    assert 'data-testid="books-note"' in note
    assert "Fees set against prizes" in note and "20.00 €" in note


def test_a_line_reversed_is_booked_again_and_the_others_are_not(tournament, organizer):
    services.payouts_book(tournament=tournament, recorded_by=organizer)
    assert services.payouts_booked(tournament)
    winner = LedgerEntry.objects.get(tournament=tournament, kind="prize", player__name="Player 001")
    services.ledger_reverse(entry=winner, recorded_by=organizer, reason="Paid to the wrong man")
    assert not services.payouts_booked(tournament)
    assert "Player 001" not in booked(tournament)

    assert services.payouts_book(tournament=tournament, recorded_by=organizer) == 1
    assert booked(tournament) == {player: (owed, net) for player, (_p, owed, net) in PAID.items()}
    assert services.payouts_booked(tournament)
    with pytest.raises(UserError, match="booked already"):
        services.payouts_book(tournament=tournament, recorded_by=organizer)


def test_a_prize_set_against_a_fee_is_reversed_whole_and_the_fee_is_owed_again(
    tournament, organizer, start
):
    before = sheet_figures(tournament)
    services.payouts_book(tournament=tournament, recorded_by=organizer)
    rows = LedgerEntry.objects.filter(
        tournament=tournament, player__name="Player 008", pk__gt=start
    )
    paid_out = rows.get(kind="prize", method="cash")
    fee_row = rows.get(kind="fee")
    # The fee's row goes with its prize, not alone.
    with pytest.raises(UserError, match="reversed with the prize"):
        services.ledger_reverse(entry=fee_row, recorded_by=organizer, reason="No")
    services.ledger_reverse(entry=paid_out, recorded_by=organizer, reason="Wrong place")
    assert rows.filter(kind="reversal").count() == 3
    assert set(rows.filter(kind="reversal").values_list("memo", flat=True)) == {"Wrong place"}
    fee = EntryFee.objects.get(pk=fee_row.fee_id)
    assert (fee.status, fee.method) == (FeeStatus.UNPAID, "")
    assert "Player 008" not in booked(tournament)
    assert tills(tournament, start) == {"cash": -(14300 - 2000 - 360) - 600, "set_off": 0}
    assert sheet_figures(tournament) == before

    assert services.payouts_book(tournament=tournament, recorded_by=organizer) == 1
    assert booked(tournament)["Player 008"] == (2000, 360)
    assert EntryFee.objects.get(pk=fee.pk).method == "set_off"
    assert tills(tournament, start) == {"cash": -(14300 - 2000) - 600, "set_off": 0}
    assert sheet_figures(tournament) == before


def test_the_fixed_costs_are_a_line_too(tournament, organizer):
    services.payouts_book(tournament=tournament, recorded_by=organizer)
    costs = LedgerEntry.objects.get(tournament=tournament, kind="costs")
    services.ledger_reverse(entry=costs, recorded_by=organizer, reason="Paid by the landlord")
    assert services.payouts_book(tournament=tournament, recorded_by=organizer) == 1
    assert (
        LedgerEntry.objects.filter(
            tournament=tournament, kind="costs", reversed_by__isnull=True
        ).count()
        == 1
    )


def test_a_prize_smaller_than_the_fees_owed_is_refused_and_nothing_is_booked(tournament, organizer):
    (consolation_second,) = [row for row in HAND_WORKED if row[:2] == ("Consolation", "2")]
    player = consolation_second[2]
    fee = EntryFee.objects.get(entry__tournament=tournament, entry__player__name=player)
    services.fee_mark_unpaid(entry=fee.entry, recorded_by=organizer)  # he owes his 20 € now
    start = LedgerEntry.objects.latest("pk").pk
    (row,) = [row for row in full_payout_sheet(tournament).rows if row.player == player]
    assert row.prize < row.owed == 2000 and row.net == 0
    with pytest.raises(UserError, match=f"{player}'s prize .* does not cover the fees owed"):
        services.payouts_book(tournament=tournament, recorded_by=organizer)
    assert not LedgerEntry.objects.filter(pk__gt=start).exists()
    assert EntryFee.objects.get(pk=fee.pk).status == FeeStatus.UNPAID


def test_payouts_booked_by_the_release_before_lines_count_as_booked(tournament, organizer):
    """Rows booked before a line was named with them: the sheet is booked (reverse them all
    to book it again), never paid twice."""
    ledger_book(
        club=tournament.club,
        tournament=tournament,
        kind=LedgerKind.PRIZE,
        amount=-5510,
        method="cash",
        text_key="prize",
        text_params={"pool": "prizes", "flight": "main", "first": 1, "last": 1},
        recorded_by=organizer,
    )
    assert services.payouts_booked(tournament)
    with pytest.raises(UserError, match="booked already"):
        services.payouts_book(tournament=tournament, recorded_by=organizer)


def test_a_fee_set_against_a_prize_is_undone_only_with_its_prize(tournament, organizer, client):
    """Its refund or 'unpaid' would pay back or owe again a fee the prize already took; and
    nobody records a payment as 'set against a prize' by hand (only the booking sets off)."""
    services.payouts_book(tournament=tournament, recorded_by=organizer)
    entry = tournament.entries.get(player__name="Player 008")
    fee = EntryFee.objects.get(entry=entry, number=1)
    assert (fee.status, fee.method) == (FeeStatus.PAID, "set_off")
    before = LedgerEntry.objects.count()
    for undo in (services.fee_refund, services.fee_mark_unpaid):
        with pytest.raises(UserError, match="reverse the prize's line"):
            undo(entry=entry, recorded_by=organizer)
    other = tournament.entries.get(player__name="Player 001")
    services.fee_mark_unpaid(entry=other, recorded_by=organizer)
    with pytest.raises(UserError):
        services.fee_mark_paid(entry=other, method="set_off", recorded_by=organizer)
    assert LedgerEntry.objects.count() == before + 1  # only Player 001's payment taken back
    client.force_login(organizer)
    page = client.get(
        reverse("money:fees", args=[tournament.club.slug, tournament.slug])
    ).content.decode()
    row = page[page.index("Player 008") :].split("</tr>", 1)[0]
    assert "Set against a prize" in row
    assert "'refund'" not in row and "/refund/" not in row and "/unpaid/" not in row
