from collections.abc import Iterable
from contextlib import AbstractContextManager

from django.contrib import admin

from clubs.models import ApiToken, Club, ClubInvitation, JoinRequest, Membership, Player
from clubs.versions import club_change, club_fields_change, player_fields_change
from config.admin_versions import ChangesPages


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("player",)


@admin.register(Club)
class ClubAdmin(ChangesPages):
    list_display = ("name", "slug", "city", "is_private", "created_at")
    list_filter = ("is_private",)
    search_fields = ("name", "slug", "city")
    prepopulated_fields = {"slug": ("name",)}
    inlines = (MembershipInline,)

    def pages_of(self, obj: Club) -> Iterable[AbstractContextManager[object]]:
        # Its name shows on its tournaments' pages too.
        return [club_fields_change(obj.pk)] if obj.pk else []


@admin.register(Player)
class PlayerAdmin(ChangesPages):
    list_display = ("name", "user", "email", "language")
    search_fields = ("name", "email", "user__username")
    raw_id_fields = ("user",)

    def pages_of(self, obj: Player) -> Iterable[AbstractContextManager[object]]:
        # His name shows on his clubs' and his tournaments' pages.
        return [player_fields_change(obj.pk)] if obj.pk else []


@admin.register(Membership)
class MembershipAdmin(ChangesPages):
    list_display = ("player", "club", "role")
    list_filter = ("role", "club")
    search_fields = ("player__name", "club__name")
    autocomplete_fields = ("player", "club")

    def pages_of(self, obj: Membership) -> Iterable[AbstractContextManager[object]]:
        return [club_change(obj.club_id)]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "created_at", "last_used_at")
    list_filter = ("club",)
    readonly_fields = ("key",)


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("player", "club", "status", "created_at", "decided_at")
    list_filter = ("status", "club")
    search_fields = ("player__name",)
    raw_id_fields = ("player", "decided_by")


@admin.register(ClubInvitation)
class ClubInvitationAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("email", "club", "role", "created_at", "accepted_at")
    list_filter = ("club",)
    search_fields = ("email",)
    raw_id_fields = ("invited_by", "accepted_by")
    readonly_fields = ("token",)
