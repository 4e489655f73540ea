"""A club's version: raised in the transaction of every change its own pages show that is not a
tournament's (tournaments raise their own, ``tournaments.versions``).

The club's pages (its home, leaderboard, player profiles, head-to-head) are cached for visitors
under the club's version together with the sum and the number of its tournaments' versions
(``tournaments.selectors.public_club_version``): a result, a draw or an analysis raises a
tournament's version and so changes the key without touching the club's row (results in the
club's tournaments never wait for each other on it). What raises the club's own version:

- saving the club, a membership (added, role, removed) or a player (a new name);
- a tournament created or deleted (``tournaments.versions``), so that the sum never repeats;
- every write of the club's ratings (``ratings.services``, which lock the club's row with this
  UPDATE, and ``ratings.versions`` for single rows).
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Q
from django.db.models.signals import post_delete, post_save

from clubs.models import Club, Membership, Player


def bump(club_id: int | None) -> None:
    """Raise the version of the club with this id (nothing if it is None)."""
    if club_id is not None:
        Club.objects.filter(pk=club_id).update(version=F("version") + 1)


def bump_where(condition: Q) -> None:
    Club.objects.filter(condition).update(version=F("version") + 1)


def _club_saved(sender: Any, instance: Club, **kwargs: Any) -> None:
    if kwargs.get("raw") or kwargs.get("created"):
        return
    update_fields = kwargs.get("update_fields")
    if update_fields is not None and set(update_fields) <= {"version"}:
        return
    bump(instance.pk)


def _membership_changed(sender: Any, instance: Membership, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        bump(instance.club_id)


def _player_saved(sender: Any, instance: Player, **kwargs: Any) -> None:
    if not kwargs.get("raw") and not kwargs.get("created"):
        bump_where(Q(memberships__player_id=instance.pk))


def connect() -> None:
    """Connect the signals (from ``ClubsConfig.ready``)."""
    post_save.connect(_club_saved, sender=Club, dispatch_uid="club-version")
    post_save.connect(_membership_changed, sender=Membership, dispatch_uid="club-version-member")
    post_delete.connect(_membership_changed, sender=Membership, dispatch_uid="club-version-member")
    post_save.connect(_player_saved, sender=Player, dispatch_uid="club-version-player")
