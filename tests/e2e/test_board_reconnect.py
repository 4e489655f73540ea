"""The board when its socket is lost (the server or Redis went away): it says
"Connection lost. Reconnecting…", tries again with a growing pause, and resumes by itself
with the game exactly as it was."""

from __future__ import annotations

import pytest

from .test_board import asgi_server, no_script_errors, one_point_match, open_board, seq

__all__ = ["asgi_server", "no_script_errors", "one_point_match"]

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_board_says_reconnecting_and_resumes_by_itself(
    asgi_server, new_page, one_point_match
) -> None:
    match, users = one_point_match
    sockets = []

    def route(ws) -> None:
        sockets.append(ws)
        if len(sockets) == 2:
            ws.close()  # the server is still gone at the first try again
        else:
            ws.connect_to_server()

    board = open_board(_routed(new_page, route), asgi_server, match, users[0])
    status = board.locator("#online-status")
    before = (
        seq(board),
        board.locator("#online").get_attribute("data-to-act"),
        status.inner_text(),
    )

    # The page's clock is stopped and moved on past each pause, rather than waited for.
    pause_clock(board)
    sockets[0].close()  # the connection is lost
    board.get_by_text("Connection lost. Reconnecting…").wait_for()
    assert board.locator("#online-status").inner_text() == "Connection lost. Reconnecting…"

    # It tries again by itself (refused once, then through) and shows the game as it was.
    board.clock.run_for(1000)
    while len(sockets) < 2:
        board.wait_for_timeout(20)
    board.get_by_text("Connection lost. Reconnecting…").wait_for()
    board.clock.run_for(2000)
    board.wait_for_function(
        "document.getElementById('online-status').textContent.indexOf('Reconnecting') < 0"
    )
    assert len(sockets) >= 3
    after = (seq(board), board.locator("#online").get_attribute("data-to-act"), status.inner_text())
    assert after == before


def pause_clock(page) -> None:
    """Stop the page's clock a second on from now (a time already past cannot be paused at,
    and the page's clock runs on while the test asks for it): nothing of the board's waits on
    a timer then but its redraws."""
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)


def _routed(new_page, route):
    def open_page():
        page = new_page()
        page.route_web_socket("**/ws/online/**", route)
        return page

    return open_page


def test_a_server_that_keeps_closing_the_socket_is_tried_less_and_less_often(
    asgi_server, new_page, one_point_match
) -> None:
    """While Redis is down the server accepts a board's socket and closes it at once: the
    pause before the next try still grows (1 s, 2 s, 4 s ...), so that hundreds of boards do
    not knock every second. The page's clock is stopped and moved on by the test, so each
    pause is measured to the millisecond without being waited for."""
    match, users = one_point_match
    sockets = []

    def route(ws) -> None:
        sockets.append(ws)
        if len(sockets) not in (2, 3):
            ws.connect_to_server()

    board = open_board(_routed(new_page, route), asgi_server, match, users[0])
    before = seq(board)
    pause_clock(board)
    for n, pause in ((2, 1000), (3, 2000), (4, 4000)):
        sockets[n - 2].close()  # lost; then accepted (open) and closed by the server at once
        board.get_by_text("Connection lost. Reconnecting…").wait_for()
        board.clock.run_for(pause - 1)
        board.wait_for_timeout(100)  # a try the page made would reach the route by now
        assert len(sockets) == n - 1, (n, pause)
        board.clock.run_for(1)
        while len(sockets) < n:
            board.wait_for_timeout(20)
    board.wait_for_function(
        "document.getElementById('online-status').textContent.indexOf('Reconnecting') < 0"
    )
    assert len(sockets) == 4 and seq(board) == before
