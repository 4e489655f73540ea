"""Uploading a match played elsewhere as a .mat file, and reading the files kept."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs import permissions
from clubs.models import Player
from clubs.selectors import player_of
from clubs.shortcuts import deny
from config.errors import UserError, add_user_error
from matches import selectors
from matches.file_errors import MatchFileError, PlayersUnknownError
from matches.forms import MatchFilePlayersForm, MatchFileUploadForm
from matches.models import Match, MatchFile, MatchStatus
from matches.selectors import match_file_record, match_player_names, matfile_read
from matches.selectors.files import match_file_size_check
from matches.services import import_refusal, match_import_file
from matches.services.imports import FileImport
from matches.shortcuts import get_visible_match
from tournaments import pagecache


def _render(request: HttpRequest, match: Match, template: str, **extra: Any) -> HttpResponse:
    tournament = match.round.stage.tournament
    context = {"match": match, "tournament": tournament, "club": tournament.club, **extra}
    return render(request, template, context)


def _players_step(
    request: HttpRequest, match: Match, *, names: tuple[str, str], initial: dict[str, str]
) -> HttpResponse:
    form = MatchFilePlayersForm(
        initial=initial, file_names=names, match_names=match_player_names(match)
    )
    return _render(request, match, "matches/upload_players.html", form=form, file_names=names)


def _reporter(request: HttpRequest, match: Match) -> Player | None:
    """A player's own file is a report the opponent confirms; a referee's or organizer's is
    final (None)."""
    if permissions.can_referee_match(request.user, match):
        return None
    return player_of(request.user)


def _done(request: HttpRequest, match: Match, imported: FileImport) -> HttpResponse:
    match.refresh_from_db()
    report = selectors.open_report(match)
    if match.status != MatchStatus.FINISHED and report is not None:
        messages.success(
            request,
            _("The match file is sent: %(a)d–%(b)d. It counts once your opponent confirms it.")
            % {"a": report.score_a, "b": report.score_b},
        )
    else:
        messages.success(
            request,
            _("The match file is imported: %(a)d–%(b)d.")
            % {"a": match.score_a, "b": match.score_b},
        )
    for warning in imported.warnings:
        messages.warning(request, warning.message)
    tournament = match.round.stage.tournament
    return redirect("matches:detail", tournament.club.slug, tournament.slug, match.pk)


def upload(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    if not permissions.can_upload_match_file(request.user, match_obj):
        return deny(request)
    refusal = import_refusal(match_obj)
    if refusal is not None:
        return _render(request, match_obj, "matches/upload.html", refusal=refusal.messages[0])
    if request.method == "POST" and "content" in request.POST:
        return _upload_players(request, match_obj)
    form = MatchFileUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["file"].name or ""
        text = form.cleaned_data["text"]
        try:
            imported = match_import_file(
                match=match_obj,
                text=text,
                name=name,
                user=request.user,
                reported_by=_reporter(request, match_obj),
            )
        except PlayersUnknownError as error:
            return _players_step(
                request, match_obj, names=error.names, initial={"content": text, "name": name}
            )
        except UserError as error:
            add_user_error(form, error)
        else:
            return _done(request, match_obj, imported)
    return _render(request, match_obj, "matches/upload.html", form=form)


def _upload_players(request: HttpRequest, match: Match) -> HttpResponse:
    """The second step: the file comes back with the uploader's choice of who is who."""
    text = request.POST.get("content", "")
    try:
        # The size first: reading a megabyte of text took over a second.
        match_file_size_check(len(text))
        names = matfile_read(match=match, text=text).names
    except MatchFileError as error:
        # Back to the first step, with the reason above an empty form.
        return _render(
            request,
            match,
            "matches/upload.html",
            form=MatchFileUploadForm(),
            file_error=error.messages[0],
        )
    form = MatchFilePlayersForm(
        request.POST, file_names=names, match_names=match_player_names(match)
    )
    if form.is_valid():
        try:
            imported = match_import_file(
                match=match,
                text=form.cleaned_data["content"],
                name=form.cleaned_data["name"],
                user=request.user,
                swap=form.cleaned_data["swap"],
                reported_by=_reporter(request, match),
            )
        except UserError as error:
            add_user_error(form, error)
        else:
            return _done(request, match, imported)
    return _render(request, match, "matches/upload_players.html", form=form, file_names=names)


@pagecache.anonymous_cached
def download(
    request: HttpRequest, club: str, tournament: str, match: int, file: int
) -> HttpResponse:
    """A kept match file, as it was uploaded; for whoever may see the match."""
    match_obj = get_visible_match(request, club, tournament, match)
    stored = get_object_or_404(MatchFile, pk=file, match=match_obj)
    if not stored.content:
        raise Http404
    name = stored.name or f"match-{match_obj.pk}.mat"
    response = HttpResponse(stored.content, content_type="text/plain; charset=utf-8")
    safe = "".join(c for c in name if c.isalnum() or c in "._- ") or "match.mat"
    response["Content-Disposition"] = f'attachment; filename="{safe}"'
    return response


@pagecache.anonymous_cached
def record(request: HttpRequest, club: str, tournament: str, match: int, file: int) -> HttpResponse:
    """A kept match file move by move, with gnubg's IDs of every position."""
    match_obj = get_visible_match(request, club, tournament, match)
    stored = get_object_or_404(selectors.match_files(match_obj), pk=file)
    return _render(
        request,
        match_obj,
        "matches/file_record.html",
        file=stored,
        record=match_file_record(stored),
    )
