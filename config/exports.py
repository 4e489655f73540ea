"""Table exports (CSV and Excel) that are safe to open in a spreadsheet.

django-tables2's ``TableExport`` offers every format tablib knows, but only CSV and XLSX have
their libraries installed here (ODS and XLS fail with a server error), so only those two are
offered and accepted. On top of it:

- cells a spreadsheet would run as a formula (``=HYPERLINK(…)``, ``@SUM(…)``, a leading tab …)
  are prefixed with a quote, as OWASP advises against CSV injection;
- the CSV starts with a byte-order mark, so Excel reads it as UTF-8 ("Jäger", not "JÃ¤ger");
- the sheet is named after what it shows, not "Export Data";
- the CSV is in the reader's locale, as their spreadsheet opens it: where a comma is the
  decimal mark (German) the fields are separated by semicolons and numbers have a decimal
  comma (``55,10``), elsewhere commas and a decimal point; times are local (the site's
  ``TIME_ZONE``), not UTC, in both formats. The XLSX keeps numbers numbers and times times.

A table gives the exports numbers as numbers (``int``, ``Decimal``: an amount is
``Decimal("55.10")``) and times as aware datetimes (django-tables2's ``DateTimeColumn`` gives
them as ISO text in UTC, read back here); text already in the reader's format stays as it is.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from babel.core import UnknownLocaleError
from babel.numbers import get_decimal_symbol
from django.http import HttpResponse, HttpResponseBadRequest
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django_tables2.export import TableExport

#: The formats that work, in the order the pages offer them.
EXPORT_FORMATS = ("csv", "xlsx")

#: First characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Text that is only a number, in any reader's format ("-3", "-1.234,50"): not a formula.
_NUMBER = re.compile(r"[+-]?\d+([.,]\d+)*")
#: A time as django-tables2's DateTimeColumn exports it: ISO, with its offset (UTC).
_ISO_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:\d{2}|Z)")
#: How a time is written in a CSV: the local time, as every spreadsheet reads it.
CSV_TIME = "%Y-%m-%d %H:%M:%S"
#: Excel refuses these characters in a sheet name, and names longer than 31 characters.
_SHEET_NAME_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")
UTF8_BOM = "\ufeff"


def neutralize_cell(value: Any) -> Any:
    """The value, with a quote in front when a spreadsheet would take it for a formula.

    Numbers stay numbers, and so does text that is only a number ("-3")."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    if _NUMBER.fullmatch(value):
        return value
    return "'" + value


def sheet_title(title: str) -> str:
    """A name Excel accepts for a sheet."""
    cleaned = _SHEET_NAME_FORBIDDEN.sub(" ", str(title)).strip().strip("'")
    return cleaned[:31].strip() or "Sheet"


def csv_separators(language: str | None = None) -> tuple[str, str]:
    """The field separator and the decimal mark of a CSV for a reader of ``language`` (by
    default the active one): ``(";", ",")`` where the decimal mark is a comma."""
    locale = (language or translation.get_language() or "en").replace("-", "_")
    try:
        decimal = get_decimal_symbol(locale)
    except (UnknownLocaleError, ValueError):
        decimal = "."
    return (";" if decimal == "," else ","), decimal


def local_time(value: Any) -> datetime | None:
    """An aware time (or its ISO text) as a naive local time (``TIME_ZONE``); None if it is
    none."""
    if isinstance(value, str):
        if not _ISO_TIME.fullmatch(value.strip()):
            return None
        value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    if not isinstance(value, datetime):
        return None
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    return value.replace(tzinfo=None)


def csv_cell(value: Any, decimal: str) -> Any:
    """A cell as the reader's spreadsheet reads it: numbers with their decimal mark, local
    times."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, Decimal | float):
        return format(Decimal(str(value)) if isinstance(value, float) else value, "f").replace(
            ".", decimal
        )
    moment = local_time(value)
    if moment is not None:
        return moment.strftime(CSV_TIME)
    if isinstance(value, date):
        return value.isoformat()
    return value


def xlsx_cell(value: Any) -> Any:
    """A cell for Excel: numbers stay numbers, times are local times (Excel has no zones)."""
    moment = local_time(value)
    return value if moment is None else moment


class SafeTableExport(TableExport):
    """``TableExport`` with the cells neutralized, in the reader's locale, and a byte-order
    mark on the CSV."""

    def table_to_dataset(self, table: Any, exclude_columns: Any, dataset_kwargs: Any = None) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        _separator, decimal = csv_separators()
        csv = self.format == self.CSV
        if dataset.headers:
            dataset.headers = [neutralize_cell(value) for value in dataset.headers]
        for index, row in enumerate(list(dataset)):
            dataset[index] = tuple(
                neutralize_cell(csv_cell(value, decimal) if csv else xlsx_cell(value))
                for value in row
            )
        return dataset

    def export(self) -> Any:
        if self.format == self.CSV:
            separator, _decimal = csv_separators()
            return UTF8_BOM + self.dataset.export(self.format, delimiter=separator)
        return super().export()


def export_response(
    export_format: str | None, table: Any, *, filename: str, title: str
) -> HttpResponse | None:
    """The export the request asked for (``?_export=``), a 400 for a format that does not
    exist here, ``None`` when no export was asked for (show the page)."""
    if export_format is None:
        return None
    if export_format not in EXPORT_FORMATS:
        return HttpResponseBadRequest(
            _("Tables can be exported as %(formats)s only.")
            % {"formats": ", ".join(f.upper() for f in EXPORT_FORMATS)},
            content_type="text/plain; charset=utf-8",
        )
    exporter = SafeTableExport(export_format, table, dataset_kwargs={"title": sheet_title(title)})
    return exporter.response(f"{filename}.{export_format}")
