"""Calls of matches to tables: automatic (:func:`calls_fill`, after every change that may
free a table or a match) and by the director's hand (call, move, take back)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from events.bus import emit
from events.types import MatchCalled
from matches.models import OPEN_STATUSES, Match, MatchStatus
from tournaments.versions import each_tournament_change
from venue import selectors
from venue.core.calls import CallError, Waiting, allocate, check_call
from venue.models import Call, CallEnd, Table
from venue.services.common import refusal, venue_lock


def _release_finished(club_id: int, now: datetime) -> list[int]:
    """End the open calls whose match has its result (or is no longer to be played): the
    tournaments whose pages change."""
    stale = list(
        Call.objects.filter(club_id=club_id, ended_at__isnull=True)
        .exclude(match__status__in=OPEN_STATUSES)
        .values_list("pk", "tournament_id")
    )
    if stale:
        with each_tournament_change(t for _, t in stale):
            Call.objects.filter(pk__in=[pk for pk, _ in stale]).update(
                ended_at=now, end_reason=CallEnd.FINISHED
            )
    return [t for _, t in stale]


def _make(
    club_id: int, pairs: list[tuple[int, int]], night: selectors.Night, now: datetime, user: Any
) -> list[Call]:
    calls = [
        Call(
            club_id=club_id,
            tournament_id=night.matches[match][0],
            match_id=match,
            table_id=table,
            player_a_id=night.matches[match][1][0],
            player_b_id=night.matches[match][1][1],
            called_at=now,
            called_by=user if getattr(user, "is_authenticated", False) else None,
        )
        for match, table in pairs
    ]
    if not calls:
        return []
    with each_tournament_change(c.tournament_id for c in calls):
        made = Call.objects.bulk_create(calls)
        for call in made:
            emit(MatchCalled(call_id=call.pk))
    return made


@transaction.atomic
def calls_fill(*, club_id: int, now: datetime | None = None) -> list[Call]:
    """Call every match that can be played to a free table, in the order of the night
    (``venue.core.calls``); calls whose match is over end first. Idempotent: with nothing
    free it changes nothing. The new calls."""
    now = now or timezone.now()
    if not selectors.has_tables(club_id):
        return []  # a club that plays without tables: no call to make or end
    tables = venue_lock(club_id)
    _release_finished(club_id, now)
    if not any(table.in_service for table in tables.values()):
        return []  # no table to call a match to
    night = selectors.night(club_id, now)
    automatic = [w for w in night.waiting if w.match in night.automatic]
    chosen = allocate(
        automatic,
        free_tables=night.free_tables,
        busy_players=night.busy_players,
        last_table=night.last_table,
    )
    return _make(club_id, [(c.match, c.table) for c in chosen], night, now, None)


def _waiting_or_refuse(night: selectors.Night, match: Match) -> Waiting:
    found = next((w for w in night.waiting if w.match == match.pk), None)
    if found is not None:
        return found
    call = selectors.open_call_of_match(match.pk)
    if call is not None:
        raise UserError(
            _("This match is called to %(table)s already.") % {"table": call.table.label},
            code="match_called",
        )
    required = match.round.stage.tournament.require_check_in
    entries = [e for e in (match.entry_a, match.entry_b) if e is not None]
    if match.status == MatchStatus.READY and not all(
        selectors.is_present(e.status, required) for e in entries
    ):
        raise UserError(
            _("Both players must be checked in before their match is called."),
            code="not_present",
        )
    raise UserError(_("This match cannot be played now."), code="match_not_ready")


def _check_and_make(
    match: Match, table: Table, user: Any, now: datetime, *, freeing: Call | None = None
) -> Call:
    tables = venue_lock(match.round.stage.tournament.club_id)
    club_id = match.round.stage.tournament.club_id
    if table.pk not in tables:
        raise UserError(_("Choose a table of this club."), code="foreign_table", field="table")
    _release_finished(club_id, now)
    if freeing is not None:
        current = Call.objects.filter(pk=freeing.pk, ended_at__isnull=True).first()
        if current is None:
            raise UserError(
                _("This call has ended meanwhile: nothing was changed."), code="call_ended"
            )
        if current.table_id == table.pk:
            raise UserError(
                _("The match is at %(table)s already.") % {"table": table.label},
                code="same_table",
                field="table",
            )
        with each_tournament_change([current.tournament_id]):
            current.ended_at, current.end_reason = now, CallEnd.MOVED
            current.save(update_fields=["ended_at", "end_reason", "updated_at"])
    night = selectors.night(club_id, now)
    try:
        waiting = _waiting_or_refuse(night, match)
        check_call(
            waiting,
            table.pk,
            tables_in_use=night.tables_in_use,
            tables_out_of_service=night.out_of_service,
            busy_players=night.busy_players,
        )
    except CallError as error:
        raise refusal(error, tables) from error
    return _make(club_id, [(match.pk, table.pk)], night, now, user)[0]


@logged_service("call_create")
@transaction.atomic
def call_create(*, match: Match, table: Table, user: Any, now: datetime | None = None) -> Call:
    """The director calls a match to a table: refused for a table in use or out of service,
    a player called elsewhere, a match that cannot be played or is called already."""
    return _check_and_make(match, table, user, now or timezone.now())


@logged_service("call_move")
@transaction.atomic
def call_move(*, call: Call, table: Table, user: Any, now: datetime | None = None) -> Call:
    """Move a call to another table (its players are told again); the table it leaves is
    filled with the next call."""
    now = now or timezone.now()
    moved = _check_and_make(call.match, table, user, now, freeing=call)
    calls_fill(club_id=moved.club_id, now=now)
    return moved


@logged_service("call_take_back")
@transaction.atomic
def call_take_back(*, call: Call, user: Any, now: datetime | None = None) -> Call:
    """Take a call back: the match waits until a director calls it again by hand, and the
    table goes to the next match."""
    now = now or timezone.now()
    venue_lock(call.club_id)
    current = Call.objects.filter(pk=call.pk, ended_at__isnull=True).first()
    if current is None:
        raise UserError(_("This call has ended meanwhile: nothing was changed."), code="call_ended")
    with each_tournament_change([current.tournament_id]):
        current.ended_at, current.end_reason = now, CallEnd.TAKEN_BACK
        current.save(update_fields=["ended_at", "end_reason", "updated_at"])
    calls_fill(club_id=current.club_id, now=now)
    return current
