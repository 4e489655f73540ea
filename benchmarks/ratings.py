"""Benchmark of the club ratings: a full replay, a correction, one new match, the pages' reads.

    .venv/bin/python benchmarks/ratings.py [--matches 3000] [--players 60]

Builds a club in an in-memory SQLite database (migrated on the fly): ``--players`` guests and
``--matches`` finished 5-point matches, one a minute. Then times

* ``recompute_cold``: the first ``ratings_recompute`` (every history row written);
* ``recompute_noop``: running it again (nothing to write: the idempotence check);
* ``correction``: the first match's winner swapped and ``ratings_match_finished`` run (the
  whole club is replayed: the worst case of a correction);
* ``latest_match``: one new match after all others (the usual case: two rows, two ratings);
* ``profile`` and ``leaderboard``: the reads behind the two pages, with their query counts.

The last line printed is a JSON dict of the figures (seconds, and query counts).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DATABASE_URL"] = "sqlite://:memory:"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from clubs.models import Club, Player  # noqa: E402
from entries.models import Entry  # noqa: E402
from matches.models import Match  # noqa: E402
from players import selectors as selectors_players  # noqa: E402
from ratings import selectors as ratings_selectors  # noqa: E402
from ratings import services as services_ratings  # noqa: E402
from tournaments.models import Round, Stage, Tournament  # noqa: E402


def build(matches: int, players: int) -> tuple[Club, list[Match]]:
    club = Club.objects.create(name="Bench", slug="bench")
    tournament = Tournament.objects.create(
        club=club, name="League", slug="league", status="finished", format="round_robin"
    )
    stage = Stage.objects.create(tournament=tournament, kind="round_robin")
    round_ = Round.objects.create(stage=stage, number=1, length=5, status="finished")
    people = Player.objects.bulk_create([Player(name=f"P{n:03d}") for n in range(players)])
    entries = Entry.objects.bulk_create(
        [Entry(tournament=tournament, player=p, status="approved") for p in people]
    )
    start = timezone.now() - timedelta(days=400)
    rows = []
    for n in range(matches):
        a, b = entries[n % players], entries[(n * 7 + 1) % players]
        if a == b:
            b = entries[(n + 1) % players]
        rows.append(
            Match(
                round=round_,
                index=n + 1,
                entry_a=a,
                entry_b=b,
                winner=a if n % 3 else b,
                status="finished",
                outcome="played",
                length=5,
                score_a=5,
                finished_at=start + timedelta(minutes=n),
            )
        )
    return club, Match.objects.bulk_create(rows, batch_size=1000)


def timed(fn):  # type: ignore[no-untyped-def]
    began = time.perf_counter()
    result = fn()
    return time.perf_counter() - began, result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=3000)
    parser.add_argument("--players", type=int, default=60)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    club, matches = build(args.matches, args.players)
    figures: dict[str, float | int] = {"matches": args.matches, "players": args.players}

    figures["recompute_cold"], _ = timed(
        lambda: services_ratings.ratings_recompute(club_id=club.pk)
    )
    figures["recompute_noop"], summary = timed(
        lambda: services_ratings.ratings_recompute(club_id=club.pk)
    )
    assert summary.changes_written == 0

    first = matches[0]
    first.winner_id = first.entry_b_id if first.winner_id == first.entry_a_id else first.entry_a_id
    first.save(update_fields=["winner"])
    figures["correction"], _ = timed(
        lambda: services_ratings.ratings_match_finished(match_id=first.pk)
    )

    last = matches[-1]
    latest = Match.objects.create(
        round_id=last.round_id,
        index=len(matches) + 1,
        entry_a_id=last.entry_a_id,
        entry_b_id=last.entry_b_id,
        winner_id=last.entry_a_id,
        status="finished",
        outcome="played",
        length=5,
        score_a=5,
        finished_at=timezone.now(),
    )
    figures["latest_match"], _ = timed(
        lambda: services_ratings.ratings_match_finished(match_id=latest.pk)
    )

    busy = Player.objects.get(entries__pk=last.entry_a_id)
    with CaptureQueriesContext(connection) as queries:
        figures["profile"], profile = timed(
            lambda: selectors_players.player_profile(club, busy, include_unpublished=True)
        )
    figures["profile_queries"] = len(queries)
    with CaptureQueriesContext(connection) as queries:
        figures["leaderboard"], rows = timed(lambda: list(ratings_selectors.leaderboard(club)))
    figures["leaderboard_queries"] = len(queries)

    print(f"club of {args.players} players, {args.matches} rated matches (SQLite, in memory)")
    for key in ("recompute_cold", "recompute_noop", "correction", "latest_match"):
        print(f"  {key:<16} {figures[key] * 1000:8.1f} ms")
    print(
        f"  profile          {figures['profile'] * 1000:8.1f} ms, {figures['profile_queries']}"
        f" queries ({profile.played} matches)"
    )
    print(
        f"  leaderboard      {figures['leaderboard'] * 1000:8.1f} ms,"
        f" {figures['leaderboard_queries']} queries ({len(rows)} players)"
    )
    print(json.dumps({k: round(v, 5) if isinstance(v, float) else v for k, v in figures.items()}))


if __name__ == "__main__":
    main()
