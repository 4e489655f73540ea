from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin

from config.admin_versions import ChangesPages
from matches.versions import match_change
from recording.models import RecordedAction, RecordedMatch


@admin.register(RecordedMatch)
class RecordedMatchAdmin(ChangesPages):
    """The match page says a match is recorded, with its clock settings."""

    list_display = ("match", "recorder", "minutes_per_point", "delay_seconds", "updated_at")
    raw_id_fields = ("match", "recorder")

    def pages_of(self, obj: RecordedMatch) -> Iterable[AbstractContextManager[object]]:
        return [match_change(obj.match_id)] if obj.match_id else []


@admin.register(RecordedAction)
class RecordedActionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """The actions entered on a clock, as their devices sent them; never changed (the
    record is their replay), so every field of a saved one is read-only."""

    list_display = ("recorded", "number", "kind", "side", "dice", "play", "at", "entered_by")
    list_filter = ("kind",)
    raw_id_fields = ("recorded", "entered_by")

    def get_readonly_fields(self, request: Any, obj: Any = None) -> Any:
        if obj is None:
            return ()
        return [field.name for field in self.model._meta.fields]
