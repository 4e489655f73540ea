"""What the ladders' writes share: the ladder locked, its history and order, a change recorded."""

from __future__ import annotations

from datetime import date

from django.db.models import Max
from django.utils import timezone

from clubs.models import Player
from ladders import messages
from ladders.core import ladder as core
from ladders.models import (
    OPEN_STATUSES,
    Challenge,
    ChangeKind,
    Ladder,
    LadderChange,
)


def today_or(today: date | None) -> date:
    return today or timezone.localdate()


def ladder_lock(ladder: Ladder) -> Ladder:
    return Ladder.objects.select_for_update().select_related("club").get(pk=ladder.pk)


def as_core(row: LadderChange) -> core.Change:
    if row.kind == ChangeKind.JOINED:
        return core.Joined(row.player_id, row.day)
    if row.kind in (ChangeKind.LEFT, ChangeKind.REMOVED):
        return core.Left(row.player_id, row.day)
    if row.kind == ChangeKind.IDLE:
        return core.Idle(row.player_id, row.day, row.places)
    assert row.opponent_id is not None and row.challenge_id is not None
    if row.kind in (ChangeKind.CORRECTED_WON, ChangeKind.CORRECTED_LOST):
        return core.Corrected(row.challenge_id, row.kind == ChangeKind.CORRECTED_WON, row.day)
    return core.Played(
        row.player_id,
        row.opponent_id,
        row.kind == ChangeKind.WON,
        row.day,
        row.forfeit,
        row.challenge_id,
    )


def history(ladder: Ladder) -> list[core.Change]:
    return [as_core(row) for row in ladder.changes.order_by("sequence")]


def current_order(ladder: Ladder) -> tuple[int, ...]:
    last = ladder.changes.order_by("-sequence").values_list("order", flat=True).first()
    return tuple(last or ())


def player_names(*players: int) -> dict[int, str]:
    return dict(Player.objects.filter(pk__in=players).values_list("pk", "name"))


def change_record(
    ladder: Ladder,
    change: core.Change,
    *,
    kind: str,
    challenge: Challenge | None = None,
) -> LadderChange:
    rules = ladder.rules()
    try:
        if isinstance(change, core.Corrected):  # every change after the challenge follows
            order = core.replay(rules, [*history(ladder), change])
        else:
            order = core.apply(rules, current_order(ladder), change)
    except core.LadderError as error:
        players = [error.player] if error.player is not None else []
        raise messages.ladder_error(error, player_names(*players), rules.reach) from error
    last = ladder.changes.aggregate(last=Max("sequence"))["last"] or 0
    if isinstance(change, core.Corrected):
        assert challenge is not None
        player, opponent = challenge.challenger_id, challenge.defender_id
    elif isinstance(change, core.Played):
        player, opponent = change.challenger, change.defender
    else:
        player, opponent = change.player, None
    row = LadderChange(
        ladder=ladder,
        sequence=last + 1,
        kind=kind,
        player_id=player,
        opponent_id=opponent,
        challenge=challenge,
        forfeit=isinstance(change, core.Played) and change.forfeit,
        places=change.places if isinstance(change, core.Idle) else 0,
        day=change.day,
        order=list(order),
    )
    row.full_clean()
    row.save()
    return row


def open_counts(ladder: Ladder) -> dict[int, int]:
    counts: dict[int, int] = {}
    for challenger, defender in ladder.challenges.filter(status__in=OPEN_STATUSES).values_list(
        "challenger_id", "defender_id"
    ):
        counts[challenger] = counts.get(challenger, 0) + 1
        counts[defender] = counts.get(defender, 0) + 1
    return counts
