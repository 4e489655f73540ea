"""Players signing up for a tournament themselves: the window, the cap, the waiting list.

Every service here takes the tournament's row first (raising its version is the UPDATE that
locks it), so sign-ups, withdrawals and changes of the cap run one at a time per tournament:
the places are counted and the waiting numbers handed out under that lock, and two sign-ups
for the last place never both get it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from config.errors import UserError
from config.logs import logged_service
from entries import field
from entries.models import Entry, EntryStatus, SignupRules
from entries.selectors.signup import (
    local_moment,
    next_waiting_number,
    places_taken,
    rules_of,
    signup_closed_reason,
    signup_field,
    waiting_entries,
)
from entries.services.withdrawals import entry_withdraw
from events.bus import emit
from events.types import EntrySignedUp, WaitingListMovedUp
from tournaments.models import Tournament
from tournaments.selectors import BEFORE_THE_START
from tournaments.services import tournament_lock
from tournaments.versions import tournament_change, tournament_changed


@logged_service("entry_sign_up")
@transaction.atomic
def entry_sign_up(*, tournament: Tournament, player: Player, now: datetime | None = None) -> Entry:
    """The player signs himself up: a place in the field (awaiting approval if the rules say
    so), else a place on the waiting list, else a refusal. Players told once it is committed.

    Every sign-up of the tournament waits for this one's lock, so what it does under the lock
    is short: one read of all it decides on, the entry written, the event emitted."""
    with tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
        now_in_field = signup_field(tournament, player)
        rules = now_in_field.rules
        reason = signup_closed_reason(tournament, rules, now)
        if reason:
            raise UserError(reason, code="signup_closed")
        if now_in_field.mine is not None and now_in_field.mine[1] != EntryStatus.WITHDRAWN:
            if now_in_field.mine[1] == EntryStatus.WAITING:
                message = _("%(name)s is already on the waiting list.")
            else:
                message = _("%(name)s is already entered.")
            raise UserError(message % {"name": player.name}, code="already_entered")
        taken, waiting = now_in_field.taken, now_in_field.waiting
        next_number = now_in_field.highest_waiting_number + 1
        free = field.free_places(rules.capacity, taken)
        if waiting and (free is None or free > 0):
            # Those already waiting come first into any place free by now.
            moved = _move_up(tournament, rules)
            taken, waiting = taken + len(moved), waiting - len(moved)
            next_number = next_waiting_number(tournament)
        outcome = field.sign_up_outcome(
            rules.capacity, taken, waiting_list=rules.waiting_list, waiting=waiting
        )
        if outcome is field.Outcome.FULL:
            raise UserError(
                _("The field is full, and this tournament has no waiting list."),
                code="field_full",
            )
        if now_in_field.mine is None:
            entry = Entry(tournament=tournament, player=player)
        else:  # withdrawn before: his entry comes back
            entry = Entry.objects.get(pk=now_in_field.mine[0])
        if outcome is field.Outcome.WAIT:
            entry.status = EntryStatus.WAITING
            entry.waiting_number = next_number
        else:
            entry.status = EntryStatus.PENDING if rules.approval else EntryStatus.APPROVED
            entry.waiting_number = None
        # The entry's tournament and player are the rows locked and read above, its place and
        # number were decided under the lock, and the database holds their uniqueness as
        # well: only the entry's own fields are checked here (no query).
        entry.full_clean(exclude=["tournament", "player"])
        entry.save()
        emit(EntrySignedUp(entry_id=entry.pk))
        return entry


@logged_service("entry_take_back")
@transaction.atomic
def entry_take_back(*, entry: Entry, user: Any = None, now: datetime | None = None) -> Entry:
    """The player takes back his sign-up (until the sign-up closes; a waiting player may
    always leave the list); the first waiting player moves up into a place it frees."""
    with tournament_change(entry.tournament_id):
        tournament = tournament_lock(entry.tournament)
        entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
        rules = rules_of(tournament)
        now = now or timezone.now()
        if tournament.status not in BEFORE_THE_START:
            raise UserError(
                _("The tournament has started; an organizer can withdraw you."),
                code="signup_closed",
            )
        closed = rules.closes_at is not None and now >= rules.closes_at
        if closed and entry.status != EntryStatus.WAITING:
            raise UserError(
                _("The sign-up closed on %(when)s; ask an organizer to withdraw you.")
                % {"when": local_moment(rules.closes_at)},  # type: ignore[arg-type]
                code="signup_closed",
            )
        entry = entry_withdraw(entry=entry, user=user)
        waiting_list_move_up(tournament=tournament)
        return entry


@logged_service("waiting_list_move_up")
@transaction.atomic
def waiting_list_move_up(*, tournament: Tournament | int) -> list[Entry]:
    """Fill the free places from the waiting list, first come first served, while the field
    may still change; each player who moves up is told. Does nothing when nothing is free
    (the listener, the repair and a second delivery find nothing to do)."""
    pk = tournament if isinstance(tournament, int) else tournament.pk
    locked = Tournament.objects.select_for_update().filter(pk=pk).first()
    if locked is None:
        return []
    return _move_up(locked, rules_of(locked))


def _move_up(locked: Tournament, rules: SignupRules) -> list[Entry]:
    """:func:`waiting_list_move_up` for a service that holds the tournament's row and has
    read its rules in this transaction already: neither is read again."""
    if locked.status not in BEFORE_THE_START:
        return []
    moving = field.moving_up(rules.capacity, places_taken(locked), waiting_entries(locked))
    if not moving:
        return []
    tournament_changed(locked.pk)
    status = EntryStatus.PENDING if rules.approval else EntryStatus.APPROVED
    for entry in moving:
        entry.status = status
        entry.waiting_number = None
        entry.save(update_fields=["status", "waiting_number", "updated_at"])
        emit(WaitingListMovedUp(entry_id=entry.pk))
    return moving


@logged_service("signup_rules_set")
@transaction.atomic
def signup_rules_set(
    *,
    tournament: Tournament,
    opens_at: datetime | None = None,
    closes_at: datetime | None = None,
    capacity: int | None = None,
    waiting_list: bool = True,
    approval: bool = False,
) -> SignupRules:
    """The organizer sets the sign-up's window, cap, waiting list and approval. A cap below
    the places already taken is refused (nobody is put out of the field); a higher one lets
    the waiting list move up at once."""
    with tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
        taken = places_taken(tournament)
        if capacity is not None and capacity < taken:
            raise UserError(
                _("%(taken)d players hold a place already; the cap cannot be lower.")
                % {"taken": taken},
                code="capacity_below_field",
                field="capacity",
            )
        waiting = Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING)
        if not waiting_list and capacity is not None and waiting.exists():
            raise UserError(
                _("Players are on the waiting list; keep it until they have moved up or left."),
                code="waiting_list_in_use",
                field="waiting_list",
            )
        rules = SignupRules.objects.filter(tournament=tournament).first() or SignupRules(
            tournament=tournament
        )
        rules.opens_at, rules.closes_at = opens_at, closes_at
        rules.capacity, rules.waiting_list, rules.approval = capacity, waiting_list, approval
        rules.full_clean()
        rules.save()
        _move_up(tournament, rules)
        return rules
