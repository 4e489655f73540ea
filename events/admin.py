from django.contrib import admin

from events.models import Delivery, Event


class DeliveryInline(admin.TabularInline):
    model = Delivery
    extra = 0
    readonly_fields = (
        "listener",
        "created_at",
        "done_at",
        "attempts",
        "last_tried_at",
        "last_error",
    )


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("pk", "name", "payload", "created_at")
    list_filter = ("name",)
    inlines = [DeliveryInline]


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ("pk", "listener", "event", "done_at", "attempts", "last_error")
    list_filter = ("listener",)
    raw_id_fields = ("event",)
