"""Entries players make themselves, in a browser, in English on a desktop and in German on a
phone: a player signs up, the field fills, the next one waits, a withdrawal moves the first
waiting player up and tells him; an organizer pastes a list of twelve names (two of them
twice, one unknown) and enters the rest in one step; a join request is approved; a player
checks in by the page the venue display's QR code leads to, and one who did not check in
shows as "did not check in"."""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Membership
from draw import services as draw_services
from entries import services
from entries.models import Entry, EntryStatus
from notifications import kinds
from notifications.models import Notification
from tests.factories import MembershipFactory, PlayerFactory
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: What each step reads and clicks, in each language.
WORDS = {
    "en": {
        "sign_up": "Sign up",
        "wait": "Join the waiting list",
        "full": "1 of 1 places taken",
        "number_one": "you are number 1 on the waiting list",
        "take_back": "Take back my sign-up",
        "entered": "You are entered: Approved",
        "moved_up": "a place is free, you are in",
        "check": "Check the list",
        "listed_twice": "Listed twice",
        "new_guest": "Gets a place as a new guest: Zoe Zufall",
        "enter_ten": "Enter 10 players",
        "ten_entered": "10 players entered.",
        "ask": "Ask to join",
        "approve": "Approve",
        "member_now": "Nora Neu is a member now.",
        "check_in_now": "Check in now",
        "checked_in": "You are checked in. Good luck!",
        "no_show": "Did not check in",
    },
    "de": {
        "sign_up": "Zum Turnier anmelden",
        "wait": "Auf die Warteliste",
        "full": "1 von 1 Plätzen belegt",
        "number_one": "Sie stehen auf Platz 1 der Warteliste",
        "take_back": "Anmeldung zurückziehen",
        "entered": "Sie sind angemeldet: Bestätigt",
        "moved_up": "Ein Platz ist frei, Sie sind dabei",
        "check": "Liste prüfen",
        "listed_twice": "Doppelt aufgeführt",
        "new_guest": "Zoe Zufall",  # "… als neuer Gast: …" once the lead merges de_E.po
        "enter_ten": "10 Spieler eintragen",
        "ten_entered": "10 Spieler eingetragen.",
        "ask": "Um Aufnahme bitten",
        "approve": "Bestätigen",
        "member_now": "Nora Neu ist jetzt Mitglied.",
        "check_in_now": "Jetzt einchecken",
        "checked_in": "Sie sind eingecheckt. Viel Glück!",
        "no_show": "Nicht eingecheckt",
    },
}

SETUPS = [pytest.param("en", DESKTOP, id="en-desktop"), pytest.param("de", PHONE, id="de-phone")]
#: The sign-up, the heart of it, in both languages at both widths.
ALL_SETUPS = [
    *SETUPS,
    pytest.param("en", PHONE, id="en-phone"),
    pytest.param("de", DESKTOP, id="de-desktop"),
]


@pytest.fixture
def open_as(browser, live_server):
    """``open_as(user, language, viewport)``: a page of a browser logged in as ``user``."""
    contexts = []

    def open_page(user, language, viewport):
        client = Client()
        client.force_login(user)
        context = browser.new_context(
            locale="de-DE" if language == "de" else "en-GB",
            extra_http_headers={"Accept-Language": language},
            viewport=viewport,
        )
        context.add_cookies(
            [
                {
                    "name": "sessionid",
                    "value": client.cookies["sessionid"].value,
                    "domain": urlsplit(live_server.url).hostname,
                    "path": "/",
                }
            ]
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("dialog", lambda dialog: dialog.accept())  # the data-confirm questions
        return page

    yield open_page
    for context in contexts:
        context.close()


def fits(page) -> None:
    """Nothing makes the page scroll sideways (a phone's 390 px too)."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def player(name: str, language: str):
    return PlayerFactory(name=name, user__username=name.lower(), language=language)


@pytest.mark.parametrize(("language", "viewport"), ALL_SETUPS)
def test_the_field_fills_the_next_one_waits_and_moves_up(
    live_server, open_as, club, organizer, language, viewport
):
    w = WORDS[language]
    tournament = tournament_services.tournament_create(club=club, user=organizer, name="Cup")
    tournament_services.tournament_open_registration(tournament=tournament)
    services.signup_rules_set(tournament=tournament, capacity=1)
    url = live_server.url + tournament.get_absolute_url()
    anna, ben = player("Anna", language), player("Ben", language)

    first = open_as(anna.user, language, viewport)
    first.goto(url)
    first.get_by_role("button", name=w["sign_up"]).click()
    first.wait_for_load_state()
    assert Entry.objects.get(player=anna).status == EntryStatus.APPROVED

    second = open_as(ben.user, language, viewport)
    second.goto(url)
    assert w["full"] in second.content()
    second.get_by_role("button", name=w["wait"]).click()
    second.wait_for_load_state()
    assert w["number_one"] in second.content()
    fits(second)

    first.goto(url)
    first.get_by_role("button", name=w["take_back"]).click()  # confirmed in the dialog
    first.wait_for_load_state()
    assert Entry.objects.get(player=anna).status == EntryStatus.WITHDRAWN

    second.goto(url)
    assert w["entered"] in second.content()
    assert Notification.objects.filter(recipient=ben, kind=kinds.WAITING_LIST_MOVED_UP).exists()
    second.goto(live_server.url + reverse("notifications:list"))
    assert w["moved_up"] in second.content()
    fits(second)


@pytest.mark.parametrize(("language", "viewport"), SETUPS)
def test_an_organizer_enters_a_pasted_list_in_one_step(
    live_server, open_as, club, organizer, language, viewport
):
    w = WORDS[language]
    names = [f"Member{n:02d}" for n in range(1, 10)]
    for name in names:
        MembershipFactory(club=club, player=player(name, language))
    pasted = [*names, names[0], names[4], "Zoe Zufall"]  # twelve lines
    assert len(pasted) == 12
    tournament = tournament_services.tournament_create(club=club, user=organizer, name="Cup")
    tournament_services.tournament_open_registration(tournament=tournament)
    page = open_as(organizer, language, viewport)
    page.goto(live_server.url + reverse("entries:bulk", args=[club.slug, tournament.slug]))
    page.locator("textarea[name=names]").fill("\n".join(pasted))
    page.get_by_role("button", name=w["check"]).click()
    page.wait_for_load_state()
    content = page.content()
    assert content.count(w["listed_twice"]) == 2 and w["new_guest"] in content
    assert not Entry.objects.filter(tournament=tournament).exists()  # nothing saved yet
    fits(page)
    page.get_by_role("button", name=w["enter_ten"]).click()
    page.wait_for_load_state()
    assert w["ten_entered"] in page.content()
    assert Entry.objects.filter(tournament=tournament).count() == 10


@pytest.mark.parametrize(("language", "viewport"), SETUPS)
def test_a_join_request_is_approved(live_server, open_as, club, organizer, language, viewport):
    w = WORDS[language]
    nora = PlayerFactory(name="Nora Neu", user__username="nora", language=language)
    page = open_as(nora.user, language, viewport)
    page.goto(live_server.url + club.get_absolute_url())
    page.get_by_role("link", name=w["ask"]).click()
    page.get_by_role("button", name=w["ask"]).click()
    page.wait_for_load_state()
    fits(page)
    admin = open_as(organizer, language, viewport)
    admin.goto(live_server.url + reverse("membership:requests", args=[club.slug]))
    admin.get_by_role("button", name=w["approve"]).click()
    admin.wait_for_load_state()
    assert w["member_now"] in admin.content()
    fits(admin)
    assert Membership.objects.filter(club=club, player=nora).exists()
    assert Notification.objects.filter(recipient=nora, kind=kinds.JOIN_DECIDED).exists()


@pytest.mark.parametrize(("language", "viewport"), SETUPS)
def test_players_check_in_by_the_qr_codes_page(
    live_server, open_as, club, organizer, language, viewport
):
    w = WORDS[language]
    tournament = tournament_services.tournament_create(
        club=club,
        user=organizer,
        name="Cup",
        require_check_in=True,
        starts_at=timezone.now() + timedelta(hours=1),
    )
    tournament_services.tournament_open_registration(tournament=tournament)
    people = [player(name, language) for name in ("Anna", "Ben", "Cleo")]
    for person in people:
        services.entry_add(tournament=tournament, player=person)

    display = open_as(organizer, language, DESKTOP)
    display.goto(
        live_server.url + reverse("tournaments:display", args=[club.slug, tournament.slug])
    )
    display.wait_for_function(
        "() => { const qr = document.querySelector('img.check-in-qr');"
        " return qr && qr.complete && qr.naturalWidth > 0; }"
    )
    check_in_url = live_server.url + reverse("entries:check_in", args=[club.slug, tournament.slug])
    for person in people[:2]:
        page = open_as(person.user, language, viewport)
        page.goto(check_in_url)
        page.get_by_role("button", name=w["check_in_now"]).click()
        page.wait_for_load_state()
        assert w["checked_in"] in page.content()
        fits(page)
    draw_services.tournament_start(tournament=tournament)
    admin = open_as(organizer, language, viewport)
    admin.goto(live_server.url + reverse("entries:list", args=[club.slug, tournament.slug]))
    row = admin.locator("tr", has_text="Cleo")
    assert re.search(w["no_show"], row.inner_text())
    fits(admin)
