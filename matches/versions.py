"""A match's changes raise its tournament's version (``tournaments.versions``): its result,
games, reports, files, referee, clock and director's actions all show on the match page and
most on the tournament's. The result services enter :func:`match_change` first thing in
their transaction, before they lock the match: the tournament's row is locked first."""

from __future__ import annotations

from contextlib import AbstractContextManager

from matches.models import Match
from tournaments.models import Round, Stage
from tournaments.versions import changing


def tournament_id_of(match: Match) -> int | None:
    """The match's tournament, when its round and stage were read with it (no query)."""
    if not Match.round.is_cached(match) or not Round.stage.is_cached(match.round):
        return None
    return match.round.stage.tournament_id


def match_change(match: Match | int) -> AbstractContextManager[int | None]:
    """The block of a change to this match (a match, or its id): its tournament's version
    raised on entering, by its key when the match's round and stage were read with it, else
    found and raised in one UPDATE. Yields the tournament's id."""
    if isinstance(match, Match):
        known = tournament_id_of(match)
        stages = Stage.objects.filter(rounds__pk=match.round_id)
        key = ("match", match.pk)
    else:
        known, stages, key = None, Stage.objects.filter(rounds__matches__pk=match), ("match", match)
    if known is not None:
        return changing(key, known)
    return changing(key, stages.order_by().values_list("tournament_id", flat=True))
