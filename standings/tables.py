"""The standings table (django-tables2): sortable, exportable to CSV and XLSX."""

from __future__ import annotations

import html
from typing import Any

import django_tables2 as tables
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableListData

from config.text import whole_number
from standings.selectors import SHOWN_TOTALS, StandingsRows
from standings.tiebreaks import METRIC_LABELS

#: The class of the columns a phone leaves out (static/css/crawford.css): it keeps the place,
#: the player, the matches played and the points, which fit a 390 px screen.
MINOR = "minor"


class NumberColumn(tables.Column):
    def __init__(self, *args: Any, minor: bool = True, **kwargs: Any) -> None:
        css = f"num {MINOR}" if minor else "num"
        kwargs.setdefault("attrs", {"td": {"class": css}, "th": {"class": css}})
        super().__init__(*args, **kwargs)


class StandingsTable(tables.Table):
    # The place: shared ("1–3") by players the tie-breaks cannot separate, or (brackets) by
    # players the bracket places alike (5–8); sorts by its first number.
    place = NumberColumn(verbose_name=_("Place"), order_by=("rank",), minor=False)
    player = tables.Column(verbose_name=_("Player"))
    # Brackets with a consolation: the places there ("Consolation 1"), shown when some exist.
    other_places = tables.Column(
        verbose_name=_("Other flights"),
        orderable=False,
        attrs={"td": {"class": MINOR}, "th": {"class": MINOR}},
    )
    played = NumberColumn(verbose_name=_("Played"), minor=False)
    won = NumberColumn(verbose_name=_("Won"))
    lost = NumberColumn(verbose_name=_("Lost"))
    match_points = NumberColumn(verbose_name=_("Match points"), minor=False)
    games_won = NumberColumn(verbose_name=_("Games won"))
    games_lost = NumberColumn(verbose_name=_("Games lost"))
    points_for = NumberColumn(verbose_name=_("Points for"))
    points_against = NumberColumn(verbose_name=_("Points against"))
    points_diff = NumberColumn(verbose_name=_("Difference"))
    gammons_won = NumberColumn(verbose_name=_("Gammons won"))

    class Meta:
        orderable = True
        template_name = "standings/_standings_table.html"
        attrs = {"class": "table standings"}
        empty_text = _("No results yet.")

    def __init__(
        self,
        data: Any,
        *,
        metrics: list[str],
        match_format: str = "points",
        other_flights: bool = False,
        **kwargs: Any,
    ) -> None:
        # Best-of-N counts games, N-point matches count points: show the one that matters.
        if match_format == "games":
            exclude = ["points_for", "points_against", "points_diff"]
        else:
            exclude = ["games_won", "games_lost"]
        if not other_flights:
            exclude.append("other_places")
        kwargs.setdefault("exclude", tuple(exclude))
        extra = [
            (f"tb_{key}", NumberColumn(verbose_name=METRIC_LABELS[key][0]))
            for key in metrics
            if key not in SHOWN_TOTALS and key != "lot"
        ]
        if isinstance(data, StandingsRows):
            # As it is: made a list (as django-tables2 does with other sequences), every
            # row would be built, though a page shows 200.
            data = TableListData(data)
        super().__init__(data, extra_columns=extra, **kwargs)

    def value_place(self, value: str) -> int | str:
        """Exported as a number a spreadsheet sorts and sums; a shared place ("3–4") is no
        number and stays as the page shows it."""
        number = whole_number(value)
        return value if number is None else number

    def render_player(self, value: str, record: dict[str, Any]) -> str:
        return f"{value} ({_('withdrawn')})" if record["withdrawn"] else value

    def body_html(self) -> SafeString:
        """The rows as HTML in one pass. A standings table of a big Swiss has thousands of
        cells; the per-cell template machinery would dominate the page's time."""
        columns = [
            (column.name, conditional_escape(column.attrs.get("td", {}).get("class") or ""))
            for column in self.columns
        ]
        rows = []
        # The page's rows when the table is paginated (pages of 200 on screen), else all.
        page = getattr(self, "page", None)
        records = [row.record for row in page.object_list] if page is not None else self.data
        opening = [(name, f'<td class="{css}">' if css else "<td>") for name, css in columns]
        for record in records:
            cells = []
            for name, td in opening:
                value = record[name]
                if name == "player":
                    value = self.render_player(value, record)
                # Numbers need no escaping; names and places do (stdlib escape is Django's,
                # without its lazy-string wrapper, which costs more than the escaping here).
                text = str(value) if type(value) is int else html.escape(str(value))
                cells.append(f"{td}{text}</td>")
            row_class = ' class="withdrawn"' if record["withdrawn"] else ""
            rows.append(f"<tr{row_class}>{''.join(cells)}</tr>")
        return mark_safe("".join(rows))
