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
    r"/logout|/admin/|/api/|\.(csv|xlsx|ics|sgf|mat|txt|json)$|/export|/calendar/|/static/|"
    r"/media/|/download|/accounts/password|/language/"
)
#: At most so many pages of one shape (ids replaced), to keep the run short.
PER_SHAPE = 2
MOST = 120


def crawl(client: Client, start: list[str]) -> list[str]:
    """The pages reachable from ``start`` by the links on them (GET, 200, HTML)."""
    seen: set[str] = set()
    shapes: dict[str, int] = {}
    queue = list(start)
    pages = []
    while queue and len(pages) < MOST:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        shape = re.sub(r"\d+", "N", path)
        if shapes.get(shape, 0) >= PER_SHAPE:
            continue
        response = client.get(path)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        shapes[shape] = shapes.get(shape, 0) + 1
        pages.append(path)
        for href in re.findall(r'href="([^"#]+)', response.content.decode()):
            url = urlsplit(href)
            if url.scheme or url.netloc or not url.path.startswith("/") or url.query:
                continue
            if not SKIP.search(url.path) and url.path not in seen:
                queue.append(url.path)
    return pages


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


def too_wide(page, base: str, paths: list[str]) -> list[str]:
    wide = []
    for path in paths:
        page.goto(base + path, wait_until="load")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide.append(f"{path}: {width}px ({page.evaluate(WIDEST)})")
    return wide


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
    visitor = crawl(Client(), ["/", "/clubs/", "/clubs/demo/"])
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
    managed = crawl(organizer, ["/dashboard/", "/clubs/demo/", "/notifications/"])
    for kind in ("/manage/", "/matches/", "/notifications/", "/dashboard/", "/sheets/"):
        assert any(kind in path for path in managed), (kind, managed)
    for client, paths in ((None, visitor), (organizer, managed)):
        context, page = phone_page(browser, live_server, client)
        try:
            wide = too_wide(page, live_server.url, paths)
            who = "the organizer" if client else "a visitor"
            assert not wide, "\n".join([f"pages wider than a phone for {who}:", *wide])
        finally:
            context.close()
