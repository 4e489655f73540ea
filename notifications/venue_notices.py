"""Notices about the venue: both players of a match called to a table (again when the call
moves to another table)."""

from __future__ import annotations

from django.urls import reverse

from notifications import kinds
from notifications.services import Message, absolute, notifications_create
from venue.models import Call


def match_called_notify(*, call_id: int) -> int:
    call = (
        Call.objects.filter(pk=call_id, ended_at__isnull=True)
        .select_related("table", "tournament__club", "player_a__user", "player_b__user", "match")
        .first()
    )
    if call is None:  # over before the notice went out: nobody needs to go there now
        return 0
    tournament = call.tournament
    url = reverse("matches:detail", args=[tournament.club.slug, tournament.slug, call.match_id])
    sides = [(call.player_a, call.player_b), (call.player_b, call.player_a)]
    messages = [
        Message(
            recipient=player,
            kind=kinds.MATCH_CALLED,
            dedupe_key=f"{kinds.MATCH_CALLED}:c{call.pk}:p{player.pk}",
            context={
                "call": call,
                "table": call.table,
                "tournament": tournament,
                "club": tournament.club,
                "player": player,
                "opponent": opponent,
                "match_url": absolute(url),
            },
            url=url,
            club_id=tournament.club_id,
            tournament_id=tournament.pk,
        )
        for player, opponent in sides
    ]
    return len(notifications_create(messages))
