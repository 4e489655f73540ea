"""The money of a club's events: settings, fees, pools and the ledger."""

from money.models.fees import EntryFee, FeeStatus, PaymentMethod
from money.models.ledger import AppendOnly, LedgerEntry, LedgerKind
from money.models.pools import SeasonPot, SidePool, SidePoolEntry
from money.models.settings import CURRENCIES, ClubMoneySettings, EventMoney

__all__ = [
    "CURRENCIES",
    "AppendOnly",
    "ClubMoneySettings",
    "EntryFee",
    "EventMoney",
    "FeeStatus",
    "LedgerEntry",
    "LedgerKind",
    "PaymentMethod",
    "SeasonPot",
    "SidePool",
    "SidePoolEntry",
]
