"""An analysis raises its match's tournament version (``tournaments.versions``): the match page
shows the analysis panel (queued, running, done or failed) and the tournament its error rates,
both cached under that version. Players and mistakes are written with their analysis's save."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save

from analysis.models import MatchAnalysis
from matches.versions import bump_for_match


def _analysis_changed(sender: Any, instance: MatchAnalysis, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        bump_for_match(instance.match_id)


def connect() -> None:
    post_save.connect(_analysis_changed, sender=MatchAnalysis, dispatch_uid="analysis-version")
    post_delete.connect(_analysis_changed, sender=MatchAnalysis, dispatch_uid="analysis-version")
