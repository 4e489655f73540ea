"""Players leaving and moving while the tournament runs: withdrawals and swaps."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from draw.brackets import bracket_sync, format_of, is_bracket
from draw.services.rounds import close_rounds
from matches import reasons
from matches.models import Match, MatchStatus
from matches.services import match_award_forfeit
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.pairing import BracketFormat
from tournaments.services import tournament_lock


@logged_service("entry_withdraw")
@transaction.atomic
def entry_withdraw(*, entry: Entry, user: Any = None) -> Entry:
    """Withdraw a player. While the tournament runs, his unplayed matches are forfeited to
    the opponents and he is not drawn again; results already played stand."""
    tournament = tournament_lock(entry.tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status == EntryStatus.WITHDRAWN:
        raise UserError(
            _("%(name)s has already withdrawn.") % {"name": entry.player.name},
            code="already_withdrawn",
        )
    if tournament.status == TournamentStatus.FINISHED:
        raise UserError(_("The tournament is over."), code="tournament_finished")
    entry.status = EntryStatus.WITHDRAWN
    entry.save(update_fields=["status", "updated_at"])
    if tournament.status == TournamentStatus.RUNNING:
        entry_forfeit_open_matches(tournament=tournament, entry=entry, user=user)
    return entry


@logged_service("match_swap_players")
@transaction.atomic
def match_swap_players(*, first: Match, first_slot: int, second: Match, second_slot: int) -> None:
    """Swap two players between matches of the same round before either match starts
    (a wrong table, two club mates drawn together)."""
    # The tournament first, then the matches: the order every bracket change locks in.
    tournament_lock(
        Match.objects.select_related("round__stage__tournament")
        .get(pk=first.pk)
        .round.stage.tournament
    )
    first = Match.objects.select_for_update().select_related("round").get(pk=first.pk)
    second = Match.objects.select_for_update().get(pk=second.pk)
    not_started = Q(status__in=[MatchStatus.PENDING, MatchStatus.READY]) & Q(games__isnull=True)
    started = Match.objects.filter(pk__in=[first.pk, second.pk]).exclude(not_started).exists()
    if first.round_id != second.round_id or started:
        raise UserError(
            _("Only players of two matches of the same round that have not started can swap."),
            code="swap_not_allowed",
        )
    field_of = {1: "entry_a", 2: "entry_b"}
    a_field, b_field = field_of[first_slot], field_of[second_slot]
    a_entry, b_entry = getattr(first, a_field), getattr(second, b_field)
    if a_entry is None or b_entry is None or a_entry == b_entry:
        raise UserError(_("Choose two different players."), code="swap_not_allowed")

    tournament = first.round.stage.tournament
    if is_bracket(tournament):
        # The bracket follows the seeds: swap the seeds and let the bracket redraw its rows.
        seeds = a_entry.seed, b_entry.seed
        Entry.objects.filter(pk=a_entry.pk).update(seed=None)
        Entry.objects.filter(pk=b_entry.pk).update(seed=seeds[0])
        Entry.objects.filter(pk=a_entry.pk).update(seed=seeds[1])
        bracket_sync(tournament)
        return
    if first.pk == second.pk:
        first.entry_a, first.entry_b = first.entry_b, first.entry_a
        first.save(update_fields=["entry_a", "entry_b", "updated_at"])
        return
    setattr(first, a_field, b_entry)
    setattr(second, b_field, a_entry)
    first.save(update_fields=[a_field, "updated_at"])
    second.save(update_fields=[b_field, "updated_at"])


def entry_forfeit_open_matches(*, tournament: Tournament, entry: Entry, user: Any = None) -> None:
    """A player withdrew while the tournament runs: his open matches go to the opponents."""
    fmt = format_of(tournament)
    if isinstance(fmt, BracketFormat):
        bracket_sync(tournament, user=user, reason=reasons.WITHDRAWAL)
        close_rounds(tournament)
        return
    open_matches = Match.objects.filter(
        Q(entry_a=entry) | Q(entry_b=entry),
        status__in=[MatchStatus.READY, MatchStatus.PLAYING],
    ).select_related("entry_a", "entry_b")
    for match in open_matches:
        opponent = match.entry_b if match.entry_a_id == entry.pk else match.entry_a
        assert opponent is not None
        match_award_forfeit(match=match, winner=opponent, user=user, reason=reasons.WITHDRAWAL)
