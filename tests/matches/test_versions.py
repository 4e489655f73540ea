"""Each result is one change of its tournament's pages: its version rises by exactly one, however
many rows the result writes (a game and its match, a report and the final score it records, a
file and every game in it) and however many services it passes through."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from draw import services as draw_services
from matches.models import Match
from matches.services import (
    match_award_forfeit,
    match_import_file,
    match_import_games,
    match_record_final_score,
    match_record_game,
    report_confirm,
    report_dispute,
    report_submit,
    report_uphold_dispute,
)
from tests.conftest import mat
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@contextmanager
def raises_version_by(match: Match, expected: int) -> Iterator[None]:
    """The version of the match's tournament rises by ``expected`` in the block (the
    service's own transaction: what listeners do once it is committed is another change)."""
    tournament = Tournament.objects.filter(stages__rounds__matches=match)
    before = tournament.values_list("version", flat=True).get()
    yield
    assert tournament.values_list("version", flat=True).get() - before == expected


@pytest.mark.parametrize("length", [5, 1], ids=["a game", "the last game"])
def test_a_game_entered_by_a_referee_is_one_change(make_match, organizer, length):
    match = make_match(length=length)
    with raises_version_by(match, 1):
        match_record_game(match=match.pk, winner=0, kind="gammon", user=organizer)


def test_a_final_score_is_one_change(make_match):
    match = make_match(length=5)
    with raises_version_by(match, 1):
        match_record_final_score(match=match, score_a=5, score_b=3)


def test_a_forfeit_is_one_change(make_match):
    match = make_match(length=5)
    with raises_version_by(match, 1):
        match_award_forfeit(match=match, winner=match.entry_b)


def test_a_confirmed_report_is_one_change(make_match):
    match = make_match(length=5)
    a, b = match.entry_a.player, match.entry_b.player
    with raises_version_by(match, 1):
        report = report_submit(match=match, player=a, score_a=5, score_b=2)
    with raises_version_by(match, 1):  # the report confirmed records the final score
        report_confirm(report=report.pk, by=b)


def test_a_dispute_upheld_is_one_change(make_match):
    match = make_match(length=5)
    a, b = match.entry_a.player, match.entry_b.player
    report = report_submit(match=match, player=a, score_a=5, score_b=2)
    with raises_version_by(match, 1):
        report_dispute(report=report, by=b, score_a=2, score_b=5)
    with raises_version_by(match, 1):
        report_uphold_dispute(report=report.pk)


def test_a_match_file_imported_is_one_change(make_match, organizer):
    match = make_match(length=3, names=("Alice", "Bob"))
    text = mat("gnubg_03pt_s104")
    with raises_version_by(match, 1):
        match_import_file(match=match, text=text, name="s104.mat", user=organizer, swap=False)
    match.refresh_from_db()
    assert match.status == "finished" and match.games.count() > 1


def test_a_players_file_confirmed_is_one_change(make_match):
    match = make_match(length=3, names=("Alice", "Bob"))
    alice, bob = match.entry_a.player, match.entry_b.player
    with raises_version_by(match, 1):  # the file kept as his report
        match_import_file(match=match, text=mat("gnubg_03pt_s104"), swap=False, reported_by=alice)
    report = match.reports.get()
    with raises_version_by(match, 1):  # every game of it recorded
        report_confirm(report=report, by=bob)
    assert match.games.count() > 1


def test_games_sent_together_are_one_change(make_match):
    match = make_match(length=3)
    games = [{"winner": 0, "kind": "single"}, {"winner": 0, "kind": "gammon"}]
    with raises_version_by(match, 1):
        match_import_games(match=match, games=games)


def test_a_correction_is_one_change(make_match, play):
    match = play(make_match(length=5), score=(5, 1))
    with raises_version_by(match, 1):
        draw_services.tournament_correct_final_score(
            match=match.pk, score_a=5, score_b=3, reason="Miscounted"
        )
    with raises_version_by(match, 1):
        draw_services.tournament_correct_games(
            match=match, games=[{"winner": 0, "kind": "backgammon"}] * 2, reason="Games kept"
        )
