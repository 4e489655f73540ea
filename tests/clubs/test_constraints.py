"""The database itself refuses rows that break the model's invariants."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from clubs.models import Membership, Role
from matches.models import Game
from tests.factories import (
    ClubFactory,
    EntryFactory,
    GameFactory,
    MatchFactory,
    PlayerFactory,
    TournamentFactory,
)

pytestmark = pytest.mark.django_db


def rejects(make) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        make()


def test_negative_match_score_is_rejected():
    match = MatchFactory()
    match.score_a = -1
    rejects(match.save)


def test_cube_must_be_a_power_of_two():
    match = MatchFactory()
    GameFactory(match=match, number=1, cube=4, points=4)
    rejects(lambda: GameFactory(match=match, number=2, cube=3, points=3))
    assert list(match.games.values_list("cube", flat=True)) == [4]


def test_two_games_with_the_same_number_in_one_match_are_rejected():
    match = MatchFactory()
    GameFactory(match=match, number=1)
    rejects(lambda: GameFactory(match=match, number=1))
    assert Game.objects.filter(match=match).count() == 1


def test_a_player_cannot_enter_one_tournament_twice():
    entry = EntryFactory()
    rejects(lambda: EntryFactory(tournament=entry.tournament, player=entry.player))
    # ... but may enter another tournament.
    EntryFactory(player=entry.player)


def test_seed_is_unique_per_tournament():
    tournament = TournamentFactory()
    EntryFactory(tournament=tournament, seed=1)
    rejects(lambda: EntryFactory(tournament=tournament, seed=1))
    EntryFactory(tournament=tournament, seed=None)
    EntryFactory(tournament=tournament, seed=None)


def test_points_must_fit_kind_and_cube():
    match = MatchFactory()
    GameFactory(match=match, number=1, kind="gammon", cube=2, points=4)
    rejects(lambda: GameFactory(match=match, number=2, kind="gammon", cube=2, points=3))
    rejects(lambda: GameFactory(match=match, number=3, kind="drop", cube=2, points=2))


def test_a_dropped_double_is_a_single_game():
    match = MatchFactory()
    rejects(
        lambda: GameFactory(match=match, number=1, kind="gammon", ended_by="drop", cube=2, points=4)
    )
    GameFactory(match=match, number=1, kind="single", ended_by="drop", cube=2, points=2)


def test_match_winner_must_be_one_of_its_players():
    match = MatchFactory()
    outsider = EntryFactory(tournament=match.round.stage.tournament)
    match.status, match.winner = "finished", outsider
    rejects(match.save)
    match.winner = match.entry_b
    match.save()


def test_a_finished_match_has_a_winner_and_an_open_one_has_none():
    match = MatchFactory()
    match.status = "finished"
    rejects(match.save)
    match.refresh_from_db()
    match.winner = match.entry_a
    rejects(match.save)


def test_a_match_cannot_pit_an_entry_against_itself():
    match = MatchFactory()
    match.entry_b = match.entry_a
    rejects(match.save)


def test_one_membership_per_player_and_club():
    club, player = ClubFactory(), PlayerFactory()
    Membership.objects.create(club=club, player=player, role=Role.PLAYER)
    rejects(lambda: Membership.objects.create(club=club, player=player, role=Role.REFEREE))


def test_unknown_role_is_rejected():
    club, player = ClubFactory(), PlayerFactory()
    rejects(lambda: Membership.objects.create(club=club, player=player, role="king"))


def test_tournament_length_and_cube_limit():
    rejects(lambda: TournamentFactory(default_length=0))
    rejects(lambda: TournamentFactory(max_cube=48))
    TournamentFactory(max_cube=64)
