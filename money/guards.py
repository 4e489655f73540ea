"""What the money app adds to other apps' services: a club that checks in only players who
paid refuses an unpaid one (``entries.checkin``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from config.errors import UserError
from entries.checkin import check_in_guard
from entries.models import Entry
from money.selectors import may_check_in


@check_in_guard("money.paid")
def paid_before_check_in(entry: Entry, by_player: bool) -> None:
    if may_check_in(entry):
        return
    if by_player:
        raise UserError(
            _(
                "You have not paid the entry fee yet: this club checks in only players who "
                "paid. Pay at the desk, then check in."
            ),
            code="unpaid",
        )
    raise UserError(
        _("%(name)s has not paid the entry fee; this club checks in only players who paid.")
        % {"name": entry.player.name},
        code="unpaid",
    )
