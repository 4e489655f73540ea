"""Browser tests: Playwright driving Debian's headless shell of Chromium.

The headless shell is the browser Playwright itself runs headless: Chromium's engine
without the desktop browser around it, which made the browser tests a third faster and
half as hungry for the processor as the full Chromium. `make test` installs it where it
can (`make browser`); where it is missing, or Playwright is not installed, these tests skip
with the reason (CHROMIUM names another build, such as /usr/bin/chromium). Screenshots of
failures go to tests/e2e/artifacts/ (git-ignored).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
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
    # Every page the tests open is the test server's one site: a renderer process for each
    # browser context (Chromium's site isolation) costs a process's start and its own
    # JavaScript engine each time. One renderer for them all made the browser tests a tenth
    # cheaper in CPU (80 s instead of 88-90 s run alone) and 12 s shorter.
    "--disable-features=site-per-process,IsolateOrigins",
    "--disable-site-isolation-trials",
    "--renderer-process-limit=1",
]


class _Chromium:
    """The test process's one Chromium, opened by the first browser test and closed after
    the last (pytest_runtest_teardown below): launching one per module cost a few seconds
    each. Closing it ends Playwright's event loop, which would otherwise disturb the asyncio
    tests this process runs after the browser tests (they run first: tests/conftest.py)."""

    manager: Any = None
    browser: Any = None
    previous_unsafe: str | None = None

    @classmethod
    def open(cls) -> Any:
        if cls.browser is None:
            from playwright.sync_api import sync_playwright

            # Playwright's sync API runs an event loop in the test thread; Django must allow
            # ORM calls there while the browser is open (and only then: subprocesses must
            # not inherit it).
            cls.previous_unsafe = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
            # Playwright starts Chromium with a fresh, empty profile of its own every time.
            cls.manager = sync_playwright()
            playwright = cls.manager.__enter__()
            cls.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        return cls.browser

    @classmethod
    def close(cls) -> None:
        if cls.browser is None:
            return
        try:
            cls.browser.close()
            cls.manager.__exit__(None, None, None)
        finally:
            cls.browser = cls.manager = None
            if cls.previous_unsafe is None:
                os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
            else:
                os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = cls.previous_unsafe


@pytest.fixture
def browser():
    try:
        import playwright  # noqa: F401
    except ImportError:
        pytest.skip("Playwright is not installed (pip install -e '.[dev]')")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(
            f"Chromium not found at {CHROMIUM}: `make browser` installs Debian's "
            "chromium-headless-shell, or set CHROMIUM to another Chromium"
        )
    return _Chromium.open()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    """After the last browser test of this process (its fixtures torn down), its Chromium
    goes."""
    if nextitem is None or not str(nextitem.path).startswith(str(Path(__file__).parent)):
        _Chromium.close()


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
