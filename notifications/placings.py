"""Final placings of a tournament for the "tournament finished" message: the podium and each
player's own place. Brackets replay their results into the pure bracket plan (as
``draw.brackets.bracket_sync`` does); Swiss and round robin use the standings."""

from __future__ import annotations

from dataclasses import dataclass, field

from draw.brackets import bracket_state, is_bracket
from draw.services.rounds import swiss_standings
from standings.selectors import EVENT_LABELS
from tournaments.models import Entry, Tournament

#: Places shown to everyone.
PODIUM = 3


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
        for placing in bracket_state(tournament).placings:
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
