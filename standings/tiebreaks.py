"""Tie-breaks: their names, and the ones a tournament ranks by (the usual order per format is
the format's: ``tournaments.formats.default_tiebreaks``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.formats import default_tiebreaks
from tournaments.models import Tournament

#: Translated names of the pure tie-break metrics: (label, abbreviation).
METRIC_LABELS = {
    "match_points": (_("Match points"), _("MP")),
    "match_wins": (_("Match wins"), _("W")),
    "points_difference": (_("Points difference"), _("+/−")),
    "buchholz": (_("Buchholz"), _("Bh")),
    "median_buchholz": (_("Median-Buchholz"), _("MBh")),
    "opponents_match_wins": (_("Opponents' match wins"), _("OMW")),
    "head_to_head": (_("Head-to-head"), _("H2H")),
    "lot": (_("Lot"), _("Lot")),
}


def tiebreaks_of(tournament: Tournament) -> list[str]:
    """The tournament's tie-breaks in its order (its format's usual ones if none chosen)."""
    chosen = [key for key in tournament.tiebreaks or [] if key in METRIC_LABELS]
    return chosen or default_tiebreaks(tournament.format)
