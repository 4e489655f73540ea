"""The money app's reads: settings (the defaults where none are saved), the field the money
counts, fees, side pools' entrants, the ledger."""

from money.selectors.calcutta import (
    calcutta_bidders,
    calcutta_lots,
    calcutta_of,
    calcutta_top_bid,
    lots_with_calcutta,
)
from money.selectors.fees import (
    FeeRow,
    club_ledger,
    collected,
    fee_rows,
    fee_statuses,
    fees_set_off,
    may_check_in,
    played_before_withdrawing,
)
from money.selectors.field import (
    BEFORE_THE_DRAW,
    FieldCount,
    LotsAndField,
    calcutta_lots_and_field,
    field_count,
    field_entries,
    in_the_field,
)
from money.selectors.pools import (
    SidePoolEntrant,
    SidePoolState,
    side_pool_entries_with_entry,
    side_pool_may_join,
    side_pool_owed,
    side_pool_states,
)
from money.selectors.settings import (
    CONSOLATION,
    DEFAULT_SPLITS,
    LAST_CHANCE,
    MAIN,
    club_money_settings,
    event_money,
    flight_split,
    flights_of,
)

__all__ = [
    "BEFORE_THE_DRAW",
    "CONSOLATION",
    "DEFAULT_SPLITS",
    "LAST_CHANCE",
    "MAIN",
    "FeeRow",
    "FieldCount",
    "LotsAndField",
    "SidePoolEntrant",
    "SidePoolState",
    "calcutta_bidders",
    "calcutta_lots",
    "calcutta_lots_and_field",
    "calcutta_of",
    "calcutta_top_bid",
    "club_ledger",
    "club_money_settings",
    "collected",
    "event_money",
    "fee_rows",
    "fee_statuses",
    "fees_set_off",
    "field_count",
    "field_entries",
    "flight_split",
    "flights_of",
    "in_the_field",
    "lots_with_calcutta",
    "may_check_in",
    "played_before_withdrawing",
    "side_pool_entries_with_entry",
    "side_pool_may_join",
    "side_pool_owed",
    "side_pool_states",
]
