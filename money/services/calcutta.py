"""The Calcutta auction: set up, lots, bids recorded live, sales (booked), buy-backs.

Every write locks the auction's row first, so two bids on one lot wait for each other and
the second is checked against the first. Lots are sold before the draw only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from entries.models import Entry
from money import selectors
from money.core.calcutta import BidError, check_bid, check_buyback
from money.errors import user_error
from money.locks import money_lock_calcutta, money_lock_tournament
from money.models import Calcutta, CalcuttaBid, CalcuttaBuyback, CalcuttaLot, LedgerKind
from money.services.ledger import ledger_book
from money.services.settings import check_table
from ratings.selectors import club_ratings
from tournaments.models import Tournament

T = TypeVar("T")
BEFORE_THE_DRAW = selectors.BEFORE_THE_DRAW


def _locked(calcutta: Calcutta) -> Calcutta:
    found = money_lock_calcutta(calcutta.pk)
    if found.tournament.status not in BEFORE_THE_DRAW:
        raise UserError(_("The Calcutta is held before the draw; the tournament has started."))
    return found


@logged_service("calcutta_setup")
@transaction.atomic
def calcutta_setup(*, tournament: Tournament, **fields: Any) -> Calcutta:
    money_lock_tournament(tournament.pk)
    calcutta, _created = Calcutta.objects.select_for_update(of=("self",)).get_or_create(
        tournament=tournament
    )
    for name, value in fields.items():
        setattr(calcutta, name, value)
    if calcutta.payout_table:
        check_table(calcutta.payout_table)
    calcutta.full_clean()
    calcutta.save()
    return calcutta


def lots_by_rating(ranked: Sequence[T], *, singles: int, team_size: int) -> list[list[T]]:
    """The lots of "teams of N by rating", in the order of sale, from players ranked
    strongest first: the ``singles`` strongest alone; the others in teams of ``team_size``
    from the weakest up; players left over above the last full team (fewer than a team)
    alone, as the strongest of the rest. Teams are sold strongest first, after the singles.

    >>> lots_by_rating("abcdefg", singles=2, team_size=2)
    [['a'], ['b'], ['c'], ['d', 'e'], ['f', 'g']]
    """
    if team_size < 2:
        raise ValueError("team_size")
    alone = list(ranked[:singles])
    rest = list(ranked[singles:])
    left_over = len(rest) % team_size
    alone += rest[:left_over]
    teamed = rest[left_over:]
    teams = [teamed[i : i + team_size] for i in range(0, len(teamed), team_size)]
    return [[player] for player in alone] + teams


def _field(tournament: Tournament) -> list[Entry]:
    return list(
        selectors.field_entries(tournament).order_by(
            F("seed").asc(nulls_last=True), "player__name", "pk"
        )
    )


def _check_nothing_bid(calcutta: Calcutta) -> None:
    if (
        CalcuttaLot.objects.filter(calcutta=calcutta, sold_at__isnull=False).exists()
        or CalcuttaBid.objects.filter(lot__calcutta=calcutta).exists()
    ):
        raise UserError(_("The lots are bid on already."))


def _lots_made(calcutta: Calcutta, lots: list[list[Entry]], first: int = 1) -> list[CalcuttaLot]:
    made = []
    for number, members in enumerate(lots, first):
        lot = CalcuttaLot.objects.create(calcutta=calcutta, number=number)
        lot.entries.set(members)
        made.append(lot)
    return made


def _replace_lots(calcutta: Calcutta, lots: list[list[Entry]]) -> list[CalcuttaLot]:
    CalcuttaLot.objects.filter(calcutta=calcutta).delete()
    made = _lots_made(calcutta, lots)
    calcutta.current_lot = made[0] if made else None
    calcutta.save(update_fields=["current_lot", "updated_at"])
    return made


@logged_service("calcutta_make_lots")
@transaction.atomic
def calcutta_make_lots(
    *, calcutta: Calcutta, groups: Sequence[Sequence[int]] = (), group: Sequence[int] = ()
) -> list[CalcuttaLot]:
    """The lots of the players in the field, made by hand: each player alone, but the players
    of each of ``groups`` (entry ids; at least two each, a player in one at most) together,
    sold after the singles in the order given (``group``: one such group). Made again from
    the start while nothing is bid; refused as a whole (nothing changes) on a bad group."""
    calcutta = _locked(calcutta)
    _check_nothing_bid(calcutta)
    wanted = [list(g) for g in groups] + ([list(group)] if group else [])
    entries = _field(calcutta.tournament)
    by_id = {entry.pk: entry for entry in entries}
    names = dict(
        Entry.objects.filter(tournament=calcutta.tournament).values_list("pk", "player__name")
    )
    placed: set[int] = set()
    for members in wanted:
        if len(set(members)) < 2:
            raise UserError(_("A group lot needs at least two players."), field="groups")
        for pk in members:
            if pk not in by_id:
                raise UserError(
                    _("%(name)s has no place in the field: no lot of the Calcutta.")
                    % {"name": names.get(pk, "?")},
                    field="groups",
                )
            if pk in placed:
                raise UserError(
                    _("%(name)s is in two groups; a player is in one lot only.")
                    % {"name": names[pk]},
                    field="groups",
                )
            placed.add(pk)
    singles = [[entry] for entry in entries if entry.pk not in placed]
    grouped = [[by_id[pk] for pk in dict.fromkeys(members)] for members in wanted]
    return _replace_lots(calcutta, singles + grouped)


@logged_service("calcutta_make_lots_by_rating")
@transaction.atomic
def calcutta_make_lots_by_rating(
    *, calcutta: Calcutta, team_size: int, singles: int
) -> list[CalcuttaLot]:
    """The lots of the players in the field by their club rating: the ``singles`` strongest
    alone, the others in teams of ``team_size`` from the weakest up (players left over,
    fewer than a team, alone): :func:`lots_by_rating`. Equal ratings go by seed, then name.
    Made again from the start while nothing is bid."""
    if team_size < 2:
        raise UserError(_("A team has at least two players."), field="team_size")
    if singles < 0:
        raise UserError(_("Say how many players are sold alone (0 or more)."), field="singles")
    calcutta = _locked(calcutta)
    _check_nothing_bid(calcutta)
    entries = _field(calcutta.tournament)
    ratings = club_ratings(calcutta.tournament.club, [entry.player_id for entry in entries])
    # Stable: the field's order (seed, name) breaks ties of rating.
    ranked = sorted(entries, key=lambda entry: -ratings[entry.player_id])
    return _replace_lots(calcutta, lots_by_rating(ranked, singles=singles, team_size=team_size))


@logged_service("calcutta_add_lots")
@transaction.atomic
def calcutta_add_lots(*, calcutta: Calcutta) -> list[CalcuttaLot]:
    """A lot of his own for each player who came into the field after the lots were made (a
    waiting entry that moved up), after the last lot; the lots made stay as they are, bids
    and sales too. Before the draw only."""
    calcutta = _locked(calcutta)
    in_lots = set(
        CalcuttaLot.entries.through.objects.filter(calcuttalot__calcutta=calcutta).values_list(
            "entry_id", flat=True
        )
    )
    missing = [[entry] for entry in _field(calcutta.tournament) if entry.pk not in in_lots]
    if not missing:
        raise UserError(_("Every player in the field has a lot."))
    last = CalcuttaLot.objects.filter(calcutta=calcutta).aggregate(n=Max("number"))["n"] or 0
    made = _lots_made(calcutta, missing, last + 1)
    if calcutta.current_lot_id is None:
        calcutta.current_lot = made[0]
        calcutta.save(update_fields=["current_lot", "updated_at"])
    return made


@logged_service("calcutta_open_lot")
@transaction.atomic
def calcutta_open_lot(*, lot: CalcuttaLot) -> CalcuttaLot:
    """Put a lot up for sale (the venue display shows it)."""
    calcutta = _locked(lot.calcutta)
    lot = CalcuttaLot.objects.get(pk=lot.pk)  # as it is now: it may have been sold meanwhile
    if lot.sold_at is not None:
        raise UserError(_("This lot is sold."))
    calcutta.current_lot = lot
    calcutta.save(update_fields=["current_lot", "updated_at"])
    return lot


@logged_service("calcutta_bid")
@transaction.atomic
def calcutta_bid(*, lot: CalcuttaLot, bidder: str, amount: int, recorded_by: Any) -> CalcuttaBid:
    calcutta = _locked(lot.calcutta)
    lot = CalcuttaLot.objects.get(pk=lot.pk)
    if lot.sold_at is not None:
        raise UserError(_("This lot is sold."))
    if not bidder.strip():
        raise UserError(_("Say who bids."), field="bidder")
    last = CalcuttaBid.objects.filter(lot=lot).order_by("-amount").values_list("amount", flat=True)
    try:
        check_bid(amount, last.first(), calcutta.min_bid)
    except BidError as error:
        raise user_error(error, "amount") from error
    bid = CalcuttaBid(
        lot=lot,
        bidder=bidder.strip(),
        amount=amount,
        recorded_by=recorded_by if getattr(recorded_by, "is_authenticated", False) else None,
    )
    bid.full_clean()
    bid.save()
    if calcutta.current_lot_id != lot.pk:
        calcutta.current_lot = lot
        calcutta.save(update_fields=["current_lot", "updated_at"])
    return bid


@logged_service("calcutta_sell")
@transaction.atomic
def calcutta_sell(*, lot: CalcuttaLot, recorded_by: Any, method: str = "cash") -> CalcuttaLot:
    """Sell the lot to its highest bid (booked in the ledger); the next lot goes up."""
    calcutta = _locked(lot.calcutta)
    lot = CalcuttaLot.objects.get(pk=lot.pk)
    if lot.sold_at is not None:
        raise UserError(_("This lot is sold."))
    best = CalcuttaBid.objects.filter(lot=lot).order_by("-amount").first()
    if best is None:
        raise UserError(_("Nobody has bid on this lot."))
    lot.price, lot.buyer, lot.sold_at = best.amount, best.bidder, timezone.now()
    lot.full_clean()
    lot.save()
    ledger_book(
        club=calcutta.tournament.club,
        tournament=calcutta.tournament,
        kind=LedgerKind.CALCUTTA,
        amount=lot.price,
        method=method,
        text_key="calcutta_sale",
        text_params={"lot": lot.number, "buyer": lot.buyer},
        recorded_by=recorded_by,
    )
    calcutta.current_lot = (
        CalcuttaLot.objects.filter(calcutta=calcutta, sold_at__isnull=True)
        .order_by("number")
        .first()
    )
    calcutta.save(update_fields=["current_lot", "updated_at"])
    return lot


@logged_service("calcutta_buyback")
@transaction.atomic
def calcutta_buyback(*, lot: CalcuttaLot, entry: Entry, share: int) -> CalcuttaBuyback:
    """A player of a sold lot buys back a share of himself (at most the set share of his own
    part of the lot; ``share`` is of his part, in basis points)."""
    calcutta = _locked(lot.calcutta)
    lot = CalcuttaLot.objects.get(pk=lot.pk)
    players = list(lot.entries.values_list("pk", flat=True))
    if lot.sold_at is None:
        raise UserError(_("A player buys back a share of a sold lot."))
    if entry.pk not in players:
        raise UserError(_("The player is not in this lot."), field="entry")
    of_lot = share // len(players)
    try:
        if share < 1:
            raise BidError("buyback_over_share")
        check_buyback(of_lot, len(players), calcutta.max_buyback)
    except BidError as error:
        raise user_error(error, "share") from error
    buyback, _created = CalcuttaBuyback.objects.update_or_create(
        lot=lot, entry=entry, defaults={"share": of_lot}
    )
    return buyback
