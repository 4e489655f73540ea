"""Tournament night in a browser: a round's whole row opens the match, and withdrawing asks
first (static JavaScript under the Content-Security-Policy, no inline handlers)."""

from __future__ import annotations

import re

import pytest

from entries.models import EntryStatus
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_clicking_anywhere_on_a_round_row_opens_the_match(live_server, new_page, make_tournament):
    tournament = make_tournament(4, name="Cup")
    page = new_page()
    page.goto(f"{live_server.url}/clubs/bar/t/{tournament.slug}/main/1/")
    row = page.locator("table.draw tbody tr").first
    # A person clicks on the opponent's name (the row's link lies over the whole row).
    box = row.locator("td").nth(3).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    assert page.locator("#result-panel").count() == 1


def test_withdrawing_asks_first_and_cancel_keeps_the_entry(live_server, new_page, make_tournament):
    tournament = make_tournament(2, start=False, name="Cup")
    entry = tournament.entries.first()
    entry.player.user = UserFactory(username="me")
    entry.player.save()
    page = new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("me")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name=re.compile("Hello")).wait_for()
    page.goto(f"{live_server.url}/clubs/bar/t/{tournament.slug}/")

    questions = []

    def dismiss(dialog):
        questions.append(dialog.message)
        dialog.dismiss()

    # Before the start a player takes back his sign-up (his place goes to the waiting list).
    page.once("dialog", dismiss)
    page.get_by_role("button", name="Take back my sign-up").click()
    page.wait_for_timeout(300)
    assert questions and "Take back your sign-up for Cup?" in questions[0]
    entry.refresh_from_db()
    assert entry.status != EntryStatus.WITHDRAWN

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Take back my sign-up").click()
    page.get_by_text("You have taken back your sign-up.").wait_for()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.WITHDRAWN
