"""This process's copies of recorded matches' transcripts: an action posted on a clock is decided
on the transcript the one before it left, not on a replay of the whole record (a 25-point match
of some 3,000 actions took about 90 ms to replay, on every tap).

A copy is used only while it is current: made from the record whose last action (its
number, id and time of saving) and clock settings are those read now, in one query under
the recorded match's lock. A copy is taken out while one request uses it, so that no two
threads share one, and is put back only once the transaction that changed it has committed:
a refused or rolled-back action leaves nothing in it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from .models import RecordedAction, RecordedMatch
from .replay import Transcript

#: How many recorded matches' copies a process keeps (the least recently used goes first).
KEPT = 64

Fingerprint = tuple[Any, ...]

_lock = threading.Lock()
_kept: OrderedDict[int, tuple[Fingerprint, Transcript]] = OrderedDict()


def fingerprint(recorded: RecordedMatch) -> Fingerprint:
    """What a copy of ``recorded``'s transcript must have been made from to be current (one
    query; ``recorded.match`` is read already)."""
    last = (
        RecordedAction.objects.filter(recorded=recorded)
        .order_by("-number")
        .values_list("number", "client_id", "created_at")
        .first()
    )
    return (*_settings(recorded), last)


def fingerprint_after(recorded: RecordedMatch, action: RecordedAction) -> Fingerprint:
    """The fingerprint of ``recorded`` once ``action``, just saved, is its last."""
    return (*_settings(recorded), (action.number, action.client_id, action.created_at))


def _settings(recorded: RecordedMatch) -> Fingerprint:
    return (
        recorded.pk,
        recorded.updated_at,
        recorded.minutes_per_point,
        recorded.delay_seconds,
        recorded.match.length,
    )


def take(recorded: RecordedMatch, current: Fingerprint) -> Transcript | None:
    """This process's copy of the transcript, taken out, if it is ``current``."""
    with _lock:
        kept = _kept.pop(recorded.pk, None)
    if kept is None or kept[0] != current:
        return None
    return kept[1]


def give(recorded_id: int, made_from: Fingerprint, transcript: Transcript) -> None:
    """Keep ``transcript``, made from ``made_from``, for the next action (the caller uses it no
    more). A copy of a later record, put back meanwhile, stays."""
    with _lock:
        kept = _kept.get(recorded_id)
        if kept is not None and _count(kept[0]) > _count(made_from):
            return
        _kept[recorded_id] = (made_from, transcript)
        _kept.move_to_end(recorded_id)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def _count(made_from: Fingerprint) -> int:
    last = made_from[-1]
    return -1 if last is None else int(last[0])
