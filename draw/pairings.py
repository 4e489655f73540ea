"""Pairings as a round keeps them and as a bracket's plan makes them: a round's draft (JSON)
and back, and the pairs of a bracket's first round."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tournaments.pairing import BracketPlan, Pairing, Seed


def first_round_pairs(plan: BracketPlan) -> dict[int, frozenset[int]]:
    """The pairs the bracket's first round makes of the seeds, by match index (byes left out)."""
    pairs = {}
    for slot in plan.matches:
        if slot.round_number == 1 and slot.stage in ("main", "winners"):
            a, b = slot.sources
            if isinstance(a, Seed) and isinstance(b, Seed):
                pairs[slot.index] = frozenset((a.entrant, b.entrant))
    return pairs


def draft_of(pairings: Iterable[Pairing]) -> list[dict[str, Any]]:
    """Pairings as a round's draft (JSON): one ``{"a", "b", "notes"}`` per table."""
    return [{"a": p.a, "b": p.b, "notes": list(p.notes)} for p in pairings]


def pairings_of_draft(draft: list[dict[str, Any]]) -> list[Pairing]:
    """A round's draft as pairings, table by table."""
    return [
        Pairing(table, row["a"], row["b"], tuple(row.get("notes", ())))
        for table, row in enumerate(draft, start=1)
    ]
