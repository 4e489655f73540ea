"""Calls in the database: matches called to free tables as soon as they can be played, in
the night's order; a result frees the table and the next call follows; the director's
calls, moves and take-backs, and the refusals that save nothing."""

from __future__ import annotations

import pytest

from config.errors import UserError
from matches.models import Match
from notifications.models import Notification
from tests.conftest import committed, played, tournament_made
from tests.factories import UserFactory
from venue import selectors, services
from venue.models import Call, CallEnd, Table

pytestmark = pytest.mark.django_db


def open_by_table(club):
    return {c.table.number: c.match_id for c in selectors.open_calls(club)}


def first_round(tournament):
    return list(
        Match.objects.filter(round__stage__tournament=tournament, round__number=1)
        .exclude(entry_b__isnull=True)
        .order_by("index")
    )


@pytest.fixture
def night(club, organizer):
    tournament = tournament_made(club, organizer, 8)
    return tournament, first_round(tournament)


def test_tables_added_take_the_waiting_matches_in_order(club, night):
    _tournament, matches = night
    for match in matches:  # players with an account see notices
        for entry in (match.entry_a, match.entry_b):
            entry.player.user = UserFactory(username=f"u{entry.player_id}")
            entry.player.save()
    committed(services.tables_add, club=club, count=3)
    assert open_by_table(club) == {1: matches[0].pk, 2: matches[1].pk, 3: matches[2].pk}
    # Both players are told where to play, at once, by the bell.
    notices = Notification.objects.filter(kind="match_called")
    assert notices.count() == 6
    assert {n.recipient_id for n in notices} == {
        p for m in matches[:3] for p in (m.entry_a.player_id, m.entry_b.player_id)
    }


def test_a_result_frees_the_table_and_the_next_match_is_called_there(club, night):
    _tournament, matches = night
    committed(services.tables_add, club=club, count=3)
    played(matches[1])
    assert open_by_table(club) == {1: matches[0].pk, 2: matches[3].pk, 3: matches[2].pk}
    ended = Call.objects.get(match=matches[1])
    assert ended.end_reason == CallEnd.FINISHED and ended.ended_at is not None


def test_the_winner_keeps_his_table_for_his_next_match(club, night):
    tournament, matches = night
    committed(services.tables_add, club=club, count=4)
    played(matches[0])  # table 1 free: nothing waits (round 2 needs the other semi's winner)
    played(matches[1])  # now the winners of 1 and 2 meet: at table 1, where the first sat
    semi = Match.objects.get(
        round__stage__tournament=tournament, round__number=2, entry_a__isnull=False, index=1
    )
    assert open_by_table(club)[1] == semi.pk


def test_the_main_comes_before_the_consolation_then_the_round_then_the_wait(club, organizer):
    from venue.core.calls import Waiting, allocate

    waiting = [
        Waiting(1, (1, 2), round=1, since=0.0, stage="consolation"),
        Waiting(2, (3, 4), round=2, since=9.0),
        Waiting(3, (5, 6), round=1, since=5.0, stage="last_chance"),
        Waiting(4, (7, 8), round=2, since=1.0),
    ]
    calls = allocate(waiting, free_tables=[10, 11, 12])
    assert [c.match for c in calls] == [4, 2, 1]


def test_a_director_calls_by_hand_and_bad_calls_are_refused_with_nothing_saved(
    club, organizer, night
):
    tournament, matches = night
    services.tournament_venue_update(tournament=tournament, auto_call=False, tables=[])
    committed(services.tables_add, club=club, count=3)
    assert open_by_table(club) == {}  # automatic calls are off
    one, two, three = Table.objects.filter(club=club).order_by("number")
    committed(services.call_create, match=matches[2], table=two, user=organizer)
    assert open_by_table(club) == {2: matches[2].pk}

    with pytest.raises(UserError, match="Table 2 is in use"):
        services.call_create(match=matches[0], table=two, user=organizer)
    with pytest.raises(UserError, match="called to Table 2 already"):
        services.call_create(match=matches[2], table=one, user=organizer)
    services.table_update(
        table=three, number=3, name="", has_board=True, has_clock=False, in_service=False
    )
    with pytest.raises(UserError, match="Table 3 is out of service"):
        services.call_create(match=matches[0], table=three, user=organizer)
    assert Call.objects.count() == 1

    # Moved: the players are told again, the old table is free.
    moved = committed(services.call_move, call=Call.objects.get(), table=one, user=organizer)
    assert open_by_table(club) == {1: matches[2].pk}
    assert Call.objects.get(table=two).end_reason == CallEnd.MOVED
    assert moved.called_by == organizer
    committed(services.call_take_back, call=moved, user=organizer)
    assert open_by_table(club) == {}


def test_a_player_in_two_tournaments_is_never_called_twice(club, organizer):
    # The same four guests play the main event and the side event tonight.
    main = tournament_made(club, organizer, 4, name="Main")
    side = tournament_made(club, organizer, 4, name="Side")
    assert set(main.entries.values_list("player", flat=True)) == set(
        side.entries.values_list("player", flat=True)
    )
    committed(services.tables_add, club=club, count=8)
    called = [p for c in selectors.open_calls(club) for p in (c.player_a_id, c.player_b_id)]
    assert sorted(called) == sorted(set(called)) and len(called) == 4
    assert Call.objects.filter(tournament=main).count() == 2  # the earlier waits first
    assert len(selectors.waiting_matches(club)) == 2


def test_taking_back_a_call_leaves_the_match_to_the_director(club, organizer, night):
    _tournament, matches = night
    committed(services.tables_add, club=club, count=4)
    call = Call.objects.get(match=matches[3])
    committed(services.call_take_back, call=call, user=organizer)
    assert matches[3].pk not in open_by_table(club).values()
    assert [m.pk for m in selectors.waiting_matches(club)] == [matches[3].pk]
    with pytest.raises(UserError, match="has ended meanwhile"):
        services.call_take_back(call=call, user=organizer)


def test_a_player_at_one_table_is_not_called_to_another_by_hand(club, organizer):
    main = tournament_made(club, organizer, 4, name="Main")
    side = tournament_made(club, organizer, 4, name="Side")  # the same four guests
    committed(services.tables_add, club=club, count=3)
    waiting = selectors.waiting_matches(club)
    assert {m.round.stage.tournament for m in waiting} == {side}
    free = Table.objects.get(club=club, number=3)
    busy = waiting[0].entry_a.player.name
    with pytest.raises(UserError, match=f"{busy} is called to another table already"):
        services.call_create(match=waiting[0], table=free, user=organizer)
    finished = played(Call.objects.filter(tournament=main).first().match)
    with pytest.raises(UserError, match="This match cannot be played now"):
        services.call_create(match=finished, table=free, user=organizer)
    assert Call.objects.filter(table=free).count() == 0


def test_the_players_are_told_by_e_mail_when_they_want_it(club, night, mailoutbox):
    _tournament, matches = night
    wants, does_not = matches[0].entry_a.player, matches[0].entry_b.player
    wants.email, does_not.email = "a@example.org", "b@example.org"
    wants.notify, does_not.notify = "mine", "none"
    wants.save()
    does_not.save()
    committed(services.tables_add, club=club, count=1)
    subjects = {m.to[0]: m.subject for m in mailoutbox}
    assert subjects == {"a@example.org": f"Table 1: your match against {does_not.name}"}
