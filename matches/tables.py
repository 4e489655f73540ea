"""The pairings and results of a tournament or a round as a django-tables2 table: on its page,
and exported to CSV and Excel (``config.exports``) with scores and tables as numbers."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
#: The columns a phone folds until "Show every column" (static/css/crawford.css): it keeps
#: the players and their scores.
MINOR_NUM = {"td": {"class": "num minor"}, "th": {"class": "num minor"}}
MINOR = {"td": {"class": "minor"}, "th": {"class": "minor"}}


class ResultsTable(tables.Table):
    round = tables.Column(verbose_name=_("Round"), attrs=MINOR, orderable=False)
    table = tables.Column(verbose_name=_("Table"), attrs=MINOR_NUM, default="", orderable=False)
    player = tables.Column(verbose_name=_("Player"), orderable=False)
    player_score = tables.Column(
        verbose_name=pgettext_lazy("the player's points in a match", "Score"),
        attrs=NUM,
        default="",
        orderable=False,
    )
    opponent_score = tables.Column(
        verbose_name=_("Opponent's score"), attrs=NUM, default="", orderable=False
    )
    opponent = tables.Column(verbose_name=_("Opponent"), default="", orderable=False)
    result = tables.Column(verbose_name=_("Status"), attrs=MINOR, orderable=False)
    winner = tables.Column(verbose_name=_("Winner"), attrs=MINOR, default="", orderable=False)

    class Meta:
        attrs = {"class": "table results"}
        empty_text = _("No pairings yet.")
