"""Browser tests: Playwright driving Debian's Chromium headless.

`make test` installs Chromium where it can (`make browser`); where it is missing, or
Playwright is not installed, these tests skip with the reason. Screenshots of failures go
to tests/e2e/artifacts/ (git-ignored).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module; closing it ends Playwright's event loop, which would
    otherwise disturb the asyncio tests that run after it in the same process."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed (pip install -e '.[dev]')")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"Chromium not found at {CHROMIUM}: `make browser` installs it (Debian)")
    # Playwright's sync API runs an event loop in the test thread; Django must allow ORM
    # calls there while the browser is open (and only then: subprocesses must not inherit it).
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        # Playwright starts Chromium with a fresh, empty profile of its own every time.
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def new_page(browser, request):
    """Open a fresh browser context (its own cookies); screenshot it if the test fails."""
    contexts = []

    def open_page():
        context = browser.new_context(locale="en-GB")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_page
    close_contexts(contexts, request)


def close_contexts(contexts, request):
    """Close a test's browser contexts, with a screenshot of every page if the test failed."""
    failed = getattr(request.node, "rep_call", None)
    for n, context in enumerate(contexts):
        if failed is not None and failed.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            for m, page in enumerate(context.pages):
                page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{n}-{m}.png"))
        context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(autouse=True)
def scripted_players_are_not_flooding(settings):
    """A browser driven by a script clicks faster than any person: the board's message rate
    limit (tested on its own in tests/play) must not close its socket."""
    settings.ONLINE_MESSAGE_BURST = 100_000
