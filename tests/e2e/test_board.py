"""Two players play an online match in two browsers: clicks, dragging, undo, the cube.

The app runs under Daphne in a thread of the test process (HTTP and websockets on one port),
against the test database; the dice are seeded.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.test import Client

from backgammon import GamePhase, MatchState, Position
from clubs.models import Player
from matches.models import Match, MatchStatus
from matches.rules import rules_for_match
from play.models import OnlineGame
from play.state import OnlineState
from tests.conftest import open_matches
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

_server: dict[str, Any] = {}
SCRIPT_ERRORS: list[str] = []


@pytest.fixture(autouse=True)
def no_script_errors():
    SCRIPT_ERRORS.clear()
    yield
    assert not SCRIPT_ERRORS, f"script errors on the board: {SCRIPT_ERRORS}"


def _start_daphne() -> str:
    """Serve the ASGI app (with static files) on a free port, once per test process: the
    Twisted reactor cannot be restarted, so it runs until the process ends."""
    if "url" in _server:
        return _server["url"]
    from daphne.endpoints import build_endpoint_description_strings
    from daphne.server import Server
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from config.asgi import application

    ready = threading.Event()
    server = Server(
        application=ASGIStaticFilesHandler(application),
        endpoints=build_endpoint_description_strings(host="127.0.0.1", port=0),
        signal_handlers=False,
        ready_callable=ready.set,
        verbosity=0,
    )
    threading.Thread(target=server.run, name="daphne", daemon=True).start()
    if not ready.wait(15):
        pytest.fail("Daphne did not start")
    for _ in range(100):
        if server.listening_addresses:
            break
        ready.wait(0.05)
    host, port = server.listening_addresses[0]
    _server["url"], _server["server"] = f"http://{host}:{port}", server
    return _server["url"]


@pytest.fixture
def asgi_server(settings):
    settings.CRAWFORD_DICE_SEED = "e2e"
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    yield _start_daphne()
    boards_finished()


def boards_finished() -> None:
    """The pages closed: wait until the server has seen their sockets go and the boards have
    finished, while the test database is still open to them. (The browser may keep an HTTP
    connection open after its pages close: its request has long finished.)"""
    server, deadline = _server["server"], time.monotonic() + 5
    while time.monotonic() < deadline and any(
        not app.done()
        for details in list(server.connections.values())
        if (app := details.get("application_instance")) is not None
    ):
        time.sleep(0.02)


@pytest.fixture
def one_point_match(make_tournament):
    """A two-player knock-out to one point, played online by two players with accounts."""
    tournament = make_tournament(2, default_length=1)
    match = open_matches(tournament)[0]
    users = []
    for entry in (match.entry_a, match.entry_b):
        user = UserFactory(username=f"player{entry.player_id}")
        Player.objects.filter(pk=entry.player_id).update(user=user)
        users.append(user)
    Match.objects.filter(pk=match.pk).update(is_online=True)
    return match, users


def open_board(new_page, base: str, match: Match, user) -> Any:
    client = Client()
    client.force_login(user)
    page = new_page()
    page.on("pageerror", lambda error: SCRIPT_ERRORS.append(str(error)))
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    tournament = match.round.stage.tournament
    # The page's clock runs as the real one; a test may move it on (click_step).
    page.clock.install()
    page.goto(f"{base}/clubs/{tournament.club.slug}/t/{tournament.slug}/matches/{match.pk}/play/")
    page.locator("#online[data-status=playing]").wait_for()
    return page


def seq(page) -> int:
    return int(page.locator("#online").get_attribute("data-seq"))


def after(page, before: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('online').dataset.seq) > {before}")


def click_step(page) -> None:
    """Click a checker that can move, then the first highlighted target. A person pauses
    between moves: two clicks on one point in quick succession are a double-click, which
    moves the checker by the higher die at once. The page's clock is moved on by the pause
    (open_board installed it), rather than waiting for it."""
    before = seq(page)
    page.clock.fast_forward(600)
    page.locator("#board .point.movable").first.click()
    page.locator("#board .point.target, #board .tray-point.target").first.click()
    after(page, before)


def click_button(page, action: str, *others) -> None:
    before = seq(page)
    page.locator(f"#online-controls button[data-action={action}]").click()
    for other in (page, *others):
        after(other, before)


def play_turn_by_clicks(page, other) -> None:
    if page.locator("button[data-action=roll]").count():
        click_button(page, "roll", other)
    while not page.locator("button[data-action=confirm]").count():
        click_step(page)
    click_button(page, "confirm", other)


def test_two_players_click_undo_double_take_and_finish(
    asgi_server, new_page, one_point_match
) -> None:
    match, users = one_point_match
    pages = [open_board(new_page, asgi_server, match, user) for user in users]
    page_a = pages[0]
    page_a.locator("#online[data-seq='0']").wait_for()
    mover = int(page_a.locator("#online").get_attribute("data-to-act"))
    me, them = pages[mover], pages[1 - mover]
    assert "Your turn" in me.locator("#online-status").inner_text()
    assert me.locator("#board .dice .die").count() == 2
    assert them.locator("#board .point.movable").count() == 0  # not his turn

    # One step, taken back, then the whole turn by clicks, confirmed.
    click_step(me)
    assert me.locator("#online").get_attribute("data-pending") == "1"
    click_button(me, "undo", them)
    assert me.locator("#online").get_attribute("data-pending") == "0"
    while not me.locator("button[data-action=confirm]").count():
        click_step(me)
    click_button(me, "confirm", them)
    assert "Your turn" in them.locator("#online-status").inner_text()

    # The opponent doubles, the mover takes: the cube shows 2 on both boards.
    click_button(them, "double", me)
    assert me.locator("button[data-action=take]").is_visible()
    assert me.locator("button[data-action=drop]").is_visible()
    click_button(me, "take", them)
    for page in pages:
        assert page.locator("#board .cube text").text_content() == "2"
    play_turn_by_clicks(them, me)

    # The taker gives up a single game: 2 points with the cube, the match is over.
    me.locator("button[data-action=resign-open]").click()
    before = seq(me)
    me.locator("#online-resign button[data-action=resign]").first.click()
    after(them, before)
    click_button(them, "accept", me)
    for page in pages:
        page.locator("#online[data-status=over]").wait_for()
        assert "wins the match" in page.locator("#online-status").inner_text()
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    winner = match.entry_a if mover == 1 else match.entry_b
    assert match.winner_id == winner.pk and sorted([match.score_a, match.score_b]) == [0, 2]
    game = match.games.get()
    assert (game.source, game.ended_by, game.cube) == ("online", "resign", 2)


def test_bearing_off_by_dragging_finishes_the_match(asgi_server, new_page, one_point_match):
    match, users = one_point_match
    # The end of a race: the first player has two checkers left and is on roll.
    game = MatchState(rules_for_match(match)).new_game()
    game.position = Position.from_points(mover={1: 1, 2: 1}, opponent={3: 1})
    game.turn, game.phase = 0, GamePhase.ROLL
    OnlineGame.objects.create(match=match, state=OnlineState(game).dump())
    pages = [open_board(new_page, asgi_server, match, user) for user in users]
    me, them = pages
    click_button(me, "roll", them)

    # Drag the first movable checker onto its first target.
    before = seq(me)
    source = me.locator("#board .point.movable .checker.movable").first.bounding_box()
    me.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    me.mouse.down()
    me.mouse.move(source["x"], source["y"] - 20, steps=4)  # picked up: targets light up
    target = me.locator("#board .point.target, #board .tray-point.target").first
    box = target.bounding_box()
    me.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=8)
    me.mouse.up()
    after(me, before)
    assert me.locator("#online").get_attribute("data-pending") == "1"
    while not me.locator("button[data-action=confirm]").count():
        click_step(me)
    click_button(me, "confirm", them)
    for page in pages:
        page.locator("#online[data-status=over]").wait_for()
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.winner_id == match.entry_a_id
    assert match.games.get().ended_by == "bearoff"
    assert me.locator("#board .off.side-0").count() == 15


def test_the_point_numbers_are_legible_on_a_phone(asgi_server, new_page, one_point_match):
    """On a 390 px screen the board's point numbers are at least 11 px high (they were 6),
    and the board fits the screen."""
    match, users = one_point_match
    client = Client()
    client.force_login(users[0])
    page = new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": asgi_server}]
    )
    tournament = match.round.stage.tournament
    page.goto(
        f"{asgi_server}/clubs/{tournament.club.slug}/t/{tournament.slug}/matches/{match.pk}/play/"
    )
    page.locator("#online[data-status=playing]").wait_for()
    heights = page.evaluate(
        "[...document.querySelectorAll('svg text.label')]"
        ".map(t => t.getBoundingClientRect().height)"
    )
    assert len(heights) == 24 and min(heights) >= 11, heights
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
