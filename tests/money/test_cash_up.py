"""The cash-up at the end of the night: what the books say per payment method, the count, the
difference booked with its reason; append-only; a form filled in before a movement was booked
is refused as stale."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from config.errors import UserError
from entries.models import EntryStatus
from money import services
from money.cashup import cash_up_sheet, club_cash_ups, till
from money.ledgertexts import ledger_text
from money.models import AppendOnly, CashUp, CashUpLine, CashUpMovement, LedgerEntry, LedgerKind
from tests.factories import ClubFactory, EntryFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def treasurer():
    return UserFactory()


@pytest.fixture
def tournament():
    tournament = TournamentFactory()
    services.tournament_money_update(tournament=tournament, entry_fee=2000)
    services.club_money_settings_update(club=tournament.club, own_method="PayPal")
    return tournament


def pay(tournament, treasurer, method):
    entry = EntryFactory(tournament=tournament)
    services.fee_mark_paid(entry=entry, method=method, recorded_by=treasurer)
    return entry


@pytest.fixture
def night(tournament, treasurer):
    """A night's movements: the float, fees in every method, a refund, a payment taken back
    (a reversal), a prize paid, a cost booked and reversed, a fee set against a prize and a
    movement without a method (neither counted)."""
    club = tournament.club
    services.ledger_record(
        club=club, kind="added", amount=10_000, method="cash", recorded_by=treasurer, memo="Float"
    )
    for method in ("cash", "card", "transfer", "other"):
        pay(tournament, treasurer, method)
    withdrawn = pay(tournament, treasurer, "cash")
    withdrawn.status = EntryStatus.WITHDRAWN
    withdrawn.save()
    services.fee_refund(entry=withdrawn, recorded_by=treasurer)  # cash −20
    taken_back = pay(tournament, treasurer, "card")
    services.fee_mark_unpaid(entry=taken_back, recorded_by=treasurer)  # card −20
    services.ledger_record(
        club=club, kind="prize", amount=-3000, method="cash", recorded_by=treasurer
    )
    cost = services.ledger_record(
        club=club, kind="costs", amount=-500, method="transfer", recorded_by=treasurer
    )
    services.ledger_reverse(entry=cost, recorded_by=treasurer, reason="Booked twice")
    services.ledger_record(
        club=club, kind="fee", amount=2000, method="set_off", recorded_by=treasurer
    )
    services.ledger_record(club=club, kind="other", amount=700, recorded_by=treasurer)
    return club


#: What the books say after the night: cash 100 + 20 + 20 − 20 − 30, the others 20 each.
EXPECTED = {"cash": 9000, "card": 2000, "transfer": 2000, "other": 2000}


def expected_of(club):
    return till(club).expected()


def cash_up_rows(club):
    return list(
        LedgerEntry.objects.filter(club=club, kind=LedgerKind.CASH_UP)
        .order_by("pk")
        .values_list("method", "amount", "memo")
    )


def test_the_books_say_per_method_what_the_night_moved(night):
    books = till(night)
    assert books.expected() == EXPECTED
    cash = books.methods[0]
    assert (cash.label, cash.opening, cash.money_in, cash.money_out) == (
        "Cash",
        0,
        10_000 + 2000 + 2000,
        -2000 - 3000,
    )
    # The club's own method under its name; the set-off fee and the row without a method
    # are not in the till.
    assert [line.label for line in books.methods] == ["Cash", "Card", "Bank transfer", "PayPal"]
    counted_rows = LedgerEntry.objects.filter(club=night).exclude(method__in=["set_off", ""])
    assert len(books.entry_ids) == counted_rows.count() == 12


def test_a_count_equal_to_the_books_books_nothing(night, treasurer):
    cash_up = services.cash_up_take(club=night, counted=EXPECTED, recorded_by=treasurer)
    assert cash_up_rows(night) == []
    assert (cash_up.number, cash_up.recorded_by, cash_up.reason) == (1, treasurer, "")
    lines = {
        line.method: (line.expected, line.counted, line.booked) for line in cash_up.lines.all()
    }
    assert lines == {method: (amount, amount, None) for method, amount in EXPECTED.items()}
    assert cash_up_sheet(cash_up).balances
    # The next period starts from the count, with nothing moved.
    after = till(night)
    assert after.expected() == EXPECTED
    assert after.entry_ids == () and after.since == cash_up.taken_at
    assert [line.opening for line in after.methods] == list(EXPECTED.values())


def test_a_short_count_books_the_difference_with_its_reason(night, treasurer, tournament):
    counted = {**EXPECTED, "cash": 8500, "other": 2100}
    cash_up = services.cash_up_take(
        club=night, counted=counted, reason="Change given wrong", recorded_by=treasurer
    )
    assert cash_up_rows(night) == [
        ("cash", -500, "Change given wrong"),
        ("other", 100, "Change given wrong"),
    ]
    short = LedgerEntry.objects.get(kind=LedgerKind.CASH_UP, method="cash")
    assert short.recorded_by == treasurer
    assert short.text_params == {
        "number": 1,
        "method": "cash",
        "method_name": "",
        "expected": 9000,
        "counted": 8500,
    }
    assert CashUpLine.objects.get(cash_up=cash_up, method="cash").booked == short
    # The difference rows are the cash-up's own: the next period starts from the count.
    assert CashUpMovement.objects.filter(cash_up=cash_up, entry=short).exists()
    after = till(night)
    assert after.expected() == counted and after.entry_ids == ()
    pay(tournament, treasurer, "cash")
    assert till(night).expected()["cash"] == 8500 + 2000
    # The books now say what was counted: the ledger's sum per method.
    for method, amount in counted.items():
        rows = LedgerEntry.objects.filter(club=night, method=method)
        assert sum(rows.values_list("amount", flat=True)) == amount + (
            2000 if method == "cash" else 0
        )


def test_a_difference_without_a_reason_is_refused_and_nothing_stored(night, treasurer):
    with pytest.raises(UserError) as refused:
        services.cash_up_take(
            club=night, counted={**EXPECTED, "card": 1900}, reason="  ", recorded_by=treasurer
        )
    assert refused.value.field == "reason"
    assert "say why" in refused.value.messages[0]
    assert CashUp.objects.count() == CashUpLine.objects.count() == 0
    assert CashUpMovement.objects.count() == 0 and cash_up_rows(night) == []


def test_what_was_counted_is_said_for_every_method_the_books_expect(night, treasurer):
    with pytest.raises(UserError) as refused:
        services.cash_up_take(club=night, counted={**EXPECTED, "card": None}, recorded_by=treasurer)
    assert refused.value.field == "counted_card"
    with pytest.raises(UserError):
        services.cash_up_take(
            club=night, counted={**EXPECTED, "cash": -100}, reason="?", recorded_by=treasurer
        )
    assert CashUp.objects.count() == 0


def test_a_method_the_books_expect_nothing_of_may_be_left_out(treasurer):
    club = ClubFactory()
    services.ledger_record(
        club=club, kind="added", amount=500, method="cash", recorded_by=treasurer
    )
    cash_up = services.cash_up_take(club=club, counted={"cash": 500}, recorded_by=treasurer)
    lines = {line.method: (line.expected, line.counted) for line in cash_up.lines.all()}
    assert lines == {"cash": (500, 500), "card": (0, 0), "transfer": (0, 0), "other": (0, 0)}
    assert cash_up_rows(club) == []


def test_a_form_filled_in_before_a_movement_was_booked_is_stale(night, treasurer, tournament):
    shown = till(night)
    pay(tournament, treasurer, "cash")  # booked while the treasurer counted
    with pytest.raises(UserError) as refused:
        services.cash_up_take(club=night, counted=EXPECTED, recorded_by=treasurer, seen=shown.token)
    assert refused.value.code == "stale"
    assert CashUp.objects.count() == 0 and cash_up_rows(night) == []
    # Shown again, the books count the new fee, and the form is taken.
    again = till(night)
    assert again.expected()["cash"] == EXPECTED["cash"] + 2000
    counted = {**EXPECTED, "cash": 11_000}
    cash_up = services.cash_up_take(
        club=night, counted=counted, recorded_by=treasurer, seen=again.token
    )
    assert cash_up_rows(night) == [] and cash_up.lines.get(method="cash").expected == 11_000
    # A second form shown before this cash-up is stale too: it would count the till twice.
    with pytest.raises(UserError):
        services.cash_up_take(club=night, counted=counted, recorded_by=treasurer, seen=again.token)
    assert CashUp.objects.count() == 1


def test_a_movement_booked_after_the_cash_up_belongs_to_the_next(night, treasurer, tournament):
    first = services.cash_up_take(club=night, counted=EXPECTED, recorded_by=treasurer)
    entry = pay(tournament, treasurer, "card")
    second = services.cash_up_take(
        club=night, counted={**EXPECTED, "card": 4000}, recorded_by=treasurer
    )
    fee_row = LedgerEntry.objects.get(fee__entry=entry)
    assert fee_row.cash_up_movement.cash_up == second
    assert second.since == first.taken_at
    card = CashUpLine.objects.get(cash_up=second, method="card")
    assert (card.opening, card.money_in, card.money_out, card.expected, card.counted) == (
        2000,
        2000,
        0,
        4000,
        4000,
    )
    assert [past.cash_up.number for past in club_cash_ups(night)] == [2, 1]
    assert [row.pk for row, _method in cash_up_sheet(second).movements] == [fee_row.pk]


def test_a_cash_up_is_never_changed_or_deleted(night, treasurer):
    cash_up = services.cash_up_take(
        club=night, counted={**EXPECTED, "cash": 9100}, reason="Found", recorded_by=treasurer
    )
    cash_up.reason = "changed"
    for attempt in (
        cash_up.save,
        cash_up.delete,
        CashUp.objects.filter(pk=cash_up.pk).delete,
        lambda: CashUp.objects.filter(pk=cash_up.pk).update(reason="changed"),
        lambda: CashUpLine.objects.filter(cash_up=cash_up).update(counted=0),
        CashUpLine.objects.filter(cash_up=cash_up).delete,
        CashUpMovement.objects.filter(cash_up=cash_up).delete,
    ):
        with pytest.raises(AppendOnly):
            attempt()
    assert CashUp.objects.get(pk=cash_up.pk).reason == "Found"


def test_the_club_is_locked_first(night, treasurer):
    with CaptureQueriesContext(connection) as queries:
        services.cash_up_take(club=night, counted=EXPECTED, recorded_by=treasurer)
    statements = [
        q["sql"]
        for q in queries.captured_queries
        if not q["sql"].upper().startswith(("SAVEPOINT", "RELEASE", "BEGIN"))
    ]
    assert statements[0].startswith('SELECT "clubs_club"."id"')


def test_the_difference_reads_in_the_readers_language(night, treasurer):
    services.cash_up_take(
        club=night, counted={**EXPECTED, "other": 1500}, reason="Fee", recorded_by=treasurer
    )
    row = LedgerEntry.objects.get(kind=LedgerKind.CASH_UP)
    with translation.override("en"):
        assert ledger_text(row.text_key, row.text_params) == (
            "Cash-up #1 · PayPal: 1500 counted, 2000 expected"
        )


def test_the_clubs_own_method_is_named_as_the_club_names_it(tournament):
    from money.methods import club_method_choices, club_method_labels

    club = tournament.club
    assert club_method_labels(club)["other"] == "PayPal"
    assert ("other", "PayPal") in club_method_choices(club)
    services.club_money_settings_update(club=club, own_method="")
    with translation.override("de"):
        labels = club_method_labels(club)
    assert (labels["other"], labels["cash"]) == ("Sonstiges", "Bar")
