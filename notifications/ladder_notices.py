"""Notices about ladders: a player challenged (the match, once accepted, is told as every
ready match is), and both players of a challenge the clock gave away by forfeit."""

from __future__ import annotations

from django.urls import reverse

from ladders.models import Challenge
from notifications import kinds
from notifications.services import Message, absolute, notification_create, notifications_create


def challenge_issued_notify(*, challenge_id: int) -> bool:
    challenge = (
        Challenge.objects.filter(pk=challenge_id)
        .select_related("ladder__club", "challenger", "defender__user")
        .first()
    )
    if challenge is None:
        return False
    ladder = challenge.ladder
    url = reverse("ladders:detail", kwargs={"club": ladder.club.slug, "ladder": ladder.slug})
    message = Message(
        recipient=challenge.defender,
        kind=kinds.LADDER_CHALLENGE,
        dedupe_key=f"{kinds.LADDER_CHALLENGE}:c{challenge.pk}",
        context={
            "challenge": challenge,
            "ladder": ladder,
            "club": ladder.club,
            "player": challenge.defender,
            "opponent": challenge.challenger,
            "ladder_url": absolute(url),
        },
        url=url,
        club_id=ladder.club_id,
        tournament_id=ladder.tournament_id,
    )
    return notification_create(message=message) is not None


def challenge_forfeited_notify(*, challenge_id: int) -> int:
    """The challenger won, the challenged player lost: he did not accept in time."""
    challenge = (
        Challenge.objects.filter(pk=challenge_id)
        .select_related("ladder__club", "challenger__user", "defender__user")
        .first()
    )
    if challenge is None:
        return 0
    ladder = challenge.ladder
    url = reverse("ladders:detail", kwargs={"club": ladder.club.slug, "ladder": ladder.slug})
    sides = [
        (challenge.challenger, challenge.defender, True),
        (challenge.defender, challenge.challenger, False),
    ]
    messages = [
        Message(
            recipient=player,
            kind=kinds.LADDER_FORFEIT,
            dedupe_key=f"{kinds.LADDER_FORFEIT}:c{challenge.pk}:p{player.pk}",
            context={
                "challenge": challenge,
                "ladder": ladder,
                "club": ladder.club,
                "player": player,
                "opponent": opponent,
                "won": won,
                "ladder_url": absolute(url),
            },
            url=url,
            club_id=ladder.club_id,
            tournament_id=ladder.tournament_id,
        )
        for player, opponent, won in sides
    ]
    return len(notifications_create(messages))
