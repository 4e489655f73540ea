"""Table exports (CSV and Excel) that are safe to open in a spreadsheet.

django-tables2's ``TableExport`` offers every format tablib knows, but only CSV and XLSX have
their libraries installed here (ODS and XLS fail with a server error), so only those two are
offered and accepted. On top of it:

- cells a spreadsheet would run as a formula (``=HYPERLINK(…)``, ``@SUM(…)``, a leading tab …)
  are prefixed with a quote, as OWASP advises against CSV injection;
- the CSV starts with a byte-order mark, so Excel reads it as UTF-8 ("Jäger", not "JÃ¤ger");
- the sheet is named after what it shows, not "Export Data".
"""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _
from django_tables2.export import TableExport

#: The formats that work, in the order the pages offer them.
EXPORT_FORMATS = ("csv", "xlsx")

#: First characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")
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


class SafeTableExport(TableExport):
    """``TableExport`` with the cells neutralized and a byte-order mark on the CSV."""

    def table_to_dataset(self, table: Any, exclude_columns: Any, dataset_kwargs: Any = None) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        if dataset.headers:
            dataset.headers = [neutralize_cell(value) for value in dataset.headers]
        for index, row in enumerate(list(dataset)):
            dataset[index] = tuple(neutralize_cell(value) for value in row)
        return dataset

    def export(self) -> Any:
        content = super().export()
        if self.format == self.CSV:
            return UTF8_BOM + content
        return content


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
