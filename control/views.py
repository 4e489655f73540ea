"""The control room: the club's night on one page for its organizers and referees, polled
(304 while nothing changed), with one-tap actions that go through the services of the apps
that own them (the venue's calls, the late rule, the reports) and come back here."""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.permissions import can_referee_match
from clubs.selectors import player_of
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError
from control import selectors
from control.filters import STATE_LABELS, NightFilter
from control.services import control_report_decide
from control.states import ORDER
from matches import selectors as match_selectors
from matches.models import Match, MatchReport
from matches.services import lateness
from tournaments import pagecache
from venue import permissions as venue_permissions
from venue import selectors as venue_selectors
from venue import services as venue_services
from venue.forms import CallForm
from venue.models import Call

#: The filters a page keeps when an action sends the director back to it.
FILTERS = ("tournament", "state", "table")


def _back(request: HttpRequest, club: Club) -> HttpResponse:
    kept = {
        name: request.POST[f"keep_{name}"] for name in FILTERS if request.POST.get(f"keep_{name}")
    }
    url = reverse("control:room", args=[club.slug])
    return redirect(f"{url}?{urlencode(kept)}" if kept else url)


def _refused(request: HttpRequest, error: UserError) -> None:
    messages.error(request, " ".join(str(m) for m in error.messages))


def _club(request: HttpRequest, club: str) -> Club | None:
    club_obj = get_visible_club(request, club)
    return club_obj if venue_permissions.can_direct(request.user, club_obj) else None


def room(request: HttpRequest, club: str) -> HttpResponse:
    """Every match of the night in its state; the part under ``#control-board`` is polled."""
    club_obj = get_visible_club(request, club)
    viewer = selectors.viewer_of(request.user, club_obj)
    if not viewer.referee:  # the club's organizers and referees, as the venue's page
        return deny(request)
    query = "&".join(f"{n}={request.GET.get(n, '')}" for n in FILTERS)
    digest = hashlib.md5(query.encode(), usedforsecurity=False).hexdigest()[:12]
    version = selectors.night_version(club_obj, extra=digest)
    unchanged = pagecache.not_modified(request, version)
    if unchanged is not None:
        return unchanged
    night = selectors.club_night(club_obj, viewer=viewer)
    filters = NightFilter(request.GET or None, tournaments=night.tournaments, tables=night.tables)
    chosen = filters.chosen()
    counts = night.counts
    context: dict[str, Any] = {
        "club": club_obj,
        "night": night,
        "rows": selectors.filtered(night, **chosen),
        "filters": filters,
        "chosen": chosen,
        "states": [(state, STATE_LABELS[state], counts[state]) for state in ORDER],
        "labels": STATE_LABELS,
        "kept": {name: value for name, value in chosen.items() if value},
        # Built once, not in each match's forms: the room's address and the filters kept.
        "room_url": reverse("control:room", args=[club_obj.slug]),
        "kept_inputs": format_html_join(
            "",
            '<input type="hidden" name="keep_{}" value="{}">',
            ((name, value) for name, value in chosen.items() if value),
        ),
        # The free tables' options, the same in every call's and move's form: built once
        # (a night of 128 players renders them in some fifty forms).
        "free_table_options": format_html_join(
            "", '<option value="{}">{}</option>', ((t.pk, t) for t in night.free_tables)
        ),
    }
    template = "control/_board.html" if pagecache.is_poll(request) else "control/room.html"
    return pagecache.tag_response(request, version, render(request, template, context))


def _match(club: Club, match: int) -> Match:
    return get_object_or_404(
        match_selectors.matches_with_players(),
        pk=match,
        round__stage__tournament__club=club,
    )


@require_POST
def call_create(request: HttpRequest, club: str, match: int) -> HttpResponse:
    club_obj = _club(request, club)
    if club_obj is None:
        return deny(request)
    match_obj = _match(club_obj, match)
    form = CallForm(request.POST, club=club_obj)
    if not form.is_valid():
        messages.error(request, _("Choose a table."))
        return _back(request, club_obj)
    try:
        call = venue_services.call_create(
            match=match_obj, table=form.cleaned_data["table"], user=request.user
        )
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(request, _("Called to %(table)s.") % {"table": call.table.label})
    return _back(request, club_obj)


def _call(club: Club, call: int) -> Call:
    return get_object_or_404(
        venue_selectors.calls_with_match_and_table(),
        pk=call,
        club=club,
    )


@require_POST
def call_move(request: HttpRequest, club: str, call: int) -> HttpResponse:
    club_obj = _club(request, club)
    if club_obj is None:
        return deny(request)
    call_obj = _call(club_obj, call)
    form = CallForm(request.POST, club=club_obj)
    if not form.is_valid():
        messages.error(request, _("Choose a table."))
        return _back(request, club_obj)
    try:
        moved = venue_services.call_move(
            call=call_obj, table=form.cleaned_data["table"], user=request.user
        )
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(request, _("Moved to %(table)s.") % {"table": moved.table.label})
    return _back(request, club_obj)


@require_POST
def call_take_back(request: HttpRequest, club: str, call: int) -> HttpResponse:
    club_obj = _club(request, club)
    if club_obj is None:
        return deny(request)
    try:
        venue_services.call_take_back(call=_call(club_obj, call), user=request.user)
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The call is taken back; the match waits for a director."))
    return _back(request, club_obj)


def _version(request: HttpRequest) -> int | None:
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return None


def _int(value: str | None) -> int | None:
    try:
        return int(value or "")
    except ValueError:
        return None


@require_POST
def late(request: HttpRequest, club: str, match: int) -> HttpResponse:
    """The late rule applied to one player: the penalty shown confirmed, waived, or the
    match forfeited; counted from the match's call to its table."""
    club_obj = _club(request, club)
    if club_obj is None:
        return deny(request)
    match_obj = _match(club_obj, match)
    if not can_referee_match(request.user, match_obj):
        return deny(request)
    late_entry = _int(request.POST.get("late"))
    action = request.POST.get("action", "")
    call = venue_selectors.open_call_of_match(match_obj.pk)
    since = call.called_at if call is not None else lateness.late_since(match_obj)
    if late_entry is None or since is None:
        messages.error(request, _("Choose the late player."))
        return _back(request, club_obj)
    common: dict[str, Any] = {
        "match": match_obj,
        "late": late_entry,
        "since": since,
        "user": request.user,
        "expected_version": _version(request),
    }
    try:
        if action == "confirm":
            done = lateness.late_penalty_confirm(points=_int(request.POST.get("points")), **common)
            messages.success(
                request,
                _("The penalty is confirmed: the match starts at %(a)d–%(b)d.")
                % {"a": done.score_a, "b": done.score_b},
            )
        elif action == "waive":
            lateness.late_penalty_waive(**common)
            messages.success(request, _("The penalty is waived."))
        elif action == "forfeit":
            lateness.late_forfeit(**common)
            messages.success(request, _("The match is forfeited."))
        else:
            messages.error(request, _("Choose confirm, waive or forfeit."))
    except UserError as error:
        _refused(request, error)
    return _back(request, club_obj)


@require_POST
def report_decide(
    request: HttpRequest, club: str, match: int, report: int, action: str
) -> HttpResponse:
    """A report confirmed, or a dispute decided for one side, as the match's referee."""
    club_obj = _club(request, club)
    if club_obj is None:
        return deny(request)
    match_obj = _match(club_obj, match)
    report_obj = get_object_or_404(MatchReport, pk=report, match=match_obj)
    if not can_referee_match(request.user, match_obj):
        return deny(request)
    me = player_of(request.user)
    if me is None:
        return deny(request)
    try:
        control_report_decide(
            match=match_obj,
            report_id=report_obj.pk,
            action=action,
            by=me,
            user=request.user,
            expected_version=_version(request),
        )
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The result is confirmed."))
    return _back(request, club_obj)
