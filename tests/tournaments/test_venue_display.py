"""The venue display: a full-screen page for a TV at the venue that cycles through the
bracket, the current round's tables and the standings, refreshing itself."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import open_matches

pytestmark = pytest.mark.django_db


def display_url(tournament, **params):
    url = reverse("tournaments:display", args=[tournament.club.slug, tournament.slug])
    if params:
        url += "?" + "&".join(f"{key}={value}" for key, value in params.items())
    return url


@pytest.fixture
def swiss(make_tournament):
    return make_tournament(4, format="swiss", swiss_rounds=3)


def test_an_anonymous_visitor_sees_the_display_of_a_published_tournament(client, swiss):
    response = client.get(display_url(swiss, seconds=20))
    assert response.status_code == 200
    page = response.content.decode()
    assert swiss.name in page
    assert 'data-seconds="20"' in page
    assert "js/display.js" in page
    assert "css/display.css" in page
    # No inline script or style: the Content-Security-Policy forbids them.
    assert "<script>" not in page and "style=" not in page


def test_a_bad_seconds_parameter_falls_back_to_fifteen(client, swiss):
    page = client.get(display_url(swiss, seconds="soon")).content.decode()
    assert 'data-seconds="15"' in page


def test_a_private_clubs_display_is_hidden_from_a_visitor(client, swiss):
    swiss.club.is_private = True
    swiss.club.save()
    assert client.get(display_url(swiss)).status_code == 404


def test_an_unpublished_tournaments_display_is_hidden_from_a_visitor(client, swiss):
    swiss.is_published = False
    swiss.save()
    assert client.get(display_url(swiss)).status_code == 404


def test_the_organizer_sees_the_display_of_a_private_clubs_tournament(client, swiss, organizer):
    swiss.club.is_private = True
    swiss.club.save()
    client.force_login(organizer)
    assert client.get(display_url(swiss)).status_code == 200


def test_the_display_shows_the_current_rounds_tables_with_scores_and_the_standings(
    client, swiss, play
):
    first, second = open_matches(swiss)
    play(first, score=(7, 3))
    page = client.get(display_url(swiss)).content.decode()
    assert "Round 1" in page
    for match in (first, second):
        assert match.entry_a.player.name in page
        assert match.entry_b.player.name in page
    assert "7 – 3" in page
    assert 'id="display-standings-section"' in page
    assert "Match points" in page
    # A Swiss has no bracket to show.
    assert 'id="display-bracket-section"' not in page


def test_a_knockout_display_has_its_bracket(client, make_tournament):
    tournament = make_tournament(4, format="single_elimination")
    page = client.get(display_url(tournament)).content.decode()
    assert 'id="display-bracket-section"' in page
    assert "Player 001" in page


def test_each_part_polls_and_is_answered_304_until_something_changes(client, swiss, play):
    for part in ("tables", "standings"):
        url = display_url(swiss, part=part)
        first = client.get(url, headers={"HX-Request": "true"})
        assert first.status_code == 200
        assert f'id="display-{part}"' in first.content.decode()
        assert "<html" not in first.content.decode()
        again = client.get(url, headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
        assert again.status_code == 304
    etag = client.get(display_url(swiss, part="tables"), headers={"HX-Request": "true"})["ETag"]
    play(open_matches(swiss)[0], score=(7, 1))
    changed = client.get(
        display_url(swiss, part="tables"), headers={"HX-Request": "true", "If-None-Match": etag}
    )
    assert changed.status_code == 200
    assert "7 – 1" in changed.content.decode()


def test_the_tournament_page_links_to_the_venue_display(client, swiss):
    page = client.get(swiss.get_absolute_url()).content.decode()
    assert display_url(swiss) in page
    assert "Venue display" in page


def test_the_display_speaks_german(client, swiss):
    client.cookies.load({"django_language": "de"})
    page = client.get(display_url(swiss), headers={"Accept-Language": "de"}).content.decode()
    assert "Saalanzeige" in page
    assert "Tische" in page
