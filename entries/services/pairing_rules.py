"""Forbidden and pinned pairs of a tournament: the organizer's list, honoured by the draw."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from entries.models import Entry, PairingRule, PairingRuleKind, PairingRuleReason
from tournaments.models import Tournament, TournamentStatus
from tournaments.services import tournament_lock


@logged_service("pairing_rule_add")
@transaction.atomic
def pairing_rule_add(
    *,
    tournament: Tournament,
    entry_a: Entry,
    entry_b: Entry,
    kind: str,
    reason: str = PairingRuleReason.OTHER,
) -> PairingRule:
    """Two players must never meet (forbidden) or must meet in the next round (pinned)."""
    tournament = tournament_lock(tournament)
    if tournament.status == TournamentStatus.FINISHED:
        raise UserError(_("The tournament is over."), code="tournament_finished")
    if {entry_a.tournament_id, entry_b.tournament_id} != {tournament.pk}:
        raise UserError(_("Choose two players of this tournament."), code="not_entered")
    if entry_a.pk == entry_b.pk:
        raise UserError(_("Choose two different players."), code="same_player")
    if kind not in PairingRuleKind.values or reason not in PairingRuleReason.values:
        raise UserError(_("Choose a rule and a reason."), code="invalid_rule")
    rules = PairingRule.objects.filter(tournament=tournament)
    both = Q(entry_a=entry_a, entry_b=entry_b) | Q(entry_a=entry_b, entry_b=entry_a)
    if rules.filter(both).exists():
        raise UserError(
            _("These two players already have a rule; remove it first."), code="rule_exists"
        )
    if kind == PairingRuleKind.PINNED:
        either = Q(entry_a__in=[entry_a, entry_b]) | Q(entry_b__in=[entry_a, entry_b])
        if rules.filter(either, kind=PairingRuleKind.PINNED).exists():
            raise UserError(_("A player can be pinned to one opponent only."), code="pinned_twice")
    a, b = sorted((entry_a, entry_b), key=lambda entry: entry.pk)
    return PairingRule.objects.create(
        tournament=tournament, entry_a=a, entry_b=b, kind=kind, reason=reason
    )


@logged_service("pairing_rule_remove")
@transaction.atomic
def pairing_rule_remove(*, rule: PairingRule) -> None:
    tournament_lock(rule.tournament)
    PairingRule.objects.filter(pk=rule.pk).delete()
