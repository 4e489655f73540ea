"""An organizer designates a match as recorded (its recorder and clock settings); the match
page leads to the clock; the finished match's submission pack holds the match file in
eXtreme Gammon's layout with its header tags, the roster, the clock and the analysis."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.urls import reverse

from analysis.models import MatchAnalysis, PlayerAnalysis
from backgammon import matfile
from clubs.models import Role
from matches.models import Match, MatchStatus
from matches.rules import rules_for_match
from recording.models import RecordedMatch
from recording.services import recorded_action_post
from tests.conftest import open_matches
from tests.factories import MembershipFactory, UserFactory

from .simulate import random_entries

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(make_tournament):
    return open_matches(make_tournament(2, default_length=3))[0]


def _url(match, tail=""):
    return f"/clubs/bar/t/{match.round.stage.tournament.slug}/matches/{match.pk}/clock/{tail}"


def test_an_organizer_designates_a_recorded_match_with_its_recorder(match, organizer, club, client):
    recorder = UserFactory(username="rita")
    MembershipFactory(club=club, player__user=recorder, player__name="Rita Recorder")
    client.force_login(organizer)
    page = client.get(_url(match, "designate/"))
    assert "Rita Recorder" in page.content.decode()
    bad = client.post(
        _url(match, "designate/"),
        {"recorder": recorder.pk, "minutes_per_point": 0, "delay_seconds": 12},
    )
    assert bad.status_code == 200 and not RecordedMatch.objects.exists()
    answer = client.post(
        _url(match, "designate/"),
        {"recorder": recorder.pk, "minutes_per_point": 3, "delay_seconds": 10},
    )
    assert answer.status_code == 302
    recorded = RecordedMatch.objects.get(match=match)
    assert (recorded.recorder, recorded.minutes_per_point, recorded.delay_seconds) == (
        recorder,
        3,
        10,
    )
    # The recorder finds the clock on the match page, and may open it.
    client.force_login(recorder)
    detail = client.get(f"/clubs/bar/t/{match.round.stage.tournament.slug}/matches/{match.pk}/")
    text = detail.content.decode()
    assert "Record on the clock" in text and "reserve 3 min per match point" in text
    assert client.get(_url(match)).status_code == 200


def test_a_referee_is_not_the_organizer_who_designates(match, club, client):
    referee = UserFactory(username="ref")
    MembershipFactory(club=club, player__user=referee, role=Role.REFEREE)
    client.force_login(referee)
    assert client.get(_url(match, "designate/")).status_code == 404


def test_the_submission_pack_of_a_finished_recorded_match(match, organizer, client, commit):
    client.force_login(organizer)
    client.post(
        _url(match, "designate/"),
        {"recorder": "", "minutes_per_point": 2, "delay_seconds": 12},
    )
    rules = rules_for_match(Match.objects.get(pk=match.pk))
    entries = random_entries(3, rules=rules, limit=5000, cube=0.2)
    for number, entry in enumerate(entries):
        commit(recorded_action_post, match=match.pk, entry=entry, after=number, user=organizer)
    finished = Match.objects.get(pk=match.pk)
    assert finished.status == MatchStatus.FINISHED
    answer = client.get(_url(match, "submission.zip"))
    assert answer["Content-Type"] == "application/zip"
    pack = zipfile.ZipFile(io.BytesIO(answer.content))
    assert sorted(pack.namelist()) == ["analysis.json", "clock.json", "match.mat", "roster.csv"]
    done = matfile.read(pack.read("match.mat"))
    record = done.record
    assert record.tag("TimeControl") == "2 min per point, 12 s delay"
    assert record.tag("Match ID") == str(match.pk) and record.tag("Player 1") == "Player 001"
    assert len(record.games) == finished.games.count()
    assert done.state.score == (finished.score_a, finished.score_b) and done.state.is_over
    clock = json.loads(pack.read("clock.json"))
    assert clock["delay_seconds"] == 12 and len(clock["actions"]) == len(entries)
    assert "Player 002" in pack.read("roster.csv").decode()
    assert json.loads(pack.read("analysis.json")) == {"analysed": False, "levels": []}
    # Once GNU Backgammon has analysed the match, the pack carries its figures.
    analysis = MatchAnalysis.objects.create(match=finished, plies=2, status="done")
    for side, entry in enumerate((finished.entry_a, finished.entry_b)):
        PlayerAnalysis.objects.create(
            analysis=analysis,
            side=side,
            entry=entry,
            plies=2,
            chequer_decisions=40,
            cube_decisions=10,
            chequer_error=0.2 + side / 10,
            cube_error=0.05,
            luck=0.1,
            rating="Expert",
        )
    again = zipfile.ZipFile(io.BytesIO(client.get(_url(match, "submission.zip")).content))
    figures = json.loads(again.read("analysis.json"))
    assert figures["analysed"] and figures["levels"][0]["plies"] == 2
    assert [p["error_rate_memg"] for p in figures["levels"][0]["players"]] == [5.0, 7.0]
    assert figures["levels"][0]["players"][1]["player"] == "Player 002"
    # Nobody else takes the pack.
    client.force_login(UserFactory(username="nosy"))
    assert client.get(_url(match, "submission.zip")).status_code == 404


def test_an_organizer_ticks_the_rounds_recorded_matches(make_tournament, organizer, client):
    tournament = make_tournament(4, default_length=5)
    first, second = open_matches(tournament)
    round_ = first.round
    page_url = reverse(
        "tournaments:round", args=["bar", tournament.slug, round_.stage.kind, round_.number]
    )
    client.force_login(organizer)
    page = client.get(page_url).content.decode()
    assert "Record these matches" in page and first.entry_a.player.name in page
    post_url = f"/clubs/bar/t/{tournament.slug}/rounds/{round_.pk}/recorded/"
    answer = client.post(
        post_url,
        {"recorded": [second.pk], "minutes_per_point": 2, "delay_seconds": 12, "next": page_url},
    )
    assert answer.status_code == 302 and answer["Location"] == page_url
    assert list(RecordedMatch.objects.values_list("match_id", flat=True)) == [second.pk]
    # Another round's match is not among the choices: nothing changes.
    client.post(post_url, {"recorded": [999999], "minutes_per_point": 2, "delay_seconds": 12})
    assert RecordedMatch.objects.count() == 1
    client.force_login(UserFactory())
    refused = client.post(
        post_url, {"recorded": [first.pk], "minutes_per_point": 2, "delay_seconds": 12}
    )
    assert refused.status_code == 404 and RecordedMatch.objects.count() == 1
