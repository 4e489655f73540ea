"""The iCalendar feed of a player's scheduled matches, behind a secret address.

The address carries the player's id and a token derived from ``SECRET_KEY`` (no stored
secret): a calendar app subscribes without logging in. A match is dated by its round's deadline,
or else by the tournament's start; a match with neither is left out.
"""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from clubs.models import Player
from matches.models import Match
from notifications.match_notices import match_url
from notifications.services import absolute

SALT = "clubs.notify.calendar"  # kept: feeds already subscribed use it


def calendar_token(player: Player | int) -> str:
    pk = player.pk if isinstance(player, Player) else player
    return salted_hmac(SALT, str(pk), algorithm="sha256").hexdigest()[:32]


def token_valid(player_id: int, token: str) -> bool:
    return constant_time_compare(calendar_token(player_id), token)


def calendar_path(player: Player) -> str:
    return reverse(
        "notifications:calendar", kwargs={"player": player.pk, "token": calendar_token(player)}
    )


def scheduled_matches(player: Player) -> list[Match]:
    """The player's matches still to play that have a date (one query)."""
    return list(
        Match.objects.filter(Q(entry_a__player=player) | Q(entry_b__player=player))
        .undecided()
        .filter(
            Q(round__deadline__isnull=False) | Q(round__stage__tournament__starts_at__isnull=False)
        )
        .select_related("round__stage__tournament__club", "entry_a__player", "entry_b__player")
        .order_by("round__deadline", "round__stage__tournament__starts_at", "pk")
    )


def calendar_feed(player: Player) -> bytes:
    """The feed in the player's language."""
    with translation.override(player.language):
        calendar = Calendar()
        calendar.add("prodid", "-//Crawford//Backgammon matches//EN")
        calendar.add("version", "2.0")
        calendar.add("x-wr-calname", _("Crawford: matches of %(name)s") % {"name": player.name})
        now = timezone.now()
        for match in scheduled_matches(player):
            calendar.add_component(_event(match, player, now))
        return calendar.to_ical()


def _event(match: Match, player: Player, now: object) -> Event:
    round_ = match.round
    tournament = round_.stage.tournament
    me, other = match.entry_a, match.entry_b
    if other is not None and other.player_id == player.pk:
        me, other = other, me
    opponent = other.player.name if other is not None else _("opponent to be decided")
    event = Event()
    event.add("uid", f"match-{match.pk}@crawford")
    event.add("dtstamp", now)
    if round_.deadline is not None:
        event.add("dtstart", round_.deadline - timedelta(hours=1))
        event.add("dtend", round_.deadline)
        when = _("Play by %(deadline)s.") % {
            "deadline": timezone.localtime(round_.deadline).strftime("%Y-%m-%d %H:%M")
        }
    else:
        assert tournament.starts_at is not None
        event.add("dtstart", tournament.starts_at)
        event.add("dtend", tournament.starts_at + timedelta(hours=1))
        when = _("The tournament starts.")
    event.add(
        "summary",
        _("%(tournament)s: %(me)s vs %(opponent)s")
        % {"tournament": tournament.name, "me": player.name, "opponent": opponent},
    )
    details = [
        f"{round_.stage.get_kind_display()} · {_('Round')} {round_.number}",
        when,
    ]
    if match.is_online:
        details.append(_("Played online: %(link)s") % {"link": absolute(match_url(match))})
    elif match.table:
        details.append(_("Table %(table)s") % {"table": match.table})
    event.add("description", "\n".join(str(line) for line in details))
    location = _("Online") if match.is_online else tournament.venue
    if location:
        event.add("location", str(location))
    event.add("url", absolute(match_url(match)))
    return event
