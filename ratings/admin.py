from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin

from clubs.versions import club_change
from config.admin_versions import ChangesPages
from ratings.models import ClubRating, RatingChange


class OfAClub(ChangesPages):
    """A rating or its history: on the club's leaderboard and players' profiles."""

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        return [club_change(obj.club_id)]


@admin.register(ClubRating)
class ClubRatingAdmin(OfAClub):
    list_display = ("player", "club", "rating", "experience")
    list_filter = ("club",)
    search_fields = ("player__name",)
    raw_id_fields = ("player",)


@admin.register(RatingChange)
class RatingChangeAdmin(OfAClub):
    list_display = ("player", "club", "opponent", "won", "rating_before", "rating_after")
    list_filter = ("club",)
    raw_id_fields = ("player", "opponent", "match")
