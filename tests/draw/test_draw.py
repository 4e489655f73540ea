"""Draws and bracket advancement end to end through the services (Celery eager)."""

from __future__ import annotations

import pytest

from config.errors import UserError
from draw import services as draw_services
from draw.listeners import advance_after_result
from entries import services as entry_services
from events.types import ResultRecorded
from matches.models import Match, MatchStatus
from tests.conftest import open_matches
from tournaments.models import Round, Stage, TournamentStatus

pytestmark = pytest.mark.django_db


def names(match):
    return (
        match.entry_a.player.name if match.entry_a else None,
        match.entry_b.player.name if match.entry_b else None,
    )


def play_all(tournament, play, *, winner_of=lambda m: m.entry_a):
    """Play every ready match until none is left; return how many were played."""
    played = 0
    while matches := open_matches(tournament):
        for match in matches:
            play(match, winner=winner_of(match))
            played += 1
    return played


def test_single_elimination_of_six_gives_byes_to_the_top_seeds(make_tournament, play):
    tournament = make_tournament(6, format="single_elimination")
    first_round = list(Match.objects.filter(round__number=1).order_by("index"))
    assert len(first_round) == 4
    byes = [m for m in first_round if m.outcome == "bye"]
    assert {m.winner.seed for m in byes} == {1, 2}
    ready = open_matches(tournament)
    assert sorted((m.entry_a.seed, m.entry_b.seed) for m in ready) == [(3, 6), (4, 5)]
    # The top seeds wait in round two for the winners.
    semis = Match.objects.filter(round__number=2).order_by("index")
    waiting = [{e.seed for e in (m.entry_a, m.entry_b) if e} for m in semis]
    assert waiting == [{1}, {2}]
    assert play_all(tournament, play) == 5  # six players, five real matches
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    final = Match.objects.get(round__number=3)
    assert final.winner.seed == 1
    assert all(r.status == "finished" for r in Round.objects.filter(stage__tournament=tournament))


def test_main_consolation_drops_first_round_losers_and_bye_players(make_tournament, play):
    tournament = make_tournament(6, format="main_consolation", default_length=7)
    assert {s.kind for s in Stage.objects.filter(tournament=tournament)} == {
        "main",
        "consolation",
    }
    # Round one: 3 v 6 and 4 v 5; the lower seeds win.
    for match in open_matches(tournament, round__stage__kind="main"):
        play(match, winner=match.entry_b)
    consolation = Match.objects.filter(round__stage__kind="consolation").order_by(
        "round__number", "index"
    )
    dropped = {e.seed for m in consolation for e in (m.entry_a, m.entry_b) if e}
    assert dropped == {3, 4}
    # Seed 1 had a bye and loses its first match: it drops into the consolation too.
    semi = next(m for m in open_matches(tournament) if m.entry_a.seed == 1)
    play(semi, winner=semi.entry_b)
    consolation = Match.objects.filter(round__stage__kind="consolation")
    dropped = {e.seed for m in consolation for e in (m.entry_a, m.entry_b) if e}
    assert 1 in dropped
    play_all(tournament, play)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED


def test_double_elimination_needs_two_losses(make_tournament, play):
    tournament = make_tournament(4, format="double_elimination", grand_final_reset=True)
    losses: dict[int, int] = {}

    def loser_counts(match):
        winner = match.entry_b if match.entry_b.seed == 4 else match.entry_a
        loser = match.entry_a if winner == match.entry_b else match.entry_b
        losses[loser.seed] = losses.get(loser.seed, 0) + 1
        return winner

    play_all(tournament, play, winner_of=loser_counts)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert all(count == 2 for seed, count in losses.items() if seed != 4)
    assert 4 not in losses


def test_swiss_pairs_round_after_round_without_rematches(make_tournament, play):
    tournament = make_tournament(7, format="swiss", swiss_rounds=3, default_length=3)
    met: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        round_ = Round.objects.get(stage__tournament=tournament, number=number)
        matches = list(round_.matches.all())
        assert len(matches) == 4  # three tables and a bye
        assert sum(1 for m in matches if m.outcome == "bye") == 1
        for match in matches:
            if match.entry_b_id:
                pair = frozenset((match.entry_a_id, match.entry_b_id))
                assert pair not in met
                met.add(pair)
        for match in open_matches(tournament):
            play(match)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    byes = Match.objects.filter(round__stage__tournament=tournament, outcome="bye")
    assert len({m.winner_id for m in byes}) == 3


def test_swiss_waits_for_the_organizer_when_auto_pairing_is_off(make_tournament, play):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2, auto_pair_next_round=False)
    with pytest.raises(UserError, match="not finished"):
        draw_services.tournament_pair_next_round(tournament=tournament)
    for match in open_matches(tournament):
        play(match)
    assert not Round.objects.filter(stage__tournament=tournament, number=2).exists()
    round_two = draw_services.tournament_pair_next_round(tournament=tournament)
    draw_services.round_pair(round_id=round_two.pk)
    assert round_two.matches.count() == 2


def test_round_robin_draws_every_fixture_at_once(make_tournament, play):
    tournament = make_tournament(5, format="round_robin", default_length=1)
    rounds = Round.objects.filter(stage__tournament=tournament)
    assert rounds.count() == 5
    pairs = [
        frozenset((m.entry_a_id, m.entry_b_id))
        for m in Match.objects.filter(round__in=rounds, entry_b__isnull=False)
    ]
    assert len(pairs) == len(set(pairs)) == 10
    assert Match.objects.filter(round__in=rounds, outcome="bye").count() == 5
    play_all(tournament, play)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED


def test_the_draw_listeners_are_idempotent(make_tournament, play):
    tournament = make_tournament(8, format="single_elimination")
    first = Round.objects.get(stage__tournament=tournament, number=1, stage__kind="main")
    count = Match.objects.filter(round__stage__tournament=tournament).count()
    assert draw_services.round_pair(round_id=first.pk) == 0
    assert Match.objects.filter(round__stage__tournament=tournament).count() == count
    match = open_matches(tournament)[0]
    play(match)
    snapshot = list(
        Match.objects.filter(round__stage__tournament=tournament)
        .order_by("pk")
        .values_list("entry_a", "entry_b", "status", "winner", "version")
    )
    advance_after_result(ResultRecorded(match_id=match.pk))
    advance_after_result(ResultRecorded(match_id=match.pk))
    assert (
        list(
            Match.objects.filter(round__stage__tournament=tournament)
            .order_by("pk")
            .values_list("entry_a", "entry_b", "status", "winner", "version")
        )
        == snapshot
    )


def test_swiss_round_is_paired_once_even_if_the_listener_runs_twice(make_tournament, play):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2)
    matches = open_matches(tournament)
    for match in matches:
        play(match)
    for match in matches:
        advance_after_result(ResultRecorded(match_id=match.pk))
    assert Round.objects.filter(stage__tournament=tournament).count() == 2
    assert Match.objects.filter(round__number=2).count() == 2


def test_withdrawal_gives_the_opponent_a_walkover(make_tournament, commit):
    tournament = make_tournament(4, format="single_elimination")
    match = open_matches(tournament)[0]
    commit(entry_services.entry_withdraw, entry=match.entry_b)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert match.outcome == "forfeit"
    assert match.winner == match.entry_a
    final = Match.objects.get(round__number=2, round__stage__tournament=tournament)
    assert final.entry_a == match.entry_a


def test_swiss_withdrawn_players_are_not_paired_again(make_tournament, play, commit):
    tournament = make_tournament(5, format="swiss", swiss_rounds=3)
    leaver = open_matches(tournament)[0].entry_b
    commit(entry_services.entry_withdraw, entry=leaver)
    for match in open_matches(tournament):
        play(match)
    round_two = Round.objects.get(stage__tournament=tournament, number=2)
    assert not round_two.matches.filter(entry_a=leaver).exists()
    assert not round_two.matches.filter(entry_b=leaver).exists()
    assert round_two.matches.filter(outcome="bye").count() == 0


def test_repairing_a_round_without_results_draws_it_again(make_tournament, commit):
    tournament = make_tournament(6, format="single_elimination")
    first = Round.objects.get(stage__tournament=tournament, number=1, stage__kind="main")
    a, b = open_matches(tournament)[:2]
    draw_services.match_swap_players(first=a, first_slot=2, second=b, second_slot=2)
    a.refresh_from_db()
    b.refresh_from_db()
    swapped = (a.entry_b_id, b.entry_b_id)
    commit(draw_services.round_repair, round_=first)
    rebuilt = open_matches(tournament)
    assert {m.entry_b_id for m in rebuilt} == set(swapped)


def test_repairing_is_refused_once_results_exist(make_tournament, play):
    tournament = make_tournament(4, format="single_elimination")
    play(open_matches(tournament)[0])
    first = Round.objects.get(stage__tournament=tournament, number=1, stage__kind="main")
    with pytest.raises(UserError, match="already have results"):
        draw_services.round_repair(round_=first)
