"""The backgammon clock of an online match. Pure: no Django here.

Each player has a reserve; only the player who must act (roll or double, play, take or drop,
answer a resignation) has his clock running. Every time the clock passes to a player he gets a
delay first: with a *simple* delay (as on backgammon servers) his reserve does not move until
the delay is used up; with a *Bronstein* delay his reserve runs at once and the time he used,
up to the delay, is given back when his turn ends. Either way a turn shorter than the delay
costs nothing. A player whose reserve runs out has lost the match on time.

Times are whole milliseconds of the server's time source. The clock is a value saved with the
game: ``since`` is when the running player's time last started counting, so a restarted server
(or a board that reconnects) finds the exact time left.

>>> clock = Clock.new(reserve_ms=60_000, delay_ms=10_000)
>>> clock.hand_to(0, now=0, fresh=True)
>>> clock.left(0, now=8_000), clock.left(0, now=15_000)
(60000, 55000)
>>> clock.hand_to(1, now=15_000, fresh=True)
>>> clock.reserve, clock.running
([55000, 60000], 1)
>>> clock.deadline()
85000
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Clock", "reserve_for"]


def reserve_for(*, minutes: int, per_point: bool, length: int) -> int:
    """The reserve in milliseconds: ``minutes`` per point of the match, or ``minutes`` flat."""
    return minutes * (length if per_point else 1) * 60_000


@dataclass
class Clock:
    #: Each side's reserve at ``since`` (the running turn's time not yet taken off).
    reserve: list[int]
    delay_ms: int
    bronstein: bool = False
    running: int | None = None
    since: int = 0
    #: What is left of the running turn's delay at ``since``.
    delay_left: int = 0
    #: Bronstein: delay earned in the running turn, given back when the turn ends.
    credit: int = 0
    paused: bool = False
    #: The side whose reserve ran out, once it has.
    flagged: int | None = None

    @classmethod
    def new(cls, *, reserve_ms: int, delay_ms: int, bronstein: bool = False) -> Clock:
        if reserve_ms <= 0 or delay_ms < 0:
            raise ValueError("the reserve must be positive and the delay not negative")
        return cls([reserve_ms, reserve_ms], delay_ms, bronstein)

    # --- reading -------------------------------------------------------------------------

    def _used(self, now: int) -> tuple[int, int]:
        """(time elapsed in the running turn since ``since``, part of it covered by delay)."""
        if self.running is None or self.paused:
            return 0, 0
        elapsed = max(0, now - self.since)
        return elapsed, min(elapsed, self.delay_left)

    def left(self, side: int, now: int) -> int:
        """The reserve of ``side`` at ``now`` (never below zero)."""
        if side != self.running:
            return self.reserve[side]
        elapsed, covered = self._used(now)
        charged = elapsed if self.bronstein else elapsed - covered
        return max(0, self.reserve[side] - charged)

    def delay_at(self, now: int) -> int:
        """What is left of the running player's delay at ``now``."""
        return self.delay_left - self._used(now)[1]

    def deadline(self) -> int | None:
        """When the running player's reserve runs out if he does not act; ``None`` while
        nobody's clock runs (paused, or the match over)."""
        if self.running is None or self.paused or self.flagged is not None:
            return None
        extra = 0 if self.bronstein else self.delay_left
        return self.since + extra + self.reserve[self.running]

    def fallen(self, now: int) -> int | None:
        """The side whose reserve has run out by ``now``, if any."""
        deadline = self.deadline()
        if deadline is not None and now >= deadline:
            return self.running
        return None

    # --- changing ------------------------------------------------------------------------

    def _settle(self, now: int) -> None:
        """Take the running turn's time up to ``now`` off the reserve."""
        if self.running is not None and not self.paused:
            elapsed, covered = self._used(now)
            side = self.running
            if self.bronstein:
                self.reserve[side] = max(0, self.reserve[side] - elapsed)
                self.credit += covered
            else:
                self.reserve[side] = max(0, self.reserve[side] - (elapsed - covered))
            self.delay_left -= covered
        self.since = now

    def hand_to(self, side: int | None, *, now: int, fresh: bool) -> None:
        """The clock runs for ``side`` from ``now`` (``None``: for nobody). ``fresh`` starts a
        new turn with a whole delay even when the same side acts again (a new game)."""
        self._settle(now)
        if fresh or side != self.running:
            if self.running is not None and self.bronstein:
                self.reserve[self.running] += self.credit
            self.credit = 0
            self.running = side
            self.delay_left = self.delay_ms if side is not None else 0

    def stop(self, *, now: int) -> None:
        self.hand_to(None, now=now, fresh=True)

    def pause(self, *, now: int) -> None:
        self._settle(now)
        self.paused = True

    def resume(self, *, now: int) -> None:
        self.since = now
        self.paused = False

    def add(self, side: int, ms: int) -> None:
        if ms <= 0:
            raise ValueError("added time is positive")
        self.reserve[side] += ms

    def flag_fall(self, side: int) -> None:
        """``side`` ran out of time: the clock stops with his reserve at zero."""
        self.reserve[side] = 0
        self.running = None
        self.credit = self.delay_left = 0
        self.flagged = side

    # --- saving and showing ----------------------------------------------------------------

    def dump(self) -> dict[str, Any]:
        return {
            "reserve": list(self.reserve),
            "delay_ms": self.delay_ms,
            "bronstein": self.bronstein,
            "running": self.running,
            "since": self.since,
            "delay_left": self.delay_left,
            "credit": self.credit,
            "paused": self.paused,
            "flagged": self.flagged,
        }

    @classmethod
    def load(cls, data: dict[str, Any]) -> Clock:
        return cls(
            reserve=[int(data["reserve"][0]), int(data["reserve"][1])],
            delay_ms=int(data["delay_ms"]),
            bronstein=bool(data.get("bronstein", False)),
            running=data.get("running"),
            since=int(data.get("since", 0)),
            delay_left=int(data.get("delay_left", 0)),
            credit=int(data.get("credit", 0)),
            paused=bool(data.get("paused", False)),
            flagged=data.get("flagged"),
        )

    def view(self, now: int) -> dict[str, Any]:
        """What a board shows at ``now``: both reserves, the running delay, and ``at`` (the
        server's time of this view) from which the board counts down by itself."""
        return {
            "left": [self.left(0, now), self.left(1, now)],
            "delay": self.delay_at(now) if self.running is not None else 0,
            "running": self.running if self.flagged is None else None,
            "paused": self.paused,
            "bronstein": self.bronstein,
            "flagged": self.flagged,
            "at": now,
        }
