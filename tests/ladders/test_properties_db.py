"""Property, in the database: random ladders driven through the services (joins, leaves,
challenges in and out of reach, accepts, declines, referees' results, forfeits and
corrections on the ladder's matches, days passing with the daily round). After every step
the ladder each history row keeps is a permutation of the players on it and equals the
replay of the history up to that row; a refused step saves nothing."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Role
from config.errors import UserError
from ladders import selectors, services
from ladders.core.ladder import replay
from ladders.models import Challenge, ChallengeStatus, LadderChange
from matches.services import (
    match_award_forfeit,
    match_correct_final_score,
    match_record_final_score,
)
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

START = date(2026, 3, 2)

ACTIONS = [
    "join",
    "leave",
    "challenge",
    "challenge",
    "challenge",
    "play",
    "play",
    "accept",
    "decline",
    "result",
    "correct",
    "days",
]
steps = st.lists(
    st.tuples(st.sampled_from(ACTIONS), st.integers(0, 30), st.integers(0, 30)),
    min_size=4,
    max_size=16,
)


def check(ladder):
    rows = list(LadderChange.objects.filter(ladder=ladder).order_by("sequence"))
    on_ladder: set[int] = set()
    for n, row in enumerate(rows, start=1):
        if row.kind == "joined":
            on_ladder.add(row.player_id)
        elif row.kind == "left":
            on_ladder.discard(row.player_id)
        assert sorted(row.order) == sorted(on_ladder)
        changes = [selectors.change_as_core(r) for r in rows[:n]]
        assert list(replay(ladder.rules(), changes)) == row.order


@pytest.fixture
def ladders():
    """A club, its referee and four members, and a ladder of those four for each set of
    rules an example draws, built the first time it is drawn: each example runs in a
    savepoint rolled back after it, so the next one with the same rules finds the ladder as
    the four joined it."""
    club = ClubFactory()
    referee = UserFactory()
    MembershipFactory(club=club, player__user=referee, role=Role.ORGANIZER)
    regulars = [PlayerFactory() for _ in range(4)]
    for player in regulars:
        MembershipFactory(club=club, player=player)
    built = {}

    def ladder_of(reach, loser_drops, idle_days):
        key = (reach, loser_drops, idle_days)
        if key not in built:
            with transaction.atomic():
                ladder = services.ladder_create(
                    club=club,
                    user=referee,
                    name="L",
                    reach=reach,
                    loser_drops=loser_drops,
                    idle_days=idle_days,
                    idle_places=2,
                )
                for player in regulars:
                    services.ladder_join(ladder=ladder, player=player, user=referee, today=START)
            built[key] = ladder
        ladder = built[key]
        ladder.refresh_from_db()
        return ladder

    return club, referee, regulars, ladder_of


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    reach=st.integers(1, 3),
    loser_drops=st.booleans(),
    idle_days=st.sampled_from([0, 4]),
    actions=steps,
)
def test_random_ladders_in_the_database_equal_their_history(
    reach, loser_drops, idle_days, actions, ladders, django_capture_on_commit_callbacks
):
    club, referee, regulars, ladder_of = ladders
    ladder = ladder_of(reach, loser_drops, idle_days)  # outside the savepoint: kept
    with transaction.atomic():
        day = START
        people = list(regulars)

        def newcomer():
            player = PlayerFactory()
            MembershipFactory(club=club, player=player)
            people.append(player)
            services.ladder_join(ladder=ladder, player=player, user=referee, today=day)

        for action, a, b in actions:
            before = LadderChange.objects.filter(ladder=ladder).count()
            challenges = list(Challenge.objects.filter(ladder=ladder).order_by("pk"))
            try:
                with transaction.atomic(), django_capture_on_commit_callbacks(execute=True):
                    if action == "join":
                        newcomer()
                    elif action == "leave":
                        services.ladder_leave(
                            ladder=ladder, player=people[a % len(people)], user=referee, today=day
                        )
                    elif action == "challenge":
                        # Mostly someone a few places up (in reach or just out of it).
                        order = selectors.ladder_order(ladder)
                        below = order[a % len(order)]
                        above = order[max(0, order.index(below) - 1 - b % 4)]
                        by_id = {p.pk: p for p in people}
                        services.challenge_create(
                            ladder=ladder,
                            challenger=by_id[below],
                            defender=by_id[above],
                            user=None,
                            today=day,
                        )
                    elif action in ("accept", "decline") and challenges:
                        challenge = challenges[a % len(challenges)]
                        if action == "accept":
                            services.challenge_accept(challenge=challenge, user=None, today=day)
                        else:
                            services.challenge_decline(challenge=challenge, user=None, today=day)
                    elif action in ("result", "play"):
                        if action == "play":  # accepted and played at once
                            waiting = [c for c in challenges if c.status == ChallengeStatus.OPEN]
                            for challenge in waiting[:1]:
                                services.challenge_accept(challenge=challenge, user=None, today=day)
                        challenges = list(Challenge.objects.filter(ladder=ladder).order_by("pk"))
                        played = [c for c in challenges if c.status == ChallengeStatus.ACCEPTED]
                        if played:
                            match = played[a % len(played)].match
                            if b % 3 == 0:
                                entry = match.entry_a if b % 2 else match.entry_b
                                match_award_forfeit(match=match, winner=entry, user=referee)
                            else:
                                scores = (5, b % 5) if b % 2 else (b % 5, 5)
                                match_record_final_score(
                                    match=match, score_a=scores[0], score_b=scores[1], user=referee
                                )
                    elif action == "correct":
                        # A referee gives a played ladder match to the other player.
                        done = [
                            c.match
                            for c in challenges
                            if c.match is not None and c.match.status == "finished"
                        ]
                        if done:
                            match = done[a % len(done)]
                            flipped = (2, 5) if match.winner_id == match.entry_a_id else (5, 2)
                            match_correct_final_score(
                                match=match,
                                score_a=flipped[0],
                                score_b=flipped[1],
                                reason="the other way round",
                                user=referee,
                            )
                    elif action == "days":
                        day += timedelta(days=a % 9)
                        services.ladder_tick(ladder=ladder, today=day)
            except UserError:
                # A refusal saves nothing.
                assert LadderChange.objects.filter(ladder=ladder).count() == before
            check(ladder)
        transaction.set_rollback(True)
