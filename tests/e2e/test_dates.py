"""In the browser, in English and German: a visitor reads a tournament's start and its first
round's deadline at a club in Hamburg and at a club in Boston. In English, Hamburg writes the
day first with the 24-hour clock (6 Dec 2026, 18:30) and Boston the month first (Dec. 6, 2026,
6:30 p.m.), though the browser says en-US: the browser's region is no choice the reader made
here, the club's country is the club's. In German, both write German; a reader who switches
the language with the page's switch reads the dates of the language he chose."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import close_contexts
from tests.test_dates_club_country import DAY_FIRST, IN_GERMAN, MONTH_FIRST, club_in, tournament_of

pytestmark = pytest.mark.django_db(transaction=True)

BROWSERS = {
    "en": {"locale": "en-US", "extra_http_headers": {"Accept-Language": "en-US,en;q=0.9"}},
    "de": {"locale": "de-DE", "extra_http_headers": {"Accept-Language": "de-DE,de;q=0.9"}},
}


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """Caches of this test alone: the clubs' countries kept by one test stay out of the
    others."""


@pytest.fixture
def open_in(browser, request):
    """A visitor's page in a browser set to ``language``."""
    contexts = []

    def open_page(language):
        context = browser.new_context(**BROWSERS[language])
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_page
    close_contexts(contexts, request)


@pytest.fixture
def clubs(organizer):
    """The same tournament at a club in Hamburg and at a club in Boston."""
    return {
        "hamburg": tournament_of(club_in("DE", organizer, "hamburg"), organizer),
        "boston": tournament_of(club_in("US", organizer, "boston"), organizer),
    }


def read(page, live_server, tournament) -> dict[str, str]:
    """The start on the tournament's page; the deadline on its first round's, reached by
    its link."""
    page.goto(live_server.url + tournament.get_absolute_url())
    starts = page.locator("dl.facts dd").first.inner_text()
    page.locator(f"a[href$='/t/{tournament.slug}/swiss/1/']").first.click()
    page.wait_for_url("**/swiss/1/")
    deadline = page.locator("main p.muted").first.inner_text()
    return {"starts": starts, "deadline": deadline}


def assert_reads(found: dict[str, str], expected: dict[str, str]) -> None:
    assert found["starts"] == expected["starts"]
    assert expected["deadline"] in found["deadline"]


def test_an_english_reader_reads_each_clubs_dates_as_its_country_writes_them(
    live_server, open_in, clubs
):
    page = open_in("en")
    assert_reads(read(page, live_server, clubs["hamburg"]), DAY_FIRST)
    assert page.locator("html").get_attribute("lang") == "en-gb"
    assert_reads(read(page, live_server, clubs["boston"]), MONTH_FIRST)
    assert page.locator("html").get_attribute("lang") == "en"


def test_a_german_reader_reads_german_dates_at_both_clubs(live_server, open_in, clubs):
    page = open_in("de")
    for tournament in clubs.values():
        assert_reads(read(page, live_server, tournament), IN_GERMAN)
        assert page.locator("html").get_attribute("lang") == "de"


def test_the_language_the_reader_chooses_writes_the_dates(live_server, open_in, clubs):
    """An English browser on the Boston club switches to German: German dates; back to
    English on the Hamburg club: the day first again."""
    page = open_in("en")
    page.goto(live_server.url + clubs["boston"].get_absolute_url())
    page.locator("#lang-select").select_option("de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.locator("dl.facts dd").first.inner_text() == IN_GERMAN["starts"]
    page.goto(live_server.url + clubs["hamburg"].get_absolute_url())
    assert page.locator("dl.facts dd").first.inner_text() == IN_GERMAN["starts"]
    page.locator("#lang-select").select_option("en")
    page.wait_for_function("document.documentElement.lang === 'en-gb'")
    assert page.locator("dl.facts dd").first.inner_text() == DAY_FIRST["starts"]
