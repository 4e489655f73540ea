"""The match page as a visitor reads it: the dice commitment appears as soon as the online
board opens, even for a visitor whose copy of the page was cached before; a round is named as
the results and the brackets name it ("Quarter-finals")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match
from play.services import online_game_open
from tests.conftest import open_matches
from tests.play.conftest import make_online
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _caches(own_caches, settings):
    """Pages cached in this test's caches alone; repeatable dice."""
    settings.CRAWFORD_DICE_SEED = "crawford-tests"


def match_url(match: Match) -> str:
    tournament = match.round.stage.tournament
    return reverse("matches:detail", args=[tournament.club.slug, tournament.slug, match.pk])


def test_a_visitors_cached_match_page_shows_the_dice_commitment_once_the_board_opens(
    client, make_tournament, commit
):
    tournament = make_tournament(4, is_published=True)
    match = make_online(tournament)
    before = client.get(match_url(match)).content.decode()
    assert "Dice commitment" not in before
    # The page is now in the cache for visitors; the first player opens the board.
    online = commit(online_game_open, match=match.pk)
    assert online is not None
    after = client.get(match_url(match)).content.decode()
    assert "Dice commitment" in after
    assert online.state["dice_commitment"] in after


def test_opening_a_board_already_open_changes_no_page(make_tournament, commit):
    tournament = make_tournament(4, is_published=True)
    match = make_online(tournament)
    commit(online_game_open, match=match.pk)
    version = Tournament.objects.get(pk=tournament.pk).version
    commit(online_game_open, match=match.pk)
    assert Tournament.objects.get(pk=tournament.pk).version == version


@pytest.mark.parametrize(
    ("language", "name"), [("en", "Main · Quarter-finals"), ("de", "Hauptrunde · Viertelfinale")]
)
def test_the_match_page_names_its_round_as_the_results_and_the_bracket_do(
    client, make_tournament, play, language, name
):
    """Round 2 of a 16-player bracket is its quarter-finals, on every page."""
    tournament = make_tournament(16, format="single_elimination", is_published=True)
    for match in open_matches(tournament):
        play(match)
    quarter_final = open_matches(tournament)[0]
    assert quarter_final.round.number == 2
    client.cookies["django_language"] = language
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    page = client.get(match_url(quarter_final), **headers).content.decode()
    club, slug = tournament.club.slug, tournament.slug
    results = client.get(reverse("tournaments:results", args=[club, slug]), **headers)
    bracket = client.get(reverse("tournaments:bracket", args=[club, slug, "main"]), **headers)
    title = name.split(" · ")[1]
    assert title in results.content.decode() and title in bracket.content.decode()
    assert name in page
    assert ("Round 2" if language == "en" else "Runde 2") not in page


def test_the_tournament_organize_and_score_sheet_pages_name_rounds_so_too(
    client, make_tournament, play, organizer
):
    tournament = make_tournament(16, format="single_elimination", is_published=True)
    for match in open_matches(tournament):
        play(match)
    client.force_login(organizer)
    club, slug = tournament.club.slug, tournament.slug
    pages = {
        "tournament": reverse("tournaments:detail", args=[club, slug]),
        "organize": reverse("tournaments:manage", args=[club, slug]),
        "score sheets": reverse("tournaments:score_sheets", args=[club, slug, "main", 2]),
        "error rates": reverse("analysis:tournament", args=[club, slug]),
    }
    for page, url in pages.items():
        text = client.get(url).content.decode()
        assert "Main · Quarter-finals" in text, page
        assert "Main · 2<" not in text and "Main · Round 2" not in text, page
