"""A worker hands gnubg the next queued analysis before it stores the one gnubg ran, holding it
with a PostgreSQL advisory lock; a task whose analysis another live process holds waits for it,
and runs it if that process died (gnubg replaced by its saved output, the database real)."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest
from django.db import connection

from analysis import claims, runner
from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.moves import digest
from analysis.run import analysis_run
from analysis.services import analysis_request
from analysis.tasks import analyse, analyse_many
from matches.services import match_import_file
from tests.analysis.conftest import saved
from tests.conftest import mat, needs_postgres

pytestmark = [needs_postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def queued(make_match, commit, monkeypatch):
    """``queued(n)``: n analyses at 0-ply left queued (their tasks not run); each one's moves
    read ``analysis <id>``, so the fake gnubg below knows which match it was handed."""
    monkeypatch.setattr("analysis.services.enqueue", lambda analysis_id: None)

    def make(n: int) -> list[int]:
        ids = []
        for _ in range(n):
            match = make_match(length=3, names=("Alice", "Bob"))
            commit(match_import_file, match=match, text=mat("gnubg_03pt_s104"))
            analysis = analysis_request(match=match.pk, plies=0)
            MatchAnalysis.objects.filter(pk=analysis.pk).update(moves=f"analysis {analysis.pk}")
            ids.append(analysis.pk)
        return ids

    return make


@pytest.fixture
def gnubg(monkeypatch, settings):
    """gnubg replaced by its saved output; ``events`` records what it was handed and what was
    collected and stored, by analysis id; ``fail`` the ids whose next run fails (and stops
    gnubg for those in ``kills``: the jobs waiting behind are lost)."""
    settings.GNUBG_PATH = "/bin/true"
    fake = type("Fake", (), {})()
    fake.events, fake.fail, fake.kills, fake.waiting = [], [], set(), []
    fake.shown = {}  # each analysis's status when gnubg was done with it
    fake.versions = {}  # and its tournament's version then

    def submit(text, *, plies, timeout=None):
        analysis_id = int(text.split()[1])
        fake.events.append(("submit", analysis_id))
        job = {"id": analysis_id, "lost": False}
        fake.waiting.append(job)

        def result():
            fake.waiting.remove(job)
            if job["lost"]:
                raise runner.GnubgLost("gnubg was started again")
            fake.events.append(("collect", analysis_id))
            shown = MatchAnalysis.objects.select_related("match__round__stage__tournament")
            analysis = shown.get(pk=analysis_id)
            fake.shown[analysis_id] = analysis.status
            fake.versions[analysis_id] = analysis.match.round.stage.tournament.version
            if analysis_id in fake.fail:
                fake.fail.remove(analysis_id)
                for other in fake.waiting:
                    other["lost"] = analysis_id in fake.kills
                raise runner.GnubgError("gnubg wrote no result: boom")
            return runner.GnubgRun(data=saved("gnubg_03pt_s104_0ply"), seconds=0.01)

        return runner.PendingRun(result, lambda: fake.waiting.remove(job), lambda: job["lost"])

    from analysis import run

    real_store = run._store

    def store(started, report, gnubg_run, following=None):
        fake.events.append(("store", started.analysis.pk))
        return real_store(started, report, gnubg_run, following)

    monkeypatch.setattr("analysis.run.submit_gnubg", submit)
    monkeypatch.setattr("analysis.run._store", store)
    return fake


def version(analysis_id):
    analysis = MatchAnalysis.objects.select_related("match__round__stage__tournament")
    return analysis.get(pk=analysis_id).match.round.stage.tournament.version


def statuses(ids):
    found = dict(MatchAnalysis.objects.filter(pk__in=ids).values_list("pk", "status"))
    return [found[pk] for pk in ids]


class OtherProcess:
    """Another worker process: a database session of its own holding analyses' locks."""

    def __init__(self) -> None:
        params = connection.get_connection_params()
        params.pop("cursor_factory", None)
        params.pop("context", None)
        self.session = psycopg.connect(**params, autocommit=True)

    def hold(self, analysis_id: int) -> None:
        self.session.execute("SELECT pg_advisory_lock(%s)", [claims.key(analysis_id)])

    def release(self, analysis_id: int) -> None:
        self.session.execute("SELECT pg_advisory_unlock(%s)", [claims.key(analysis_id)])

    def die(self) -> None:
        self.session.close()


def test_gnubg_is_handed_the_next_queued_match_before_the_one_it_ran_is_stored(queued, gnubg):
    """gnubg never waits for Crawford: one task goes down the queue, each match handed over
    the moment gnubg is done with the one before, whose figures are stored meanwhile."""
    a, b, c = queued(3)  # each in a tournament of its own
    versions = {pk: version(pk) for pk in (a, b, c)}
    analysis_run(analysis_id=a, claim_ahead=True)
    assert statuses([a, b, c]) == [AnalysisStatus.DONE] * 3
    assert gnubg.events == [
        ("submit", a),
        ("collect", a),
        ("submit", b),
        ("store", a),
        ("collect", b),
        ("submit", c),
        ("store", b),
        ("collect", c),
        ("store", c),
    ]
    # Each shown running while gnubg worked on it (b and c with the figures of the one before).
    assert gnubg.shown == {a: "running", b: "running", c: "running"}
    # ... and its tournament's pages with it (cached under the version, raised once).
    assert {pk: gnubg.versions[pk] - versions[pk] for pk in (a, b, c)} == {a: 1, b: 1, c: 1}
    with connection.cursor() as cursor:  # every lock on this test database given back
        cursor.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())"
        )
        assert cursor.fetchone()[0] == 0


def test_inline_or_without_the_setting_a_task_runs_its_own_analysis_only(queued, gnubg, settings):
    a, b, c, d = queued(4)
    assert analyse.apply(args=[a]).get() == "done"  # a task run inline (the embedded defaults)
    settings.ANALYSIS_CLAIM_AHEAD_SECONDS = 0
    assert analyse.run(b) == "done"  # as a worker runs it
    assert statuses([a, b, c, d]) == ["done", "done", "queued", "queued"]
    assert [event for event, _id in gnubg.events] == ["submit", "collect", "store"] * 2

    settings.ANALYSIS_CLAIM_AHEAD_SECONDS = 600
    analyse.run(c)  # a worker goes on down the queue
    assert statuses([c, d]) == ["done", "done"]


def test_an_analysis_another_process_holds_is_left_to_it(queued, gnubg):
    a, b, c = queued(3)
    other = OtherProcess()
    try:
        other.hold(b)
        analysis_run(analysis_id=a, claim_ahead=True)
        assert statuses([a, b, c]) == ["done", "queued", "done"]
        assert ("submit", b) not in gnubg.events
    finally:
        other.die()


def test_a_task_waits_while_a_live_process_runs_its_analysis_and_then_leaves_it(queued, gnubg):
    (a,) = queued(1)
    other = OtherProcess()
    other.hold(a)
    task = threading.Thread(target=analysis_run, kwargs={"analysis_id": a, "claim_ahead": True})
    try:
        task.start()
        time.sleep(3 * claims.POLL_SECONDS)
        assert task.is_alive() and gnubg.events == []
        analysis_run(analysis_id=a)  # the holder analyses it, then lets go
        other.release(a)
        task.join(timeout=10)
        assert not task.is_alive()
        assert statuses([a]) == ["done"] and [e for e, _id in gnubg.events].count("submit") == 1
    finally:
        other.die()
        task.join(timeout=10)


def test_while_another_process_holds_its_analysis_a_task_works_on_the_rest(queued, gnubg):
    """Two worker processes never wait for each other while analyses are queued: the one
    whose analysis the other holds (as the next in its gnubg's line) takes the rest."""
    a, b, c = queued(3)
    other = OtherProcess()
    other.hold(a)
    task = threading.Thread(target=analysis_run, kwargs={"analysis_id": a, "claim_ahead": True})
    try:
        task.start()
        wait = time.monotonic() + 10
        while statuses([b, c]) != ["done", "done"] and time.monotonic() < wait:
            time.sleep(0.05)
        assert statuses([a, b, c]) == ["queued", "done", "done"]
        assert task.is_alive()  # its own analysis is still held by the other process
        analysis_run(analysis_id=a)
        other.release(a)
        task.join(timeout=10)
        assert not task.is_alive()
        assert [pk for event, pk in gnubg.events if event == "submit"] == [b, c, a]
    finally:
        other.die()
        task.join(timeout=10)


def test_the_task_of_an_analysis_done_already_ends_at_once(queued, gnubg):
    """Most tasks find their analysis done by the worker that took it from the queue: they
    end without waiting for any lock (here one still held as its holder lets go)."""
    (a,) = queued(1)
    analysis_run(analysis_id=a)
    other = OtherProcess()
    other.hold(a)
    task = threading.Thread(target=analysis_run, kwargs={"analysis_id": a, "claim_ahead": True})
    try:
        task.start()
        task.join(timeout=2)
        assert not task.is_alive()
        assert [event for event, _id in gnubg.events] == ["submit", "collect", "store"]
    finally:
        other.die()
        task.join(timeout=10)


def test_an_analysis_whose_holder_died_is_run_by_its_own_task(queued, gnubg):
    """A worker killed with the analysis in gnubg's hands: PostgreSQL gives its lock back and
    the task, delivered again (or waiting), runs it."""
    (a,) = queued(1)
    other = OtherProcess()
    other.hold(a)
    MatchAnalysis.objects.filter(pk=a).update(status=AnalysisStatus.RUNNING)
    task = threading.Thread(target=analysis_run, kwargs={"analysis_id": a, "claim_ahead": True})
    task.start()
    time.sleep(3 * claims.POLL_SECONDS)
    assert gnubg.events == []
    other.die()
    task.join(timeout=10)
    assert not task.is_alive()
    assert statuses([a]) == ["done"] and ("store", a) in gnubg.events


def test_a_failed_run_is_tried_again_behind_the_match_gnubg_was_handed(queued, gnubg):
    a, b, c = queued(3)
    gnubg.fail = [a]
    analysis_run(analysis_id=a, claim_ahead=True)
    assert statuses([a, b, c]) == [AnalysisStatus.DONE] * 3
    assert gnubg.events == [
        ("submit", a),
        ("collect", a),  # fails
        ("submit", b),
        ("submit", a),  # behind b
        ("collect", b),
        ("store", b),
        ("collect", a),
        ("submit", c),
        ("store", a),
        ("collect", c),
        ("store", c),
    ]
    attempts = dict(MatchAnalysis.objects.values_list("pk", "attempts"))
    assert (attempts[a], attempts[b], attempts[c]) == (1, 0, 0)


def test_a_match_lost_with_a_stopped_gnubg_goes_to_it_again_without_counting(queued, gnubg):
    """gnubg stopped on a match (over its time limit) with another waiting behind it: that one
    never ran; it is handed over again, and the loss is not counted as a failed attempt."""
    a, b = queued(2)
    gnubg.fail, gnubg.kills = [a, b], {b}
    analysis_run(analysis_id=a, claim_ahead=True)
    assert statuses([a, b]) == [AnalysisStatus.DONE] * 2
    assert gnubg.events == [
        ("submit", a),
        ("collect", a),  # fails
        ("submit", b),
        ("submit", a),  # behind b
        ("collect", b),  # fails and gnubg is stopped: a, behind it, is lost
        ("submit", a),
        ("submit", b),
        ("collect", a),
        ("store", a),
        ("collect", b),
        ("store", b),
    ]
    attempts = dict(MatchAnalysis.objects.values_list("pk", "attempts"))
    assert (attempts[a], attempts[b]) == (1, 1)


def test_an_analysis_deleted_while_queued_is_passed_over_quietly(queued, gnubg):
    """Deleted (in the admin) while it waited: its task, run after the worker went down the
    queue, ends without an error, and the worker goes on past it."""
    a, b, c = queued(3)
    MatchAnalysis.objects.filter(pk=b).delete()
    analysis_run(analysis_id=a, claim_ahead=True)
    assert [pk for event, pk in gnubg.events if event == "submit"] == [a, c]
    assert analyse.run(b) == "gone"
    assert analyse.apply(args=[b]).get() == "gone"


@pytest.fixture
def round_request(make_match, commit, monkeypatch):
    """``round_request(n)``: a round's request for n filed matches at 0-ply; the tasks it sends
    are recorded (not run): ``("alone", id)`` and ``("together", [ids])``; each analysis's moves
    then read ``analysis <id>`` for the fake gnubg."""
    from analysis import services
    from analysis.selectors import matches_with_moves
    from matches.models import Match

    sent = []
    monkeypatch.setattr(services, "enqueue", lambda pk: sent.append(("alone", pk)))
    monkeypatch.setattr(services, "enqueue_many", lambda ids: sent.append(("together", ids)))

    def request(n: int) -> list[int]:
        pks = []
        for _ in range(n):
            match = make_match(length=3, names=("Alice", "Bob"))
            commit(match_import_file, match=match, text=mat("gnubg_03pt_s104"))
            pks.append(match.pk)
        wanted = matches_with_moves(Match.objects.filter(pk__in=pks).order_by("pk"))
        services.analysis_request_many(matches=wanted, plies=0)
        ids = [MatchAnalysis.objects.get(match_id=pk).pk for pk in pks]
        for pk in ids:
            MatchAnalysis.objects.filter(pk=pk).update(moves=f"analysis {pk}")
        request.sent = sent
        return ids

    return request


def test_a_round_sends_a_task_per_worker_process_and_one_for_the_rest(
    round_request, gnubg, settings
):
    """Each worker process starts at once on a task of its own; the rest of the round is one
    task: the processes go down the queue anyway, and it finds each analysis done (or runs
    it, or waits for its holder, as the analysis's own task would)."""
    settings.ANALYSIS_WORKER_PROCESSES = 2
    a, b, c, d, e = round_request(5)
    assert round_request.sent == [("alone", a), ("alone", b), ("together", [c, d, e])]
    analysis_run(analysis_id=a, claim_ahead=True)  # the first process, alone
    assert statuses([a, b, c, d, e]) == [AnalysisStatus.DONE] * 5
    assert analyse.run(b) == "done"
    assert analyse_many.run([c, d, e]) == {"done": 3}
    assert [pk for event, pk in gnubg.events if event == "submit"] == [a, b, c, d, e]


def test_a_task_for_the_rest_of_a_round_runs_what_no_process_has_run(round_request, gnubg):
    """The tasks of the first analyses were lost (their processes died): the task for the
    rest runs every analysis not done, its own first, and waits for one that another live
    process holds (done by it meanwhile)."""
    a, b, c, d = round_request(4)
    other = OtherProcess()
    other.hold(d)
    finished = threading.Event()

    def finish_d():
        # The holder finishes d while the task waits for it.
        time.sleep(3 * claims.POLL_SECONDS)
        done = {"status": AnalysisStatus.DONE, "digest": digest(f"analysis {d}")}
        MatchAnalysis.objects.filter(pk=d).update(**done)
        other.release(d)
        finished.set()
        connection.close()

    holder = threading.Thread(target=finish_d)
    holder.start()
    try:
        assert analyse_many.run([c, d]) == {"done": 2}
    finally:
        holder.join()
        other.die()
    assert finished.is_set()
    assert [pk for event, pk in gnubg.events if event == "submit"] == [c, a, b]
    assert statuses([a, b, c, d]) == [AnalysisStatus.DONE] * 4


def test_without_going_down_the_queue_each_analysis_has_a_task_of_its_own(
    round_request, gnubg, settings
):
    settings.ANALYSIS_CLAIM_AHEAD_SECONDS = 0
    ids = round_request(3)
    assert round_request.sent == [("alone", pk) for pk in ids]
