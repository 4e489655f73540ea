"""Every organizer's form, saved unchanged, changes nothing, in English and in German.

Each test opens the page, takes the form as a browser would submit it (tests/browser_form.py:
values an input cannot hold are dropped, as browsers drop them) and posts it back. German
date-time inputs used to be rendered as ``30.11.2026 20:00:00``, which a
``<input type=datetime-local>`` rejects; saving the form then erased the date. The tournament
settings form did not show the saved tie-breaks, so saving it erased them."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from clubs.models import Club, Membership, Role
from draw import services as draw_services
from entries.models import Entry
from tests.browser_form import page_form, page_forms, sanitized_values
from tests.factories import GuestFactory, MembershipFactory, UserFactory
from tournaments.models import Round, Season, Tournament

pytestmark = pytest.mark.django_db

BERLIN = ZoneInfo("Europe/Berlin")
LANGUAGES = ["en", "de"]


def state(obj, *related: str) -> dict[str, object]:
    """The stored fields of ``obj`` (and the ids of its ``related`` many-to-many rows), less
    the bookkeeping a save touches: when it was saved, and the tournament's cache version."""
    obj = type(obj).objects.get(pk=obj.pk)
    fields = {
        f.attname: getattr(obj, f.attname)
        for f in obj._meta.concrete_fields
        if f.name not in ("updated_at", "version")
    }
    for name in related:
        fields[name] = sorted(getattr(obj, name).values_list("pk", flat=True))
    return fields


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


def save_unchanged(client, url, language, *, action=None, css_class=None):
    """Open ``url`` in ``language``, submit its form as it stands; the response."""
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    page = client.get(url, **headers)
    assert page.status_code == 200
    html = page.content.decode()
    form = page_form(html, action=action, css_class=css_class)
    response = client.post(form.action or url, form.data(), **headers)
    assert response.status_code == 302, _errors(response)
    return response


def _errors(response) -> str:
    html = response.content.decode()
    return " | ".join(part.split("</p>")[0] for part in html.split('class="error"')[1:]) or html


@pytest.fixture
def tournament(make_tournament, club):
    referee = UserFactory(username="rita")
    MembershipFactory(club=club, player__user=referee, role=Role.REFEREE)
    tournament = make_tournament(
        4,
        start=False,
        format="swiss",
        swiss_rounds=3,
        default_length=7,
        max_cube=16,
        holland=True,
        venue="Café Central",
        description="Erste Zeile\nZweite Zeile",
        starts_at=datetime(2026, 11, 30, 20, 0, tzinfo=BERLIN),
        tiebreaks=["match_wins", "buchholz", "points_difference"],
    )
    tournament.referees.add(referee.player)
    return tournament


@pytest.mark.parametrize("language", LANGUAGES)
def test_tournament_settings(organizer_client, tournament, language):
    before = state(tournament, "referees")
    assert before["tiebreaks"] and before["starts_at"] and before["referees"]
    url = reverse("tournaments:edit", args=[tournament.club.slug, tournament.slug])
    save_unchanged(organizer_client, url, language)
    assert state(tournament, "referees") == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_date_time_inputs_hold_values_the_browser_accepts(
    organizer_client, tournament, make_tournament, language
):
    round_ = Round.objects.filter(stage__tournament=make_tournament(2)).first()
    round_.deadline = datetime(2026, 11, 30, 20, 0, tzinfo=BERLIN)
    round_.save()
    club = tournament.club.slug
    pages = [
        reverse("tournaments:edit", args=[club, tournament.slug]),
        reverse("tournaments:round_edit", args=[club, round_.stage.tournament.slug, round_.pk]),
    ]
    for url in pages:
        html = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert 'value="2026-11-30T20:00"' in html
        assert sanitized_values(html) == [], "the browser would show these inputs empty"


@pytest.mark.parametrize("language", LANGUAGES)
def test_tournament_settings_while_it_runs(organizer_client, tournament, commit, language):

    commit(draw_services.tournament_start, tournament=tournament)
    before = state(tournament, "referees")
    url = reverse("tournaments:edit", args=[tournament.club.slug, tournament.slug])
    save_unchanged(organizer_client, url, language)
    assert state(tournament, "referees") == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_round(organizer_client, make_tournament, language):
    tournament = make_tournament(4, default_length=5)
    round_ = Round.objects.filter(stage__tournament=tournament).first()
    round_.deadline = datetime(2026, 11, 30, 20, 0, tzinfo=BERLIN)
    round_.save()
    before = state(round_)
    url = reverse("tournaments:round_edit", args=[tournament.club.slug, tournament.slug, round_.pk])
    save_unchanged(organizer_client, url, language)
    assert state(round_) == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_seeds(organizer_client, tournament, language):
    before = sorted(Entry.objects.filter(tournament=tournament).values_list("pk", "seed"))
    assert all(seed for _pk, seed in before)
    url = reverse("tournaments:manage", args=[tournament.club.slug, tournament.slug])
    seeds_url = reverse("tournaments:seeds", args=[tournament.club.slug, tournament.slug])
    save_unchanged(organizer_client, url, language, action=seeds_url)
    after = sorted(Entry.objects.filter(tournament=tournament).values_list("pk", "seed"))
    assert after == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_season(organizer_client, club, tournament, language):
    season = Season.objects.create(
        club=club, name="Winter", slug="winter", placing_points=[10, 7, 5], participation_points=1
    )
    Tournament.objects.filter(pk=tournament.pk).update(season=season)
    before = state(season, "tournaments")
    url = reverse("clubs:season_edit", args=[club.slug, season.slug])
    save_unchanged(organizer_client, url, language)
    assert state(season, "tournaments") == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_club(organizer_client, club, language):
    Club.objects.filter(pk=club.pk).update(
        city="München", description="Dienstags ab 19 Uhr", rating_points_per_game=1.5
    )
    before = state(club)
    save_unchanged(organizer_client, reverse("clubs:edit", args=[club.slug]), language)
    assert state(club) == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_member_roles(organizer_client, club, language):
    MembershipFactory(club=club, player=GuestFactory(name="Gast"), role=Role.PLAYER)
    MembershipFactory(club=club, player__user=UserFactory(username="ref"), role=Role.REFEREE)
    before = sorted(Membership.objects.filter(club=club).values_list("pk", "role"))
    url = reverse("clubs:detail", args=[club.slug])
    page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    role_forms = [f for f in page_forms(page) if f.action and f.action.endswith("/role/")]
    assert len(role_forms) == len(before)
    for form in role_forms:
        response = organizer_client.post(form.action, form.data(), HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 302
    assert sorted(Membership.objects.filter(club=club).values_list("pk", "role")) == before
