"""The director's control room against Django's own floor, served the production way.

Starts the app as ``benchmarks/web.py`` does (gunicorn with one sync worker, production
settings plus the hello-world floor, PostgreSQL: ``BENCH_DATABASE_URL``, else
``DATABASE_URL``; the database is emptied; Redis when ``REDIS_URL`` answers). Builds two
clubs' nights: a small one (8 players, 4 tables) and a big one (128 players in four
tournaments on 64 tables, every table called, results in, reports waiting for their
confirmation, disputes, late players under a late rule). Then, logged in as both clubs'
organizer, measures:

* each club's control room, its whole page: with one connection (the server's time for one
  director: p50, p99) and with 8 keep-alive connections in slices interleaved with the
  floor's (requests/s, the server's CPU per request), and its queries;
* the big night's poll while nothing changes (HX-Request with the ETag it was given: 304).

The last line is JSON; ``ok`` when the big night's page takes at most 150 ms of the server's
time (p50, one connection) with at most 15 queries, as many as the small night's, and the
poll is answered 304.

    export BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench
    .venv/bin/python benchmarks/control_room.py          # BENCH_SECONDS=3 per page
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.web import (  # noqa: E402
    SECONDS,
    TICK,
    cpu_ticks,
    environment,
    figures,
    fmt,
    load,
    measure_slice,
    one_connection,
    production_server,
)

FLOOR = "/_bench/hello"
TOURNAMENTS = 4
PLAYERS = 32
TABLES = 64
LIMIT_MS = 150.0
LIMIT_QUERIES = 15
LATE_RULE = {
    "late_rule": True,
    "late_grace_minutes": 10,
    "late_penalty_points": 1,
    "late_penalty_minutes": 5,
    "late_forfeit_minutes": 30,
}


def prepare(env: dict[str, str]) -> tuple[dict[str, str], str]:
    """Empty the database, migrate, build both nights; the pages and the cookie."""
    os.environ.update(env)
    # The draw, the calls and the results run their background work inline while the data
    # is built (no worker runs here); the server gets ``env`` without this.
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    call_command("migrate", verbosity=0)
    cache.clear()
    call_command("collectstatic", interactive=False, verbosity=0)
    logging.disable(logging.INFO)  # the services' log lines of building the nights
    from tests.factories import UserFactory

    organizer = UserFactory(username="director")
    small = night(organizer, "Small Club", tournaments=1, players=8, tables=4)
    big = night(organizer, "Bench Club", tournaments=TOURNAMENTS, players=PLAYERS, tables=TABLES)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    session = SessionStore()
    user = get_user_model().objects.get(pk=organizer.pk)
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.save()
    connection.close()
    pages = {
        "8 players": f"/clubs/{small.slug}/control/",
        f"{TOURNAMENTS * PLAYERS} players": f"/clubs/{big.slug}/control/",
    }
    return pages, f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def night(organizer, name: str, *, tournaments: int, players: int, tables: int):  # type: ignore[no-untyped-def]
    """A club's night: its tournaments started and every table called; then a result in a
    match of each eight, a report in one of each eight (a dispute in every other), and the
    calls of the tournament with the late rule twenty minutes old."""
    from django.utils import timezone

    from clubs.services import club_create
    from draw.services import tournament_start
    from entries import services as entry_services
    from matches.models import Match
    from matches.services import match_record_final_score, report_dispute, report_submit
    from tournaments import services as tournament_services
    from venue import services as venue_services
    from venue.models import Call

    club = club_create(name=name, user=organizer)
    made = []
    for number in range(tournaments):
        settings = LATE_RULE if number == 0 else {}
        form = "main_consolation" if number == 1 else "single_elimination"
        tournament = tournament_services.tournament_create(
            club=club, user=organizer, name=f"Open {number + 1}", format=form, **settings
        )
        tournament_services.tournament_open_registration(tournament=tournament)
        names = [f"Player {number}-{n:02d}" for n in range(players)]
        entry_services.entries_add_guests(tournament=tournament, names=names)
        tournament_start(tournament=tournament)
        made.append(tournament)
    venue_services.tables_add(club=club, count=tables)
    for tournament in made[1:]:
        ready = Match.objects.filter(round__stage__tournament=tournament, status="ready")
        for index, match in enumerate(ready.select_related("entry_a__player", "entry_b__player")):
            if index % 8 == 1:
                match_record_final_score(match=match, score_a=match.length, score_b=0)
            elif index % 8 == 3:
                report = report_submit(
                    match=match, player=match.entry_a.player, score_a=match.length, score_b=0
                )
                if index % 16 == 3:
                    report_dispute(report=report, by=match.entry_b.player, note="not so")
    Call.objects.filter(tournament=made[0], ended_at__isnull=True).update(
        called_at=timezone.now() - timedelta(minutes=20)
    )
    return club


def request(port: int, path: str, cookie: str, extra: str = "") -> tuple[int, dict[str, str]]:
    """One GET on a fresh connection: its status and headers."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n"
                f"Accept-Language: en\r\nCookie: {cookie}\r\n{extra}Connection: close\r\n\r\n"
            ).encode()
        )
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    fields = {}
    for line in head[1:]:
        if ":" in line:
            key, value = line.split(":", 1)
            fields[key.strip().lower()] = value.strip()
    return int(head[0].split()[1]), fields


def one_director(port: int, path: str, headers: dict[str, str], seconds: float) -> dict:
    """One connection, one request at a time: the server's time for one director."""
    out: list = []
    asyncio.run(one_connection(port, path, headers, time.perf_counter() + seconds, out))
    times = sorted(sample[0] for sample in out)
    return {
        "p50_ms": round(statistics.median(times) * 1000, 2),
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))] * 1000, 2),
        "queries": statistics.median(sample[2] for sample in out),
        "statuses": sorted({sample[1] for sample in out}),
    }


def measure(pid: int, port: int, path: str, cookie: str) -> dict[str, dict]:
    """The floor and the page, interleaved (floor, page, page, floor, twice)."""
    headers = {"Cookie": cookie}
    asyncio.run(load(port, path, headers, 0.3))
    asyncio.run(load(port, FLOOR, headers, 0.1))
    seconds = SECONDS / 4
    parts: dict[str, list] = {"floor": [], "page": []}
    for _ in range(2):
        for kind in ("floor", "page", "page", "floor"):
            url = FLOOR if kind == "floor" else path
            parts[kind].append(measure_slice(pid, port, url, seconds, headers))
    return {kind: figures(slices) for kind, slices in parts.items()}


def poll(pid: int, port: int, path: str, cookie: str) -> dict:
    """The board's poll while nothing changes: HX-Request with the ETag it was given."""
    _status, fields = request(port, path, cookie, "HX-Request: true\r\n")
    headers = {"Cookie": cookie, "HX-Request": "true", "If-None-Match": fields.get("etag", "")}
    ticks = cpu_ticks(pid)
    start = time.perf_counter()
    samples = asyncio.run(load(port, path, headers, SECONDS / 2))
    elapsed = time.perf_counter() - start
    used = (cpu_ticks(pid) - ticks) / TICK
    result = figures([(samples, elapsed, used)])
    result["statuses"] = sorted({sample[1] for sample in samples})
    return result


def main() -> None:
    env = environment()
    print(f"preparing (a night of {TOURNAMENTS * PLAYERS} players on {TABLES} tables)")
    pages, cookie = prepare(env)
    results: dict[str, dict] = {}
    with production_server(env) as (pid, port):
        for name, path in pages.items():
            status, _fields = request(port, path, cookie)
            if status != 200:
                raise SystemExit(f"{name}: {path} answered {status}")
            single = one_director(port, path, {"Cookie": cookie}, SECONDS / 2)
            measured = measure(pid, port, path, cookie)
            floor, page = measured["floor"], measured["page"]
            results[name] = {
                "p50_ms": single["p50_ms"],
                "p99_ms": single["p99_ms"],
                "ratio": round(page["rps"] / floor["rps"], 3),
                "cpu_beyond_floor_ms": round(page["cpu_ms"] - floor["cpu_ms"], 2),
                "queries": single["queries"],
            }
            print(
                f"{name:12} one director  p50 {single['p50_ms']:7.2f} ms  "
                f"p99 {single['p99_ms']:7.2f} ms  {single['queries']:g} queries"
            )
            print(f"{'':12} floor {fmt(floor)}")
            print(f"{'':12} page  {fmt(page)}  ratio {results[name]['ratio']:.3f}")
        polled = poll(pid, port, pages[f"{TOURNAMENTS * PLAYERS} players"], cookie)
        print(f"{'poll':12} 304   {fmt(polled)}  statuses {polled['statuses']}")
    big, small = results[f"{TOURNAMENTS * PLAYERS} players"], results["8 players"]
    ok = (
        big["p50_ms"] <= LIMIT_MS
        and big["queries"] <= LIMIT_QUERIES
        and big["queries"] <= small["queries"]
        and polled["statuses"] == [304]
    )
    print(
        json.dumps(
            {
                "p50_ms": {n: r["p50_ms"] for n, r in results.items()},
                "ratio": {n: r["ratio"] for n, r in results.items()},
                "cpu_beyond_floor_ms": {n: r["cpu_beyond_floor_ms"] for n, r in results.items()},
                "queries": {n: r["queries"] for n, r in results.items()},
                "poll_rps": polled["rps"],
                "poll_p50_ms": polled["p50_ms"],
                "ok": ok,
            }
        )
    )


if __name__ == "__main__":
    main()
