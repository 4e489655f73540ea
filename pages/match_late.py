"""The late player's page, for the match's referees and organizers: the penalty the
tournament's late rule proposes, confirmed, changed, waived or, past the forfeit time, the
match forfeited. The services are ``matches.services.lateness``'s."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import permissions
from clubs.shortcuts import deny
from config.errors import UserError, add_user_error
from matches.late_form import LateForm
from matches.models import Match
from matches.selectors import has_games
from matches.services import lateness
from matches.shortcuts import get_visible_match
from pages.match_panel import after_write
from tournaments.models import MatchFormat

#: The refusals that mean someone else decided first: the page shows the new state.
_OVERTAKEN = ("stale", "late_decided", "match_over", "late_started")


def _act(request: HttpRequest, match: Match, action: str, data: dict[str, Any]) -> str:
    """Run the director's decision; what to tell him once it is done."""
    common = {
        "match": match,
        "late": data["late"],
        "since": data["since"],
        "user": request.user,
        "expected_version": data.get("version"),
    }
    if action == "confirm":
        lateness.late_penalty_confirm(points=data.get("points"), **common)
        return _("The penalty is confirmed: the match starts at %(a)d–%(b)d.")
    if action == "waive":
        lateness.late_penalty_waive(**common)
        return _("The penalty is waived.")
    if action == "forfeit":
        lateness.late_forfeit(**common)
        return _("The match is forfeited.")
    raise UserError(_("Choose confirm, waive or forfeit."), code="action")


@login_required
def late(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    if not permissions.can_referee_match(request.user, match_obj):
        return deny(request)
    tournament_obj = match_obj.round.stage.tournament
    since = lateness.late_since(match_obj)
    initial = {
        "since": timezone.localtime(since) if since else None,
        "version": match_obj.version,
        "late": match_obj.entry_a_id,
    }
    posted = request.method == "POST"
    data = request.POST if posted else (request.GET if "late" in request.GET else None)
    form = LateForm(data, match=match_obj, initial=initial)
    proposal = None
    if form.is_bound and form.is_valid() and tournament_obj.late is not None:
        try:
            proposal = lateness.late_penalty_proposed(
                match=match_obj, late=form.cleaned_data["late"], since=form.cleaned_data["since"]
            )
        except UserError as error:
            add_user_error(form, error)
        if posted and proposal is not None:
            try:
                success = _act(
                    request, match_obj, request.POST.get("action", ""), form.cleaned_data
                )
            except UserError as error:
                if error.code not in _OVERTAKEN:
                    add_user_error(form, error)
                else:
                    messages.warning(request, " ".join(error.messages))
                    match_obj.refresh_from_db()
                    proposal = lateness.late_penalty_proposed(
                        match=match_obj, late=proposal.entry_id, since=proposal.since
                    )
            else:
                match_obj.refresh_from_db()
                messages.success(
                    request, success % {"a": match_obj.score_a, "b": match_obj.score_b}
                )
                return after_write(request, match_obj)
    if proposal is not None and not (posted and "points" in form.errors):
        form = LateForm(
            {
                "late": proposal.entry_id,
                "since": timezone.localtime(proposal.since).strftime("%Y-%m-%dT%H:%M"),
                "points": proposal.points or "",
                "version": match_obj.version,
            },
            match=match_obj,
        )
        form.is_valid()
    form.fields["points"].label = (
        _("Penalty (games)") if proposal and proposal.is_best_of else _("Penalty (points)")
    )
    return render(
        request,
        "matches/late.html",
        {
            "match": match_obj,
            "tournament": tournament_obj,
            "club": tournament_obj.club,
            "rule": tournament_obj.late,
            "rule_penalty": lateness.unit_text(
                tournament_obj.late_penalty_points,
                is_best_of=match_obj.match_format == MatchFormat.GAMES,
            ),
            "form": form,
            "proposal": proposal,
            "open": match_obj.status in ("ready", "playing") and not has_games(match_obj),
        },
    )
