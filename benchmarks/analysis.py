"""Benchmark of match analysis: Crawford's overhead over gnubg's own time, a round's time.

    DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python benchmarks/analysis.py \
        [--matches 16] [--length 7] [--sample-2ply 2 (0: none)] [--full-2ply] [--repeat 5]
        [--prefetch 2] [--optimization fair|default]

Needs Debian's gnubg, PostgreSQL and Redis (it skips with the reason otherwise). It

1. has gnubg play ``--matches`` × ``--repeat`` seven-point matches against itself (0-ply,
   with noise, fixed seeds) and imports them as the first round of a knockout tournament in
   a fresh test database; each turn below takes ``--matches`` of them that no gnubg has
   analysed before (gnubg's evaluation cache would favour a process that has);
2. **floor**: analyses the turn's files at 0-ply with two gnubg processes run directly (our job
   script, each gnubg started once and fed the next file as soon as it is free: gnubg's own
   time, without Django, the database or Celery);
3. **through the queue**: a real Celery worker on the ``analysis`` queue with two worker
   processes (one long-lived gnubg each) analyses the same matches at 0-ply, timed from the
   request to the last figure stored; ``overhead`` = queue time ÷ floor − 1 (target ≤ 10 %);
   floor and queue are measured by turns ``--repeat`` times (the machine is shared: gnubg's
   own speed varies from turn to turn) and the overhead is the median of the turns' ratios.
   Of it, the part that is gnubg waiting for Crawford (the two gnubg processes' idle share
   through the queue against the floor's) is printed too, and Crawford's CPU per match (the
   worker processes, PostgreSQL, Redis and the request, counted until the round's last task
   has ended), which runs on the same two cores as gnubg. Both keep their gnubg processes
   from one turn to the next;
4. memory (RSS) of each worker process after the run;
5. 2-ply: the round through the queue, or by default a sample of ``--sample-2ply`` matches
   (analysed two at a time) extrapolated to the round (printed as such).

The last line printed is a JSON dict of the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# As production runs the worker and the site: no query log kept per query (DEBUG's).
os.environ.setdefault("DEBUG", "0")

GENERATE = """
import gnubg, os
out = os.environ["BENCH_OUT"]
gnubg.command("set threads 1")
gnubg.command("set rng mersenne")
for p in (0, 1):
    gnubg.command("set player %d gnubg" % p)
    gnubg.command("set player %d chequerplay evaluation plies 0" % p)
    gnubg.command("set player %d cubedecision evaluation plies 0" % p)
    gnubg.command("set player %d chequerplay evaluation noise 0.04" % p)
    gnubg.command("set player %d chequerplay evaluation deterministic off" % p)
for n in range(int(os.environ["BENCH_FIRST"]), int(os.environ["BENCH_END"])):
    gnubg.command("set seed %d" % (1000 + n))
    gnubg.command("new match %s" % os.environ["BENCH_LENGTH"])
    gnubg.command("export match mat %s/match%02d.mat" % (out, n))
"""


def skip(reason: str) -> None:
    print(f"skipped: {reason}")
    print(json.dumps({"skipped": reason}))
    sys.exit(0)


def generate(gnubg: str, folder: Path, n: int, length: int) -> list[str]:
    """``n`` matches gnubg plays against itself, by two gnubg processes at once."""
    script = folder / "generate.py"
    script.write_text(GENERATE)
    runs = []
    for first, end in ((0, n // 2), (n // 2, n)):
        env = {**os.environ, "BENCH_OUT": str(folder), "BENCH_LENGTH": str(length)}
        # A home of its own: two gnubg starting at once in one home race to make its .gnubg.
        home = folder / f"home{first}"
        home.mkdir()
        env.update(BENCH_FIRST=str(first), BENCH_END=str(end), HOME=str(home))
        command = [gnubg, "-t", "-q", "-p", str(script)]
        runs.append(subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL))
    for run in runs:
        if run.wait() != 0:
            raise SystemExit("gnubg could not play the matches")
    return [(folder / f"match{k:02d}.mat").read_text() for k in range(n)]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU of these processes so far (not of their children: gnubg's own)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def named(program: str) -> list[int]:
    """The processes of a program by name (PostgreSQL's server processes, Redis)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == program:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found.extend(int(c) for c in text)
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=16)
    parser.add_argument("--length", type=int, default=7)
    parser.add_argument("--sample-2ply", type=int, default=2)
    parser.add_argument("--full-2ply", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    # As `make worker-analysis` runs it: the worker holds the next tasks while gnubg works
    # and hands one to whichever process is free first.
    parser.add_argument("--prefetch", type=int, default=2)
    parser.add_argument("--optimization", choices=("default", "fair"), default="fair")
    args = parser.parse_args()

    gnubg = shutil.which(os.environ.get("GNUBG_PATH", "/usr/games/gnubg")) or shutil.which("gnubg")
    if gnubg is None:
        skip("GNU Backgammon is not installed (apt-get install gnubg)")
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        skip("needs PostgreSQL: set DATABASE_URL")
    if not os.environ.get("REDIS_URL"):
        skip("needs Redis: set REDIS_URL")

    import django
    from redis import Redis

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.db.models import Max

    from analysis.models import MatchAnalysis
    from analysis.runner import GnubgServer
    from analysis.selectors import matches_with_moves
    from analysis.services import analysis_request_many
    from clubs.models import Club
    from config.celery import app
    from draw import services as draw_services
    from entries import services as entry_services
    from matches.models import Match
    from matches.services import match_import_file
    from tournaments import services

    folder = Path(tempfile.mkdtemp(prefix="crawford-bench-analysis-"))
    started = time.perf_counter()
    # Each turn analyses matches of its own: gnubg's evaluation cache would otherwise
    # favour the processes that had seen the same files in an earlier turn.
    texts = generate(gnubg, folder, args.matches * args.repeat, args.length)
    moves = sum(t.count(")") for t in texts)
    print(
        f"gnubg played {len(texts)} {args.length}-point matches ({moves} move lines) "
        f"in {time.perf_counter() - started:.1f} s"
    )

    test_db = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    worker = None
    direct: list[GnubgServer] = []
    try:
        app.conf.task_always_eager = True  # the set-up's events run inline
        user = get_user_model().objects.create_user("bench", password="x")
        club = Club.objects.create(name="Bench", slug="bench")
        tournament = services.tournament_create(
            club=club, user=user, name="Bench", default_length=args.length
        )
        services.tournament_open_registration(tournament=tournament)
        # A full bracket (no byes) with at least one first-round match per file.
        for n in range(2 * 2 ** (len(texts) - 1).bit_length()):
            entry_services.entry_add_guest(tournament=tournament, name=f"P{n:02d}")
        draw_services.tournament_start(tournament=tournament)
        matches = list(
            Match.objects.filter(round__stage__tournament=tournament, round__number=1)
            .exclude(entry_b=None)
            .order_by("index")
        )[: len(texts)]
        for match, text in zip(matches, texts, strict=True):
            match_import_file(match=match, text=text, swap=False)
        matches = list(Match.objects.filter(pk__in=[m.pk for m in matches]).order_by("index"))
        app.conf.task_always_eager = False

        # Floor: gnubg's own time, two gnubg processes run directly on the same files with the
        # same job script, each taking the next file as soon as it is free.
        direct.extend([GnubgServer(gnubg), GnubgServer(gnubg)])

        def floor(plies: int, sample: list[str]) -> tuple[float, float]:
            todo: queue.Queue[str] = queue.Queue()
            for text in sample:
                todo.put(text)
            spent = [0.0, 0.0]

            def serve(k: int) -> None:
                while True:
                    try:
                        text = todo.get_nowait()
                    except queue.Empty:
                        return
                    spent[k] += direct[k].run(text, plies=plies, timeout=600).seconds

            t0 = time.perf_counter()
            threads = [threading.Thread(target=serve, args=(k,)) for k in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            return time.perf_counter() - t0, sum(spent)

        env = {
            **os.environ,
            "DATABASE_URL": os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/" + test_db,
            "CELERY_TASK_ALWAYS_EAGER": "false",
        }
        worker = subprocess.Popen(
            [
                str(ROOT / ".venv/bin/celery"),
                "-A",
                "config",
                "worker",
                "-Q",
                "analysis",
                "-c",
                "2",
                "-P",
                "prefork",
                "--prefetch-multiplier",
                str(args.prefetch),
                "-O",
                args.optimization,
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-l",
                "warning",
                "-n",
                f"bench-analysis-{os.getpid()}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.time() + 60
        while time.time() < deadline:
            if app.control.ping(timeout=0.5):
                break
        else:
            raise SystemExit("the Celery worker did not start")
        pool_pids = children(worker.pid)

        queue_t0 = [0.0]
        broker = Redis.from_url(os.environ["REDIS_URL"])

        def through_queue(plies: int, chosen: list[Match]) -> float:
            # From the request to the moment the last figure was stored (its ``finished_at``),
            # not to when this loop noticed it: polling every 0.2 s would add up to 0.2 s.
            servers = {"postgres": named("postgres"), "redis": named("redis-server")}
            before = {name: cpu_seconds(pids) for name, pids in servers.items()}
            before["worker"] = cpu_seconds([worker.pid, *pool_pids])
            before["request"] = time.process_time()
            t0 = queue_t0[0] = time.time()
            # Read as the round's request reads its matches (with their games, round, players).
            ids = [m.pk for m in chosen]
            wanted = matches_with_moves(Match.objects.filter(pk__in=ids).order_by("index"))
            counts = analysis_request_many(matches=wanted, plies=plies)
            request_cpu = time.process_time() - before["request"]
            if counts["skipped"]:
                raise SystemExit(f"matches without moves: {counts}")
            while True:
                left = MatchAnalysis.objects.filter(match_id__in=ids, plies=plies).exclude(
                    status__in=["done", "failed"]
                )
                if not left.exists():
                    break
                # Poll gently: the benchmark must not take CPU from the two gnubg processes.
                time.sleep(0.2)
            failed = MatchAnalysis.objects.filter(match_id__in=ids, plies=plies, status="failed")
            if failed.exists():
                raise SystemExit(f"analyses failed: {[a.failure for a in failed]}")
            last = MatchAnalysis.objects.filter(match_id__in=ids, plies=plies).aggregate(
                last=Max("finished_at")
            )["last"]
            # The round's tasks whose analyses a worker process did while going down the queue
            # end after the last figure: wait for them, so that their work counts in this
            # round's CPU and does not run during the next turn.
            while broker.llen("analysis") or broker.hlen("unacked"):
                time.sleep(0.2)
            # Crawford's CPU for the round (polling included: 0.2 s apart): it runs on the
            # same two cores as the two gnubg processes, which it slows down accordingly.
            spent = {name: cpu_seconds(pids) - before[name] for name, pids in servers.items()}
            spent["worker"] = cpu_seconds([worker.pid, *pool_pids]) - before["worker"]
            spent["request"] = request_cpu
            cpu.append({name: 1000 * value / len(ids) for name, value in spent.items()})
            return last.timestamp() - t0

        # The machine is shared: floor and queue are measured by turns, the best of each.
        floors, queues, starts, idle = [], [], [], []
        cpu: list[dict[str, float]] = []
        all_texts, all_matches = texts, matches
        for turn in range(args.repeat):
            chosen = slice(turn * args.matches, (turn + 1) * args.matches)
            texts, matches = all_texts[chosen], all_matches[chosen]
            MatchAnalysis.objects.filter(plies=0).delete()
            floor0, busy0 = floor(0, texts)
            floors.append(floor0)
            print(f"0-ply direct, 2 gnubg processes: {floor0:.2f} s wall ({busy0:.2f} s of gnubg)")
            queues.append(through_queue(0, matches))
            busy = sum(a.gnubg_seconds or 0 for a in MatchAnalysis.objects.filter(plies=0))
            first = min(a.started_at for a in MatchAnalysis.objects.filter(plies=0))
            starts.append(first.timestamp() - queue_t0[0])
            # The time the two gnubg processes waited, through the queue against the floor's:
            # the part of the overhead that is gnubg waiting for Crawford, whatever gnubg's
            # own speed in the turn (its time for the same files varies by up to 20 %).
            idle.append((2 * queues[-1] / busy) / (2 * floor0 / busy0) - 1)
            # gnubg's busy time in both lines tells a loaded machine from Crawford's overhead.
            print(
                f"0-ply through the queue, 2 worker processes: {queues[-1]:.2f} s "
                f"({busy:.2f} s of gnubg)"
            )
        floor0, queue0 = min(floors), min(queues)
        # The machine is shared: gnubg's own speed varies by 10-20 % from one turn to the
        # next, so the overhead is the median of each turn's queue over its own floor (the
        # turns analyse different matches: their times are not compared with each other).
        overhead = statistics.median(q / f - 1 for q, f in zip(queues, floors, strict=True))
        cpu_ms = {name: statistics.median(turn[name] for turn in cpu) for name in cpu[0]}
        crawford_ms = sum(cpu_ms.values())
        share = crawford_ms * len(matches) / 1000 / (2 * statistics.median(queues))
        print(
            f"Crawford's CPU per match: {crawford_ms:.0f} ms (worker processes "
            f"{cpu_ms['worker']:.0f}, PostgreSQL {cpu_ms['postgres']:.0f}, Redis "
            f"{cpu_ms['redis']:.0f}, the request {cpu_ms['request']:.0f}): {share:.1%} of the "
            "two cores while the round runs, taken from gnubg"
        )
        print(f"the first task started {1000 * min(starts):.0f} ms after the request")
        turns = ", ".join(f"{q / f - 1:+.1%}" for q, f in zip(queues, floors, strict=True))
        print(
            f"overhead over gnubg's own time: {overhead * 100:+.1f} % (target ≤ 10 %): the "
            f"median of the turns' {turns}"
        )
        waits = ", ".join(f"{value:+.1%}" for value in idle)
        print(
            f"of which gnubg waiting for Crawford: {statistics.median(idle):+.1%} (the turns' "
            f"{waits}); the rest is gnubg itself slower or faster than in the floor's turn"
        )
        memory = [round(rss_mb(pid), 1) for pid in pool_pids]
        print(f"worker processes' memory (RSS): {memory} MB; main {rss_mb(worker.pid):.1f} MB")

        if args.full_2ply or args.sample_2ply > 0:
            sample = matches if args.full_2ply else matches[: max(2, args.sample_2ply)]
            queue2 = through_queue(2, sample)
            round2 = queue2 * len(matches) / len(sample)
            how = (
                "measured"
                if len(sample) == len(matches)
                else (f"extrapolated from {len(sample)} of {len(matches)} matches")
            )
            print(
                f"2-ply through the queue: {queue2:.1f} s for {len(sample)} matches; "
                f"the round of {len(matches)}: {round2:.0f} s ({how})"
            )
        else:
            round2, how = None, "not measured (--sample-2ply 0)"
        results = {
            "matches": len(matches),
            "length": args.length,
            "floor_0ply_s": round(floor0, 3),
            "queue_0ply_s": round(queue0, 3),
            "overhead_ratio": round(overhead, 4),
            "gnubg_waiting_ratio": round(statistics.median(idle), 4),
            "overhead_turns": [round(q / f - 1, 4) for q, f in zip(queues, floors, strict=True)],
            "crawford_cpu_ms_per_match": round(crawford_ms, 1),
            "crawford_cpu_ms": {name: round(value, 1) for name, value in cpu_ms.items()},
            "crawford_cpu_share": round(share, 4),
            "first_task_started_ms": round(1000 * min(starts), 1),
            "round_0ply_s": round(queue0, 2),
            "round_2ply_s": None if round2 is None else round(round2, 1),
            "round_2ply": how,
            "worker_rss_mb": memory,
        }
    finally:
        for server in direct:
            server.stop()
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=30)
        connection.creation.destroy_test_db(test_db, verbosity=0)
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
