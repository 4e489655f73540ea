"""A recorder enters a five-point match on the clock, roll by roll and checker by checker,
beside a physical board: first on a phone in English, then (the phone's battery dead) on a
tablet in German, with the network cut and restored once on each. The match recorded is the
one the engine plays from the same actions: the same games, the same moves, nothing twice."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.test import Client

from matches.models import Game, Match, MatchStatus
from matches.rules import rules_for_match
from recording.models import RecordedAction
from recording.replay import ClockAction, Recording, replay
from recording.services import recorded_match_mark
from tests.conftest import open_matches
from tests.factories import UserFactory
from tests.recording.simulate import random_entries

pytestmark = pytest.mark.django_db(transaction=True)

#: A five-point match of 53 actions: four games, doubles taken and dropped, resignations
#: offered, accepted and declined, and a Crawford game.
SEED = 488
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}


def _device(browser, live_server, user, *, locale, viewport):
    client = Client()
    client.force_login(user)
    language = locale.split("-")[0]
    context = browser.new_context(
        locale=locale, viewport=viewport, extra_http_headers={"Accept-Language": language}
    )
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
    return context, page


def _steps(play: str) -> list[tuple[int, int]]:
    steps = []
    for part in play.replace("*", "").split():
        match = re.fullmatch(r"(\d+)/(\d+)(?:\((\d)\))?", part)
        assert match, part
        steps += [(int(match[1]), int(match[2]))] * int(match[3] or 1)
    return steps


def _point(number: int, mover: int) -> str:
    """The board's point (player 0's numbering, 25 the bar, 0 the tray) of the mover's."""
    return str(number if number in (0, 25) or mover == 0 else 25 - number)


def _enter(
    page, entry: ClockAction, passed: bool, *, drag: bool = False, undo: bool = False
) -> None:
    """Enter one action on the clock as a recorder taps it; ``passed``: the roll left no
    checker able to move, which the clock offline does not know (the recorder ends the
    turn)."""
    pad = page.locator("#rec-pad")
    if entry.kind == "opening":
        pad.locator(f'[data-which="0"][data-die="{entry.dice[0]}"]').click()
        pad.locator(f'[data-which="1"][data-die="{entry.dice[1]}"]').click()
    elif entry.kind == "roll":
        pad.locator(f'[data-which="2"][data-die="{entry.dice[0]}"]').click()
        pad.locator(f'[data-which="2"][data-die="{entry.dice[1]}"]').click()
    elif entry.kind == "move":
        steps = _steps(entry.play)
        if undo and steps:  # a checker moved, then taken back before the turn ends
            start, end = steps[0]
            page.locator(f'#rec-board g[data-v="{_point(start, entry.side)}"]').click()
            page.locator(f'#rec-board g[data-v="{_point(end, entry.side)}"]').click()
            page.locator('[data-action="undo"]').click()
        for n, (start, end) in enumerate(steps):
            source = page.locator(f'#rec-board g[data-v="{_point(start, entry.side)}"]')
            target = page.locator(f'#rec-board g[data-v="{_point(end, entry.side)}"]')
            if n == 1 and drag:  # a checker dragged from its point to another
                source.drag_to(target)
            else:  # a checker tapped, then the point it goes to
                source.click()
                target.click()
        if drag and steps:  # the mover taps his own clock, as on a physical one
            page.locator(f"#rec-clock-{entry.side}").click()
        else:
            page.locator('[data-action="end-turn"]').click()
    elif entry.kind == "resign":
        page.locator("#rec-resign-kind").select_option(entry.resign)
        page.locator('[data-action="resign"]').click()
    else:
        page.locator(f'[data-action="{entry.kind}"]').click()
    if passed:
        page.locator('[data-action="end-turn"]').click()


def _recorded_all(page, text: str) -> None:
    page.locator("#rec-sync", has_text=text).wait_for()


def test_a_recorded_match_survives_network_cuts_and_a_dead_battery(
    browser, live_server, organizer, make_tournament
):
    tournament = make_tournament(2, default_length=5)
    match = open_matches(tournament)[0]
    recorded_match_mark(match=match, recorder=organizer)
    rules = rules_for_match(Match.objects.get(pk=match.pk))
    entries = random_entries(SEED, rules=rules, limit=100_000, cube=0.3)
    engine = replay(Recording.start(rules), []).recording
    passes = []
    for entry in entries:
        turn = engine.game.turn if engine.game else None
        engine.apply(entry)
        passes.append(entry.kind == "roll" and engine.game is not None and engine.game.turn != turn)
    url = f"{live_server.url}/clubs/bar/t/{tournament.slug}/matches/{match.pk}/clock/"
    half = len(entries) // 2

    phone, page = _device(browser, live_server, organizer, locale="en-GB", viewport=PHONE)
    page.goto(url)
    page.get_by_text("Opening roll: tap each player's die.").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    illegal_tried = False
    ended_passes = 0  # turns passed that the recorder ended (an action each)
    for n, entry in enumerate(entries[:half]):
        if entry.kind == "move" and n > 12 and not illegal_tried:
            # A play typed in that breaks the rules: refused by the engine, with a message,
            # and not recorded; the recorder enters the right one.
            page.locator("#rec-typed").fill("24/1")
            page.get_by_role("button", name="Enter", exact=True).click()
            page.get_by_role("alert").filter(has_text="That move is not legal").wait_for()
            illegal_tried = True
        if n == 5:
            phone.set_offline(True)
        offline = 5 <= n < 12
        _enter(page, entry, passes[n] and offline, undo=n % 3 == 0)
        ended_passes += passes[n] and offline
        if offline:
            page.locator("#rec-sync", has_text="Offline: ").wait_for()
        if n == 11:
            phone.set_offline(False)
        if n < 5 or n >= 11:
            _recorded_all(page, "All actions recorded.")
    assert illegal_tried
    assert RecordedAction.objects.filter(recorded__match=match).count() == half + ended_passes
    clocks = [page.locator(f"#rec-clock-{side} .rec-time").inner_text() for side in (0, 1)]
    phone.close()  # the battery dies

    tablet, page = _device(browser, live_server, organizer, locale="de-DE", viewport=TABLET)
    page.goto(url)
    _recorded_all(page, "Alle Aktionen sind aufgezeichnet.")
    resumed = [page.locator(f"#rec-clock-{side} .rec-time").inner_text() for side in (0, 1)]
    # The record as the phone left it, action by action.
    assert page.locator("#rec-log li").count() == half + ended_passes
    # The clock that was not running shows exactly what it showed on the phone.
    state = page.evaluate(f"fetch('{url}state/').then(r => r.json())")
    idle = 1 - state["clock"]["running"] if state["clock"]["running"] is not None else 0
    assert resumed[idle] == clocks[idle]
    for n, entry in enumerate(entries[half:], start=half):
        if n == half + 3:
            tablet.set_offline(True)
        offline = half + 3 <= n < half + 9
        _enter(page, entry, passes[n] and offline, drag=n % 2 == 0)
        ended_passes += passes[n] and offline
        if n == half + 8:
            page.locator("#rec-sync", has_text="Aktionen auf diesem Gerät").wait_for()
            tablet.set_offline(False)
        if n < half + 3 or n >= half + 8:
            _recorded_all(page, "Alle Aktionen sind aufgezeichnet.")
    page.get_by_text("Das Match ist beendet").wait_for()
    tablet.close()

    finished = Match.objects.get(pk=match.pk)
    assert finished.status == MatchStatus.FINISHED
    assert (finished.score_a, finished.score_b) == engine.match.score
    assert RecordedAction.objects.filter(recorded__match=match).count() == (
        len(entries) + ended_passes
    )
    games = list(Game.objects.filter(match=match).order_by("number"))
    assert [(g.winner, g.kind, g.cube, g.points, g.source) for g in games] == [
        (r.winner, str(r.kind), r.cube, r.points, "recorded") for r in engine.match.results
    ]
    assert [g.record for g in games] == [list(f.record) for f in engine.finished]


#: What the player and his opponent read, in each language shipped.
CONFIRM_TEXTS = {
    "en-GB": {
        "waiting": "the result counts once the opponent confirms it",
        "recorded": "Entered on the clock beside the board, move by move: 1 game.",
        "confirm": "Confirm",
        "confirmed": "The result is confirmed.",
    },
    "de-DE": {
        "waiting": "Das Ergebnis zählt, sobald der Gegner es",
        "recorded": "Auf der Uhr neben dem Brett eingegeben, Zug für Zug: 1 Spiel.",
        "confirm": "Bestätigen",
        "confirmed": "Das Ergebnis ist bestätigt.",
    },
}


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_players_own_record_counts_once_the_opponent_confirms_it(
    browser, live_server, make_tournament, locale
):
    """A player enters a one-point match on his phone himself; it is his report: the
    opponent finds it on the match page and confirms it, and its game counts with its
    moves."""
    texts = CONFIRM_TEXTS[locale]
    match = open_matches(make_tournament(2, default_length=1))[0]
    alice, bob = UserFactory(), UserFactory()
    for entry, user in ((match.entry_a, alice), (match.entry_b, bob)):
        entry.player.user = user
        entry.player.save()
    recorded_match_mark(match=match)
    entries = [
        ClockAction("o", "opening", dice=(3, 1)),
        ClockAction("m", "move", side=0, play="8/5 6/5"),
        ClockAction("r", "resign", side=1, resign="single"),
        ClockAction("a", "accept", side=0),
    ]
    url = f"{live_server.url}/clubs/bar/t/{match.round.stage.tournament.slug}/matches/{match.pk}/"
    phone, page = _device(browser, live_server, alice, locale=locale, viewport=PHONE)
    page.goto(url + "clock/")
    for entry in entries:
        _enter(page, entry, False)
    page.locator("#rec-status", has_text=texts["waiting"]).wait_for()
    phone.close()
    assert not Game.objects.filter(match=match).exists()

    opponent, page = _device(browser, live_server, bob, locale=locale, viewport=PHONE)
    page.goto(url)
    page.get_by_text(texts["recorded"]).wait_for()
    page.get_by_role("button", name=texts["confirm"], exact=True).click()
    page.get_by_text(texts["confirmed"]).wait_for()
    opponent.close()
    finished = Match.objects.get(pk=match.pk)
    assert (finished.status, finished.score_a, finished.score_b) == (MatchStatus.FINISHED, 1, 0)
    engine = replay(Recording.start(rules_for_match(finished)), entries).recording
    assert [(g.source, g.record) for g in Game.objects.filter(match=match)] == [
        ("recorded", list(engine.finished[0].record))
    ]
