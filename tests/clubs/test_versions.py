"""A club's version rises once per change of its own pages, raised by the service; a club's or
a player's name raises the versions of the tournaments' pages that show it too."""

from __future__ import annotations

import pytest
from django.db.models import Q

from clubs import services as club_services
from clubs.models import Club, Player
from clubs.versions import club_change, clubs_change
from entries import services as entry_services
from tests.factories import ClubFactory, MembershipFactory
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def versions(*objects: Club | Tournament) -> list[int]:
    return [type(obj).objects.values_list("version", flat=True).get(pk=obj.pk) for obj in objects]


def test_a_block_inside_a_block_raises_the_club_once(club):
    before = versions(club)[0]
    with club_change(club.pk), club_change(club.pk), club_change(club.pk):
        pass
    assert versions(club) == [before + 1]


def test_a_guest_entered_at_a_tournament_raises_the_club_and_the_tournament_once(
    make_tournament, club
):
    tournament = make_tournament(2, start=False)
    before = versions(club, tournament)
    entry_services.entry_add_guest(tournament=tournament, name="Walk-in Wendy")
    assert versions(club, tournament) == [before[0] + 1, before[1] + 1]


def test_a_renamed_player_raises_each_of_his_clubs_and_tournaments_once(
    make_tournament, club, organizer
):
    # make_tournament enters the club's "Player 001" into both.
    first, second = make_tournament(2, start=False), make_tournament(2, start=False, name="Two")
    player = Player.objects.get(entries__tournament=first, name="Player 001")
    assert second.entries.filter(player=player).exists()
    other_club = ClubFactory(slug="other")
    MembershipFactory(club=other_club, player=player)
    without_him = services.tournament_create(club=club, user=organizer, name="Without him")
    before = versions(club, other_club, first, second, without_him)
    club_services.player_rename(player=player, name="Paula Plakoto")
    after = versions(club, other_club, first, second, without_him)
    assert [a - b for a, b in zip(after, before, strict=True)] == [1, 1, 1, 1, 0]


def test_a_club_renamed_raises_its_tournaments_too(make_tournament, club):
    tournaments = [make_tournament(2, start=False), make_tournament(2, start=False, name="B")]
    elsewhere = ClubFactory(slug="elsewhere")
    before = versions(club, elsewhere, *tournaments)
    club_services.club_update(club=club, name="The Bar Club")
    after = versions(club, elsewhere, *tournaments)
    assert [a - b for a, b in zip(after, before, strict=True)] == [1, 0, 1, 1]


def test_many_clubs_are_raised_once_each_in_one_block(club):
    other = ClubFactory(slug="other")
    before = versions(club, other)
    with club_change(club.pk), clubs_change(Q(pk__in=[club.pk, other.pk])) as raised:
        assert raised == [other.pk]  # the first is raised already
    assert versions(club, other) == [before[0] + 1, before[1] + 1]
