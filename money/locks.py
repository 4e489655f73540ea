"""The money app's locks, in the house's order (docs/architecture.md, "Locks"): club →
tournament → … → the rest. A money row (a Calcutta, a side pool, a fee) is "the rest": a
service locks its tournament's row first, alone (``FOR UPDATE OF``), then the money row, each
in a statement of its own, so two writers of one tournament's money wait for each other and
never for each other in a circle. Only the cash-up locks a club's row (the club's till), and
it takes nothing after it."""

from __future__ import annotations

from clubs.versions import club_lock
from money.models import Calcutta, SidePool
from tournaments.models import Tournament
from tournaments.services.lifecycle import tournament_lock


def money_lock_tournament(tournament_id: int) -> Tournament:
    """The tournament's row, locked alone; its club read with it, not locked."""
    return tournament_lock(Tournament(pk=tournament_id))


def money_lock_calcutta(calcutta_id: int) -> Calcutta:
    """The Calcutta's tournament, then the Calcutta's row."""
    tournament_id = Calcutta.objects.values_list("tournament_id", flat=True).get(pk=calcutta_id)
    money_lock_tournament(tournament_id)
    return (
        Calcutta.objects.select_for_update(of=("self",))
        .select_related("tournament__club")
        .get(pk=calcutta_id)
    )


def money_lock_side_pool(side_pool_id: int) -> SidePool:
    """The side pool's tournament, then the side pool's row."""
    tournament_id = SidePool.objects.values_list("tournament_id", flat=True).get(pk=side_pool_id)
    money_lock_tournament(tournament_id)
    return (
        SidePool.objects.select_for_update(of=("self",))
        .select_related("tournament__club")
        .get(pk=side_pool_id)
    )


def money_lock_club(club_id: int) -> None:
    """The club's row (the club's till: the cash-up counts it)."""
    club_lock(club_id)
