"""A ladder match's result moves the ladder (idempotent: a decided challenge is left)."""

from __future__ import annotations

from events.registry import listen
from events.types import ResultRecorded
from ladders import services


@listen(ResultRecorded, name="ladders.match_finished")
def match_finished(event: ResultRecorded) -> None:
    services.challenge_match_finished(match_id=event.match_id)
