"""The organizer orders the tie-breaks: a league may rank head-to-head before the points
difference. The settings form numbers them; the standings apply them in that order."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.browser_form import page_form
from tests.conftest import open_matches
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

#: Seeds (winner, loser): score. Players 1 and 2 both win twice; 1 beat 2, but 2 has the far
#: better points difference (+9 against -3).
RESULTS = {
    (1, 2): (5, 4),
    (3, 1): (5, 0),
    (1, 4): (5, 4),
    (2, 3): (5, 0),
    (2, 4): (5, 0),
    (4, 3): (5, 0),
}


@pytest.fixture
def league(make_tournament, play):
    tournament = make_tournament(
        4,
        format="round_robin",
        default_length=5,
        tiebreaks=["match_wins", "points_difference", "head_to_head"],
    )
    by_seed = {e.seed: e for e in tournament.entries.all()}
    while matches := open_matches(tournament):
        for match in matches:
            pair = (match.entry_a.seed, match.entry_b.seed)
            winner, loser = pair if pair in RESULTS else pair[::-1]
            play(match, winner=by_seed[winner], score=RESULTS[(winner, loser)])
    return tournament


def settings_url(tournament) -> str:
    return reverse("tournaments:edit", args=[tournament.club.slug, tournament.slug])


def standings_order(client, tournament) -> list[str]:
    page = client.get(
        reverse("tournaments:standings", args=[tournament.club.slug, tournament.slug])
    ).content.decode()
    return re.findall(r">(Player 00\d)<", page)


def numbered(html: str) -> list[tuple[str, str]]:
    """(tie-break, number) as the settings form lists them, top to bottom."""
    return re.findall(r'name="tiebreaks-(\w+)" id="\w+" value="(\d*)"', html)


def test_head_to_head_before_points_difference(client, organizer, league):
    assert standings_order(client, league)[:2] == ["Player 002", "Player 001"]
    client.force_login(organizer)
    page = client.get(settings_url(league)).content.decode()
    assert numbered(page)[:3] == [
        ("match_wins", "1"),
        ("points_difference", "2"),
        ("head_to_head", "3"),
    ]
    data = page_form(page).data()
    data["tiebreaks-head_to_head"] = ["2"]
    data["tiebreaks-points_difference"] = ["3"]
    response = client.post(settings_url(league), data)
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.tiebreaks == ["match_wins", "head_to_head", "points_difference"]
    # The form shows them in their new order; the standings apply it.
    page = client.get(settings_url(league)).content.decode()
    assert numbered(page)[:3] == [
        ("match_wins", "1"),
        ("head_to_head", "2"),
        ("points_difference", "3"),
    ]
    assert all(number == "" for _key, number in numbered(page)[3:])
    assert standings_order(client, league)[:2] == ["Player 001", "Player 002"]


def test_a_tiebreak_can_be_left_out_and_added(client, organizer, league):
    client.force_login(organizer)
    data = page_form(client.get(settings_url(league)).content.decode()).data()
    data["tiebreaks-points_difference"] = [""]
    data["tiebreaks-buchholz"] = ["5"]
    assert client.post(settings_url(league), data).status_code == 302
    assert Tournament.objects.get(pk=league.pk).tiebreaks == [
        "match_wins",
        "head_to_head",
        "buchholz",
    ]


@pytest.mark.parametrize(
    ("typed", "error"),
    [("1", "Two tie-breaks have the same number"), ("x", "whole numbers from 1")],
)
def test_a_muddled_order_is_explained_and_changes_nothing(client, organizer, league, typed, error):
    client.force_login(organizer)
    data = page_form(client.get(settings_url(league)).content.decode()).data()
    data["tiebreaks-head_to_head"] = [typed]
    data["name"] = ["Renamed league"]
    response = client.post(settings_url(league), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert error in page
    assert f'name="tiebreaks-head_to_head" id="id_tiebreaks_head_to_head" value="{typed}"' in page
    assert 'value="Renamed league"' in page  # what was typed is kept
    league.refresh_from_db()
    assert league.name != "Renamed league"
    assert league.tiebreaks == ["match_wins", "points_difference", "head_to_head"]
