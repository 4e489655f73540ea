"""Every write service is called by a test: a service added without a test fails here.

A service module is an app's ``services.py`` or a module of its ``services/`` package, or any
other module of an app holding a ``@logged_service`` (``play.director``).
A write service is a public function defined there (read from the source, so re-exports are
not counted twice) that takes keyword arguments only, or is decorated ``@logged_service`` or
``@transaction.atomic``. The reads among them are named in ``READS``, each with what it reads.
Public functions that take positional arguments are the services' building blocks (locks, checks,
the pieces one service shares with another): they are tested through the services that call them.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "root_packages"
]
SERVICE_DECORATORS = {"logged_service", "atomic"}

#: Keyword-only functions of the service modules that change nothing.
READS = {
    "entries_bulk_plan": "what entering a pasted list of players would do, line by line",
    "late_penalty_proposed": "what the tournament's late rule proposes for a late player",
    "render_kind": "a notification kind's subject and bodies in a language",
}


@dataclass(frozen=True)
class Service:
    module: str
    name: str

    def __str__(self) -> str:
        return f"{self.module}.{self.name}"


def _decorator_name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _is_service(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    arguments = function.args
    keyword_only = (
        bool(arguments.kwonlyargs)
        and not arguments.posonlyargs
        and not arguments.args
        and arguments.vararg is None
    )
    decorated = {_decorator_name(d) for d in function.decorator_list} & SERVICE_DECORATORS
    return keyword_only or bool(decorated)


def _functions(path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    tree = ast.parse(path.read_text(), str(path))
    return [
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and not node.name.startswith("_")
    ]


def service_modules() -> Iterator[Path]:
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            relative = path.relative_to(ROOT / app).parts
            if "migrations" in relative or "tests" in relative:
                continue
            in_services = relative == ("services.py",) or relative[0] == "services"
            logged = any(
                "logged_service" in {_decorator_name(d) for d in function.decorator_list}
                for function in _functions(path)
            )
            if in_services or logged:
                yield path


def services() -> list[Service]:
    found = []
    for path in service_modules():
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found += [Service(module, f.name) for f in _functions(path) if _is_service(f)]
    return found


def _referenced_names(path: Path) -> set[str]:
    """Names a test module calls or hands on to be called (``commit(match_record_game, ...)``,
    a parametrized list of services); never a name in a string or an import."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            names.add(node.attr)
    return names


def test_the_scan_finds_the_services():
    found = {service.name for service in services()}
    # one from a services.py, a services package (seasons among them) and play.director
    assert {"chouette_create", "tournament_create", "online_pause", "season_create"} <= found
    assert "match_lock" not in found  # a building block takes the match positionally
    assert len(found) > 100


def test_each_read_named_is_a_function_of_a_service_module():
    names = {service.name for service in services()}
    assert sorted(set(READS) - names) == []


def test_every_write_service_is_called_by_a_test():
    called: set[str] = set()
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if path != Path(__file__).resolve():
            called |= _referenced_names(path)
    untested = [str(s) for s in services() if s.name not in READS and s.name not in called]
    assert untested == [], f"{len(untested)} write services no test calls:\n" + "\n".join(untested)
