"""Ladder pages: the club's ladders, a ladder (phone-first, public as the club), its venue
display and history, its settings, and the buttons that join, leave, remove, challenge,
accept and decline."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import selectors as club_selectors
from clubs.models import Club, Player
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error
from ladders import permissions, selectors, services
from ladders.forms import AddPlayerForm, LadderForm
from ladders.models import Challenge, Ladder


def _ladder(request: HttpRequest, club: str, ladder: str) -> tuple[Club, Ladder]:
    club_obj = get_visible_club(request, club)
    return club_obj, get_object_or_404(
        selectors.ladders_with_tournament(), club=club_obj, slug=ladder
    )


def ladder_list(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    context = {
        "club": club_obj,
        "ladders": selectors.club_ladders(club_obj),
        "can_manage": permissions.can_manage_ladder_club(request.user, club_obj),
    }
    return render(request, "ladders/ladder_list.html", context)


def ladder_create(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_ladder_club(request.user, club_obj):
        return deny(request)
    form = LadderForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            ladder = services.ladder_create(club=club_obj, user=request.user, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            return redirect(ladder)
    return render(request, "ladders/ladder_form.html", {"club": club_obj, "form": form})


def ladder_settings(request: HttpRequest, club: str, ladder: str) -> HttpResponse:
    club_obj, ladder_obj = _ladder(request, club, ladder)
    if not permissions.can_manage_ladder(request.user, ladder_obj):
        return deny(request)
    form = LadderForm(request.POST or None, instance=ladder_obj)
    if request.method == "POST" and form.is_valid():
        try:
            services.ladder_update(ladder=ladder_obj, user=request.user, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("The ladder's settings are saved."))
            return redirect(ladder_obj)
    context = {"club": club_obj, "ladder": ladder_obj, "form": form}
    return render(request, "ladders/ladder_form.html", context)


def _ladder_context(request: HttpRequest, club: Club, ladder: Ladder) -> dict[str, Any]:
    rungs = selectors.ladder_rungs(ladder)
    me = permissions.player_of(request.user)
    my_place = next((r.place for r in rungs if me is not None and r.player.pk == me.pk), None)
    reachable = set()
    if my_place is not None:
        reachable = {r.player.pk for r in rungs if my_place - ladder.reach <= r.place < my_place}
    is_member = me is not None and club_selectors.is_member(ladder.club, me)
    can_manage = permissions.can_manage_ladder(request.user, ladder)
    return {
        "club": club,
        "ladder": ladder,
        "rungs": rungs,
        "me": me,
        "my_place": my_place,
        "reachable": reachable,
        "can_join": is_member and my_place is None,
        "can_manage": can_manage,
        "today": timezone.localdate(),
        "is_referee": request.user.is_authenticated
        and permissions.is_referee(request.user, ladder),
        "challenges": selectors.open_challenges(ladder),
        "add_form": AddPlayerForm(ladder=ladder, on_ladder=[r.player.pk for r in rungs])
        if can_manage
        else None,
    }


def ladder_detail(request: HttpRequest, club: str, ladder: str) -> HttpResponse:
    club_obj, ladder_obj = _ladder(request, club, ladder)
    context = _ladder_context(request, club_obj, ladder_obj)
    return render(request, "ladders/ladder_detail.html", context)


def ladder_display(request: HttpRequest, club: str, ladder: str) -> HttpResponse:
    """For the venue's screen: the ladder and its open challenges, large, polled by HTMX."""
    club_obj, ladder_obj = _ladder(request, club, ladder)
    context = {
        "club": club_obj,
        "ladder": ladder_obj,
        "rungs": selectors.ladder_rungs(ladder_obj),
        "challenges": selectors.open_challenges(ladder_obj),
    }
    if request.headers.get("HX-Request"):
        return render(request, "ladders/_display_body.html", context)
    return render(request, "ladders/display.html", context)


def ladder_history(request: HttpRequest, club: str, ladder: str) -> HttpResponse:
    club_obj, ladder_obj = _ladder(request, club, ladder)
    context = {
        "club": club_obj,
        "ladder": ladder_obj,
        "changes": selectors.ladder_history(ladder_obj),
    }
    return render(request, "ladders/ladder_history.html", context)


def _refused(request: HttpRequest, error: UserError) -> None:
    messages.error(request, " ".join(str(m) for m in error.messages))


@require_POST
def ladder_join(request: HttpRequest, club: str, ladder: str) -> HttpResponse:
    _club, ladder_obj = _ladder(request, club, ladder)
    player: Player | None
    if request.POST.get("player"):
        if not permissions.can_manage_ladder(request.user, ladder_obj):
            return deny(request)
        on_ladder = [p.pk for p in selectors.ladder_players(ladder_obj)]
        form = AddPlayerForm(request.POST, ladder=ladder_obj, on_ladder=on_ladder)
        player = form.cleaned_data["player"] if form.is_valid() else None
    else:
        player = permissions.player_of(request.user)
    if player is None:
        return deny(request)
    try:
        services.ladder_join(ladder=ladder_obj, player=player, user=request.user)
    except UserError as error:
        _refused(request, error)
    return redirect(ladder_obj)


@require_POST
def ladder_leave(request: HttpRequest, club: str, ladder: str) -> HttpResponse:
    _club, ladder_obj = _ladder(request, club, ladder)
    me = permissions.player_of(request.user)
    if me is None:
        return deny(request)
    try:
        services.ladder_leave(ladder=ladder_obj, player=me, user=request.user)
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(request, _("You left the ladder."))
    return redirect(ladder_obj)


@require_POST
def ladder_remove(request: HttpRequest, club: str, ladder: str, player: int) -> HttpResponse:
    _club, ladder_obj = _ladder(request, club, ladder)
    if not permissions.can_manage_ladder(request.user, ladder_obj):
        return deny(request)
    removed = get_object_or_404(Player, pk=player)
    try:
        services.ladder_remove(ladder=ladder_obj, player=removed, user=request.user)
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(
            request, _("%(player)s is no longer on the ladder.") % {"player": removed.name}
        )
    return redirect(ladder_obj)


@require_POST
def challenge_create(request: HttpRequest, club: str, ladder: str, player: int) -> HttpResponse:
    _club, ladder_obj = _ladder(request, club, ladder)
    me = permissions.player_of(request.user)
    if me is None:
        return deny(request)
    defender = get_object_or_404(Player, pk=player)
    try:
        services.challenge_create(
            ladder=ladder_obj, challenger=me, defender=defender, user=request.user
        )
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(request, _("You challenged %(player)s.") % {"player": defender.name})
    return redirect(ladder_obj)


def _challenge(request: HttpRequest, club: str, ladder: str, challenge: int) -> Challenge:
    _club, ladder_obj = _ladder(request, club, ladder)
    return get_object_or_404(
        selectors.challenges_with_players(),
        pk=challenge,
        ladder=ladder_obj,
    )


@require_POST
def challenge_accept(request: HttpRequest, club: str, ladder: str, challenge: int) -> HttpResponse:
    challenge_obj = _challenge(request, club, ladder, challenge)
    if not permissions.can_answer(request.user, challenge_obj):
        return deny(request)
    try:
        services.challenge_accept(challenge=challenge_obj, user=request.user)
    except UserError as error:
        _refused(request, error)
    return redirect(challenge_obj.ladder)


@require_POST
def challenge_decline(request: HttpRequest, club: str, ladder: str, challenge: int) -> HttpResponse:
    challenge_obj = _challenge(request, club, ladder, challenge)
    if not permissions.can_answer(request.user, challenge_obj):
        return deny(request)
    try:
        services.challenge_decline(challenge=challenge_obj, user=request.user)
    except UserError as error:
        _refused(request, error)
    return redirect(challenge_obj.ladder)
