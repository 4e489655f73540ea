"""Standings as the pages and exports show them: the pure ranking with names and placings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from draw.brackets import bracket_state, is_bracket
from matches.results import finished_results
from tournaments.models import Entry, EntryStatus, StageKind, Tournament
from tournaments.pairing import PairingError
from tournaments.ranking import MatchResult, rank
from tournaments.tiebreaks import tiebreaks_of

#: The events of a bracket, as placings are reported for them.
EVENT_LABELS = {
    "main": StageKind.MAIN.label,
    "consolation": StageKind.CONSOLATION.label,
    "last_chance": StageKind.LAST_CHANCE.label,
}


#: Totals every standings table shows; tie-break columns that repeat one are left out.
SHOWN_TOTALS = {"match_points", "match_wins", "points_difference"}


@dataclass(frozen=True)
class Placing:
    event: str
    event_label: str
    first: int
    last: int
    name: str

    @property
    def place(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"


@dataclass
class Standings:
    rows: list[dict[str, Any]]
    metrics: list[str]
    placings: dict[str, list[Placing]] = field(default_factory=dict)


def build_standings(
    tournament: Tournament, entries: list[Entry], results: list[MatchResult]
) -> Standings:
    metrics = tiebreaks_of(tournament)
    by_id = {entry.pk: entry for entry in entries}
    ranked = rank(
        list(by_id),
        results,
        metrics,
        bye_points=tournament.bye_match_points,
        lot_seed=tournament.pk,
    )
    rows = []
    for row in ranked:
        entry = by_id[row.player]
        values = dict(zip(metrics, row.metrics, strict=True))
        rows.append(
            {
                "rank": row.rank,
                "entry_id": entry.pk,
                "player": entry.player.name,
                "withdrawn": entry.status == EntryStatus.WITHDRAWN,
                "played": row.played,
                "won": row.won,
                "lost": row.lost,
                "byes": row.byes,
                "match_points": row.match_points,
                "games_won": row.games_won,
                "games_lost": row.games_lost,
                "points_for": row.points_for,
                "points_against": row.points_against,
                "points_diff": row.points_diff,
                "gammons_won": row.gammons_won,
                **{f"tb_{key}": value for key, value in values.items()},
            }
        )
    return Standings(rows=rows, metrics=metrics, placings=_placings(tournament, by_id, results))


def _placings(
    tournament: Tournament, by_id: dict[int, Entry], results: list[MatchResult]
) -> dict[str, list[Placing]]:
    if not is_bracket(tournament):
        return {}
    try:
        state = bracket_state(tournament)
    except PairingError:
        return {}
    placings: dict[str, list[Placing]] = {}
    for placing in state.placings:
        entry = by_id.get(placing.entrant)
        if entry is None:
            continue
        placings.setdefault(placing.event, []).append(
            Placing(
                placing.event,
                str(EVENT_LABELS.get(placing.event, placing.event)),
                placing.first,
                placing.last,
                entry.player.name,
            )
        )
    return placings


def tournament_standings(tournament: Tournament) -> Standings:
    """The standings of a tournament: one row per seeded player with totals and the
    tie-break values in the tournament's order; placings per event for brackets.
    A fixed number of queries whatever the field size."""
    entries = list(
        Entry.objects.filter(tournament=tournament, seed__isnull=False)
        .select_related("player")
        .order_by("seed")
    )
    return build_standings(tournament, entries, finished_results(tournament))
