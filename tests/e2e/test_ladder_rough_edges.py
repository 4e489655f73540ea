"""A ladder after it is made, on phones (390 px), in English and German: the clock gives Ben's
challenge to him by forfeit and both players find it among their notices; Dirk sees the day
each player drops for not playing, opens his ladder match and its page leads back to the
ladder (not to the hidden tournament's round); the organizer changes the ladder's settings
and takes Anna off it; Ben leaves it. Nothing is wider than the phone."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from clubs.models import Role
from ladders import services
from tests.conftest import committed
from tests.e2e.test_chouette_night import fits, phone
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]
#: Only what the German catalogue already has; the new texts are checked in English.
WORDS = {
    "en": {
        "won": "you won your challenge against Anna by forfeit",
        "lost": "you lost Ben's challenge by forfeit",
        "saved": "The ladder's settings are saved.",
        "removed": "Anna was taken off the ladder by an organizer.",
        "left": "You left the ladder.",
    },
    "de": {},
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_ladder_after_it_is_made(browser, live_server, organizer, club, language):
    words = WORDS[language]
    ladder = services.ladder_create(club=club, user=organizer, name="Leiter", reach=2, idle_days=14)
    players = {}
    for name in NAMES:
        user = UserFactory(username=name.lower())
        player = PlayerFactory(name=name, user=user, language=language)
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        services.ladder_join(ladder=ladder, player=player, user=organizer)
        players[name] = player
    # Anna does not answer Ben's challenge in time: the daily round gives it to Ben.
    challenge = committed(
        services.challenge_create,
        ladder=ladder,
        challenger=players["Ben"],
        defender=players["Anna"],
        user=None,
    )
    committed(services.ladder_tick, ladder=ladder, today=challenge.accept_by + timedelta(days=1))
    # Dirk's challenge of Cleo is accepted: a match of the ladder.
    accepted = services.challenge_create(
        ladder=ladder, challenger=players["Dirk"], defender=players["Cleo"], user=None
    )
    services.challenge_accept(challenge=accepted, user=None)
    url = live_server.url + ladder.get_absolute_url()
    contexts = []
    try:
        ben_context, ben = phone(browser, live_server, players["Ben"].user, language)
        anna_context, anna = phone(browser, live_server, players["Anna"].user, language)
        dirk_context, dirk = phone(browser, live_server, players["Dirk"].user, language)
        organizer_context, boss = phone(browser, live_server, organizer, language)
        contexts = [ben_context, anna_context, dirk_context, organizer_context]

        # Both players of the forfeit are told.
        notices = live_server.url + reverse("notifications:list")
        for page, key in ((ben, "won"), (anna, "lost")):
            page.goto(notices)
            subjects = page.locator(".notification-subject").all_text_contents()
            assert len(subjects) >= 1
            if key in words:
                assert any(words[key] in subject for subject in subjects), subjects
            fits(page)

        # The ladder shows the day each player drops; the match page leads back to it.
        dirk.goto(url)
        order = dirk.locator(".ladder-rungs li .name").all_text_contents()
        assert order == ["Ben", "Anna", "Cleo", "Dirk"]
        assert dirk.locator(".ladder-rungs li .drops-on").count() == 4
        fits(dirk)
        dirk.click('li[data-challenge] a[href*="/matches/"]')
        dirk.wait_for_selector("#result-panel")
        back = dirk.locator("main p a").first
        assert back.get_attribute("href") == ladder.get_absolute_url()
        assert dirk.locator(f'a[href*="/t/{ladder.tournament.slug}/main/"]').count() == 0
        fits(dirk)
        back.click()
        dirk.wait_for_url(url)

        # The organizer changes the settings, then takes Anna off the ladder.
        boss.goto(url)
        boss.click(f'a[href="{reverse("ladders:settings", args=[club.slug, ladder.slug])}"]')
        boss.fill('input[name="name"]', "Winterleiter")
        boss.fill('input[name="match_length"]', "7")
        fits(boss)
        boss.click('form.form button[type="submit"]')
        boss.wait_for_url(url)
        assert boss.text_content("h1").strip() == "Winterleiter"
        if "saved" in words:
            assert words["saved"] in boss.text_content("main")
        anna_row = f'li[data-player="{players["Anna"].pk}"]'
        boss.click(f"{anna_row} details summary")
        fits(boss)  # at once: a <details> opens
        boss.click(f"{anna_row} details button[type=submit]")
        boss.wait_for_selector(anna_row, state="detached")
        fits(boss)
        boss.goto(url + "history/")
        if "removed" in words:
            assert words["removed"] in boss.text_content("main")

        # Ben leaves.
        ben.goto(url)
        ben_row = f'li[data-player="{players["Ben"].pk}"]'
        ben.click(f"{ben_row} details summary")
        ben.click(f"{ben_row} details button[type=submit]")
        ben.wait_for_selector(ben_row, state="detached")
        if "left" in words:
            assert words["left"] in ben.text_content("main")
        assert ben.locator(".ladder-rungs li .name").all_text_contents() == ["Cleo", "Dirk"]
        fits(ben)
    finally:
        for context in contexts:
            context.close()
    ladder.refresh_from_db()
    assert (ladder.name, ladder.match_length, ladder.tournament.default_length) == (
        "Winterleiter",
        7,
        7,
    )
