"""Open matches built once for a module's tests (``module_db``), handed to its tests as the
``make_match`` fixture hands out new ones."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from clubs.models import Role
from matches.models import Match
from tests.conftest import fresh, match_made, new_club, new_organizer
from tests.factories import ClubFactory, MembershipFactory


def shared_club() -> tuple[Any, Any]:
    """An organizer and his club, named apart from the "olga" and "bar" of the usual
    fixtures (which a module's other tests may still make)."""
    organizer = new_organizer("shared-organizer")
    return organizer, new_club(organizer, "shared")


def another_club(organizer) -> Any:
    """Another club of ``organizer``'s: a shared match in a club of its own has players of
    its own, as the usual fixtures' match in a club made for its test has (a guest's name is
    looked up in the club, case aside)."""
    club = ClubFactory()
    MembershipFactory(club=club, player=organizer.player, role=Role.ORGANIZER)
    return club


def _kind(length=3, names=("Alice", "Bob"), **settings) -> tuple:
    """What ``make_match`` is asked for, as a key."""
    return length, tuple(names), tuple(sorted(settings.items()))


class SharedMatches:
    """Open matches built once for a module's tests (``module_db``): ``wanted`` lists the
    ``make_match`` arguments of each, a kind listed twice for a test that makes two alike.
    Each kind is in a club of its own, its players its own. ``maker()`` is the test's
    ``make_match``: it hands out copies of the shared matches of the kind asked for, each
    once per test, and builds one for the test (rolled back with it) when they are used up."""

    def __init__(self, organizer, wanted: Iterable[dict[str, Any]]) -> None:
        self.organizer = organizer
        self.pks: dict[tuple, list[int]] = defaultdict(list)
        self.clubs: dict[tuple, Any] = {}
        for arguments in wanted:
            kind = _kind(**arguments)
            # Each kind in a club of its own (as each test's matches were in its own club).
            if kind not in self.clubs:
                self.clubs[kind] = another_club(organizer)
            self.pks[kind].append(match_made(self.clubs[kind], organizer, **arguments).pk)

    def maker(self) -> Any:
        used: Counter[tuple] = Counter()

        def make(length=3, names=("Alice", "Bob"), **settings) -> Match:
            kind = _kind(length, names, **settings)
            built = self.pks.get(kind, [])
            used[kind] += 1
            if used[kind] <= len(built):
                return fresh(built[used[kind] - 1])
            club = self.clubs.get(kind) or another_club(self.organizer)
            return match_made(club, self.organizer, length=length, names=names, **settings)

        return make
