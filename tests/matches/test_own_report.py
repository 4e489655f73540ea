"""A player who reported his result sees his own report, waiting for the opponent, and can
change it from there: no empty "Report your result" form below it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from matches.models import MatchReport, ReportStatus
from tests.browser_form import page_form
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def url(match, name):
    tournament = match.round.stage.tournament
    return reverse(
        f"matches:{name}",
        kwargs={"club": tournament.club.slug, "tournament": tournament.slug, "match": match.pk},
    )


@pytest.fixture
def reported(client, match_of):
    """Ben reported 5–3 with a note; he is logged in."""
    match = match_of(default_length=5)
    users = []
    for name, entry in (("ben", match.entry_a), ("clara", match.entry_b)):
        user = UserFactory(username=name)
        entry.player.user = user
        entry.player.save()
        users.append(user)
    assert client.login(username="ben", password=PASSWORD)
    client.post(url(match, "report"), {"score_a": 5, "score_b": 3, "note": "close one"})
    return match, users


def test_the_reporter_sees_his_report_and_changes_it_from_there(client, reported):
    match, _users = reported
    page = client.get(url(match, "detail")).content.decode()
    assert "You reported 5–3." in page
    assert "Waiting for your opponent to confirm." in page
    assert "Report your result" not in page  # the empty form under the report is gone
    change = re.search(r"<details class=\"change-report\">.*?</details>", page, re.S)
    assert change and "Change my report" in change.group(0)
    form = page_form(page, action=url(match, "report"))
    data = form.data()
    assert (data["score_a"], data["score_b"], data["note"]) == (["5"], ["3"], ["close one"])

    data.update(score_a=["5"], score_b=["1"])
    client.post(url(match, "report"), data)
    reports = MatchReport.objects.filter(match=match)
    assert [(r.status, r.score_a, r.score_b) for r in reports.order_by("created_at")] == [
        (ReportStatus.REPLACED, 5, 3),
        (ReportStatus.PENDING, 5, 1),
    ]
    assert "You reported 5–1." in client.get(url(match, "detail")).content.decode()


def test_a_refused_change_opens_the_form_with_its_error(client, reported):
    match, _users = reported
    page = client.post(url(match, "report"), {"score_a": 5, "score_b": 5}).content.decode()
    assert '<details class="change-report" open>' in page
    assert "Report your result" not in page
    assert MatchReport.objects.get(match=match, status=ReportStatus.PENDING).score_b == 3


def test_the_opponent_still_confirms_and_sees_no_change_form(client, reported):
    match, (_ben, clara) = reported
    client.logout()
    assert client.login(username=clara.username, password=PASSWORD)
    page = client.get(url(match, "detail")).content.decode()
    assert "reported 5–3." in page and "You reported" not in page
    assert "Change my report" not in page and "Report your result" not in page
