from django.contrib import admin

from notifications.models import Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("recipient", "kind", "subject", "email_status", "attempts", "created_at")
    list_filter = ("kind", "email_status")
    search_fields = ("recipient__name", "subject")
    raw_id_fields = ("recipient", "club", "tournament")
