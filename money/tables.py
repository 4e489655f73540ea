"""The money app's tables (django-tables2), exportable to CSV and XLSX; amounts in the
reader's number format."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _

from money.currency import NumberFormat

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class LedgerTable(tables.Table):
    number = tables.Column(verbose_name=_("No."), accessor="pk", attrs=NUM)
    created_at = tables.Column(verbose_name=_("Recorded at"))
    kind = tables.Column(verbose_name=_("Kind"), accessor="get_kind_display")
    tournament = tables.Column(verbose_name=_("Tournament"), default="")
    player = tables.Column(verbose_name=_("Player"), default="")
    amount = tables.Column(verbose_name=_("Amount"), attrs=NUM)
    method = tables.Column(verbose_name=_("Method"), accessor="get_method_display", default="")
    reference = tables.Column(verbose_name=_("Reference"), default="")
    memo = tables.Column(verbose_name=_("Memo"), default="")
    recorded_by = tables.Column(verbose_name=_("Recorded by"), default="")
    reverses = tables.Column(verbose_name=_("Reverses"), accessor="reverses_id", default="")

    class Meta:
        orderable = False
        attrs = {"class": "table ledger"}
        empty_text = _("Nothing booked yet.")

    def __init__(self, data: Any, *, numbers: NumberFormat, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.numbers = numbers

    def render_created_at(self, value: Any) -> str:
        return date_format(localtime(value), "SHORT_DATETIME_FORMAT")

    def value_created_at(self, value: Any) -> str:
        return localtime(value).strftime("%Y-%m-%d %H:%M:%S")

    def render_amount(self, value: int) -> str:
        return self.numbers.plain(value)

    def value_amount(self, value: int) -> str:
        return self.numbers.plain(value)

    def render_recorded_by(self, value: Any) -> str:
        return str(value.get_username())

    def value_recorded_by(self, value: Any) -> str:
        return str(value.get_username())
