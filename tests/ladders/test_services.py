"""Ladders in the database: challenges within reach, accepted into a real match of the
ladder's hidden tournament whose result (by a referee, a confirmed report, the online board)
moves the ladder through the events bus; forfeits, lapses and drops for not playing by the
daily round; bad challenges refused with nothing saved; the history says why."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from clubs.models import Role
from config.errors import UserError
from entries.selectors import tournaments_of_club
from ladders import selectors, services
from ladders.models import Challenge, ChallengeStatus, LadderChange
from matches.services import match_award_forfeit, match_record_final_score
from ratings.models import RatingChange
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments.models import Tournament, TournamentKind

pytestmark = pytest.mark.django_db

DAY = date(2026, 3, 2)
NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Fritz"]


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
    ladder = services.ladder_create(
        club=club, user=organizer, name="Winterleiter", reach=2, idle_days=10, idle_places=2
    )
    for player in players:
        services.ladder_join(ladder=ladder, player=player, user=organizer, today=DAY)
    return ladder


def names(ladder):
    return [p.name for p in selectors.ladder_players(ladder)]


def rebuilt(ladder):
    from ladders.core.ladder import replay

    return list(replay(ladder.rules(), selectors.ladder_changes(ladder)))


def test_a_won_challenge_by_a_referees_result_moves_the_ladder(
    ladder, players, organizer, club, commit
):
    eva, cleo = players[4], players[2]
    challenge = services.challenge_create(
        ladder=ladder, challenger=eva, defender=cleo, user=eva.user, today=DAY
    )
    services.challenge_accept(challenge=challenge, user=cleo.user, today=DAY)
    challenge.refresh_from_db()
    match = challenge.match
    assert match.round.stage.tournament == ladder.tournament
    assert ladder.tournament.kind == TournamentKind.LADDER
    assert ladder.tournament not in tournaments_of_club(club, organizer, can_manage=True)

    commit(match_record_final_score, match=match, score_a=5, score_b=3, user=organizer)

    assert names(ladder) == ["Anna", "Ben", "Eva", "Cleo", "Dirk", "Fritz"]
    assert rebuilt(ladder) == list(selectors.ladder_order(ladder))
    last = LadderChange.objects.filter(ladder=ladder).last()
    assert (last.kind, last.player, last.opponent, last.forfeit) == ("won", eva, cleo, False)
    assert RatingChange.objects.filter(match=match).count() == 2  # counted in the club ratings


def test_a_challenge_out_of_reach_or_a_second_one_is_refused_and_saves_nothing(ladder, players):
    eva, ben, dirk = players[4], players[1], players[3]
    with pytest.raises(UserError, match="more places above"):
        services.challenge_create(ladder=ladder, challenger=eva, defender=ben, user=None, today=DAY)
    services.challenge_create(ladder=ladder, challenger=eva, defender=dirk, user=None, today=DAY)
    with pytest.raises(UserError, match="open challenges"):
        services.challenge_create(
            ladder=ladder, challenger=eva, defender=players[2], user=None, today=DAY
        )
    assert Challenge.objects.filter(ladder=ladder).count() == 1


def test_not_accepting_in_time_loses_by_forfeit_and_idle_players_drop(ladder, players):
    fritz, dirk = players[5], players[3]
    challenge = services.challenge_create(
        ladder=ladder, challenger=fritz, defender=dirk, user=None, today=DAY
    )
    assert services.ladder_tick(ladder=ladder, today=DAY + timedelta(days=7)) == 0
    assert services.ladder_tick(ladder=ladder, today=DAY + timedelta(days=8)) == 1
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.DECIDED
    assert names(ladder) == ["Anna", "Ben", "Cleo", "Fritz", "Dirk", "Eva"]
    # Ten days without a match, counted from the day after joining: the drop is on day 11.
    # Anna, Ben, Cleo and Eva drop two places each; Fritz and Dirk played (a forfeit) on day 8.
    assert services.ladder_tick(ladder=ladder, today=DAY + timedelta(days=10)) == 0
    assert services.ladder_tick(ladder=ladder, today=DAY + timedelta(days=11)) == 4
    assert services.ladder_tick(ladder=ladder, today=DAY + timedelta(days=11)) == 0
    assert rebuilt(ladder) == list(selectors.ladder_order(ladder))
    assert sorted(names(ladder)) == sorted(NAMES)


def test_a_forfeit_given_by_the_referee_counts_as_a_forfeit(ladder, players, organizer, commit):
    eva, dirk = players[4], players[3]
    challenge = services.challenge_create(
        ladder=ladder, challenger=eva, defender=dirk, user=None, today=DAY
    )
    services.challenge_accept(challenge=challenge, user=None, today=DAY)
    challenge.refresh_from_db()
    commit(
        match_award_forfeit, match=challenge.match, winner=challenge.match.entry_a, user=organizer
    )
    last = LadderChange.objects.filter(ladder=ladder).last()
    assert (last.kind, last.forfeit) == ("won", True)
    assert names(ladder)[3] == "Eva"


def test_the_hidden_tournament_is_not_a_club_tournament(ladder, club, organizer):
    assert Tournament.objects.filter(club=club).count() == 1
    assert list(tournaments_of_club(club, organizer, can_manage=True)) == []


def test_challenges_reach_the_players_notifications_and_calendars(ladder, players, commit, client):
    from notifications.calendar import calendar_feed
    from notifications.models import Notification

    eva, dirk = players[4], players[3]
    challenge = commit(
        services.challenge_create, ladder=ladder, challenger=eva, defender=dirk, user=None
    )
    notice = Notification.objects.get(recipient=dirk, kind="ladder_challenge")
    assert "Eva challenges you" in notice.subject
    assert b"challenge-%d@" % challenge.pk in calendar_feed(dirk)
    commit(services.challenge_accept, challenge=challenge, user=None)
    challenge.refresh_from_db()
    # Accepted, it is a match: both players are told it is ready, and it is in their calendars.
    assert Notification.objects.filter(kind="match_ready", recipient__in=[eva, dirk]).count() == 2
    feed = calendar_feed(eva)
    assert b"match-%d@" % challenge.match_id in feed
    assert b"challenge-%d@" % challenge.pk not in feed


def test_a_corrected_result_re_derives_the_ladder_from_the_challenge_on(
    ladder, players, organizer, commit
):
    from matches.services import match_correct_final_score

    ben, cleo = players[1], players[2]
    first = services.challenge_create(
        ladder=ladder, challenger=cleo, defender=ben, user=None, today=DAY
    )
    services.challenge_accept(challenge=first, user=None, today=DAY)
    first.refresh_from_db()
    commit(match_record_final_score, match=first.match, score_a=5, score_b=2, user=organizer)
    assert names(ladder)[:3] == ["Anna", "Cleo", "Ben"]
    # Dirk, fourth, challenges Cleo, who gives it up: Dirk takes her place.
    dirk = players[3]
    second = services.challenge_create(
        ladder=ladder, challenger=dirk, defender=cleo, user=None, today=DAY
    )
    services.challenge_decline(challenge=second, user=None, today=DAY)
    assert names(ladder)[:4] == ["Anna", "Dirk", "Cleo", "Ben"]

    # The first match was entered the wrong way round: Ben won it.
    commit(
        match_correct_final_score,
        match=first.match,
        score_a=2,
        score_b=5,
        reason="swapped",
        user=organizer,
    )
    last = LadderChange.objects.filter(ladder=ladder).last()
    assert (last.kind, last.player, last.opponent) == ("corrected_lost", cleo, ben)
    # Re-derived: Cleo stayed third, so Dirk's win over her took the third place.
    assert names(ladder)[:4] == ["Anna", "Ben", "Dirk", "Cleo"]
    assert rebuilt(ladder) == list(selectors.ladder_order(ladder))
    # The earlier rows keep the ladder as it was then.
    assert LadderChange.objects.filter(ladder=ladder, kind="won").count() == 2
    # A correction that keeps the winner changes nothing.
    commit(
        match_correct_final_score,
        match=first.match,
        score_a=1,
        score_b=5,
        reason="score",
        user=organizer,
    )
    assert LadderChange.objects.filter(ladder=ladder).last() == last


def test_the_last_player_may_leave_and_the_ladder_stays_empty(ladder, players, organizer):
    """Everybody leaves, one by one: the ladder is empty, and its history says so."""
    for player in players:
        services.ladder_leave(ladder=ladder, player=player, user=organizer, today=DAY)
    assert names(ladder) == []
    assert rebuilt(ladder) == []
    assert LadderChange.objects.filter(ladder=ladder).order_by("-sequence").first().order == []
    services.ladder_join(ladder=ladder, player=players[0], user=organizer, today=DAY)
    assert names(ladder) == ["Anna"]
