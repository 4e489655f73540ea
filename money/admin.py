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
    CashUp,
    CashUpLine,
    CashUpMovement,
    ClubMoneySettings,
    EntryFee,
    LedgerEntry,
    SeasonPot,
    SidePool,
    SidePoolEntry,
    TournamentMoney,
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
    TournamentMoney,
    SidePool,
    SidePoolEntry,
    SeasonPot,
    Calcutta,
    CalcuttaLot,
    CalcuttaBid,
    CalcuttaBuyback,
):
    admin.site.register(model)


@admin.register(CashUp)
class CashUpAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("club", "number", "taken_at", "recorded_by", "reason")
    list_filter = ("club",)
    raw_id_fields = ("recorded_by",)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(CashUpLine)
class CashUpLineAdmin(CashUpAdmin):
    list_display = ("cash_up", "method", "expected", "counted", "booked")
    list_filter = ("method",)
    raw_id_fields = ("cash_up", "booked")


@admin.register(CashUpMovement)
class CashUpMovementAdmin(CashUpAdmin):
    list_display = ("cash_up", "entry")
    list_filter = ()
    raw_id_fields = ("cash_up", "entry")
