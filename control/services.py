"""The control room's decisions on a report: taken on the state the director saw. A match
that changed since (another director decided first, a result came in) is refused with
nothing changed, and the director is told (``matches.services.results.check_version``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Player
from config.errors import UserError
from config.logs import logged_service
from matches.models import Match, MatchReport
from matches.services.reports import report_confirm, report_uphold_dispute
from matches.services.results import check_version, match_lock
from matches.versions import match_change

#: What a director may do with a report from the control room.
REPORT_ACTIONS = ("confirm", "uphold")


@logged_service("control_report_decide")
@transaction.atomic
def control_report_decide(
    *,
    match: Match,
    report_id: int,
    action: str,
    by: Player,
    user: Any,
    expected_version: int | None,
) -> Match:
    """Confirm a report (or, of a dispute, the reporter's score), or uphold a dispute (the
    opponent's score), as the match's referee; refused when the match changed since the
    director saw it."""
    if action not in REPORT_ACTIONS:
        raise UserError(_("Choose confirm or uphold."), code="action")
    with match_change(match):
        locked = match_lock(match)
        check_version(locked, expected_version)
        if not MatchReport.objects.filter(pk=report_id, match=locked).exists():
            raise UserError(_("This report is not of this match."), code="not_this_match")
        if action == "confirm":
            return report_confirm(report=report_id, by=by, as_referee=True, user=user)
        return report_uphold_dispute(report=report_id, user=user)
