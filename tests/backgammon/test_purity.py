"""The rules engine stays a pure package: nothing in backgammon imports Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "backgammon"
FORBIDDEN = ("django", "rest_framework", "channels", "celery")
MODULES = sorted(PACKAGE.rglob("*.py"))


def _imported(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
    return names


def test_the_package_has_modules() -> None:
    assert PACKAGE.joinpath("__init__.py") in MODULES


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.name)
def test_module_imports_no_framework(module: Path) -> None:
    imported = _imported(ast.parse(module.read_text(encoding="utf-8"), filename=str(module)))
    bad = sorted(name for name in imported if name.split(".")[0] in FORBIDDEN)
    assert not bad, f"{module.name} imports {bad}; backgammon must stay pure"


def test_importing_the_package_loads_no_framework() -> None:
    modules = [
        ".".join(("backgammon", *path.relative_to(PACKAGE).with_suffix("").parts))
        for path in MODULES
        if path.stem != "__init__"
    ]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PACKAGE.parents[1],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.strip() == "[]", done.stdout
