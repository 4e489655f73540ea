"""On a phone (390 px) the standings show every player's points without scrolling sideways,
in English and in German; the other columns are one tap away, and a wide screen shows them
all at once."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import open_matches
from tests.e2e.conftest import ARTIFACTS

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
#: The points column's header, and one of the columns a phone leaves out, per language.
LANGUAGES = {"en": ("Match points", "Difference"), "de": ("Matchpunkte", "Differenz")}

#: Where the points cells end, and how far the table reaches past its box.
MEASURE = """(header) => {
  const table = document.querySelector("table.standings");
  const heads = [...table.querySelectorAll("thead th")];
  const column = heads.findIndex(th => th.textContent.trim() === header);
  const cells = [...table.querySelectorAll("tbody tr")].map(tr => tr.children[column]);
  const shown = th => th.getBoundingClientRect().width > 0;
  return {
    column: column,
    right: Math.max(...cells.map(td => td.getBoundingClientRect().right)),
    points: cells.map(td => td.textContent.trim()),
    overflow: table.closest(".table-wrap").scrollWidth - table.closest(".table-wrap").clientWidth,
    page: document.documentElement.scrollWidth,
    shown: heads.filter(shown).map(th => th.textContent.trim()),
  };
}"""


@pytest.fixture
def swiss(make_tournament, play):
    tournament = make_tournament(
        8,
        format="swiss",
        swiss_rounds=3,
        default_length=5,
        tiebreaks=["match_points", "buchholz", "points_difference", "median_buchholz"],
    )
    for match in open_matches(tournament):
        play(match, score=(5, 3))
    return tournament


def test_the_points_fit_a_phone_in_english_and_german(browser, live_server, swiss):
    url = live_server.url + reverse("tournaments:standings", args=[swiss.club.slug, swiss.slug])
    for language, (points, minor) in LANGUAGES.items():
        context = browser.new_context(
            locale=language, extra_http_headers={"Accept-Language": language}, viewport=PHONE
        )
        page = context.new_page()
        page.set_default_timeout(10_000)
        try:
            page.goto(url)
            seen = page.evaluate(MEASURE, points)
            assert seen["column"] >= 0, seen
            assert sorted(seen["points"]) == ["0"] * 4 + ["1"] * 4, seen
            assert seen["right"] <= PHONE["width"], seen
            assert seen["overflow"] <= 0 and seen["page"] <= PHONE["width"], seen
            assert minor not in seen["shown"], seen

            # Every column, on demand (scrolling sideways inside the table then).
            page.get_by_text(
                "Show every column" if language == "en" else "Alle Spalten zeigen"
            ).click()
            shown = page.evaluate(MEASURE, points)["shown"]  # at once: a label's checkbox
            assert minor in shown

            page.set_viewport_size({"width": 1280, "height": 900})
            page.reload()
            wide = page.evaluate(MEASURE, points)
            assert minor in wide["shown"], wide
            assert not page.locator("label[for=standings-all]").is_visible()
        except Exception:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"standings-phone-{language}.png"))
            raise
        finally:
            context.close()
