"""The board page of an online match, its .mat export and the check of its dice."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs import permissions
from clubs.selectors import player_of
from matches.models import OPEN_STATUSES, Match, MatchStatus
from matches.selectors import next_match_for

from .dice_check import dice_commitment, match_dice_check
from .forms import DiceSeedForm
from .selectors import board_matches, match_mat_text, player_names
from .services import online_game_open
from .texts import board_texts


def _match_for(request: HttpRequest, club: str, tournament: str, match: int) -> Match:
    obj = get_object_or_404(
        board_matches(),
        pk=match,
        is_online=True,
        round__stage__tournament__slug=tournament,
        round__stage__tournament__club__slug=club,
    )
    if not permissions.can_watch_match(request.user, obj):
        if not request.user.is_authenticated:
            raise PermissionDenied  # turned into a log-in redirect by the views below
        raise Http404
    return obj


def board(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    try:
        match_obj = _match_for(request, club, tournament, match)
    except PermissionDenied:
        return redirect_to_login(request.get_full_path())
    tournament_obj = match_obj.round.stage.tournament
    side = permissions.match_side(request.user, match_obj)
    if side is not None and match_obj.status in OPEN_STATUSES:
        # The game starts when a player opens the board (the socket would start it a moment
        # later): the page then shows the dice's commitment with the first roll.
        online_game_open(match=match_obj)
    names = player_names(match_obj)
    context = {
        "dice": dice_commitment(match_obj),
        "match": match_obj,
        "tournament": tournament_obj,
        "club": tournament_obj.club,
        "names": names,
        "side": side,
        # The end of the match offers what comes next; the board's script shows it when the
        # match ends while the page is open.
        "finished": match_obj.status in (MatchStatus.FINISHED, MatchStatus.VOID),
        "board_config": {
            "socket": f"/ws/online/{match_obj.pk}/",
            "you": side,
            "names": list(names),
            "texts": board_texts(),
        },
    }
    return render(request, "play/board.html", context)


def export_mat(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    try:
        match_obj = _match_for(request, club, tournament, match)
    except PermissionDenied:
        return redirect_to_login(request.get_full_path())
    # The file of a match in play would undo the spectators' delay.
    delayed = match_obj.round.stage.tournament.spectator_delay
    if (
        delayed
        and match_obj.status in OPEN_STATUSES
        and not permissions.watches_live(request.user, match_obj)
    ):
        raise Http404
    response = HttpResponse(match_mat_text(match_obj), content_type="text/plain; charset=utf-8")
    filename = f"crawford-{tournament}-match-{match_obj.pk}.mat"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def next_match(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    """From the end of an online match to the player's next match in the tournament (its
    board when it is played online), found when asked: the next round may be drawn only once
    this one is complete. Without one, the tournament's page says so."""
    if not request.user.is_authenticated:  # a spectator may be anyone; "my" match is a player's
        return redirect_to_login(request.get_full_path())
    try:
        match_obj = _match_for(request, club, tournament, match)
    except PermissionDenied:
        return redirect_to_login(request.get_full_path())
    tournament_obj = match_obj.round.stage.tournament
    player = player_of(request.user)
    following = next_match_for(player, tournament=tournament_obj) if player is not None else None
    if following is None:
        messages.info(
            request,
            _(
                "You have no match to play in this tournament now. When the next round is "
                "drawn, your match appears here."
            ),
        )
        return redirect(tournament_obj.get_absolute_url())
    name = "online:board" if following.is_online else "matches:detail"
    return redirect(reverse(name, args=[club, tournament, following.pk]))


def dice_check(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    """The match's commitment; once it is over, its seed and every roll recomputed from it
    (or from a seed given in the form) against the recorded games."""
    try:
        match_obj = _match_for(request, club, tournament, match)
    except PermissionDenied:
        return redirect_to_login(request.get_full_path())
    committed = dice_commitment(match_obj)
    form = DiceSeedForm(request.GET or None)
    check = None
    if committed is not None and committed.revealed:
        if form.is_bound:
            if form.is_valid():
                check = match_dice_check(match_obj, seed=form.cleaned_data["seed"])
        else:
            check = match_dice_check(match_obj)
            form = DiceSeedForm(initial={"seed": committed.seed})
    tournament_obj = match_obj.round.stage.tournament
    context = {
        "match": match_obj,
        "tournament": tournament_obj,
        "club": tournament_obj.club,
        "names": player_names(match_obj),
        "dice": committed,
        "check": check,
        "form": form,
    }
    return render(request, "play/dice.html", context)
