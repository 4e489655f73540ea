"""The draw's services called directly: what follows a result (the bus calls it once the result
is committed; here it is called before, by hand), a withdrawn player's open matches forfeited,
and a bye on request taken back. What each writes, and what it refuses unchanged."""

from __future__ import annotations

import pytest

from config.errors import UserError
from draw import services as draw_services
from draw.services.entries import entry_forfeit_open_matches
from entries.models import Entry
from matches.models import Match, MatchOutcome, MatchStatus
from matches.services import match_record_final_score
from tests.conftest import open_matches
from tournaments.models import Round, RoundStatus, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


def status_of(tournament: Tournament) -> str:
    return Tournament.objects.get(pk=tournament.pk).status


def test_the_last_result_finishes_the_tournament_once(make_tournament):
    tournament = make_tournament(2, default_length=3)
    (final,) = open_matches(tournament)
    match_record_final_score(match=final, score_a=3, score_b=1)  # not committed: nothing follows
    assert status_of(tournament) == TournamentStatus.RUNNING
    version = Tournament.objects.get(pk=tournament.pk).version
    assert draw_services.tournament_advance(match_id=final.pk) is True
    assert status_of(tournament) == TournamentStatus.FINISHED
    assert Round.objects.get(stage__tournament=tournament).status == RoundStatus.FINISHED
    assert Tournament.objects.get(pk=tournament.pk).version > version
    # called again (a delivery run twice), it finds nothing to do
    version = Tournament.objects.get(pk=tournament.pk).version
    assert draw_services.tournament_advance(match_id=final.pk) is False
    assert Tournament.objects.get(pk=tournament.pk).version == version


def test_the_semi_finals_results_fill_the_final(make_tournament):
    tournament = make_tournament(4, default_length=3)
    semis = open_matches(tournament)
    winners = set()
    for semi in semis:
        match_record_final_score(match=semi, score_a=1, score_b=3)
        winners.add(semi.entry_b_id)
    assert draw_services.tournament_advance(match_id=semis[-1].pk) is True
    (final,) = open_matches(tournament)
    assert {final.entry_a_id, final.entry_b_id} == winners
    assert status_of(tournament) == TournamentStatus.RUNNING


def test_advancing_from_an_open_match_or_none_changes_nothing(make_tournament):
    tournament = make_tournament(4, default_length=3)
    semi = open_matches(tournament)[0]
    version = Tournament.objects.get(pk=tournament.pk).version
    assert draw_services.tournament_advance(match_id=semi.pk) is False
    assert draw_services.tournament_advance(match_id=10**9) is False
    assert Tournament.objects.get(pk=tournament.pk).version == version
    assert len(open_matches(tournament)) == 2


def swiss(make_tournament, players=4):
    return make_tournament(players, format="swiss", swiss_rounds=3)


def test_a_withdrawn_players_open_match_goes_to_the_opponent(make_tournament, organizer):
    tournament = swiss(make_tournament)
    match = open_matches(tournament)[0]
    leaving, staying = match.entry_a, match.entry_b
    entry_forfeit_open_matches(tournament=tournament, entry=leaving, user=organizer)
    match.refresh_from_db()
    assert (match.status, match.outcome, match.winner_id) == (
        MatchStatus.FINISHED,
        MatchOutcome.FORFEIT,
        staying.pk,
    )
    others = Match.objects.filter(round__stage__tournament=tournament).exclude(pk=match.pk)
    assert {m.status for m in others} == {MatchStatus.READY}  # the other match is left alone


def test_a_player_without_open_matches_forfeits_nothing(make_tournament, organizer):
    tournament = swiss(make_tournament)
    match = open_matches(tournament)[0]
    match_record_final_score(match=match, score_a=5, score_b=0)
    before = list(Match.objects.order_by("pk").values_list("pk", "status", "outcome", "version"))
    entry_forfeit_open_matches(tournament=tournament, entry=match.entry_b, user=organizer)
    after = list(Match.objects.order_by("pk").values_list("pk", "status", "outcome", "version"))
    assert after == before


def test_a_bye_on_request_is_taken_back(make_tournament):
    tournament = swiss(make_tournament)
    entry = Entry.objects.get(tournament=tournament, seed=1)
    draw_services.entry_request_bye(entry=entry, round_number=2, points=1)
    draw_services.entry_request_bye(entry=entry, round_number=3, points=0)
    draw_services.entry_cancel_bye(entry=entry, round_number=2)
    entry.refresh_from_db()
    assert entry.requested_byes == {"3": 0}


def test_a_bye_not_asked_for_is_not_taken_back(make_tournament):
    tournament = swiss(make_tournament)
    entry = Entry.objects.get(tournament=tournament, seed=1)
    draw_services.entry_request_bye(entry=entry, round_number=3, points=1)
    with pytest.raises(UserError) as error:
        draw_services.entry_cancel_bye(entry=entry, round_number=2)
    assert error.value.code == "no_bye"
    entry.refresh_from_db()
    assert entry.requested_byes == {"3": 1}


def test_a_bye_for_a_round_drawn_since_is_not_taken_back(make_tournament):
    tournament = swiss(make_tournament)
    entry = Entry.objects.get(tournament=tournament, seed=1)
    # asked for round 1 before it was drawn (written as the service would have)
    Entry.objects.filter(pk=entry.pk).update(requested_byes={"1": 1})
    entry.refresh_from_db()
    with pytest.raises(UserError) as error:
        draw_services.entry_cancel_bye(entry=entry, round_number=1)
    assert error.value.code == "round_drawn"
    entry.refresh_from_db()
    assert entry.requested_byes == {"1": 1}


def test_only_a_running_swiss_takes_a_bye_back(make_tournament):
    tournament = make_tournament(4, format="single_elimination")
    entry = Entry.objects.get(tournament=tournament, seed=1)
    Entry.objects.filter(pk=entry.pk).update(requested_byes={"2": 0})
    entry.refresh_from_db()
    with pytest.raises(UserError) as error:
        draw_services.entry_cancel_bye(entry=entry, round_number=2)
    assert error.value.code == "not_swiss"
    entry.refresh_from_db()
    assert entry.requested_byes == {"2": 0}
