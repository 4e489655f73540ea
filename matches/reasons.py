"""Why a match changed, as its history stores it: a code for the changes the system makes
(translated when shown, in the reader's language), the referee's own words as typed."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

DRAWN = "match.drawn"
BRACKET_ROUTED = "bracket.routed"
WALKOVER = "bracket.walkover"
WITHDRAWAL = "entry.withdrawal"
REOPENED = "bracket.reopened"
REPORT_CONFIRMED = "report.confirmed"
FILE_IMPORTED = "file.imported"

LABELS = {
    DRAWN: _("Drawn"),
    BRACKET_ROUTED: _("Players set by the bracket"),
    WALKOVER: _("Walkover (a bye or a withdrawal)"),
    WITHDRAWAL: _("Withdrawal"),
    REOPENED: _("Voided and re-opened: a correction of an earlier match changed its players"),
    REPORT_CONFIRMED: _("Reported result confirmed"),
    FILE_IMPORTED: _("Match file imported"),
}


def reason_label(stored: str | None) -> str:
    """The reason to show: a code's translation, or the words a person typed."""
    if not stored:
        return ""
    return str(LABELS.get(stored, stored))
