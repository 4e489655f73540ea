"""How a club names its payment methods: the club's own method (``PaymentMethod.OTHER``)
shows under the name the club gave it (PayPal, the club's account …), the others as the app
names them, in the reader's language."""

from __future__ import annotations

from clubs.models import Club
from money.models import PaymentMethod
from money.selectors import club_money_settings


def method_label(method: str, own_method: str = "") -> str:
    """The method's name: ``own_method`` for the club's own where the club named it; an
    unknown code (a newer release's) as it is."""
    if method == PaymentMethod.OTHER and own_method.strip():
        return own_method.strip()
    if method in PaymentMethod.values:
        return str(PaymentMethod(method).label)
    return method


def club_method_labels(club: Club) -> dict[str, str]:
    """Every method's name as the club calls it."""
    own = club_money_settings(club).own_method
    return {method: method_label(method, own) for method in PaymentMethod.values}


def club_method_choices(club: Club) -> list[tuple[str, str]]:
    """The methods as a form's choices, with the club's own under its name."""
    labels = club_method_labels(club)
    return [(method, labels[method]) for method in PaymentMethod.values]


def hand_paid_choices(club: Club) -> list[tuple[str, str]]:
    """The methods a treasurer records a payment in by hand: all but the set-off, which only
    the payout booking makes."""
    return [(m, label) for m, label in club_method_choices(club) if m != PaymentMethod.SET_OFF]
