"""A ladder challenge from the challenge to the new order, on phones (390 px), in English and
German: Dirk challenges Ben from the ladder page, Ben accepts on his, the referee enters the
result on the match's page (a real match of the ladder's tournament), and the ladder shows
Dirk in Ben's place, everyone between one down, with the history row that says why."""

from __future__ import annotations

import pytest

from clubs.models import Role
from ladders import services
from tests.e2e.test_chouette_night import fits, phone
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]
WORDS = {
    "en": "Dirk won the challenge against Ben and took the place.",
    "de": "Dirk hat die Forderung gegen Ben gewonnen und den Platz übernommen.",
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_challenge_from_the_ladder_page_to_the_new_order(
    browser, live_server, organizer, club, language
):
    ladder = services.ladder_create(club=club, user=organizer, name="Leiter", reach=2)
    players = {}
    for name in NAMES:
        player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        services.ladder_join(ladder=ladder, player=player, user=organizer)
        players[name] = player
    url = live_server.url + ladder.get_absolute_url()
    contexts = []
    try:
        dirk_context, dirk = phone(browser, live_server, players["Dirk"].user, language)
        ben_context, ben = phone(browser, live_server, players["Ben"].user, language)
        referee_context, referee = phone(browser, live_server, organizer, language)
        contexts = [dirk_context, ben_context, referee_context]

        dirk.goto(url)
        fits(dirk)
        # Anna is three places up: out of reach, no button beside her.
        assert dirk.locator(f'li[data-player="{players["Anna"].pk}"] button').count() == 0
        dirk.click(f'li[data-player="{players["Ben"].pk}"] button')
        dirk.wait_for_selector("li[data-challenge]")
        fits(dirk)

        ben.goto(url)
        ben.click('li[data-challenge] form[action$="/accept/"] button')
        ben.wait_for_selector('li[data-challenge] a[href*="/matches/"]')
        fits(ben)

        referee.goto(url)
        referee.click('li[data-challenge] a[href*="/matches/"]')
        referee.fill('form.score-form input[name="score_a"]', "5")
        referee.fill('form.score-form input[name="score_b"]', "2")
        referee.click('form.score-form button[type="submit"]')
        referee.wait_for_selector("form.score-form", state="detached")
        fits(referee)

        dirk.goto(url)
        order = dirk.locator(".ladder-rungs li .name").all_text_contents()
        assert order == ["Anna", "Dirk", "Ben", "Cleo"]
        assert dirk.locator("li[data-challenge]").count() == 0
        dirk.goto(url + "history/")
        assert WORDS[language] in dirk.text_content("main")
        fits(dirk)
    finally:
        for context in contexts:
            context.close()
