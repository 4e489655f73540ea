"""The board's gestures in a browser: one checker dragged the whole roll in one gesture, a
double-click moving by the higher die; and the tournament director's console pausing a
match that both players see paused, with the clocks shown on the boards."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from backgammon import GamePhase, MatchState, Position
from matches.models import Match
from matches.rules import rules_for_match
from play.models import DirectorAction, OnlineGame
from play.state import OnlineState
from tests.play.conftest import with_clock

from .test_board import (  # noqa: F401  (fixtures)
    after,
    asgi_server,
    click_button,
    no_script_errors,
    one_point_match,
    open_board,
    seq,
)

pytestmark = pytest.mark.django_db(transaction=True)


def _game_on_move(match: Match, dice: tuple[int, int]) -> None:
    """Player 0 to play ``dice`` from the starting position."""
    game = MatchState(rules_for_match(match)).new_game()
    game.position = Position.initial()
    game.turn, game.phase, game.dice = 0, GamePhase.MOVE, dice
    OnlineGame.objects.create(match=match, state=OnlineState(game).dump())


def _centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _drag(page, source: str, target: str) -> None:
    x, y = _centre(page, source)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 20, steps=4)  # picked up: the targets light up
    tx, ty = _centre(page, target)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()


def test_a_checker_dragged_the_whole_roll_in_one_gesture(
    asgi_server,  # noqa: F811
    new_page,
    one_point_match,  # noqa: F811
) -> None:
    match, users = one_point_match
    _game_on_move(match, (5, 4))
    me, them = (open_board(new_page, asgi_server, match, user) for user in users)
    before = seq(me)
    # 13 to 4 with 5 and 4: the server checks 13/8 (or 13/9) and then the step to 4.
    _drag(me, "#board .point[data-v='13'] .checker.movable", "#board .point[data-v='4']")
    after(me, before)
    assert me.locator("#online").get_attribute("data-pending") == "2"
    assert me.locator("button[data-action=confirm]").count() == 1
    click_button(me, "confirm", them)
    state = OnlineState.load(OnlineGame.objects.get(match=match).state)
    assert state.game.record[-1].play in ("13/8 8/4", "13/9 9/4")


def test_a_double_click_moves_by_the_higher_die(
    asgi_server,  # noqa: F811
    new_page,
    one_point_match,  # noqa: F811
) -> None:
    match, users = one_point_match
    _game_on_move(match, (6, 1))
    me = open_board(new_page, asgi_server, match, users[0])
    before = seq(me)
    me.locator("#board .point[data-v='13'] .checker.movable").first.dblclick()
    after(me, before)
    state = OnlineState.load(OnlineGame.objects.get(match=match).state)
    assert state.pending == [(13, 7)]


def test_the_director_pauses_a_match_both_players_see_it(
    asgi_server,  # noqa: F811
    new_page,
    one_point_match,  # noqa: F811
    organizer,
) -> None:
    match, users = one_point_match
    with_clock(match.round.stage.tournament, minutes=5)
    pages = [open_board(new_page, asgi_server, match, user) for user in users]
    for page in pages:  # both clocks on both boards, from the server's time left
        clocks = page.locator(".online-clock")
        clocks.first.wait_for()
        assert clocks.count() == 2 and all(":" in text for text in clocks.all_inner_texts())
    director = _director_page(new_page, asgi_server, match, organizer)
    row = director.locator(f"tr.director-match[data-match='{match.pk}']")
    assert row.locator(".clock").count() == 2
    row.locator("summary").click()
    before = seq(pages[0])
    pause = row.locator("form[action$='/pause/']")
    pause.locator("input[name=reason]").fill("Fire alarm")
    pause.locator("button").click()
    director.locator(".message, .messages").first.wait_for()
    for page in pages:
        after(page, before)
        assert "paused" in page.locator("#online-status").inner_text()
        assert "Fire alarm" in page.locator("#online-notice").inner_text()
        assert page.locator("#online-controls button").count() == 0
    assert DirectorAction.objects.get(match=match).reason == "Fire alarm"


def _director_page(new_page, base: str, match: Match, user: Any) -> Any:
    client = Client()
    client.force_login(user)
    page = new_page()
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    tournament = match.round.stage.tournament
    page.goto(f"{base}/clubs/{tournament.club.slug}/t/{tournament.slug}/director/")
    return page
