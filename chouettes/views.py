"""Chouette pages: the club's sessions (a new one is ``pages.chouette_new``, which formats
its stakes as the club's money does), a session's sheet (phone-first for the score keeper,
read-only for everybody else), a game's correction (shown as the sheet will be, then
confirmed), a session's removal and the export."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from chouettes import permissions, selectors, services
from chouettes.forms import JoinForm, SheetForm
from chouettes.models import ChouetteSession
from chouettes.tables import EXPORT_FORMATS, games_table
from clubs.models import Club, Player
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error
from config.exports import export_response


def _session(request: HttpRequest, club: str, session: int) -> tuple[Club, ChouetteSession]:
    club_obj = get_visible_club(request, club)
    return club_obj, get_object_or_404(ChouetteSession, pk=session, club=club_obj)


def session_list(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    context = {
        "club": club_obj,
        "sessions": selectors.club_sessions(club_obj),
        "can_start": permissions.can_start_session(request.user, club_obj),
    }
    return render(request, "chouettes/session_list.html", context)


def _detail_context(request: HttpRequest, club: Club, session: ChouetteSession) -> dict:
    view = selectors.session_view(session)
    keeper = permissions.can_keep_score(request.user, session) and session.is_open
    # A closed session has no next game to seat.
    seats = view.seats if session.is_open else None
    context = {
        "club": club,
        "session": session,
        "view": view,
        "seats": seats,
        "keeper": keeper,
        "export_formats": EXPORT_FORMATS,
        "can_remove": permissions.can_remove_session(
            request.user, session, games=len(view.state.games)
        ),
    }
    if keeper and seats is not None:
        context["sheet_form"] = SheetForm(session=session, seats=seats, names=view.names)
    if keeper:
        context["join_form"] = JoinForm(club=club, present=view.present)
    return context


#: The parts of the sheet that the players' phones poll (HTMX) while the keeper enters games.
LIVE_PARTS = ("seats", "scores")


def session_detail(request: HttpRequest, club: str, session: int) -> HttpResponse:
    club_obj, session_obj = _session(request, club, session)
    context = _detail_context(request, club_obj, session_obj)
    part = request.GET.get("part", "")
    if request.headers.get("HX-Request") and part in LIVE_PARTS:
        return render(request, f"chouettes/_{part}.html", context)
    return render(request, "chouettes/session_detail.html", context)


@require_POST
def game_record(request: HttpRequest, club: str, session: int) -> HttpResponse:
    club_obj, session_obj = _session(request, club, session)
    if not permissions.can_keep_score(request.user, session_obj):
        return deny(request)
    context = _detail_context(request, club_obj, session_obj)
    seats = context["seats"]
    if seats is None or not session_obj.is_open:
        messages.error(request, _("The session is closed: nothing can be entered any more."))
        return redirect(session_obj)
    form = SheetForm(request.POST, session=session_obj, seats=seats, names=context["view"].names)
    if form.is_valid():
        try:
            services.chouette_game_record(
                session=session_obj, user=request.user, sheet=form.sheet()
            )
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("Game saved."))
            return redirect(session_obj)
    context["sheet_form"] = form
    return render(request, "chouettes/session_detail.html", context, status=400)


@require_POST
def player_join(request: HttpRequest, club: str, session: int) -> HttpResponse:
    club_obj, session_obj = _session(request, club, session)
    if not permissions.can_keep_score(request.user, session_obj):
        return deny(request)
    view = selectors.session_view(session_obj)
    form = JoinForm(request.POST, club=club_obj, present=view.present)
    if form.is_valid():
        try:
            services.chouette_join(
                session=session_obj, user=request.user, player=form.cleaned_data["player"]
            )
        except UserError as error:
            messages.error(request, " ".join(error.messages))
    else:
        messages.error(request, _("Choose a club member who is not at the table."))
    return redirect(session_obj)


@require_POST
def player_leave(request: HttpRequest, club: str, session: int, player: int) -> HttpResponse:
    _club, session_obj = _session(request, club, session)
    if not permissions.can_keep_score(request.user, session_obj):
        return deny(request)
    player_obj = get_object_or_404(Player, pk=player)
    try:
        services.chouette_leave(session=session_obj, user=request.user, player=player_obj)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    return redirect(session_obj)


@require_POST
def session_close(request: HttpRequest, club: str, session: int) -> HttpResponse:
    _club, session_obj = _session(request, club, session)
    if not permissions.can_keep_score(request.user, session_obj):
        return deny(request)
    try:
        services.chouette_close(session=session_obj, user=request.user)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    return redirect(session_obj)


def game_correct(request: HttpRequest, club: str, session: int, game: int) -> HttpResponse:
    """The keeper changes a game's sheet, sees the whole sheet as it will be after the
    correction (every later game re-seated), then confirms it: ``step`` is ``preview`` (the
    form's button), ``edit`` (back to the form) or ``confirm``."""
    club_obj, session_obj = _session(request, club, session)
    if not permissions.can_keep_score(request.user, session_obj):
        return deny(request)
    view = selectors.session_view(session_obj)
    outcome = next((g for g in view.state.games if g.number == game), None)
    if outcome is None:
        raise Http404
    form = SheetForm(
        request.POST or None,
        initial=SheetForm.initial_from(outcome.sheet),
        session=session_obj,
        seats=outcome.seats,
        names=view.names,
        correction=True,
    )
    step = request.POST.get("step", "preview")
    preview = None
    if request.method == "POST" and step != "edit" and form.is_valid():
        try:
            if step == "confirm":
                services.chouette_game_correct(
                    session=session_obj,
                    user=request.user,
                    game_number=game,
                    sheet=form.sheet(),
                    reason=form.cleaned_data.get("reason", ""),
                    games_seen=form.cleaned_data.get("games_seen"),
                )
            else:
                preview = selectors.correction_preview(view, game, form.sheet())
        except UserError as error:
            add_user_error(form, error)
        else:
            if preview is None:
                messages.success(request, _("Game %(game)s corrected.") % {"game": game})
                return redirect(session_obj)
    context = {
        "club": club_obj,
        "session": session_obj,
        "view": view,
        "outcome": outcome,
        "form": form,
        "preview": preview,
    }
    status = 400 if request.method == "POST" and form.errors else 200
    return render(request, "chouettes/game_correct.html", context, status=status)


def session_remove(request: HttpRequest, club: str, session: int) -> HttpResponse:
    """What removing the session loses (its games, scores and settlement), then, posted,
    the removal."""
    club_obj, session_obj = _session(request, club, session)
    view = selectors.session_view(session_obj)
    games = len(view.state.games)
    if not permissions.can_remove_session(request.user, session_obj, games=games):
        return deny(request)
    if request.method == "POST":
        try:
            seen = int(request.POST.get("games_seen", ""))
        except ValueError:
            seen = -1
        try:
            services.chouette_remove(session=session_obj, user=request.user, games_seen=seen)
        except UserError as error:
            messages.error(request, " ".join(error.messages))
            return redirect("chouettes:remove", club=club_obj.slug, session=session_obj.pk)
        messages.success(
            request, _("The session “%(name)s” was removed.") % {"name": session_obj.name}
        )
        return redirect("chouettes:list", club=club_obj.slug)
    context = {"club": club_obj, "session": session_obj, "view": view, "games": games}
    return render(request, "chouettes/session_remove.html", context)


def session_export(request: HttpRequest, club: str, session: int) -> HttpResponse:
    _club, session_obj = _session(request, club, session)
    view = selectors.session_view(session_obj)
    table = games_table(view)
    export = export_response(
        request.GET.get("_export", "csv"),
        table,
        filename=f"chouette-{session_obj.pk}",
        title=session_obj.name,
    )
    if export is None:  # pragma: no cover - export_response answers every format it knows
        raise Http404
    return export
