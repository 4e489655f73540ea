"""Reversing a movement in the club's ledger, as a treasurer does it: the Reverse link leads
to a page that shows the row and asks why; the reversal is booked once, with the reason; the
reversed row names its reversal and offers nothing more."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from money import services
from money.models import LedgerEntry
from tests.factories import PASSWORD, EntryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    return client


@pytest.fixture
def room(club, organizer):
    return services.ledger_record(
        club=club, kind="costs", amount=-4550, method="cash", memo="Room", recorded_by=organizer
    )


def ledger_url(club):
    return reverse("money_club:ledger", args=[club.slug])


def reverse_url(row):
    return reverse("money_club:reverse", args=[row.club.slug, row.pk])


def row_html(page, row):
    start = page.index(f'id="row-{row.pk}"')
    return page[start : page.index("</tr>", start)]


def test_the_reverse_link_asks_for_confirmation_and_a_reason(logged_in, club, room):
    assert reverse_url(room) in row_html(logged_in.get(ledger_url(club)).content.decode(), room)
    page = logged_in.get(reverse_url(room)).content.decode()
    assert f"Reverse movement #{room.pk}" in page
    assert "45.50" in row_html(page, room) and "Room" in row_html(page, room)
    assert 'name="reason"' in page
    # Nothing is booked by looking at the page, nor by confirming without a reason.
    response = logged_in.post(reverse_url(room), {"reason": "   "})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    assert LedgerEntry.objects.count() == 1


def test_a_confirmed_reversal_is_booked_once_with_its_reason(logged_in, club, room):
    response = logged_in.post(reverse_url(room), {"reason": "Booked twice"}, follow=True)
    reversal = LedgerEntry.objects.get(reverses=room)
    assert (reversal.amount, reversal.memo) == (4550, "Booked twice")
    page = response.content.decode()
    assert f"Movement #{room.pk} is reversed by #{reversal.pk}." in page
    reversed_row = row_html(page, room)
    assert f"Reversed by #{reversal.pk}" in reversed_row
    assert reverse_url(room) not in reversed_row  # it offers nothing more
    reversal_row = row_html(page, reversal)
    assert f"Reverses #{room.pk}" in reversal_row and "Booked twice" in reversal_row
    assert reverse_url(reversal) not in reversal_row

    # A second confirmation (a second tab, a double click) books nothing and says why.
    again = logged_in.post(reverse_url(room), {"reason": "Booked twice"})
    assert again.status_code == 409
    assert f"Movement #{room.pk} is already reversed by #{reversal.pk}." in again.content.decode()
    assert LedgerEntry.objects.count() == 2


def test_the_reversal_reads_in_the_readers_language(logged_in, club, room):
    logged_in.post(reverse_url(room), {"reason": "Doppelt gebucht"})
    german = logged_in.get(ledger_url(club), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    reversal = LedgerEntry.objects.get(reverses=room)
    assert f"Storniert Nr. {room.pk}" in row_html(german, reversal)
    assert "Doppelt gebucht" in row_html(german, reversal)


def test_a_fees_payment_is_changed_on_the_fees_page(logged_in, make_tournament, organizer):
    tournament = make_tournament(2, start=False)
    services.tournament_money_update(tournament=tournament, entry_fee=2000)
    entry = EntryFactory(tournament=tournament)
    services.fee_mark_paid(entry=entry, method="cash", recorded_by=organizer)
    payment = LedgerEntry.objects.get(fee_id__isnull=False)
    page = logged_in.get(ledger_url(tournament.club)).content.decode()
    assert reverse_url(payment) not in row_html(page, payment)
    response = logged_in.post(reverse_url(payment), {"reason": "Wrong"})
    assert response.status_code == 409
    assert "fees page" in response.content.decode()
    assert LedgerEntry.objects.count() == 1


def test_the_export_names_the_reversal_both_ways(logged_in, club, room):
    logged_in.post(reverse_url(room), {"reason": "Booked twice"})
    reversal = LedgerEntry.objects.get(reverses=room)
    text = logged_in.get(ledger_url(club) + "?_export=csv").content.decode("utf-8-sig")
    rows = {row["No."]: row for row in csv.DictReader(io.StringIO(text))}
    assert rows[str(room.pk)]["Reversed by"] == str(reversal.pk)
    assert rows[str(reversal.pk)]["Reverses"] == str(room.pk)
    assert rows[str(reversal.pk)]["Memo"] == f"Reverses #{room.pk} · Booked twice"


def test_someone_else_cannot_reverse(client, club, room):
    from tests.factories import UserFactory

    UserFactory(username="someone")
    client.login(username="someone", password=PASSWORD)
    assert client.get(reverse_url(room)).status_code == 403
    assert client.post(reverse_url(room), {"reason": "Mine"}).status_code == 403
    assert LedgerEntry.objects.count() == 1
