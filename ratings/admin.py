from django.contrib import admin

from ratings.models import ClubRating, RatingChange


@admin.register(ClubRating)
class ClubRatingAdmin(admin.ModelAdmin):
    list_display = ("player", "club", "rating", "experience")
    list_filter = ("club",)
    search_fields = ("player__name",)
    raw_id_fields = ("player",)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("player", "club", "opponent", "won", "rating_before", "rating_after")
    list_filter = ("club",)
    raw_id_fields = ("player", "opponent", "match")
