"""The new-tournament form in a browser shows the chosen format's options only: in English
on a phone the options switch in place as the format changes (HTMX), in German without
JavaScript the format's options come back on the page before anything is saved."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from tests.e2e.conftest import close_contexts
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
NAME = re.compile(r"^Name:?$")
FORMAT = re.compile(r"^Format:?$")


def organizer_page(browser, live_server, organizer, language, **options):
    client = Client()
    client.force_login(organizer)
    context = browser.new_context(
        locale=language, extra_http_headers={"Accept-Language": language[:2]}, **options
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
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def option_inputs(page) -> set[str]:
    names = page.locator("#format-options [name]").evaluate_all("els => els.map(e => e.name)")
    return set(names) - {"options_for"}


def test_the_form_shows_the_chosen_formats_options_only(
    live_server, browser, organizer, club, request
):
    url = live_server.url + reverse("tournaments:create", args=[club.slug])
    contexts = []
    try:
        # English, a phone, with JavaScript: the options switch in place.
        context, page = organizer_page(browser, live_server, organizer, "en-GB", viewport=PHONE)
        contexts.append(context)
        page.goto(url)
        assert option_inputs(page) == set()
        assert page.get_by_label("Swiss rounds").count() == 0
        page.get_by_label(NAME).fill("Monday Swiss")
        page.get_by_label(FORMAT).select_option("swiss")
        page.get_by_label("Swiss rounds").wait_for()
        assert "grand_final_reset" not in option_inputs(page)
        assert page.get_by_label(NAME).input_value() == "Monday Swiss"
        page.get_by_label(FORMAT).select_option("double_elimination")
        page.get_by_label("Grand final reset").wait_for()
        assert option_inputs(page) == {"grand_final_reset"}
        page.get_by_label(FORMAT).select_option("swiss")
        page.get_by_label("Swiss rounds").fill("5")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.get_by_role("button", name="Save").click()
        page.get_by_text("Tournament created as a draft.").wait_for()
        created = Tournament.objects.get(name="Monday Swiss")
        assert (created.format, created.swiss_rounds) == ("swiss", 5)

        # German, without JavaScript: choose the format, ask for its options, then save.
        context, page = organizer_page(
            browser, live_server, organizer, "de-DE", java_script_enabled=False
        )
        contexts.append(context)
        page.goto(url)
        assert page.get_by_label("Rückspiel im großen Finale").count() == 0
        page.get_by_label(NAME).fill("Doppel")
        page.get_by_label(FORMAT).select_option("double_elimination")
        page.get_by_role("button", name="Optionen dieses Formats anzeigen").click()
        page.get_by_text("Das sind die Optionen des gewählten Formats.").wait_for()
        assert option_inputs(page) == {"grand_final_reset"}
        assert page.get_by_label("Rückspiel im großen Finale").is_checked()
        assert not Tournament.objects.filter(name="Doppel").exists()
        page.get_by_label("Rückspiel im großen Finale").uncheck()
        page.get_by_role("button", name="Speichern").click()
        page.get_by_text("Turnier als Entwurf angelegt.").wait_for()
        created = Tournament.objects.get(name="Doppel")
        assert (created.format, created.grand_final_reset) == ("double_elimination", False)
    finally:
        close_contexts(contexts, request)  # with a screenshot of each page if it failed
