"""Lists in the same order whatever order the database keeps the rows in: a row changed is
stored anew at the end of its table, and a restored database (tests/test_backup_restore.py)
keeps them in another order. Before, the club page listed its tournaments in the database's
order (Django leaves the model's ordering out of a query that counts), and a player in two
tournaments with no start time was shown either one's match as his next."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.selectors import next_match_for
from tests.factories import (
    ClubFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    TournamentFactory,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_club_page_lists_its_tournaments_newest_first_whatever_was_changed_last(client):
    club = ClubFactory()
    _first, second, third = (
        TournamentFactory(club=club, name=name, is_published=True)
        for name in ("First cup", "Second cup", "Third cup")
    )
    # Stored anew: at the end of the table, where the database reads it last.
    Tournament.objects.filter(pk=third.pk).update(name="Third cup")
    Tournament.objects.filter(pk=second.pk).update(name="Second cup")

    page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()

    assert page.index("Third cup") < page.index("Second cup") < page.index("First cup")


def test_a_players_next_match_is_the_same_whatever_was_changed_last():
    player = PlayerFactory()
    club = ClubFactory()
    matches = []
    for name in ("Monday cup", "Tuesday cup"):
        tournament = TournamentFactory(club=club, name=name, status="running")
        matches.append(
            MatchFactory(
                round=RoundFactory(stage__tournament=tournament),
                index=1,
                entry_a=EntryFactory(tournament=tournament, player=player),
                entry_b=EntryFactory(tournament=tournament),
            )
        )
    first = matches[0]
    assert next_match_for(player) == first
    type(first).objects.filter(pk=first.pk).update(index=1)  # stored anew, read last

    assert next_match_for(player) == first
