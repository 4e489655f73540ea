"""Entries without a rough edge, in a browser, in English on a desktop and in German on a
phone: a pasted list past the cap goes on the waiting list after those waiting, and the preview
says so before anything is entered; at the start the waiting list closes and the player left
on it reads that he got no place, while the public page counts the players drawn; the sign-up's
closing time ends its sentence with one period; the Entries page approves an entry awaiting
approval; a player who asked to join a club reads that his request is pending, on the club's
page and on his dashboard.

German pages are checked on the words locale/de already has; the new sentences are checked in
English (their German comes with the lead's merge of the translations)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from draw import services as draw_services
from entries import services
from entries.models import Entry, EntryStatus
from notifications import kinds
from notifications.models import Notification
from tests.e2e.test_entries import DESKTOP, PHONE, fits, open_as, player  # noqa: F401  (its fixture)
from tests.factories import MembershipFactory, PlayerFactory
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en": {
        "check": "Check the list",
        "plan": "6 go on the waiting list as 4–9.",
        "entered_word": "Entered:",
        "enter_six": "Enter 6 players",
        "six_entered": "6 players entered.",
        "places": "8 of 8 places taken",
        "waiting_number": "On the waiting list: number 1",
        "no_place": "The field was full: you did not get a place.",
        "withdraw": "Withdraw",
        "players": "Players",
        "closes": "Sign-up closes on ",
        "approve": "Approve",
        "approved": "Approved",
        "ask": "Ask to join",
        "pending": "You have asked to join already; the organizers will answer.",
    },
    "de": {
        "check": "Liste prüfen",
        "plan": None,  # new: its German comes with the merge
        "entered_word": "Eingetragen:",
        "enter_six": "6 Spieler eintragen",
        "six_entered": "6 Spieler eingetragen.",
        "places": "8 von 8 Plätzen belegt",
        "waiting_number": "Auf der Warteliste: Platz 1",
        "no_place": None,
        "withdraw": "Zurückziehen",
        "players": "Spieler",
        "closes": "Anmeldeschluss ist am ",
        "approve": "Bestätigen",
        "approved": "Bestätigt",
        "ask": "Um Aufnahme bitten",
        "pending": "Sie haben bereits um Aufnahme gebeten; die Organisatoren werden antworten.",
    },
}

SETUPS = [pytest.param("en", DESKTOP, id="en-desktop"), pytest.param("de", PHONE, id="de-phone")]


def open_tournament(club, organizer, **rules):
    tournament = tournament_services.tournament_create(club=club, user=organizer, name="Cup")
    tournament_services.tournament_open_registration(tournament=tournament)
    services.signup_rules_set(tournament=tournament, **rules)
    tournament.refresh_from_db()
    return tournament


@pytest.mark.parametrize(("language", "viewport"), SETUPS)
def test_a_list_past_the_cap_goes_on_the_waiting_list_after_those_waiting(
    live_server,
    request,
    club,
    organizer,
    language,
    viewport,
):
    w = WORDS[language]
    browser_as = request.getfixturevalue("open_as")
    tournament = open_tournament(club, organizer, capacity=8)
    for n in range(1, 12):  # 8 in the field, 3 waiting
        services.entry_sign_up(tournament=tournament, player=player(f"Early{n:02d}", language))
    newcomers = [f"Newcomer{n}" for n in range(1, 7)]
    for name in newcomers:
        MembershipFactory(club=club, player=player(name, language))

    page = browser_as(organizer, language, viewport)
    page.goto(live_server.url + reverse("entries:bulk", args=[club.slug, tournament.slug]))
    page.locator("textarea[name=names]").fill("\n".join(newcomers))
    page.get_by_role("button", name=w["check"]).click()
    page.wait_for_load_state()
    content = page.content()
    if w["plan"]:
        assert w["plan"] in content
    assert w["entered_word"] not in content  # nothing is entered before the confirmation
    assert Entry.objects.filter(tournament=tournament).count() == 11
    fits(page)

    page.get_by_role("button", name=w["enter_six"]).click()
    page.wait_for_load_state()
    content = page.content()
    assert w["six_entered"] in content
    assert w["places"] in content  # never "14 of 8"
    waiting = Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING)
    assert [e.player.name for e in waiting.order_by("waiting_number")][3:] == newcomers
    assert Entry.objects.filter(tournament=tournament, status=EntryStatus.APPROVED).count() == 8
    fits(page)


@pytest.mark.parametrize(("language", "viewport"), SETUPS)
def test_the_waiting_list_closes_at_the_start(
    live_server,
    request,
    club,
    organizer,
    language,
    viewport,
):
    w = WORDS[language]
    browser_as = request.getfixturevalue("open_as")
    closes = (timezone.localtime() + timedelta(days=2)).replace(hour=18, minute=30)
    tournament = open_tournament(club, organizer, capacity=2, closes_at=closes)
    anna, ben, cleo = (player(name, language) for name in ("Anna", "Ben", "Cleo"))
    for person in (anna, ben, cleo):
        services.entry_sign_up(tournament=tournament, player=person)
    url = live_server.url + tournament.get_absolute_url()

    page = browser_as(cleo.user, language, viewport)
    page.goto(url)
    content = page.content()
    assert w["waiting_number"] in content
    assert w["closes"] in content and "p.m.." not in content and "18:30.." not in content
    if language == "en":
        assert "6:30 p.m.</span>" in content

    draw_services.tournament_start(tournament=tournament)
    page.goto(url)
    content = page.content()
    assert w["waiting_number"] not in content
    if w["no_place"]:
        assert w["no_place"] in content
    assert page.get_by_role("button", name=w["withdraw"]).count() == 0
    heading = page.locator("h2", has_text=w["players"]).first.inner_text()
    assert heading.replace(" ", "") == f"{w['players']}(2)"
    assert Notification.objects.filter(recipient=cleo, kind=kinds.WAITING_LIST_CLOSED).exists()
    fits(page)


@pytest.mark.parametrize(("language", "viewport"), SETUPS)
def test_approve_on_the_entries_page_and_a_pending_join_request(
    live_server,
    request,
    club,
    organizer,
    language,
    viewport,
):
    w = WORDS[language]
    browser_as = request.getfixturevalue("open_as")
    tournament = open_tournament(club, organizer, approval=True)
    anna = player("Anna", language)
    entry = services.entry_sign_up(tournament=tournament, player=anna)
    entries_url = live_server.url + reverse("entries:list", args=[club.slug, tournament.slug])

    admin = browser_as(organizer, language, viewport)
    admin.goto(entries_url)
    admin.locator("tr", has_text="Anna").get_by_role("button", name=w["approve"]).click()
    admin.wait_for_load_state()
    assert admin.url == entries_url
    assert w["approved"] in admin.locator("tr", has_text="Anna").inner_text()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.APPROVED
    fits(admin)

    nora = PlayerFactory(name="Nora Neu", user__username="nora", language=language)
    page = browser_as(nora.user, language, viewport)
    page.goto(live_server.url + club.get_absolute_url())
    page.get_by_role("link", name=w["ask"]).click()
    page.get_by_role("button", name=w["ask"]).click()
    page.wait_for_load_state()
    page.goto(live_server.url + club.get_absolute_url())
    assert w["pending"] in page.content()
    assert page.get_by_role("link", name=w["ask"]).count() == 0
    fits(page)
    page.goto(live_server.url + reverse("dashboard"))
    assert page.locator(".join-requests", has_text=club.name).count() == 1
    fits(page)
