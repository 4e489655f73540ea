"""The time the online clocks are read from: the system's, or a fake one a test installs.

Every clock reading in the online game goes through :func:`now_ms`, so a test can play a whole
match with clocks in a few milliseconds of real time (``use(FakeTime(...))``).
"""

from __future__ import annotations

import time
from typing import Protocol

__all__ = ["FakeTime", "TimeSource", "now_ms", "use"]


class TimeSource(Protocol):
    def now_ms(self) -> int: ...


class SystemTime:
    def now_ms(self) -> int:
        return int(time.time() * 1000)


class FakeTime:
    """A time that moves only when told (``advance(seconds)``)."""

    def __init__(self, start_ms: int = 1_800_000_000_000) -> None:
        self.ms = start_ms

    def now_ms(self) -> int:
        return self.ms

    def advance(self, seconds: float) -> None:
        self.ms += round(seconds * 1000)


_source: TimeSource = SystemTime()


def now_ms() -> int:
    return _source.now_ms()


def use(source: TimeSource | None) -> TimeSource:
    """Read the time from ``source`` from now on (``None``: the system's); returns the one
    used before."""
    global _source
    previous = _source
    _source = source if source is not None else SystemTime()
    return previous
