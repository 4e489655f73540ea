"""Side pools (entered by choice, paid by the same results) and the season's pot."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from money.locks import money_lock_side_pool
from money.models import FeeStatus, LedgerKind, PaymentMethod, SeasonPot, SidePool, SidePoolEntry
from money.services.ledger import ledger_book
from money.services.settings import check_table
from tournaments.models import Entry, EntryStatus, Season, Tournament


@logged_service("side_pool_create")
@transaction.atomic
def side_pool_create(
    *,
    tournament: Tournament,
    name: str,
    fee: int,
    house_share: int = 0,
    payout_table: list[dict[str, object]] | None = None,
) -> SidePool:
    if payout_table:
        check_table(payout_table)
    pool = SidePool(
        tournament=tournament,
        name=name.strip(),
        fee=fee,
        house_share=house_share,
        payout_table=payout_table or [],
    )
    pool.full_clean()
    pool.save()
    return pool


@logged_service("side_pool_join")
@transaction.atomic
def side_pool_join(
    *, side_pool: SidePool, entry: Entry, method: str, recorded_by: Any, reference: str = ""
) -> SidePoolEntry:
    """The player enters the side pool and pays its fee (booked in the ledger)."""
    if entry.tournament_id != side_pool.tournament_id or entry.status == EntryStatus.WITHDRAWN:
        raise UserError(_("Only a player of this tournament enters its side pools."), field="entry")
    if method not in PaymentMethod.values:
        raise UserError(_("Say how it was paid."), field="method")
    side_pool = money_lock_side_pool(side_pool.pk)
    if SidePoolEntry.objects.filter(side_pool=side_pool, entry=entry).exists():
        raise UserError(
            _("%(name)s is in this side pool already.") % {"name": entry.player.name},
            field="entry",
        )
    joined = SidePoolEntry(
        side_pool=side_pool,
        entry=entry,
        amount=side_pool.fee,
        method=method,
        reference=reference,
        recorded_by=recorded_by if getattr(recorded_by, "is_authenticated", False) else None,
    )
    joined.full_clean()
    try:
        with transaction.atomic():
            joined.save()
    except IntegrityError as error:
        raise UserError(
            _("%(name)s is in this side pool already.") % {"name": entry.player.name}
        ) from error
    if joined.amount:
        ledger_book(
            club=side_pool.tournament.club,
            tournament=side_pool.tournament,
            player=entry.player,
            kind=LedgerKind.SIDE_POOL,
            amount=joined.amount,
            method=method,
            reference=reference,
            text_key="side_pool",
            text_params={"pool_name": side_pool.name},
            recorded_by=recorded_by,
        )
    return joined


@logged_service("side_pool_refund")
@transaction.atomic
def side_pool_refund(*, joined: SidePoolEntry, recorded_by: Any) -> SidePoolEntry:
    money_lock_side_pool(joined.side_pool_id)
    joined = (
        SidePoolEntry.objects.select_for_update(of=("self",))
        .select_related("side_pool__tournament__club", "entry__player")
        .get(pk=joined.pk)
    )
    if joined.status == FeeStatus.REFUNDED:
        raise UserError(_("This side pool fee is refunded already."))
    joined.status = FeeStatus.REFUNDED
    joined.full_clean()
    joined.save()
    if joined.amount:
        ledger_book(
            club=joined.side_pool.tournament.club,
            tournament=joined.side_pool.tournament,
            player=joined.entry.player,
            kind=LedgerKind.REFUND,
            amount=-joined.amount,
            method=joined.method,
            text_key="side_pool",
            text_params={"pool_name": joined.side_pool.name},
            recorded_by=recorded_by,
        )
    return joined


@logged_service("season_pot_update")
@transaction.atomic
def season_pot_update(*, season: Season, payout_table: list[dict[str, object]]) -> SeasonPot:
    if payout_table:
        check_table(payout_table)
    pot, _created = SeasonPot.objects.select_for_update().get_or_create(season=season)
    pot.payout_table = payout_table
    pot.full_clean()
    pot.save()
    return pot
