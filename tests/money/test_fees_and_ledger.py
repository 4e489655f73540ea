"""Fees and payments, and the club's ledger: every movement booked, never changed."""

from __future__ import annotations

import pytest

from config.errors import UserError
from entries.models import EntryStatus
from money import selectors, services
from money.models import AppendOnly, EntryFee, FeeStatus, LedgerEntry, LedgerKind
from tests.factories import EntryFactory, MatchFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    tournament = TournamentFactory()
    services.tournament_money_update(tournament=tournament, entry_fee=2000, reentry_fee=1500)
    return tournament


@pytest.fixture
def treasurer():
    return UserFactory()


def ledger(tournament):
    return list(
        LedgerEntry.objects.filter(tournament=tournament)
        .order_by("pk")
        .values_list("kind", "amount", "method", "recorded_by")
    )


def test_a_payment_is_booked_with_its_method_who_and_when(tournament, treasurer):
    entry = EntryFactory(tournament=tournament)
    fee = services.fee_mark_paid(
        entry=entry, method="transfer", reference="IBAN ref 42", recorded_by=treasurer
    )
    assert (fee.status, fee.amount, fee.method, fee.reference) == (
        "paid",
        2000,
        "transfer",
        "IBAN ref 42",
    )
    assert fee.recorded_by == treasurer and fee.recorded_at is not None
    assert ledger(tournament) == [("fee", 2000, "transfer", treasurer.pk)]
    assert selectors.collected(tournament) == 2000


def test_a_payment_taken_back_is_reversed_by_a_new_row(tournament, treasurer):
    entry = EntryFactory(tournament=tournament)
    services.fee_mark_paid(entry=entry, method="cash", recorded_by=treasurer)
    services.fee_mark_unpaid(entry=entry, recorded_by=treasurer)
    assert ledger(tournament) == [
        ("fee", 2000, "cash", treasurer.pk),
        ("reversal", -2000, "cash", treasurer.pk),
    ]
    assert selectors.collected(tournament) == 0
    reversal = LedgerEntry.objects.get(kind=LedgerKind.REVERSAL)
    assert reversal.reverses.kind == "fee"


def test_waived_then_a_paid_fee_cannot_be_waived(tournament, treasurer):
    entry = EntryFactory(tournament=tournament)
    services.fee_waive(entry=entry, recorded_by=treasurer)
    assert ledger(tournament) == []
    other = EntryFactory(tournament=tournament)
    services.fee_mark_paid(entry=other, method="cash", recorded_by=treasurer)
    with pytest.raises(UserError):
        services.fee_waive(entry=other, recorded_by=treasurer)


def test_a_withdrawal_before_the_start_is_refunded(tournament, treasurer):
    entry = EntryFactory(tournament=tournament)
    services.fee_mark_paid(entry=entry, method="cash", recorded_by=treasurer)
    entry.status = EntryStatus.WITHDRAWN
    entry.save()
    services.fee_refund(entry=entry, recorded_by=treasurer)
    assert ledger(tournament)[-1] == ("refund", -2000, "cash", treasurer.pk)
    assert EntryFee.objects.get(entry=entry).status == FeeStatus.REFUNDED


def test_a_withdrawal_after_the_start_is_refunded_only_where_the_club_says_so(
    tournament, treasurer
):
    match = MatchFactory(round__stage__tournament=tournament)
    entry = match.entry_a
    services.fee_mark_paid(entry=entry, method="cash", recorded_by=treasurer)
    entry.status = EntryStatus.WITHDRAWN
    entry.save()
    with pytest.raises(UserError):
        services.fee_refund(entry=entry, recorded_by=treasurer)
    assert EntryFee.objects.get(entry=entry).status == FeeStatus.PAID
    assert len(ledger(tournament)) == 1
    services.club_money_settings_update(club=tournament.club, refund_after_start=True)
    services.fee_refund(entry=entry, recorded_by=treasurer)
    assert EntryFee.objects.get(entry=entry).status == FeeStatus.REFUNDED


def test_re_entries_pay_the_re_entry_fee(tournament, treasurer):
    entry = EntryFactory(tournament=tournament)
    services.fee_mark_paid(entry=entry, method="cash", recorded_by=treasurer)
    again = services.reentry_add(entry=entry, recorded_by=treasurer)
    assert (again.number, again.amount, again.status) == (2, 1500, "unpaid")
    services.fee_mark_paid(entry=entry, number=2, method="cash", recorded_by=treasurer)
    assert selectors.collected(tournament) == 3500


def test_the_check_in_setting(tournament, treasurer):
    entry = EntryFactory(tournament=tournament)
    assert selectors.may_check_in(entry)
    services.club_money_settings_update(club=tournament.club, check_in_unpaid=False)
    assert not selectors.may_check_in(entry)
    services.fee_mark_paid(entry=entry, method="cash", recorded_by=treasurer)
    assert selectors.may_check_in(entry)


def test_the_ledger_is_never_changed_or_deleted(tournament, treasurer):
    row = services.ledger_record(
        club=tournament.club,
        tournament=tournament,
        kind="costs",
        amount=-5000,
        recorded_by=treasurer,
        memo="Room",
    )
    row.memo = "changed"
    with pytest.raises(AppendOnly):
        row.save()
    with pytest.raises(AppendOnly):
        row.delete()
    with pytest.raises(AppendOnly):
        LedgerEntry.objects.filter(pk=row.pk).update(memo="changed")
    with pytest.raises(AppendOnly):
        LedgerEntry.objects.filter(pk=row.pk).delete()
    reversal = services.ledger_reverse(entry=row, recorded_by=treasurer, reason="Booked twice")
    assert reversal.amount == 5000 and reversal.reverses == row
    assert reversal.memo == "Booked twice"
    with pytest.raises(UserError):
        services.ledger_reverse(entry=row, recorded_by=treasurer, reason="Again")
    with pytest.raises(UserError):
        services.ledger_reverse(entry=reversal, recorded_by=treasurer, reason="Back")
    assert LedgerEntry.objects.get(pk=row.pk).memo == "Room"


def test_a_split_or_table_that_does_not_add_up_changes_nothing(tournament):
    with pytest.raises(UserError):
        services.tournament_money_update(
            tournament=tournament, entry_fee=9999, flight_split={"main": 9000}
        )
    with pytest.raises(UserError):
        services.tournament_money_update(
            tournament=tournament,
            payout_table=[{"up_to": 8, "places": 3, "percentages": [7000, 3000]}],
        )
    assert selectors.tournament_money(tournament).entry_fee == 2000


def test_an_unpaid_player_is_not_checked_in_where_the_club_says_so(tournament, treasurer, client):
    from clubs.models import Role
    from tests.factories import PASSWORD, MembershipFactory

    organizer = UserFactory()
    MembershipFactory(club=tournament.club, player__user=organizer, role=Role.ORGANIZER)
    entry = EntryFactory(tournament=tournament)
    services.club_money_settings_update(club=tournament.club, check_in_unpaid=False)
    client.login(username=organizer.username, password=PASSWORD)
    url = f"/clubs/{tournament.club.slug}/t/{tournament.slug}/manage/entries/{entry.pk}/check-in/"
    page = client.post(url, follow=True).content.decode()
    assert "has not paid the entry fee" in page
    entry.refresh_from_db()
    assert entry.status == EntryStatus.APPROVED
    services.fee_mark_paid(entry=entry, method="cash", recorded_by=treasurer)
    client.post(url)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CHECKED_IN


def test_every_check_in_asks_whether_the_fee_is_paid(tournament, treasurer):
    from entries import services as entry_services

    entry = EntryFactory(tournament=tournament)
    services.club_money_settings_update(club=tournament.club, check_in_unpaid=False)
    with pytest.raises(UserError):
        entry_services.entry_check_in(entry=entry)
    services.fee_waive(entry=entry, recorded_by=treasurer)
    assert entry_services.entry_check_in(entry=entry).status == EntryStatus.CHECKED_IN


def test_the_fees_page_says_which_withdrawal_is_owed_its_fee(tournament, treasurer):
    before, after = (
        EntryFactory(tournament=tournament),
        MatchFactory(round__stage__tournament=tournament).entry_a,
    )
    for entry in (before, after):
        services.fee_mark_paid(entry=entry, method="cash", recorded_by=treasurer)
        entry.status = EntryStatus.WITHDRAWN
        entry.save()
    due = {row.entry.pk: row.refund_due for row in selectors.fee_rows(tournament)}
    assert due[before.pk] and not due[after.pk]


def test_the_currency_stays_once_money_is_booked(tournament, treasurer):
    services.club_money_settings_update(club=tournament.club, currency="CHF")
    services.fee_mark_paid(
        entry=EntryFactory(tournament=tournament), method="cash", recorded_by=treasurer
    )
    with pytest.raises(UserError):
        services.club_money_settings_update(club=tournament.club, currency="JPY")
    assert selectors.club_money_settings(tournament.club).currency == "CHF"
    services.club_money_settings_update(club=tournament.club, currency="CHF", rounding_unit=500)


def test_the_apps_words_in_a_row_read_in_the_readers_language(tournament, treasurer, client):
    """A row booked by a German treasurer (a Calcutta sale, a reversal) reads in English to an
    English reader: the ledger keeps the text's key and parameters, not the words."""
    from django.utils import translation

    from clubs.models import Role
    from tests.factories import PASSWORD, MembershipFactory

    row = services.ledger_record(
        club=tournament.club, kind="costs", amount=-5000, recorded_by=treasurer, memo="Saal"
    )
    with translation.override("de"):
        reversal = services.ledger_reverse(entry=row, recorded_by=treasurer, reason="Doppelt")
    assert reversal.memo == "Doppelt"
    organizer = UserFactory()
    MembershipFactory(club=tournament.club, player__user=organizer, role=Role.ORGANIZER)
    client.login(username=organizer.username, password=PASSWORD)
    url = f"/clubs/{tournament.club.slug}/money/"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Reverses #{row.pk}" in english and "Storniert" not in english
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"Storniert Nr. {row.pk}" in german
