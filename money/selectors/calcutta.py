"""The Calcutta as its pages read it: the auction of a tournament, its lots, their bids."""

from __future__ import annotations

from django.db.models import QuerySet

from entries.models import Entry
from money.models import Calcutta, CalcuttaBid, CalcuttaLot
from tournaments.models import Tournament


def calcutta_of(tournament: Tournament) -> Calcutta | None:
    """The tournament's Calcutta, with the lot on sale, if it has one."""
    return Calcutta.objects.filter(tournament=tournament).select_related("current_lot").first()


def calcutta_lots(calcutta: Calcutta | None) -> list[CalcuttaLot]:
    """The Calcutta's lots in their order, with their players, bids and buy-backs."""
    if calcutta is None:
        return []
    return list(
        CalcuttaLot.objects.filter(calcutta=calcutta)
        .prefetch_related("entries__player", "bids", "buybacks__entry__player")
        .order_by("number")
    )


def calcutta_top_bid(lot: CalcuttaLot | None) -> CalcuttaBid | None:
    if lot is None:
        return None
    return CalcuttaBid.objects.filter(lot=lot).order_by("-amount").first()


def calcutta_bidders(calcutta: Calcutta) -> list[str]:
    """Who has bid in the Calcutta, each once, in order."""
    return sorted(
        set(CalcuttaBid.objects.filter(lot__calcutta=calcutta).values_list("bidder", flat=True))
    )


def lots_with_calcutta() -> QuerySet[CalcuttaLot]:
    """Lots with their Calcutta, for a page to pick one from."""
    return CalcuttaLot.objects.select_related("calcutta")


def lot_entries(lot: CalcuttaLot) -> QuerySet[Entry]:
    """The lot's players' entries, with their players."""
    return lot.entries.select_related("player")
