"""The ladder's services called directly (the bus calls them once a result is committed): a
ladder match's result and its correction move the ladder once, whatever calls them twice; a
player taken off by an organizer; and the match made for a challenge (``draw``)."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import IntegrityError

from clubs.models import Role
from config.errors import UserError
from draw.services import challenge_match_create
from entries.models import Entry
from ladders import selectors, services
from ladders.models import Challenge, ChallengeStatus, LadderChange
from matches.models import Match, MatchStatus
from matches.services import match_correct_final_score, match_record_final_score
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments.models import Round

pytestmark = pytest.mark.django_db

DAY = date(2026, 3, 2)
NAMES = ["Anna", "Ben", "Cleo", "Dirk"]


@pytest.fixture
def players(club):
    made = []
    for name in NAMES:
        player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        made.append(player)
    return made


@pytest.fixture
def ladder(club, organizer, players):
    ladder = services.ladder_create(club=club, user=organizer, name="Leiter", reach=2)
    for player in players:
        services.ladder_join(ladder=ladder, player=player, user=organizer, today=DAY)
    return ladder


def names(ladder):
    return [p.name for p in selectors.ladder_players(ladder)]


@pytest.fixture
def accepted(ladder, players):
    """Dirk challenges Ben, who accepts: their match is ready."""
    dirk, ben = players[3], players[1]
    challenge = services.challenge_create(
        ladder=ladder, challenger=dirk, defender=ben, user=dirk.user, today=DAY
    )
    services.challenge_accept(challenge=challenge, user=ben.user, today=DAY)
    challenge.refresh_from_db()
    return challenge


def test_a_ladder_match_won_moves_the_ladder_once(ladder, accepted):
    # recorded without its commit, so the bus has not called the service yet
    match_record_final_score(match=accepted.match, score_a=5, score_b=1)
    assert names(ladder) == NAMES
    change = services.challenge_match_finished(match_id=accepted.match_id)
    assert (change.kind, change.player.name, change.opponent.name) == ("won", "Dirk", "Ben")
    assert names(ladder) == ["Anna", "Dirk", "Ben", "Cleo"]
    assert Challenge.objects.get(pk=accepted.pk).status == ChallengeStatus.DECIDED
    count = LadderChange.objects.filter(ladder=ladder).count()
    assert services.challenge_match_finished(match_id=accepted.match_id) is None  # twice
    assert LadderChange.objects.filter(ladder=ladder).count() == count
    assert names(ladder) == ["Anna", "Dirk", "Ben", "Cleo"]


def test_a_ladder_match_not_over_or_not_a_ladders_moves_nothing(ladder, accepted, make_match):
    count = LadderChange.objects.filter(ladder=ladder).count()
    assert services.challenge_match_finished(match_id=accepted.match_id) is None
    other = make_match()
    match_record_final_score(match=other, score_a=3, score_b=0)
    assert services.challenge_match_finished(match_id=other.pk) is None
    assert services.challenge_match_finished(match_id=10**9) is None
    assert LadderChange.objects.filter(ladder=ladder).count() == count
    assert names(ladder) == NAMES
    assert Challenge.objects.get(pk=accepted.pk).status == ChallengeStatus.ACCEPTED


def test_a_ladder_match_corrected_for_the_other_player_moves_the_ladder_back(
    ladder, accepted, organizer
):
    match_record_final_score(match=accepted.match, score_a=5, score_b=1)
    services.challenge_match_finished(match_id=accepted.match_id)
    match_correct_final_score(
        match=accepted.match_id, score_a=2, score_b=5, reason="wrong card", user=organizer
    )
    change = services.challenge_match_corrected(match_id=accepted.match_id)
    assert change.kind == "corrected_lost"
    assert names(ladder) == NAMES
    count = LadderChange.objects.filter(ladder=ladder).count()
    assert services.challenge_match_corrected(match_id=accepted.match_id) is None  # twice
    assert LadderChange.objects.filter(ladder=ladder).count() == count


def test_a_correction_that_keeps_the_winner_changes_nothing(ladder, accepted, organizer):
    match_record_final_score(match=accepted.match, score_a=5, score_b=1)
    services.challenge_match_finished(match_id=accepted.match_id)
    count = LadderChange.objects.filter(ladder=ladder).count()
    match_correct_final_score(
        match=accepted.match_id, score_a=5, score_b=3, reason="typo", user=organizer
    )
    assert services.challenge_match_corrected(match_id=accepted.match_id) is None
    assert services.challenge_match_corrected(match_id=10**9) is None
    assert LadderChange.objects.filter(ladder=ladder).count() == count
    assert names(ladder) == ["Anna", "Dirk", "Ben", "Cleo"]


def test_an_organizer_removes_a_player_and_those_below_move_up(ladder, players, organizer):
    change = services.ladder_remove(ladder=ladder, player=players[1], user=organizer, today=DAY)
    assert (change.kind, change.player) == ("removed", players[1])
    assert names(ladder) == ["Anna", "Cleo", "Dirk"]


def test_a_player_with_an_open_challenge_is_not_removed(ladder, players, accepted, organizer):
    count = LadderChange.objects.filter(ladder=ladder).count()
    with pytest.raises(UserError) as error:
        services.ladder_remove(ladder=ladder, player=players[3], user=organizer, today=DAY)
    assert error.value.code == "open_challenge"
    assert LadderChange.objects.filter(ladder=ladder).count() == count
    assert names(ladder) == NAMES


def test_a_challenge_gets_a_ready_match_in_a_round_of_its_own(ladder, players):
    tournament = ladder.tournament
    first = challenge_match_create(
        tournament=tournament, challenger=players[2], defender=players[0], deadline=None
    )
    second = challenge_match_create(
        tournament=tournament, challenger=players[3], defender=players[1], deadline=None
    )
    assert (first.status, first.entry_a.player, first.entry_b.player) == (
        MatchStatus.READY,
        players[2],
        players[0],
    )
    assert [r.number for r in Round.objects.filter(stage__tournament=tournament)] == [1, 2]
    assert second.round.number == 2
    # a player challenged again keeps his one entry in the ladder's tournament
    challenge_match_create(
        tournament=tournament, challenger=players[2], defender=players[1], deadline=None
    )
    assert Entry.objects.filter(tournament=tournament, player=players[2]).count() == 1
    assert Match.objects.filter(round__stage__tournament=tournament).count() == 3


def test_no_match_is_made_between_a_player_and_himself(ladder, players):
    tournament = ladder.tournament
    with pytest.raises(IntegrityError):
        challenge_match_create(
            tournament=tournament, challenger=players[2], defender=players[2], deadline=None
        )
    assert not Round.objects.filter(stage__tournament=tournament).exists()
    assert not Match.objects.filter(round__stage__tournament=tournament).exists()


def test_a_player_not_on_the_ladder_is_not_removed(ladder, club, organizer):
    outsider = PlayerFactory(name="Otto")
    MembershipFactory(club=club, player=outsider, role=Role.PLAYER)
    count = LadderChange.objects.filter(ladder=ladder).count()
    with pytest.raises(UserError):
        services.ladder_remove(ladder=ladder, player=outsider, user=organizer, today=DAY)
    assert LadderChange.objects.filter(ladder=ladder).count() == count
    assert names(ladder) == NAMES
