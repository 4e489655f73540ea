"""The clock page of a recorded match and its two JSON endpoints: the state (the record
replayed, both clocks) and posting one action."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs import permissions
from config import null_characters
from config.errors import UserError, add_user_error
from matches.models import OPEN_STATUSES, Match
from matches.selectors import matches_with_players
from tournaments.selectors import rounds_with_club

from .access import can_record
from .forms import RecordedMatchForm, round_form
from .messages import refusal
from .models import RecordedMatch
from .pack import submission_pack
from .replay import KINDS, ClockAction
from .selectors import (
    clock_report,
    clock_state,
    recorded_transcript,
    recording_of,
    recordings_with_recorder,
)
from .services import (
    recorded_action_post,
    recorded_match_mark,
    recorded_match_open,
    recorded_matches_mark,
)
from .texts import clock_texts


def _match(club: str, tournament: str, match: int) -> Match:
    return get_object_or_404(
        matches_with_players(),
        pk=match,
        round__stage__tournament__slug=tournament,
        round__stage__tournament__club__slug=club,
    )


def _recorded(request: HttpRequest, match_obj: Match) -> RecordedMatch:
    recorded = recording_of(match_obj)
    if recorded is None:
        probe = RecordedMatch(match=match_obj)
        if not can_record(request.user, probe):
            raise Http404
        try:
            recorded = recorded_match_open(match=match_obj)
        except UserError:
            raise Http404 from None
    recorded.match = match_obj
    if not can_record(request.user, recorded):
        raise Http404
    return recorded


def _state(match_obj: Match, shown: dict[str, Any]) -> dict[str, Any]:
    """What the clock draws (``clock_state``), with the players' report of their record when
    it waits."""
    return {**shown, "report": clock_report(match_obj)}


def _names(match_obj: Match) -> list[str]:
    return [
        entry.player.name if entry is not None else "?"
        for entry in (match_obj.entry_a, match_obj.entry_b)
    ]


@require_GET
def clock(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match_obj = _match(club, tournament, match)
    recorded = _recorded(request, match_obj)
    tournament_obj = match_obj.round.stage.tournament
    context = {
        "match": match_obj,
        "recorded": recorded,
        "tournament": tournament_obj,
        "club": tournament_obj.club,
        "names": _names(match_obj),
        "clock_config": {
            "match": match_obj.pk,
            "names": _names(match_obj),
            "length": match_obj.length,
            "texts": clock_texts(),
        },
    }
    return render(request, "recording/clock.html", context)


@require_GET
def state(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    if not request.user.is_authenticated:
        raise Http404
    match_obj = _match(club, tournament, match)
    recorded = _recorded(request, match_obj)
    return JsonResponse(_state(match_obj, clock_state(recorded_transcript(recorded))))


def _clock_action(data: Any) -> tuple[ClockAction, int]:
    """The action a clock posted; ``UserError`` for a body that is not one."""
    try:
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError
        dice = data.get("dice")
        side = data.get("side")
        entry = ClockAction(
            id=str(data["id"])[:64],
            kind=str(data["kind"]),
            side=None if side is None else int(side),
            dice=(int(dice[0]), int(dice[1])) if dice else None,
            play=str(data.get("play") or "")[:64],
            resign=str(data.get("resign") or "")[:16],
            at=int(data["at"]),
        )
        after = int(data["after"])
    except (KeyError, TypeError, ValueError, IndexError):
        raise refusal("invalid") from None
    if not entry.id or after < 0:
        raise refusal("invalid")
    if null_characters.holds_nul((entry.id, entry.play, entry.resign)):
        # PostgreSQL holds no NUL in text; a JSON body can spell one ("\u0000").
        raise refusal("invalid")
    return entry, after


@require_POST
def action(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    if not request.user.is_authenticated:
        raise Http404
    match_obj = _match(club, tournament, match)
    recorded = _recorded(request, match_obj)
    try:
        entry, after = _clock_action(json.loads(request.body or b"null"))
        status, shown = recorded_action_post(
            match=match_obj.pk, entry=entry, after=after, user=request.user
        )
    except (json.JSONDecodeError, RecursionError):
        error = refusal("invalid")
    except UserError as refused:
        error = refused
    else:
        return JsonResponse({"status": status, "state": _state(match_obj, shown)})
    current = _state(match_obj, clock_state(recorded_transcript(recorded)))
    return JsonResponse(
        {"status": "refused", "code": error.code, "error": error.messages[0], "state": current},
        status=409,
    )


def mark(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    """The organizer designates the match as recorded: its recorder and clock settings."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match_obj = _match(club, tournament, match)
    tournament_obj = match_obj.round.stage.tournament
    if not permissions.can_manage_tournament(request.user, tournament_obj):
        raise Http404
    recorded = recording_of(match_obj)
    initial = (
        {
            "recorder": recorded.recorder_id,
            "minutes_per_point": recorded.minutes_per_point,
            "delay_seconds": recorded.delay_seconds,
        }
        if recorded is not None
        else None
    )
    form = RecordedMatchForm(request.POST or None, club=tournament_obj.club, initial=initial)
    if request.method == "POST" and form.is_valid():
        if match_obj.status not in OPEN_STATUSES or match_obj.is_online:
            add_user_error(form, refusal("closed"))
        else:
            try:
                recorded_match_mark(match=match_obj.pk, **form.cleaned_data)
            except UserError as error:
                add_user_error(form, error)
            else:
                messages.success(request, _("The match is recorded on a clock."))
                return redirect("matches:detail", club, tournament, match)
    context = {
        "match": match_obj,
        "tournament": tournament_obj,
        "club": tournament_obj.club,
        "names": _names(match_obj),
        "form": form,
        "recorded": recorded,
    }
    return render(request, "recording/mark.html", context)


@require_GET
def pack(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    """The submission pack of a recorded match: its organizers, referees and recorder."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match_obj = _match(club, tournament, match)
    recorded = get_object_or_404(recordings_with_recorder(), match=match_obj)
    recorded.match = match_obj
    tournament_obj = match_obj.round.stage.tournament
    if not (
        permissions.can_referee_tournament(request.user, tournament_obj)
        or recorded.recorder_id == request.user.pk
    ):
        raise Http404
    response = HttpResponse(submission_pack(recorded), content_type="application/zip")
    filename = f"crawford-{tournament}-match-{match_obj.pk}-submission.zip"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_POST
def designate_round(request: HttpRequest, club: str, tournament: str, round: int) -> HttpResponse:
    """The organizer ticks the round's matches to record, when drawing."""
    round_ = get_object_or_404(
        rounds_with_club(),
        pk=round,
        stage__tournament__slug=tournament,
        stage__tournament__club__slug=club,
    )
    tournament_obj = round_.stage.tournament
    if not permissions.can_manage_tournament(request.user, tournament_obj):
        raise Http404
    form = round_form(round_.pk, request.POST)
    back = request.POST.get("next") or tournament_obj.get_absolute_url()
    if not back.startswith("/") or back.startswith("//"):
        back = tournament_obj.get_absolute_url()
    if form.is_valid():
        count = recorded_matches_mark(
            matches=[int(pk) for pk in form.cleaned_data["recorded"]],
            minutes_per_point=form.cleaned_data["minutes_per_point"],
            delay_seconds=form.cleaned_data["delay_seconds"],
        )
        messages.success(request, _("Matches recorded on a clock: %(count)s.") % {"count": count})
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect(back)
