"""The user guide's pictures, taken from the demo, so that they show what the app does today.

    .venv/bin/python scripts/guide_pictures.py [--out docs/guide/img]

Makes a fresh SQLite database in a temporary folder, loads the demo club into it
(``manage.py demo``, as ``make run`` does), serves it with Django's development server and
walks through it in Playwright's Chromium (Debian's headless shell, as the browser tests use:
``CHROMIUM`` names another build), in English, as the organizer, the referee, a treasurer and
the players would: it opens a tournament for sign-up, signs players up and checks them in,
sets an entry fee and takes fees, opens a side pool and a Calcutta, books a movement, and
takes a picture of each page the guide shows. ``make docs`` runs it before building the guide.
Nothing outside the temporary folder and the pictures' folder is touched.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
PASSWORD = "backgammon"  # the demo's (clubs/management/commands/demo.py)
DESKTOP = {"width": 1200, "height": 800}
PHONE = {"width": 390, "height": 844}
CLUB = "/clubs/demo"
SWISS = f"{CLUB}/t/autumn-swiss"
MONTHLY = f"{CLUB}/t/monthly-7-point"
BAR_CUP = f"{CLUB}/t/thursday-bar-cup"
NEW = f"{CLUB}/t/spring-open"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def demo_server(folder: Path) -> Iterator[str]:
    """The demo on a database of its own, served on a free port; its address."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "true",
        "LOG_LEVEL": "WARNING",
        "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
    }
    for name in ("REDIS_URL", "SITE_URL", "CELERY_TASK_ALWAYS_EAGER"):
        env.pop(name, None)
    manage = [PYTHON, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--no-input", "-v0"], env=env, cwd=ROOT, check=True)
    subprocess.run([*manage, "demo"], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    server = subprocess.Popen(
        [*manage, "runserver", f"127.0.0.1:{port}", "--noreload", "--skip-checks"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=2)
                break
            except OSError:
                if server.poll() is not None:
                    raise SystemExit("The development server did not start.") from None
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


class Guide:
    """One browser, a context per person, a picture per page."""

    def __init__(self, browser: Any, base: str, out: Path) -> None:
        self.browser, self.base, self.out = browser, base, out
        self.pages: dict[tuple[str, str], Any] = {}

    def page(self, user: str, device: str = "desktop") -> Any:
        """A logged-in page of the user's own (``anonymous``: a visitor)."""
        key = (user, device)
        if key not in self.pages:
            context = self.browser.new_context(
                locale="en-GB",
                viewport=PHONE if device == "phone" else DESKTOP,
                device_scale_factor=1,
                extra_http_headers={"Accept-Language": "en"},
            )
            page = context.new_page()
            page.set_default_timeout(15_000)
            if user != "anonymous":
                page.goto(f"{self.base}/accounts/login/")
                page.fill('input[name="username"]', user)
                page.fill('input[name="password"]', PASSWORD)
                page.locator('main button[type="submit"], main input[type="submit"]').first.click()
                page.wait_for_load_state("load")
                if "/accounts/login/" in page.url:
                    raise SystemExit(f"{user} could not log in with the demo's password.")
            self.pages[key] = page
        return self.pages[key]

    def go(self, user: str, path: str, device: str = "desktop") -> Any:
        page = self.page(user, device)
        response = page.goto(self.base + path)
        if response is None or response.status >= 400:
            status = response.status if response else "nothing"
            raise SystemExit(f"{path} answered {status} to {user}: the guide's steps are stale.")
        page.wait_for_load_state("load")
        return page

    def shot(self, page: Any, name: str, *, full: bool = False) -> None:
        """The page as its reader sees it: the window, or the whole page with ``full``."""
        page.wait_for_timeout(200)  # HTMX's first swap and the fonts
        path = self.out / f"{name}.png"
        page.screenshot(path=str(path), full_page=full)
        print(f"  {path.name}")

    def submit(self, page: Any, form: str, button: str | None = None) -> None:
        """Press a form's (first) submit button and wait for the answer."""
        locator = page.locator(f"{form} button[type=submit], {form} input[type=submit]")
        if button is not None:
            locator = page.locator(f"{form} button", has_text=button)
        locator.first.click()
        page.wait_for_load_state("load")


def first_link(page: Any, text: str) -> str:
    """The address of the page's first link that says ``text``."""
    return str(page.get_by_role("link", name=text).first.get_attribute("href"))


def take(guide: Guide) -> None:
    organizers(guide)
    players(guide)
    referees(guide)
    treasurers(guide)


def organizers(guide: Guide) -> None:
    page = guide.go("organizer", f"{CLUB}/")
    guide.shot(page, "club")
    page = guide.go("organizer", f"{CLUB}/t/new/")
    page.locator('input[name="name"]').fill("Spring Open")
    slug = page.locator('input[name="slug"]')
    if slug.count():
        slug.fill("spring-open")
    page.locator('input[name="require_check_in"]').check()
    guide.shot(page, "tournament-new")
    guide.submit(page, "main form", "Save")
    page = guide.go("organizer", f"{NEW}/manage/")
    guide.submit(page, "main form", "Open registration")
    guide.shot(page, "manage-registration")
    for player in ("anna", "ben", "clara", "david", "emma", "felix"):
        page = guide.go(player, f"{NEW}/")
        page.get_by_role("button", name="Sign up").first.click()
        page.wait_for_load_state("load")
    guide.shot(page, "tournament-signed-up")
    page = guide.go("organizer", f"{NEW}/entries/manage/")
    guide.shot(page, "entries")
    while page.get_by_role("button", name="Approve").count():
        page.get_by_role("button", name="Approve").first.click()
        page.wait_for_load_state("load")
    page = guide.go("organizer", f"{NEW}/entries/manage/rules/")
    guide.shot(page, "signup-rules")
    page = guide.go("organizer", f"{SWISS}/manage/")
    guide.shot(page, "manage-running")
    page = guide.go("organizer", f"{SWISS}/swiss/3/")
    guide.shot(page, "round")
    page = guide.go("organizer", f"{MONTHLY}/bracket/main/")
    guide.shot(page, "bracket")
    page = guide.go("organizer", f"{CLUB}/venue/")
    guide.shot(page, "venue-night")
    page = guide.go("anonymous", f"{CLUB}/venue/display/")
    guide.shot(page, "venue-display")
    page = guide.go("anonymous", f"{MONTHLY}/display/")
    guide.shot(page, "tournament-display")
    page = guide.go("organizer", f"{CLUB}/ladders/club-ladder/")
    guide.shot(page, "ladder")
    page = guide.go("organizer", f"{CLUB}/chouettes/")
    page = guide.go("organizer", first_link(page, "Friday chouette"))
    guide.shot(page, "chouette")


def players(guide: Guide) -> None:
    page = guide.go("hugo", "/dashboard/")
    guide.shot(page, "dashboard")
    page = guide.go("hugo", first_link(page, "Play on the online board"), device="phone")
    page.get_by_text("Connecting…").wait_for(state="hidden")
    guide.shot(page, "board")
    page = guide.go("anna", "/dashboard/")
    page = guide.go("anna", first_link(page, "Match page"))
    guide.shot(page, "match-report", full=True)
    page = guide.go("anonymous", f"{SWISS}/standings/")
    guide.shot(page, "standings")
    page = guide.go("anonymous", f"{SWISS}/", device="phone")
    guide.shot(page, "tournament-phone")
    page = guide.go("anna", f"{NEW}/entries/check-in/", device="phone")
    guide.shot(page, "check-in")
    page = guide.go("hugo", "/notifications/")
    guide.shot(page, "notifications")
    page = guide.go("anna", f"{CLUB}/leaderboard/")
    guide.shot(page, "leaderboard")


def referees(guide: Guide) -> None:
    page = guide.go("referee", f"{BAR_CUP}/main/2/")
    page = guide.go("referee", first_link(page, "Greta Graf"))
    guide.shot(page, "match-referee", full=True)
    page = guide.go("referee", f"{BAR_CUP}/main/2/sheets/")
    guide.shot(page, "score-sheets")
    page = guide.go("referee", "/dashboard/")
    guide.shot(page, "dashboard-referee")
    page = guide.go("referee", f"{CLUB}/control/")
    guide.shot(page, "control-room")
    page = guide.go("referee", f"{SWISS}/director/")
    page.get_by_text("Act…").first.click()
    guide.shot(page, "director")


def treasurers(guide: Guide) -> None:
    page = guide.go("organizer", f"{MONTHLY}/money/settings/")
    page.locator('input[name="entry_fee"]').fill("10")
    page.locator('input[name="house_share"]').fill("10")
    guide.shot(page, "money-settings")
    guide.submit(page, "main form", "Save")
    page = guide.go("organizer", f"{MONTHLY}/money/")
    rows = page.locator("tr[data-player]")
    for n, method in enumerate(["cash", "cash", "card", "transfer", "cash", "cash"]):
        row = page.locator("tr[data-player]").nth(n)
        row.locator('select[name="method"]').select_option(method)
        row.get_by_role("button", name="Paid").click()
        page.wait_for_load_state("load")
    assert rows.count()
    guide.shot(page, "fees")
    page = guide.go("organizer", f"{MONTHLY}/money/side-pools/")
    page.locator('input[name="name"]').fill("Gammon pool")
    page.locator('input[name="fee"]').fill("5")
    guide.submit(page, "form.card", "Open")
    for n in (1, 2, 3):
        join = page.locator('form[action*="/side-pools/"][action$="/join/"]')
        join.get_by_label("Player").select_option(index=n)
        guide.submit(page, 'form[action$="/join/"]', "Enter")
    guide.shot(page, "side-pools", full=True)
    page = guide.go("organizer", f"{NEW}/money/calcutta/")
    guide.submit(page, "form[novalidate]", "Save")
    guide.submit(page, 'form[action$="/calcutta/lots/"]', "Make the lots")
    page.locator('input[name="bidder"]').fill("Ben")
    page.locator('input[name="amount"]').fill("20")
    guide.submit(page, 'form[action$="/bid/"]')
    guide.submit(page, 'form[action$="/sell/"]')
    guide.shot(page, "calcutta", full=True)
    page = guide.go("organizer", f"{MONTHLY}/money/payouts/")
    guide.shot(page, "payouts")
    page = guide.go("organizer", f"{CLUB}/money/")
    book = page.locator('form:has(input[name="book"])')
    book.get_by_label("Kind").select_option("costs")
    book.get_by_label("Direction").select_option("out")
    book.get_by_label("Amount").fill("25")
    book.get_by_label("Memo").fill("New dice cups")
    guide.submit(page, 'form:has(input[name="book"])', "Book")
    guide.shot(page, "ledger", full=True)
    page = guide.go("organizer", first_link(page, "Reverse"))
    guide.shot(page, "ledger-reverse")
    page = guide.go("organizer", f"{CLUB}/money/cash-up/")
    guide.shot(page, "cash-up")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "guide" / "img")
    out = parser.parse_args().out.resolve()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("Playwright is not installed: pip install -e '.[dev]'") from None
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        raise SystemExit(f"No Chromium at {CHROMIUM}: make browser (or set CHROMIUM).")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="guide-") as folder, demo_server(Path(folder)) as base:
        print(f"The demo runs on {base}; pictures:")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            guide = Guide(browser, base, out)
            try:
                take(guide)
            except Exception:
                # What each person's page showed when a step failed, to see why.
                failed = Path(tempfile.mkdtemp(prefix="guide-failed-"))
                for (user, device), page in guide.pages.items():
                    page.screenshot(path=str(failed / f"{user}-{device}.png"), full_page=True)
                print(f"A step failed; the pages as they were: {failed}", file=sys.stderr)
                raise
            finally:
                browser.close()


if __name__ == "__main__":
    main()
