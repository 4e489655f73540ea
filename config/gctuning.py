"""Python's garbage collector tuned for a long-lived server process (docs/operations.md, "Garbage
collection in the websocket processes").

The collector pauses the whole process for as long as it walks the objects it tracks. What a
process has loaded by the time it serves lives as long as the process: frozen, it is left out
of every walk. And the young objects are walked after 50,000 allocations instead of 700: most
of what a request or an action makes is gone by then, so far fewer objects grow old and the
slow walks of the old ones become rare.
"""

from __future__ import annotations

import gc


def tune() -> None:
    """Freeze what is loaded now and collect the young objects less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)
