"""Rounds reviewed before publishing (``Tournament.review_rounds``): a drawn Swiss round, or a
round robin's schedule, is kept as a draft on the round (``Round.draft``) that only organizers
see. They swap players in it or pair it again (``round_repair``), then publish it: only then
are its matches created and ``RoundDrawn`` emitted, so players hear of it only then."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from draw.pairings import pairings_of_draft
from draw.selectors import active_entry_ids, not_in_round
from draw.services.rounds import create_pairings
from entries.models import Entry
from events.bus import emit
from events.types import RoundDrawn
from tournaments.formats import Drawing, adapter_of
from tournaments.models import Round, TournamentStatus
from tournaments.services.lifecycle import tournament_lock
from tournaments.versions import round_change

#: The note a table of a draft gets when the organizer swapped a player into it.
SWAPPED = "swapped"


def _draft_rounds(round_: Round) -> list[Round]:
    """The rounds a draft change applies to: the round, or a round robin's whole schedule."""
    tournament = round_.stage.tournament
    if adapter_of(tournament).drawing is Drawing.SCHEDULE:
        return list(
            Round.objects.select_for_update()
            .filter(stage=round_.stage, draft__isnull=False)
            .order_by("number")
        )
    return list(Round.objects.select_for_update().filter(pk=round_.pk, draft__isnull=False))


def _locked_draft(round_: Round) -> list[Round]:
    tournament = tournament_lock(round_.stage.tournament)
    if tournament.status != TournamentStatus.RUNNING:
        raise UserError(_("The tournament is not running."), code="not_running")
    rounds = _draft_rounds(round_)
    if not rounds:
        raise UserError(_("This round is not a draft."), code="not_draft")
    return rounds


@logged_service("round_publish")
@transaction.atomic
def round_publish(*, round_: Round) -> int:
    """Publish a draft round (a round robin: its whole schedule): its matches are created
    and the players told. Returns the number of matches created."""
    with round_change(round_.pk):
        rounds = _locked_draft(round_)
        tournament = round_.stage.tournament
        active = set(active_entry_ids(tournament))
        drafted = {
            player
            for draft_round in rounds
            for row in draft_round.draft or []
            for player in (row["a"], row["b"])
            if player is not None
        }
        gone = drafted - active
        if adapter_of(tournament).drawing is Drawing.ROUND_BY_ROUND:
            # A Swiss round: a late entry or a bye asked for since the draft changes who plays.
            playing = active - not_in_round(tournament, round_.number)
            gone = (drafted ^ playing) | gone
        if gone:
            names = ", ".join(
                Entry.objects.filter(pk__in=gone)
                .order_by("player__name")
                .values_list("player__name", flat=True)
            )
            raise UserError(
                _("Who plays has changed since the draft (%(names)s); pair the round again.")
                % {"names": names},
                code="draft_stale",
            )
        made = 0
        for draft_round in rounds:
            made += create_pairings(draft_round, pairings_of_draft(draft_round.draft or []))
            Round.objects.filter(pk=draft_round.pk).update(draft=None)
            emit(RoundDrawn(round_id=draft_round.pk))
        return made


def _place(draft: list[dict[str, Any]], place: tuple[int, int]) -> int:
    table, slot = place
    if not 1 <= table <= len(draft) or slot not in (1, 2):
        raise UserError(_("Choose two players of this round to swap."), code="swap_not_allowed")
    player = draft[table - 1]["a" if slot == 1 else "b"]
    if player is None:
        raise UserError(_("Choose two players of this round to swap."), code="swap_not_allowed")
    return int(player)


@logged_service("round_draft_swap")
@transaction.atomic
def round_draft_swap(*, round_: Round, first: tuple[int, int], second: tuple[int, int]) -> None:
    """Swap two players of a draft round, given as (table, slot 1 or 2). In a round robin
    the two swap places in the whole schedule, so that everyone still meets everyone once."""
    with round_change(round_.pk):
        rounds = _locked_draft(round_)
        target = next((r for r in rounds if r.pk == round_.pk), None)
        if target is None:
            raise UserError(_("This round is not a draft."), code="not_draft")
        x, y = _place(target.draft or [], first), _place(target.draft or [], second)
        if x == y:
            raise UserError(_("Choose two different players."), code="swap_not_allowed")
        swap = {x: y, y: x}
        for draft_round in rounds:
            draft = []
            for row in draft_round.draft or []:
                new = dict(row, a=swap.get(row["a"], row["a"]), b=swap.get(row["b"], row["b"]))
                if (new["a"], new["b"]) != (row["a"], row["b"]) and SWAPPED not in new["notes"]:
                    new["notes"] = [*row.get("notes", []), SWAPPED]
                draft.append(new)
            draft_round.draft = draft
            draft_round.save(update_fields=["draft", "updated_at"])
