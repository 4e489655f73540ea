"""Invitations to a club through the services: by e-mail, to an account, and accepted. What
each writes (the invitation, the mail, the membership) and what it refuses unchanged."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from clubs import services
from clubs.models import ClubInvitation, JoinRequestStatus, Membership, Role
from config.errors import UserError
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_an_invitation_by_e_mail_is_sent_and_makes_nobody_a_member(
    club, organizer, locmem_mail, commit
):
    invitation = commit(
        services.club_invite,
        club=club,
        email=" otto@example.com ",
        role=Role.REFEREE,
        user=organizer,
    )
    stored = ClubInvitation.objects.get(club=club)
    assert stored == invitation
    assert (stored.email, stored.role, stored.invited_by, stored.accepted_at) == (
        "otto@example.com",
        Role.REFEREE,
        organizer,
        None,
    )
    assert [m.to for m in locmem_mail] == [["otto@example.com"]]
    assert invitation.token in locmem_mail[0].body
    assert Membership.objects.filter(club=club).count() == 1  # the organizer alone


def test_a_member_or_a_bad_address_is_not_invited(club, organizer, locmem_mail, commit):
    MembershipFactory(club=club, player__user__email="mia@example.com")
    with pytest.raises(UserError) as error:
        commit(services.club_invite, club=club, email="MIA@example.com", user=organizer)
    assert error.value.code == "already_member"
    with pytest.raises(ValidationError):
        commit(services.club_invite, club=club, email="not an address", user=organizer)
    with pytest.raises(ValidationError):
        commit(services.club_invite, club=club, email="x@example.com", role="king", user=organizer)
    assert not ClubInvitation.objects.exists()
    assert locmem_mail == []


def test_an_account_is_invited_at_its_own_address(club, organizer, locmem_mail, commit):
    PlayerFactory(name="Wim", user__username="wim", user__email="wim@example.com")
    invitation = commit(
        services.club_invite_account, club=club, user_identifier=" WIM ", user=organizer
    )
    assert (invitation.email, invitation.role) == ("wim@example.com", Role.PLAYER)
    assert [m.to for m in locmem_mail] == [["wim@example.com"]]


def test_an_account_unknown_a_member_or_without_an_address_is_not_invited(
    club, organizer, locmem_mail, commit
):
    PlayerFactory(user__username="nomail", user__email="")
    MembershipFactory(club=club, player__user__username="inside")
    for who, code in [
        ("nobody", "no_such_user"),
        ("inside", "already_member"),
        ("nomail", "no_email"),
    ]:
        with pytest.raises(UserError) as error:
            commit(services.club_invite_account, club=club, user_identifier=who, user=organizer)
        assert error.value.code == code
    assert not ClubInvitation.objects.exists()
    assert locmem_mail == []


@pytest.fixture
def invited(club, organizer):
    return services.club_invite(
        club=club, email="otto@example.com", role=Role.REFEREE, user=organizer
    )


def test_an_invitation_accepted_makes_a_member_in_its_role(club, invited):
    otto = PlayerFactory(name="Otto", user__username="otto", user__email="otto@example.com")
    asked = services.join_request_create(club=club, player=otto)
    membership = services.club_invitation_accept(token=invited.token, user=otto.user)
    assert (membership.club, membership.player, membership.role) == (club, otto, Role.REFEREE)
    invited.refresh_from_db()
    assert (invited.accepted_by, invited.accepted_at is not None) == (otto, True)
    asked.refresh_from_db()
    assert asked.status == JoinRequestStatus.APPROVED  # his own request is answered by it


def test_an_invitation_unknown_used_or_run_out_makes_no_member(club, invited, monkeypatch):
    otto = PlayerFactory(user__username="otto")
    with pytest.raises(UserError) as error:
        services.club_invitation_accept(token="no-such-token", user=otto.user)
    assert error.value.code == "no_invitation"

    later = timezone.now() + timedelta(days=15)
    with monkeypatch.context() as patched:
        patched.setattr("django.utils.timezone.now", lambda: later)
        with pytest.raises(UserError) as error:
            services.club_invitation_accept(token=invited.token, user=otto.user)
    assert error.value.code == "expired"
    assert not Membership.objects.filter(club=club, player=otto).exists()

    services.club_invitation_accept(token=invited.token, user=otto.user)
    ida = PlayerFactory(user__username="ida")
    with pytest.raises(UserError) as error:
        services.club_invitation_accept(token=invited.token, user=ida.user)
    assert error.value.code == "used"
    assert not Membership.objects.filter(club=club, player=ida).exists()
    invited.refresh_from_db()
    assert invited.accepted_by == otto


def test_a_member_accepting_an_invitation_stays_as_he_is(club, invited):
    member = MembershipFactory(club=club, role=Role.PLAYER)
    with pytest.raises(UserError) as error:
        services.club_invitation_accept(token=invited.token, user=member.player.user)
    assert error.value.code == "already_member"
    assert Membership.objects.get(pk=member.pk).role == Role.PLAYER
    invited.refresh_from_db()
    assert invited.accepted_at is None
