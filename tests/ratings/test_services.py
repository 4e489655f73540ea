"""Club ratings as stored: updated after every finished match, replayed after corrections."""

from __future__ import annotations

import math
import threading
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone

from backgammon.fibs import RatedMatch, fibs_update, replay
from draw import services as draw_services
from draw.services import tournament_correct_final_score
from matches.models import Match
from matches.services import match_award_forfeit, match_record_final_score
from ratings import services as services_ratings
from ratings.models import ClubRating, RatingChange
from ratings.selectors import club_ratings
from tests.conftest import needs_postgres
from tests.factories import (
    ClubFactory,
    EntryFactory,
    GuestFactory,
    MatchFactory,
    TournamentFactory,
    finished_match,
)
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db

T0 = timezone.now() - timedelta(days=30)


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    def run(fn, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return fn(**kwargs)

    return run


@pytest.fixture
def tournament():
    return TournamentFactory(status="running", format="round_robin", default_length=5)


def ratings_of(club) -> dict[int, tuple[float, int]]:
    return {r.player_id: (r.rating, r.experience) for r in ClubRating.objects.filter(club=club)}


def history_of(club) -> list[tuple]:
    return list(
        RatingChange.objects.filter(club=club)
        .order_by("player_id", "played_at", "match_id")
        .values_list(
            "player_id",
            "match_id",
            "opponent_id",
            "won",
            "length",
            "rating_before",
            "rating_after",
            "experience_after",
            "played_at",
        )
    )


def test_a_result_entered_by_the_referee_moves_both_ratings(tournament, commit):
    match = MatchFactory(round__stage__tournament=tournament, length=5)
    commit(match_record_final_score, match=match, score_a=5, score_b=2)

    club = tournament.club
    winner, loser = match.entry_a.player_id, match.entry_b.player_id
    # Two newcomers (K = 5), equal ratings (P = 1/2), 5 points: 5 * 4 * sqrt(5) / 2 each way.
    step = 5 * 4 * math.sqrt(5) * 0.5
    assert ratings_of(club)[winner] == (pytest.approx(1500 + step), 5)
    assert ratings_of(club)[loser] == (pytest.approx(1500 - step), 5)
    assert club_ratings(club, [winner, loser, 999_999]) == {
        winner: pytest.approx(1522.36, abs=0.01),
        loser: pytest.approx(1477.64, abs=0.01),
        999_999: 1500.0,
    }
    change = RatingChange.objects.get(club=club, player_id=winner)
    assert (change.won, change.length, change.opponent_id) == (True, 5.0, loser)
    assert change.played_at == Match.objects.get(pk=match.pk).finished_at


@pytest.mark.parametrize("upset, exchanged", [(False, 4.49), (True, 6.09)])
def test_the_worked_example_from_stored_ratings(tournament, upset, exchanged):
    """D = 100, n = 7, experienced players (K = 1): the favourite wins 4.49 points, the
    underdog 6.09; what one gains the other loses."""
    club = tournament.club
    favourite, underdog = GuestFactory(), GuestFactory()
    earlier = finished_match(tournament, favourite, underdog, T0)
    # As if both had played for years: 1600 and 1500 with 1000 points of experience.
    for player, opponent, rating in ((favourite, underdog, 1600), (underdog, favourite, 1500)):
        ClubRating.objects.create(club=club, player=player, rating=rating, experience=1000)
        RatingChange.objects.create(
            club=club,
            player=player,
            match=earlier,
            opponent=opponent,
            won=player == favourite,
            length=1000,
            rating_before=rating,
            rating_after=rating,
            experience_after=1000,
            played_at=T0,
        )
    winner, loser = (underdog, favourite) if upset else (favourite, underdog)
    match = finished_match(tournament, winner, loser, T0 + timedelta(hours=1), length=7)
    assert services_ratings.ratings_match_finished(match_id=match.pk)
    ratings = ratings_of(club)
    assert ratings[favourite.pk][0] - 1600 == pytest.approx(
        -exchanged if upset else exchanged, abs=0.005
    )
    assert ratings[underdog.pk][0] - 1500 == pytest.approx(
        exchanged if upset else -exchanged, abs=0.005
    )
    assert ratings[favourite.pk][1] == ratings[underdog.pk][1] == 1007
    change = RatingChange.objects.get(match=match, player=winner)
    assert (change.rating_before, change.experience_after) == (1600 if not upset else 1500, 1007)


def test_equal_players_exchange_the_same_points_either_way(tournament):
    ann, bob, cid, dan = GuestFactory.create_batch(4)
    first = finished_match(tournament, ann, bob, T0)
    second = finished_match(tournament, dan, cid, T0 + timedelta(minutes=1))
    for match in (first, second):
        services_ratings.ratings_match_finished(match_id=match.pk)
    ratings = ratings_of(tournament.club)
    assert ratings[ann.pk][0] - 1500 == pytest.approx(1500 - ratings[bob.pk][0])
    assert ratings[ann.pk] == ratings[dan.pk]
    assert ratings[bob.pk] == ratings[cid.pk]


def test_running_the_update_twice_changes_nothing(tournament):
    match = finished_match(tournament, GuestFactory(), GuestFactory(), T0)
    assert services_ratings.ratings_match_finished(match_id=match.pk) is True
    rows = list(ClubRating.objects.values_list("pk", "rating", "experience", "updated_at"))
    history = history_of(tournament.club)
    assert services_ratings.ratings_match_finished(match_id=match.pk) is False
    assert list(ClubRating.objects.values_list("pk", "rating", "experience", "updated_at")) == rows
    assert history_of(tournament.club) == history
    assert services_ratings.ratings_recompute(club_id=tournament.club_id).changes_written == 0


def test_forfeits_and_byes_are_not_rated(tournament, commit):
    forfeit = MatchFactory(round__stage__tournament=tournament)
    commit(match_award_forfeit, match=forfeit, winner=forfeit.entry_a)
    lucky = EntryFactory(tournament=tournament)
    bye = MatchFactory(
        round=forfeit.round,
        entry_a=lucky,
        entry_b=None,
        winner=lucky,
        status="finished",
        outcome="bye",
        finished_at=T0,
    )
    assert services_ratings.ratings_match_finished(match_id=bye.pk) is False
    assert not ClubRating.objects.exists()
    assert not RatingChange.objects.exists()


def test_a_best_of_three_counts_as_a_three_point_match(tournament):
    ann, bob = GuestFactory(), GuestFactory()
    match = finished_match(tournament, ann, bob, T0, match_format="games", length=3, score_a=2)
    services_ratings.ratings_match_finished(match_id=match.pk)
    won, lost = fibs_update(1500, 1500, 3, 0, 0)
    assert ratings_of(tournament.club) == {
        ann.pk: (pytest.approx(won), 3),
        bob.pk: (pytest.approx(lost), 3),
    }
    assert services_ratings.rated_length("games", 3) == 3.0
    assert services_ratings.rated_length("games", 5, points_per_game=0.5) == 2.5
    assert services_ratings.rated_length("points", 7) == 7.0


def test_the_club_decides_what_a_game_of_best_of_n_counts(tournament):
    tournament.club.rating_points_per_game = 2.0
    tournament.club.save()
    ann, bob = GuestFactory(), GuestFactory()
    match = finished_match(tournament, ann, bob, T0, match_format="games", length=3, score_a=2)
    services_ratings.ratings_match_finished(match_id=match.pk)
    won, lost = fibs_update(1500, 1500, 6, 0, 0)  # a best of 3 counting like 6 points
    assert ratings_of(tournament.club)[ann.pk][0] == pytest.approx(won)
    assert ratings_of(tournament.club)[bob.pk][0] == pytest.approx(lost)


def test_ratings_are_per_club(tournament):
    ann, bob = GuestFactory(), GuestFactory()
    other = TournamentFactory(status="running")
    for t in (tournament, other):
        services_ratings.ratings_match_finished(match_id=finished_match(t, ann, bob, T0).pk)
    services_ratings.ratings_match_finished(
        match_id=finished_match(other, ann, bob, T0 + timedelta(hours=1)).pk
    )
    assert ratings_of(tournament.club)[ann.pk][1] == 5
    assert ratings_of(other.club)[ann.pk][1] == 10


def _league(tournament, players, count=8):
    """``count`` matches among ``players``, one a minute, processed as they finish."""
    matches = []
    for n in range(count):
        a, b = players[n % len(players)], players[(n * 3 + 1) % len(players)]
        if a == b:
            b = players[(n + 1) % len(players)]
        match = finished_match(tournament, a, b, T0 + timedelta(minutes=n), length=3 + n % 5)
        services_ratings.ratings_match_finished(match_id=match.pk)
        matches.append(match)
    return matches


def _clean_replay(club) -> tuple[dict, list]:
    """What a fresh start computes: wipe the stored ratings and recompute."""
    ClubRating.objects.filter(club=club).delete()
    RatingChange.objects.filter(club=club).delete()
    services_ratings.ratings_recompute(club_id=club.pk)
    return ratings_of(club), history_of(club)


def test_a_correction_replays_the_club_in_chronological_order(tournament, commit):
    players = GuestFactory.create_batch(4)
    matches = _league(tournament, players)
    club = tournament.club
    before = ratings_of(club)

    # The referee corrects the second match: the other player won it.
    early = Match.objects.get(pk=matches[1].pk)
    commit(
        tournament_correct_final_score,
        match=early,
        score_a=0,
        score_b=early.length,
        reason="Score sheet read the wrong way round",
    )
    corrected = ratings_of(club)
    history = history_of(club)
    assert corrected != before
    loser_now = RatingChange.objects.get(club=club, match=early, player=early.entry_a.player)
    assert loser_now.won is False

    # Independently: the pure replay of the corrected sequence...
    rows = Match.objects.filter(pk__in=[m.pk for m in matches]).order_by("finished_at", "pk")
    expected = replay(
        RatedMatch(
            m.winner.player_id,
            (m.entry_b if m.winner_id == m.entry_a_id else m.entry_a).player_id,
            m.length,
            m.pk,
        )
        for m in rows.select_related("winner", "entry_a", "entry_b")
    )
    assert {p: r.rating for p, r in expected.items()} == {
        p: pytest.approx(rating) for p, (rating, _e) in corrected.items()
    }
    # ... and a clean recompute from nothing store exactly the same rows.
    assert _clean_replay(club) == (corrected, history)


def test_a_match_that_finishes_out_of_order_is_slotted_in_by_time(tournament):
    players = GuestFactory.create_batch(3)
    _league(tournament, players, count=4)
    late_entry = finished_match(tournament, players[2], players[0], T0 - timedelta(days=1))
    services_ratings.ratings_match_finished(match_id=late_entry.pk)
    club = tournament.club
    stored = ratings_of(club), history_of(club)
    first = RatingChange.objects.filter(club=club).order_by("played_at", "match_id").first()
    assert first.match_id == late_entry.pk and first.rating_before == 1500
    assert _clean_replay(club) == stored


def test_a_result_taken_back_drops_out_of_the_ratings(tournament):
    players = GuestFactory.create_batch(3)
    matches = _league(tournament, players, count=3)
    Match.objects.filter(pk=matches[0].pk).update(status="playing", winner=None, outcome="")
    services_ratings.ratings_match_finished(match_id=matches[0].pk)
    assert not RatingChange.objects.filter(match=matches[0]).exists()
    club = tournament.club
    stored = ratings_of(club), history_of(club)
    assert _clean_replay(club) == stored


def test_recompute_writes_nothing_the_second_time(tournament):
    _league(tournament, GuestFactory.create_batch(4))
    club = tournament.club
    # Damage the stored ratings: a recompute repairs them, a second one has nothing to do.
    ClubRating.objects.filter(club=club).update(rating=1234.0)
    RatingChange.objects.filter(club=club).first().delete()
    first = services_ratings.ratings_recompute(club_id=club.pk)
    assert first.changes_written == 1 and first.matches == 8
    assert services_ratings.ratings_recompute(club_id=club.pk).changes_written == 0
    assert 1234.0 not in [rating for rating, _e in ratings_of(club).values()]


def test_the_management_command_recomputes_one_club_or_all(tournament, capsys):
    _league(tournament, GuestFactory.create_batch(3), count=3)
    other = ClubFactory(slug="empty")
    ClubRating.objects.all().delete()
    call_command("recompute_ratings", "--club", tournament.club.slug)
    out = capsys.readouterr().out
    assert f"{tournament.club.slug}: 3 rated matches, 3 players" in out
    assert ClubRating.objects.filter(club=tournament.club).count() == 3
    call_command("recompute_ratings")
    assert "empty: 0 rated matches" in capsys.readouterr().out
    assert not ClubRating.objects.filter(club=other).exists()
    with pytest.raises(CommandError):
        call_command("recompute_ratings", "--club", "nope")


def test_seeding_by_rating_uses_the_stored_club_ratings(commit):
    club = ClubFactory()
    past = TournamentFactory(club=club, status="running")
    strong, middle, weak = GuestFactory(), GuestFactory(), GuestFactory()
    for n, (winner, loser) in enumerate([(strong, middle), (strong, weak), (middle, weak)]):
        match = finished_match(past, winner, loser, T0 + timedelta(minutes=n))
        services_ratings.ratings_match_finished(match_id=match.pk)

    from clubs.models import Membership

    for player in (weak, middle, strong):
        Membership.objects.get_or_create(club=club, player=player)
    from tests.factories import UserFactory

    tournament = tournament_services.tournament_create(
        club=club, user=UserFactory(), name="Seeded", seeding="rating"
    )
    tournament_services.tournament_open_registration(tournament=tournament)
    for player in (weak, middle, strong):
        EntryFactory(tournament=tournament, player=player)
    commit(draw_services.tournament_start, tournament=tournament)
    seeds = dict(tournament.entries.values_list("player_id", "seed"))
    assert seeds == {strong.pk: 1, middle.pk: 2, weak.pk: 3}


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_simultaneous_updates_of_one_club_are_serialized():
    """Workers rating several matches of a club at the same moment (and one twice) end with
    what a clean replay gives: the club row lock lets one update through at a time."""
    tournament = TournamentFactory(status="running", format="round_robin")
    players = GuestFactory.create_batch(4)
    matches = [
        finished_match(tournament, players[n % 4], players[(n + 1) % 4], T0 + timedelta(minutes=n))
        for n in range(6)
    ]
    barrier = threading.Barrier(len(matches) + 1)
    errors = []

    def run(match_id):
        try:
            barrier.wait()
            services_ratings.ratings_match_finished(match_id=match_id)
        except Exception as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    ids = [m.pk for m in reversed(matches)] + [matches[0].pk]
    threads = [threading.Thread(target=run, args=(pk,)) for pk in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    club = tournament.club
    assert RatingChange.objects.filter(club=club).count() == 12
    stored = ratings_of(club), history_of(club)
    assert _clean_replay(club) == stored


def test_changing_the_clubs_best_of_length_recomputes_the_ratings(tournament, commit):
    from clubs.services import club_update

    ann, bob = GuestFactory(), GuestFactory()
    match = finished_match(tournament, ann, bob, T0, match_format="games", length=3, score_a=2)
    services_ratings.ratings_match_finished(match_id=match.pk)
    commit(club_update, club=tournament.club, rating_points_per_game=2.0)
    won, _lost = fibs_update(1500, 1500, 6, 0, 0)
    assert ratings_of(tournament.club)[ann.pk][0] == pytest.approx(won)
