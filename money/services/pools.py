"""Side pools (entered by choice, paid by the same results) and the season's pot."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from entries.models import Entry
from money import selectors
from money.locks import money_lock_side_pool
from money.models import FeeStatus, LedgerKind, PaymentMethod, SeasonPot, SidePool, SidePoolEntry
from money.services.ledger import ledger_book
from money.services.settings import check_table
from tournaments.models import Season, Tournament


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


def _recorded_by(user: Any) -> Any:
    return user if getattr(user, "is_authenticated", False) else None


def _book_fee(joined: SidePoolEntry, amount: int, kind: str, by: Any, reference: str) -> None:
    if amount:
        ledger_book(
            club=joined.side_pool.tournament.club,
            tournament=joined.side_pool.tournament,
            player=joined.entry.player,
            kind=kind,
            amount=amount,
            method=joined.method,
            reference=reference,
            text_key="side_pool",
            text_params={"pool_name": joined.side_pool.name},
            recorded_by=by,
        )


def _joined_locked(joined: SidePoolEntry) -> SidePoolEntry:
    """The entrant's row, locked after its tournament's and its side pool's rows."""
    money_lock_side_pool(joined.side_pool_id)
    return (
        SidePoolEntry.objects.select_for_update(of=("self",))
        .select_related("side_pool__tournament__club", "entry__player")
        .get(pk=joined.pk)
    )


#: How a player enters a side pool: paying its fee, owing it, or let off it.
JOIN_STATUSES = (FeeStatus.PAID, FeeStatus.UNPAID, FeeStatus.WAIVED)


@logged_service("side_pool_join")
@transaction.atomic
def side_pool_join(
    *,
    side_pool: SidePool,
    entry: Entry,
    recorded_by: Any,
    method: str = "",
    reference: str = "",
    status: str = FeeStatus.PAID,
) -> SidePoolEntry:
    """A player in the field enters the side pool: paying its fee (``method``; booked in the
    ledger), owing it (unpaid: set against a prize of his) or let off it (waived). Each of
    them is in the pool's field and plays for its prizes. A player refunded earlier enters
    again."""
    if status not in JOIN_STATUSES:
        raise UserError(_("Say whether the fee is paid, owed or waived."), field="status")
    if status == FeeStatus.PAID and method not in PaymentMethod.values:
        raise UserError(_("Say how it was paid."), field="method")
    side_pool = money_lock_side_pool(side_pool.pk)
    tournament = side_pool.tournament
    in_field = Entry.objects.filter(
        selectors.in_the_field(tournament), tournament=tournament, pk=entry.pk
    ).exists()
    if not in_field:
        raise UserError(
            _("Only a player in the field of this tournament enters its side pools."),
            field="entry",
        )
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    joined = (
        SidePoolEntry.objects.select_for_update(of=("self",))
        .filter(side_pool=side_pool, entry=entry)
        .first()
    )
    if joined is not None and joined.status != FeeStatus.REFUNDED:
        raise UserError(
            _("%(name)s is in this side pool already.") % {"name": entry.player.name},
            field="entry",
        )
    joined = joined or SidePoolEntry(side_pool=side_pool, entry=entry)
    joined.side_pool, joined.entry = side_pool, entry
    joined.amount = side_pool.fee
    joined.status = status
    joined.method = method if status == FeeStatus.PAID else ""
    joined.reference = reference.strip()
    joined.recorded_by = _recorded_by(recorded_by)
    joined.full_clean(validate_unique=False)
    try:
        with transaction.atomic():
            joined.save()
    except IntegrityError as error:
        raise UserError(
            _("%(name)s is in this side pool already.") % {"name": entry.player.name}
        ) from error
    if status == FeeStatus.PAID:
        _book_fee(joined, joined.amount, LedgerKind.SIDE_POOL, recorded_by, joined.reference)
    return joined


@logged_service("side_pool_mark_paid")
@transaction.atomic
def side_pool_mark_paid(
    *, joined: SidePoolEntry, method: str, recorded_by: Any, reference: str = ""
) -> SidePoolEntry:
    """An entrant who owed the fee (or was let off it) pays it now (booked in the ledger)."""
    if method not in PaymentMethod.values:
        raise UserError(_("Say how it was paid."), field="method")
    joined = _joined_locked(joined)
    if joined.status not in (FeeStatus.UNPAID, FeeStatus.WAIVED):
        raise UserError(_("Only an unpaid or waived side pool fee is paid."))
    joined.status, joined.method = FeeStatus.PAID, method
    joined.reference = reference.strip() or joined.reference
    joined.recorded_by = _recorded_by(recorded_by)
    joined.full_clean()
    joined.save()
    _book_fee(joined, joined.amount, LedgerKind.SIDE_POOL, recorded_by, joined.reference)
    return joined


@logged_service("side_pool_waive")
@transaction.atomic
def side_pool_waive(*, joined: SidePoolEntry, recorded_by: Any) -> SidePoolEntry:
    """Let an entrant who owes the fee off it: he stays in the pool, nothing is owed."""
    joined = _joined_locked(joined)
    if joined.status != FeeStatus.UNPAID:
        raise UserError(_("Only an unpaid side pool fee is waived."))
    joined.status = FeeStatus.WAIVED
    joined.recorded_by = _recorded_by(recorded_by)
    joined.full_clean()
    joined.save()
    return joined


@logged_service("side_pool_leave")
@transaction.atomic
def side_pool_leave(*, joined: SidePoolEntry) -> None:
    """Take out an entrant who paid nothing (unpaid or waived: entered by mistake); a paid
    one is refunded instead, so that the ledger says so."""
    joined = _joined_locked(joined)
    if joined.status not in (FeeStatus.UNPAID, FeeStatus.WAIVED):
        raise UserError(_("A paid side pool fee is refunded, not taken back."))
    joined.delete()


@logged_service("side_pool_refund")
@transaction.atomic
def side_pool_refund(*, joined: SidePoolEntry, recorded_by: Any) -> SidePoolEntry:
    """Pay a paid side pool fee back (booked): the entrant is out of the pool."""
    joined = _joined_locked(joined)
    if joined.status == FeeStatus.REFUNDED:
        raise UserError(_("This side pool fee is refunded already."))
    if joined.status != FeeStatus.PAID:
        raise UserError(_("Only a paid side pool fee is refunded."))
    joined.status = FeeStatus.REFUNDED
    joined.full_clean()
    joined.save()
    _book_fee(joined, -joined.amount, LedgerKind.REFUND, recorded_by, "")
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
