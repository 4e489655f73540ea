"""What a higher app does to a running tournament when a player withdraws or comes back (the
draw: his open matches forfeited, the bracket brought up to date, rounds closed; or all that
undone), registered in its ``AppConfig.ready``, so the entries app imports none of it.

A hook runs in the withdrawal's (or the reinstatement's) transaction, with the tournament's
and the entry's rows locked and the entry's new status saved; it raises ``UserError`` to
refuse, and the whole change is rolled back."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from config.hooks import Hooks
from entries.models import Entry
from tournaments.models import Tournament

WithdrawalHook = Callable[[Tournament, Entry, Any], None]
"""``hook(tournament, entry, user)``: the entry has just withdrawn from the running
tournament; ``user`` did it (None: the system)."""

ReinstatementHook = Callable[[Tournament, Entry, datetime, Any], None]
"""``hook(tournament, entry, withdrawn_at, user)``: the entry is back in the running
tournament; ``withdrawn_at`` is when it withdrew."""

withdrawal_hooks: Hooks[WithdrawalHook] = Hooks()
reinstatement_hooks: Hooks[ReinstatementHook] = Hooks()
on_withdrawal = withdrawal_hooks.add
on_reinstatement = reinstatement_hooks.add


def withdrawn(tournament: Tournament, entry: Entry, *, user: Any = None) -> None:
    for hook in withdrawal_hooks:
        hook(tournament, entry, user)


def reinstated(
    tournament: Tournament, entry: Entry, *, withdrawn_at: datetime, user: Any = None
) -> None:
    for hook in reinstatement_hooks:
        hook(tournament, entry, withdrawn_at, user)
