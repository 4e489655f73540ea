"""A sign-up rush: fifty players pressing "Sign up" at the same moment for five places,
served the production way.

Starts the app as ``benchmarks/web.py`` does (gunicorn, ``config/gunicorn.py``, production
settings plus the hello-world floor, PostgreSQL: ``BENCH_DATABASE_URL``, else ``DATABASE_URL``;
the database is emptied; Redis when ``REDIS_URL`` answers, and then the events go to its
queues as in production, with no worker taking them), but with TWO sync workers, as a small
club's server has. Builds a club with ``BENCH_PLAYERS`` members (50), each with an account
and a session (made beforehand: logging in is not timed), and ``BENCH_RUSHES`` (3)
tournaments taking sign-ups with a cap of ``BENCH_CAP`` places (5) and a waiting list. Each
player opens each tournament's page first (his CSRF token, not timed). Then, per tournament,
in turn:

- the floor: every player asks for a hello-world view behind the whole production middleware
  chain, with his session, all at the same moment (one request each, as in the rush), just
  before the rush and just after it;
- the rush: every player sends his sign-up (a POST with his token) at the same moment; each
  answer's time runs from the opening of its connection to the last byte of the answer (the
  redirect back to the tournament, with the message the player reads on it).

Then the rush must be exact: exactly the cap's players in the field; every other player on
the waiting list, its numbers 1, 2, 3 … in the order the server served them (the order their
entries were written); nobody lost or entered twice; and every player told what he got (the
message in his answer: a place, or his number on the waiting list, which is his place on it).

Reported: p50/p95/max of the answers in milliseconds, the rush's and the floor's (over every
rush), each rush's p95, the ratio of the rushes' p95 to the floor's and the queries a sign-up
makes (``X-Queries``: a figure the machine's load does not move) and the server's CPU per
request, a sign-up's and the floor's (its master and workers, from /proc; PostgreSQL's not).
The last line is JSON; ``ok`` when the sign-ups' p95 is at most 1,000 ms and every rush was
exact.

    export BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench
    export REDIS_URL=redis://127.0.0.1:6379/7
    .venv/bin/python benchmarks/signup_rush.py
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import statistics
import sys
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.web import TICK, cpu_ticks, environment, production_server  # noqa: E402

PLAYERS = int(os.environ.get("BENCH_PLAYERS", "50"))
CAP = int(os.environ.get("BENCH_CAP", "5"))
RUSHES = int(os.environ.get("BENCH_RUSHES", "3"))
WORKERS = 2
TARGET_P95_MS = 1000
FLOOR = "/_bench/hello"
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


def prepare(env: dict[str, str]) -> tuple[list[str], list[dict]]:
    """Empty the database, migrate, make the club, its players and their sessions, and the
    tournaments: the players' session cookies and the tournaments (id, path)."""
    os.environ.update(env)
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"  # while building; the server gets ``env``
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection

    from clubs.services import club_add_member, club_create
    from entries.services import signup_rules_set
    from tournaments import services as tournament_services

    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    call_command("migrate", verbosity=0)
    cache.clear()
    call_command("collectstatic", interactive=False, verbosity=0)
    logging.disable(logging.INFO)  # the services' log lines of building the club
    users = get_user_model().objects
    organizer = users.create_user(username="organizer", password=None)
    club = club_create(name="Rush Club", user=organizer)
    cookies = []
    for number in range(1, PLAYERS + 1):
        user = users.create_user(
            username=f"player{number:02d}",
            email=f"player{number:02d}@example.com",
            first_name="Player",
            last_name=f"{number:02d}",
            password=None,  # logged in by the session below: no hashing
        )
        club_add_member(club=club, user_identifier=user.username)
        session = SessionStore()
        session["_auth_user_id"] = str(user.pk)
        session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        session["_auth_user_hash"] = user.get_session_auth_hash()
        session.save()
        cookies.append(f"{settings.SESSION_COOKIE_NAME}={session.session_key}")
    tournaments = []
    for number in range(1, RUSHES + 1):
        tournament = tournament_services.tournament_create(
            club=club, user=organizer, name=f"Friday Open {number}"
        )
        tournament_services.tournament_open_registration(tournament=tournament)
        signup_rules_set(tournament=tournament, capacity=CAP, waiting_list=True, approval=False)
        path = f"/clubs/{club.slug}/t/{tournament.slug}/"
        tournaments.append({"id": tournament.pk, "path": path})
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    connection.close()
    return cookies, tournaments


# --- HTTP, one request per connection (a sync worker closes each) --------------------------


async def request(port: int, raw: bytes) -> tuple[float, int, dict[str, list[str]], bytes]:
    """Send one request on a new connection: its seconds (from the connect to the answer's
    last byte), status, header fields (lower-case names) and body."""
    start = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(raw)
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        fields: dict[str, list[str]] = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                fields.setdefault(name.strip().lower(), []).append(value.strip())
        length = int(fields.get("content-length", ["0"])[0])
        body = await reader.readexactly(length) if length else await reader.read()
        return time.perf_counter() - start, int(lines[0].split()[1]), fields, body
    finally:
        writer.close()


def get(path: str, cookie: str) -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n"
        f"Accept-Language: en\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n"
    ).encode()


def post(path: str, cookie: str, form: dict[str, str]) -> bytes:
    body = urlencode(form)
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n"
        f"Origin: https://127.0.0.1\r\nReferer: https://127.0.0.1{path}\r\n"
        f"Accept-Language: en\r\nCookie: {cookie}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}"
    ).encode()


def set_cookies(fields: dict[str, list[str]]) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    for value in fields.get("set-cookie", []):
        jar.load(value)
    return {name: morsel.value for name, morsel in jar.items()}


async def forms(port: int, path: str, cookies: list[str]) -> list[tuple[str, str]]:
    """Each player's page of the tournament (a few at a time): his cookie with the CSRF
    cookie added, and the token of his sign-up form."""
    gate = asyncio.Semaphore(4)

    async def one(cookie: str) -> tuple[str, str]:
        async with gate:
            _seconds, status, fields, body = await request(port, get(path, cookie))
        found = TOKEN.search(body)
        if status != 200 or found is None or b"sign-up/" not in body:
            raise SystemExit(f"{path}: answered {status} without a sign-up form")
        csrf = set_cookies(fields).get("csrftoken")
        with_csrf = f"{cookie}; csrftoken={csrf}" if csrf else cookie
        return with_csrf, found.group(1).decode()

    return list(await asyncio.gather(*(one(cookie) for cookie in cookies)))


async def at_once(port: int, raws: list[bytes]) -> list[tuple[float, int, dict, bytes]]:
    """Every request sent at the same moment, each on its own connection."""
    return list(await asyncio.gather(*(request(port, raw) for raw in raws)))


def burst(pid: int, port: int, raws: list[bytes]) -> tuple[list, float]:
    """The answers to ``raws`` sent at once, and the server's CPU seconds (its master and
    workers, from /proc) while they were served."""
    ticks = cpu_ticks(pid)
    answers = asyncio.run(at_once(port, raws))
    return answers, (cpu_ticks(pid) - ticks) / TICK


# --- Figures and the check ------------------------------------------------------------------


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def figures(times: list[float]) -> dict:
    return {
        "p50_ms": round(statistics.median(times) * 1000, 1),
        "p95_ms": round(percentile(times, 0.95) * 1000, 1),
        "max_ms": round(max(times) * 1000, 1),
    }


def told(fields: dict[str, list[str]]) -> str:
    """The message the player reads on the page he is sent back to (the cookie's)."""
    from django.contrib.messages.storage.cookie import CookieStorage
    from django.http import HttpRequest

    carrier = HttpRequest()
    carrier.COOKIES = set_cookies(fields)
    return " ".join(str(message) for message in CookieStorage(carrier))


def check(tournament_id: int, answers: list[tuple[float, int, dict, bytes]]) -> list[str]:
    """What is wrong with the rush's outcome (nothing: it was exact)."""
    from django.db import connection

    from entries.models import Entry, EntryStatus

    wrong = []
    statuses = sorted({answer[1] for answer in answers})
    if statuses != [302]:
        wrong.append(f"answered {statuses}, not only 302")
    entries = list(
        Entry.objects.filter(tournament_id=tournament_id)
        .select_related("player__user")
        .order_by("pk")
    )
    placed = [e for e in entries if e.status == EntryStatus.APPROVED]
    waiting = [e for e in entries if e.status == EntryStatus.WAITING]
    if len(entries) != PLAYERS or len({e.player_id for e in entries}) != PLAYERS:
        wrong.append(f"{len(entries)} entries of {PLAYERS} players")
    if len(placed) != CAP or len(waiting) != PLAYERS - CAP:
        wrong.append(f"{len(placed)} placed and {len(waiting)} waiting")
    if entries[: len(placed)] != placed:
        wrong.append("a player placed after one put on the waiting list")
    if [e.waiting_number for e in waiting] != list(range(1, len(waiting) + 1)):
        wrong.append("the waiting numbers are not 1, 2, 3 … in the order served")
    expected = {e.player.user.username: e for e in entries}
    for number, (_seconds, _status, fields, _body) in enumerate(answers, start=1):
        entry = expected.get(f"player{number:02d}")
        message = told(fields)
        if entry is None:
            continue
        if entry.status == EntryStatus.APPROVED:
            right = "you have a place in the field" in message
        else:
            right = f"you are number {entry.waiting_number} on the waiting list" in message
        if not right:
            wrong.append(f"player{number:02d} ({entry.status}) was told {message!r}")
    connection.close()
    return wrong


def main() -> None:
    env = environment()
    env["WEB_WORKERS"] = str(WORKERS)
    print(f"preparing ({PLAYERS} players, {RUSHES} tournaments of {CAP} places; ", end="")
    print(f"redis: {'REDIS_URL' in env})")
    cookies, tournaments = prepare(env)
    floor_times: list[float] = []
    rush_times: list[float] = []
    queries: list[int] = []
    rushes = []
    cpu = {"signup": 0.0, "floor": 0.0}
    with production_server(env) as (pid, port):
        for tournament in tournaments:
            path = tournament["path"]
            signed = asyncio.run(forms(port, path, cookies))
            hello = [get(FLOOR, cookie) for cookie, _ in signed]
            raws = [
                post(path + "entries/sign-up/", cookie, {"csrfmiddlewaretoken": token})
                for cookie, token in signed
            ]
            # The floor just before and just after the rush: a machine that gets slower or
            # faster (it is shared) moves both alike.
            before, cpu_floor = burst(pid, port, hello)
            answers, cpu_signup = burst(pid, port, raws)
            after, cpu_after = burst(pid, port, hello)
            floor = before + after
            if {answer[1] for answer in floor} != {200}:
                raise SystemExit(f"{FLOOR}: answered {sorted({a[1] for a in floor})}")
            cpu["floor"] += cpu_floor + cpu_after
            cpu["signup"] += cpu_signup
            wrong = check(tournament["id"], answers)
            times = [answer[0] for answer in answers]
            floor_times += [answer[0] for answer in floor]
            rush_times += times
            queries += [int(answer[2].get("x-queries", ["-1"])[0]) for answer in answers]
            rushes.append({**figures(times), "exact": not wrong})
            print(
                f"rush {len(rushes)}: sign-ups {fmt(figures(times))}   floor "
                f"{fmt(figures([a[0] for a in floor]))}   {'exact' if not wrong else 'WRONG'}"
            )
            for line in wrong:
                print(f"    {line}")
    rush, floor = figures(rush_times), figures(floor_times)
    print(f"all:    sign-ups {fmt(rush)}   floor {fmt(floor)}")
    cpu_signup = round(cpu["signup"] * 1000 / len(rush_times), 1)
    cpu_floor = round(cpu["floor"] * 1000 / len(floor_times), 1)
    print(f"queries per sign-up (median): {statistics.median(queries):g}")
    print(f"server CPU per request: sign-up {cpu_signup} ms, floor {cpu_floor} ms")
    exact = all(r["exact"] for r in rushes)
    print(
        json.dumps(
            {
                "players": PLAYERS,
                "cap": CAP,
                "workers": WORKERS,
                "rushes": len(rushes),
                "signup": rush,
                "floor": floor,
                "p95_per_rush_ms": [r["p95_ms"] for r in rushes],
                "p95_ratio_to_floor": round(rush["p95_ms"] / floor["p95_ms"], 1),
                "queries_per_signup": statistics.median(queries),
                "cpu_ms_per_signup": cpu_signup,
                "cpu_ms_per_floor": cpu_floor,
                "exact": exact,
                "ok": rush["p95_ms"] <= TARGET_P95_MS and exact,
            }
        )
    )


def fmt(m: dict) -> str:
    return f"p50 {m['p50_ms']:7.1f} ms  p95 {m['p95_ms']:7.1f} ms  max {m['max_ms']:7.1f} ms"


if __name__ == "__main__":
    main()
