"""Seasons: a club's series of tournaments, its table, and the organizer's forms."""

from __future__ import annotations

import itertools

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Role
from config.dates import club_country
from config.errors import UserError
from standings.placings import Place, player_places
from standings.seasons import season_table
from standings.selectors import swiss_standings
from tests.conftest import open_matches
from tests.factories import (
    PASSWORD,
    MembershipFactory,
    SeasonFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import Tournament, TournamentStatus
from tournaments.services import season_create, season_set_tournaments

pytestmark = pytest.mark.django_db


def play_all(tournament, play, winner_of=lambda m: m.entry_a):
    while matches := open_matches(tournament):
        for match in matches:
            play(match, winner=winner_of(match))
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    return tournament


def players_of(tournament) -> dict[str, int]:
    return dict(tournament.entries.values_list("player__name", "player_id"))


def by_name(tournament, placings) -> dict[str, Place]:
    names = {pk: name for name, pk in players_of(tournament).items()}
    return {names[pk]: place for pk, place in placings[tournament.pk].items()}


def test_elimination_places_come_from_the_bracket(make_tournament, play):
    knockout = play_all(make_tournament(4, format="single_elimination", name="Knockout"), play)
    consolation = play_all(
        make_tournament(6, format="main_consolation", name="Consolation"),
        play,
        winner_of=lambda m: max((m.entry_a, m.entry_b), key=lambda e: e.seed),  # upsets
    )
    placings = player_places([knockout, consolation])
    assert by_name(knockout, placings) == {
        "Player 001": Place(1, 1),
        "Player 002": Place(2, 2),
        "Player 003": Place(3, 4),
        "Player 004": Place(3, 4),
    }
    consolation_places = by_name(consolation, placings)
    assert len(consolation_places) == 6
    champion = [name for name, place in consolation_places.items() if place.first == 1]
    assert len(champion) == 1
    # The lower seed won every match: seed 6 is champion of the main flight.
    assert champion == ["Player 006"]


@pytest.mark.parametrize(
    "options", [{"format": "swiss", "swiss_rounds": 3}, {"format": "round_robin"}]
)
def test_swiss_and_round_robin_places_are_the_final_standings(make_tournament, play, options):
    tournament = play_all(
        make_tournament(5, **options),
        play,
        winner_of=lambda m: m.entry_a if (m.entry_a.seed + m.entry_b.seed) % 3 else m.entry_b,
    )
    places = player_places([tournament])[tournament.pk]
    rows = swiss_standings(tournament)
    entries = dict(tournament.entries.values_list("pk", "player_id"))
    assert {entries[row.player]: row.rank for row in rows} == {
        player: place.first for player, place in places.items()
    }


def test_the_season_table_adds_points_for_places_and_taking_part(make_tournament, play, club):
    season = season_create(
        club=club, name="Monday series", placing_points=[10, 7, 5, 3, 1], participation_points=2
    )
    knockout = play_all(make_tournament(4, format="single_elimination", name="January"), play)
    swiss = play_all(make_tournament(5, format="swiss", swiss_rounds=3, name="February"), play)
    running = make_tournament(4, format="single_elimination", name="March")
    season_set_tournaments(season=season, tournament_ids=[knockout.pk, swiss.pk, running.pk])

    table = season_table(season)

    assert [t.name for t in table.tournaments] == ["January", "February", "March"]
    assert table.counted == 2
    knockout_points = {"Player 001": 12, "Player 002": 9, "Player 003": 7, "Player 004": 7}
    swiss_names = {pk: name for name, pk in players_of(swiss).items()}
    entries = dict(swiss.entries.values_list("pk", "player_id"))
    swiss_points = {
        swiss_names[entries[row.player]]: [10, 7, 5, 3, 1][row.rank - 1] + 2
        for row in swiss_standings(swiss)
    }
    expected = {
        name: knockout_points.get(name, 0) + swiss_points.get(name, 0)
        for name in set(knockout_points) | set(swiss_points)
    }
    assert {row.name: row.points for row in table.rows} == expected
    assert [row.points for row in table.rows] == sorted(expected.values(), reverse=True)
    assert table.rows[0].rank == 1
    fifth = next(row for row in table.rows if row.name == "Player 005")
    assert fifth.played == 1 and fifth.cells[0] is None and fifth.cells[2] is None
    for position, (above, row) in enumerate(itertools.pairwise(table.rows), start=2):
        tied = (above.points, above.best) == (row.points, row.best)
        assert row.rank == (above.rank if tied else position)


def test_a_season_only_holds_tournaments_of_its_club(club):
    season = SeasonFactory(club=club)
    foreign = TournamentFactory()
    with pytest.raises(UserError):
        season_set_tournaments(season=season, tournament_ids=[foreign.pk])
    with pytest.raises(UserError):
        season_create(club=club, name="Bad", placing_points=[10, -1])


def test_the_organizer_creates_a_season_and_assigns_tournaments(client, club, organizer):
    january = TournamentFactory(club=club, name="January", status="finished")
    other_season = SeasonFactory(club=club, name="Old series")
    february = TournamentFactory(club=club, name="February", season=other_season)
    client.login(username=organizer.username, password=PASSWORD)

    form = client.get(reverse("clubs:season_create", kwargs={"club": club.slug}))
    assert "February (now in Old series)" in form.content.decode()
    response = client.post(
        reverse("clubs:season_create", kwargs={"club": club.slug}),
        {
            "name": "Spring series",
            "placing_points": "10, 7, 5",
            "participation_points": "1",
            "tournaments": [january.pk, february.pk],
        },
    )
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Spring series" in page and "January" in page and "10, 7, 5" in page
    assert set(Tournament.objects.filter(season__name="Spring series")) == {january, february}

    edit = reverse("clubs:season_edit", kwargs={"club": club.slug, "season": "spring-series"})
    response = client.post(
        edit, {"name": "Spring", "placing_points": "ten", "participation_points": "0"}
    )
    assert "Enter whole numbers" in response.content.decode()
    response = client.post(
        edit,
        {"name": "Spring", "placing_points": "12, 8", "participation_points": "0"},
    )
    assert response.status_code == 302
    assert not Tournament.objects.filter(season__name="Spring").exists()  # none ticked


def test_only_organizers_manage_seasons(client, club):
    season = SeasonFactory(club=club)
    urls = [
        reverse("clubs:season_create", kwargs={"club": club.slug}),
        reverse("clubs:season_edit", kwargs={"club": club.slug, "season": season.slug}),
    ]
    for url in urls:
        assert client.get(url).status_code == 302  # to the log-in
    member = UserFactory(username="pete")
    MembershipFactory(club=club, player__user=member, role=Role.PLAYER)
    client.login(username="pete", password=PASSWORD)
    for url in urls:
        assert client.get(url).status_code == 403
        assert client.post(url, {"name": "Mine"}).status_code == 403
    detail = client.get(reverse("clubs:season", kwargs={"club": club.slug, "season": season.slug}))
    assert detail.status_code == 200
    assert "Edit season" not in detail.content.decode()


def test_unpublished_tournaments_stay_out_of_the_public_table(client, club, organizer):
    season = SeasonFactory(club=club)
    TournamentFactory(club=club, season=season, name="Secret", is_published=False)
    TournamentFactory(club=club, season=season, name="Open night", status="running")
    url = reverse("clubs:season", kwargs={"club": club.slug, "season": season.slug})
    page = client.get(url).content.decode()
    assert "Open night" in page and "Secret" not in page
    client.login(username=organizer.username, password=PASSWORD)
    assert "Secret" in client.get(url).content.decode()


def test_the_season_page_queries_do_not_grow_with_tournaments(make_tournament, play, client, club):
    season = SeasonFactory(club=club)
    url = reverse("clubs:season", kwargs={"club": club.slug, "season": season.slug})
    first = play_all(make_tournament(4, format="single_elimination", name="One"), play)
    season_set_tournaments(season=season, tournament_ids=[first.pk])
    club_country(club.slug)  # read once, then kept for every page (config.dates)
    with CaptureQueriesContext(connection) as small:
        client.get(url)
    more = [
        play_all(make_tournament(8, format="single_elimination", name="Two"), play),
        play_all(make_tournament(5, format="swiss", swiss_rounds=2, name="Three"), play),
    ]
    season_set_tournaments(season=season, tournament_ids=[first.pk] + [t.pk for t in more])
    with CaptureQueriesContext(connection) as large:
        page = client.get(url).content.decode()
    assert len(large) == len(small) <= 8
    assert "Three" in page and "Player 008" in page


def test_private_clubs_hide_their_seasons(client):
    private_season = SeasonFactory(club__is_private=True)
    url = reverse(
        "clubs:season", kwargs={"club": private_season.club.slug, "season": private_season.slug}
    )
    assert client.get(url).status_code == 404
