"""A big bracket on a phone: one section (a quarter of the draw, or the final rounds) at a
time, chosen by plain links; a wide screen still gets every round."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def bracket_page(client, tournament, **params):
    url = reverse("tournaments:bracket", args=[tournament.club.slug, tournament.slug, "main"])
    return client.get(url, params).content.decode()


def test_a_64_player_bracket_comes_in_quarters_and_final_rounds(make_tournament, client):
    tournament = make_tournament(64, format="single_elimination", default_length=3)
    page = bracket_page(client, tournament)
    tabs = re.findall(r'<a class="tab" href="\?section=(\d)#bracket"[^>]*>([^<]*)</a>', page)
    assert tabs == [
        ("1", "Quarter 1"),
        ("2", "Quarter 2"),
        ("3", "Quarter 3"),
        ("4", "Quarter 4"),
        ("5", "Final rounds"),
    ]
    assert 'class="bracket sectioned show-1"' in page
    assert 'href="?section=1#bracket" aria-current="true"' in page
    # Every match is on the page (a wide screen shows them all), each in its section: the
    # 32 first-round matches eight to a quarter, the semi-finals and final apart.
    sections = re.findall(r'<li class="bracket-match status-\w+ s(\d)"', page)
    assert len(sections) == 63
    assert [sections[:32].count(str(q)) for q in (1, 2, 3, 4)] == [8, 8, 8, 8]
    assert sections.count("5") == 3

    third = bracket_page(client, tournament, section=3)
    assert 'class="bracket sectioned show-3"' in third
    assert 'href="?section=3#bracket" aria-current="true"' in third
    assert 'class="bracket sectioned show-1"' in bracket_page(client, tournament, section="x")


def test_a_small_bracket_is_one_section(make_tournament, client):
    tournament = make_tournament(8, format="single_elimination", default_length=3)
    page = bracket_page(client, tournament)
    assert "bracket-tabs" not in page and "sectioned" not in page
    assert len(re.findall(r'<li class="bracket-match', page)) == 7


def test_the_sections_read_in_german(make_tournament, client):
    tournament = make_tournament(64, format="single_elimination", default_length=3)
    page = client.get(
        reverse("tournaments:bracket", args=[tournament.club.slug, tournament.slug, "main"]),
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    assert "Viertel 1" in page and "Finalrunden" in page
