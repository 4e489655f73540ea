"""Matches raise their tournament's version (see ``tournaments.versions``): a saved or deleted
match (scores, results, referees, clocks), game, report, match file or director's action (the
match page shows them all), and every event the bus emits about a match. Not the online
board's state saved at every move: the board reaches its watchers over the websocket."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.db.models.signals import post_delete, post_save

from events.types import DomainEvent
from matches.models import DirectorAction, Game, Match, MatchFile, MatchReport
from tournaments.versions import bump_where


def bump_for_match(match_id: int) -> None:
    """Raise the version of the tournament the match is played in."""
    bump_where(Q(stages__rounds__matches__pk=match_id))


def on_event(event: DomainEvent) -> None:
    match_id = event.payload().get("match_id")
    if match_id is not None:
        bump_for_match(match_id)


def _match_changed(sender: Any, instance: Match, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        bump_where(Q(stages__rounds__pk=instance.round_id))


def _part_changed(sender: Any, instance: Any, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        bump_for_match(instance.match_id)


def connect() -> None:
    post_save.connect(_match_changed, sender=Match, dispatch_uid="tournament-version-match")
    post_delete.connect(_match_changed, sender=Match, dispatch_uid="tournament-version-match")
    for model in (Game, MatchReport, MatchFile, DirectorAction):
        uid = f"tournament-version-{model.__name__}"
        post_save.connect(_part_changed, sender=model, dispatch_uid=uid)
        post_delete.connect(_part_changed, sender=model, dispatch_uid=uid)
