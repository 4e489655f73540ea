"""The API's reads of ladders that the ladder pages do not need: every challenge of a ladder
(the pages show the open ones), newest first."""

from __future__ import annotations

from django.db.models import QuerySet

from ladders.models import Challenge, Ladder


def ladders_with_club() -> QuerySet[Ladder]:
    return Ladder.objects.select_related("club").order_by("club", "name", "pk")


def ladder_challenges(ladder: Ladder, *, status: str | None = None) -> QuerySet[Challenge]:
    challenges = ladder.challenges.select_related("challenger", "defender", "match")
    if status:
        challenges = challenges.filter(status=status)
    return challenges.order_by("-created_at", "-pk")
