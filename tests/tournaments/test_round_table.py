"""The round page's table of matches: names, scores, winners, byes, why each pairing is so,
the link to each match, in pages of 200."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from benchmarks._swiss_data import build_swiss
from matches.models import Match
from tests.conftest import open_matches
from tests.factories import ClubFactory
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def round_page(client, tournament, number=1, **params):
    url = reverse(
        "tournaments:round", args=[tournament.club.slug, tournament.slug, "swiss", number]
    )
    return client.get(url, params).content.decode()


def rows(page: str) -> list[str]:
    return re.findall(r'<tr class="match.*?</tr>', page, re.S)


def test_a_swiss_round_shows_results_byes_and_why(make_tournament, play, client):
    tournament = make_tournament(5, format="swiss", swiss_rounds=2, default_length=5)
    first = open_matches(tournament)[0]
    first.entry_a.player.name = "Ann <b>& Co"
    first.entry_a.player.save()
    play(first, score=(5, 3))
    page = round_page(client, tournament)
    found = rows(page)
    assert len(found) == 3  # two matches and the bye
    played = next(row for row in found if "Ann" in row)
    assert "Ann &lt;b&gt;&amp; Co" in played and "<b>" not in played
    assert '<td class="winner">Ann' in played
    assert "5 – 3" in played
    url = reverse("matches:detail", args=[tournament.club.slug, tournament.slug, first.pk])
    assert f'href="{url}"' in played
    assert "Finished" in played
    bye = next(row for row in found if "status-finished" in row and "bye" in row)
    assert 'class="badge match-finished"' in bye and "href" not in bye
    # The Swiss says why each pairing is so; the page shows it.
    assert "Why" in page
    assert "Bye: the lowest-ranked player without one" in page


def test_a_round_of_a_thousand_matches_comes_in_pages_of_200(client):
    tournament = build_swiss(ClubFactory(slug="big"), players=512, rounds=1, slug="big-swiss")
    tournament.is_published = True
    tournament.save()
    first = round_page(client, tournament)
    assert len(rows(first)) == 200
    assert "Page 1 of 2" in first
    last = rows(round_page(client, tournament, page=2))
    assert len(last) == 56
    match = Match.objects.get(round__stage__tournament=tournament, index=256)
    assert match.entry_a.player.name in last[-1]
    assert Round.objects.filter(stage__tournament=tournament).count() == 1
