"""What the ladders' writes share: the ladder locked and a change recorded."""

from __future__ import annotations

from datetime import date

from django.db.models import Max
from django.utils import timezone

from ladders import messages
from ladders.core import ladder as core
from ladders.models import (
    Challenge,
    Ladder,
    LadderChange,
)
from ladders.selectors import ladder_changes, ladder_order, ladder_player_names


def today_or(today: date | None) -> date:
    return today or timezone.localdate()


def ladder_lock(ladder: Ladder) -> Ladder:
    return Ladder.objects.select_for_update().select_related("club").get(pk=ladder.pk)


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
            order = core.replay(rules, [*ladder_changes(ladder), change])
        else:
            order = core.apply(rules, ladder_order(ladder), change)
    except core.LadderError as error:
        players = [error.player] if error.player is not None else []
        raise messages.ladder_error(error, ladder_player_names(*players), rules.reach) from error
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
