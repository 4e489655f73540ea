"""A match made for one challenge (a ladder's): a round of its own, with the challenge's
deadline, in the ladder's tournament, so that it is recorded, reported, played online and
rated like any tournament match."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import Max
from simple_history.utils import bulk_create_with_history

from clubs.models import Player
from config.logs import logged_service
from entries.models import Entry, EntryStatus
from events.bus import emit
from events.types import RoundDrawn
from matches import reasons
from matches.models import Match, MatchStatus
from tournaments.models import Round, RoundStatus, Stage, StageKind, Tournament
from tournaments.versions import tournament_change


@logged_service("challenge_match_create")
@transaction.atomic
def challenge_match_create(
    *, tournament: Tournament, challenger: Player, defender: Player, deadline: datetime | None
) -> Match:
    """The challenger is the match's first player; the match is ready to play at once."""
    with tournament_change(tournament.pk):
        stage, _created = Stage.objects.get_or_create(
            tournament=tournament, kind=StageKind.MAIN, defaults={"order": 1}
        )
        entries = [
            Entry.objects.get_or_create(
                tournament=tournament, player=player, defaults={"status": EntryStatus.APPROVED}
            )[0]
            for player in (challenger, defender)
        ]
        last = Round.objects.filter(stage=stage).aggregate(last=Max("number"))["last"] or 0
        round_ = Round.objects.create(
            stage=stage,
            number=last + 1,
            match_format=tournament.match_format,
            length=tournament.default_length,
            status=RoundStatus.PAIRED,
            deadline=deadline,
        )
        match = Match(
            round=round_,
            index=1,
            match_format=round_.match_format,
            length=round_.length,
            is_online=tournament.online_play,
            entry_a=entries[0],
            entry_b=entries[1],
            status=MatchStatus.READY,
        )
        bulk_create_with_history([match], Match, default_change_reason=reasons.DRAWN)
        emit(RoundDrawn(round_id=round_.pk))  # the players are told their match is ready
        return Match.objects.get(round=round_)
