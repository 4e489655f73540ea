"""Tables on a phone and on paper, in English and in German.

On a phone (390 px) every table keeps the columns a reader needs and folds the others behind
"Show every column", as the standings do: no table scrolls sideways inside its box, and the
organizer's player rows show their buttons (Approve, Check in, Withdraw) whole. On a desktop
every column is there. Printed on A4 portrait, the standings keep every column and every
score sheet has its columns in the same place."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Player
from entries.models import Entry, EntryStatus
from tests.analysis.conftest import fake_gnubg, filed_match  # noqa: F401 (a fixture)
from tests.conftest import open_matches
from tests.e2e.conftest import ARTIFACTS

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: An A4 sheet's width in CSS pixels (210 mm at 96 dpi), and what its print margins (12 mm
#: each side: static/css/crawford.css) leave for the page's content.
A4_WIDTHS = (794, round((210 - 2 * 12) / 25.4 * 96))
LOCALES = {"en": "en-GB", "de": "de-DE"}
#: Long names, as clubs have them: they must wrap, not widen a table.
NAMES = [
    "Friederike Schwarzenberger",
    "Maximilian Zimmermann",
    "Anna-Lena Großkopf",
    "Konstantin Oberhuber",
]

#: Each visible table that reaches past its box (or its box past the screen), and the page's
#: width: what a reader would have to scroll sideways to see.
OVERFLOWS = """() => {
  const wide = [];
  const shown = el => el.getClientRects().length > 0;
  for (const table of document.querySelectorAll("main table, .container table")) {
    if (!shown(table)) continue;
    const box = table.closest(".table-wrap") || table;
    const name = table.className || table.tagName;
    if (box.scrollWidth > box.clientWidth + 1) wide.push([name, box.scrollWidth, box.clientWidth]);
    const right = box.getBoundingClientRect().right;
    if (right > innerWidth + 0.5) wide.push([name, "right", Math.round(right)]);
  }
  return {wide, page: document.documentElement.scrollWidth};
}"""

#: The headings of a table's columns that show.
HEADINGS = """(selector) => [...document.querySelector(selector).querySelectorAll("thead th")]
  .filter(th => th.getClientRects().length > 0).map(th => th.textContent.trim())"""

#: The id of the "Show every column" switch of a table: the one before the table's box or
#: before a box around it.
SWITCH = """(selector) => {
  for (let el = document.querySelector(selector); el; el = el.parentElement) {
    for (let before = el.previousElementSibling; before; before = before.previousElementSibling) {
      if (before.matches("input.all-columns")) return before.id;
    }
  }
}"""

#: Each player row's buttons: whether each is whole inside the table's box and the screen.
BUTTONS = """() => [...document.querySelectorAll("table.players tbody tr")].map(tr => {
  const box = tr.closest(".table-wrap").getBoundingClientRect();
  return [...tr.querySelectorAll("button")].map(b => {
    const r = b.getBoundingClientRect();
    const right = Math.min(box.right, innerWidth) + 0.5;
    return [b.textContent.trim(), r.left >= box.left - 0.5 && r.right <= right];
  });
})"""


@pytest.fixture
def open_as(browser, live_server):
    """A page of the browser, logged in as ``user``, in ``language``, ``viewport`` wide."""
    contexts = []

    def open_page(user, language, viewport):
        context = browser.new_context(
            locale=LOCALES[language],
            viewport=viewport,
            extra_http_headers={"Accept-Language": language},
        )
        contexts.append(context)
        client = Client()
        client.force_login(user)
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
        return page

    yield open_page
    for context in contexts:
        context.close()


def named(tournament) -> None:
    """The tournament's first players get long names."""
    entries = Entry.objects.filter(tournament=tournament).order_by("seed")
    for entry, name in zip(entries, NAMES, strict=False):
        Player.objects.filter(pk=entry.player_id).update(name=name)


@pytest.fixture
def club_pages(make_tournament, play, club, organizer):
    """The organizer's pages with tables: a tournament taking sign-ups (players awaiting
    approval: three buttons a row), a Swiss under way (its standings, results, round and
    rated matches for the leaderboard), a knockout's organize page, and an analysed match
    with its games (the correction table) and the tournament's error rates."""
    signup = make_tournament(6, start=False, name="Herbstturnier")
    named(signup)
    Entry.objects.filter(tournament=signup).update(status=EntryStatus.PENDING)
    swiss = make_tournament(
        8,
        name="Donnerstagsliga",
        format="swiss",
        swiss_rounds=3,
        default_length=5,
        tiebreaks=["match_points", "buchholz", "points_difference", "median_buchholz"],
    )
    named(swiss)
    for match in open_matches(swiss):
        play(match, score=(5, 3))
    knockout = make_tournament(8, name="Pokal", format="single_elimination")
    filed = filed_match(club, organizer, analysis_plies=1)
    analysed = filed.round.stage.tournament
    at = {"club": club.slug}
    return {
        "organize": (reverse("tournaments:manage", args=[club.slug, signup.slug]), "players"),
        "entries": (reverse("entries:list", args=[club.slug, signup.slug]), "entry-list"),
        "fees": (reverse("money:fees", args=[club.slug, signup.slug]), "fees"),
        "organize (running)": (
            reverse("tournaments:manage", args=[club.slug, knockout.slug]),
            "rounds",
        ),
        "leaderboard": (reverse("clubs:leaderboard", kwargs=at), "leaderboard"),
        "standings": (reverse("tournaments:standings", args=[club.slug, swiss.slug]), "standings"),
        "results": (reverse("tournaments:results", args=[club.slug, swiss.slug]), "results"),
        "round": (reverse("tournaments:round", args=[club.slug, swiss.slug, "swiss", 1]), "draw"),
        "error rates": (
            reverse("analysis:tournament", args=[club.slug, analysed.slug]),
            "error-rates",
        ),
        "match": (
            reverse("matches:detail", args=[club.slug, analysed.slug, filed.pk]),
            "games-correction",
        ),
    }


#: Per page, a column the phone folds (English, German) in the page's main table.
FOLDED = {
    "organize": ("Status", "Status"),  # the seeds are typed there: their column stays
    "entries": ("E-mail", "E-Mail"),
    "fees": ("Recorded", "Aufgezeichnet"),
    "organize (running)": ("Match format", "Matchformat"),
    "leaderboard": ("Experience", "Erfahrung"),
    "standings": ("Difference", "Differenz"),
    "results": ("Winner", "Sieger"),
    "round": ("Why", "Warum"),
    "error rates": ("Error total (EMG)", "Fehler gesamt (EMG)"),
    "match": ("Ended by", "Beendet durch"),
}


@pytest.mark.usefixtures("fake_gnubg")
@pytest.mark.parametrize("language", ["en", "de"])
def test_tables_fit_a_phone_and_show_every_column_on_a_desktop(
    language, club_pages, organizer, open_as, live_server
):
    page = open_as(organizer, language, PHONE)
    try:
        for name, (path, table) in club_pages.items():
            page.goto(live_server.url + path)
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            seen = page.evaluate(OVERFLOWS)
            assert seen["wide"] == [] and seen["page"] <= PHONE["width"], (name, seen)
            folded = FOLDED[name][language == "de"]
            headings = page.evaluate(HEADINGS, f"table.{table}")
            assert folded not in headings, (name, headings)
            if name == "organize":
                rows = page.evaluate(BUTTONS)
                assert len(rows) == 6 and all(len(row) == 3 for row in rows), rows
                assert all(whole for row in rows for _, whole in row), rows
            # Every column on demand, then scrolling sideways inside the table's box.
            page.locator(f"label[for={page.evaluate(SWITCH, f'table.{table}')}]").click()
            shown = page.evaluate(HEADINGS, f"table.{table}")  # at once: a label's checkbox
            assert folded in shown, name
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], name
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"pages-phone-{language}.png"), full_page=True)
        raise
    desktop = open_as(organizer, language, DESKTOP)
    for name, (path, table) in club_pages.items():
        desktop.goto(live_server.url + path)
        assert FOLDED[name][language == "de"] in desktop.evaluate(HEADINGS, f"table.{table}"), name
        assert not desktop.locator("label.all-columns-label").first.is_visible(), name


@pytest.mark.parametrize("language", ["en", "de"])
def test_printed_standings_keep_every_column_and_score_sheets_line_up(
    language, make_tournament, play, organizer, open_as, live_server
):
    swiss = make_tournament(
        8,
        format="swiss",
        swiss_rounds=3,
        default_length=5,
        tiebreaks=["match_points", "buchholz", "points_difference", "median_buchholz"],
    )
    named(swiss)
    for match in open_matches(swiss):
        play(match, score=(5, 3))
    club = swiss.club.slug
    standings = reverse("tournaments:standings", args=[club, swiss.slug])
    sheets = reverse("tournaments:score_sheets", args=[club, swiss.slug, "swiss", 2])
    kept = ("Difference", "Gammons won") if language == "en" else ("Differenz", "Gewonnene Gammons")
    for width in A4_WIDTHS:
        page = open_as(organizer, language, {"width": width, "height": 1123})
        page.emulate_media(media="print")
        page.goto(live_server.url + standings)
        seen = page.evaluate(OVERFLOWS)
        assert seen["wide"] == [] and seen["page"] <= width, seen
        headings = page.evaluate(HEADINGS, "table.standings")
        assert all(heading in headings for heading in kept), headings
        for heading in kept:
            cell = page.locator("table.standings thead th", has_text=heading)
            box = cell.bounding_box()
            assert box is not None and box["x"] + box["width"] <= width, (heading, box)
        page.goto(live_server.url + sheets)
        columns = page.evaluate(
            """() => [...document.querySelectorAll("table.sheet")].map(table =>
              [...table.querySelectorAll("thead th")].map(th => {
                const r = th.getBoundingClientRect();
                return [Math.round(r.left), Math.round(r.width)];
              }))"""
        )
        assert len(columns) == 4, columns
        assert all(sheet == columns[0] for sheet in columns), columns
        assert page.evaluate(OVERFLOWS)["wide"] == []
