"""Moments a person types (a sign-up's opening, a round's deadline, a tournament's start) lie
in a sane range of years. A moment at the edge of the calendar (31.12.9999 late in the evening
in a club's time zone) was saved, and then could not be read back: PostgreSQL held a moment
past the year 9999 in UTC that the driver refuses, and every page that read the row failed."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

FIRST_YEAR, LAST_YEAR = 2000, 2100


def sane_moment(value: datetime) -> None:
    """A model field's validator: the moment lies within the years 2000 to 2100."""
    if not FIRST_YEAR <= value.year <= LAST_YEAR:
        raise ValidationError(
            _("Enter a date between the years %(first)s and %(last)s."),
            code="out_of_range",
            params={"first": FIRST_YEAR, "last": LAST_YEAR},
        )
