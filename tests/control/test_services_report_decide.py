"""The control room's decision on a player's report, as the match's referee: confirmed, or a
dispute upheld; refused unchanged when the match changed since the director saw it."""

from __future__ import annotations

import pytest

from clubs.models import Player
from config.errors import UserError
from control.services import control_report_decide
from matches.models import Match, MatchReport, MatchStatus, ReportStatus
from matches.services import report_dispute, report_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def reported(make_match):
    """The first player reported 5–2 in a 5-point match."""
    match = make_match(length=5)
    report = report_submit(match=match, player=match.entry_a.player, score_a=5, score_b=2)
    match.refresh_from_db()
    return match, report


def director(organizer) -> Player:
    return Player.objects.get(user=organizer)


def test_the_director_confirms_a_report(reported, organizer):
    match, report = reported
    control_report_decide(
        match=match,
        report_id=report.pk,
        action="confirm",
        by=director(organizer),
        user=organizer,
        expected_version=match.version,
    )
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 5, 2)
    assert MatchReport.objects.get(pk=report.pk).status == ReportStatus.CONFIRMED


def test_the_director_upholds_a_dispute_with_the_opponents_score(reported, organizer):
    match, report = reported
    report_dispute(report=report, by=match.entry_b.player, note="I won", score_a=3, score_b=5)
    match.refresh_from_db()
    control_report_decide(
        match=match,
        report_id=report.pk,
        action="uphold",
        by=director(organizer),
        user=organizer,
        expected_version=match.version,
    )
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 3, 5)
    assert match.winner_id == match.entry_b_id


@pytest.mark.parametrize(
    ("action", "stale", "code"),
    [("delete", False, "action"), ("confirm", True, "stale"), ("uphold", True, "stale")],
)
def test_a_decision_refused_changes_nothing(reported, organizer, action, stale, code):
    match, report = reported
    with pytest.raises(UserError) as error:
        control_report_decide(
            match=match,
            report_id=report.pk,
            action=action,
            by=director(organizer),
            user=organizer,
            expected_version=match.version - 1 if stale else match.version,
        )
    assert error.value.code == code
    after = Match.objects.get(pk=match.pk)
    assert (after.status, after.version) == (MatchStatus.READY, match.version)
    assert MatchReport.objects.get(pk=report.pk).status == ReportStatus.PENDING


def test_a_report_without_a_dispute_is_not_upheld(reported, organizer):
    match, report = reported
    with pytest.raises(UserError) as error:
        control_report_decide(
            match=match,
            report_id=report.pk,
            action="uphold",
            by=director(organizer),
            user=organizer,
            expected_version=match.version,
        )
    assert error.value.code == "report_closed"
    assert Match.objects.get(pk=match.pk).status == MatchStatus.READY


def test_a_report_of_another_match_is_not_decided_through_this_one(reported, make_match, organizer):
    match, _report = reported
    other = make_match(length=5, names=("Cleo", "Dirk"))
    foreign = report_submit(match=other, player=other.entry_a.player, score_a=5, score_b=0)
    other.refresh_from_db()
    with pytest.raises(UserError) as error:
        control_report_decide(
            match=match,
            report_id=foreign.pk,
            action="confirm",
            by=director(organizer),
            user=organizer,
            expected_version=match.version,
        )
    assert error.value.code == "not_this_match"
    assert MatchReport.objects.get(pk=foreign.pk).status == ReportStatus.PENDING
    after = Match.objects.get(pk=other.pk)
    assert (after.status, after.version) == (MatchStatus.READY, other.version)
