"""The venue's lock and its refusals in words."""

from __future__ import annotations

from django.utils.translation import gettext as _

from clubs.models import Player
from clubs.versions import club_lock
from config.errors import UserError
from tournaments.models import Tournament, TournamentStatus
from venue.core.calls import CallError
from venue.models import Table


def venue_lock(club_id: int) -> dict[int, Table]:
    """Lock the club's row, then its tables, then its running tournaments, each in the order
    of their ids (the house's order: the club, the venue's tables, the tournaments); the
    tables by id. The tournaments are locked up front because a service raises the version
    of several of them as it goes, in the order it meets them."""
    club_lock(club_id)
    tables = Table.objects.select_for_update().filter(club_id=club_id).order_by("pk")
    locked = {table.pk: table for table in tables}
    running = Tournament.objects.filter(club_id=club_id, status=TournamentStatus.RUNNING)
    list(running.select_for_update(of=("self",)).order_by("pk").values_list("pk", flat=True))
    return locked


def refusal(error: CallError, tables: dict[int, Table]) -> UserError:
    """A refused call, said in the reader's language."""
    table = tables.get(error.table or 0)
    label = table.label if table is not None else ""
    if error.reason == "out_of_service":
        message = _("%(table)s is out of service: choose another table.") % {"table": label}
        return UserError(message, code="table_out_of_service", field="table")
    if error.reason == "table_in_use":
        message = _("%(table)s is in use: choose a free table.") % {"table": label}
        return UserError(message, code="table_in_use", field="table")
    name = Player.objects.filter(pk=error.player).values_list("name", flat=True).first()
    message = _("%(name)s is called to another table already.") % {"name": name or ""}
    return UserError(message, code="player_called")
