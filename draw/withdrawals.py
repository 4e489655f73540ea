"""What the draw adds to a withdrawal and a reinstatement while the tournament runs
(``entries.withdrawal_hooks``): the player's open matches are forfeited to his opponents and
the bracket follows; coming back opens the matches his withdrawal forfeited again, refused
once the draw has moved on without him. Each runs in the entry's transaction, rows locked."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from config.errors import UserError
from draw.brackets import bracket_sync
from draw.services.entries import entry_forfeit_open_matches
from entries.models import Entry
from entries.withdrawal_hooks import on_reinstatement, on_withdrawal
from matches import reasons
from matches.models import Match, MatchOutcome, MatchStatus
from matches.services import match_undo_forfeit
from tournaments.formats import is_bracket
from tournaments.models import Round, RoundStatus, Tournament


@on_withdrawal("draw.forfeits")
def forfeit_on_withdrawal(tournament: Tournament, entry: Entry, user: Any) -> None:
    entry_forfeit_open_matches(tournament=tournament, entry=entry, user=user)


@on_reinstatement("draw.forfeits")
def reopen_on_reinstatement(
    tournament: Tournament, entry: Entry, withdrawn_at: datetime, user: Any
) -> None:
    name = entry.player.name
    later_rounds = Round.objects.filter(stage__tournament=tournament, created_at__gt=withdrawn_at)
    if not is_bracket(tournament) and later_rounds.exists():
        raise UserError(
            _("%(name)s can no longer come back: the next round was drawn after the withdrawal.")
            % {"name": name},
            code="next_round_drawn",
        )
    forfeited = _forfeits_by_withdrawal(tournament, entry)
    # Their rounds open again before the matches do: rounds come before matches in the
    # house's lock order.
    Round.objects.filter(
        pk__in={match.round_id for match in forfeited}, status=RoundStatus.FINISHED
    ).update(status=RoundStatus.PAIRED)
    for match in forfeited:
        match_undo_forfeit(match=match, user=user, reason=reasons.REINSTATED)
    if is_bracket(tournament):
        try:
            bracket_sync(tournament, user=user, reason=reasons.REINSTATED)
        except UserError as error:
            raise UserError(
                _(
                    "%(name)s can no longer come back: a match his withdrawal decided has "
                    "already started or been played."
                )
                % {"name": name},
                code="next_round_drawn",
            ) from error


def _forfeits_by_withdrawal(tournament: Tournament, entry: Entry) -> list[Match]:
    """The player's matches that his withdrawal forfeited (and nothing changed since)."""
    candidates = (
        Match.objects.of_tournament(tournament)
        .filter(Q(entry_a=entry) | Q(entry_b=entry))
        .filter(status=MatchStatus.FINISHED, outcome=MatchOutcome.FORFEIT)
        .exclude(winner=entry)
    )
    forfeited = []
    for match in candidates:
        last = match.history.order_by("-history_date", "-history_id").first()
        if last is not None and last.history_change_reason == reasons.WITHDRAWAL:
            forfeited.append(match)
    return forfeited
