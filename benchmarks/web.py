"""Public pages and API lists against Django's own floor, served the production way.

Starts the app as docs/operations.md runs it (gunicorn, ``config/gunicorn.py``,
production settings) with ONE sync worker, on PostgreSQL (``BENCH_DATABASE_URL``, else
``DATABASE_URL``; it must be PostgreSQL, and the database is emptied) and on Redis when
``REDIS_URL`` answers (local memory otherwise). Loads the demo, a season, a match from a match
file, a 512- and a 2,048-player Swiss with 9 rounds played, then for every public page and API
read (``benchmarks/_web_pages.py``: every page a visitor without an account can open) measures,
with 8 keep-alive connections for a few seconds each:

- the floor: a hello-world view behind the whole production middleware chain
  (``benchmarks/_web_settings.py``), measured in slices between the page's (below), in the
  order floor, warm, changed, uncached, floor, floor, uncached, changed, warm, floor, twice:
  each of the page's figures is measured around the same middle moment as its floor's, so a
  machine that gets faster or slower during the page (it is shared) moves both alike;
- the page with a warm cache;
- the page "just after a change": while the connections load it, every tournament's and
  club's version is raised ``BENCH_CHANGES_PER_SECOND`` times a second (4; an UPDATE from the
  benchmark, as a referee's result would come through another worker), so each change's
  first request builds the page again and the rest are served from the cache. A 2,048-player
  Swiss has 1,024 results per round, about one every four seconds over a round of an hour: 4
  changes a second is more than ten times that;
- the page uncached: every request first raises every tournament's and club's version, so
  nothing is cached (those UPDATEs are counted in the page's CPU): the cost of building it.
  Log-in, sign-up and the API's schema and docs page are built from the code alone, once per
  process: their three figures are all warm ones.

Reported per run: requests/s, p50/p99 latency, server CPU per request (master and worker,
from /proc) and queries per request (``X-Queries``). The last line is JSON with the ratios
(page requests/s ÷ the floor's) and the targets' verdicts: warm ≥ 0.5 and just after a change
≥ 0.2 of the floor's requests/s; uncached, the 512- and 2,048-player pages ≤ 50 ms of CPU
beyond the floor and ≤ 15 queries.

    export BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench
    export REDIS_URL=redis://127.0.0.1:6379/7
    .venv/bin/python benchmarks/web.py          # BENCH_SECONDS=3 per run

``BENCH_ONLY=standings,round`` measures only the pages whose names contain one of those words,
or the one page of exactly that name (``BENCH_ONLY="api matches"``: not the Swisses'), while
working on them; the targets' verdict then covers only those.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SECONDS = float(os.environ.get("BENCH_SECONDS", "3"))
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "8"))
CHANGES_PER_SECOND = float(os.environ.get("BENCH_CHANGES_PER_SECOND", "4"))
TICK = os.sysconf("SC_CLK_TCK")


def environment() -> dict[str, str]:
    database = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("DATABASE_URL", "")
    if not database.startswith(("postgres://", "postgresql://")):
        print("skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a PostgreSQL database")
        print(json.dumps({"skipped": "needs PostgreSQL"}))
        sys.exit(0)
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database,
        DJANGO_SETTINGS_MODULE="benchmarks._web_settings",
        SECRET_KEY=secrets.token_urlsafe(60),
        ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="WARNING",
        API_RATE_ANON="100000000/min",
        WEB_WORKERS="1",
    )
    if not redis_answers(env.get("REDIS_URL", "")):
        env.pop("REDIS_URL", None)
    return env


def redis_answers(url: str) -> bool:
    if not url:
        return False
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
    except Exception:
        return False


def prepare(env: dict[str, str]) -> dict[str, str]:
    """Empty the database, migrate, load the demo and the big Swisses; the URLs to measure."""
    os.environ.update(env)
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    call_command("migrate", verbosity=0)
    cache.clear()
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("demo", verbosity=0, stdout=open(os.devnull, "w"))  # noqa: SIM115

    from benchmarks._web_pages import public_pages

    urls = public_pages()
    with connection.cursor() as cursor:
        # What autovacuum does soon after such a load: the planner's statistics (without
        # them it expects one row where there are ten thousand).
        cursor.execute("ANALYZE")
    connection.close()
    only = [w.strip() for w in os.environ.get("BENCH_ONLY", "").split(",") if w.strip()]
    if only:  # a word names the page of that name, else every page whose name holds it
        chosen = {n for w in only for n in ([w] if w in urls else [n for n in urls if w in n])}
        urls = {name: path for name, path in urls.items() if name in chosen}
    return urls


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_ticks(pid: int) -> int:
    """utime + stime of the process and its children (the gunicorn master and worker)."""
    total = 0
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    pids += [int(c) for c in children]
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total


async def one_connection(
    port: int, path: str, headers: dict[str, str], until: float, out: list
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    extra = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n"
        f"Accept-Language: en\r\n{extra}\r\n"
    ).encode()
    try:
        while time.perf_counter() < until:
            start = time.perf_counter()
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            status = int(lines[0].split()[1])
            fields = {}
            for line in lines[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    fields[name.strip().lower()] = value.strip()
            length = int(fields.get("content-length", "0"))
            if length:
                await reader.readexactly(length)
            out.append((time.perf_counter() - start, status, int(fields.get("x-queries", "-1"))))
            if fields.get("connection", "").lower() == "close":
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
    finally:
        writer.close()


async def changes(until: float) -> None:
    """Raise every tournament's and club's version ``CHANGES_PER_SECOND`` times a second until
    ``until`` (through a connection of the benchmark's own: the server's CPU does not count
    it)."""
    import psycopg

    from clubs.models import Club
    from tournaments.models import Tournament

    statements = [
        f"UPDATE {model._meta.db_table} SET version = version + 1" for model in (Tournament, Club)
    ]
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as db:

        def raise_versions() -> None:
            for sql in statements:
                db.execute(sql)

        while time.perf_counter() < until:
            await asyncio.to_thread(raise_versions)
            await asyncio.sleep(1 / CHANGES_PER_SECOND)


async def load(
    port: int, path: str, headers: dict[str, str], seconds: float, changing: bool = False
) -> list:
    out: list = []
    until = time.perf_counter() + seconds
    await asyncio.gather(
        *(one_connection(port, path, headers, until, out) for _ in range(CONNECTIONS)),
        *([changes(until)] if changing else []),
    )
    return out


def measure_slice(
    pid: int,
    port: int,
    path: str,
    seconds: float,
    headers: dict[str, str] | None = None,
    changing: bool = False,
) -> tuple[list, float, float]:
    """One slice of load: its samples, its seconds and the server's CPU seconds."""
    ticks = cpu_ticks(pid)
    start = time.perf_counter()
    samples = asyncio.run(load(port, path, headers or {}, seconds, changing))
    elapsed = time.perf_counter() - start
    bad = [s[1] for s in samples if s[1] != 200]
    if bad:
        raise SystemExit(f"{path}: answered {sorted(set(bad))}")
    return samples, elapsed, (cpu_ticks(pid) - ticks) / TICK


def figures(slices: list[tuple[list, float, float]]) -> dict:
    """Requests/s, latencies, CPU and queries per request over slices of the same load."""
    samples = [sample for part in slices for sample in part[0]]
    elapsed = sum(part[1] for part in slices)
    used = sum(part[2] for part in slices)
    times = sorted(s[0] for s in samples)
    count = len(samples)
    return {
        "rps": round(count / elapsed, 1),
        "p50_ms": round(statistics.median(times) * 1000, 2),
        "p99_ms": round(times[min(count - 1, int(count * 0.99))] * 1000, 2),
        "cpu_ms": round(used * 1000 / count, 3),
        "queries": statistics.median(s[2] for s in samples),
    }


#: The order of a page's slices (repeated ``REPEATS`` times): the same middle for each.
ORDER = (
    "floor",
    "warm",
    "changed",
    "uncached",
    "floor",
    "floor",
    "uncached",
    "changed",
    "warm",
    "floor",
)
REPEATS = 2


def measure_page(pid: int, port: int, path: str, floor_path: str) -> dict[str, dict]:
    """The floor and the page warm, just after changes and uncached, in interleaved slices:
    ``SECONDS`` of each of the page's loads, twice that of the floor."""
    loads: dict[str, tuple[str, dict[str, str], bool]] = {
        "floor": (floor_path, {}, False),
        "warm": (path, {}, False),
        "changed": (path, {}, True),
        "uncached": (path, {"X-Bench-Invalidate": "1"}, False),
    }
    asyncio.run(load(port, path, {}, 0.3))  # warm this URL (imports, cache)
    asyncio.run(load(port, floor_path, {}, 0.1))
    seconds = SECONDS / (2 * REPEATS)  # each of the page's loads is twice in ORDER
    parts: dict[str, list] = {kind: [] for kind in loads}
    for _ in range(REPEATS):
        for kind in ORDER:
            url, headers, changing = loads[kind]
            if kind == "warm":  # the slices before raised the versions: built once first
                asyncio.run(load(port, url, {}, 0.05))
            parts[kind].append(measure_slice(pid, port, url, seconds, headers, changing))
    return {kind: figures(slices) for kind, slices in parts.items()}


@contextmanager
def production_server(env: dict[str, str]) -> Iterator[tuple[int, int]]:
    """gunicorn as ``config/gunicorn.py`` runs it, on a free port of loopback, answering:
    its process id and its port; stopped after the block."""
    port = free_port()
    env["WEB_BIND"] = f"127.0.0.1:{port}"
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "-c", "config/gunicorn.py"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        time.sleep(1)
        yield server.pid, port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def main() -> None:
    env = environment()
    print(f"preparing (database, demo, Swisses of 512 and 2,048; redis: {'REDIS_URL' in env})")
    urls = prepare(env)
    with production_server(env) as (pid, port):
        results = run(pid, port, urls)
    report(results)


def run(pid: int, port: int, urls: dict[str, str]) -> dict:
    floor_path = "/_bench/hello"
    results = {}
    for name, path in urls.items():
        measured = measure_page(pid, port, path, floor_path)
        floor, warm = measured["floor"], measured["warm"]
        changed, uncached = measured["changed"], measured["uncached"]
        floor_rps, floor_cpu = floor["rps"], floor["cpu_ms"]
        results[name] = {
            "path": path,
            "warm": warm,
            "changed": changed,
            "uncached": uncached,
            "floor_rps": round(floor_rps, 1),
            "floor_cpu_ms": round(floor_cpu, 3),
            "warm_ratio": round(warm["rps"] / floor_rps, 3),
            "changed_ratio": round(changed["rps"] / floor_rps, 3),
            "uncached_ratio": round(uncached["rps"] / floor_rps, 3),
            "uncached_cpu_beyond_floor_ms": round(uncached["cpu_ms"] - floor_cpu, 2),
        }
        r = results[name]
        print(f"{name:24} floor    {fmt(floor)}")
        print(f"{'':24} warm     {fmt(warm)}  ratio {r['warm_ratio']:.2f}")
        print(f"{'':24} changed  {fmt(changed)}  ratio {r['changed_ratio']:.2f}")
        print(f"{'':24} uncached {fmt(uncached)}  ratio {r['uncached_ratio']:.2f}")
    return results


def fmt(m: dict) -> str:
    return (
        f"{m['rps']:8.1f} req/s  p50 {m['p50_ms']:7.2f} ms  p99 {m['p99_ms']:7.2f} ms  "
        f"cpu {m['cpu_ms']:7.3f} ms  {m['queries']:g} queries"
    )


def report(results: dict) -> None:
    big = [name for name in results if name.split()[0] in ("512", "2048")]
    targets = {
        "warm_ratio_min": min(r["warm_ratio"] for r in results.values()),
        "changed_ratio_min": min(r["changed_ratio"] for r in results.values()),
        "big_uncached_cpu_beyond_floor_ms_max": max(
            (results[n]["uncached_cpu_beyond_floor_ms"] for n in big), default=0
        ),
        "big_uncached_queries_max": max(
            (results[n]["uncached"]["queries"] for n in big), default=0
        ),
    }
    targets["ok"] = (
        targets["warm_ratio_min"] >= 0.5
        and targets["changed_ratio_min"] >= 0.2
        and targets["big_uncached_cpu_beyond_floor_ms_max"] <= 50
        and targets["big_uncached_queries_max"] <= 15
    )
    print(
        json.dumps(
            {
                "warm_ratio": {n: r["warm_ratio"] for n, r in results.items()},
                "changed_ratio": {n: r["changed_ratio"] for n, r in results.items()},
                "uncached_ratio": {n: r["uncached_ratio"] for n, r in results.items()},
                "uncached_cpu_beyond_floor_ms": {
                    n: r["uncached_cpu_beyond_floor_ms"] for n, r in results.items()
                },
                "queries_uncached": {n: r["uncached"]["queries"] for n, r in results.items()},
                "changes_per_second": CHANGES_PER_SECOND,
                "floor_rps": round(statistics.median(r["floor_rps"] for r in results.values()), 1),
                **targets,
            }
        )
    )


if __name__ == "__main__":
    main()
