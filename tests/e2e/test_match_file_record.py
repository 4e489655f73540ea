"""A match file move by move on a phone: the match page and the record fit 390 px, a long
game scrolls inside its box, and a tap selects a whole Position ID to copy into gnubg."""

from __future__ import annotations

import pytest

from matches.services import match_import_file
from tests.conftest import MAT_FIXTURES

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_moves_of_a_25_point_match_on_a_phone(live_server, new_page, make_match):
    match = make_match(length=25, names=("Bruno", "Claes"))
    text = (MAT_FIXTURES / "dialects" / "galaxy_25pt.mat").read_text()
    match_import_file(match=match, text=text, name="galaxy.mat")
    tournament = match.round.stage.tournament

    page = new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(
        f"{live_server.url}/clubs/{tournament.club.slug}/t/{tournament.slug}/matches/{match.pk}/"
    )
    # The match page fits too: its score sheet of 19 games scrolls in its own box.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("link", name="Move by move, with the positions").click()
    page.get_by_role("heading", name="The match move by move").wait_for()

    # Nothing sticks out of the page sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The first game is open; its table is wider and longer than its box, which scrolls.
    box = page.locator(".move-log").first
    assert box.is_visible()
    sizes = box.evaluate(
        "el => [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight,"
        " el.getBoundingClientRect().right]"
    )
    assert sizes[0] > sizes[1] and sizes[2] > sizes[3] and sizes[4] <= 390
    # The other games are folded; opening one shows its moves.
    assert page.locator("details.game-log[open]").count() == 1
    page.get_by_text("Game 19 · 22–23").click()
    game_19 = page.locator("details.game-log").nth(18)
    assert game_19.locator("tbody tr").first.is_visible()  # at once: a <details> opens
    # A tap on an ID selects all of it.
    first_id = box.locator("code.gnubg-id").first
    assert first_id.inner_text() == "4HPwATDgc/ABMA"
    first_id.click()
    selected = page.evaluate("window.getSelection().toString()")  # at once: the page's script
    assert selected == "4HPwATDgc/ABMA"
