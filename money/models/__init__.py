"""The money of a club's tournaments: settings, fees, pools, the Calcutta and the ledger."""

from money.models.calcutta import Calcutta, CalcuttaBid, CalcuttaBuyback, CalcuttaLot
from money.models.cashup import COUNTED_METHODS, CashUp, CashUpLine, CashUpMovement
from money.models.fees import EntryFee, FeeStatus, PaymentMethod
from money.models.ledger import AppendOnly, LedgerEntry, LedgerKind
from money.models.pools import SeasonPot, SidePool, SidePoolEntry
from money.models.settings import CURRENCIES, ClubMoneySettings, TournamentMoney

__all__ = [
    "COUNTED_METHODS",
    "CURRENCIES",
    "AppendOnly",
    "Calcutta",
    "CalcuttaBid",
    "CalcuttaBuyback",
    "CalcuttaLot",
    "CashUp",
    "CashUpLine",
    "CashUpMovement",
    "ClubMoneySettings",
    "EntryFee",
    "FeeStatus",
    "LedgerEntry",
    "LedgerKind",
    "PaymentMethod",
    "SeasonPot",
    "SidePool",
    "SidePoolEntry",
    "TournamentMoney",
]
