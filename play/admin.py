from django.contrib import admin

from matches.admin import OfAMatch
from play.models import DirectorAction, OnlineGame


@admin.register(OnlineGame)
class OnlineGameAdmin(admin.ModelAdmin):
    list_display = ("match", "sequence", "updated_at")
    raw_id_fields = ("match",)


@admin.register(DirectorAction)
class DirectorActionAdmin(OfAMatch):
    list_display = ("match", "kind", "reason", "user", "created_at")
    list_filter = ("kind",)
    raw_id_fields = ("match", "user")
