"""The date in the club pages' version (what "active" and "upcoming" mean moves with it):
worked out once a day, and still the site's own date at each of its midnights."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from tournaments import selectors


@pytest.mark.parametrize(
    ("day", "hours"),
    [("2026-11-27", 24), ("2026-03-29", 23), ("2026-10-25", 25)],  # Berlin's clock changes
)
def test_the_day_turns_at_the_sites_midnight(monkeypatch, settings, day, hours):
    settings.TIME_ZONE = "Europe/Berlin"
    # In UTC: an aware local time plus hours moves the clock on the wall, not the hours.
    start = timezone.make_aware(datetime.fromisoformat(day)).astimezone(UTC)
    now = [start]
    monkeypatch.setattr(timezone, "now", lambda: now[0])
    monkeypatch.setattr(selectors.time, "time", lambda: now[0].timestamp())
    monkeypatch.setattr(selectors, "_today", (0.0, 0.0, ""))
    for moment in (timedelta(0), timedelta(hours=hours) - timedelta(seconds=1)):
        now[0] = start + moment
        assert selectors.local_today() == day == str(timezone.localdate())
    now[0] = start + timedelta(hours=hours)
    assert selectors.local_today() == str(timezone.localdate()) != day
    now[0] = datetime(2024, 2, 29, 12, tzinfo=UTC)  # back in time (a test's clock)
    assert selectors.local_today() == "2024-02-29"
