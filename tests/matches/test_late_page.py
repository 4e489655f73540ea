"""The late player's page: the director sees the proposed penalty and confirms, changes or
waives it; the match page shows the score it starts at; players may not decide it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

RULE = {
    "late_rule": True,
    "late_grace_minutes": 10,
    "late_penalty_points": 1,
    "late_penalty_minutes": 5,
    "late_forfeit_minutes": 30,
}


def url(match, name):
    tournament = match.round.stage.tournament
    return reverse(
        f"matches:{name}",
        kwargs={"club": tournament.club.slug, "tournament": tournament.slug, "match": match.pk},
    )


def local(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def test_the_director_confirms_the_proposed_penalty_and_the_score_shows_it(
    client, match_of, referee
):
    match = match_of(default_length=5, **RULE)
    assert client.login(username=referee.username, password=PASSWORD)
    page = client.get(url(match, "detail")).content.decode()
    assert url(match, "late") in page and "A player is late" in page
    since = local(timezone.now() - timedelta(minutes=17))
    ask = {"late": match.entry_a_id, "since": since}
    page = client.get(url(match, "late"), ask).content.decode()
    name = match.entry_a.player.name
    assert f"{name} is 17 minutes late" in page
    assert "Proposed: 2 points for" in page and "the match starts at 0–2" in page
    response = client.post(
        url(match, "late"), {**ask, "points": 2, "version": match.version, "action": "confirm"}
    )
    assert response.status_code == 302
    page = client.get(url(match, "detail")).content.decode()
    assert "0 – 2" in page
    assert "Started at 0–2 for lateness" in page
    assert f"{name} was 17 minutes late: penalty of 2 confirmed" in page
    # Decided once: the page says so and offers no second decision.
    page = client.get(url(match, "late"), ask).content.decode()
    assert "Already decided" in page and 'value="confirm"' not in page


def test_a_penalty_larger_than_the_match_is_explained_on_the_page(client, match_of, referee):
    match = match_of(default_length=3, **RULE)
    assert client.login(username=referee.username, password=PASSWORD)
    data = {
        "late": match.entry_b_id,
        "since": local(timezone.now() - timedelta(minutes=25)),
        "points": 3,
        "version": match.version,
        "action": "confirm",
    }
    page = client.post(url(match, "late"), data).content.decode()
    assert "A penalty larger than the match" in page and "At most 2 points" in page
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (0, 0)


def test_a_second_director_is_told_the_first_one_decided(client, match_of, referee):
    match = match_of(default_length=5, **RULE)
    assert client.login(username=referee.username, password=PASSWORD)
    data = {
        "late": match.entry_a_id,
        "since": local(timezone.now() - timedelta(minutes=16)),
        "version": match.version,
    }
    client.post(url(match, "late"), {**data, "action": "waive"})
    page = client.post(url(match, "late"), {**data, "action": "confirm"}, follow=True)
    text = page.content.decode()
    assert "Someone else changed this match a moment ago" in text
    assert "Already decided" in text
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (0, 0)


def test_a_player_may_not_decide_his_own_lateness(client, match_of):
    match = match_of(default_length=5, **RULE)
    user = UserFactory(username="late")
    match.entry_a.player.user = user
    match.entry_a.player.save()
    assert client.login(username="late", password=PASSWORD)
    version = match.version
    response = client.post(
        url(match, "late"),
        {
            "late": match.entry_a_id,
            "since": local(timezone.now() - timedelta(minutes=16)),
            "action": "waive",
        },
    )
    assert response.status_code in (302, 403)
    match.refresh_from_db()
    assert match.version == version


def test_the_tournament_form_sets_the_late_rule_and_refuses_a_forfeit_within_the_grace(
    client, match_of, organizer
):
    from tournaments.forms import TournamentForm

    tournament = match_of(default_length=5).round.stage.tournament
    form = TournamentForm(instance=tournament, tiebreak_labels={})
    data = {
        name: value
        for name, value in ((f.name, f.value()) for f in form)
        if value not in (None, False)
    }
    data.update(late_rule="on", late_grace_minutes=15, late_forfeit_minutes=10)
    form = TournamentForm(data, instance=tournament, tiebreak_labels={})
    assert not form.is_valid()
    assert "The forfeit must come after the minutes of grace" in str(
        form.errors["late_forfeit_minutes"]
    )
    data.update(late_forfeit_minutes=45)
    form = TournamentForm(data, instance=tournament, tiebreak_labels={})
    assert form.is_valid(), form.errors
    rule = form.save().late
    assert (rule.grace, rule.points, rule.every, rule.forfeit_after) == (15, 1, 5, 45)
    assert client.login(username=organizer.username, password=PASSWORD)
    tournament.refresh_from_db()
    page = client.get(
        reverse("tournaments:edit", args=[tournament.club.slug, tournament.slug])
    ).content.decode()
    assert 'name="late_rule"' in page and 'name="late_forfeit_minutes"' in page
