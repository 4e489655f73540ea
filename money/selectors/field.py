"""The field the money counts: the entries with a place in it, and what each page says it
counts; the Calcutta's lots against it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from entries.models import HOLDING_A_PLACE, Entry, EntryStatus
from money.models import (
    CalcuttaBid,
    CalcuttaLot,
)
from tournaments.models import Tournament, TournamentStatus

BEFORE_THE_DRAW = (TournamentStatus.DRAFT, TournamentStatus.REGISTRATION)


def in_the_field(tournament: Tournament, prefix: str = "") -> Q:
    """The entries with a place in the field, as the tournaments app counts them: before the
    draw those holding a place (approved, checked in, or awaiting approval: the cap counts
    them); from the draw on those drawn (seeded: a late entry too, and a player who withdrew
    after the start, who played and whose fee stands as the club's refund setting says).
    Never a waiting entry, a withdrawal before the start, a no-show, or an entry still
    awaiting approval when the draw was made. ``prefix`` reads it through a relation
    (``"entry__"``)."""
    if tournament.status in BEFORE_THE_DRAW:
        return Q(**{f"{prefix}status__in": HOLDING_A_PLACE})
    return Q(**{f"{prefix}seed__isnull": False})


def field_entries(tournament: Tournament) -> QuerySet[Entry]:
    """The entries in the field (:func:`in_the_field`), their players read with them."""
    return Entry.objects.filter(in_the_field(tournament), tournament=tournament).select_related(
        "player"
    )


@dataclass(frozen=True)
class FieldCount:
    """How many players the money pages count, and the entries they leave out."""

    players: int
    waiting: int = 0
    withdrawn: int = 0
    """Withdrew before the start."""
    no_show: int = 0
    not_drawn: int = 0
    """Still awaiting approval when the draw was made."""

    @property
    def note(self) -> str:
        """What a page counts, said in a sentence: "16 players in the field; not counted:
        3 on the waiting list."."""
        counted = ngettext(
            "%(count)d player in the field", "%(count)d players in the field", self.players
        ) % {"count": self.players}
        left_out = [
            text % {"count": count}
            for count, text in (
                (
                    self.waiting,
                    ngettext(
                        "%(count)d on the waiting list",
                        "%(count)d on the waiting list",
                        self.waiting,
                    ),
                ),
                (
                    self.withdrawn,
                    ngettext(
                        "%(count)d withdrawn before the start",
                        "%(count)d withdrawn before the start",
                        self.withdrawn,
                    ),
                ),
                (
                    self.no_show,
                    ngettext(
                        "%(count)d who did not check in",
                        "%(count)d who did not check in",
                        self.no_show,
                    ),
                ),
                (
                    self.not_drawn,
                    ngettext(
                        "%(count)d still awaiting approval at the draw",
                        "%(count)d still awaiting approval at the draw",
                        self.not_drawn,
                    ),
                ),
            )
            if count
        ]
        if not left_out:
            return f"{counted}."
        return _("%(counted)s; not counted: %(left_out)s.") % {
            "counted": counted,
            "left_out": ", ".join(left_out),
        }


def field_count(tournament: Tournament) -> FieldCount:
    """The players in the field and the entries left out of it, by why. Two queries."""
    inside = in_the_field(tournament)
    entries = Entry.objects.filter(tournament=tournament)
    players = entries.filter(inside).count()
    outside = Counter(entries.exclude(inside).values_list("status", flat=True))
    return FieldCount(
        players=players,
        waiting=outside[EntryStatus.WAITING],
        withdrawn=outside[EntryStatus.WITHDRAWN],
        no_show=outside[EntryStatus.NO_SHOW],
        not_drawn=sum(
            outside[status]
            for status in (EntryStatus.PENDING, EntryStatus.APPROVED, EntryStatus.CHECKED_IN)
        ),
    )


@dataclass(frozen=True)
class LotsAndField:
    """The Calcutta's lots against the field as it stands now."""

    made: bool
    """Whether any lot is made."""
    bid_on: bool
    """Whether a lot is bid on or sold (then the lots are not made again)."""
    missing: list[Entry]
    """In the field and in no lot: moved up from the waiting list after the lots were made."""
    gone: list[Entry]
    """In a lot and no longer in the field (withdrew before the start, did not check in)."""


def calcutta_lots_and_field(tournament: Tournament) -> LotsAndField:
    """Who came into the field, or left it, since the Calcutta's lots were made."""
    lot_entries = set(
        CalcuttaLot.entries.through.objects.filter(
            calcuttalot__calcutta__tournament=tournament
        ).values_list("entry_id", flat=True)
    )
    lots = CalcuttaLot.objects.filter(calcutta__tournament=tournament)
    made = lots.exists()
    bid_on = made and (
        lots.filter(sold_at__isnull=False).exists()
        or CalcuttaBid.objects.filter(lot__calcutta__tournament=tournament).exists()
    )
    field = list(field_entries(tournament).order_by("player__name", "pk"))
    field_ids = {entry.pk for entry in field}
    return LotsAndField(
        made=made,
        bid_on=bid_on,
        missing=[entry for entry in field if made and entry.pk not in lot_entries],
        gone=list(
            Entry.objects.filter(pk__in=lot_entries - field_ids)
            .select_related("player")
            .order_by("player__name", "pk")
        ),
    )
