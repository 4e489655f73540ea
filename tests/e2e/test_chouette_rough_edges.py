"""The chouette's rough edges in a browser, on the score keeper's phone, in English and in
German: the stake is typed as money in the reader's format; a
correction shows the whole sheet as it will be before it is confirmed; a closed session
seats nobody for a next game; a session is removed after a page that says what is lost."""

from __future__ import annotations

import pytest

from chouettes.models import ChouetteSession, ChouetteSheet
from clubs.models import Role
from tests.e2e.test_chouette_night import fits, phone
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]
WORDS = {
    "en": {"stake": "2.50", "shown": "€2.50", "seats": "the seats", "corrected": "corrected"},
    "de": {
        "stake": "2,50",
        "shown": "2,50\u00a0€",
        "seats": "die Plätze",
        "corrected": "korrigiert",
    },
}


def submit(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


@pytest.mark.parametrize("language", ["en", "de"])
def test_stake_correction_preview_closing_and_removal_on_the_keepers_phone(
    browser, live_server, organizer, club, language
):
    for name in NAMES:
        MembershipFactory(club=club, player=PlayerFactory(name=name), role=Role.PLAYER)
    words = WORDS[language]
    context, page = phone(browser, live_server, organizer, language)
    try:
        # The stake, typed as the reader writes money.
        page.goto(f"{live_server.url}/clubs/{club.slug}/chouettes/new/")
        assert page.get_attribute('input[name="stake"]', "placeholder") == words["stake"]
        page.fill('input[name="name"]', "Freitag")
        page.fill('input[name="stake"]', words["stake"])
        for n, name in enumerate(NAMES, start=1):
            page.select_option(f'select[name="player_{n}"]', label=name)
        submit(page, 'form.form button[type="submit"]')
        session = ChouetteSession.objects.get(name="Freitag")
        assert session.stake == 250
        assert words["shown"] in page.text_content(".chouette-rules")

        for winner in ("box", "box", "team"):
            page.select_option('select[name="winner"]', winner)
            submit(page, 'form.chouette-sheet button[type="submit"]')

        # Game 1 was the team's: the sheet after the correction, before it is saved.
        submit(page, "#game-1 a")
        page.select_option('select[name="winner"]', "team")
        page.fill('input[name="reason"]', "Ben")
        submit(page, 'form.chouette-sheet button[value="preview"]')
        assert page.locator("[data-preview]").count() == 1
        games = page.locator(".chouette-preview-games li")
        assert games.count() == 3
        assert page.locator(".chouette-preview-games li[data-changed]").count() == 3
        assert "Ben" in page.text_content("#preview-game-2 [data-after]")
        assert ChouetteSheet.objects.filter(happening__session=session).count() == 3  # not yet
        fits(page)

        # Back to the sheet, then seen again and confirmed.
        submit(page, 'button[value="edit"]')
        assert page.input_value('input[name="reason"]') == "Ben"
        submit(page, 'form.chouette-sheet button[value="preview"]')
        submit(page, 'button[value="confirm"]')
        assert ChouetteSheet.objects.filter(happening__session=session).count() == 4
        page.click("details.chouette-history summary")
        assert words["corrected"] in page.text_content("details.chouette-history")
        assert words["seats"] in page.text_content("#chouette-seats")

        # Closed: nobody is seated for a game 4.
        submit(page, "form.no-print button.danger")
        assert page.locator("dd[data-seat]").count() == 0
        assert words["seats"] not in page.text_content("main")

        # Removed, after the page that says what is lost.
        submit(page, 'a[href$="/remove/"]')
        assert page.locator("[data-lost]").count() == 1
        assert "Anna" in page.text_content("main")
        fits(page)
        submit(page, "form button.danger")
        assert page.url.endswith(f"/clubs/{club.slug}/chouettes/")
        assert not ChouetteSession.objects.filter(pk=session.pk).exists()
        assert page.locator(".chouette-sessions li").count() == 0
        assert "Freitag" in page.text_content("ul.messages")  # and says so
    finally:
        context.close()
