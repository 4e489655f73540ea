"""Server time and SQL queries of the standings page of a 512-player, 9-round Swiss.

Builds the tournament in a throw-away SQLite database (or the one DATABASE_URL names),
then requests the page repeatedly and prints the median time. The last line is JSON with
``standings_ms`` and ``standings_queries``. Targets: ≤ 150 ms and ≤ 15 queries.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["ALLOWED_HOSTS"] = "testserver"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from clubs.models import Club, Player  # noqa: E402
from matches.models import Match  # noqa: E402
from tournaments.models import Entry, Round, Stage, Tournament  # noqa: E402

PLAYERS, ROUNDS = 512, 9


def build() -> Tournament:
    rng = random.Random(512)
    club = Club.objects.create(name="Benchmark Club", slug=f"bench-{rng.randrange(10**9)}")
    tournament = Tournament.objects.create(
        club=club,
        name="Big Swiss",
        slug="big-swiss",
        format="swiss",
        swiss_rounds=ROUNDS,
        status="running",
        tiebreaks=["match_points", "buchholz", "median_buchholz", "points_difference", "lot"],
    )
    players = Player.objects.bulk_create(Player(name=f"Player {n:03d}") for n in range(PLAYERS))
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player=p, seed=n + 1, status="approved")
        for n, p in enumerate(players)
    )
    stage = Stage.objects.create(tournament=tournament, kind="swiss")
    matches = []
    for number in range(1, ROUNDS + 1):
        round_ = Round.objects.create(stage=stage, number=number, length=7, status="finished")
        order = entries[:]
        rng.shuffle(order)
        for index in range(0, PLAYERS, 2):
            a, b = order[index], order[index + 1]
            loser_score = rng.randrange(0, 7)
            a_wins = rng.random() < 0.5
            matches.append(
                Match(
                    round=round_,
                    index=index // 2 + 1,
                    table=index // 2 + 1,
                    entry_a=a,
                    entry_b=b,
                    match_format="points",
                    length=7,
                    status="finished",
                    outcome="played",
                    score_a=7 if a_wins else loser_score,
                    score_b=loser_score if a_wins else 7,
                    winner=a if a_wins else b,
                )
            )
    Match.objects.bulk_create(matches, batch_size=1000)
    return tournament


def main() -> None:
    call_command("migrate", verbosity=0)
    tournament = build()
    url = reverse("tournaments:standings", args=[tournament.club.slug, tournament.slug])
    client = Client()
    client.get(url)  # warm caches and imports
    times, queries = [], 0
    for _ in range(15):
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
