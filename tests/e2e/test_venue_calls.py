"""A night at the venue on phones (390 px), in English and German: the first semi-final is
called to the club's one table at the start; its player sees the call among his notices and
on the venue display; the director enters its result and the table goes to the other
semi-final at once; the director takes that call back and calls it again by hand from the
night's page."""

from __future__ import annotations

import pytest

from clubs.models import Role
from draw.services import tournament_start
from entries import services as entry_services
from matches.models import Match
from tests.conftest import committed
from tests.e2e.test_chouette_night import fits, phone
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services as tournament_services
from venue import services

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]


def semis(tournament):
    return list(
        Match.objects.filter(round__stage__tournament=tournament, round__number=1)
        .select_related("entry_a__player", "entry_b__player")
        .order_by("index")
    )


def call_on_display(page, url):
    page.goto(url)
    fits(page)
    calls = page.locator('.venue-calls li.venue-call[data-table="1"]')
    return calls.text_content() if calls.count() else ""


@pytest.mark.parametrize("language", ["en", "de"])
def test_calls_on_the_players_phone_and_the_venue_display(
    browser, live_server, organizer, club, language
):
    players = {}
    for name in NAMES:
        player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        players[name] = player
    tournament = tournament_services.tournament_create(club=club, user=organizer, name="Friday")
    tournament_services.tournament_open_registration(tournament=tournament)
    for name in NAMES:
        entry_services.entry_add(tournament=tournament, player=players[name])
    committed(tournament_start, tournament=tournament)
    committed(services.tables_add, club=club, count=1)
    first, second = semis(tournament)
    display = f"{live_server.url}/clubs/{club.slug}/venue/display/"
    contexts = []
    try:
        player_context, player = phone(browser, live_server, first.entry_a.player.user, language)
        director_context, director = phone(browser, live_server, organizer, language)
        contexts = [player_context, director_context]

        # The player is told at once, and the venue display says where.
        player.goto(f"{live_server.url}/notifications/")
        fits(player)
        assert first.entry_b.player.name in player.text_content("main")
        shown = call_on_display(player, display)
        assert first.entry_a.player.name in shown and first.entry_b.player.name in shown
        assert second.entry_a.player.name not in shown
        if language == "en":
            a, b = first.entry_a.player.name, first.entry_b.player.name
            assert shown.startswith(f"Table 1: {a} – {b}, called ")

        # The director enters the result: the table goes to the other semi-final.
        director.goto(
            f"{live_server.url}/clubs/{club.slug}/t/{tournament.slug}/matches/{first.pk}/"
        )
        director.fill('form.score-form input[name="score_a"]', str(first.length))
        director.fill('form.score-form input[name="score_b"]', "0")
        director.click('form.score-form button[type="submit"]')
        director.wait_for_selector("form.score-form", state="detached")
        shown = call_on_display(player, display)
        assert second.entry_a.player.name in shown and second.entry_b.player.name in shown

        # Taken back by hand, and called again by hand from the night's page.
        director.goto(f"{live_server.url}/clubs/{club.slug}/venue/")
        fits(director)
        director.click('li.venue-table[data-table="1"] form[action$="/take-back/"] button')
        director.wait_for_selector("li.venue-waiting-match")
        fits(director)
        assert second.entry_a.player.name in director.text_content(".venue-waiting")
        assert call_on_display(player, display) == ""
        director.goto(f"{live_server.url}/clubs/{club.slug}/venue/")
        director.click('li.venue-waiting-match form[action$="/call/"] button')
        director.wait_for_selector('li.venue-table.in-use[data-table="1"]')
        fits(director)
        shown = call_on_display(player, display)
        assert second.entry_a.player.name in shown and second.entry_b.player.name in shown
    finally:
        for context in contexts:
            context.close()
