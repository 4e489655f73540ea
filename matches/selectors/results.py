"""The pairings and results of a tournament, or of one of its rounds, as the rows of a table
and of its exports (CSV, Excel): two queries, whatever the tournament's size."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _

from matches.models import Match, MatchOutcome, MatchStatus
from tournaments import presentation
from tournaments.models import Round, Tournament

_FIELDS = (
    "round_id",
    "index",
    "table",
    "status",
    "outcome",
    "score_a",
    "score_b",
    "entry_a_id",
    "entry_b_id",
    "winner_id",
    "entry_a__player__name",
    "entry_b__player__name",
)


def result_rows(tournament: Tournament, round_: Round | None = None) -> list[dict[str, Any]]:
    """Every match with a player, in play order: the round, the table, the two players, their
    scores (numbers; none before the match starts), what became of it and who won. Matches
    of a bracket still waiting for both players, and those that will not be played, are
    left out."""
    rounds = list(
        Round.objects.filter(stage__tournament=tournament).select_related("stage__tournament")
    )
    per_stage = Counter(r.stage_id for r in rounds)
    headings = {
        r.pk: presentation.round_heading(r, rounds_in_stage=per_stage[r.stage_id]) for r in rounds
    }
    matches = Match.objects.filter(round__stage__tournament=tournament)
    if round_ is not None:
        matches = matches.filter(round=round_)
    rows = (
        matches.exclude(status=MatchStatus.VOID)
        .exclude(entry_a__isnull=True, entry_b__isnull=True)
        .order_by("round__stage__order", "round__number", "index")
        .values_list(*_FIELDS)
    )
    statuses = dict(MatchStatus.choices)
    bye, forfeit = _("Bye"), _("Forfeit")
    found = []
    for (
        round_id,
        index,
        table,
        status,
        outcome,
        score_a,
        score_b,
        entry_a,
        entry_b,
        winner,
        a_name,
        b_name,
    ) in rows:
        scored = status == MatchStatus.PLAYING or (
            status == MatchStatus.FINISHED and outcome != MatchOutcome.BYE
        )
        if outcome == MatchOutcome.BYE and status == MatchStatus.FINISHED:
            result = bye
        elif outcome == MatchOutcome.FORFEIT:
            result = forfeit
        else:
            result = str(statuses.get(status, status))
        found.append(
            {
                "round": headings.get(round_id, ""),
                "match": index,
                "table": table,
                "player": a_name or "",
                "player_score": score_a if scored else None,
                "opponent_score": score_b if scored else None,
                "opponent": b_name or (bye if outcome == MatchOutcome.BYE else ""),
                "result": result,
                "winner": (a_name if winner == entry_a else b_name if winner == entry_b else "")
                if winner
                else "",
            }
        )
    return found
