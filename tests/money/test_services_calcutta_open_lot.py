"""A Calcutta lot put up for sale: the auction's current lot (the venue display shows it); a
sold lot, or one of an auction whose tournament has started, is refused and nothing changes."""

from __future__ import annotations

import pytest

from config.errors import UserError
from money import services
from money.models import Calcutta, CalcuttaLot
from tournaments.models import Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def auction(make_tournament):
    tournament = make_tournament(4, start=False)
    calcutta = services.calcutta_setup(tournament=tournament, min_bid=500)
    services.calcutta_make_lots(calcutta=calcutta)
    return calcutta


def lot(calcutta, number):
    return CalcuttaLot.objects.get(calcutta=calcutta, number=number)


def current(calcutta):
    return Calcutta.objects.get(pk=calcutta.pk).current_lot_id


def test_a_lot_put_up_for_sale_is_the_current_lot(auction):
    third = lot(auction, 3)
    assert services.calcutta_open_lot(lot=third) == third
    assert current(auction) == third.pk
    services.calcutta_open_lot(lot=lot(auction, 1))
    assert current(auction) == lot(auction, 1).pk


def test_a_sold_lot_is_not_put_up_again(auction, organizer):
    first = lot(auction, 1)
    services.calcutta_bid(lot=first, bidder="Ann", amount=1000, recorded_by=organizer)
    services.calcutta_sell(lot=first, recorded_by=organizer)
    now_up = current(auction)
    with pytest.raises(UserError):
        services.calcutta_open_lot(lot=lot(auction, 1))
    assert current(auction) == now_up


def test_a_lot_sold_since_the_page_was_read_is_not_put_up_again(auction, organizer):
    """The page showed lot 1 unsold; another treasurer sold it before this one's click."""
    seen = lot(auction, 1)
    services.calcutta_bid(lot=lot(auction, 1), bidder="Ann", amount=1000, recorded_by=organizer)
    services.calcutta_sell(lot=lot(auction, 1), recorded_by=organizer)
    now_up = current(auction)
    with pytest.raises(UserError):
        services.calcutta_open_lot(lot=seen)
    assert current(auction) == now_up


def test_no_lot_goes_up_once_the_tournament_has_started(auction):
    Tournament.objects.filter(pk=auction.tournament_id).update(status=TournamentStatus.RUNNING)
    before = current(auction)
    with pytest.raises(UserError):
        services.calcutta_open_lot(lot=lot(auction, 2))
    assert current(auction) == before
