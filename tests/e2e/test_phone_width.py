"""Every page of the demo fits a phone's screen (390 px) without scrolling sideways: wide
tables and brackets scroll inside a container of their own. Visited as a visitor and as the
demo's organizer, with the pages found by following the links from the start."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
#: Links not to follow: leaving, downloads, feeds, the admin, the API, and actions.
SKIP = re.compile(
    r"/logout|/admin/|/api/|\.(csv|xlsx|ics|sgf|mat|txt|json|zip|pdf|png|svg)$|/export|"
    r"/calendar/|/static/|/media/|/download|/accounts/password|/language/"
)
#: At most so many pages of one shape (ids replaced), to keep the run short.
PER_SHAPE = 2
MOST = 120


#: Every address the page links to, as written (``href``), before any ``#``.
LINKS = """() => [...document.querySelectorAll("[href]")]
  .map(el => el.getAttribute("href").split("#")[0]).filter(href => href)"""


def walk(page, base: str, start: list[str]) -> tuple[list[str], list[str]]:
    """The pages reachable from ``start`` by the links on them (GET, 200 without a redirect,
    HTML), each visited once in the phone's browser, and those of them wider than the phone."""
    seen: set[str] = set()
    shapes: dict[str, int] = {}
    queue = list(start)
    pages: list[str] = []
    wide: list[str] = []
    while queue and len(pages) < MOST:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        shape = re.sub(r"\d+", "N", path)
        if shapes.get(shape, 0) >= PER_SHAPE:
            continue
        response = page.goto(base + path, wait_until="load")
        if (
            response is None
            or response.status != 200
            or response.request.redirected_from is not None
            or "text/html" not in response.headers.get("content-type", "")
        ):
            continue
        shapes[shape] = shapes.get(shape, 0) + 1
        pages.append(path)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide.append(f"{path}: {width}px ({page.evaluate(WIDEST)})")
        for href in page.evaluate(LINKS):
            url = urlsplit(href)
            if url.scheme or url.netloc or not url.path.startswith("/") or url.query:
                continue
            if not SKIP.search(url.path) and url.path not in seen:
                queue.append(url.path)
    return pages, wide


#: The outermost elements that reach past the screen's right edge, for the failure message.
WIDEST = """() => {
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.right <= innerWidth + 0.5 || out.some(o => o.contains(el))) continue;
    out.push(el);
  }
  return out.slice(0, 4).map(el => el.tagName.toLowerCase() + "." +
    [...el.classList].join(".") + " " + Math.round(el.getBoundingClientRect().right)).join(", ");
}"""


@pytest.fixture
def demo(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    call_command("demo", stdout=open("/dev/null", "w"))  # noqa: SIM115


def phone_page(browser, live_server, client: Client | None = None):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="en-GB")
    if client is not None:
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
    page.set_default_timeout(15_000)
    return context, page


def test_the_demos_pages_fit_a_phone_for_a_visitor_and_for_its_organizer(
    browser, live_server, demo, django_user_model
):
    """Both walks on one demo: building the demo takes seconds."""
    context, page = phone_page(browser, live_server)
    try:
        visitor, wide = walk(page, live_server.url, ["/", "/clubs/", "/clubs/demo/"])
    finally:
        context.close()
    assert not wide, "\n".join(["pages wider than a phone for a visitor:", *wide])
    for kind in (
        "/leaderboard/",
        "/players/",
        "/standings/",
        "/bracket/",
        "/swiss/1/",
        "/ladders/club-ladder/",
    ):
        assert any(kind in path for path in visitor), (kind, visitor)
    assert any(re.search(r"/chouettes/\d+/$", path) for path in visitor), visitor
    organizer = Client()
    organizer.force_login(django_user_model.objects.get(username="organizer"))
    context, page = phone_page(browser, live_server, organizer)
    try:
        managed, wide = walk(
            page, live_server.url, ["/dashboard/", "/clubs/demo/", "/notifications/"]
        )
    finally:
        context.close()
    assert not wide, "\n".join(["pages wider than the phone for the organizer:", *wide])
    for kind in ("/manage/", "/matches/", "/notifications/", "/dashboard/", "/sheets/"):
        assert any(kind in path for path in managed), (kind, managed)
