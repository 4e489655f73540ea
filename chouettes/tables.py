"""The session's games as a table, a column per player (for the export)."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from chouettes.selectors import SessionView
from config.exports import EXPORT_FORMATS

__all__ = ["EXPORT_FORMATS", "games_table"]


class GamesTable(tables.Table):
    number = tables.Column(verbose_name=_("Game"))
    box = tables.Column(verbose_name=_("Box"))
    captain = tables.Column(verbose_name=_("Captain"))
    result = tables.Column(verbose_name=_("Result"))

    class Meta:
        orderable = False


def games_table(view: SessionView) -> GamesTable:
    players = list(view.state.totals)
    rows: list[dict[str, Any]] = []
    for game in view.state.games:
        row: dict[str, Any] = {
            "number": game.number,
            "box": view.names[game.seats.box],
            "captain": view.names[game.seats.team[0]],
            "result": game.sheet.kind.value,
        }
        for player in players:
            row[f"p{player}"] = game.results.get(player, "")
        rows.append(row)
    extra = [(f"p{p}", tables.Column(verbose_name=view.names[p])) for p in players]
    return GamesTable(rows, extra_columns=extra)
