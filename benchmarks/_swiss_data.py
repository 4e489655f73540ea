"""A big Swiss with its rounds played, written in bulk (seconds for 2,048 players x 9 rounds):
for the benchmarks and the tests of query counts. Pairings are random, not Swiss: the pages
only read them."""

from __future__ import annotations

import random

from clubs.models import Club, Player
from entries.models import Entry
from matches.models import Match
from tournaments.models import Round, Stage, Tournament


def build_swiss(
    club: Club, *, players: int, rounds: int, slug: str, length: int = 7, seed: int = 512
) -> Tournament:
    """A running Swiss of ``players`` (even) approved entries with ``rounds`` finished rounds."""
    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        club=club,
        name=f"Swiss of {players}",
        slug=slug,
        format="swiss",
        swiss_rounds=rounds + 1,
        default_length=length,
        status="running",
        tiebreaks=["match_points", "buchholz", "median_buchholz", "points_difference", "lot"],
    )
    people = Player.objects.bulk_create(
        Player(name=f"{slug} player {n:04d}") for n in range(1, players + 1)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player=p, seed=n, status="approved")
        for n, p in enumerate(people, start=1)
    )
    stage = Stage.objects.create(tournament=tournament, kind="swiss")
    matches = []
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(stage=stage, number=number, length=length, status="finished")
        order = entries[:]
        rng.shuffle(order)
        for index in range(0, players - 1, 2):
            a, b = order[index], order[index + 1]
            loser_score = rng.randrange(0, length)
            a_wins = rng.random() < 0.5
            matches.append(
                Match(
                    round=round_,
                    index=index // 2 + 1,
                    table=index // 2 + 1,
                    entry_a=a,
                    entry_b=b,
                    match_format="points",
                    length=length,
                    status="finished",
                    outcome="played",
                    score_a=length if a_wins else loser_score,
                    score_b=loser_score if a_wins else length,
                    winner=a if a_wins else b,
                )
            )
    Match.objects.bulk_create(matches, batch_size=2000)
    tournament.refresh_from_db()
    return tournament
