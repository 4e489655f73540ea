"""The house as docs/architecture.md and docs/operations.md describe it, checked against the
code: the layers, the environment variables, module sizes and comments that say why."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
APPS: list[str] = PYPROJECT["tool"]["importlinter"]["root_packages"]
#: The modules a reader must be able to take in whole.
MAX_LINES = 400
#: Functions of ours and the standard library's that read an environment variable by name.
ENV_READERS = {"get", "getenv", "setdefault", "env_bool", "env_list"}


def app_modules() -> Iterator[Path]:
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def environment_variables(path: Path) -> set[str]:
    """Names of the environment variables a module reads (``os.environ.get("X")``,
    ``os.environ["X"]``, ``os.getenv("X")``, ``env_bool("X", ...)`` and the like)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        name = None
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            on_environ = isinstance(func, ast.Attribute) and "environ" in ast.unparse(func.value)
            if called in ENV_READERS and (on_environ or called.startswith(("env_", "getenv"))):
                name = node.args[0]
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value).endswith("environ"):
            name = node.slice
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            found.add(name.value)
    return found


def test_every_environment_variable_the_code_reads_is_in_the_operations_docs():
    operations = (ROOT / "docs" / "operations.md").read_text()
    read = {name for path in app_modules() for name in environment_variables(path)}
    assert {"REDIS_URL", "SECRET_KEY", "LOG_LEVEL"} <= read  # the scan finds them
    read.add("DATABASE_URL")  # read by dj_database_url.config()
    missing = sorted(name for name in read if f"`{name}`" not in operations)
    assert not missing, f"environment variables not in docs/operations.md: {missing}"


def test_no_module_of_the_apps_is_over_400_lines():
    long = {
        str(path.relative_to(ROOT)): lines
        for path in app_modules()
        if (lines := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert not long, f"split by concern: {long}"


def test_comments_say_why_not_which_issue():
    issue = re.compile(r"#.*\bissues? #?\d+|\(issue #?\d+", re.IGNORECASE)
    places = [ROOT / app for app in [*APPS, "tests", "benchmarks", "scripts", "templates"]]
    cited = [
        f"{path.relative_to(ROOT)}:{number}"
        for place in places
        for path in sorted(place.rglob("*"))
        if path.suffix in {".py", ".html", ".js", ".css"} and "migrations" not in path.parts
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if issue.search(line)
    ]
    assert not cited, f"comments that cite an issue number: {cited}"


def layers_contract() -> dict:
    return next(
        c
        for c in PYPROJECT["tool"]["importlinter"]["contracts"]
        if c["type"] == "layers" and c["name"] == "Apps depend downward only"
    )


def test_the_architecture_document_gives_the_layers_of_the_contract():
    contract = layers_contract()
    document = (ROOT / "docs" / "architecture.md").read_text()
    block = re.search(r"```text\n# layers\n(.*?)```", document, re.DOTALL)
    assert block, "docs/architecture.md has no ```text block headed '# layers'"
    assert block.group(1).split("\n")[:-1] == contract["layers"]
    for app in APPS:
        assert f"`{app}`" in document, f"docs/architecture.md does not say what {app} is"


def test_the_layers_hold_for_every_apps_pages_and_urls():
    """No view or URLconf is excused from the layers: a page that composes several apps is in
    ``pages``, on top, and an app's own pages import its layer and below."""
    excused = [
        rule
        for rule in layers_contract().get("ignore_imports", [])
        if any(
            part.startswith(("views", "urls")) or part == "pages"
            for part in rule.split("->")[0].strip().split(".")
        )
        or rule.split("->")[0].strip() == "**"
    ]
    assert not excused, f"the layers contract excuses views or URLs: {excused}"


def view_modules() -> Iterator[Path]:
    """The apps' pages: each ``views.py``, the modules of a ``views`` package, and ``pages``."""
    for path in app_modules():
        parts = path.relative_to(ROOT).parts
        if parts[0] == "pages" or path.name == "views.py" or "views" in parts[1:-1]:
            yield path


def test_views_read_through_selectors():
    """A view reads through a selector and writes through a service, never the ORM's
    managers itself (``Model.objects``)."""
    views = {str(path.relative_to(ROOT)): path for path in view_modules()}
    assert {"pages/tournament.py", "clubs/views/clubs.py", "chouettes/views.py"} <= set(views)
    querying = [
        f"{name}:{node.lineno}"
        for name, path in views.items()
        for node in ast.walk(ast.parse(path.read_text(), name))
        if isinstance(node, ast.Attribute) and node.attr == "objects"
    ]
    assert not querying, f"views that query the ORM themselves: {querying}"


def test_the_real_server_run_leaves_out_the_tests_that_reach_no_backend():
    """.ci/run's run against PostgreSQL and Redis leaves out the tests marked ``pure``
    (tests/conftest.py): the engine's and the pairing's, not those that use the database,
    the browser, or run under a fixture of their directory that changes the settings."""
    pure = {"tests/backgammon/test_game.py", "tests/tournaments/pairing/test_swiss.py"}
    reaching = {
        "tests/play/test_clock.py",  # tests/play/conftest.py sets the channel layer
        "tests/tournaments/test_players_list.py",
        "tests/e2e/test_board_reconnect.py",
        "tests/clubs/test_demo.py",
    }
    command = [sys.executable, "-m", "pytest", "-q", "-n0", "-pno:cacheprovider", "--collect-only"]
    collected = subprocess.run(
        [*command, "-m", "pure", *sorted(pure | reaching)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    modules = {line.split("::")[0] for line in collected.splitlines() if "::" in line}
    assert modules == pure, collected
