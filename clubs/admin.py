from django.contrib import admin

from clubs.models import ApiToken, Club, Membership, Player


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("player",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "city", "is_private", "created_at")
    list_filter = ("is_private",)
    search_fields = ("name", "slug", "city")
    prepopulated_fields = {"slug": ("name",)}
    inlines = (MembershipInline,)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "email", "language")
    search_fields = ("name", "email", "user__username")
    raw_id_fields = ("user",)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("player", "club", "role")
    list_filter = ("role", "club")
    search_fields = ("player__name", "club__name")
    autocomplete_fields = ("player", "club")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "created_at", "last_used_at")
    list_filter = ("club",)
    readonly_fields = ("key",)
