"""Benchmark of the venue's automatic calls after a result, against recording the result.

    .venv/bin/python benchmarks/venue_calls.py [--results 48]

Builds a club night in an in-memory SQLite database (migrated on the fly): four single
elimination tournaments of 32 guests (128 players), started (drawn), and 64 tables, so every
first-round match is called. Then records ``--results`` results one by one across the four
tournaments and times, for each:

* ``record_ms`` (the floor): ``match_record_final_score``, its transaction with its events
  and their deliveries written;
* ``calls_ms``: the venue's listeners for that result and for the bracket moved on (the call
  ended, the night read, the next matches called, their players' notices handed to the bus),
  with their queries.

As with a worker, what the bus delivers after a commit (the bracket, ratings, notices) runs
after each timing, untimed, and the venue's own listeners only where they are timed.

Prints each figure's median and worst; the last line is a JSON dict, ``ok`` when the worst
``calls_ms`` stays under 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DATABASE_URL"] = "sqlite://:memory:"
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from clubs.models import Club  # noqa: E402
from draw.services import tournament_start  # noqa: E402
from entries import services as entry_services  # noqa: E402
from events import bus, registry  # noqa: E402
from events.tasks import enqueue  # noqa: E402
from events.types import ResultRecorded, TournamentAdvanced  # noqa: E402
from matches.models import Match  # noqa: E402
from matches.services import match_record_final_score  # noqa: E402
from tournaments import services as tournament_services  # noqa: E402
from venue import listeners as venue_listeners  # noqa: E402
from venue import services as venue_services  # noqa: E402
from venue.models import Call  # noqa: E402

TOURNAMENTS = 4
PLAYERS = 32
TABLES = 64
LIMIT_MS = 50.0


def build() -> Club:
    club = Club.objects.create(name="Bench", slug="bench")
    for t in range(TOURNAMENTS):
        tournament = tournament_services.tournament_create(
            club=club, user=None, name=f"Open {t + 1}", format="single_elimination"
        )
        tournament_services.tournament_open_registration(tournament=tournament)
        names = [f"Player {t}-{n:02d}" for n in range(PLAYERS)]
        entry_services.entries_add_guests(tournament=tournament, names=names)
        tournament_start(tournament=tournament)
    venue_services.tables_add(club=club, count=TABLES)
    return club


#: Deliveries committed during a timing, run once it is over.
pending: list[int] = []


def deliver_pending() -> None:
    while pending:
        ids = list(pending)
        pending.clear()
        enqueue(ids)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", type=int, default=48)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    # The venue's listeners are run by hand below, after the floor's result is in.
    venue_names = [name for name in registry.listeners if name.startswith("venue.")]
    kept = {name: registry.listeners.pop(name) for name in venue_names}
    club = build()
    bus.enqueue = pending.extend  # type: ignore[assignment]
    open_calls = Call.objects.filter(club=club, ended_at__isnull=True).count()
    print(f"{TOURNAMENTS} tournaments, {TOURNAMENTS * PLAYERS} players, {TABLES} tables")
    print(f"calls open after the start: {open_calls}")
    record, calls, queries = [], [], []
    for _ in range(args.results):
        call = (
            Call.objects.filter(club=club, ended_at__isnull=True, match__status="ready")
            .order_by("called_at", "pk")
            .first()
        )
        if call is None:
            break
        match = Match.objects.select_related("round__stage").get(pk=call.match_id)
        tournament_id = match.round.stage.tournament_id
        began = time.perf_counter()
        match_record_final_score(match=match, score_a=match.length, score_b=0)
        recorded = time.perf_counter()
        deliver_pending()
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as captured:
            venue_listeners.result_recorded(ResultRecorded(match_id=match.pk))
            # The bracket moved on: its listener calls the match that can now be played.
            venue_listeners.tournament_advanced(TournamentAdvanced(tournament_id=tournament_id))
        done = time.perf_counter()
        deliver_pending()
        record.append((recorded - began) * 1000)
        calls.append((done - started) * 1000)
        queries.append(len(captured.captured_queries))
    registry.listeners.update(kept)
    made = Call.objects.filter(club=club).count()
    figures = {
        "results": len(calls),
        "calls_made": made,
        "record_ms_median": round(statistics.median(record), 2),
        "record_ms_worst": round(max(record), 2),
        "calls_ms_median": round(statistics.median(calls), 2),
        "calls_ms_worst": round(max(calls), 2),
        "calls_queries_worst": max(queries),
    }
    figures["ok"] = figures["calls_ms_worst"] < LIMIT_MS
    for key, value in figures.items():
        print(f"{key:>22}: {value}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
