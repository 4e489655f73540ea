"""A tournament's version: one number that every change its public pages show raises.

The public pages and the API reads are cached under it (``tournaments.pagecache``) and answer
HTMX polling with it as their ETag, so it must rise in the same transaction as the change:

- every event the bus emits about a tournament, one of its rounds or matches (results,
  corrections, reports, draws, advancing, finishing) raises it there (``on_emit`` hooks: this
  module's for tournaments and rounds, ``matches.versions`` for matches);
- saving or deleting a tournament (its settings), an entry (registrations, approvals,
  check-ins, withdrawals, seeds), a stage or a round raises it (``post_save`` /
  ``post_delete``); ``matches.versions`` does the same for matches;
- the few bulk writes that send no signals call :func:`bump` themselves.

Raising it is one atomic ``UPDATE ... SET version = version + 1``.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Q
from django.db.models.signals import post_delete, post_save

from clubs import versions as club_versions
from clubs.models import Club, Player
from events.types import DomainEvent
from tournaments.models import Entry, Round, Stage, Tournament


def bump(tournament_id: int | None) -> None:
    """Raise the version of the tournament with this id (nothing if it is None)."""
    if tournament_id is not None:
        Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1)


def bump_where(condition: Q) -> None:
    """Raise the version of every tournament matching ``condition`` (one UPDATE)."""
    Tournament.objects.filter(condition).update(version=F("version") + 1)


def on_event(event: DomainEvent) -> None:
    """The bus's hook: raise the version of the tournament an event is about."""
    payload = event.payload()
    if "tournament_id" in payload:
        bump(payload["tournament_id"])
    elif "round_id" in payload:
        bump_where(Q(stages__rounds__pk=payload["round_id"]))


def _tournament_saved(sender: Any, instance: Tournament, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return
    if kwargs.get("created"):
        club_versions.bump(instance.club_id)  # the club's pages list it
    update_fields = kwargs.get("update_fields")
    if update_fields is not None and set(update_fields) <= {"version"}:
        return
    bump(instance.pk)


def _tournament_deleted(sender: Any, instance: Tournament, **kwargs: Any) -> None:
    club_versions.bump(instance.club_id)


def _entry_changed(sender: Any, instance: Entry, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        bump(instance.tournament_id)


def _stage_changed(sender: Any, instance: Stage, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        bump(instance.tournament_id)


def _round_changed(sender: Any, instance: Round, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        bump_where(Q(stages__pk=instance.stage_id))


def _player_saved(sender: Any, instance: Player, **kwargs: Any) -> None:
    # A new name shows on every page of the tournaments the player entered.
    if not kwargs.get("raw") and not kwargs.get("created"):
        bump_where(Q(entries__player_id=instance.pk))


def _club_saved(sender: Any, instance: Club, **kwargs: Any) -> None:
    # The club's name and address are on its tournaments' pages (names, links).
    if not kwargs.get("raw") and not kwargs.get("created"):
        bump_where(Q(club_id=instance.pk))


def connect() -> None:
    """Connect the signals (from ``TournamentsConfig.ready``)."""
    post_save.connect(_tournament_saved, sender=Tournament, dispatch_uid="tournament-version")
    post_delete.connect(
        _tournament_deleted, sender=Tournament, dispatch_uid="tournament-version-deleted"
    )
    post_save.connect(_entry_changed, sender=Entry, dispatch_uid="tournament-version-entry")
    post_delete.connect(_entry_changed, sender=Entry, dispatch_uid="tournament-version-entry")
    post_save.connect(_stage_changed, sender=Stage, dispatch_uid="tournament-version-stage")
    post_delete.connect(_stage_changed, sender=Stage, dispatch_uid="tournament-version-stage")
    post_save.connect(_round_changed, sender=Round, dispatch_uid="tournament-version-round")
    post_delete.connect(_round_changed, sender=Round, dispatch_uid="tournament-version-round")
    post_save.connect(_club_saved, sender=Club, dispatch_uid="tournament-version-club")
    post_save.connect(_player_saved, sender=Player, dispatch_uid="tournament-version-player")
