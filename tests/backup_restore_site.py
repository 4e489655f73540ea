"""The site of the backup test (tests/test_backup_restore.py), run in a process of its own on
the database that ``DATABASE_URL`` names, with the app's settings (``config.settings``):

``python -m tests.backup_restore_site book``
    adds to the demo club (``manage.py demo``) what a living club has besides: money (a
    tournament's fees paid, the float and a cost booked, a cost reversed, a cash-up with a
    difference) and a match whose file was analysed (gnubg's saved output: tests/analysis).
``python -m tests.backup_restore_site crawl OUT MOMENT``
    every page of the site reachable from its home page and the demo club's, for a visitor, the
    organizer and a player, at the moment MOMENT (ISO 8601: "now" to the app, so that two
    crawls at different times show the same minutes since a call), written to OUT as JSON:
    address → [status, the page as rendered, with what differs from one rendering to the next
    made equal]. A file (an export, a zip) is its members' texts.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import zipfile
from collections import deque
from datetime import datetime
from pathlib import Path
from typing import Any
from unittest import mock

#: Who looks at the site: a visitor, and the demo's organizer and one of its players.
VIEWERS = ("", "organizer", "hugo")
#: Addresses not followed: log-out ends the crawl's session, the admin is Django's own.
SKIPPED = re.compile(r"^/(static|media|admin)/|logout|/ws/")
#: At most this many pages per viewer (the demo has a few hundred).
LIMIT = 3000
#: What differs between two renderings of the same data: the CSRF token of each form and
#: script, and the moment a spreadsheet was written (its zip's dates are not compared).
VOLATILE = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*'), r"\1…"),
    (re.compile(r'(X-CSRFToken"\]?:? =? ?")[^"]*', re.IGNORECASE), r"\1…"),
    (re.compile(r'((?:data-csrf|<meta name="csrf-token" content)=")[^"]*'), r"\1…"),
    (re.compile(r"(<dcterms:(created|modified)[^>]*>)[^<]*"), r"\1…"),
]
LINK = re.compile(r'\s(?:href|hx-get|src)="(/[^"#]*)')


def normalised(body: str) -> str:
    for pattern, replacement in VOLATILE:
        body = pattern.sub(replacement, body)
    return body


def readable(content: bytes) -> str:
    """The response's text; a zip's (a spreadsheet, a submission pack) its members' names and
    texts, in order."""
    if content[:2] != b"PK":
        return content.decode("utf-8", "replace")
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return "\n".join(
            f"--- {name}\n" + archive.read(name).decode("utf-8", "replace")
            for name in archive.namelist()
        )


def crawl(client: Any, viewer: str) -> dict[str, list[Any]]:
    """Every page reachable from the home page and the demo club's, as ``viewer`` sees it."""
    import html

    pages: dict[str, list[Any]] = {}
    todo = deque(["/", "/clubs/demo/", "/clubs/"])
    seen = set(todo)
    while todo and len(pages) < LIMIT:
        url = todo.popleft()
        response = client.get(url)
        content = b"".join(response) if response.streaming else response.content
        text = readable(content)
        pages[f"{viewer or '-'} {url}"] = [response.status_code, normalised(text)]
        if not response.get("Content-Type", "").startswith("text/html"):
            continue
        for found in LINK.findall(text):
            link = html.unescape(found)
            if link.startswith("//") or SKIPPED.search(link) or link in seen:
                continue
            seen.add(link)
            todo.append(link)
    return pages


def crawl_all(out: Path, moment: datetime) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    pages: dict[str, list[Any]] = {}
    with mock.patch("django.utils.timezone.now", return_value=moment):
        for viewer in VIEWERS:
            client = Client()
            if viewer:
                client.force_login(get_user_model().objects.get(username=viewer))
            pages.update(crawl(client, viewer))
    out.write_text(json.dumps(pages))


def book() -> None:
    """Money, an analysis and a board in play for the demo club, through the services."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club
    from config.celery import app as celery_app
    from entries.models import Entry
    from matches.models import Match
    from matches.services import match_import_file
    from money import services as money
    from money.cashup import till
    from play.services import online_game_open
    from tests.analysis.conftest import gnubg_faked
    from tests.conftest import committed, mat, match_made
    from tournaments.models import Tournament

    celery_app.conf.task_always_eager = True
    club = Club.objects.get(slug="demo")
    organizer = get_user_model().objects.get(username="organizer")
    monthly = Tournament.objects.get(club=club, slug="monthly-7-point")
    money.club_money_settings_update(club=club, own_method="PayPal")
    money.tournament_money_update(tournament=monthly, entry_fee=2000, house_share=1000)
    entries = list(Entry.objects.filter(tournament=monthly).order_by("pk"))
    methods = ["cash", "cash", "card", "transfer", "other", "cash"]
    for entry, method in zip(entries, methods, strict=False):
        money.fee_mark_paid(entry=entry, method=method, recorded_by=organizer)
    money.fee_waive(entry=entries[6], recorded_by=organizer)
    money.ledger_record(
        club=club, kind="added", amount=10_000, method="cash", recorded_by=organizer, memo="Float"
    )
    cost = money.ledger_record(
        club=club, kind="costs", amount=-1_250, method="transfer", recorded_by=organizer
    )
    money.ledger_reverse(entry=cost, recorded_by=organizer, reason="Booked twice")
    money.ledger_record(
        club=club,
        kind="costs",
        amount=-1_250,
        method="transfer",
        tournament=monthly,
        recorded_by=organizer,
        memo="Trophies",
    )
    counted = {method: amount for method, amount in till(club).expected().items()}
    counted["cash"] -= 50
    money.cash_up_take(
        club=club, counted=counted, recorded_by=organizer, reason="A coin rolled away"
    )

    with gnubg_faked():
        match = match_made(
            club,
            organizer,
            length=3,
            names=("Alice", "Bob"),
            analysis_plies=0,
            is_published=True,
        )
        committed(match_import_file, match=match, text=mat("gnubg_03pt_s104"))

    # The online match's board, opened by its player: its game and the dice's secret seed are
    # made then, so they are in the dump (the crawls would each open it with a seed of its own).
    for online in Match.objects.filter(round__stage__tournament__club=club, is_online=True):
        online_game_open(match=online)


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    if argv[1:] == ["book"]:
        book()
    elif len(argv) == 4 and argv[1] == "crawl":
        crawl_all(Path(argv[2]), datetime.fromisoformat(argv[3]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
