"""Ratings raise the version of their club's pages (``clubs.versions``): the services do it as
they lock the club; these signals cover a single row saved or deleted elsewhere (the admin)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save

from clubs.versions import bump
from ratings.models import ClubRating, RatingChange


def _rating_changed(sender: Any, instance: ClubRating | RatingChange, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        bump(instance.club_id)


def connect() -> None:
    for model in (ClubRating, RatingChange):
        uid = f"club-version-{model.__name__}"
        post_save.connect(_rating_changed, sender=model, dispatch_uid=uid)
        post_delete.connect(_rating_changed, sender=model, dispatch_uid=uid)
