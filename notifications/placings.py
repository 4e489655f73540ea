"""Final placings of a tournament for the "tournament finished" message: the podium and each
player's own places, as ``standings.placings`` says."""

from __future__ import annotations

from dataclasses import dataclass, field

from entries.models import Entry
from standings.placings import MAIN, NamedPlace, placings
from tournaments.models import Tournament

#: Places shown to everyone.
PODIUM = 3


@dataclass
class Placings:
    podium: list[NamedPlace] = field(default_factory=list)
    by_entry: dict[int, list[NamedPlace]] = field(default_factory=dict)

    def of(self, entry_id: int) -> list[NamedPlace]:
        return self.by_entry.get(entry_id, [])


def final_placings(tournament: Tournament) -> Placings:
    names = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "player__name"))
    result = Placings()
    for entry, places in placings([tournament]).get(tournament.pk, {}).items():
        named = [NamedPlace(place, names.get(entry, "?")) for place in places]
        result.by_entry[entry] = named
        result.podium.extend(n for n in named if n.place.flight == MAIN and n.place.first <= PODIUM)
    result.podium.sort(key=lambda n: (n.place.first, n.name))
    return result
