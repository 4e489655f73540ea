"""An analysis raises its match's tournament version (``tournaments.versions``): the match page
shows the analysis panel (queued, running, done or failed) and the tournament its error rates,
both cached under that version. Every write of an analysis (its players and mistakes with it)
is inside :func:`analysis_change`, entered before the analysis's row is locked."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager

from analysis.models import MatchAnalysis
from matches.versions import match_change
from matches.versions import tournament_id_of as match_tournament_id_of
from tournaments.versions import each_tournament_change, tournament_change


def tournament_id_of(analysis: MatchAnalysis) -> int | None:
    """The analysis's tournament, when its match, round and stage were read with it."""
    if not MatchAnalysis.match.is_cached(analysis):
        return None
    return match_tournament_id_of(analysis.match)


def analysis_change(analysis: MatchAnalysis) -> AbstractContextManager[int | None]:
    """The block of a change to this analysis: its tournament's version raised by its key
    when its match, round and stage were read with it (no join to find it), else through
    its match."""
    tournament_id = tournament_id_of(analysis)
    if tournament_id is not None:
        return tournament_change(tournament_id)
    return match_change(analysis.match_id)


@contextmanager
def analyses_change(*analyses: MatchAnalysis) -> Iterator[None]:
    """The block of a change to several analyses (one stored, the next shown running): each
    tournament's version raised once, in the order of their ids where they are known (two
    workers storing each other's tournaments never wait for each other in a circle)."""
    known = {tournament_id_of(analysis) for analysis in analyses}
    with ExitStack() as stack:
        stack.enter_context(each_tournament_change(pk for pk in known if pk is not None))
        for analysis in analyses:
            if tournament_id_of(analysis) is None:
                stack.enter_context(match_change(analysis.match_id))
        yield
