"""The iCalendar feed of a player's scheduled matches, behind a secret address.

The address carries the player's id and a token derived from ``SECRET_KEY`` (no stored
secret): a calendar app subscribes without logging in. Every match still to play is an event:
timed by its round's deadline, or by the tournament's start when the round was drawn by then;
otherwise all day on the day its round was drawn. UIDs name the installation (``SITE_URL``'s
host), and SEQUENCE grows whenever the match, its round or its tournament changes, so calendar
apps move an event instead of keeping a stale copy. The calendar always holds the site's time
zone (VTIMEZONE), so that even a player without matches gets valid iCalendar (RFC 5545 wants
at least one component). A ladder challenge still waiting for its answer is an all-day event
on the last day to accept; once accepted it is a match like any other.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from icalendar import Calendar, Event, Timezone

from clubs.models import Player
from entries.models import HOLDING_A_PLACE, Entry
from ladders.models import Challenge, ChallengeStatus
from matches.models import Match
from notifications.match_notices import match_url
from notifications.services import absolute, site_url
from tournaments.models import TournamentStatus

SALT = "clubs.notify.calendar"  # kept: feeds already subscribed use it

#: SEQUENCE counts seconds of the last change since this moment: it only grows, and stays
#: within iCalendar's 32-bit integers until the 2080s.
SEQUENCE_EPOCH = datetime(2024, 1, 1, tzinfo=UTC)


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
    """The player's matches still to play (one query)."""
    return list(
        Match.objects.filter(Q(entry_a__player=player) | Q(entry_b__player=player))
        .undecided()
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
        calendar.add("calscale", "GREGORIAN")
        calendar.add("method", "PUBLISH")
        calendar.add_component(Timezone.from_tzid(settings.TIME_ZONE))
        now = timezone.now()
        for match in scheduled_matches(player):
            calendar.add_component(_event(match, player, now))
        for entry in entered_tournaments(player):
            calendar.add_component(_tournament_event(entry, now))
        for challenge in open_challenges(player):
            calendar.add_component(_challenge_event(challenge, player, now))
        return calendar.to_ical()


def entered_tournaments(player: Player) -> list[Entry]:
    """The player's places in tournaments still to start, with a start time (one query): a
    place taken back leaves the feed, one won from the waiting list joins it."""
    return list(
        Entry.objects.filter(
            player=player,
            status__in=HOLDING_A_PLACE,
            tournament__status__in=[TournamentStatus.DRAFT, TournamentStatus.REGISTRATION],
            tournament__starts_at__isnull=False,
        )
        .select_related("tournament__club")
        .order_by("tournament__starts_at", "pk")
    )


def _tournament_event(entry: Entry, now: object) -> Event:
    tournament = entry.tournament
    starts_at = timezone.localtime(tournament.starts_at)
    event = Event()
    event.add("uid", f"tournament-{tournament.pk}@{installation()}")
    event.add("dtstamp", now)
    changed = max(entry.updated_at, tournament.updated_at)
    event.add("sequence", max(0, int((changed - SEQUENCE_EPOCH).total_seconds())))
    event.add("dtstart", starts_at)
    event.add("dtend", starts_at + timedelta(hours=1))
    event.add("summary", _("%(tournament)s starts") % {"tournament": tournament.name})
    event.add("description", f"{tournament.club.name} · {entry.get_status_display()}")
    if tournament.venue:
        event.add("location", tournament.venue)
    event.add("url", absolute(tournament.get_absolute_url()))
    return event


def open_challenges(player: Player) -> list[Challenge]:
    """The player's ladder challenges waiting for an answer (one query)."""
    return list(
        Challenge.objects.filter(Q(challenger=player) | Q(defender=player))
        .filter(status=ChallengeStatus.OPEN)
        .select_related("ladder__club", "challenger", "defender")
        .order_by("accept_by", "pk")
    )


def _challenge_event(challenge: Challenge, player: Player, now: object) -> Event:
    ladder = challenge.ladder
    other = challenge.defender if challenge.challenger_id == player.pk else challenge.challenger
    url = absolute(
        reverse("ladders:detail", kwargs={"club": ladder.club.slug, "ladder": ladder.slug})
    )
    event = Event()
    event.add("uid", f"challenge-{challenge.pk}@{installation()}")
    event.add("dtstamp", now)
    event.add("sequence", max(0, int((challenge.updated_at - SEQUENCE_EPOCH).total_seconds())))
    event.add("dtstart", challenge.accept_by)
    event.add("dtend", challenge.accept_by + timedelta(days=1))
    event.add(
        "summary",
        _("%(ladder)s: challenge %(challenger)s vs %(defender)s, accept by today")
        % {
            "ladder": ladder.name,
            "challenger": challenge.challenger.name,
            "defender": challenge.defender.name,
        },
    )
    event.add("description", _("Opponent: %(name)s") % {"name": other.name})
    event.add("url", url)
    return event


def _event(match: Match, player: Player, now: object) -> Event:
    round_ = match.round
    tournament = round_.stage.tournament
    me, other = match.entry_a, match.entry_b
    if other is not None and other.player_id == player.pk:
        me, other = other, me
    opponent = other.player.name if other is not None else _("opponent to be decided")
    event = Event()
    event.add("uid", f"match-{match.pk}@{installation()}")
    event.add("dtstamp", now)
    event.add("sequence", sequence(match))
    starts, ends, when = _when(match)
    event.add("dtstart", starts)
    event.add("dtend", ends)
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


def installation() -> str:
    """This installation's name in UIDs: the host of ``SITE_URL`` (two sites never share
    a UID)."""
    return urlsplit(site_url()).netloc or "crawford.invalid"


def sequence(match: Match) -> int:
    """The event's SEQUENCE: seconds from :data:`SEQUENCE_EPOCH` to the last change of the
    match, its round or its tournament, whichever came last. Moving a match (a new deadline,
    a new start, an opponent found) saves one of them, so the number grows; it never
    shrinks."""
    round_ = match.round
    changed = max(match.updated_at, round_.updated_at, round_.stage.tournament.updated_at)
    return max(0, int((changed - SEQUENCE_EPOCH).total_seconds()))


def _when(match: Match) -> tuple[datetime | date, datetime | date, str]:
    """Start, end and a sentence: timed by the round's deadline, or by the tournament's start
    when the round was drawn by then; else all day on the day the round was drawn."""
    round_ = match.round
    starts_at = round_.stage.tournament.starts_at
    if round_.deadline is not None:
        deadline = timezone.localtime(round_.deadline)
        when = _("Play by %(deadline)s.") % {"deadline": deadline.strftime("%Y-%m-%d %H:%M")}
        return deadline - timedelta(hours=1), deadline, when
    drawn = timezone.localtime(round_.created_at)
    if starts_at is not None and drawn.date() <= timezone.localtime(starts_at).date():
        start = timezone.localtime(starts_at)
        return start, start + timedelta(hours=1), _("The tournament starts.")
    day = drawn.date()
    return day, day + timedelta(days=1), _("No time set: play when you and your opponent agree.")
