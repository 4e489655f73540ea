"""A tournament's players as a django-tables2 table, for the exports (CSV, Excel) of the
tournament's page: the seed is a number."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from entries.models import EntryStatus
from entries.selectors import tournament_field
from tournaments.models import Tournament

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class EntriesTable(tables.Table):
    seed = tables.Column(verbose_name=_("Seed"), attrs=NUM, default="")
    player = tables.Column(verbose_name=_("Player"))
    status = tables.Column(verbose_name=_("Status"))

    class Meta:
        attrs = {"class": "table entries"}
        empty_text = _("Nobody has entered yet.")


def entries_table(tournament: Tournament) -> EntriesTable:
    statuses = dict(EntryStatus.choices)
    rows: list[dict[str, Any]] = [
        {"seed": seed, "player": name, "status": str(statuses.get(status, status))}
        for seed, name, status in tournament_field(tournament).values_list(
            "seed", "player__name", "status"
        )
    ]
    return EntriesTable(rows)
