"""The clock page of a recorded match and its two JSON endpoints: the state (the record
replayed, both clocks) and posting one action."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_POST

from config.errors import UserError
from matches.models import Match

from .access import can_record
from .messages import refusal
from .models import RecordedMatch
from .replay import KINDS, Entry
from .selectors import clock_state, recorded_ledger
from .services import recorded_action_post, recorded_match_open
from .texts import clock_texts


def _match(club: str, tournament: str, match: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related(
            "round__stage__tournament__club", "entry_a__player", "entry_b__player"
        ),
        pk=match,
        round__stage__tournament__slug=tournament,
        round__stage__tournament__club__slug=club,
    )


def _recorded(request: HttpRequest, match_obj: Match) -> RecordedMatch:
    recorded = RecordedMatch.objects.filter(match=match_obj).first()
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
    return JsonResponse(clock_state(recorded_ledger(recorded)))


def _entry(data: Any) -> tuple[Entry, int]:
    """The action a clock posted; ``UserError`` for a body that is not one."""
    try:
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError
        dice = data.get("dice")
        side = data.get("side")
        entry = Entry(
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
    return entry, after


@require_POST
def action(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    if not request.user.is_authenticated:
        raise Http404
    match_obj = _match(club, tournament, match)
    recorded = _recorded(request, match_obj)
    try:
        entry, after = _entry(json.loads(request.body or b"null"))
        status, ledger = recorded_action_post(
            match=match_obj.pk, entry=entry, after=after, user=request.user
        )
    except json.JSONDecodeError:
        error = refusal("invalid")
    except UserError as refused:
        error = refused
    else:
        return JsonResponse({"status": status, "state": clock_state(ledger)})
    current = clock_state(recorded_ledger(recorded))
    return JsonResponse(
        {"status": "refused", "code": error.code, "error": error.messages[0], "state": current},
        status=409,
    )
