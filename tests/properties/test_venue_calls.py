"""Property, in the database: random nights at the venue driven through the services
(results, check-ins and a late start, tables taken out of service and back, tables added,
calls by hand, moves and take-backs, refused or not). After every step no player is called
to two tables, no table holds two calls or is called out of service, every open call is of a
match still to be played, and no match that the automatic calls may take waits while a
table it may use is free and its players are; a refused step saves nothing. And the rule
itself, on random waiting lists (players in two matches, tournaments on some tables, players
busy, tables just left): nobody twice, no table twice, no usable table left idle."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config.errors import UserError
from draw.services import tournament_start
from entries.models import EntryStatus
from entries.services import entry_check_in
from matches.models import OPEN_STATUSES, Match
from matches.services import match_record_final_score
from tests.conftest import tournament_made
from venue import selectors, services
from venue.core.calls import Waiting, allocate
from venue.models import Call, Table

ACTIONS = [
    "result",
    "result",
    "result",
    "out",
    "in",
    "add",
    "call",
    "move",
    "take_back",
    "check_in",
    "start",
    "start",
]
steps = st.lists(
    st.tuples(st.sampled_from(ACTIONS), st.integers(0, 50), st.integers(0, 50)),
    min_size=4,
    max_size=18,
)


def snapshot(club):
    return sorted(Call.objects.filter(club=club).values_list("pk", "table_id", "ended_at"))


def check(club):
    open_calls = list(
        Call.objects.filter(club=club, ended_at__isnull=True).select_related("match", "table")
    )
    players = [p for c in open_calls for p in (c.player_a_id, c.player_b_id)]
    assert len(players) == len(set(players)), "a player called twice"
    tables = [c.table_id for c in open_calls]
    assert len(tables) == len(set(tables)), "a table used twice"
    assert all(c.table.in_service for c in open_calls), "a call to a table out of service"
    assert all(c.match.status in OPEN_STATUSES for c in open_calls), "a call of a played match"
    night = selectors.night(club.pk)
    for waiting in night.waiting:
        if waiting.match not in night.automatic or night.busy_players & set(waiting.players):
            continue
        usable = [t for t in night.free_tables if waiting.tables is None or t in waiting.tables]
        assert not usable, f"match {waiting.match} waits while tables {usable} are free"


waiting_matches = st.lists(
    st.tuples(
        st.lists(st.integers(1, 12), min_size=2, max_size=2, unique=True),
        st.integers(1, 4),
        st.floats(0, 100),
        st.sampled_from(["main", "consolation", "last_chance", "swiss"]),
        st.none() | st.frozensets(st.integers(1, 8), max_size=4),
    ),
    max_size=12,
)


@given(
    matches=waiting_matches,
    free=st.lists(st.integers(1, 8), unique=True, max_size=8),
    busy=st.frozensets(st.integers(1, 12), max_size=4),
    last=st.dictionaries(st.integers(1, 12), st.integers(1, 8), max_size=6),
)
def test_the_allocation_calls_nobody_twice_and_leaves_no_usable_table_idle(
    matches, free, busy, last
):
    waiting = [
        Waiting(n, (players[0], players[1]), number, since, stage, tables)
        for n, (players, number, since, stage, tables) in enumerate(matches, start=1)
    ]
    calls = allocate(waiting, free_tables=free, busy_players=busy, last_table=last)
    by_id = {w.match: w for w in waiting}
    called = [p for c in calls for p in by_id[c.match].players]
    assert len(called) == len(set(called)) and not busy & set(called)
    assert len({c.table for c in calls}) == len(calls) and all(c.table in free for c in calls)
    for call in calls:
        usable = by_id[call.match].tables
        assert usable is None or call.table in usable
    left = [t for t in free if t not in {c.table for c in calls}]
    taken = busy | set(called)
    for w in waiting:
        if w.match in {c.match for c in calls} or taken & set(w.players):
            continue
        assert not [t for t in left if w.tables is None or t in w.tables]


@pytest.mark.django_db
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(tables=st.integers(1, 6), some_tables=st.booleans(), actions=steps)
def test_random_nights_call_each_player_once_each_table_once_and_leave_no_table_idle(
    tables, some_tables, actions, club, organizer, django_capture_on_commit_callbacks
):
    with transaction.atomic():
        with django_capture_on_commit_callbacks(execute=True):
            services.tables_add(club=club, count=tables)
            main = tournament_made(club, organizer, 8, name="Main")
            # The side event: the first four of the main's players and four others, and it
            # needs a check-in; it starts later in the night.
            side = tournament_made(
                club, organizer, 6, start=False, name="Side", require_check_in=True
            )
            for entry in side.entries.order_by("pk")[:3]:
                entry_check_in(entry=entry)
            if some_tables:
                chosen = Table.objects.filter(club=club).order_by("number")[:1]
                services.tournament_venue_update(tournament=side, auto_call=True, tables=chosen)
        check(club)
        for action, a, b in actions:
            before = snapshot(club)
            all_tables = list(Table.objects.filter(club=club).order_by("number"))
            open_calls = list(Call.objects.filter(club=club, ended_at__isnull=True).order_by("pk"))
            try:
                with transaction.atomic(), django_capture_on_commit_callbacks(execute=True):
                    if action == "result":
                        playable = list(
                            Match.objects.filter(
                                round__stage__tournament__in=[main, side],
                                status__in=OPEN_STATUSES,
                            ).order_by("pk")
                        )
                        if playable:
                            match = playable[a % len(playable)]
                            won = (match.length, 0) if b % 2 else (0, match.length)
                            match_record_final_score(
                                match=match, score_a=won[0], score_b=won[1], user=organizer
                            )
                    elif action in ("out", "in") and all_tables:
                        table = all_tables[a % len(all_tables)]
                        services.table_update(
                            table=table,
                            number=table.number,
                            name=table.name,
                            has_board=table.has_board,
                            has_clock=table.has_clock,
                            in_service=action == "in",
                        )
                    elif action == "add":
                        services.tables_add(club=club, count=1)
                    elif action == "call":
                        waiting = selectors.waiting_matches(club)
                        if waiting and all_tables:
                            services.call_create(
                                match=waiting[a % len(waiting)],
                                table=all_tables[b % len(all_tables)],
                                user=organizer,
                            )
                    elif action == "move" and open_calls and all_tables:
                        services.call_move(
                            call=open_calls[a % len(open_calls)],
                            table=all_tables[b % len(all_tables)],
                            user=organizer,
                        )
                    elif action == "take_back" and open_calls:
                        services.call_take_back(
                            call=open_calls[a % len(open_calls)], user=organizer
                        )
                    elif action == "check_in":
                        approved = list(
                            side.entries.filter(status=EntryStatus.APPROVED).order_by("pk")
                        )
                        if approved:
                            entry_check_in(entry=approved[a % len(approved)])
                    elif action == "start":
                        side.refresh_from_db()
                        if (
                            side.status == "registration"
                            and side.entries.filter(status=EntryStatus.CHECKED_IN).count() >= 2
                        ):
                            tournament_start(tournament=side)
            except UserError:
                assert snapshot(club) == before, f"a refused {action} saved something"
            check(club)
        transaction.set_rollback(True)
