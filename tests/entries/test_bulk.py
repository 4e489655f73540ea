"""Organizers enter many players at once: a plan first (nothing saved), then all or nothing."""

from __future__ import annotations

import pytest

from clubs.models import Membership, Player, Role
from config.errors import UserError
from entries import services
from entries.models import Entry, EntryStatus
from entries.services import bulk
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(club):
    names = ["Anna Berg", "Bernd Cole", "Carla Dietz", "Dora Ebert", "Emil Fuchs"]
    return [
        MembershipFactory(
            club=club,
            player=PlayerFactory(name=name, user__username=name.split()[0].lower()),
            role=Role.PLAYER,
        )
        for name in names
    ]


def kinds(plan):
    return [(line.text, line.kind) for line in plan.lines]


def test_a_pasted_list_is_planned_line_by_line_and_entered_in_one_step(
    open_tournament, members, club
):
    tournament = open_tournament()
    text = "\n".join(
        [
            "Anna Berg",
            "bernd@example.com",  # the factory's e-mail of Bernd Cole
            "  carla dietz  ",
            "Anna Berg",  # twice
            "",
            "Walk In",
            "walk in",  # twice, another spelling
        ]
    )
    plan = services.entries_bulk_plan(tournament=tournament, text=text)
    assert kinds(plan) == [
        ("Anna Berg", bulk.MEMBER),
        ("bernd@example.com", bulk.MEMBER),
        ("carla dietz", bulk.MEMBER),
        ("Anna Berg", bulk.DUPLICATE),
        ("Walk In", bulk.GUEST),
        ("walk in", bulk.DUPLICATE),
    ]
    assert not Entry.objects.filter(tournament=tournament).exists()  # a plan saves nothing

    entries = services.entries_bulk_add(tournament=tournament, text=text, digest=plan.digest())
    assert sorted(e.player.name for e in entries) == [
        "Anna Berg",
        "Bernd Cole",
        "Carla Dietz",
        "Walk In",
    ]
    assert {e.status for e in entries} == {EntryStatus.APPROVED}
    guest = Player.objects.get(name="Walk In")
    assert guest.is_guest and Membership.objects.filter(club=club, player=guest).exists()


def test_an_unknown_email_refuses_the_whole_list(open_tournament, members):
    tournament = open_tournament()
    text = "Anna Berg\nNew Guest\nnobody@example.com"
    with pytest.raises(UserError, match=r"No player has the e-mail “nobody@example\.com”"):
        services.entries_bulk_add(tournament=tournament, text=text)
    assert not Entry.objects.filter(tournament=tournament).exists()
    assert not Player.objects.filter(name="New Guest").exists()  # nothing half-saved


def test_a_plan_that_changed_since_it_was_shown_is_refused(open_tournament, members):
    tournament = open_tournament()
    text = "Anna Berg\nBernd Cole"
    digest = services.entries_bulk_plan(tournament=tournament, text=text).digest()
    services.entry_add(tournament=tournament, player=members[0].player)
    with pytest.raises(UserError, match="check it again"):
        services.entries_bulk_add(tournament=tournament, text=text, digest=digest)
    assert Entry.objects.filter(tournament=tournament).count() == 1


def test_all_members_enters_those_not_in_yet(open_tournament, members, club):
    tournament = open_tournament()
    services.entry_add(tournament=tournament, player=members[0].player)
    services.entries_bulk_add(tournament=tournament, all_members=True)
    # The organizer of the fixture's club is a member too.
    assert (
        Entry.objects.filter(tournament=tournament).count()
        == Membership.objects.filter(club=club).count()
    )


def test_chosen_members_are_entered(open_tournament, members):
    tournament = open_tournament()
    chosen = [members[1].pk, members[3].pk]
    services.entries_bulk_add(tournament=tournament, member_ids=chosen)
    assert sorted(
        Entry.objects.filter(tournament=tournament).values_list("player__name", flat=True)
    ) == [
        "Bernd Cole",
        "Dora Ebert",
    ]
