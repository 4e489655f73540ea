"""Server time of one action entered on the clock of a recorded match, early in a long match
and late in it.

Builds a 25-point match in a throw-away SQLite database (or the one DATABASE_URL names),
marks it recorded, and posts the actions of a random match to the clock's endpoint one by
one, as the clock beside the board does, timing each request. Its floor is the same
client's request of /healthz. The last line is JSON with ``early_ms`` (the median of the
first 100 actions), ``late_ms`` (of the last 100), ``late_over_early`` and ``floor_ms``.
Target: ``late_over_early`` ≤ 2. An action is decided in the same time however long the
record is (``recording.transcripts``); what still grows is the answer, which carries the whole
record to the clock. On 2026-11-27, 1,500 actions: 12.4 ms early and 58.3 ms late (4.7)
when every action replayed the record, 10.8 ms and 18.3 ms (1.69) on the kept transcript.
"""

from __future__ import annotations

import json
import random
import statistics
import time

import _django  # benchmarks/_django.py, beside this file

_django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from clubs.models import Club, Membership, Player, Role  # noqa: E402
from draw.services import tournament_start  # noqa: E402
from entries import services as entry_services  # noqa: E402
from matches.models import Match  # noqa: E402
from matches.rules import rules_for_match  # noqa: E402
from recording.services import recorded_match_mark  # noqa: E402
from tests.recording.simulate import random_entries  # noqa: E402
from tournaments import services  # noqa: E402

LENGTH, ACTIONS, SAMPLE = 25, 1500, 100


def build() -> tuple[Match, object]:
    user = get_user_model().objects.create_user(f"olga{random.randrange(10**9)}", password="x")
    club = Club.objects.create(name="Benchmark Club", slug=f"bench-{random.randrange(10**9)}")
    Membership.objects.create(
        club=club, player=Player.objects.create(name="Olga", user=user), role=Role.ORGANIZER
    )
    tournament = services.tournament_create(
        club=club, user=user, name="Clock", default_length=LENGTH
    )
    services.tournament_open_registration(tournament=tournament)
    entry_services.entries_add_guests(tournament=tournament, names=["Anna", "Bert"])
    tournament_start(tournament=tournament)
    match = Match.objects.get(round__stage__tournament=tournament, status="ready")
    recorded_match_mark(match=match, recorder=user)
    return match, user


def main() -> None:
    call_command("migrate", verbosity=0)
    match, user = build()
    tournament = match.round.stage.tournament
    url = reverse("recording:action", args=[tournament.club.slug, tournament.slug, match.pk])
    entries = random_entries(7, limit=ACTIONS, cube=0.05, rules=rules_for_match(match))
    client = Client()
    client.force_login(user)
    floor = []
    for _ in range(50):
        start = time.perf_counter()
        client.get("/healthz")
        floor.append((time.perf_counter() - start) * 1000)
    times = []
    for number, entry in enumerate(entries):
        body = json.dumps({**entry.to_dict(), "after": number})
        start = time.perf_counter()
        response = client.post(url, body, content_type="application/json")
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.content[:500]
        assert response.json()["status"] == "applied"
    early = statistics.median(times[:SAMPLE])
    late = statistics.median(times[-SAMPLE:])
    figures = {
        "actions": len(times),
        "early_ms": round(early, 2),
        "late_ms": round(late, 2),
        "late_over_early": round(late / early, 2),
        "floor_ms": round(statistics.median(floor), 2),
    }
    print(
        f"clock action, {len(times)} actions of a {LENGTH}-point match: "
        f"first {SAMPLE} {figures['early_ms']} ms, last {SAMPLE} {figures['late_ms']} ms "
        f"(floor {figures['floor_ms']} ms)"
    )
    figures["ok"] = figures["late_over_early"] <= 2
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
