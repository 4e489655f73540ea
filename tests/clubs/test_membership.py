"""Players ask to join a club and organizers answer; organizers invite by e-mail instead of
adding someone unasked."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import formats, timezone

from clubs import services
from clubs.models import JoinRequestStatus, Membership, Role
from config.errors import UserError
from notifications import kinds
from notifications.models import Notification
from tests.factories import PASSWORD, PlayerFactory

pytestmark = pytest.mark.django_db


def test_a_join_request_approved_makes_a_member_and_tells_both_sides(
    client, club, organizer, locmem_mail, django_capture_on_commit_callbacks
):
    player = PlayerFactory(name="Nora Neu", user__username="nora", user__email="nora@example.com")
    client.login(username="nora", password=PASSWORD)
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Ask to join" in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("membership:join", args=[club.slug]), {"message": "Hi!"})
    assert Notification.objects.filter(recipient__user=organizer, kind=kinds.JOIN_REQUESTED)
    assert not Membership.objects.filter(club=club, player=player).exists()

    client.force_login(organizer)
    requests_page = client.get(reverse("membership:requests", args=[club.slug])).content
    assert b"Nora Neu" in requests_page and b"Hi!" in requests_page
    request = player.join_requests.get()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("membership:decide", args=[club.slug, request.pk, "approve"]))
    assert Membership.objects.get(club=club, player=player).role == Role.PLAYER
    told = Notification.objects.get(recipient=player, kind=kinds.JOIN_DECIDED)
    assert "you are a member" in told.subject
    assert locmem_mail[-1].to == ["nora@example.com"]


def test_asking_twice_or_as_a_member_is_refused(club, organizer):
    player = PlayerFactory()
    services.join_request_create(club=club, player=player)
    with pytest.raises(UserError, match="asked to join already"):
        services.join_request_create(club=club, player=player)
    with pytest.raises(UserError, match="is a member of Bar Club already"):
        services.join_request_create(club=club, player=organizer.player)


def test_a_declined_request_makes_no_member(club, organizer):
    player = PlayerFactory()
    request = services.join_request_create(club=club, player=player)
    services.join_request_decide(join_request=request, approve=False, user=organizer)
    request.refresh_from_db()
    assert request.status == JoinRequestStatus.DECLINED
    assert not Membership.objects.filter(club=club, player=player).exists()
    with pytest.raises(UserError, match="answered already"):
        services.join_request_decide(join_request=request, approve=True, user=organizer)


def test_an_invitation_by_e_mail_makes_a_member_only_when_accepted(
    client, club, organizer, locmem_mail, django_capture_on_commit_callbacks
):
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("membership:requests", args=[club.slug]),
            {"email": "otto@example.com", "role": Role.REFEREE},
        )
    assert locmem_mail[-1].to == ["otto@example.com"]
    link = next(line for line in locmem_mail[-1].body.splitlines() if "/invitations/" in line)
    path = link.split("crawford.example", 1)[1].strip()
    otto = PlayerFactory(name="Otto", user__username="otto", user__email="otto@example.com")
    assert not Membership.objects.filter(club=club, player=otto).exists()
    client.login(username="otto", password=PASSWORD)
    client.post(path)
    assert Membership.objects.get(club=club, player=otto).role == Role.REFEREE
    response = client.post(path, follow=True)
    assert "This invitation has been used already." in response.content.decode()


def test_an_account_invited_finds_the_invitation_in_the_app(
    client, club, organizer, locmem_mail, django_capture_on_commit_callbacks
):
    wim = PlayerFactory(name="Wim", user__username="wim", user__email="wim@example.com")
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("clubs:member_add", args=[club.slug]),
            {"add_member": "1", "user": "wim", "role": Role.PLAYER},
        )
    notice = Notification.objects.get(recipient=wim, kind=kinds.CLUB_INVITATION)
    assert "An invitation to Bar Club" in notice.subject
    assert [m.to for m in locmem_mail] == [["wim@example.com"]]  # once, not twice
    client.force_login(wim.user)
    client.post(notice.url)
    assert Membership.objects.filter(club=club, player=wim).exists()


def test_an_invitation_runs_out_after_two_weeks_and_makes_no_member(
    client, club, organizer, locmem_mail, monkeypatch, django_capture_on_commit_callbacks
):
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("membership:requests", args=[club.slug]),
            {"email": "ida@example.com", "role": Role.ORGANIZER},
        )
    body = locmem_mail[-1].body
    sent = timezone.now()
    until = formats.date_format(timezone.localtime(sent + timedelta(days=14)), "DATE_FORMAT")
    assert f"The invitation is valid until {until}." in " ".join(body.split())
    path = next(line for line in body.splitlines() if "/invitations/" in line)
    path = path.split("crawford.example", 1)[1].strip()
    ida = PlayerFactory(name="Ida", user__username="ida", user__email="ida@example.com")

    monkeypatch.setattr("django.utils.timezone.now", lambda: sent + timedelta(days=14, minutes=1))
    client.login(username="ida", password=PASSWORD)
    page = client.get(path).content.decode()
    assert "This invitation ran out on" in page and "Accept and join" not in page
    response = client.post(path, follow=True)
    assert "This invitation ran out on" in response.content.decode()
    assert not Membership.objects.filter(club=club, player=ida).exists()
    client.force_login(organizer)
    listed = client.get(reverse("membership:requests", args=[club.slug])).content.decode()
    assert "ran out, not accepted" in listed
