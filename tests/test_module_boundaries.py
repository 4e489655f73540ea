"""Modules split by concern, not by size: what one module keeps to itself (an underscore name)
no other module imports, and the reads (selectors) never call the writes (services)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).parent.parent
#: The project's own packages (the apps, the engine and the settings); tests, benchmarks and
#: scripts may reach inside a module to check or measure it.
LEFT_OUT = {".venv", "tests", "benchmarks", "scripts", "migrations", "node_modules", "site"}


def project_modules() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(ROOT.glob("*/**/*.py")):
        parts = path.relative_to(ROOT).parts
        if LEFT_OUT.isdisjoint(parts) and (ROOT / parts[0] / "__init__.py").exists():
            yield path, ast.parse(path.read_text(), str(path))


def own_package(module: str) -> bool:
    return module.startswith(".") or (ROOT / module.split(".")[0] / "__init__.py").exists()


def imports_from(tree: ast.Module) -> Iterator[tuple[str, str, int]]:
    """``(module, name, line)`` of every ``from module import name`` of the project's own; a
    relative import (``from . import name``, ``from .module import name``) is its package's."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or node.level):
            module = "." * node.level + (node.module or "")
            for alias in node.names:
                yield module, alias.name, node.lineno


def test_no_module_imports_another_modules_underscore_names():
    found = [
        f"{path.relative_to(ROOT)}:{line}: from {module} import {name}"
        for path, tree in project_modules()
        for module, name, line in imports_from(tree)
        if own_package(module) and name.startswith("_") and not name.startswith("__")
    ]
    assert not found, "make them public in a module of their concern:\n" + "\n".join(found)


def is_selectors(path: Path) -> bool:
    parts = path.relative_to(ROOT).parts
    return path.name == "selectors.py" or "selectors" in parts[:-1]


def is_services(module: str) -> bool:
    return "services" in module.split(".")


def test_no_selector_imports_a_service():
    found = [
        f"{path.relative_to(ROOT)}:{line}: from {module} import {name}"
        for path, tree in project_modules()
        if is_selectors(path)
        for module, name, line in imports_from(tree)
        if own_package(module) and is_services(module)
    ]
    assert not found, "a read that a selector needs is a selector:\n" + "\n".join(found)
