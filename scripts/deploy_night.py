"""A small night for ``make deploy-check`` (scripts/deploy_check.py), made in the check's
fresh database with the site's own settings: a club, its organizer, four players with accounts
and e-mail addresses, and a one-round Swiss to 3 points, started. Its first match is played
online; the organizer enters the second's result. Prints the names the check needs as one
JSON line. The check runs it before the site's processes start, with tasks inline
(``CELERY_TASK_ALWAYS_EAGER``) and e-mails dropped, so that the draw's own mails are not the
ones the check waits for."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PLAYERS = [("anna", "Anna Albers"), ("ben", "Ben Brandt"), ("clara", "Clara Conrad")]
PLAYERS += [("david", "David Dietrich")]


def main() -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from clubs.models import Club, Membership, Player, Role
    from draw import services as draw_services
    from entries import services as entry_services
    from matches.models import Match
    from tournaments import services

    password = make_password(os.environ["DEPLOY_CHECK_PASSWORD"])  # hashed once for all
    users = get_user_model()

    def account(username: str, name: str) -> Player:
        user = users.objects.create(
            username=username, email=f"{username}@example.org", password=password
        )
        return Player.objects.create(user=user, name=name, email=user.email)

    club = Club.objects.create(name="Deploy Check Club", slug="deploy-check", country="DE")
    organizer = account("organizer", "Olivia Organizer")
    Membership.objects.create(club=club, player=organizer, role=Role.ORGANIZER)
    tournament = services.tournament_create(
        club=club,
        user=organizer.user,
        name="Deploy Check Night",
        format="swiss",
        swiss_rounds=1,
        default_length=3,
    )
    services.tournament_open_registration(tournament=tournament)
    for username, name in PLAYERS:
        entry_services.entry_add(tournament=tournament, player=account(username, name))
    draw_services.tournament_start(tournament=tournament)
    online, scored = (
        Match.objects.of_tournament(tournament)
        .filter(status="ready")
        .select_related("entry_a__player__user", "entry_b__player__user")
        .order_by("pk")
    )
    Match.objects.filter(pk=online.pk).update(is_online=True)
    print(
        json.dumps(
            {
                "club": club.slug,
                "tournament": tournament.slug,
                "organizer": organizer.user.username,
                "online": online.pk,
                "online_players": [
                    e.player.user.username for e in (online.entry_a, online.entry_b)
                ],
                "scored": scored.pk,
                "scored_emails": [e.player.email for e in sides(scored)],
                "length": scored.length,
            }
        )
    )


def sides(match: Any) -> list[Any]:
    return [match.entry_a, match.entry_b]


if __name__ == "__main__":
    main()
