"""Reads for the pages of a sign-up: its state for a player, the entry list and the waiting
list."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Count, F, IntegerField, Q, QuerySet, Value
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from entries.models import HOLDING_A_PLACE, Entry, EntryStatus, SignupRules
from entries.selectors.signup import (
    check_in_closed_reason,
    rules_from_row,
    signup_closed_reason,
)
from tournaments.models import Tournament, TournamentStatus
from tournaments.selectors import BEFORE_THE_START


@dataclass(frozen=True)
class SignupState:
    """What a tournament's page shows of its sign-up, for one visitor."""

    rules: SignupRules
    taken: int
    waiting: int
    closed_reason: str
    my_entry: Entry | None
    my_position: int | None
    can_take_back: bool
    check_in_reason: str
    #: When the sign-up next opens or closes by the clock (None: not before the start).
    changes_at: datetime | None
    #: The visitor is on the waiting list of a tournament that has started: it closed at the
    #: start, and he got no place.
    waiting_closed: bool = False

    @property
    def free(self) -> int | None:
        if self.rules.capacity is None:
            return None
        return max(self.rules.capacity - self.taken, 0)

    @property
    def can_sign_up(self) -> bool:
        active = self.my_entry is not None and self.my_entry.status != EntryStatus.WITHDRAWN
        return not self.closed_reason and not active

    @property
    def can_check_in(self) -> bool:
        return (
            self.my_entry is not None
            and self.my_entry.status == EntryStatus.APPROVED
            and not self.check_in_reason
        )


def _rules_and_counts(
    tournament: Tournament, waiting_up_to: int | None = None
) -> tuple[SignupRules, int, int, int | None]:
    """The tournament's sign-up rules (as ``rules_of``), its places taken, its players
    waiting and, given a waiting number, those waiting up to it (the place on the list of
    the player who holds it): one query (the tournament's page, built, costs no more than
    before it had a sign-up box)."""
    fields = SignupRules._meta.concrete_fields
    up_to = (
        Count(
            "entries",
            filter=Q(
                entries__status=EntryStatus.WAITING, entries__waiting_number__lte=waiting_up_to
            ),
        )
        if waiting_up_to is not None
        else Value(None, output_field=IntegerField())
    )
    taken, waiting, position, *values = (
        Tournament.objects.filter(pk=tournament.pk)
        .annotate(
            taken=Count("entries", filter=Q(entries__status__in=HOLDING_A_PLACE)),
            waiting=Count("entries", filter=Q(entries__status=EntryStatus.WAITING)),
            position=up_to,
        )
        .values_list(
            "taken", "waiting", "position", *(f"signup_rules__{field.name}" for field in fields)
        )
        .get()
    )
    return rules_from_row(tournament, values), taken, waiting, position


def signup_state(tournament: Tournament, user: Any) -> SignupState:
    mine = None
    if user is not None and user.is_authenticated:
        mine = Entry.objects.filter(tournament=tournament, player__user=user).first()
    waiting_closed = (
        mine is not None
        and mine.status == EntryStatus.WAITING
        and tournament.status not in BEFORE_THE_START
    )
    on_the_list = mine is not None and mine.status == EntryStatus.WAITING and not waiting_closed
    rules, taken, waiting, position = _rules_and_counts(
        tournament,
        waiting_up_to=mine.waiting_number if mine is not None and on_the_list else None,
    )
    now = timezone.now()
    closed = rules.closes_at is not None and now >= rules.closes_at
    can_take_back = (
        mine is not None
        and tournament.status in BEFORE_THE_START
        and mine.status != EntryStatus.WITHDRAWN
        and (not closed or mine.status == EntryStatus.WAITING)
    )
    return SignupState(
        rules=rules,
        taken=taken,
        waiting=waiting,
        closed_reason=signup_closed_reason(tournament, rules, now),
        my_entry=mine,
        my_position=position,
        can_take_back=can_take_back,
        check_in_reason=check_in_closed_reason(tournament, now),
        changes_at=(
            next((m for m in (rules.opens_at, rules.closes_at) if m is not None and now < m), None)
            if tournament.status == TournamentStatus.REGISTRATION
            else None
        ),
        waiting_closed=waiting_closed,
    )


def rules_warnings(tournament: Tournament, rules: SignupRules) -> list[str]:
    """What in the sign-up's times the organizer will want to mend, saved all the same (the
    tournament's start may be the time that is wrong, and it changes on another page): a
    sign-up that opens or closes after the tournament's start. The start ends the sign-up
    whatever its closing time says."""
    start = tournament.starts_at
    if start is None or tournament.status not in BEFORE_THE_START:
        return []
    when = {"start": formats.date_format(timezone.localtime(start), "DATETIME_FORMAT")}
    if rules.opens_at is not None and rules.opens_at >= start:
        return [
            _(
                "The sign-up opens after the tournament starts (%(start)s): nobody can sign "
                "up. Let it open earlier, or change the start."
            )
            % when
        ]
    if rules.closes_at is not None and rules.closes_at > start:
        return [
            _(
                "The sign-up closes after the tournament starts (%(start)s); it ends at the "
                "start all the same. Let it close earlier, or change the start."
            )
            % when
        ]
    return []


def entry_list(tournament: Tournament) -> QuerySet[Entry]:
    """Every entry with its state: the field by seed and name, then the waiting list in its
    order, then those out of it."""
    return (
        Entry.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by(
            F("waiting_number").asc(nulls_first=True),
            F("seed").asc(nulls_last=True),
            "player__name",
            "pk",
        )
    )


def waiting_positions(tournament: Tournament) -> dict[int, int]:
    """Each waiting entry's place on the list as the players read it (1, 2, 3 …), by id."""
    waiting = Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING).order_by(
        "waiting_number", "pk"
    )
    return {pk: n for n, pk in enumerate(waiting.values_list("pk", flat=True), start=1)}


def waiting_position(entry: Entry) -> int:
    """A waiting entry's place on the list as its player reads it (1, 2, 3 …): those who left
    the list before him leave no gap."""
    return Entry.objects.filter(
        tournament_id=entry.tournament_id,
        status=EntryStatus.WAITING,
        waiting_number__lte=entry.waiting_number,
    ).count()


def waiting_names(tournament: Tournament) -> list[str]:
    """The names on the waiting list in its order, while it is open (before the start; at
    the start it closes, and those on it got no place)."""
    if tournament.status not in BEFORE_THE_START:
        return []
    return list(
        Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING)
        .order_by("waiting_number", "pk")
        .values_list("player__name", flat=True)
    )
