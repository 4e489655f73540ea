"""A tournament's version rises once per change, in the change's transaction: the blocks of
``tournaments.versions`` raise it on entering, nested blocks of the same call stack raise
nothing again, and nothing a block remembers outlives it."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.models import Q
from django.db.transaction import TransactionManagementError

from matches.versions import match_change
from tests.conftest import open_matches
from tournaments.models import Round, Tournament
from tournaments.versions import (
    round_change,
    stage_change,
    tournament_change,
    tournament_changed,
    tournaments_change,
)

pytestmark = pytest.mark.django_db


def version(tournament: Tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)


@pytest.fixture
def two(make_tournament):
    return make_tournament(4, format="swiss", swiss_rounds=3), make_tournament(2, name="Other")


def test_a_block_raises_the_version_once_on_entering(two):
    tournament, _ = two
    before = version(tournament)
    with tournament_change(tournament.pk) as raised:
        assert raised == tournament.pk
        assert version(tournament) == before + 1
    assert version(tournament) == before + 1


def test_blocks_inside_a_block_raise_nothing_again_for_the_same_tournament(two):
    tournament, other = two
    match = open_matches(tournament)[0]
    round_ = Round.objects.get(pk=match.round_id)
    before, other_before = version(tournament), version(other)

    def inner_service() -> None:  # called by the outer one, its blocks inside the outer's
        with (
            tournament_change(tournament.pk),
            round_change(round_.pk),
            stage_change(round_.stage_id),
            match_change(match),
        ):
            tournament_changed(tournament.pk)

    def service_of_another_tournament() -> None:
        with tournament_change(other.pk), match_change(open_matches(other)[0]):
            pass

    with match_change(match.pk):
        inner_service()
        service_of_another_tournament()  # raised, once
    assert version(tournament) == before + 1
    assert version(other) == other_before + 1


def test_a_match_round_or_stage_finds_its_tournament_in_the_one_update(
    two, django_assert_num_queries
):
    tournament, _ = two
    match = open_matches(tournament)[0]
    before = version(tournament)
    with django_assert_num_queries(1), match_change(match.pk) as raised:
        assert raised == tournament.pk
    with django_assert_num_queries(1), round_change(match.round_id):
        pass
    assert version(tournament) == before + 2


def test_two_blocks_one_after_the_other_are_two_changes(two):
    tournament, _ = two
    before = version(tournament)
    with tournament_change(tournament.pk):
        pass
    with tournament_change(tournament.pk):
        pass
    assert version(tournament) == before + 2


def test_a_failed_block_leaves_nothing_that_would_skip_a_later_raise(two):
    tournament, _ = two
    before = version(tournament)
    with pytest.raises(RuntimeError), transaction.atomic(), tournament_change(tournament.pk):
        raise RuntimeError("refused")
    assert version(tournament) == before  # rolled back with its savepoint
    with tournament_change(tournament.pk):
        pass
    assert version(tournament) == before + 1


@pytest.mark.django_db(transaction=True)
def test_a_block_outside_any_transaction_is_refused(make_tournament):
    """Raised on its own, the version would be committed before the change it announces: a
    visitor in between would cache the old page under the new number."""
    tournament = make_tournament(2, start=False)
    before = version(tournament)
    with pytest.raises(TransactionManagementError), tournament_change(tournament.pk):
        pass
    assert version(tournament) == before


def test_many_tournaments_are_raised_once_each(two, club):
    tournament, other = two
    before = {t.pk: version(t) for t in two}
    with tournament_change(tournament.pk), tournaments_change(Q(club=club)) as raised:
        assert raised == [other.pk]  # the first is raised already
    assert {t.pk: version(t) for t in two} == {pk: v + 1 for pk, v in before.items()}


def test_a_match_that_is_not_there_raises_nothing(two):
    tournament, _ = two
    before = version(tournament)
    with match_change(10**9) as raised:
        assert raised is None
    assert version(tournament) == before
