"""Notification pages: the bell and the list, settings, the calendar feed, and the organizer's
pages (failed e-mails of the club; what to tell guests in person and what is late, per
tournament). Thin: permissions from clubs.permissions, reads and writes in notifications."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs import permissions
from clubs.models import Club, Player
from clubs.selectors import player_of
from clubs.services import player_for_user
from clubs.shortcuts import deny, get_visible_club
from notifications import calendar as notify_calendar
from notifications import selectors, services
from notifications.forms import NotifyForm
from notifications.models import Notification
from tournaments.models import Tournament
from tournaments.selectors import tournaments_with_club


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    player = player_of(request.user)
    context = {
        "player": player,
        "notifications": selectors.notifications_of(player) if player else [],
        "unread": selectors.unread_count(request.user),
        "form": NotifyForm(initial={"notify": player.notify if player else "all"}),
        "calendar_url": (
            request.build_absolute_uri(notify_calendar.calendar_path(player)) if player else ""
        ),
        "organized_clubs": selectors.clubs_organized_by(request.user),
    }
    return render(request, "notifications/list.html", context)


@require_GET
def bell(request: HttpRequest) -> HttpResponse:
    """The bell alone, for HTMX to refresh the unread count. Logged out meanwhile: 286 tells
    HTMX to stop polling (instead of swapping the log-in page into the navigation)."""
    if not request.user.is_authenticated:
        return HttpResponse(status=286)
    return render(
        request, "notifications/_bell.html", {"unread": selectors.unread_count(request.user)}
    )


@login_required
@require_POST
def open_notification(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark one notification read and follow its link."""
    notification = get_object_or_404(
        selectors.notifications_with_recipient(), pk=pk, recipient__user=request.user
    )
    services.notifications_mark_read(player=notification.recipient, notification_ids=[pk])
    target = notification.url
    if request.POST.get("stay") or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect("notifications:list")
    return redirect(target)


@login_required
@require_POST
def read_all(request: HttpRequest) -> HttpResponse:
    player = player_of(request.user)
    if player is not None:
        services.notifications_mark_read(player=player)
    if request.headers.get("HX-Request"):
        return render(request, "notifications/_bell.html", {"unread": 0})
    messages.success(request, _("All notifications are marked read."))
    return redirect("notifications:list")


@login_required
@require_POST
def preferences(request: HttpRequest) -> HttpResponse:
    form = NotifyForm(request.POST)
    if form.is_valid():
        services.player_set_notify(
            player=player_for_user(user=request.user), notify=form.cleaned_data["notify"]
        )
        messages.success(request, _("Your notification settings are saved."))
    else:
        messages.error(request, _("Choose what you want to be told about."))
    return redirect("notifications:list")


@require_GET
def calendar(request: HttpRequest, player: int, token: str) -> HttpResponse:
    """The player's matches as iCalendar; the secret address is the permission."""
    if not notify_calendar.token_valid(player, token):
        raise Http404
    player_obj = get_object_or_404(Player, pk=player)
    response = HttpResponse(
        notify_calendar.calendar_feed(player_obj), content_type="text/calendar; charset=utf-8"
    )
    response["Content-Disposition"] = 'inline; filename="crawford.ics"'
    response["Cache-Control"] = "private, max-age=300"
    return response


# --- Organizers -------------------------------------------------------------------------------


def _managed_club(request: HttpRequest, slug: str) -> Club | None:
    club = get_visible_club(request, slug)
    return club if permissions.can_manage_club(request.user, club) else None


@login_required
def club_failed(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = _managed_club(request, club)
    if club_obj is None:
        return deny(request)
    context = {
        "club": club_obj,
        "failed": selectors.failed_of_club(club_obj)[:200],
        "tournaments": selectors.running_tournaments_of(club_obj),
    }
    return render(request, "notifications/club_failed.html", context)


@login_required
@require_POST
def retry(request: HttpRequest, club: str, pk: int) -> HttpResponse:
    club_obj = _managed_club(request, club)
    if club_obj is None:
        return deny(request)
    notification = get_object_or_404(Notification, pk=pk, club=club_obj)
    if services.notification_retry(notification=notification):
        messages.success(request, _("The e-mail is being sent again."))
    else:
        messages.info(request, _("This e-mail is no longer waiting to be sent again."))
    return redirect("notifications:club_failed", club=club_obj.slug)


def _managed_tournament(request: HttpRequest, club: str, tournament: str) -> Tournament | None:
    obj = get_object_or_404(tournaments_with_club(), club__slug=club, slug=tournament)
    return obj if permissions.can_manage_tournament(request.user, obj) else None


@login_required
def tournament_notices(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    """What the organizer has to do by hand: tell guests without e-mail in person, chase
    late matches."""
    obj = _managed_tournament(request, club, tournament)
    if obj is None:
        return deny(request)
    context = {
        "tournament": obj,
        "club": obj.club,
        "can_manage": True,
        "tell": selectors.tell_in_person(obj)[:300],
        "overdue": selectors.overdue_matches(obj),
    }
    return render(request, "notifications/tournament.html", context)


@login_required
@require_POST
def told(request: HttpRequest, club: str, tournament: str, pk: int) -> HttpResponse:
    obj = _managed_tournament(request, club, tournament)
    if obj is None:
        return deny(request)
    notification = get_object_or_404(Notification, pk=pk, tournament=obj)
    services.notification_mark_told(notification=notification, club=obj.club)
    return redirect("notifications:tournament", club=obj.club.slug, tournament=obj.slug)
