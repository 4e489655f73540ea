"""English dates follow the club's country: a club in Hamburg read in English shows
06/12/2026 and 18:30 (as English is written in Germany and the United Kingdom), a club in the
United States 12/06/2026 and 6:30 p.m.; German reads German everywhere; a club that has not
said its country, and a page of no club, shows the language's own formats."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from clubs.models import Club, Role
from clubs.services import club_update, player_for_user
from config.dates import ClubDatesMiddleware, dates_language
from draw import services as draw_services
from draw.services import round_update
from entries import services as entry_services
from entries.models import Entry
from tests.conftest import committed
from tests.factories import ClubFactory, MembershipFactory
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db

BERLIN = ZoneInfo("Europe/Berlin")
#: Sunday 6 December 2026, 18:30 in Hamburg: the day (6) and the month (12) tell apart.
STARTS = datetime(2026, 12, 6, 18, 30, tzinfo=BERLIN)
#: Sunday 13 December 2026, 20:00: the first round's deadline.
DEADLINE = datetime(2026, 12, 13, 20, 0, tzinfo=BERLIN)

ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9"}
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}

#: What the pages say, per way of writing.
DAY_FIRST = {
    "starts": "6 Dec 2026, 18:30",
    "deadline": "13 Dec 2026, 20:00",
    "short": "06/12/2026",
}
MONTH_FIRST = {
    "starts": "Dec. 6, 2026, 6:30 p.m.",
    "deadline": "Dec. 13, 2026, 8 p.m.",
    "short": "12/06/2026",
}
IN_GERMAN = {
    "starts": "6. Dezember 2026 18:30",
    "deadline": "13. Dezember 2026 20:00",
    "short": "06.12.2026",
}


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """Caches of this test alone: the clubs' countries kept by one test stay out of the
    others."""


def club_in(country: str, organizer, slug: str) -> Club:
    """A club of the organizer's (his player's, whatever clubs he has already)."""
    club = ClubFactory(name=slug.title(), slug=slug, country=country)
    player = player_for_user(user=organizer)
    MembershipFactory(club=club, player=player, role=Role.ORGANIZER)
    return club


def tournament_of(club, organizer):
    """A published Swiss of four that starts at STARTS, its first round due at DEADLINE."""
    tournament = services.tournament_create(
        club=club,
        user=organizer,
        name="Winter Cup",
        format="swiss",
        swiss_rounds=3,
        default_length=5,
        starts_at=STARTS,
        is_published=True,
    )
    services.tournament_open_registration(tournament=tournament)
    for name in ("Anna", "Ben", "Clara", "David"):
        entry_services.entry_add_guest(tournament=tournament, name=name)
    committed(draw_services.tournament_start, tournament=tournament)
    round_ = Round.objects.get(stage__tournament=tournament, number=1)
    round_update(round_=round_, match_format="points", length=5, deadline=DEADLINE)
    tournament.refresh_from_db()
    return tournament


def urls(tournament) -> dict[str, str]:
    club, slug = tournament.club.slug, tournament.slug
    anna = Entry.objects.get(tournament=tournament, player__name="Anna").player
    return {
        "starts": tournament.get_absolute_url(),
        "deadline": reverse("tournaments:round", args=[club, slug, "swiss", 1]),
        "short": reverse("clubs:player", args=[club, anna.pk]),
    }


def shown(client, tournament, headers) -> dict[str, str]:
    """Each page's text, by what it shows."""
    pages = {}
    for what, url in urls(tournament).items():
        response = client.get(url, **headers)
        assert response.status_code == 200, url
        pages[what] = response.content.decode()
    return pages


def assert_written(pages: dict[str, str], expected: dict[str, str], wrong: dict[str, str]):
    for what, text in expected.items():
        assert text in pages[what], (what, text)
        assert wrong[what] not in pages[what], (what, wrong[what])


@pytest.fixture
def hamburg(organizer):
    return tournament_of(club_in("DE", organizer, "hamburg"), organizer)


@pytest.fixture
def boston(organizer):
    return tournament_of(club_in("US", organizer, "boston"), organizer)


def test_a_club_in_hamburg_read_in_english_writes_the_day_first(client, hamburg):
    assert_written(shown(client, hamburg, ENGLISH), DAY_FIRST, MONTH_FIRST)


def test_a_club_in_the_united_states_read_in_english_writes_the_month_first(client, boston):
    assert_written(shown(client, boston, ENGLISH), MONTH_FIRST, DAY_FIRST)


@pytest.mark.parametrize("where", ["hamburg", "boston"])
def test_german_reads_german_everywhere(client, where, request):
    tournament = request.getfixturevalue(where)
    assert_written(shown(client, tournament, GERMAN), IN_GERMAN, DAY_FIRST)


def test_both_clubs_in_one_session_each_in_its_own_way(client, hamburg, boston, organizer):
    """A reader logged in, going from one club to the other and back: each page its club's."""
    client.force_login(organizer)
    assert_written(shown(client, hamburg, ENGLISH), DAY_FIRST, MONTH_FIRST)
    assert_written(shown(client, boston, ENGLISH), MONTH_FIRST, DAY_FIRST)
    assert_written(shown(client, hamburg, ENGLISH), DAY_FIRST, MONTH_FIRST)


def test_a_club_that_has_not_said_its_country_shows_the_languages_own(client, organizer):
    tournament = tournament_of(club_in("", organizer, "somewhere"), organizer)
    assert_written(shown(client, tournament, ENGLISH), MONTH_FIRST, DAY_FIRST)
    assert_written(shown(client, tournament, GERMAN), IN_GERMAN, MONTH_FIRST)


def test_the_page_says_its_english_is_british_where_the_day_comes_first(client, hamburg, boston):
    """The page's language (``<html lang>``) names the English its dates are written in."""
    hamburg_page = client.get(hamburg.get_absolute_url(), **ENGLISH).content.decode()
    boston_page = client.get(boston.get_absolute_url(), **ENGLISH).content.decode()
    assert '<html lang="en-gb">' in hamburg_page
    assert '<html lang="en">' in boston_page
    # Its texts are English's all the same.
    assert "Starts" in hamburg_page and "Starts" in boston_page


def test_a_new_country_shows_at_once_also_on_pages_cached_for_visitors(client, hamburg):
    """Anonymous visitors get pages cached whole; the club's country kept in the cache is
    forgotten when the club is saved."""
    url = hamburg.get_absolute_url()
    assert DAY_FIRST["starts"] in client.get(url, **ENGLISH).content.decode()
    committed(club_update, club=hamburg.club, country="US")
    assert MONTH_FIRST["starts"] in client.get(url, **ENGLISH).content.decode()
    committed(club_update, club=hamburg.club, country="GB")
    assert DAY_FIRST["starts"] in client.get(url, **ENGLISH).content.decode()


def test_a_warm_visit_to_a_club_abroad_still_costs_one_query(
    client, hamburg, django_assert_num_queries
):
    """The club's country is kept in the cache: a page cached whole costs its one query."""
    pages = urls(hamburg)
    for url in pages.values():
        client.get(url, **ENGLISH)
    for what, url in pages.items():
        with django_assert_num_queries(1):
            text = client.get(url, **ENGLISH).content.decode()
        assert DAY_FIRST[what] in text


def test_the_organizer_sets_the_country_in_the_clubs_form(client, organizer):
    club = club_in("", organizer, "harbour")
    tournament = tournament_of(club, organizer)
    client.force_login(organizer)
    edit = reverse("clubs:edit", args=[club.slug])
    form = {
        "name": club.name,
        "slug": club.slug,
        "city": "Hamburg",
        "description": "",
        "rating_points_per_game": "1",
    }
    # In German, the countries are named in German.
    assert ">Deutschland</option>" in client.get(edit, **GERMAN).content.decode()
    response = client.post(edit, {**form, "country": "DE"}, **ENGLISH)
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.country == "DE"
    assert (
        DAY_FIRST["starts"] in client.get(tournament.get_absolute_url(), **ENGLISH).content.decode()
    )


def test_a_new_club_says_its_country_when_it_is_made(client, organizer):
    client.force_login(organizer)
    form = {"name": "Hafen Backgammon", "city": "Hamburg", "country": "DE"}
    response = client.post(reverse("clubs:create"), form, **ENGLISH)
    assert response.status_code == 302
    assert Club.objects.get(name="Hafen Backgammon").country == "DE"


def test_a_country_that_is_none_is_refused_and_nothing_changes(client, organizer):
    club = club_in("DE", organizer, "harbour")
    client.force_login(organizer)
    edit = reverse("clubs:edit", args=[club.slug])
    form = {"name": "Renamed", "slug": club.slug, "rating_points_per_game": "1"}
    for country in ("XX", "EU", "de", "DEU"):
        response = client.post(edit, {**form, "country": country}, **ENGLISH)
        assert response.status_code == 200
        assert "Select a valid choice." in response.content.decode()
    club.refresh_from_db()
    assert (club.name, club.country) == ("Harbour", "DE")


def test_a_page_of_no_club_shows_the_languages_own(hamburg):
    """An address without ``<club>`` (the dashboard, the notifications): the reader's
    language as it is."""
    middleware = ClubDatesMiddleware(lambda request: None)
    request = RequestFactory().get("/dashboard/")
    with translation.override("en"):
        middleware.process_view(request, lambda r: None, (), {})
        assert translation.get_language() == "en"
        middleware.process_view(request, lambda r: None, (), {"club": "no-such-club"})
        assert translation.get_language() == "en"
        middleware.process_view(request, lambda r: None, (), {"club": "hamburg"})
        assert translation.get_language() == "en-gb"


@pytest.mark.parametrize(
    ("language", "country", "dated"),
    [
        ("en", "DE", "en-gb"),
        ("en", "GB", "en-gb"),
        ("en", "AU", "en-gb"),
        ("en", "US", "en"),
        ("en", "PR", "en"),
        ("en", "", "en"),
        ("de", "US", "de"),
        ("de", "DE", "de"),
        ("de", "", "de"),
    ],
)
def test_which_language_writes_the_dates(language, country, dated):
    assert dates_language(language, country) == dated
