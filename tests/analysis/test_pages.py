"""The match page's analysis panel, the tournament's error rates, the replay page."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from analysis.models import AnalysisMistake, MatchAnalysis, PlayerAnalysis
from analysis.selectors import tournament_error_rates
from tests.analysis.conftest import filed_match, gnubg_faked
from tests.conftest import fresh
from tests.shared import another_club, shared_club

pytestmark = pytest.mark.django_db

#: The levels of the filed matches the tests share: not analysed, at 0-ply, at 1-ply.
LEVELS = (None, 0, 1)


@pytest.fixture(scope="module")
def shared(module_db):
    """The organizer's club and a filed match per level in ``LEVELS`` (each in a club of its
    own, analysed at that level as its file was accepted), built once: the tests read them,
    or change them and are rolled back."""
    organizer, club = shared_club()
    with gnubg_faked():
        matches = {
            plies: filed_match(
                another_club(organizer),  # players of its own
                organizer,
                **({} if plies is None else {"analysis_plies": plies}),
            ).pk
            for plies in LEVELS
        }
    return organizer, club, matches


@pytest.fixture
def organizer(shared):
    return shared[0]


@pytest.fixture
def club(shared):
    return shared[1]


@pytest.fixture
def filed(shared):
    """``filed(analysis_plies=...)``: the shared match filed in a tournament analysing at that
    level (none by default), a copy of the test's own."""

    def make(analysis_plies=None):
        return fresh(shared[2][analysis_plies])

    return make


@pytest.fixture(autouse=True)
def _caches_of_its_own(caches_of_its_own):
    """The tests share the matches (``module_db``)."""


def urls(match):
    t = match.round.stage.tournament
    return {
        "detail": reverse("matches:detail", args=[t.club.slug, t.slug, match.pk]),
        "analyse": reverse("analysis:match_analyse", args=[t.club.slug, t.slug, match.pk]),
        "replay": reverse("analysis:replay", args=[t.club.slug, t.slug, match.pk]),
        "tournament": reverse("analysis:tournament", args=[t.club.slug, t.slug]),
        "tournament_analyse": reverse("analysis:tournament_analyse", args=[t.club.slug, t.slug]),
    }


def test_the_match_page_shows_both_players_figures_and_the_worst_errors(client, filed, fake_gnubg):
    match = filed(analysis_plies=1)
    page = client.get(urls(match)["detail"]).content.decode()
    assert 'data-analysis="done"' in page
    assert "Analysed at 1-ply" in page
    assert ">3.6<" in page and ">2.4<" in page  # Alice's and Bob's error rates
    assert "World class" in page
    assert "Worst errors" in page
    worst = AnalysisMistake.objects.filter(analysis__match=match).first()
    assert f"{worst.position_id}:{worst.match_id}" in page


def test_an_organizer_analyses_at_another_level_from_the_match_page(
    client, filed, fake_gnubg, organizer, django_capture_on_commit_callbacks
):
    match = filed(analysis_plies=0)
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(urls(match)["analyse"], {"plies": "1"})
    assert response.status_code == 302
    analyses = MatchAnalysis.objects.filter(match=match)
    assert sorted(analyses.values_list("plies", flat=True)) == [0, 1]
    page = client.get(urls(match)["detail"] + "?plies=0").content.decode()
    assert "Analysed at 0-ply" in page


def test_a_visitor_sees_no_analyse_button(client, filed, fake_gnubg):
    match = filed()
    analyses = list(MatchAnalysis.objects.values_list("pk", flat=True))  # the other matches'
    page = client.get(urls(match)["detail"]).content.decode()
    assert "This match has not been analysed." in page
    assert urls(match)["analyse"] not in page
    assert client.post(urls(match)["analyse"], {"plies": "0"}).status_code == 302  # log in
    assert not MatchAnalysis.objects.filter(match=match).exists()
    assert list(MatchAnalysis.objects.values_list("pk", flat=True)) == analyses


def test_without_gnubg_the_controls_say_how_to_install_it(client, filed, organizer, settings):
    match = filed()
    settings.GNUBG_PATH = "/nonexistent/gnubg"
    client.force_login(organizer)
    page = client.get(urls(match)["detail"]).content.decode()
    assert 'data-analysis="missing"' in page and "apt-get install gnubg" in page
    assert urls(match)["analyse"] not in page
    table = client.get(urls(match)["tournament"]).content.decode()
    assert "apt-get install gnubg" in table


def test_a_running_analysis_polls_for_its_progress(client, filed, fake_gnubg):
    match = filed()
    MatchAnalysis.objects.create(match=match, plies=2, status="running")
    page = client.get(urls(match)["detail"]).content.decode()
    assert 'data-analysis="running"' in page and 'hx-trigger="every 2s"' in page


def test_a_failed_analysis_shows_its_reason(client, club, organizer, fake_gnubg):
    fake_gnubg.state["fail"] = 99
    match = filed_match(club, organizer, analysis_plies=0)  # its own: analysed as it fails
    page = client.get(urls(match)["detail"]).content.decode()
    assert 'data-analysis="failed"' in page and "boom" in page


def test_the_tournament_table_never_mixes_levels(client, filed, fake_gnubg, commit):
    from analysis.services import analysis_request

    match = filed(analysis_plies=0)
    commit(analysis_request, match=match, plies=1)
    tournament = match.round.stage.tournament
    at0 = {r.entry.player.name: r for r in tournament_error_rates(tournament, plies=0)}
    at1 = {r.entry.player.name: r for r in tournament_error_rates(tournament, plies=1)}
    assert round(at1["Alice"].error_rate, 1) == 3.6
    figures0 = PlayerAnalysis.objects.get(analysis__match=match, plies=0, side=0)
    assert at0["Alice"].error_rate == pytest.approx(figures0.error_rate)
    assert at0["Alice"].error_rate != at1["Alice"].error_rate
    page = client.get(urls(match)["tournament"] + "?plies=1").content.decode()
    assert "1-ply" in page and ">3.6<" in page


def test_matches_under_the_minimum_of_decisions_are_left_out(filed, fake_gnubg, settings):
    match = filed(analysis_plies=0)
    tournament = match.round.stage.tournament
    assert len(tournament_error_rates(tournament, plies=0)) == 2
    settings.ANALYSIS_MIN_DECISIONS = 1000
    assert tournament_error_rates(tournament, plies=0) == []


def test_the_organizer_analyses_the_whole_tournament_and_sees_the_counts(
    client, filed, fake_gnubg, organizer, django_capture_on_commit_callbacks
):
    match = filed()
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(urls(match)["tournament_analyse"], {"plies": "0"}, follow=True)
    assert "1 queued, 0 already done" in response.content.decode()
    page = client.get(urls(match)["tournament"]).content.decode()
    assert "0 queued, 0 running, 1 done, 0 failed" in page


def test_the_replay_page_has_every_position_with_its_ids(client, filed, fake_gnubg):
    match = filed(analysis_plies=0)
    page = client.get(urls(match)["replay"]).content.decode()
    start = page.index('id="replay-frames"')
    frames = json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])
    assert frames[0]["position_id"] == "4HPwATDgc/ABMA"
    assert frames[0]["board"]["pips"] == [167, 167]
    assert frames[-1]["caption"] == "End of the match"
    assert any("loses" in f["note"] for f in frames)
    assert all(f["match_id"] for f in frames)


def replay_opened(client, url: str) -> tuple[list[dict], int]:
    """The frames of the replay page at ``url`` and the one it opens at."""
    page = client.get(url).content.decode()
    start = page.index('id="replay-frames"')
    frames = json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])
    opened = re.search(r'id="online" data-start="(\d+)"', page)
    assert opened, "the replay board names the frame it opens at"
    return frames, int(opened[1])


def test_each_worst_error_links_to_its_move_on_the_replay_board(client, filed, fake_gnubg):
    """A visitor follows a worst error's Position ID to the replay board, which opens at that
    decision: its position, its game and gnubg's note on it."""
    match = filed(analysis_plies=1)
    page = client.get(urls(match)["detail"]).content.decode()
    mistakes = list(AnalysisMistake.objects.filter(analysis__match=match))[:8]
    links = re.findall(r'<a class="replay-link" href="([^"]+)"', page)
    assert len(links) == len(mistakes) >= 2
    opened_at = set()
    for mistake, link in zip(mistakes, links, strict=True):
        assert link.startswith(urls(match)["replay"] + "?") and link.endswith("#online")
        frames, at = replay_opened(client, html.unescape(link))
        frame = frames[at]
        assert (frame["game"]["number"], frame["position_id"]) == (
            mistake.game,
            mistake.position_id,
        )
        assert f"loses {mistake.equity_lost:.3f} EMG" in frame["note"]
        opened_at.add(at)
    assert len(opened_at) == len(mistakes) and 0 not in opened_at
    # Without a decision, or with one the match does not have, it opens at the start.
    assert replay_opened(client, urls(match)["replay"])[1] == 0
    assert replay_opened(client, urls(match)["replay"] + "?game=9&position=x")[1] == 0


def test_an_analysis_that_ends_shows_at_once_on_the_cached_match_page(
    client, filed, fake_gnubg, commit
):
    from analysis.services import analysis_request

    match = filed()
    url = urls(match)["detail"]
    assert "This match has not been analysed." in client.get(url).content.decode()  # cached
    commit(analysis_request, match=match, plies=1)
    page = client.get(url).content.decode()
    assert 'data-analysis="done"' in page and "Analysed at 1-ply" in page


def test_in_german_the_ratings_are_german_and_numbers_have_a_decimal_comma(
    client, filed, fake_gnubg
):
    match = filed(analysis_plies=1)
    page = client.get(urls(match)["detail"], HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Weltklasse" in page and "World class" not in page
    assert ">3,6<" in page
    replay = client.get(urls(match)["replay"], HTTP_ACCEPT_LANGUAGE="de").content.decode()
    start = replay.index('id="replay-frames"')
    frames = json.loads(replay[replay.index(">", start) + 1 : replay.index("</script>", start)])
    notes = [f["note"] for f in frames if "verliert" in f["note"]]
    assert notes and all(re.search(r"verliert \d+,\d{3} EMG", note) for note in notes), notes
    assert "Positions-ID und Match-ID kopieren" in replay
