"""Property: whatever the club's ledger moves between cash-ups (in and out in every payment
method, fees set against prizes, movements without a method, reversals) and whatever the
treasurer counts, at every cash-up

* what the books say per method is the previous count and the night's movements in that
  method (a plain sum written here), set-off and method-less movements left out,
* the difference booked per method is exactly counted minus expected (nothing where they
  agree), in that method,
* after the cash-up the books say what was counted: the ledger's sum per method is the count,
  and the next cash-up starts from it.
"""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from money import services
from money.cashup import till
from money.models import COUNTED_METHODS, LedgerEntry, LedgerKind
from tests.factories import ClubFactory, UserFactory

pytestmark = pytest.mark.django_db

ALL_METHODS = [*COUNTED_METHODS, "set_off", ""]

movements = st.lists(
    st.tuples(
        st.sampled_from(ALL_METHODS),
        st.integers(-50_000, 50_000).filter(bool),
        st.booleans(),  # reversed later the same night
    ),
    max_size=10,
)
#: What the count differs from the books by: mostly nothing, sometimes a little or a lot.
deltas = st.fixed_dictionaries(
    {
        method: st.one_of(st.just(0), st.integers(-3000, 3000), st.integers(-(10**6), 10**6))
        for method in COUNTED_METHODS
    }
)
nights = st.lists(st.tuples(movements, deltas), min_size=1, max_size=3)


@pytest.fixture
def treasurer():
    return UserFactory()


def ledger_sum(club, method):
    return sum(
        LedgerEntry.objects.filter(club=club, method=method).values_list("amount", flat=True)
    )


def test_the_books_after_a_cash_up_are_the_counts(treasurer):
    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        database=None,
    )
    @given(nights=nights)
    def check(nights):
        with transaction.atomic():
            club = ClubFactory()
            counted_before = dict.fromkeys(COUNTED_METHODS, 0)
            for number, (night, delta) in enumerate(nights, 1):
                moved = dict.fromkeys(COUNTED_METHODS, 0)
                for method, amount, reversed_later in night:
                    row = services.ledger_record(
                        club=club, kind="other", amount=amount, method=method, recorded_by=treasurer
                    )
                    if reversed_later:
                        services.ledger_reverse(entry=row, recorded_by=treasurer, reason="Wrong")
                    elif method in moved:
                        moved[method] += amount
                expected = {m: counted_before[m] + moved[m] for m in COUNTED_METHODS}
                assert till(club).expected() == expected
                counted = {m: expected[m] + delta[m] for m in COUNTED_METHODS}
                counted["cash"] = max(counted["cash"], 0)
                cash_up = services.cash_up_take(
                    club=club, counted=counted, reason="Counted", recorded_by=treasurer
                )
                assert cash_up.number == number
                booked = dict(
                    LedgerEntry.objects.filter(
                        club=club, kind=LedgerKind.CASH_UP, text_params__number=number
                    ).values_list("method", "amount")
                )
                assert booked == {
                    m: counted[m] - expected[m]
                    for m in COUNTED_METHODS
                    if counted[m] != expected[m]
                }
                for method in COUNTED_METHODS:
                    assert ledger_sum(club, method) == counted[method]
                assert till(club).expected() == counted
                counted_before = counted
            transaction.set_rollback(True)

    check()
