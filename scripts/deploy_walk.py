"""The clients of ``make deploy-check`` (scripts/deploy_check.py): a browser of a kind (HTTPS
through nginx, or plain HTTP straight to one gunicorn process as the proxy would talk to it),
the online board's websocket over TLS, and a mail server that keeps what it is handed."""

from __future__ import annotations

import asyncio
import base64
import html
import http.client
import os
import re
import socketserver
import ssl
import threading
import urllib.parse
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

from backgammon import Position
from benchmarks.online import Socket

HOST = "localhost"


@dataclass
class Response:
    status: int
    headers: http.client.HTTPMessage
    text: str

    def header(self, name: str) -> str:
        return self.headers.get(name, "")


@dataclass
class Browser:
    """One visitor: his cookies, and the way to the site (``port``; TLS through nginx, or
    plain HTTP to a backend directly, then with the headers nginx sets)."""

    port: int
    origin: str  # the public origin, https://localhost:<nginx's port>
    tls: ssl.SSLContext | None = None
    cookies: dict[str, str] = field(default_factory=dict)

    def via(self, port: int, tls: ssl.SSLContext | None = None) -> Browser:
        """The same visitor (the same cookies) by another way."""
        return Browser(port, self.origin, tls, self.cookies)

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> Response:
        if self.tls is not None:
            conn: http.client.HTTPConnection = http.client.HTTPSConnection(
                HOST, self.port, context=self.tls, timeout=30
            )
        else:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": f"{HOST}:{self.port}" if self.tls else HOST}
        if self.tls is None:  # as nginx passes it on
            headers |= {"X-Forwarded-Proto": "https", "X-Forwarded-For": "127.0.0.1"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": self.origin,
                "Referer": self.origin + path,
            }
        try:
            conn.request(method, path, body, headers)
            answer = conn.getresponse()
            text = answer.read().decode("utf-8", "replace")
        finally:
            conn.close()
        for value in answer.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        return Response(answer.status, answer.headers, text)

    def get(self, path: str, expect: int = 200) -> Response:
        response = self.request("GET", path)
        if response.status != expect:
            raise AssertionError(f"GET {path}: {response.status}, expected {expect}")
        return response

    def post(self, path: str, form: dict[str, str], expect: int = 302) -> Response:
        form = {"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form}
        response = self.request("POST", path, form)
        if response.status != expect:
            raise AssertionError(f"POST {path}: {response.status}, expected {expect}")
        return response

    def log_in(self, username: str, password: str) -> None:
        self.get("/accounts/login/")  # the CSRF cookie
        answer = self.post("/accounts/login/", {"username": username, "password": password})
        if "sessionid" not in self.cookies:
            raise AssertionError(f"{username} not logged in: {answer.header('Location')}")


def form_fields(page: str, action_end: str) -> tuple[str, dict[str, str]]:
    """The form whose action ends with ``action_end``: its action and its hidden fields."""
    for match in re.finditer(r"<form\b([^>]*)>(.*?)</form>", page, re.DOTALL):
        action = re.search(r'action="([^"]*)"', match.group(1))
        if action and html.unescape(action.group(1)).endswith(action_end):
            hidden = re.findall(
                r'<input type="hidden" name="([^"]+)" value="([^"]*)"', match.group(2)
            )
            return html.unescape(action.group(1)), dict(hidden)
    raise AssertionError(f"no form posting to …{action_end} on the page")


SCORE = re.compile(r'class="big score"[^>]*>\s*(\d+)\s*–\s*(\d+)')


def shown_score(page: str) -> tuple[int, int]:
    found = SCORE.search(page)
    if not found:
        raise AssertionError("the match page shows no score")
    return int(found.group(1)), int(found.group(2))


# --- The online board over TLS ----------------------------------------------------------------


async def open_board(port: int, tls: ssl.SSLContext, match: int, session: str) -> Socket:
    """The board's websocket through nginx, as a browser opens it (board.js)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=tls, server_hostname=HOST)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET /ws/online/{match}/ HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: https://{HOST}:{port}\r\nCookie: sessionid={session}\r\n\r\n"
        ).encode()
    )
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 20)
    if b" 101 " not in head.split(b"\r\n", 1)[0]:
        raise AssertionError(f"websocket refused: {head[:120]!r}")
    return Socket(reader, writer)


async def next_state(ws: Socket, at_least: int = 0) -> dict[str, Any]:
    while True:
        message = await asyncio.wait_for(ws.receive(), 20)
        if message["type"] == "state" and message["seq"] >= at_least:
            return message


def where(state: dict[str, Any]) -> tuple[Any, ...]:
    """What a reconnection must find as it was: the sequence number and the game but its
    clock."""
    game = state["payload"]["game"]
    return state["seq"], sorted((k, str(v)) for k, v in game.items() if k != "clock")


class Boards:
    """Both players' boards of one online match through nginx, talking as board.js does."""

    def __init__(self, port: int, tls: ssl.SSLContext, match: int, sessions: list[str]):
        self.port, self.tls, self.match, self.sessions = port, tls, match, sessions
        self.sockets: list[Socket] = []

    async def seat(self, side: int) -> dict[str, Any]:
        """The board of ``side`` (0, 1) opened: the state it is shown."""
        ws = await open_board(self.port, self.tls, self.match, self.sessions[side])
        if side < len(self.sockets):
            self.sockets[side] = ws
        else:
            self.sockets.append(ws)
        hello = await asyncio.wait_for(ws.receive(), 20)
        assert hello["payload"]["you"] == side, hello
        return await next_state(ws)

    async def open(self) -> dict[str, Any]:
        states = [await self.seat(side) for side in (0, 1)]
        while states[0]["seq"] != states[1]["seq"]:
            behind = 0 if states[0]["seq"] < states[1]["seq"] else 1
            states[behind] = await next_state(self.sockets[behind])
        return states[0]

    async def act(self, state: dict[str, Any]) -> dict[str, Any]:
        """The player to act rolls, or plays the first legal play: the state both boards
        are shown next (the same on both)."""
        game = state["payload"]["game"]
        payload: dict[str, Any] = {}
        kind = {"roll": "roll", "move": "play"}[game["phase"]]
        if kind == "play":
            play = Position.from_position_id(game["position_id"]).legal_plays(tuple(game["dice"]))[
                0
            ]
            payload = {"steps": [list(s) for s in play.steps]}
        message = {"type": kind, "seq": state["seq"], "payload": payload}
        await self.sockets[game["to_act"]].send(message)
        seen = [await next_state(ws, state["seq"] + 1) for ws in self.sockets]
        assert seen[0] == seen[1], "the two boards show different states"
        return seen[0]

    async def lost(self, within: float) -> list[int]:
        """The sides whose socket the server has closed once one is (``within`` seconds at
        most)."""

        async def closed(ws: Socket) -> bool:
            try:
                while True:
                    await ws.receive()
            except (ConnectionError, asyncio.IncompleteReadError):
                return True

        waits = [asyncio.ensure_future(closed(ws)) for ws in self.sockets]
        await asyncio.wait(waits, timeout=within, return_when=asyncio.FIRST_COMPLETED)
        for wait in waits:
            wait.cancel()
        return [side for side, wait in enumerate(waits) if wait.done() and not wait.cancelled()]

    def close(self) -> None:
        for ws in self.sockets:
            ws.close()


# --- A mail server that keeps what it is handed -------------------------------------------


class MailSink(socketserver.ThreadingTCPServer):
    """SMTP on loopback (the few commands Django's SMTP backend sends); every message kept
    as (recipients, raw text)."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _SmtpSession)
        self.messages: list[tuple[list[str], str]] = []
        self.arrived = threading.Condition()
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def wait_for(self, addresses: set[str], timeout: float) -> list[tuple[list[str], str]]:
        """The messages to ``addresses``, once one has come for each."""

        def mine() -> list[tuple[list[str], str]]:
            return [m for m in self.messages if addresses & set(m[0])]

        with self.arrived:
            self.arrived.wait_for(lambda: addresses <= {a for m in mine() for a in m[0]}, timeout)
            return mine()


class _SmtpSession(socketserver.StreamRequestHandler):
    server: MailSink

    def say(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self) -> None:
        self.say("220 localhost sink")
        recipients: list[str] = []
        while line := self.rfile.readline().decode("utf-8", "replace"):
            verb = line[:4].upper()
            if verb == "EHLO":
                self.say("250-localhost")
                self.say("250 8BITMIME")
            elif verb == "RCPT":
                recipients.append(line.split(":", 1)[1].strip().strip("<>").split(">")[0])
                self.say("250 OK")
            elif verb == "DATA":
                self.say("354 go on")
                lines = []
                while (data := self.rfile.readline()) not in (b".\r\n", b".\n", b""):
                    lines.append(data.decode("utf-8", "replace"))
                with self.server.arrived:
                    self.server.messages.append((recipients, "".join(lines)))
                    self.server.arrived.notify_all()
                recipients = []
                self.say("250 kept")
            elif verb == "QUIT":
                self.say("221 bye")
                return
            else:  # HELO, MAIL, RSET, NOOP
                self.say("250 OK")
