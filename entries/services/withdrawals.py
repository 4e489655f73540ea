"""A player withdraws from a tournament, or comes back: the entry's status. What that does to
the matches of a running tournament is the draw's (``entries.withdrawal_hooks``), in the same
transaction."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from entries import withdrawal_hooks
from entries.models import Entry, EntryStatus
from events.bus import emit
from events.types import EntryWithdrawn
from tournaments.models import TournamentStatus
from tournaments.services import tournament_lock
from tournaments.versions import tournament_change


@logged_service("entry_withdraw")
@transaction.atomic
def entry_withdraw(*, entry: Entry, user: Any = None) -> Entry:
    """Withdraw a player. While the tournament runs, his unplayed matches are forfeited to
    the opponents and he is not drawn again; results already played stand."""
    with tournament_change(entry.tournament_id):
        tournament = tournament_lock(entry.tournament)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if entry.status == EntryStatus.WITHDRAWN:
            raise UserError(
                _("%(name)s has already withdrawn.") % {"name": entry.player.name},
                code="already_withdrawn",
            )
        if tournament.status == TournamentStatus.FINISHED:
            raise UserError(_("The tournament is over."), code="tournament_finished")
        entry.status = EntryStatus.WITHDRAWN
        entry.waiting_number = None
        entry.save(update_fields=["status", "waiting_number", "updated_at"])
        if tournament.status == TournamentStatus.RUNNING:
            withdrawal_hooks.withdrawn(tournament, entry, user=user)
        emit(EntryWithdrawn(entry_id=entry.pk))  # the waiting list may move up
        return entry


@logged_service("entry_reinstate")
@transaction.atomic
def entry_reinstate(*, entry: Entry, user: Any = None) -> Entry:
    """Undo a withdrawal (a slip of the finger, a player who is back after all) while the draw
    has not moved on without him: the matches his withdrawal forfeited are open again. Refused
    once the next round is drawn, or once a match his withdrawal decided has started."""
    with tournament_change(entry.tournament_id):
        tournament = tournament_lock(entry.tournament)
        entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
        name = entry.player.name
        if entry.status != EntryStatus.WITHDRAWN:
            raise UserError(_("%(name)s has not withdrawn.") % {"name": name}, code="not_withdrawn")
        if tournament.status == TournamentStatus.FINISHED:
            raise UserError(_("The tournament is over."), code="tournament_finished")
        withdrawn_at = entry.updated_at
        entry.status = EntryStatus.APPROVED
        entry.save(update_fields=["status", "updated_at"])
        if tournament.status == TournamentStatus.RUNNING:
            # The draw refuses once it has moved on without him: the saved status goes back
            # with the rest of the transaction.
            withdrawal_hooks.reinstated(tournament, entry, withdrawn_at=withdrawn_at, user=user)
        return entry
