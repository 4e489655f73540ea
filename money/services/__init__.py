"""The money app's writes: settings, fees and payments, pools, the Calcutta, the ledger."""

from money.services.calcutta import (
    calcutta_add_lots,
    calcutta_bid,
    calcutta_buyback,
    calcutta_make_lots,
    calcutta_make_lots_by_rating,
    calcutta_open_lot,
    calcutta_sell,
    calcutta_setup,
)
from money.services.cashup import cash_up_take
from money.services.fees import (
    fee_mark_paid,
    fee_mark_unpaid,
    fee_refund,
    fee_waive,
    reentry_add,
)
from money.services.ledger import ledger_record, ledger_reverse
from money.services.payouts import payouts_book, payouts_booked
from money.services.pools import (
    season_pot_update,
    side_pool_create,
    side_pool_join,
    side_pool_leave,
    side_pool_mark_paid,
    side_pool_refund,
    side_pool_waive,
)
from money.services.settings import club_money_settings_update, tournament_money_update

__all__ = [
    "calcutta_add_lots",
    "calcutta_bid",
    "calcutta_buyback",
    "calcutta_make_lots",
    "calcutta_make_lots_by_rating",
    "calcutta_open_lot",
    "calcutta_sell",
    "calcutta_setup",
    "cash_up_take",
    "club_money_settings_update",
    "fee_mark_paid",
    "fee_mark_unpaid",
    "fee_refund",
    "fee_waive",
    "ledger_record",
    "ledger_reverse",
    "payouts_book",
    "payouts_booked",
    "reentry_add",
    "season_pot_update",
    "side_pool_create",
    "side_pool_join",
    "side_pool_leave",
    "side_pool_mark_paid",
    "side_pool_refund",
    "side_pool_waive",
    "tournament_money_update",
]
