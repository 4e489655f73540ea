"""An analysis raises its match's tournament version (``tournaments.versions``): the match page
shows the analysis panel (queued, running, done or failed) and the tournament its error rates,
both cached under that version. Players and mistakes are written with their analysis's save."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save

from analysis.models import MatchAnalysis
from matches.models import Match
from matches.versions import bump_for_match
from tournaments.models import Round
from tournaments.versions import bump


def tournament_id_of(analysis: MatchAnalysis) -> int | None:
    """The analysis's tournament, when its match, round and stage were read with it."""
    if not MatchAnalysis.match.is_cached(analysis):
        return None
    match = analysis.match
    if not Match.round.is_cached(match) or not Round.stage.is_cached(match.round):
        return None
    return match.round.stage.tournament_id


def bump_for_analysis(analysis: MatchAnalysis) -> None:
    """Raise the version of the analysis's tournament: by its key when its match, round and
    stage were read with it (no join to find it), else through its match."""
    tournament_id = tournament_id_of(analysis)
    if tournament_id is not None:
        bump(tournament_id)
    else:
        bump_for_match(analysis.match_id)


def _analysis_changed(sender: Any, instance: MatchAnalysis, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        bump_for_analysis(instance)


def connect() -> None:
    post_save.connect(_analysis_changed, sender=MatchAnalysis, dispatch_uid="analysis-version")
    post_delete.connect(_analysis_changed, sender=MatchAnalysis, dispatch_uid="analysis-version")
