"""The arithmetic of an event's money, pure (no Django): amounts, percentage shares, payout
tables, prizes by place with ties and rounding, the Calcutta's settlement and the balance of
the books. Every amount is an integer in the currency's minor unit (cents); every percentage
is an integer in basis points (1 % = 100)."""

from money.core.amounts import (
    AmountError,
    format_amount,
    format_percent,
    parse_amount,
    parse_percent,
)
from money.core.books import (
    Books,
    BooksError,
    EventInput,
    EventSheet,
    PoolSheet,
    event_sheet,
    pool_sheet,
)
from money.core.payouts import (
    FlightResult,
    OpenBand,
    PayoutRow,
    PayoutTable,
    Placed,
    Prize,
    TableError,
    among,
    place_prizes,
)
from money.core.shares import WHOLE, percent_of, split_by_percent

__all__ = [
    "WHOLE",
    "AmountError",
    "Books",
    "BooksError",
    "EventInput",
    "EventSheet",
    "FlightResult",
    "OpenBand",
    "PayoutRow",
    "PayoutTable",
    "Placed",
    "PoolSheet",
    "Prize",
    "TableError",
    "among",
    "event_sheet",
    "format_amount",
    "format_percent",
    "parse_amount",
    "parse_percent",
    "percent_of",
    "place_prizes",
    "pool_sheet",
    "split_by_percent",
]
