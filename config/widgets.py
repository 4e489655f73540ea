"""Form widgets whose HTML value does not depend on the language of the page."""

from __future__ import annotations

from django import forms


class DateTimeLocalInput(forms.DateTimeInput):
    """``<input type="datetime-local">``: its value must be ``2026-11-30T20:00`` whatever the
    language. Django writes a date-time in the active language's format (``30.11.2026
    20:00:00`` in German), which the browser rejects and shows empty; saving the form then
    erased the date. ``forms.DateTimeField`` reads this ISO form back in every language."""

    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, str] | None = None) -> None:
        super().__init__(attrs=attrs, format="%Y-%m-%dT%H:%M")
