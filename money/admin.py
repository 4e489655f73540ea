"""The money app's admin pages. The ledger's rows may be added, never changed or deleted
(append-only: a mistake is reversed by a new row on the club's ledger page)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from money.models import (
    Calcutta,
    CalcuttaBid,
    CalcuttaBuyback,
    CalcuttaLot,
    ClubMoneySettings,
    EntryFee,
    EventMoney,
    LedgerEntry,
    SeasonPot,
    SidePool,
    SidePoolEntry,
)


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("pk", "created_at", "club", "tournament", "kind", "amount", "recorded_by")
    list_filter = ("club", "kind")
    search_fields = ("memo", "reference", "player__name")
    raw_id_fields = ("tournament", "player", "reverses", "recorded_by")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(EntryFee)
class EntryFeeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("entry", "number", "amount", "status", "method", "recorded_at")
    list_filter = ("status",)
    raw_id_fields = ("entry", "recorded_by")


for model in (
    ClubMoneySettings,
    EventMoney,
    SidePool,
    SidePoolEntry,
    SeasonPot,
    Calcutta,
    CalcuttaLot,
    CalcuttaBid,
    CalcuttaBuyback,
):
    admin.site.register(model)
