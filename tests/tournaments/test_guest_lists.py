"""A list of walk-ins entered at once (``entries_add_guests``) does what entering them one by one
(``entry_add_guest``) does, in one transaction: members by their name, new guests for new
names, a withdrawn player back; a name entered already refuses the whole list."""

from __future__ import annotations

import pytest
from django.db import transaction

from clubs.models import Membership
from config.errors import UserError
from entries import services as entry_services
from entries.models import Entry, EntryStatus
from tests.factories import MembershipFactory, PlayerFactory
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(club, organizer):
    """A club with two members, one entered and withdrawn and one entered, and a tournament
    taking entries."""
    for name in ("Anna Berg", "Bernd Cole", "Cid Dietz"):
        MembershipFactory(club=club, player=PlayerFactory(name=name))
    tournament = services.tournament_create(club=club, user=organizer, name="Friday")
    services.tournament_open_registration(tournament=tournament)
    anna = entry_services.entry_add_guest(tournament=tournament, name="Anna Berg")
    entry_services.entry_add_guest(tournament=tournament, name="Cid Dietz")
    Entry.objects.filter(pk=anna.pk).update(status=EntryStatus.WITHDRAWN)
    return tournament


def outcome(tournament: Tournament) -> dict[str, object]:
    """What the organizer sees afterwards: who is entered with which status, the club's
    members, and the versions of the cached pages."""
    tournament.refresh_from_db()
    tournament.club.refresh_from_db()
    return {
        "entries": sorted(
            Entry.objects.filter(tournament=tournament).values_list("player__name", "status")
        ),
        "members": sorted(
            Membership.objects.filter(club=tournament.club).values_list("player__name", flat=True)
        ),
        "versions": (tournament.version, tournament.club.version),
    }


def tried(tournament: Tournament, enter) -> tuple[dict[str, object], list[str], str | None]:
    """What ``enter()`` leaves (then rolled back): the outcome, the names of the players it
    entered in its order, and the code of its refusal."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                entered, refused = enter(), None
        except UserError as error:
            entered, refused = [], error.code
        seen = outcome(tournament), [entry.player.name for entry in entered], refused
        transaction.set_rollback(True)
    return seen


def one_by_one(tournament: Tournament, names: list[str]):
    return tried(
        tournament,
        lambda: [
            entry_services.entry_add_guest(tournament=tournament, name=name) for name in names
        ],
    )


def at_once(tournament: Tournament, names: list[str]):
    return tried(
        tournament, lambda: entry_services.entries_add_guests(tournament=tournament, names=names)
    )


@pytest.mark.parametrize(
    "names",
    [
        ["Emil Fuchs", "ANNA BERG", " Bernd Cole ", "Dora Ebert"],
        ["Emil Fuchs"],
        ["Emil Fuchs", "emil fuchs"],
        ["Dora Ebert", "Cid Dietz"],
        [],
    ],
    ids=["new-member-withdrawn", "one", "twice", "entered-already", "none"],
)
def test_a_list_does_what_entering_its_names_one_by_one_does(tournament, names):
    before = outcome(tournament)
    by_one, by_list = one_by_one(tournament, names), at_once(tournament, names)
    # The same entries and members, the same players entered in the order of the list, or
    # the same refusal.
    assert (by_list[0]["entries"], by_list[0]["members"]) == (
        by_one[0]["entries"],
        by_one[0]["members"],
    )
    assert by_list[1:] == by_one[1:]
    # The tournament's and the club's pages change once for the list, if it entered anybody.
    raised = 1 if by_list[1] else 0
    assert by_list[0]["versions"] == tuple(v + raised for v in before["versions"])
    assert outcome(tournament) == before  # both were rolled back


def test_new_guests_join_the_club_and_come_back_entered(tournament):
    entries = entry_services.entries_add_guests(
        tournament=tournament, names=["Emil Fuchs", "anna berg", "Dora Ebert"]
    )
    assert [(e.player.name, e.status) for e in entries] == [
        ("Emil Fuchs", EntryStatus.APPROVED),
        ("Anna Berg", EntryStatus.APPROVED),
        ("Dora Ebert", EntryStatus.APPROVED),
    ]
    assert all(e.pk for e in entries)
    members = Membership.objects.filter(club=tournament.club, player__name="Emil Fuchs")
    assert members.get().player_id == entries[0].player_id


def test_a_name_entered_already_changes_nothing(tournament):
    before = outcome(tournament)
    with pytest.raises(UserError, match="Cid Dietz is already entered") as refused:
        entry_services.entries_add_guests(tournament=tournament, names=["Emil Fuchs", "Cid Dietz"])
    assert refused.value.code == "already_entered"
    assert outcome(tournament) == before


def test_a_started_tournament_takes_no_list(make_tournament):
    tournament = make_tournament(4)
    before = outcome(tournament)
    with pytest.raises(UserError) as refused:
        entry_services.entries_add_guests(tournament=tournament, names=["Emil Fuchs"])
    assert refused.value.code == "registration_closed"
    assert outcome(tournament) == before
