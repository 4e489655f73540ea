"""The club's tables and which of them a tournament uses."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club
from config.errors import UserError
from config.logs import logged_service
from tournaments.models import Tournament
from tournaments.versions import each_tournament_change
from venue.models import Call, CallEnd, Table, TournamentVenue
from venue.services.calls import calls_fill
from venue.services.common import venue_lock

#: A club keeps at most this many tables (a big open's hall).
MOST_TABLES = 500


def _number_taken(number: int) -> UserError:
    return UserError(
        _("Table %(number)s exists already: choose another number.") % {"number": number},
        code="table_number_taken",
        field="number",
    )


@logged_service("table_create")
@transaction.atomic
def table_create(
    *,
    club: Club,
    number: int,
    name: str = "",
    has_board: bool = True,
    has_clock: bool = False,
    in_service: bool = True,
    user: Any = None,
) -> Table:
    tables = venue_lock(club.pk)
    if any(t.number == number for t in tables.values()):
        raise _number_taken(number)
    table = Table(
        club=club,
        number=number,
        name=name.strip(),
        has_board=has_board,
        has_clock=has_clock,
        in_service=in_service,
    )
    table.full_clean()
    table.save()
    calls_fill(club_id=club.pk)
    return table


@logged_service("tables_add")
@transaction.atomic
def tables_add(*, club: Club, count: int, has_clock: bool = False, user: Any = None) -> list[Table]:
    """Add ``count`` tables numbered on from the club's highest."""
    tables = venue_lock(club.pk)
    if count < 1 or len(tables) + count > MOST_TABLES:
        raise UserError(
            _("Add between 1 and %(most)s tables.") % {"most": MOST_TABLES - len(tables)},
            code="table_count",
            field="count",
        )
    first = (Table.objects.filter(club=club).aggregate(top=Max("number"))["top"] or 0) + 1
    made = Table.objects.bulk_create(
        [Table(club=club, number=n, has_clock=has_clock) for n in range(first, first + count)]
    )
    calls_fill(club_id=club.pk)
    return made


@logged_service("table_update")
@transaction.atomic
def table_update(
    *,
    table: Table,
    number: int,
    name: str,
    has_board: bool,
    has_clock: bool,
    in_service: bool,
    user: Any = None,
) -> Table:
    """Change a table; taken out of service, its open call ends and its match is called to
    another table if one is free."""
    tables = venue_lock(table.club_id)
    if table.pk not in tables:
        raise UserError(_("This table no longer exists."), code="table_gone")
    if any(t.number == number and t.pk != table.pk for t in tables.values()):
        raise _number_taken(number)
    table = tables[table.pk]
    table.number, table.name = number, name.strip()
    table.has_board, table.has_clock, table.in_service = has_board, has_clock, in_service
    table.full_clean()
    table.save()
    open_calls = list(Call.objects.filter(table=table, ended_at__isnull=True))
    if not in_service and open_calls:
        with each_tournament_change(c.tournament_id for c in open_calls):
            Call.objects.filter(pk__in=[c.pk for c in open_calls]).update(
                ended_at=timezone.now(), end_reason=CallEnd.TABLE_CLOSED
            )
    calls_fill(club_id=table.club_id)
    return table


@logged_service("tournament_venue_update")
@transaction.atomic
def tournament_venue_update(
    *, tournament: Tournament, auto_call: bool, tables: Iterable[Table], user: Any = None
) -> TournamentVenue:
    """Which tables the tournament uses (none: all) and whether it calls automatically."""
    known = venue_lock(tournament.club_id)
    chosen = [t.pk for t in tables]
    if any(pk not in known for pk in chosen):
        raise UserError(_("Choose tables of this club."), code="foreign_table", field="tables")
    setting, _created = TournamentVenue.objects.get_or_create(tournament=tournament)
    setting.auto_call = auto_call
    setting.full_clean()
    setting.save()
    setting.tables.set(chosen)
    calls_fill(club_id=tournament.club_id)
    return setting
