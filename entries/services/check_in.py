"""Players check in themselves on the day: on the tournament's page, or by the QR code on the
venue display that leads there."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Player
from config.errors import UserError
from config.logs import logged_service
from entries.models import Entry, EntryStatus
from entries.selectors.signup import check_in_closed_reason
from entries.services.registration import entry_check_in
from tournaments.models import Tournament
from tournaments.services import tournament_lock
from tournaments.versions import tournament_change


@logged_service("entry_self_check_in")
@transaction.atomic
def entry_self_check_in(
    *, tournament: Tournament, player: Player, now: datetime | None = None
) -> Entry:
    """The player checks himself in: only an approved entry, only while check-in is open."""
    with tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
        reason = check_in_closed_reason(tournament, now)
        if reason:
            raise UserError(reason, code="check_in_closed")
        entry = Entry.objects.filter(tournament=tournament, player=player).first()
        status = entry.status if entry is not None else None
        if status == EntryStatus.CHECKED_IN:
            raise UserError(_("You are checked in already."), code="checked_in_already")
        if status == EntryStatus.PENDING:
            raise UserError(
                _("Your entry still awaits an organizer's approval; ask an organizer."),
                code="not_approved",
            )
        if status == EntryStatus.WAITING:
            raise UserError(
                _("You are on the waiting list: you can check in once you have a place."),
                code="waiting",
            )
        if entry is None or status != EntryStatus.APPROVED:
            raise UserError(_("You are not entered in this tournament."), code="not_entered")
        return entry_check_in(entry=entry, by_player=True)
