"""Each change of the draw raises its tournament's version by exactly one, however many
matches it forfeits, re-routes or re-opens; what finds nothing to do raises nothing (the
reconciler catches every running tournament up over and over)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from draw import services as draw_services
from draw.services.advance import tournament_catch_up
from entries import services as entry_services
from matches.services import match_record_final_score
from tests.conftest import open_matches
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


@contextmanager
def raises_version_by(tournament: Tournament, expected: int) -> Iterator[None]:
    """The tournament's version rises by ``expected`` in the block (the service's own
    transaction: what listeners do once it is committed is another change)."""
    versions = Tournament.objects.filter(pk=tournament.pk).values_list("version", flat=True)
    before = versions.get()
    yield
    assert versions.get() - before == expected


@pytest.mark.parametrize("fmt", ["swiss", "single_elimination"])
def test_a_withdrawal_is_one_change(make_tournament, fmt):
    tournament = make_tournament(4, format=fmt, swiss_rounds=3)
    match = open_matches(tournament)[0]
    with raises_version_by(tournament, 1):  # the entry, the forfeit, the bracket re-routed
        entry_services.entry_withdraw(entry=match.entry_a)
    match.refresh_from_db()
    assert (match.status, match.outcome, match.winner) == ("finished", "forfeit", match.entry_b)


def test_a_reinstatement_is_one_change(make_tournament, commit):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    leaver = open_matches(tournament)[0].entry_a
    commit(entry_services.entry_withdraw, entry=leaver)
    with raises_version_by(tournament, 1):
        entry_services.entry_reinstate(entry=leaver)


def test_a_start_and_its_draw_are_a_change_each(make_tournament, commit):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3, start=False)
    with raises_version_by(tournament, 1):
        draw_services.tournament_start(tournament=tournament)
    first = Round.objects.get(stage__tournament=tournament)
    with raises_version_by(tournament, 1):
        assert draw_services.round_pair(round_id=first.pk) == 2
    with raises_version_by(tournament, 0):  # drawn already: a task run twice changes nothing
        assert draw_services.round_pair(round_id=first.pk) == 0


def test_a_swap_is_one_change(make_tournament):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    first, second = open_matches(tournament)
    with raises_version_by(tournament, 1):
        draw_services.match_swap_players(first=first, first_slot=2, second=second, second_slot=2)


def test_catching_up_raises_the_version_only_when_it_moves_the_tournament(make_tournament, play):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    first, second = open_matches(tournament)
    play(first)
    with raises_version_by(tournament, 0):  # the round is still open: nothing to do
        assert tournament_catch_up(tournament_id=tournament.pk) is False
    # The second result without its listeners: the catch-up closes the round, draws the next.
    match_record_final_score(match=second, score_a=second.length, score_b=0)
    with raises_version_by(tournament, 1):
        assert tournament_catch_up(tournament_id=tournament.pk) is True
    with raises_version_by(tournament, 0):
        assert tournament_catch_up(tournament_id=tournament.pk) is False
