"""Tournament night: from the dashboard to my match, and from a round's table to a match."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from draw import services as draw_services
from entries.models import Entry
from matches.models import Match
from tests.conftest import open_matches
from tests.factories import PASSWORD, UserFactory
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def match_url(match):
    tournament = match.round.stage.tournament
    return reverse("matches:detail", args=[tournament.club.slug, tournament.slug, match.pk])


def test_the_dashboard_lists_every_open_match_with_stage_round_length_deadline_and_link(
    client, make_tournament, play, commit
):
    # A main / consolation tournament: Player 001 loses in round 1 and plays the consolation.
    consolation = make_tournament(4, format="main_consolation", default_length=5, name="Cup")
    first, second = open_matches(consolation)
    play(first, winner=first.entry_b)
    play(second)
    cons_match = Match.objects.get(
        round__stage__tournament=consolation, round__stage__kind="consolation", status="ready"
    )
    me = first.entry_a.player
    assert me.pk in (cons_match.entry_a.player_id, cons_match.entry_b.player_id)
    user = UserFactory(username="me")
    me.user = user
    me.save()
    deadline = timezone.make_aware(dt.datetime(2026, 12, 1, 21, 30))
    Round.objects.filter(pk=cons_match.round_id).update(deadline=deadline)

    # And an online match in a second tournament, with me in it.
    online = make_tournament(
        2, start=False, name="Online Night", online_play=True, default_length=3
    )
    Entry.objects.filter(pk=online.entries.first().pk).update(player=me)
    commit(draw_services.tournament_start, tournament=online)
    online_match = open_matches(online)[0]
    assert online_match.is_online

    assert client.login(username="me", password=PASSWORD)
    page = client.get(reverse("dashboard")).content.decode()

    assert "Cup · Consolation · Round 1" in page
    assert "5-point match" in page
    assert "Deadline" in page and "2026" in page
    assert f'href="{match_url(cons_match)}"' in page
    assert "Online Night · Main · Round 1" in page
    board = reverse("online:board", args=["bar", online.slug, online_match.pk])
    assert f'href="{board}"' in page
    assert f'href="{match_url(online_match)}"' in page


def test_the_whole_row_of_a_round_table_links_to_the_match(client, make_tournament):
    tournament = make_tournament(4, name="Cup")
    match = open_matches(tournament)[0]
    url = reverse("tournaments:round", args=["bar", tournament.slug, "main", 1])
    page = client.get(url).content.decode()
    rows = [row for row in page.split("<tr")[1:] if match.entry_a.player.name in row]
    row = rows[0].split("</tr>")[0]
    assert "linked" in row
    assert f'<a class="row-link" href="{match_url(match)}"' in row
