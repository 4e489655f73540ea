"""Result entry through the services: what is accepted, what is refused and with which words."""

from __future__ import annotations

import pytest

from config.errors import UserError
from matches.models import Game, MatchStatus
from matches.services import match_record_final_score, match_record_game

pytestmark = pytest.mark.django_db


def refused(fn, **kwargs) -> UserError:
    with pytest.raises(UserError) as excinfo:
        fn(**kwargs)
    return excinfo.value


def test_games_add_up_and_the_match_ends_at_its_length(match_of, commit):
    match = match_of(default_length=5)
    match_record_game(match=match, winner=0, kind="gammon", cube=2)  # 4-0
    match_record_game(match=match, winner=1, kind="single", cube=1)  # 4-1
    commit(match_record_game, match=match, winner=0, kind="single", cube=1)  # Crawford game: 5-1
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (5, 1)
    assert match.status == MatchStatus.FINISHED
    assert match.winner == match.entry_a
    assert [g.points for g in match.games.all()] == [4, 1, 1]


def test_best_of_three_counts_every_game_as_one(match_of):
    match = match_of(match_format="games", default_length=3)
    match_record_game(match=match, winner=1, kind="backgammon")
    match_record_game(match=match, winner=1, kind="gammon")
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (0, 2)
    assert match.status == MatchStatus.FINISHED


@pytest.mark.parametrize(
    ("options", "games", "field", "words"),
    [
        (
            {"match_format": "games", "default_length": 3},
            [dict(winner=0, cube=2)],
            "cube",
            "without the doubling cube",
        ),
        (
            {"default_length": 5, "cube_enabled": False},
            [dict(winner=0, cube=2)],
            "cube",
            "without the doubling cube",
        ),
        ({"default_length": 5, "max_cube": 8}, [dict(winner=0, cube=16)], "cube", "above 8"),
        (
            {"default_length": 3},
            [dict(winner=0, kind="gammon", cube=1), dict(winner=1, cube=2)],
            "cube",
            "Crawford game",
        ),
        (
            {"default_length": 5},
            [dict(winner=0, kind="gammon", ended_by="drop", cube=2)],
            "kind",
            "single game",
        ),
        ({"default_length": 1}, [dict(winner=0), dict(winner=1)], None, "already over"),
    ],
)
def test_refused_games_say_why_and_change_nothing(match_of, options, games, field, words):
    match = match_of(**options)
    *good, bad = games
    for game in good:
        match_record_game(match=match, **game)
    before = (Game.objects.filter(match=match).count(), match.version)
    match.refresh_from_db()
    version = match.version
    error = refused(match_record_game, match=match, **bad)
    assert words in " ".join(error.messages)
    if field:
        assert error.field == field
    match.refresh_from_db()
    assert Game.objects.filter(match=match).count() == before[0]
    assert match.version == version


@pytest.mark.parametrize(
    ("options", "score", "ok"),
    [
        ({"default_length": 7}, (7, 4), True),
        ({"default_length": 7}, (4, 8), True),
        ({"default_length": 7}, (7, 7), False),
        ({"default_length": 7}, (6, 4), False),
        ({"match_format": "games", "default_length": 3}, (2, 1), True),
        ({"match_format": "games", "default_length": 3}, (3, 1), False),
        ({"match_format": "games", "default_length": 3}, (2, 2), False),
    ],
)
def test_final_scores_the_format_can_reach(match_of, options, score, ok):
    match = match_of(**options)
    if ok:
        match_record_final_score(match=match, score_a=score[0], score_b=score[1])
        match.refresh_from_db()
        assert match.status == MatchStatus.FINISHED
        assert (match.score_a, match.score_b) == score
    else:
        error = refused(match_record_final_score, match=match, score_a=score[0], score_b=score[1])
        assert error.field == "score"
        assert "cannot end" in " ".join(error.messages) or "exactly" in " ".join(error.messages)
        match.refresh_from_db()
        assert match.status == MatchStatus.READY


def test_a_stale_version_is_refused(match_of):
    match = match_of(default_length=5)
    seen = match.version  # both referees opened the page at this version
    match_record_game(match=match, winner=0, expected_version=seen)
    error = refused(match_record_game, match=match, winner=1, expected_version=seen)
    assert error.code == "stale"
    assert match.games.count() == 1


def test_nothing_can_be_entered_for_a_match_without_both_players(make_tournament):
    tournament = make_tournament(4, format="single_elimination")
    final = tournament.stages.get(kind="main").rounds.get(number=2).matches.get()
    error = refused(match_record_final_score, match=final, score_a=5, score_b=0)
    assert error.code == "not_ready"
