"""What a board's consumer (:mod:`play.consumers`) asks of the game, each in one call: seat a
board that opens, make a player's action on the row when the board's copy of the game could not
decide it, send the state again, check a clock that is due; and the refusals it sends. The
calls that read or write the database run in a worker thread of their own (one transaction
each); the consumer hands them over.
"""

from __future__ import annotations

from typing import Any

from django.contrib import auth
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext as _

from clubs import permissions
from config.errors import UserError
from matches.models import OPEN_STATUSES

from .actions import stale_refusal
from .broadcast import message_text, state_event
from .live_copy import LiveGame, live_game
from .protocol import MAX_DEPTH, MAX_MESSAGE, ProtocolError
from .selectors import board_matches, online_snapshot
from .services import online_flag_check, online_game_act, online_game_open
from .snapshot import board_payload
from .spectators import delayed_text
from .timesource import now_ms

__all__ = [
    "act",
    "board_copy",
    "check_flag",
    "error_text",
    "protocol_error_message",
    "scope_language",
    "scope_user",
    "seat",
    "stale_replies",
    "sync",
]


def error_text(code: str, message: str, seq: int | None) -> str:
    return message_text("error", seq, {"code": code, "message": str(message)})


def protocol_error_message(error: ProtocolError) -> str:
    if error.code == "too_large":
        text = _("The message is too long (at most %(n)d characters); nothing was changed.")
        return text % {"n": MAX_MESSAGE}
    if error.code == "too_deep":
        text = _("The message is nested too deeply (at most %(n)d levels); nothing was changed.")
        return text % {"n": MAX_DEPTH}
    return _("The board sent a message the server does not understand.")


def scope_language(scope: dict[str, Any]) -> str:
    """The language of the page the board is on: the language cookie, else the browser's."""
    request = HttpRequest()
    request.COOKIES = dict(scope.get("cookies") or {})
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            request.META["HTTP_ACCEPT_LANGUAGE"] = value.decode("latin-1")
    return translation.get_language_from_request(request)


def scope_user(scope: dict[str, Any]) -> Any:
    """The user of the websocket's session (anonymous without one), as Django finds it for a
    request: the session's user, checked against his password hash."""
    session = scope.get("session")
    if session is None:
        return AnonymousUser()
    request = HttpRequest()
    request.session = session
    return auth.get_user(request)


def seat(
    match_id: int, scope: dict[str, Any], language: str
) -> tuple[Any, bool, int | None, bool, dict[str, Any] | None, int]:
    """(user, may open the board, side played, game started now, state event, spectator
    delay in checker plays) for a board opening, in one trip to a worker thread: a player's
    arrival starts the first game. A player's event carries the saved game (``live``) for
    the board's copy; a delayed spectator's shows the game as it stood that many plays
    ago."""
    user = scope_user(scope)
    match = board_matches().filter(pk=match_id, is_online=True).first()
    if match is None or not permissions.can_watch_match(user, match):
        return user, False, None, False, None, 0
    side = permissions.match_side(user, match)
    started = False
    if side is not None and not hasattr(match, "online_game"):
        started = online_game_open(match=match) is not None
        if started:
            match = board_matches().get(pk=match_id)
    with translation.override(language):
        event = state_event(match)
    online = getattr(match, "online_game", None)
    delay = (
        0 if permissions.watches_live(user, match) else match.round.stage.tournament.spectator_delay
    )
    if online is not None and match.status in OPEN_STATUSES:
        if side is not None:
            event["live"] = {"seq": online.sequence, "state": online.state}  # kept, not sent
        elif delay:
            with translation.override(language):
                event["text"] = delayed_text(online.sequence, online.state, delay)
    return user, True, side, started, event, delay


def board_copy(
    match_id: int, live: LiveGame | None, saved: dict[str, Any] | None
) -> LiveGame | None:
    """The board's copy of the game: its own, or the one the other board's last action
    ``saved`` when that is newer (``None`` once the match is over)."""
    if saved is not None and (live is None or saved["seq"] > live.sequence):
        return live_game(
            match_id, saved["seq"], saved["text"] if "text" in saved else saved["state"]
        )
    return live


def stale_replies(live: LiveGame) -> list[str]:
    """The refusal of an action on an older state than the copy's, and the copy's state."""
    seq, payload = live.sequence, board_payload(live.state, now=now_ms())
    error = error_text("stale", stale_refusal().messages[0], seq)
    return [error, message_text("state", seq, payload)]


def act(
    match_id: int, user: Any, side: int, message: Any, language: str
) -> tuple[dict[str, Any] | None, list[str], LiveGame | None]:
    """(state event for everyone, replies for the sender only, the board's new copy of the
    game); one of the first two is empty. The action is made on the row, read and locked:
    the board had no copy of the game, or its copy could not decide the action."""
    with translation.override(language):
        try:
            online = online_game_act(
                match=match_id,
                side=side,
                user=user,
                action=message.type,
                seq=message.seq,
                payload=message.payload,
            )
        except UserError as error:
            match = board_matches().get(pk=match_id)
            seq, payload = online_snapshot(match)
            replies = [error_text(error.code or "illegal", error.messages[0], seq)]
            if error.code == "stale":
                replies.append(message_text("state", seq, payload))
            return None, replies, None
        event = state_event(online.match, online)
        fresh = None
        if online.match.status in OPEN_STATUSES:
            fresh = live_game(match_id, online.sequence, online.state)
        if fresh is not None:
            event["live"] = {"seq": fresh.sequence, "text": fresh.text}
        return event, [], fresh


def sync(match_id: int) -> tuple[dict[str, Any] | None, str]:
    """(state event for everyone when a fallen clock ended the match now, state text)."""
    match = board_matches().get(pk=match_id)
    online = getattr(match, "online_game", None)
    if online is not None and online.flag_at is not None and online.flag_at <= now_ms():
        ended = online_flag_check(match=match_id)
        if ended is not None:
            event = state_event(ended.match, ended)
            return event, event["text"]
    return None, state_event(match)["text"]


def check_flag(match_id: int) -> dict[str, Any] | None:
    ended = online_flag_check(match=match_id)
    return state_event(ended.match, ended) if ended is not None else None
