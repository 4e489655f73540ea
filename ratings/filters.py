"""Filters of the club leaderboard (django-filter)."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from ratings.models import ClubRating
from ratings.selectors import active_since


class LeaderboardFilter(django_filters.FilterSet):
    active = django_filters.BooleanFilter(
        label=_("Active in the last 12 months"),
        method="filter_active",
        widget=forms.CheckboxInput,
    )
    min_experience = django_filters.NumberFilter(
        field_name="experience",
        lookup_expr="gte",
        label=_("Minimum experience"),
        min_value=0,
    )

    class Meta:
        model = ClubRating
        fields: list[str] = []

    def filter_active(self, queryset: QuerySet[Any], name: str, value: bool) -> QuerySet[Any]:
        if not value:
            return queryset
        return queryset.filter(last_played__gte=active_since())
