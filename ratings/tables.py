"""The club leaderboard as a django-tables2 table: sortable, paginated, exportable."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format, number_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from config.exports import EXPORT_FORMATS

__all__ = ["EXPORT_FORMATS", "LeaderboardTable"]

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
#: The columns a phone folds until "Show every column" (static/css/crawford.css): it keeps
#: the rank, the player, the rating and the matches played.
MINOR_NUM = {"td": {"class": "num minor"}, "th": {"class": "num minor"}}
MINOR = {"td": {"class": "minor"}, "th": {"class": "minor"}}


class LeaderboardTable(tables.Table):
    position = tables.Column(verbose_name=_("Rank"), attrs=NUM, order_by=("-rating",))
    player = tables.Column(
        accessor="player__name", verbose_name=_("Player"), order_by=("player__name",)
    )
    rating = tables.Column(verbose_name=_("Rating"), attrs=NUM)
    experience = tables.Column(verbose_name=_("Experience"), attrs=MINOR_NUM)
    played = tables.Column(verbose_name=_("Matches"), attrs=NUM)
    won = tables.Column(verbose_name=_("Won"), attrs=MINOR_NUM)
    win_rate = tables.Column(verbose_name=_("Win rate"), attrs=MINOR_NUM, default="–")
    last_played = tables.Column(verbose_name=_("Last match"), attrs=MINOR, default="–")

    class Meta:
        attrs = {"class": "table leaderboard"}
        order_by = ("-rating",)
        empty_text = _("Nobody has played a rated match in this club yet.")

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        self.club = club
        super().__init__(*args, **kwargs)

    def render_player(self, record: Any, value: str) -> str:
        url = reverse("clubs:player", kwargs={"club": self.club.slug, "player": record.player_id})
        return format_html('<a href="{}">{}</a>', url, value)

    def value_player(self, value: str) -> str:
        return value

    def render_rating(self, value: float) -> str:
        # Rounded first: number_format cuts off the digits it does not show.
        return number_format(round(value, 1), 1)  # 1593.4, in German 1593,4

    def value_rating(self, value: float) -> float:
        return round(value, 2)

    def render_win_rate(self, value: float) -> str:
        return _("%(number)s%%") % {"number": number_format(round(100 * value), 0)}

    def value_win_rate(self, value: float | None) -> float | None:
        return None if value is None else round(value, 3)

    def render_last_played(self, value: Any) -> str:
        return date_format(value, "SHORT_DATE_FORMAT")

    def value_last_played(self, value: Any) -> str:
        return value.date().isoformat() if value else ""
