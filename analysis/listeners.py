"""Matches analysed when they end (online) or their file is accepted, by the tournament's
setting. Idempotent: the request leaves an analysis of the same moves alone."""

from __future__ import annotations

from analysis.services import analysis_auto
from events.registry import listen
from events.types import MatchFileAccepted, ResultRecorded


@listen(ResultRecorded, name="analysis.after_result")
def analyse_after_result(event: ResultRecorded) -> None:
    analysis_auto(match_id=event.match_id)


@listen(MatchFileAccepted, name="analysis.after_file")
def analyse_after_file(event: MatchFileAccepted) -> None:
    analysis_auto(match_id=event.match_id)
