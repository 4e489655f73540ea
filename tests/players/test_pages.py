"""Player profiles, the leaderboard and head-to-head pages as a visitor sees them."""

from __future__ import annotations

import csv
import io
import itertools
import re
from datetime import timedelta

import openpyxl
import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from clubs.models import Membership, Player, Role
from config.dates import club_country
from entries.models import Entry
from ratings.models import ClubRating
from ratings.services import ratings_recompute
from tests.factories import (
    PASSWORD,
    ClubFactory,
    GameFactory,
    GuestFactory,
    MembershipFactory,
    TournamentFactory,
    UserFactory,
    finished_match,
)

pytestmark = pytest.mark.django_db

NOW = timezone.now()
CUBE_RECORD = [
    {"player": 0, "kind": "move", "dice": [3, 1], "play": "8/5 6/5"},
    {"player": 0, "kind": "double", "value": 2},
    {"player": 1, "kind": "take"},
    {"player": 1, "kind": "double", "value": 4},
    {"player": 0, "kind": "drop"},
    {"player": 1, "kind": "win", "value": 2},
]


@pytest.fixture
def club():
    return ClubFactory(name="Bar Club", slug="bar")


@pytest.fixture
def players(club):
    named = [GuestFactory(name=name) for name in ("Ann", "Bob", "Cid")]
    for player in named:
        MembershipFactory(club=club, player=player)
    return named


def league(club, players, matches=3, *, name="Monday", days_ago=10):
    """A finished round robin whose matches Ann mostly wins; ratings recomputed."""
    tournament = TournamentFactory(
        club=club, name=name, slug=name.lower(), status="finished", format="round_robin"
    )
    ann, bob, cid = players
    pairs = [(ann, bob), (ann, cid), (cid, bob), (bob, ann)]
    made = []
    for n in range(matches):
        winner, loser = pairs[n % len(pairs)]
        when = NOW - timedelta(days=days_ago) + timedelta(minutes=n)
        made.append(finished_match(tournament, winner, loser, when, score_a=5, score_b=n % 4))
    for seed, entry in enumerate(Entry.objects.filter(tournament=tournament).order_by("pk"), 1):
        entry.seed = seed
        entry.save()
    ratings_recompute(club_id=club.pk)
    return tournament, made


def profile_url(club, player):
    return reverse("clubs:player", kwargs={"club": club.slug, "player": player.pk})


def test_the_profile_shows_rating_history_results_games_cube_and_tournaments(client, club, players):
    ann, bob, _cid = players
    tournament, matches = league(club, players, matches=4)
    first = matches[0]  # Ann beat Bob 5-0: a gammon, a backgammon and a game with the cube
    GameFactory(match=first, number=1, winner=0, kind="gammon", cube=1, points=2)
    GameFactory(match=first, number=2, winner=0, kind="backgammon", cube=1, points=3)
    GameFactory(match=first, number=3, winner=1, kind="gammon", cube=1, points=2)
    GameFactory(match=first, number=4, winner=0, kind="single", record=CUBE_RECORD)

    page = client.get(profile_url(club, ann)).content.decode()

    rating = ClubRating.objects.get(club=club, player=ann)
    assert f"{rating.rating:.1f}" in page
    assert '<svg class="rating-chart"' in page and "<polyline" in page
    assert "won against Bob" in page  # a tooltip of the chart
    assert 'data-testid="record">2 / 3<' in page  # beat Bob and Cid, lost the last one to Bob
    assert "5-point match" in page
    stats = page.split('data-testid="game-stats"')[1].split("</table>")[0]
    assert '<td class="num">3</td><td class="num">1</td>' in stats  # games won / lost
    assert 'Gammons</th><td class="num">1</td><td class="num">1</td>' in stats
    assert 'Backgammons</th><td class="num">1</td><td class="num">0</td>' in stats
    cube = page.split('data-testid="cube-stats"')[1].split("</dl>")[0]
    assert "Doubles offered</dt><dd>1<" in cube
    assert "taken by the opponent</dt><dd>1<" in cube
    assert "Drops</dt><dd>1<" in cube
    detail = reverse(
        "matches:detail",
        kwargs={"club": club.slug, "tournament": tournament.slug, "match": first.pk},
    )
    assert f'href="{detail}"' in page
    assert profile_url(club, bob) in page
    assert "Monday" in page and "1 of 3" in page  # Ann won the league


def test_a_player_without_rated_matches_starts_at_1500(client, club, players):
    page = client.get(profile_url(club, players[0])).content.decode()
    assert "everyone starts at 1500" in page
    assert "<svg" not in page


def test_a_player_of_another_club_has_no_profile_here(client, club):
    stranger = GuestFactory()
    MembershipFactory(player=stranger)
    assert client.get(profile_url(club, stranger)).status_code == 404


def _count_queries(client, url):
    """The queries of building the page (a visitor's page is cached: emptied first; the
    club's country, kept for every page of the club, read before)."""
    cache.clear()
    caches["pages"].clear()
    club_country(url.split("/")[2])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


# Each with the query of the club pages' version (the cache key); the profile's chouette
# statistics take one more (four when the player sat at a chouette).
PROFILE_QUERIES = 14
LEADERBOARD_QUERIES = 6


def test_profile_queries_do_not_grow_with_matches(
    client, club, players, django_assert_max_num_queries
):
    league(club, players, matches=2, name="Small")
    url = profile_url(club, players[0])
    small = _count_queries(client, url)
    _tournament, matches = league(club, players, matches=24, name="Large", days_ago=5)
    for match in matches[:6]:
        GameFactory(match=match, number=1, record=CUBE_RECORD)
    with django_assert_max_num_queries(PROFILE_QUERIES):
        client.get(url)
    assert _count_queries(client, url) == small


def test_leaderboard_queries_do_not_grow_with_players_or_matches(
    client, club, players, django_assert_max_num_queries
):
    league(club, players, matches=2, name="Small")
    url = reverse("clubs:leaderboard", kwargs={"club": club.slug})
    small = _count_queries(client, url)
    more = [GuestFactory() for _ in range(9)]
    for a, b in itertools.pairwise(more):
        finished_match(
            TournamentFactory(club=club, status="finished"), a, b, NOW - timedelta(days=1)
        )
    league(club, players, matches=20, name="Large", days_ago=5)
    with django_assert_max_num_queries(LEADERBOARD_QUERIES):
        client.get(url)
    assert _count_queries(client, url) == small


def test_the_leaderboard_ranks_sorts_and_filters(client, club, players):
    league(club, players, matches=3)
    veteran, rookie = GuestFactory(name="Vera Veteran"), GuestFactory(name="Rick Rookie")
    old = TournamentFactory(club=club, status="finished", name="Old", slug="old")
    for n in range(3):
        finished_match(old, veteran, rookie, NOW - timedelta(days=800 - n))
    ratings_recompute(club_id=club.pk)
    url = reverse("clubs:leaderboard", kwargs={"club": club.slug})

    page = client.get(url).content.decode()
    assert page.index("Vera Veteran") < page.index("Ann") < page.index("Rick Rookie")
    best = ClubRating.objects.filter(club=club).order_by("-rating").first()
    assert f"{best.rating:.1f}" in page

    by_name = client.get(url, {"sort": "player"}).content.decode()
    assert by_name.index("Ann") < by_name.index("Bob") < by_name.index("Rick Rookie")

    active = client.get(url, {"active": "on"}).content.decode()
    assert "Ann" in active and "Vera Veteran" not in active

    experienced = client.get(url, {"min_experience": "15"}).content.decode()
    assert "Vera Veteran" in experienced and "Cid" not in experienced


def test_the_leaderboard_exports_csv_and_xlsx(client, club, players):
    league(club, players, matches=3)
    url = reverse("clubs:leaderboard", kwargs={"club": club.slug})

    response = client.get(url, {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:4] == ["Rank", "Player", "Rating", "Experience"]
    assert [row[1] for row in rows[1:]] == ["Ann", "Cid", "Bob"]
    assert "<a" not in response.content.decode()

    response = client.get(url, {"_export": "xlsx", "active": "on"})
    assert "spreadsheetml" in response["Content-Type"]
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert [cell.value for cell in sheet[1]][:2] == ["Rank", "Player"]
    assert sheet.max_row == 4


def test_head_to_head_shows_the_score_between_two_players(client, club, players):
    ann, bob, _cid = players
    league(club, players, matches=4)  # Ann beat Bob once, Bob beat Ann once
    url = reverse("clubs:head_to_head", kwargs={"club": club.slug})
    page = client.get(url, {"a": ann.pk, "b": bob.pk}).content.decode()
    score = page.split('data-testid="h2h-score"')[1].split("</section>")[0]
    assert '<span class="value">1</span>' in score
    assert page.count("5-point match") == 2
    same = client.get(url, {"a": ann.pk, "b": ann.pk}).content.decode()
    assert "Choose two different players." in same
    started = client.get(url, {"a": ann.pk}).content.decode()  # "compare with …" on a profile
    assert re.search(r'<input type="text" name="a" value="Ann"', started)
    assert "This field is required" not in started


def test_head_to_head_by_typed_names(client, club, players):
    league(club, players, matches=4)
    url = reverse("clubs:head_to_head", kwargs={"club": club.slug})
    page = client.get(url, {"a": "ann", "b": "Bo"}).content.decode()  # any case, a part
    score = page.split('data-testid="h2h-score"')[1].split("</section>")[0]
    assert "Ann" in score and "Bob" in score
    assert re.search(r'name="b" value="Bob"', page)  # the box shows the whole name
    assert '<option value="Cid">' in page  # a small club's names are suggested


def test_head_to_head_says_which_name_it_cannot_tell(client, club, players):
    GuestFactory(name="Bobby Tables")
    league(club, players, matches=4)
    Membership.objects.create(club=club, player=Player.objects.get(name="Bobby Tables"))
    url = reverse("clubs:head_to_head", kwargs={"club": club.slug})
    nobody = client.get(url, {"a": "Ann", "b": "Zoe"}).content.decode()
    assert "No player of this club is called “Zoe”." in nobody
    assert 'data-testid="h2h-score"' not in nobody
    several = client.get(url, {"a": "Ann", "b": "bob"}).content.decode()
    assert 'data-testid="h2h-score"' in several  # "Bob" exactly, not "Bobby Tables"
    several = client.get(url, {"a": "Ann", "b": "bo"}).content.decode()
    assert "Several players match “bo”: Bob, Bobby Tables. Type more of the name." in several


def test_head_to_head_of_a_big_club_lists_no_names(client, club, players, monkeypatch):
    monkeypatch.setattr("players.forms.SUGGESTIONS_UP_TO", 2)
    league(club, players, matches=2)
    url = reverse("clubs:head_to_head", kwargs={"club": club.slug})
    page = client.get(url).content.decode()
    assert "<datalist" not in page and '<option value="Ann"' not in page and 'name="a"' in page


@pytest.mark.parametrize("name", ["clubs:leaderboard", "clubs:head_to_head", "clubs:seasons"])
def test_private_clubs_hide_their_pages_from_non_members(client, players, name):
    private = ClubFactory(slug="secret", is_private=True)
    member = UserFactory(username="insider")
    MembershipFactory(club=private, player__user=member, role=Role.PLAYER)
    Membership.objects.create(club=private, player=players[0])
    UserFactory(username="outsider")
    urls = [
        reverse(name, kwargs={"club": private.slug}),
        profile_url(private, players[0]),
    ]
    for url in urls:
        assert client.get(url).status_code == 404
    client.login(username="outsider", password=PASSWORD)
    for url in urls:
        assert client.get(url).status_code == 404
    client.login(username="insider", password=PASSWORD)
    for url in urls:
        assert client.get(url).status_code == 200
