"""Nobody referees his own match (docs/roles.md, rule 3), on the paths the table does not
take: a referee who plays a match confirms no report of it as a referee, his match file is
his report, the match page offers him a player's forms; and with a recorder chosen, the
players are not led to the clock and cannot slip an action into the recorder's record."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from clubs.models import Membership, Role
from config.errors import UserError
from matches.models import Match, MatchReport
from ratings.models import RatingChange
from recording.models import RecordedAction
from recording.replay import ClockAction
from recording.services import recorded_action_post, recorded_match_mark
from tests.conftest import mat
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def _url(match: Match, name: str, **kwargs) -> str:
    tournament = match.round.stage.tournament
    return reverse(
        name,
        kwargs={
            "club": tournament.club.slug,
            "tournament": tournament.slug,
            "match": match.pk,
            **kwargs,
        },
    )


def _logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice(make_match):
    """Alice plays the club's three-point match against Bob, and referees for the club."""
    match = make_match()
    user = UserFactory(username="alice")
    player = match.entry_a.player
    player.user = user
    player.save()
    Membership.objects.filter(player=player).update(role=Role.REFEREE)
    return match, user


@pytest.fixture
def bob(alice):
    match, _user = alice
    user = UserFactory(username="bob")
    player = match.entry_b.player
    player.user = user
    player.save()
    return user


def _unchanged(match: Match) -> None:
    version = match.version
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b, match.version) == ("ready", 0, 0, version)
    assert not match.games.exists()
    assert not RatingChange.objects.exists()


def test_a_referee_who_plays_the_match_cannot_confirm_his_own_report(
    alice, bob, referee, django_capture_on_commit_callbacks
):
    match, user = alice
    client = _logged_in(user)
    client.post(_url(match, "matches:report"), {"score_a": 3, "score_b": 1})
    report = MatchReport.objects.get(match=match)
    match.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(_url(match, "matches:report_decide", report_id=report.pk, action="confirm"))
    report.refresh_from_db()
    assert report.status == "pending"
    _unchanged(match)
    # Bob disputes it; Alice cannot decide the dispute for herself either.
    _logged_in(bob).post(
        _url(match, "matches:report_decide", report_id=report.pk, action="dispute"),
        {"note": "It was 3-2"},
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(_url(match, "matches:report_decide", report_id=report.pk, action="confirm"))
    report.refresh_from_db()
    assert report.status == "disputed"
    _unchanged(match)
    # Another referee decides it.
    with django_capture_on_commit_callbacks(execute=True):
        _logged_in(referee).post(
            _url(match, "matches:report_decide", report_id=report.pk, action="confirm")
        )
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == ("finished", 3, 1)
    assert RatingChange.objects.filter(match=match).exists()


def test_a_referee_who_plays_the_match_uploads_its_file_as_his_report(
    alice, django_capture_on_commit_callbacks
):
    match, user = alice
    upload = SimpleUploadedFile("match.mat", mat("gnubg_03pt_s104").encode())
    with django_capture_on_commit_callbacks(execute=True):
        response = _logged_in(user).post(
            reverse(
                "matchfiles:upload",
                args=[
                    match.round.stage.tournament.club.slug,
                    match.round.stage.tournament.slug,
                    match.pk,
                ],
            ),
            {"file": upload},
        )
    assert response.status_code == 302
    report = MatchReport.objects.get(match=match)
    assert (report.status, report.score_a, report.score_b) == ("pending", 5, 1)
    _unchanged(match)


def test_the_match_page_offers_a_playing_referee_his_report_not_the_referees_forms(alice, referee):
    match, user = alice
    page = _logged_in(user).get(_url(match, "matches:detail")).content.decode()
    assert _url(match, "matches:report") in page
    assert _url(match, "matches:final_score") not in page
    assert _url(match, "matches:game_add") not in page
    # A referee who does not play it gets the referee's forms.
    page = _logged_in(referee).get(_url(match, "matches:detail")).content.decode()
    assert _url(match, "matches:final_score") in page


def test_with_a_recorder_chosen_only_the_recorder_and_referees_are_led_to_the_clock(
    alice, referee, club
):
    match, user = alice
    clock = _url(match, "recording:clock")
    assert clock in _logged_in(user).get(_url(match, "matches:detail")).content.decode()
    rita = UserFactory(username="rita")
    MembershipFactory(club=club, player__user=rita, player__name="Rita")
    recorded_match_mark(match=match.pk, recorder=rita)
    for who, led in ((user, False), (rita, True), (referee, True)):
        page = _logged_in(who).get(_url(match, "matches:detail")).content.decode()
        assert (clock in page) is led, who
    assert _logged_in(user).get(clock).status_code == 404


def test_a_player_cannot_slip_an_action_into_the_recorders_record(alice, organizer):
    match, user = alice
    recorded_match_mark(match=match.pk, recorder=organizer)
    recorded_action_post(
        match=match.pk,
        entry=ClockAction("o1", "opening", dice=(3, 1), at=1000),
        after=0,
        user=organizer,
    )
    with pytest.raises(UserError) as refused:
        recorded_action_post(
            match=match.pk,
            entry=ClockAction("p1", "move", side=0, play="8/5 6/5", at=2000),
            after=1,
            user=user,
        )
    assert refused.value.code == "forbidden"
    assert list(RecordedAction.objects.values_list("client_id", flat=True)) == ["o1"]
