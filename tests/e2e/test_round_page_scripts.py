"""The organizer's round page runs its scripts without an error, in English and German: its
"Recorded matches" form named its checkboxes ``matches``, which hid the form element's own
``matches`` method, and htmx threw ``e.matches is not a function`` on load and stopped setting
up the page."""

from __future__ import annotations

import pytest

from tests.e2e.test_organizer_redraw import organizer_page

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("language", ["en-GB", "de-DE"])
def test_the_organizers_round_page_loads_without_a_script_error(
    browser, live_server, make_tournament, organizer, language
):
    tournament = make_tournament(4, default_length=3)
    context, page = organizer_page(browser, live_server, organizer, language)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(live_server.url + tournament.get_absolute_url() + "main/1/")
        page.wait_for_load_state("networkidle")
        assert page.locator("input[type=checkbox][value]").count() >= 2  # the recorded form
        assert errors == []
        assert page.evaluate("typeof htmx !== 'undefined' && htmx.version.length > 0")
        # Ticking a match and saving records it: the form still posts what it did.
        page.locator("input[type=checkbox][value]").first.check()
        page.locator("form:has(input[type=checkbox][value]) button[type=submit]").click()
        page.wait_for_load_state("networkidle")
        assert page.locator("input[type=checkbox][value]:checked").count() == 1
        assert errors == []
    finally:
        context.close()
