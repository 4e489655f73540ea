from __future__ import annotations

import pytest

from config.errors import UserError
from draw import services as draw_services
from entries import services as entry_services
from entries.models import Entry, EntryStatus
from tests.factories import GuestFactory, MembershipFactory
from tournaments import services
from tournaments.models import Round, TournamentStatus

pytestmark = pytest.mark.django_db


def test_a_tournament_goes_draft_registration_running(club, organizer, commit):
    referee = MembershipFactory(club=club, role="referee").player
    tournament = services.tournament_create(club=club, user=organizer, name="Spring Open")
    assert tournament.status == TournamentStatus.DRAFT
    assert tournament.slug == "spring-open"
    assert list(tournament.referees.all()) == [referee]
    services.tournament_open_registration(tournament=tournament)
    for name in ("Ann", "Bob", "Cid"):
        entry_services.entry_add_guest(tournament=tournament, name=name)
    commit(draw_services.tournament_start, tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    assert sorted(Entry.objects.values_list("seed", flat=True)) == [1, 2, 3]
    assert Round.objects.get(stage__tournament=tournament, number=1, stage__kind="main").status == (
        "paired"
    )


@pytest.mark.parametrize(
    ("action", "status"),
    [
        (draw_services.tournament_start, TournamentStatus.DRAFT),
        (services.tournament_open_registration, TournamentStatus.RUNNING),
        (draw_services.tournament_start, TournamentStatus.FINISHED),
    ],
)
def test_illegal_transitions_are_user_errors(make_tournament, action, status):
    tournament = make_tournament(2, start=False)
    tournament.status = status
    tournament.save()
    with pytest.raises(UserError):
        action(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.status == status


def test_starting_needs_two_players(make_tournament):
    tournament = make_tournament(1, start=False)
    with pytest.raises(UserError, match="At least two players"):
        draw_services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.REGISTRATION


def test_with_check_in_required_only_checked_in_players_are_drawn(make_tournament, commit):
    tournament = make_tournament(4, start=False, require_check_in=True)
    entries = list(tournament.entries.order_by("seed"))
    for entry in entries[:3]:
        entry_services.entry_check_in(entry=entry)
    commit(draw_services.tournament_start, tournament=tournament)
    entries[3].refresh_from_db()
    # Not checked in is its own status: the player never said he would not come.
    assert entries[3].status == EntryStatus.NO_SHOW
    assert entries[3].get_status_display() == "Did not check in"
    assert entries[3].seed is None
    assert tournament.entries.filter(seed__isnull=False).count() == 3


def test_swiss_needs_rounds_and_best_of_needs_odd(club, organizer):
    with pytest.raises(UserError, match="number of rounds"):
        services.tournament_create(club=club, user=organizer, name="S", format="swiss")
    with pytest.raises(UserError, match="odd"):
        services.tournament_create(
            club=club, user=organizer, name="B", match_format="games", default_length=4
        )


def test_format_is_locked_once_running(make_tournament):
    tournament = make_tournament(4)
    with pytest.raises(UserError):
        services.tournament_update(tournament=tournament, default_length=11)
    services.tournament_update(tournament=tournament, venue="Back room")
    tournament.refresh_from_db()
    assert tournament.venue == "Back room" and tournament.default_length == 5


def test_registration_flow(make_tournament):
    tournament = make_tournament(0, start=False)
    player = GuestFactory()
    entry = entry_services.entry_sign_up(tournament=tournament, player=player)
    assert entry.status == EntryStatus.PENDING
    with pytest.raises(UserError, match="already entered"):
        entry_services.entry_sign_up(tournament=tournament, player=player)
    entry_services.entry_approve(entry=entry)
    entry_services.entry_check_in(entry=entry)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CHECKED_IN
    entry_services.entry_withdraw(entry=entry)
    entry = entry_services.entry_sign_up(tournament=tournament, player=player)
    assert entry.status == EntryStatus.PENDING
    assert tournament.entries.count() == 1


def test_manual_seeds_decide_the_first_round(make_tournament, commit):
    tournament = make_tournament(4, start=False)
    entries = list(tournament.entries.order_by("seed"))
    reordered = [entries[3], entries[0], entries[1], entries[2]]
    entry_services.entries_set_seeds(
        tournament=tournament, ordered_entry_ids=[e.pk for e in reordered]
    )
    commit(draw_services.tournament_start, tournament=tournament)
    first = tournament.entries.get(seed=1)
    assert first == entries[3]
