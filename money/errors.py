"""The pure core's refusals in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _

from config.errors import UserError
from money.core import AmountError, BooksError, TableError
from money.core.calcutta import BidError
from money.core.shares import SplitError
from money.currency import number_format


def table_message(error: TableError) -> str:
    messages = {
        "empty": _("The payout table needs at least one row."),
        "not_positive": _("Field sizes and paid places are whole numbers of at least 1."),
        "fewer_places": _("Row %(row)s lists fewer percentages than the places it pays."),
        "more_places": _("Row %(row)s lists more percentages than the places it pays."),
        "not_whole": _("The percentages of row %(row)s do not add up to 100 %%."),
        "more_places_than_players": _("Row %(row)s pays more places than it has players."),
        "order": _("List the rows by field size, smallest first, each size once."),
    }
    return messages.get(error.code, messages["empty"]) % {"row": error.row}


def user_error(error: ValueError, field: str | None = None) -> UserError:
    """The refusal of the pure core as a translated ``UserError``."""
    if isinstance(error, AmountError):
        return UserError(
            _("“%(text)s” is not an amount in the expected format (e.g. %(example)s).")
            % {"text": error.text, "example": number_format().plain(1250)},
            code="amount",
            field=field,
        )
    if isinstance(error, SplitError):
        return UserError(_("The shares must add up to 100 %."), code="split", field=field)
    if isinstance(error, TableError):
        return UserError(table_message(error), code="table", field=field)
    if isinstance(error, BidError):
        messages = {
            "not_above_last": _("A bid must be higher than the last one."),
            "below_minimum": _("A bid must be at least the lowest bid."),
            "buyback_over_share": _("A player may buy back at most the set share of himself."),
        }
        return UserError(messages.get(error.code, error.code), code=error.code, field=field)
    if isinstance(error, BooksError):
        if error.code == "costs_exceed":
            return UserError(
                _("The house's share, the costs and the pot are more than the money."),
                code="books",
                field=field,
            )
        return UserError(_("The books do not balance."), code="books", field=field)
    raise error
