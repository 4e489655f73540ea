"""Both players download their recorded match's moves (.mat) and its analysis (JSON)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from analysis.moves import moves_text
from backgammon import matfile
from clubs.models import Player
from tests.analysis.conftest import filed_match, gnubg_faked
from tests.conftest import fresh
from tests.factories import UserFactory
from tests.shared import shared_club

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    """The match analysed at 1-ply, its players with accounts, built once for the tests that
    read it."""
    organizer, club = shared_club()
    with gnubg_faked():
        match = filed_match(club, organizer, analysis_plies=1)
    for entry in (match.entry_a, match.entry_b):
        user = UserFactory(username=f"player{entry.player_id}")
        Player.objects.filter(pk=entry.player_id).update(user=user)
    return match.pk


@pytest.fixture
def analysed(shared, fake_gnubg):
    return fresh(shared)


@pytest.fixture(autouse=True)
def _caches_of_its_own(caches_of_its_own):
    """The tests share the match (``module_db``)."""


def _url(match, name):
    t = match.round.stage.tournament
    return reverse(f"analysis:{name}", args=[t.club.slug, t.slug, match.pk])


def test_both_players_download_the_moves_and_the_analysis(client, analysed):
    for entry in (analysed.entry_a, analysed.entry_b):
        client.force_login(entry.player.user)
        moves = client.get(_url(analysed, "download_moves"))
        assert moves.status_code == 200
        assert moves["Content-Disposition"].startswith("attachment;")
        text = moves.content.decode()
        assert text == moves_text(analysed)
        assert matfile.parse(text).games
        found = client.get(_url(analysed, "download"))
        assert found.status_code == 200 and ".json" in found["Content-Disposition"]
        data = json.loads(found.content)
        assert data["plies"] == 1 and data["level"] == "1-ply"
        alice, bob = data["players"]
        assert (alice["name"], bob["name"]) == ("Alice", "Bob")
        assert round(alice["error_rate_memg"], 1) == 3.6
        assert alice["pr"] == pytest.approx(alice["error_rate_memg"] / 2, abs=1e-3)
        assert data["mistakes"] and all(m["position_id"] for m in data["mistakes"])
    t = analysed.round.stage.tournament
    page = client.get(reverse("matches:detail", args=[t.club.slug, t.slug, analysed.pk]))
    assert _url(analysed, "download") in page.content.decode()


def test_a_level_not_analysed_or_unreadable_says_so(client, analysed):
    for plies in ("0", "7", "x"):
        response = client.get(_url(analysed, "download"), {"plies": plies})
        assert response.status_code == 404
        assert "no finished analysis at that level" in response.content.decode()


def test_a_match_without_moves_has_nothing_to_download(client, make_match):
    match = make_match(length=3, names=("Alice", "Bob"))
    response = client.get(_url(match, "download_moves"))
    assert response.status_code == 404
    assert "no recorded moves" in response.content.decode()
    assert client.get(_url(match, "download")).status_code == 404
