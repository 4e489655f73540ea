"""Backup and restore (deploy/backup.sh, deploy/restore.sh): a living demo club, built as a
site builds it (migrated, ``manage.py demo``, money booked and a match analysed through the
services), is dumped, restored into an empty database, and the app started on each shows every
page the same: the standings, the ledger, the cash-up, the payout sheets, the analyses, for a
visitor, the organizer and a player. Every row of every table comes back, and every sequence
where it was (a row added after the restore takes a new id). A restore over a database that
holds tables is refused and changes nothing; a nightly dump is kept for its days, and a failed
one leaves the last good dump.

Needs PostgreSQL (DATABASE_URL) and its client programs; it makes two databases of its own
beside the one DATABASE_URL names (``<name>_backup_source``, ``<name>_backup_restored``).
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
import redis

from tests.conftest import DATABASE_URL, ROOT, needs_postgres, needs_redis

CLIENTS = ("pg_dump", "pg_restore", "psql")
pytestmark = [
    needs_postgres,
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.skipif(
        not all(map(shutil.which, CLIENTS)),
        reason="needs PostgreSQL's client programs (apt-get install postgresql-client)",
    ),
]

BACKUP = ROOT / "deploy" / "backup.sh"
RESTORE = ROOT / "deploy" / "restore.sh"

#: Pages that must be among those compared, with a text each must show: the living club's
#: money, standings and analysis, not an empty site equal to another.
LANDMARKS = {
    "organizer /clubs/demo/money/": "Trophies",
    "organizer /clubs/demo/money/cash-up/1/": "A coin rolled away",
    "organizer /clubs/demo/t/monthly-7-point/money/payouts/": "75.60 €",
    "organizer /clubs/demo/t/monthly-7-point/money/": "Fees",
    "- /clubs/demo/t/monthly-7-point/standings/": "Standings",
    "- /clubs/demo/t/autumn-swiss/standings/": "Standings",
    "- /clubs/demo/t/thursday-bar-cup/": "Thursday Bar Cup",
    "- /clubs/demo/t/open/analysis/": "Analyses: 0 queued, 0 running, 1 done",
    "- /clubs/demo/ladders/club-ladder/": "Club ladder",
    "- /clubs/demo/chouettes/1/": "Chouette",
}


def url_of(name: str) -> str:
    return urlunsplit(urlsplit(DATABASE_URL)._replace(path=f"/{name}", query=""))


BASE = urlsplit(DATABASE_URL).path.strip("/") or "crawford"
SOURCE = f"{BASE}_backup_source"
RESTORED = f"{BASE}_backup_restored"


def databases_made_empty(*names: str) -> None:
    with psycopg.connect(url_of("postgres"), autocommit=True) as server:
        for name in names:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            server.execute(f'CREATE DATABASE "{name}"')


def databases_dropped(*names: str) -> None:
    with psycopg.connect(url_of("postgres"), autocommit=True) as server:
        for name in names:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def environment(database: str, **extra: str) -> dict[str, str]:
    """The app's own settings on ``database``, without Redis: each process keeps its cache in
    its memory, so no page is served from a copy another process cached (the source's pages
    and the restored site's have the same versions, and so the same cache keys)."""
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    env.update(
        DATABASE_URL=url_of(database),
        DJANGO_SETTINGS_MODULE="config.settings",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        **extra,
    )
    return env


def run(args: list[str | Path], database: str, **extra: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(arg) for arg in args],
        cwd=ROOT,
        env=environment(database, **extra),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def rows(database: str) -> dict[str, tuple[int, str]]:
    """Every table's number of rows and a digest of them all, and every sequence's value."""
    found: dict[str, tuple[int, str]] = {}
    with psycopg.connect(url_of(database)) as connection:
        tables = connection.execute(
            "SELECT c.relname, c.relkind FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'S') ORDER BY 1"
        ).fetchall()
        for name, kind in tables:
            if kind == "S":
                value, called = connection.execute(
                    f'SELECT last_value, is_called FROM "{name}"'
                ).fetchone()
                found[name] = (value, str(called))
                continue
            every = "coalesce(string_agg(r::text, '|' ORDER BY r::text), '')"
            count, digest = connection.execute(
                f'SELECT count(*), md5({every}) FROM "{name}" r'
            ).fetchone()
            found[name] = (count, digest)
    return found


def crawled(database: str, out: Path, moment: datetime) -> dict[str, list]:
    module = "tests.backup_restore_site"
    run([sys.executable, "-m", module, "crawl", out, moment.isoformat()], database)
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The demo club built on a fresh database, dumped, and restored into an empty one."""
    folder = tmp_path_factory.mktemp("backups")
    databases_made_empty(SOURCE, RESTORED)
    python = sys.executable
    run([python, "manage.py", "migrate", "--no-input"], SOURCE)
    run([python, "manage.py", "demo"], SOURCE)
    run([python, "-m", "tests.backup_restore_site", "book"], SOURCE)
    dump = Path(run([BACKUP], SOURCE, BACKUP_DIR=str(folder)).stdout.strip())
    restored = run([RESTORE, dump], RESTORED, PYTHON=python)
    yield {"dump": dump, "folder": folder, "restore_output": restored.stdout}
    databases_dropped(SOURCE, RESTORED)


def test_every_row_and_sequence_comes_back(site):
    source, restored = rows(SOURCE), rows(RESTORED)
    assert source["money_ledgerentry"][0] > 0
    assert source["analysis_matchanalysis"][0] > 0
    assert restored == source
    assert "Restored" in site["restore_output"]


def test_the_restored_site_shows_every_page_the_same(site, tmp_path):
    moment = datetime.now(UTC)
    with ThreadPoolExecutor(2) as pool:
        source_run = pool.submit(crawled, SOURCE, tmp_path / "source.json", moment)
        restored_run = pool.submit(crawled, RESTORED, tmp_path / "restored.json", moment)
        source, restored = source_run.result(), restored_run.result()

    for page, text in LANDMARKS.items():
        assert page in source, f"{page} was not reached"
        status, body = source[page]
        assert status == 200 and text in body, page
    assert any("/analysis/matches/" in page and "/replay/" in page for page in source)
    assert len(source) > 500
    assert sorted(restored) == sorted(source)
    differing = [page for page in source if restored[page] != source[page]]
    assert not differing, f"{len(differing)} pages differ: {differing[:5]}\n" + difference(
        source[differing[0]], restored[differing[0]]
    )


def difference(source: list, restored: list) -> str:
    lines = difflib.unified_diff(
        f"{source[0]}\n{source[1]}".splitlines(),
        f"{restored[0]}\n{restored[1]}".splitlines(),
        "source",
        "restored",
        lineterm="",
        n=1,
    )
    return "\n".join(line[:300] for line in list(lines)[:40])


def test_a_restore_over_a_database_with_tables_is_refused(site):
    before = rows(RESTORED)
    done = subprocess.run(
        [RESTORE, site["dump"]],
        cwd=ROOT,
        env=environment(RESTORED),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "restore only into an empty one" in done.stderr
    assert rows(RESTORED) == before


def test_old_dumps_go_after_a_good_one_and_a_failed_dump_keeps_them(site, tmp_path):
    old = tmp_path / "crawford-2020-01-01T031500Z.dump"
    recent = tmp_path / "crawford-2020-01-10T031500Z.dump"
    for dump, days in ((old, 15), (recent, 2)):
        shutil.copy(site["dump"], dump)
        moment = time.time() - days * 86400
        os.utime(dump, (moment, moment))

    failed = subprocess.run(
        [BACKUP],
        cwd=ROOT,
        env=environment(f"{BASE}_backup_missing", BACKUP_DIR=str(tmp_path)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert failed.returncode != 0
    assert "the last good dump is kept" in failed.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == [old.name, recent.name]

    # The site's environment file names the database (as its services read it).
    env_file = tmp_path.parent / "crawford.env"
    env_file.write_text(f'DEBUG=false\nDATABASE_URL="{url_of(SOURCE)}"\n')
    done = subprocess.run(
        [BACKUP],
        cwd=ROOT,
        env={
            **{k: v for k, v in environment(SOURCE).items() if k != "DATABASE_URL"},
            "ENV_FILE": str(env_file),
            "BACKUP_DIR": str(tmp_path),
            "BACKUP_KEEP_DAYS": "14",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    made = Path(done.stdout.strip())
    assert sorted(tmp_path.iterdir()) == sorted([recent, made])
    assert made.stat().st_mode & 0o077 == 0  # members' addresses and password hashes


@needs_redis
def test_a_restore_empties_the_sites_redis(site, tmp_path):
    """Cached pages are keyed by the tournaments' versions, which the restore takes back: a
    copy cached after the dump would be served for another change made after the restore. The
    queues and the channel layer hold nothing the database does not (the outbox)."""
    url = os.environ["REDIS_URL"]  # this test process's own database (tests/settings.py)
    server = redis.Redis.from_url(url)
    server.set("crawford:page:cached-after-the-dump", "stale")
    target = f"{BASE}_backup_redis"
    databases_made_empty(target)
    try:
        done = run([RESTORE, site["dump"]], target, PYTHON=sys.executable, REDIS_URL=url)
    finally:
        databases_dropped(target)
    assert "Emptied Redis" in done.stdout
    assert server.get("crawford:page:cached-after-the-dump") is None
