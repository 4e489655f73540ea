"""The treasurer's pages against Django's own floor, served the production way.

Starts the app as ``benchmarks/web.py`` does (gunicorn with one sync worker, production
settings plus the hello-world floor, PostgreSQL: ``BENCH_DATABASE_URL``, else
``DATABASE_URL``; the database is emptied; Redis when ``REDIS_URL`` answers). Builds one club
night's money at a size a big club reaches: a Main / Consolation / Last Chance of 64 players
(fees paid in cash, by card and by transfer, two unpaid, one waived), a side pool of 24, a
Calcutta of 64 lots sold with buy-backs, every match played and the payouts booked, and a
ledger of a season (1,000 movements booked by hand besides). Then, logged in as the club's
organizer, measures each money page with 8 keep-alive connections, in slices interleaved
with the floor's (a hello-world view behind the same middleware, with the same cookie):
requests/s, p50/p99, the server's CPU per request and queries per request. Pages that this
release does not have (a 404) are left out and said so.

The last line is JSON: per page the ratio of its requests/s to the floor's, its CPU beyond the
floor's (ms) and its queries; ``ok`` when every page serves at least 0.005 of the floor's
requests/s (about a tenth of a second of the server's time on this machine: a treasurer's
page at the end of a night, not a visitor's) with at most 50 queries, however long the
ledger.

    export BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench
    .venv/bin/python benchmarks/money.py          # BENCH_SECONDS=3 per page
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.web import (  # noqa: E402
    SECONDS,
    environment,
    figures,
    fmt,
    load,
    measure_slice,
    production_server,
)

PLAYERS = 64
LEDGER_ROWS = 1_000
FLOOR = "/_bench/hello"


def prepare(env: dict[str, str]) -> tuple[dict[str, str], str]:
    """Empty the database, migrate, build the night's money; the pages and the cookie."""
    os.environ.update(env)
    # The draw and the results run their background work inline while the data is built
    # (no worker runs here); the server gets ``env`` without this.
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
    logging.disable(logging.INFO)  # the services' log lines of building the night
    club, tournament, organizer = night()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    session = SessionStore()
    user = get_user_model().objects.get(pk=organizer.pk)
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.save()
    connection.close()
    base = f"/clubs/{club.slug}/t/{tournament.slug}/money/"
    pages = {
        "fees": base,
        "payout sheet": base + "payouts/",
        "side pools": base + "side-pools/",
        "calcutta": base + "calcutta/",
        "calcutta statements": base + "calcutta/statements/",
        "ledger": f"/clubs/{club.slug}/money/",
        "cash-up": f"/clubs/{club.slug}/money/cash-up/",
    }
    return pages, f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def night():
    """The club, its finished night (see the module's docstring) and its organizer."""
    from clubs.services import club_create
    from draw.services import tournament_start
    from entries import services as entry_services
    from matches.models import Match
    from matches.services import match_record_final_score
    from money import services
    from money.models import CalcuttaLot
    from tests.factories import UserFactory
    from tournaments import services as tournament_services

    organizer = UserFactory(username="treasurer")
    club = club_create(name="Bench Club", user=organizer)
    tournament = tournament_services.tournament_create(
        club=club, user=organizer, name="Night", format="main_consolation", last_chance=True
    )
    tournament_services.tournament_open_registration(tournament=tournament)
    names = [f"Player {n:03d}" for n in range(1, PLAYERS + 1)]
    entries = entry_services.entries_add_guests(tournament=tournament, names=names)
    entry_services.entries_set_seeds(
        tournament=tournament, ordered_entry_ids=[e.pk for e in entries]
    )
    services.club_money_settings_update(club=club, rounding_unit=100)
    services.tournament_money_update(
        tournament=tournament, entry_fee=2000, house_share=1000, added_money=5000, fixed_costs=900
    )
    methods = ["cash", "card", "transfer"]
    for number, entry in enumerate(entries):
        if number in (10, 20):
            continue  # unpaid: set against a prize, if any
        if number == 30:
            services.fee_waive(entry=entry, recorded_by=organizer)
        else:
            method = methods[number % 3]
            services.fee_mark_paid(entry=entry, method=method, recorded_by=organizer)
    pool = services.side_pool_create(tournament=tournament, name="Side pool", fee=1000)
    for entry in entries[::3][:24]:
        services.side_pool_join(side_pool=pool, entry=entry, method="cash", recorded_by=organizer)
    calcutta = services.calcutta_setup(tournament=tournament, house_share=500)
    services.calcutta_make_lots(calcutta=calcutta)
    for lot in CalcuttaLot.objects.filter(calcutta=calcutta).order_by("number"):
        services.calcutta_bid(
            lot=lot,
            bidder=f"Buyer {lot.number % 9}",
            amount=1000 + lot.number * 50,
            recorded_by=organizer,
        )
        services.calcutta_sell(lot=lot, recorded_by=organizer)
        if lot.number % 4 == 0:
            services.calcutta_buyback(lot=lot, entry=lot.entries.first(), share=2500)
    tournament_start(tournament=tournament)
    while True:
        ready = list(
            Match.objects.filter(round__stage__tournament=tournament, status="ready").order_by(
                "round__stage__order", "round__number", "index"
            )
        )
        if not ready:
            break
        for match in ready:
            length = match.length if match.match_format != "games" else (match.length + 1) // 2
            match_record_final_score(match=match, score_a=length, score_b=0)
    tournament.refresh_from_db()
    services.payouts_book(tournament=tournament, recorded_by=organizer)
    for number in range(LEDGER_ROWS):
        services.ledger_record(
            club=club,
            kind="other" if number % 2 else "costs",
            amount=(number % 50 + 1) * (100 if number % 2 else -100),
            method=methods[number % 3],
            memo=f"Movement {number}",
            recorded_by=organizer,
        )
    return club, tournament, organizer


def measure(pid: int, port: int, path: str, cookie: str) -> dict[str, dict]:
    """The floor and the page, interleaved (floor, page, page, floor, twice)."""
    headers = {"Cookie": cookie}
    import asyncio

    asyncio.run(load(port, path, headers, 0.3))
    asyncio.run(load(port, FLOOR, headers, 0.1))
    seconds = SECONDS / 4
    parts: dict[str, list] = {"floor": [], "page": []}
    for _ in range(2):
        for kind in ("floor", "page", "page", "floor"):
            url = FLOOR if kind == "floor" else path
            parts[kind].append(measure_slice(pid, port, url, seconds, headers))
    return {kind: figures(slices) for kind, slices in parts.items()}


def answers(port: int, path: str, cookie: str) -> int:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n"
                f"Cookie: {cookie}\r\nConnection: close\r\n\r\n"
            ).encode()
        )
        return int(sock.recv(64).split()[1])


def main() -> None:
    env = environment()
    print(f"preparing (a night of {PLAYERS} players, {LEDGER_ROWS} ledger rows)")
    pages, cookie = prepare(env)
    results = {}
    with production_server(env) as (pid, port):
        for name, path in pages.items():
            status = answers(port, path, cookie)
            if status == 404:
                print(f"{name:20} not in this release")
                continue
            if status != 200:
                raise SystemExit(f"{name}: {path} answered {status}")
            measured = measure(pid, port, path, cookie)
            floor, page = measured["floor"], measured["page"]
            results[name] = {
                "ratio": round(page["rps"] / floor["rps"], 3),
                "cpu_beyond_floor_ms": round(page["cpu_ms"] - floor["cpu_ms"], 2),
                "queries": page["queries"],
            }
            print(f"{name:20} floor {fmt(floor)}")
            print(f"{'':20} page  {fmt(page)}  ratio {results[name]['ratio']:.3f}")
    ok = all(r["ratio"] >= 0.005 and r["queries"] <= 50 for r in results.values())
    print(
        json.dumps(
            {
                "ratio": {n: r["ratio"] for n, r in results.items()},
                "cpu_beyond_floor_ms": {n: r["cpu_beyond_floor_ms"] for n, r in results.items()},
                "queries": {n: r["queries"] for n, r in results.items()},
                "ok": ok,
            }
        )
    )


if __name__ == "__main__":
    main()
