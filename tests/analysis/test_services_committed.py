"""Queueing a round's analyses, each committed as it is queued (gnubg replaced by its saved
output). Apart from tests/analysis/test_services.py, whose tests share data built once in a
transaction (``module_db``) that these, committing, would flush."""

from __future__ import annotations

import pytest

from analysis.models import AnalysisStatus, MatchAnalysis
from matches.models import Match


@pytest.mark.django_db(transaction=True)
def test_a_round_is_queued_match_by_match(filed, fake_gnubg, monkeypatch):
    """The workers start on the first match of a round while the rest are being queued: a
    match that cannot be queued leaves the ones before it queued, and they are analysed."""
    from django.db import DatabaseError

    from analysis import services

    first, second = filed(), filed()
    real = services.moves_text

    def moves_text(match, games=None):
        if match.pk == second.pk:
            raise DatabaseError("connection lost")
        return real(match, games)

    monkeypatch.setattr(services, "moves_text", moves_text)
    with pytest.raises(DatabaseError):
        services.analysis_request_many(matches=[first, second], plies=0)
    assert MatchAnalysis.objects.get(match=first).status == AnalysisStatus.DONE
    assert not MatchAnalysis.objects.filter(match=second).exists()


@pytest.mark.django_db(transaction=True)
def test_a_round_writes_each_new_analysis_with_one_statement(filed, fake_gnubg, monkeypatch):
    """Queueing a round reads the analyses it has once; each new one is one INSERT (the
    workers start on the first while the rest are being queued)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from analysis import services
    from analysis.selectors import matches_with_moves

    matches = [filed(), filed(), filed()]
    queued: list[int] = []
    monkeypatch.setattr(services, "enqueue", queued.append)
    monkeypatch.setattr(services, "enqueue_many", queued.extend)
    wanted = matches_with_moves(Match.objects.filter(pk__in=[m.pk for m in matches]))
    with CaptureQueriesContext(connection) as queries:
        counts = services.analysis_request_many(matches=wanted, plies=0)
    assert counts == {"queued": 3}
    table = MatchAnalysis._meta.db_table
    on_analyses = [q["sql"].split()[0] for q in queries if table in q["sql"]]
    assert on_analyses == ["SELECT", "INSERT", "INSERT", "INSERT"]
    assert sorted(queued) == sorted(
        MatchAnalysis.objects.filter(status=AnalysisStatus.QUEUED).values_list("pk", flat=True)
    )
    assert all(a.moves for a in MatchAnalysis.objects.all())
