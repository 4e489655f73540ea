"""The entry list as a django-tables2 table: each entry's state, exportable."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from config.exports import EXPORT_FORMATS
from entries.models import EntryStatus

__all__ = ["EXPORT_FORMATS", "EntryTable"]

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
#: Folded on a phone until "Show every column" is ticked (static/css/crawford.css).
MINOR = {"td": {"class": "minor"}, "th": {"class": "minor"}}
MINOR_NUM = {"td": {"class": "num minor"}, "th": {"class": "num minor"}}


class EntryTable(tables.Table):
    seed = tables.Column(verbose_name=_("Seed"), attrs=NUM, default="")
    player = tables.Column(accessor="player__name", verbose_name=_("Name"))
    email = tables.Column(
        accessor="player__email", verbose_name=_("E-mail"), default="", attrs=MINOR
    )
    guest = tables.BooleanColumn(
        accessor="player__is_guest", verbose_name=_("Guest"), orderable=False, attrs=MINOR
    )
    status = tables.Column(verbose_name=_("State"))
    waiting_number = tables.Column(verbose_name=_("Waiting list"), attrs=MINOR_NUM, default="")
    created_at = tables.DateTimeColumn(verbose_name=_("Signed up"), short=True, attrs=MINOR)
    #: Approve, as on the Organize page (its URL and service), for an entry awaiting it.
    actions = tables.TemplateColumn(
        template_name="entries/_entry_actions.html",
        verbose_name="",
        orderable=False,
        exclude_from_export=True,
        attrs={"td": {"class": "row-actions"}},
    )

    class Meta:
        attrs = {"class": "table entry-list"}
        orderable = False
        empty_text = _("Nobody has entered yet.")

    def __init__(
        self, *args: Any, positions: dict[int, int], waiting_closed: bool = False, **kwargs: Any
    ) -> None:
        self.positions = {} if waiting_closed else positions
        self.waiting_closed = waiting_closed
        super().__init__(*args, **kwargs)

    def render_status(self, record: Any) -> Any:
        if self.waiting_closed and record.status == EntryStatus.WAITING:
            return _("No place: the waiting list closed at the start")
        return record.get_status_display()

    def value_status(self, record: Any) -> Any:
        return str(self.render_status(record))

    def render_waiting_number(self, record: Any) -> Any:
        return self.positions.get(record.pk, "")

    def value_waiting_number(self, record: Any) -> Any:
        return self.positions.get(record.pk, "")

    def render_guest(self, value: bool) -> str:
        return str(_("yes")) if value else ""

    def value_guest(self, value: bool) -> str:
        return str(_("yes")) if value else ""
