"""The history names who reported, confirmed, uploaded and entered a result: what a referee
needs when the result is disputed later. The games of one match file make one line."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from clubs.models import Player
from matches.selectors import match_history
from matches.services import (
    match_import_file,
    report_confirm,
    report_dispute,
    report_submit,
    report_uphold_dispute,
)
from tests.conftest import mat
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def zoe_and_ben(make_match):
    """A 3-point match of Zoe Zeller (first) and Ben Baker, each with an account."""
    match = make_match(length=3, names=("Zoe Zeller", "Ben Baker"))
    users = []
    for entry, (first, last) in (
        (match.entry_a, ("Zoe", "Zeller")),
        (match.entry_b, ("Ben", "Baker")),
    ):
        user = UserFactory(username=first.lower(), first_name=first, last_name=last)
        entry.player.user = user
        entry.player.save()
        users.append(user)
    return match, users


def test_a_confirmed_score_names_the_reporter_and_who_confirmed(zoe_and_ben, commit):
    match, (zoe, _ben) = zoe_and_ben
    report = commit(report_submit, match=match, player=match.entry_b.player, score_a=1, score_b=3)
    commit(report_confirm, report=report, by=match.entry_a.player, user=zoe)

    [line] = match_history(match)
    assert line.credits == ("Reported by Ben Baker", "Confirmed by Zoe Zeller")
    assert line.reason == "Reported result confirmed"
    assert line.after == "1–3 (Ben Baker)"


def test_a_players_file_names_its_uploader_and_who_confirmed_it_in_one_line(zoe_and_ben, commit):
    match, (zoe, ben) = zoe_and_ben
    commit(
        match_import_file,
        match=match,
        text=mat("gnubg_03pt_s104"),
        name="club night.mat",
        user=zoe,
        swap=False,
        reported_by=match.entry_a.player,
    )
    report = match.reports.get(status="pending")
    commit(report_confirm, report=report, by=match.entry_b.player, user=ben)

    [line] = match_history(match)  # not one line per game, each "entered by" Ben
    assert line.credits == ("Uploaded by Zoe Zeller", "Confirmed by Ben Baker")
    assert line.reason == "Match file imported: club night.mat"
    assert (line.before, line.after) == ("–", "5–1 (Zoe Zeller)")
    assert line.games_before == "" and line.games_after.startswith("1. ")
    assert line.games_after.count(" · ") == match.games.count() - 1


def test_a_referees_upload_is_one_line_naming_the_uploader(zoe_and_ben, commit, organizer):
    match, (_zoe, _ben) = zoe_and_ben
    commit(match_import_file, match=match, text=mat("gnubg_03pt_s104"), user=organizer, swap=False)
    [line] = match_history(match)
    name = organizer.get_full_name() or organizer.get_username()
    assert line.credits == (f"Uploaded by {name}",)
    assert line.reason == "Match file imported"


def test_a_referee_deciding_a_dispute_is_named_with_the_reporter_and_the_objector(
    zoe_and_ben, commit, referee
):
    match, (_zoe, _ben) = zoe_and_ben
    report = commit(report_submit, match=match, player=match.entry_b.player, score_a=1, score_b=3)
    commit(report_dispute, report=report, by=match.entry_a.player, score_a=3, score_b=1)
    commit(report_uphold_dispute, report=report, user=referee)

    [line] = match_history(match)
    rudi = referee.get_full_name() or referee.get_username()
    assert line.credits == (
        "Reported by Ben Baker",
        "Disputed by Zoe Zeller",
        f"Decided by {rudi}",
    )
    assert line.reason == "Dispute decided: the opponent's score counts"
    assert line.after == "3–1 (Zoe Zeller)"


def test_a_referee_confirming_is_named_as_the_one_who_confirmed(zoe_and_ben, commit, referee):
    match, _users = zoe_and_ben
    report = commit(report_submit, match=match, player=match.entry_b.player, score_a=1, score_b=3)
    rudi = Player.objects.get(user=referee)
    commit(report_confirm, report=report, by=rudi, as_referee=True, user=referee)
    [line] = match_history(match)
    assert line.credits == ("Reported by Ben Baker", f"Confirmed by {rudi.name}")


def test_the_match_page_shows_the_credits_in_german(client, zoe_and_ben, commit):
    match, (zoe, _ben) = zoe_and_ben
    report = commit(report_submit, match=match, player=match.entry_b.player, score_a=1, score_b=3)
    commit(report_confirm, report=report, by=match.entry_a.player, user=zoe)
    tournament = match.round.stage.tournament
    path = reverse("matches:detail", args=[tournament.club.slug, tournament.slug, match.pk])
    page = client.get(path).content.decode()
    assert "Reported by Ben Baker<br>Confirmed by Zoe Zeller" in page
    with translation.override("de"):
        [line] = match_history(match)
    assert line.credits == ("Gemeldet von Ben Baker", "Bestätigt von Zoe Zeller")
