"""A tournament night walked in a browser, role by role, in English and German, on a desktop
and on a phone: the organizer (a forbidden pair, start and draw, a late entry), the referee
(a result, a dispute), a player (his match from the dashboard) and a visitor (the venue
display). On a phone no page may scroll sideways."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from entries.models import Entry, PairingRule, PairingRuleKind
from matches.models import MatchStatus
from matches.services.reports import report_dispute, report_submit
from tests.conftest import open_matches
from tests.e2e.conftest import close_contexts
from tests.factories import UserFactory
from tournaments.models import Tournament, TournamentStatus

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
LOCALES = {"en": "en-GB", "de": "de-DE"}


@pytest.fixture(params=["en", "de"])
def language(request):
    return request.param


@pytest.fixture(params=["desktop", "phone"])
def size(request):
    return request.param


@pytest.fixture
def open_as(browser, request, language, size, live_server):
    """A page in the walk's language and size, logged in as ``user`` if given."""
    contexts = []

    def open_page(user=None):
        width, height = SIZES[size]
        context = browser.new_context(
            locale=LOCALES[language], viewport={"width": width, "height": height}
        )
        contexts.append(context)
        if user is not None:
            client = Client()
            client.force_login(user)
            context.add_cookies(
                [
                    {
                        "name": settings.SESSION_COOKIE_NAME,
                        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                        "url": live_server.url,
                    }
                ]
            )
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_page
    close_contexts(contexts, request)


def visit(page, url, language, size):
    """Open a page and check what every page of the walk must be: in the walk's language,
    and no wider than a phone's screen on a phone."""
    page.goto(url)
    settled(page, language, size)


def settled(page, language, size):
    page.wait_for_load_state("load")
    assert page.locator("html").get_attribute("lang").startswith(language)
    if size == "phone":
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES["phone"][0], f"{page.url} scrolls sideways: {width}px wide"


def names(match):
    return {match.entry_a.player.name, match.entry_b.player.name}


def test_the_organizer_creates_a_swiss_forbids_a_pair_starts_and_enters_a_late_player(
    live_server, open_as, language, size, club, organizer
):
    page = open_as(organizer)
    visit(page, f"{live_server.url}/clubs/bar/t/new/", language, size)
    create = page.locator("main form[method=post]").last
    create.locator("input[name=name]").fill("Night")
    create.locator("select[name=format]").select_option("swiss")
    create.locator("input[name=swiss_rounds]").fill("3")
    create.locator("button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/t/night/manage/$"))
    settled(page, language, size)
    tournament = Tournament.objects.get(club=club, slug="night")
    manage = page.url

    page.locator("form[action$='/manage/open/'] button").click()
    guest = page.locator("form[action$='/entries/add/']:has(button[name=guest])")
    for n in range(1, 7):
        guest.locator("input[name=name]").fill(f"Player {n:03d}")
        guest.locator("button[name=guest]").click()
        page.locator("td", has_text=f"Player {n:03d}").first.wait_for()
    settled(page, language, size)
    assert tournament.entries.count() == 6

    rule_form = page.locator("form[action$='/pairing-rules/']")
    rule_form.locator("select[name=entry_a]").select_option(label="Player 001")
    rule_form.locator("select[name=entry_b]").select_option(label="Player 004")
    rule_form.locator("select[name=kind]").select_option(PairingRuleKind.FORBIDDEN)
    rule_form.locator("button[type=submit]").click()
    page.locator("td", has_text="Player 001 – Player 004").wait_for()
    settled(page, language, size)
    assert PairingRule.objects.filter(tournament=tournament).count() == 1

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("form[action$='/manage/start/'] button").click()
    page.locator("form[action$='/entries/late/']").wait_for()
    settled(page, language, size)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    drawn = open_matches(tournament)
    assert len(drawn) == 3
    assert not any(names(m) == {"Player 001", "Player 004"} for m in drawn)

    late = page.locator("form[action$='/entries/late/']")
    late.locator("input[name=name]").fill("Lena Late")
    late.locator("input[name=from_round]").fill("2")
    late.locator("select[name=start]").select_option("zero")
    late.locator("button[type=submit]").click()
    page.locator("td", has_text="Lena Late").first.wait_for()
    settled(page, language, size)
    assert page.url == manage
    assert Entry.objects.filter(tournament=tournament, player__name="Lena Late").exists()

    # The round the organizer drew, as everybody sees it.
    visit(page, f"{live_server.url}/clubs/bar/t/night/swiss/1/", language, size)
    assert page.locator("table.draw tbody tr").count() == 3


def test_the_referee_enters_a_result_and_settles_a_dispute(
    live_server, open_as, language, size, make_tournament, referee
):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2, name="Night")
    tournament.referees.add(referee.player)
    first, second = open_matches(tournament)
    # The two players of the second match report different scores.
    report = report_submit(match=second, player=second.entry_a.player, score_a=5, score_b=2)
    report_dispute(report=report, by=second.entry_b.player, note="Mine", score_a=3, score_b=5)

    page = open_as(referee)
    base = f"{live_server.url}/clubs/bar/t/{tournament.slug}/matches"
    visit(page, f"{base}/{first.pk}/", language, size)
    score = page.locator("form.score-form")
    score.locator("input[name$=score_a]").fill("5")
    score.locator("input[name$=score_b]").fill("1")
    score.locator("button[type=submit]").click()
    page.locator("#result-panel .score", has_text="5 – 1").first.wait_for()
    settled(page, language, size)
    first.refresh_from_db()
    assert first.status == MatchStatus.FINISHED and (first.score_a, first.score_b) == (5, 1)

    visit(page, f"{base}/{second.pk}/", language, size)
    assert page.locator(".dispute-sides").count() == 1
    page.locator("form[action$='/uphold/'] button").click()
    page.wait_for_url(re.compile(rf"/matches/{second.pk}/$"))
    settled(page, language, size)
    second.refresh_from_db()
    assert second.status == MatchStatus.FINISHED
    assert (second.score_a, second.score_b) == (3, 5)
    assert second.winner_id == second.entry_b_id


def test_the_player_finds_his_match_from_the_dashboard_and_reports_it(
    live_server, open_as, language, size, make_tournament
):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2, name="Night")
    match = open_matches(tournament)[0]
    user = UserFactory(username="pia")
    player = match.entry_a.player
    player.user = user
    player.save()

    page = open_as(user)
    visit(page, f"{live_server.url}/dashboard/", language, size)
    mine = page.locator(".open-match")
    assert mine.count() == 1
    mine.locator(f"a[href$='/matches/{match.pk}/']").click()
    page.wait_for_url(re.compile(rf"/matches/{match.pk}/$"))
    settled(page, language, size)
    panel = page.locator("#result-panel")
    assert match.entry_a.player.name in panel.inner_text()
    assert match.entry_b.player.name in panel.inner_text()
    # He has played it at the club's table and reports the score; it waits for his opponent.
    page.locator("input[name=score_a]").fill(str(match.length))
    page.locator("input[name=score_b]").fill("1")
    page.locator("section.entry button[type=submit]").click()
    page.locator("section.report-pending").wait_for()
    settled(page, language, size)
    report = match.reports.get()
    assert (report.score_a, report.score_b, report.reported_by) == (match.length, 1, player)


def test_a_visitor_watches_the_venue_display_rotate(
    live_server, open_as, language, size, make_tournament, play
):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2, name="Night")
    match = open_matches(tournament)[0]
    play(match, score=(7, 2))

    page = open_as()
    # The page's clock is the test's, stopped: the display's two seconds pass at once.
    page.clock.install(time=0)
    page.clock.pause_at(1_000)
    display = f"{live_server.url}/clubs/bar/t/{tournament.slug}/display/?seconds=2"
    visit(page, display, language, size)
    body = page.locator("body")
    showing = "document.body.dataset.showing"
    assert body.get_attribute("data-showing") == "display-tables-section"
    tables = page.locator("#display-tables-section")
    assert tables.is_visible() and "7 – 2" in tables.inner_text()
    assert not page.locator("#display-standings-section").is_visible()
    page.clock.run_for(1_900)
    assert page.evaluate(showing) == "display-tables-section"  # not before its two seconds
    page.clock.run_for(100)
    assert page.evaluate(showing) == "display-standings-section"
    standings = page.locator("#display-standings-section")
    assert standings.is_visible() and not tables.is_visible()
    assert match.entry_a.player.name in standings.inner_text()
    settled(page, language, size)
    # And round again to the tables.
    page.clock.run_for(2_000)
    assert page.evaluate(showing) == "display-tables-section"
