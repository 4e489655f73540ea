from __future__ import annotations

import pytest

from clubs import services
from clubs.models import Membership, Player, Role
from config.errors import UserError
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_creator_of_a_club_becomes_its_organizer():
    user = UserFactory()
    club = services.club_create(user=user, name="Bar Harmonie")
    assert club.slug == "bar-harmonie"
    membership = Membership.objects.get(club=club)
    assert membership.player.user == user
    assert membership.role == Role.ORGANIZER


def test_a_second_club_with_the_same_name_gets_its_own_address():
    user = UserFactory()
    first = services.club_create(user=user, name="Doubles")
    second = services.club_create(user=user, name="Doubles")
    assert first.slug != second.slug


def test_adding_a_member_mails_them_once_the_change_is_committed(
    mailoutbox, django_capture_on_commit_callbacks
):
    club = ClubFactory(name="Hamburg BG")
    user = UserFactory(username="lars", email="lars@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        membership = services.club_add_member(
            club=club, user_identifier="LARS@example.com", role=Role.REFEREE
        )
    assert membership.role == Role.REFEREE
    assert membership.player.user == user
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["lars@example.com"]
    assert "Hamburg BG" in mailoutbox[0].subject
    assert "Referee" in mailoutbox[0].body


def test_the_welcome_mail_comes_in_the_members_language(
    mailoutbox, django_capture_on_commit_callbacks
):
    club = ClubFactory(name="Würfelfreunde")
    user = UserFactory(username="grete")
    Player.objects.filter(pk=services.player_for_user(user=user).pk).update(language="de")
    with django_capture_on_commit_callbacks(execute=True):
        services.club_add_member(club=club, user_identifier="grete", role=Role.PLAYER)
    assert "Mitglied" in mailoutbox[0].subject


def test_adding_an_unknown_account_is_a_user_error_and_changes_nothing():
    club = ClubFactory()
    with pytest.raises(UserError) as excinfo:
        services.club_add_member(club=club, user_identifier="nobody")
    assert excinfo.value.code == "no_such_user"
    assert club.memberships.count() == 0


def test_adding_a_member_twice_is_refused():
    club = ClubFactory()
    UserFactory(username="tom")
    services.club_add_member(club=club, user_identifier="tom")
    with pytest.raises(UserError, match="already a member"):
        services.club_add_member(club=club, user_identifier="tom")


def test_guests_have_no_account_and_unique_names_in_the_club():
    club = ClubFactory()
    membership = services.club_add_guest(club=club, name="Walk-in Willi")
    assert membership.player.is_guest
    assert membership.role == Role.PLAYER
    with pytest.raises(UserError):
        services.club_add_guest(club=club, name="walk-in willi")
    with pytest.raises(UserError, match="only be a player"):
        services.membership_set_role(membership=membership, role=Role.REFEREE)


def test_the_last_organizer_cannot_step_down_or_leave():
    organizer = MembershipFactory(role=Role.ORGANIZER)
    with pytest.raises(UserError) as excinfo:
        services.membership_set_role(membership=organizer, role=Role.PLAYER)
    assert excinfo.value.code == "last_organizer"
    with pytest.raises(UserError):
        services.membership_remove(membership=organizer)
    second = MembershipFactory(club=organizer.club, role=Role.PLAYER)
    services.membership_set_role(membership=second, role=Role.ORGANIZER)
    services.membership_remove(membership=organizer)
    assert list(organizer.club.memberships.all()) == [second]


def test_register_creates_user_and_player():
    user = services.account_register(
        username="maria", email="maria@example.com", password="x-Very-long-1", first_name="Maria"
    )
    assert user.check_password("x-Very-long-1")
    assert user.player.name == "Maria"


def test_player_for_user_is_stable():
    user = UserFactory()
    assert services.player_for_user(user=user) == services.player_for_user(user=user)
    assert Player.objects.filter(user=user).count() == 1
