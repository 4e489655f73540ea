"""Server time and SQL queries of the standings page of a 512-player, 9-round Swiss.

Builds the tournament in a throw-away SQLite database (or the one DATABASE_URL names),
then requests the page repeatedly, built each time (not from the page cache), and prints the
median time. The last line is JSON with
``standings_ms`` and ``standings_queries``. Targets: ≤ 150 ms and ≤ 15 queries.
"""

from __future__ import annotations

import json
import random
import statistics
import time

import _django  # benchmarks/_django.py, beside this file

_django.setup()

from django.core.cache import cache, caches  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from benchmarks._swiss_data import build_swiss  # noqa: E402
from clubs.models import Club  # noqa: E402
from tournaments.models import Tournament  # noqa: E402

PLAYERS, ROUNDS = 512, 9


def build() -> Tournament:
    club = Club.objects.create(name="Benchmark Club", slug=f"bench-{random.randrange(10**9)}")
    return build_swiss(club, players=PLAYERS, rounds=ROUNDS, slug="big-swiss")


def main() -> None:
    call_command("migrate", verbosity=0)
    tournament = build()
    url = reverse("tournaments:standings", args=[tournament.club.slug, tournament.slug])
    client = Client()
    client.get(url)  # warm caches and imports
    times, queries = [], 0
    for _ in range(15):
        # A visitor's page is cached whole under the tournament's version: measure it built.
        cache.clear()
        caches["pages"].clear()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
        queries = len(captured)
    figures = {
        "players": PLAYERS,
        "rounds": ROUNDS,
        "standings_ms": round(statistics.median(times), 1),
        "standings_ms_p90": round(sorted(times)[int(len(times) * 0.9)], 1),
        "standings_queries": queries,
    }
    print(
        f"standings page, {PLAYERS} players x {ROUNDS} rounds: "
        f"median {figures['standings_ms']} ms, {queries} queries"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
