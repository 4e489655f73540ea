"""Ratings follow the results: every recorded or corrected result, and a change of the club's
rating settings. Idempotent: the services write nothing when the ratings are up to date."""

from __future__ import annotations

from events.registry import listen
from events.types import RatingSettingsChanged, ResultCorrected, ResultRecorded
from ratings import services


@listen(ResultRecorded, name="ratings.match_finished")
def rate_result(event: ResultRecorded) -> None:
    services.ratings_match_finished(match_id=event.match_id)


@listen(ResultCorrected, name="ratings.match_corrected")
def rate_correction(event: ResultCorrected) -> None:
    services.ratings_match_finished(match_id=event.match_id)


@listen(RatingSettingsChanged, name="ratings.recompute")
def recompute(event: RatingSettingsChanged) -> None:
    services.ratings_recompute(club_id=event.club_id)
