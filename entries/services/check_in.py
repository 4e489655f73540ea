"""Players check in themselves on the day: on the tournament's page, or by the QR code on the
venue display that leads there."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from config.errors import UserError
from config.logs import logged_service
from entries.sentences import one_full_stop
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.services import entry_check_in, tournament_lock
from tournaments.versions import tournament_change


def check_in_hours() -> int:
    """How long before the start check-in opens (``NOTIFY_CHECK_IN_HOURS``, as the notice
    that tells the players so)."""
    return int(getattr(settings, "NOTIFY_CHECK_IN_HOURS", 24))


def check_in_closed_reason(tournament: Tournament, now: datetime | None = None) -> str:
    """Why nobody can check in himself now ("" when he can)."""
    if not tournament.require_check_in:
        return _("This tournament does not need a check-in.")
    if tournament.status != TournamentStatus.REGISTRATION:
        return _("Check-in is over: the tournament has started.")
    now = now or timezone.now()
    if tournament.starts_at is not None:
        opens = tournament.starts_at - timedelta(hours=check_in_hours())
        if now < opens:
            when = formats.date_format(timezone.localtime(opens), "DATETIME_FORMAT")
            return one_full_stop(_("Check-in opens on %(when)s.") % {"when": when})
    return ""


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
