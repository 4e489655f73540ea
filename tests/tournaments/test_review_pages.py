"""The organizer reviews a draft round on its page; players and the public see nothing of it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from draw import services as draw_services
from entries.models import Entry
from tests.factories import PASSWORD
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def t_url(tournament, name, *args):
    return reverse(f"tournaments:{name}", args=[tournament.club.slug, tournament.slug, *args])


@pytest.fixture
def as_organizer(client, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    return client


@pytest.fixture
def drafted(make_tournament):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3, review_rounds=True)
    return tournament, Round.objects.get(stage__tournament=tournament, number=1)


def round_page(client, tournament):
    return client.get(t_url(tournament, "round", "swiss", 1)).content.decode()


def name(entry_id):
    return Entry.objects.get(pk=entry_id).player.name


def test_the_public_sees_nothing_of_a_draft_round(drafted, client):
    tournament, round_ = drafted
    page = round_page(client, tournament)
    assert "Draft pairings" not in page
    assert name(round_.draft[0]["a"]) not in page
    assert "Not drawn yet." in page
    api = client.get(reverse("api:matches", args=[tournament.pk])).json()
    assert api == [] or api.get("results") == []


def test_the_organizer_reviews_swaps_and_publishes(drafted, as_organizer):
    tournament, round_ = drafted
    page = round_page(as_organizer, tournament)
    assert "Draft pairings" in page and "Publish the round" in page
    assert name(round_.draft[0]["a"]) in page
    manage = as_organizer.get(t_url(tournament, "manage")).content.decode()
    assert "Draft: review and publish" in manage

    a1, b2 = round_.draft[0]["a"], round_.draft[1]["b"]
    response = as_organizer.post(
        t_url(tournament, "draft_swap", round_.pk), {"first": "1:1", "second": "2:2"}, follow=True
    )
    assert "The two players are swapped." in response.content.decode()
    round_.refresh_from_db()
    assert round_.draft[0]["a"] == b2 and round_.draft[1]["b"] == a1
    assert "Swapped by the organizer" in round_page(as_organizer, tournament)

    response = as_organizer.post(t_url(tournament, "round_publish", round_.pk), follow=True)
    assert "The round is published" in response.content.decode()
    round_.refresh_from_db()
    assert round_.draft is None and round_.matches.count() == 2


def test_a_garbled_draft_swap_says_so(drafted, as_organizer):
    tournament, round_ = drafted
    before = round_.draft
    response = as_organizer.post(
        t_url(tournament, "draft_swap", round_.pk), {"first": "x", "second": "2:2"}, follow=True
    )
    assert "Choose two players of this round to swap." in response.content.decode()
    round_.refresh_from_db()
    assert round_.draft == before


def test_only_organizers_publish(drafted, client):
    tournament, round_ = drafted
    client.post(t_url(tournament, "round_publish", round_.pk))
    round_.refresh_from_db()
    assert round_.draft is not None and not round_.matches.exists()


def test_the_organizer_switches_review_on_in_the_settings(make_tournament, as_organizer):
    tournament = make_tournament(4, start=False, format="swiss", swiss_rounds=3)
    page = as_organizer.get(t_url(tournament, "edit")).content.decode()
    assert "review rounds before publishing" in page.lower()


def test_a_draft_reads_as_a_draft_with_its_byes_on_request(make_tournament, as_organizer, commit):
    tournament = make_tournament(5, format="swiss", swiss_rounds=3, review_rounds=True)
    round_ = Round.objects.get(stage__tournament=tournament, number=1)
    resting = tournament.entries.get(seed=5)
    draw_services.entry_request_bye(entry=resting, round_number=1, points=1)
    commit(draw_services.round_repair, round_=round_)  # "Pair again": he is left out
    round_.refresh_from_db()
    assert len(round_.draft) == 2
    page = round_page(as_organizer, tournament)
    assert "Draft, not published" in page
    assert "Not drawn yet" not in page  # neither the heading nor an empty table under it
    assert f"Byes on request: {resting.player.name} (1 match point)" in page
    manage = as_organizer.get(t_url(tournament, "manage")).content.decode()
    row = manage.split("Draft: review and publish")[1].split("</tr>")[0]
    assert re.search(
        r"<td class=\"num( minor)?\">2</td>", row
    )  # the draft's two tables, not 0 matches
