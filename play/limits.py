"""How many messages one board may send: a token bucket per connection. Pure: no Django.

A person clicking sends a few messages a second at most; a script sending thousands would
keep the server's threads and the database busy for everyone else."""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["RATE_LIMITED_CLOSE_CODE", "MessageRate"]

#: The websocket close code for a board that sent too many messages (4000–4999 are free for
#: applications; 4008 echoes HTTP 408/429's "slow down").
RATE_LIMITED_CLOSE_CODE = 4008


class MessageRate:
    """``burst`` messages at once, then ``per_second`` on average."""

    def __init__(
        self, *, burst: int, per_second: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if burst < 1 or per_second <= 0:
            raise ValueError("burst must be at least 1 and per_second positive")
        self.burst = burst
        self.per_second = per_second
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def allow(self) -> bool:
        """Whether one more message may be handled now (and count it if so)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.per_second)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
