"""The tournament page lists its players 200 at a time: a 2,048-player Swiss's page is not a
list of two thousand names on a phone."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def names(html):
    return re.findall(r"Player (\d{3})", html)


@pytest.mark.parametrize(
    ("language", "page_1", "next_label"),
    [("en", "Page 1 of 2", "Next"), ("de", "Seite 1 von 2", "Nächste")],
)
def test_the_players_come_in_pages_of_200(client, make_tournament, language, page_1, next_label):
    tournament = make_tournament(250, start=False)
    url = tournament.get_absolute_url()
    first = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert names(first) == [f"{n:03d}" for n in range(1, 201)]
    assert "(250)" in first  # the count is of all of them
    assert page_1 in first and f'href="?page=2">{next_label}' in first
    second = client.get(f"{url}?page=2", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert names(second) == [f"{n:03d}" for n in range(201, 251)]
    assert '<ol class="entries columns" start="201">' in second  # numbered on from 201
    # Past the last page: the last page; nonsense: the first.
    assert names(client.get(f"{url}?page=9").content.decode()) == names(second)
    assert names(client.get(f"{url}?page=x").content.decode()) == names(first)


def test_a_small_field_has_no_page_links(client, make_tournament):
    tournament = make_tournament(12, start=False)
    html = client.get(tournament.get_absolute_url()).content.decode()
    assert len(names(html)) == 12 and "(12)" in html
    assert 'class="pagination' not in html
