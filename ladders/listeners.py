"""A ladder match's result moves the ladder, and a correction that gives the match to the
other player re-derives it (idempotent: a result already counted is left)."""

from __future__ import annotations

from events.registry import listen
from events.types import ResultCorrected, ResultRecorded
from ladders import services


@listen(ResultRecorded, name="ladders.match_finished")
def match_finished(event: ResultRecorded) -> None:
    services.challenge_match_finished(match_id=event.match_id)


@listen(ResultCorrected, name="ladders.match_corrected")
def match_corrected(event: ResultCorrected) -> None:
    services.challenge_match_corrected(match_id=event.match_id)
