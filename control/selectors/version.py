"""The version of a club's night, for the control room's poll: it changes with every change
to a match, a call, a report or a ladder challenge of the club (their services raise the
club's or a tournament's version), with every action on an online board (its sequence), with
the club's tables (added, changed, out of service), and with the minute (the time in each
state, and a call turning late, move with the clock)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from clubs.models import Club
from matches.models import OPEN_STATUSES
from play.models import OnlineGame
from tournaments.models import Tournament
from venue.models import Table


@dataclass(frozen=True)
class NightVersion:
    """What the poll's ETag is made of (``tournaments.pagecache.etag``)."""

    page_version: str


def night_version(club: Club, *, extra: str = "", now: datetime | None = None) -> NightVersion:
    """The night's version (one query); ``extra`` names the page's filters."""
    now = now or timezone.now()
    tournaments = (
        Tournament.objects.filter(club=OuterRef("pk"))
        .order_by()
        .values("club")
        .annotate(total=Sum("version"))
        .values("total")
    )
    counted = (
        Tournament.objects.filter(club=OuterRef("pk"))
        .order_by()
        .values("club")
        .annotate(total=Count("pk"))
        .values("total")
    )
    online = (
        OnlineGame.objects.filter(
            match__round__stage__tournament__club=OuterRef("pk"),
            match__status__in=OPEN_STATUSES,
        )
        .order_by()
        .values("match__round__stage__tournament__club")
        .annotate(total=Sum("sequence"))
        .values("total")
    )
    # A table added, renamed or taken out of service changes the tables a call may choose,
    # without raising a tournament's version when no call of it changes.
    tables = (
        Table.objects.filter(club=OuterRef("pk"))
        .order_by()
        .values("club")
        .annotate(latest=Max("updated_at"), count=Count("pk"))
    )
    row = (
        Club.objects.filter(pk=club.pk)
        .annotate(
            night_tournaments=Coalesce(Subquery(tournaments), 0),
            night_count=Coalesce(Subquery(counted), 0),
            night_online=Coalesce(Subquery(online), 0),
            night_tables=Subquery(tables.values("count")),
            night_tables_changed=Subquery(tables.values("latest")),
        )
        .values_list(
            "version",
            "night_tournaments",
            "night_count",
            "night_online",
            "night_tables",
            "night_tables_changed",
        )
        .first()
    )
    parts = ".".join(str(part) for part in row or ())
    minute = int(now.timestamp() // 60)
    return NightVersion(f"night{club.pk}.{parts}.{minute}.{extra}")
