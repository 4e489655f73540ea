"""A tournament taken back to its draft, a stage's clock set, a pairing rule removed: what each
service writes, and what it refuses without changing anything."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from config.errors import UserError
from entries import services as entry_services
from entries.models import Entry, PairingRule
from tournaments import services
from tournaments.models import Stage, Tournament, TournamentStatus
from tournaments.services.lifecycle import tournament_back_to_draft

pytestmark = pytest.mark.django_db


def test_a_tournament_open_for_registration_goes_back_to_its_draft(make_tournament):
    tournament = make_tournament(3, start=False)
    before = tournament.version
    tournament_back_to_draft(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.DRAFT
    assert tournament.version > before  # its pages show the draft
    assert Entry.objects.filter(tournament=tournament).count() == 3  # the entries stay
    services.tournament_open_registration(tournament=tournament)  # and it can open again
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.REGISTRATION


@pytest.mark.parametrize("status", [TournamentStatus.DRAFT, TournamentStatus.FINISHED])
def test_only_a_tournament_open_for_registration_goes_back_to_its_draft(make_tournament, status):
    tournament = make_tournament(2, start=False)
    Tournament.objects.filter(pk=tournament.pk).update(status=status)
    tournament.refresh_from_db()
    with pytest.raises(UserError) as error:
        tournament_back_to_draft(tournament=tournament)
    assert error.value.code == "illegal_transition"
    after = Tournament.objects.get(pk=tournament.pk)
    assert (after.status, after.version) == (status, tournament.version)


def test_a_running_tournament_does_not_go_back_to_its_draft(make_tournament):
    tournament = make_tournament(4)
    with pytest.raises(UserError):
        tournament_back_to_draft(tournament=tournament)
    after = Tournament.objects.get(pk=tournament.pk)
    assert (after.status, after.version) == (TournamentStatus.RUNNING, tournament.version)


def test_the_clock_of_a_stage_is_set(make_tournament):
    tournament = make_tournament(2)
    stage = Stage.objects.get(tournament=tournament)
    services.stage_set_clock(stage=stage, clock="per_point", minutes=2, delay=8, bronstein=True)
    stage.refresh_from_db()
    assert (stage.clock, stage.clock_minutes, stage.clock_delay, stage.clock_bronstein) == (
        "per_point",
        2,
        8,
        True,
    )
    assert Tournament.objects.get(pk=tournament.pk).version > tournament.version


@pytest.mark.parametrize(
    ("clock", "minutes", "field"), [("hourglass", 2, "clock"), ("per_point", 0, "__all__")]
)
def test_a_clock_that_cannot_be_is_refused(make_tournament, clock, minutes, field):
    tournament = make_tournament(2)
    stage = Stage.objects.get(tournament=tournament)
    with pytest.raises(ValidationError) as error:
        services.stage_set_clock(stage=stage, clock=clock, minutes=minutes, delay=8)
    assert field in error.value.message_dict
    after = Stage.objects.get(pk=stage.pk)
    assert (after.clock, after.clock_minutes) == (stage.clock, stage.clock_minutes)
    assert Tournament.objects.get(pk=tournament.pk).version == tournament.version


def test_a_pairing_rule_removed_is_gone_and_the_others_stay(make_tournament):
    tournament = make_tournament(4, start=False, format="swiss", swiss_rounds=3)
    one, two, three, four = Entry.objects.filter(tournament=tournament).order_by("seed")
    kept = entry_services.pairing_rule_add(
        tournament=tournament, entry_a=one, entry_b=two, kind="forbidden"
    )
    removed = entry_services.pairing_rule_add(
        tournament=tournament, entry_a=three, entry_b=four, kind="pinned"
    )
    entry_services.pairing_rule_remove(rule=removed)
    assert list(PairingRule.objects.filter(tournament=tournament)) == [kept]
    # once removed, the two may have a rule again
    entry_services.pairing_rule_add(
        tournament=tournament, entry_a=four, entry_b=three, kind="forbidden"
    )
    assert PairingRule.objects.filter(tournament=tournament).count() == 2
