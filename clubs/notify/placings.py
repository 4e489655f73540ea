"""Final placings of a tournament for the "tournament finished" message: the podium and each
player's own place. Brackets replay their results into the pure bracket plan (as
``tournaments.services.draw.bracket_sync`` does); Swiss and round robin use the standings."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count

from matches.models import Match, MatchOutcome, MatchStatus
from tournaments.models import Entry, EntryStatus, StageKind, Tournament
from tournaments.pairing import resolve
from tournaments.services.draw import bracket_plan, is_bracket, swiss_standings

#: Places shown to everyone.
PODIUM = 3
EVENT_LABELS = {
    "main": StageKind.MAIN.label,
    "consolation": StageKind.CONSOLATION.label,
    "last_chance": StageKind.LAST_CHANCE.label,
}


@dataclass(frozen=True)
class Place:
    first: int
    last: int
    name: str
    event: str = "main"

    @property
    def place(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"

    @property
    def event_label(self) -> object:
        return EVENT_LABELS.get(self.event, "")


@dataclass
class Placings:
    podium: list[Place] = field(default_factory=list)
    by_entry: dict[int, list[Place]] = field(default_factory=dict)

    def of(self, entry_id: int) -> list[Place]:
        return self.by_entry.get(entry_id, [])


def final_placings(tournament: Tournament) -> Placings:
    names = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "player__name"))
    result = Placings()
    if is_bracket(tournament):
        for placing in _bracket_state(tournament).placings:
            place = Place(
                placing.first, placing.last, names.get(placing.entrant, "?"), placing.event
            )
            result.by_entry.setdefault(placing.entrant, []).append(place)
            if placing.event == "main" and placing.first <= PODIUM:
                result.podium.append(place)
        result.podium.sort(key=lambda p: (p.first, p.name))
        return result
    for row in swiss_standings(tournament):
        place = Place(row.rank, row.rank, names.get(row.player, "?"))
        result.by_entry[row.player] = [place]
        if row.rank <= PODIUM:
            result.podium.append(place)
    return result


def _bracket_state(tournament: Tournament):  # type: ignore[no-untyped-def]
    withdrawn = list(
        Entry.objects.filter(tournament=tournament, status=EntryStatus.WITHDRAWN)
        .order_by("updated_at")
        .values_list("pk", flat=True)
    )
    rows = (
        Match.objects.filter(
            round__stage__tournament=tournament,
            status=MatchStatus.FINISHED,
            outcome__in=[MatchOutcome.PLAYED, MatchOutcome.FORFEIT],
            entry_a__isnull=False,
            entry_b__isnull=False,
        )
        .exclude(bracket_key="")
        .annotate(game_count=Count("games"))
        .values_list(
            "bracket_key", "winner_id", "entry_a_id", "entry_b_id", "outcome", "game_count"
        )
    )
    results = {}
    for key, winner, a, b, outcome, games in rows:
        loser = b if winner == a else a
        # A forfeit to the opponent of a withdrawn player follows from the withdrawal itself.
        if outcome == MatchOutcome.FORFEIT and loser in withdrawn and not games:
            continue
        results[key] = winner
    return resolve(bracket_plan(tournament), results, withdrawn)
