"""Demo tournaments for ``python manage.py demo``: one of each kind clubs run, mid-play.

Built through the same services as real play, with fixed random seeds, so every run of a
fresh database looks the same; a tournament that exists already is left alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from clubs.models import Club, Membership, Role
from draw import services as draw_services
from entries import services as entry_services
from matches.models import Match, MatchStatus
from matches.services import match_record_final_score, match_record_game, match_set_online
from tournaments import services
from tournaments.models import Round, RoundStatus, Tournament

PlayStep = Callable[[Match, random.Random], None]


def _final_score(match: Match, rng: random.Random) -> None:
    """A plausible final score: the winner reaches the target, the loser has less."""
    if match.match_format == "games":
        needed = (match.length + 1) // 2
        won, lost = needed, rng.randrange(0, needed)
    else:
        won, lost = match.length + rng.choice([0, 0, 0, 1]), rng.randrange(0, match.length - 1)
    a_wins = rng.random() < 0.55
    match_record_final_score(
        match=match, score_a=won if a_wins else lost, score_b=lost if a_wins else won
    )


def _game_by_game(match: Match, rng: random.Random) -> None:
    """Games entered one by one, the way a referee does at the table."""
    while True:
        match.refresh_from_db()
        if match.status == MatchStatus.FINISHED:
            return
        kind = rng.choices(["single", "gammon", "backgammon"], [80, 18, 2])[0]
        try:
            match_record_game(match=match, winner=rng.randrange(2), kind=kind, cube=1)
        except Exception:
            match_record_game(match=match, winner=rng.randrange(2), kind="single", cube=1)


def _open_matches(tournament: Tournament) -> list[Match]:
    return list(
        Match.objects.of_tournament(tournament)
        .filter(status=MatchStatus.READY)
        .order_by("round__stage__order", "round__number", "index")
    )


def _make(
    club: Club, organizer: Any, players: list[Any], *, name: str, slug: str, **settings: Any
) -> Tournament | None:
    if Tournament.objects.filter(club=club, slug=slug).exists():
        return None
    tournament = services.tournament_create(
        club=club, user=organizer, name=name, slug=slug, **settings
    )
    services.tournament_open_registration(tournament=tournament)
    for player in players:
        entry_services.entry_add(tournament=tournament, player=player)
    draw_services.tournament_start(tournament=tournament, rng=random.Random(slug))
    tournament.refresh_from_db()
    return tournament


def _advance(tournament: Tournament, match: Match | None = None) -> None:
    """What the Celery tasks do after a commit, done at once (and idempotent), so the demo
    is the same inside a transaction (tests) as on the command line."""
    if match is not None:
        draw_services.tournament_advance(match_id=match.pk)
    for round_ in Round.objects.filter(stage__tournament=tournament, status=RoundStatus.PENDING):
        draw_services.round_pair(round_id=round_.pk)


def _play(tournament: Tournament, matches: int, step: PlayStep, rng: random.Random) -> None:
    _advance(tournament)
    for _ in range(matches):
        ready = _open_matches(tournament)
        if not ready:
            return
        step(ready[0], rng)
        _advance(tournament, ready[0])


def demo_tournaments(club: Club) -> list[Tournament]:
    organizer = (
        Membership.objects.filter(club=club, role=Role.ORGANIZER)
        .select_related("player__user")
        .first()
    )
    assert organizer is not None
    user = organizer.player.user
    players = [
        m.player
        for m in Membership.objects.filter(club=club, role=Role.PLAYER)
        .select_related("player")
        .order_by("player__name")
    ]
    made = []
    rng = random.Random(2026)
    bar = _make(
        club,
        user,
        players[:8],
        name="Thursday Bar Cup",
        slug="thursday-bar-cup",
        format="single_elimination",
        match_format="games",
        default_length=3,
        venue="The Doubling Cube bar",
        seeding="random",
        description="Best of three, every game counts one — the weekly bar classic.",
    )
    if bar:
        _play(bar, 3, _game_by_game, rng)
        made.append(bar)
    monthly = _make(
        club,
        user,
        players,
        name="Monthly 7-Point",
        slug="monthly-7-point",
        format="main_consolation",
        match_format="points",
        default_length=7,
        last_chance=True,
        description="Seven-point matches; lose in the first round and play on in the consolation.",
    )
    if monthly:
        _play(monthly, 8, _final_score, rng)
        _play(monthly, 2, _game_by_game, rng)
        made.append(monthly)
    league = _make(
        club,
        user,
        players,
        name="Autumn Swiss League",
        slug="autumn-swiss",
        format="swiss",
        swiss_rounds=5,
        match_format="points",
        default_length=5,
        description="Five rounds of five-point matches; nobody meets the same opponent twice.",
    )
    if league:
        _play(league, 16, _final_score, rng)  # rounds 1 and 2; round 3 is drawn and open
        # One match of round 3 is played on the online board: log in as either player.
        online = next(
            m
            for m in _open_matches(league)
            if m.entry_a and m.entry_b and m.entry_a.player.user_id and m.entry_b.player.user_id
        )
        match_set_online(match=online, online=True)
        made.append(league)
    return made
