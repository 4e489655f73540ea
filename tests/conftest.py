"""Shared fixtures. Tests that need a real server skip with a reason when it is not configured."""

from __future__ import annotations

import ast
import functools
import os
import threading
import tomllib
import uuid
import weakref
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction
from django.db.backends.signals import connection_created
from django.test import TestCase
from hypothesis import settings as hypothesis_settings

from clubs.models import Role
from config import gctuning
from config.celery import app as celery_app
from draw import services as draw_services
from entries import services as entry_services
from matches.models import Match
from matches.services import match_record_final_score
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tournaments import services
from tournaments.models import Tournament

# Tasks run inline in tests unless a test starts a real worker (see tests/test_celery.py).
celery_app.conf.task_always_eager = True

# A property's examples are not timed: on a machine shared with other work an example can take
# longer than Hypothesis's 200 ms without the code being slow, and a deadline then fails a
# correct property at random. Speed is measured by the benchmarks.
hypothesis_settings.register_profile("crawford", deadline=None)
hypothesis_settings.load_profile("crawford")

REDIS_URL = os.environ.get("REDIS_URL", "")
DATABASE_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = DATABASE_URL.startswith(("postgres://", "postgresql://"))

ROOT = Path(__file__).parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())

#: The markers of the tests that need a real server (``pytest -m postgres`` selects those that
#: need PostgreSQL): such a test skips with the reason where the server is not configured
#: (``pytest_collection_modifyitems``).
needs_redis = pytest.mark.redis
needs_postgres = pytest.mark.postgres
#: Each server marker: whether its server is configured, and the reason its tests skip if not.
SERVER_MARKERS = {
    "postgres": (
        ON_POSTGRES,
        "needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)",
    ),
    "redis": (
        bool(REDIS_URL),
        "needs a Redis server: set REDIS_URL (e.g. redis://127.0.0.1:6379/0)",
    ),
}


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a test process a core and one more. The browser tests' process waits for
    the browser and the server much of the time, and on PostgreSQL every process waits for
    the server part of the time: the one more fills those waits; more only crowd the cores."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_finish(session: pytest.Session) -> None:
    """A test process lives long and loads much, as the servers do: its collector is tuned
    as theirs (``config.gctuning``). Django, the libraries and the collected tests are left
    out of every walk, and the young objects are walked less often; untuned, the collector
    took about a twentieth of the suite's processor time, and walked everything five times
    more at the end of each process (pytest's search for unraisable exceptions)."""
    gctuning.tune()


#: How much lower the other test processes run than the browser tests' process (``os.nice``):
#: a third of its share of a core when both want one. Taken in turn, 10 (a tenth) was no
#: faster (178 and 184 s against 173 and 174 s), and it starves the others' own timed work
#: (a fake gnubg's sleep, a websocket's answer) longer.
OTHERS_NICENESS = 5
_PRIORITY_SET = pytest.StashKey[bool]()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """The browser tests' process goes first on the cores; the others take what it leaves.

    Each browser test is a chain (the test, the server thread, Chromium, the test again) that
    waits for a core at each step while the other processes keep both cores busy: among
    them the browser tests took 170 s, alone 140 s, and the suite waited for them at its end
    while the other processes had finished. A test process whose first test is not a
    browser test (they all run in one process, first: ``pytest_collection_modifyitems``)
    lowers its own priority, once; Chromium, started by the browser tests' process, keeps
    that process's. The cores stay as busy as before, and the processes ended together:
    the suite took 166-168 s instead of 176-180 s, taken in turn."""
    if item.config.stash.get(_PRIORITY_SET, False):
        return
    item.config.stash[_PRIORITY_SET] = True
    if os.environ.get("PYTEST_XDIST_WORKER") and not _browser_test(item):
        os.nice(OTHERS_NICENESS)


def _browser_test(item: pytest.Item) -> bool:
    """Whether ``item`` drives the browser (tests/e2e/)."""
    return item.nodeid.startswith("tests/e2e/")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's, which reads the group
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests first, all in one test process (pytest-xdist's ``loadgroup``): they
    mostly wait for the browser and the server while the other processes keep the cores
    busy with the rest, and every other process is spared a browser of its own.

    A module whose tests share data it builds once (a module-scoped fixture, such as one on
    ``module_db``) runs in one process too: spread over several, each would build it again
    (the demo club alone takes seconds)."""
    items.sort(key=lambda item: not _browser_test(item))
    for item in items:
        if _pure(item):
            item.add_marker(pytest.mark.pure)
    for item in items:
        for marker, (configured, reason) in SERVER_MARKERS.items():
            if not configured and item.get_closest_marker(marker) is not None:
                item.add_marker(pytest.mark.skip(reason=reason))
        if _browser_test(item):
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif _builds_for_its_module(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    config.stash[MARKER_CENSUS] = marker_census(items)


#: The markers pyproject.toml declares.
DECLARED_MARKERS = [
    line.split(":")[0].strip() for line in PYPROJECT["tool"]["pytest"]["ini_options"]["markers"]
]
#: Where the collection leaves its census of the markers (``marker_census``) for
#: tests/test_markers.py.
MARKER_CENSUS = pytest.StashKey[dict[str, Any]]()


def marker_census(items: list[pytest.Item]) -> dict[str, Any]:
    """The test files collected; for each declared marker the tests that carry it, and for each
    test the reasons of the
    skips it asks for itself (its ``skip`` and ``skipif`` markers, before the server markers
    add theirs), by node id: taken as the suite is collected, before ``-m`` or ``-k`` leave
    any test out."""
    return {
        "files": sorted({item.nodeid.split("::")[0] for item in items}),
        "carried": {
            marker: [item.nodeid for item in items if item.get_closest_marker(marker)]
            for marker in DECLARED_MARKERS
        },
        "skips": {
            item.nodeid: reasons
            for item in items
            if (
                reasons := [
                    str(mark.kwargs.get("reason", ""))
                    for name in ("skip", "skipif")
                    for mark in item.iter_markers(name)
                ]
            )
        },
    }


#: pytest-django's fixtures through which a test reaches the database, the settings (and so
#: the cache, the channel layer or the broker) or a server.
BACKEND_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
    "client",
    "admin_client",
    "async_client",
    "rf",
    "settings",
}


PROJECT_PACKAGES = PYPROJECT["tool"]["importlinter"]["root_packages"]
#: The pure packages of the import contract: they import no Django.
PURE_PACKAGES = next(
    contract["source_modules"]
    for contract in PYPROJECT["tool"]["importlinter"]["contracts"]
    if contract["name"] == "Pure domain code imports no Django"
)
#: What a pure test may not import: Django and what talks to a server, and the suite's modules
#: (they are followed instead, when imported with ``from``).
BACKEND_PACKAGES = {
    "django",
    "rest_framework",
    "channels",
    "celery",
    "kombu",
    "redis",
    "psycopg",
    "tests",
}


def _pure(item: pytest.Item) -> bool:
    """Whether ``item`` touches no database, cache or broker: it is not marked for the
    database, no fixture of pytest-django's that reaches one is among those it runs, and
    its module and the fixtures of its module and its directories' conftests import nothing
    of the project but the pure packages (the import contract's, which import no Django).
    Such a test runs the same code whatever DATABASE_URL and REDIS_URL say, so .ci/run's
    second run, against the real servers, leaves it out (``-m "not pure"``)."""
    fixtureinfo = getattr(item, "_fixtureinfo", None)
    if fixtureinfo is None or item.get_closest_marker("django_db") is not None:
        return False
    if BACKEND_FIXTURES & set(fixtureinfo.names_closure):
        return False
    own = [  # not a plugin's, nor the suite's baseline (tests/conftest.py)
        definitions[-1].func.__code__.co_filename
        for definitions in fixtureinfo.name2fixturedefs.values()
        if definitions[-1].baseid not in ("", "tests")
    ]
    return all(map(_pure_module, [str(item.path), *own]))


@functools.cache
def _pure_module(path: str) -> bool:
    """Whether the module at ``path`` imports, itself and through the suite's own modules it
    imports, nothing of the project but the pure packages."""
    for node in ast.walk(ast.parse(Path(path).read_text())):
        if isinstance(node, ast.ImportFrom) and (
            node.level or (node.module or "").split(".")[0] == "tests"
        ):
            base = Path(path).parents[node.level - 1] if node.level else ROOT
            target = base.joinpath(*node.module.split(".")) if node.module else base
            files = [target.with_suffix(".py"), target / "__init__.py"]
            files += [target / f"{alias.name}.py" for alias in node.names]
            found = [str(file) for file in files if file.is_file()]
            if not found or not all(map(_pure_module, found)):
                return False
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top in BACKEND_PACKAGES:
                return False
            within = any(
                name == module or name.startswith(f"{module}.") or module.startswith(f"{name}.")
                for module in PURE_PACKAGES
            )
            if top in PROJECT_PACKAGES and not within:
                return False
    return True


def _builds_for_its_module(item: pytest.Item) -> bool:
    """Whether ``item`` uses a module-scoped fixture of the suite's own."""
    fixtureinfo = getattr(item, "_fixtureinfo", None)
    if fixtureinfo is None:
        return False
    return any(
        definitions[-1].scope == "module" and definitions[-1].baseid.startswith("tests")
        for definitions in fixtureinfo.name2fixturedefs.values()
    )


@pytest.fixture(autouse=True)
def english_to_start_with(request):
    """Every test starts in English: a request in German leaves its language active in the
    thread, and the next test on that worker would read German messages."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield  # pure tests run with `-p no:django` too
        return
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


#: Django connections opened in an event loop's worker threads (``asyncio_N``: the boards'
#: ``database_sync_to_async(..., thread_sensitive=False)``). Channels' test communicator
#: turns ``close_old_connections`` into a no-op while the consumer runs, so nothing closes
#: them; a connection still open when the session ends keeps the test database from being
#: dropped. Each with its thread: only a connection whose thread has ended (its loop closed
#: with the test) is closed, never one a running server's thread may be using.
_worker_connections: list[tuple[weakref.ref[Any], threading.Thread]] = []


def _remember_worker_connection(sender: Any, connection: Any, **kwargs: Any) -> None:
    thread = threading.current_thread()
    if thread.name.startswith("asyncio_"):
        _worker_connections.append((weakref.ref(connection), thread))


if ON_POSTGRES:  # an in-memory SQLite database goes with the process
    connection_created.connect(_remember_worker_connection, weak=False)


@pytest.fixture(autouse=True)
def loop_connections_closed(request):
    """An event loop's own database connection (``config.db.execute_from_loop``) outlives
    the test's loop, and so do the connections its worker threads opened: closed after each
    test, or the test database could not be dropped."""
    yield
    if not (ON_POSTGRES and request.config.pluginmanager.hasplugin("django")):
        return
    from config.db import close_loop_connections

    close_loop_connections()
    alive = []
    for ref, thread in _worker_connections:
        wrapper = ref()
        if wrapper is None or wrapper.connection is None:
            continue
        if thread.is_alive():
            alive.append((ref, thread))
            continue
        # Its thread has ended: closed from here, as Django allows for a shared connection.
        wrapper.inc_thread_sharing()
        try:
            wrapper.close()
        finally:
            wrapper.dec_thread_sharing()
    _worker_connections[:] = alive


@pytest.fixture(scope="session", autouse=True)
def stray_sessions_ended(request):
    """When the session ends, the other sessions on this process's test database are ended
    before it is dropped: a thread of a server the suite started, or a killed worker's child,
    may still hold one then (the drop would fail and leave the database behind)."""
    if not (ON_POSTGRES and request.config.pluginmanager.hasplugin("django")):
        yield
        return
    request.getfixturevalue("django_db_setup")  # so this ends first, then the database goes
    yield
    from django.db import connection

    with request.getfixturevalue("django_db_blocker").unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture(autouse=True)
def no_rate_limits(request):
    """Rate limits would trip over the hundreds of log-ins and API calls of the suite (and
    ``client.login`` passes no request, which django-axes needs): off unless a test turns
    them on (tests/test_rate_limits.py)."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    settings = request.getfixturevalue("settings")
    settings.AXES_ENABLED = False
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": None, "user": None, "token": None},
    }


@pytest.fixture
def own_caches(settings):
    """Caches of this test alone, in memory: with REDIS_URL the default cache (and so the
    rate limits' counters) is shared by the test workers; the pages' copies start empty."""
    settings.CACHES = {
        "pages": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"pages-{uuid.uuid4().hex}",
        },
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"throttle-{uuid.uuid4().hex}",
        },
    }


# --- Tournaments: a club with an organizer, tournaments drawn through the services ---


def new_organizer(username: str = "olga"):
    return UserFactory(username=username)


def new_club(organizer, slug: str = "bar"):
    club = ClubFactory(name="Bar Club" if slug == "bar" else slug.title(), slug=slug)
    MembershipFactory(club=club, player__user=organizer, role=Role.ORGANIZER)
    return club


def committed(fn, *args, **kwargs):
    """Run a block and then what it left for after the commit (Celery tasks run eagerly)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return fn(*args, **kwargs)


def tournament_made(club, organizer, players: int, *, start: bool = True, **settings):
    """A tournament with ``players`` approved guests, started (drawn) unless told not to."""
    tournament = services.tournament_create(
        club=club, user=organizer, name=settings.pop("name", "Open"), **settings
    )
    services.tournament_open_registration(tournament=tournament)
    names = [f"Player {n:03d}" for n in range(1, players + 1)]
    entries = entry_services.entries_add_guests(tournament=tournament, names=names)
    entry_services.entries_set_seeds(
        tournament=tournament, ordered_entry_ids=[e.pk for e in entries]
    )
    if start:
        committed(draw_services.tournament_start, tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def played(match: Match, winner=None, score=None) -> Match:
    """Record a final score for a match (the higher seed wins unless ``winner`` says)."""
    match.refresh_from_db()
    winner = winner or match.entry_a
    length = match.length
    if match.match_format == "games":
        length = (match.length + 1) // 2
    won, lost = score or (length, 0)
    a, b = (won, lost) if winner == match.entry_a else (lost, won)
    return committed(match_record_final_score, match=match, score_a=a, score_b=b)


@pytest.fixture(scope="module")
def module_db(django_db_setup, django_db_blocker):
    """The database for data a module's tests only read, built once for them (a fixture of
    the module's own asking for this one): in a transaction that each test runs inside, as
    a savepoint rolled back after it, and that is rolled back after the module's last test,
    as Django's ``TestCase.setUpTestData`` does for a class. The shared data takes names of
    its own (the module's other tests make the usual "olga" and "bar"), and the module's
    tests get caches of their own (``own_caches``): a page one test cached must not be
    served to the next, whose data has the same ids and versions."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)


@pytest.fixture
def organizer():
    return new_organizer()


@pytest.fixture
def club(organizer):
    return new_club(organizer)


@pytest.fixture
def commit():
    """Run a block and then what it left for after the commit (Celery tasks run eagerly)."""
    return committed


@pytest.fixture
def make_tournament(club, organizer):
    """A tournament with ``players`` approved guests, started (drawn) unless told not to."""

    def make(players: int, *, start: bool = True, **settings) -> Tournament:
        return tournament_made(club, organizer, players, start=start, **settings)

    return make


@pytest.fixture
def play():
    """Record a final score for a match (the higher seed wins unless ``winner`` says)."""
    return played


def open_matches(tournament, **filters):
    return list(
        Match.objects.filter(round__stage__tournament=tournament, status="ready", **filters)
        .select_related("entry_a__player", "entry_b__player", "round__stage")
        .order_by("round__stage__order", "round__number", "index")
    )


# --- Matches: one open match to enter results into, match-file fixtures ---------------------

#: gnubg- and XG-made match files (tests/backgammon/fixtures/mat), with gnubg's account beside.
MAT_FIXTURES = Path(__file__).resolve().parent / "backgammon" / "fixtures" / "mat"


def mat(name: str) -> str:
    return (MAT_FIXTURES / f"{name}.mat").read_text()


def assert_nothing_stored(match: Match) -> None:
    """A refused import or result leaves the match exactly as it was."""
    before = match.version
    match.refresh_from_db()
    assert match.games.count() == 0
    assert match.files.count() == 0
    assert (match.status, match.score_a, match.score_b) == ("ready", 0, 0)
    assert match.version == before


@pytest.fixture
def referee(club):
    user = UserFactory(username="rudi")
    MembershipFactory(club=club, player__user=user, role=Role.REFEREE)
    return user


@pytest.fixture
def match_of(make_tournament, referee):
    """An open first-round match of a fresh two-player tournament with these settings."""

    def make(**settings) -> Match:
        tournament = make_tournament(2, **settings)
        tournament.referees.add(referee.player)
        return open_matches(tournament)[0]

    return make


@pytest.fixture
def make_match(club, organizer):
    """The one match of a started two-player tournament: ``names[0]`` is its first player."""

    def make(length=3, names=("Alice", "Bob"), club=club, **settings) -> Match:
        return match_made(club, organizer, length=length, names=names, **settings)

    return make


def match_made(club, organizer, *, length=3, names=("Alice", "Bob"), **settings) -> Match:
    """The one match of a started two-player tournament (``make_match``, also for the data a
    module builds once)."""
    tournament = services.tournament_create(
        club=club, user=organizer, name="Open", default_length=length, **settings
    )
    services.tournament_open_registration(tournament=tournament)
    for seed, name in enumerate(names, start=1):
        entry = entry_services.entry_add_guest(tournament=tournament, name=name)
        entry.seed = seed
        entry.save()
    committed(draw_services.tournament_start, tournament=tournament)
    match = fresh(Match.objects.get(round__stage__tournament=tournament, status="ready").pk)
    assert match.entry_a.player.name == names[0].strip()
    return match


def fresh(pk: int) -> Match:
    """The match as stored, with its tournament, club and players: a test changes the copy
    it was handed (``refresh_from_db``), so each test of a module that shares a match reads
    its own."""
    return Match.objects.select_related(
        "round__stage__tournament__club", "entry_a__player", "entry_b__player"
    ).get(pk=pk)
