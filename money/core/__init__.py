"""The arithmetic of a tournament's money, pure (no Django): amounts, percentage shares, payout
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
    PoolSheet,
    TournamentInput,
    TournamentSheet,
    pool_sheet,
    tournament_sheet,
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
    "FlightResult",
    "OpenBand",
    "PayoutRow",
    "PayoutTable",
    "Placed",
    "PoolSheet",
    "Prize",
    "TableError",
    "TournamentInput",
    "TournamentSheet",
    "among",
    "format_amount",
    "format_percent",
    "parse_amount",
    "parse_percent",
    "percent_of",
    "place_prizes",
    "pool_sheet",
    "split_by_percent",
    "tournament_sheet",
]
