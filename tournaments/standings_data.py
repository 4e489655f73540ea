"""Standings as the pages and exports show them: the pure ranking with names and placings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, EntryStatus, StageKind, Tournament
from tournaments.standings import MatchResult, rank

#: Translated names of the pure tie-break metrics: (label, abbreviation).
METRIC_LABELS = {
    "match_points": (_("Match points"), _("MP")),
    "match_wins": (_("Match wins"), _("W")),
    "points_difference": (_("Points difference"), _("+/−")),
    "buchholz": (_("Buchholz"), _("Bh")),
    "median_buchholz": (_("Median-Buchholz"), _("MBh")),
    "opponents_match_wins": (_("Opponents' match wins"), _("OMW")),
    "head_to_head": (_("Head-to-head"), _("H2H")),
    "lot": (_("Lot"), _("Lot")),
}

#: The events of a bracket, as placings are reported for them.
EVENT_LABELS = {
    "main": StageKind.MAIN.label,
    "consolation": StageKind.CONSOLATION.label,
    "last_chance": StageKind.LAST_CHANCE.label,
}

#: The usual order per format when the organizer chooses none.
DEFAULT_TIEBREAKS = {
    "swiss": [
        "match_points",
        "buchholz",
        "median_buchholz",
        "points_difference",
        "opponents_match_wins",
        "lot",
    ],
    "round_robin": ["match_wins", "points_difference", "head_to_head", "lot"],
}
ELIMINATION_TIEBREAKS = ["match_wins", "points_difference", "lot"]


def default_tiebreaks(format_key: str) -> list[str]:
    return list(DEFAULT_TIEBREAKS.get(format_key, ELIMINATION_TIEBREAKS))


def tiebreaks_of(tournament: Tournament) -> list[str]:
    """The tournament's tie-breaks in its order (its format's usual ones if none chosen)."""
    chosen = [key for key in tournament.tiebreaks or [] if key in METRIC_LABELS]
    return chosen or default_tiebreaks(tournament.format)


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
    from tournaments.pairing import PairingError
    from tournaments.services.brackets import bracket_state, is_bracket

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
