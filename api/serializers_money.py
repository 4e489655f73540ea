"""The money of a tournament and a club's ledger in the API (read only, organizers only).
Amounts are integers in the currency's minor unit (cents), never floats."""

from __future__ import annotations

from rest_framework import serializers

from money.models import LedgerEntry


class BooksLineSerializer(serializers.Serializer):  # type: ignore[type-arg]
    label = serializers.CharField()
    amount = serializers.IntegerField(help_text="In the currency's minor unit.")
    money_in = serializers.BooleanField(help_text="Money in (else out).")


class PoolSerializer(serializers.Serializer):  # type: ignore[type-arg]
    key = serializers.CharField()
    label = serializers.CharField()
    money_in = serializers.IntegerField()
    money_out = serializers.IntegerField()
    balances = serializers.BooleanField(help_text="In equals out, to the minor unit.")
    remainder = serializers.IntegerField(help_text="What rounding left, paid to the highest place.")
    lines = BooksLineSerializer(many=True)


class PayoutSerializer(serializers.Serializer):  # type: ignore[type-arg]
    pool = serializers.CharField()
    flight = serializers.CharField()
    place = serializers.CharField()
    entry_id = serializers.IntegerField()
    player = serializers.CharField()
    prize = serializers.IntegerField()
    rounding = serializers.IntegerField(source="remainder")
    fee_owed = serializers.IntegerField(source="owed")
    paid_out = serializers.IntegerField(source="net")


class LedgerEntrySerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    tournament = serializers.IntegerField(source="tournament_id", allow_null=True)
    player = serializers.CharField(source="player.name", default=None)
    recorded_by = serializers.CharField(source="recorded_by.username", default=None)
    reverses = serializers.IntegerField(source="reverses_id", allow_null=True)
    kind = serializers.CharField(
        help_text="fee, refund, prize, costs, added, pot, side_pool, calcutta, other, reversal"
    )
    method = serializers.CharField(help_text="cash, transfer, other, or empty")
    amount = serializers.IntegerField(
        help_text="In the currency's minor unit: positive into the till, negative out."
    )

    class Meta:
        model = LedgerEntry
        fields = (
            "id",
            "created_at",
            "kind",
            "amount",
            "method",
            "reference",
            "memo",
            "tournament",
            "player",
            "recorded_by",
            "reverses",
        )
