"""One word, one meaning (``docs/architecture.md``, "Words"): the renames stay where a reading
of the source can tell. "Event" is the bus's: a bracket's competition is a flight and a
chouette's join, leave or game is a happening; "ledger" is the club's money, a recorded
match's accepted actions are its transcript; a tournament's result is corrected through the
draw, which re-routes the bracket. Money calls a tournament a tournament; an action entered on
the clock is a ClockAction, a game among a chouette's happenings a SessionGame."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Where "event" may only be the bus's: these import it, and their listeners take an event.
NO_OTHER_EVENT = ["tournaments/pairing", "standings", "draw", "chouettes"]
BUS_LISTENERS = {"listeners.py"}


def _sources(*folders: str) -> Iterator[Path]:
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def _names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every name the code gives or reads: variables, attributes, parameters, functions,
    classes and keyword arguments (not the modules it imports)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, ast.arg):
            yield node.lineno, node.arg
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.lineno, node.name
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.lineno, node.arg


def _says_event(name: str) -> bool:
    return any(
        part in {"event", "events"} for part in re.split(r"_|(?<=[a-z])(?=[A-Z])", name.lower())
    )


def test_event_is_the_bus_alone_in_the_draw_standings_pairing_and_chouettes():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in _sources(*NO_OTHER_EVENT)
        if path.name not in BUS_LISTENERS
        for line, name in _names(ast.parse(path.read_text()))
        if _says_event(name)
    ]
    assert found == []


def test_money_calls_a_tournament_a_tournament():
    # TournamentMoney, tournament_money, the pure TournamentSheet: no "event" for it.
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in _sources("money")
        if path.name not in BUS_LISTENERS
        for line, name in _names(ast.parse(path.read_text()))
        if _says_event(name)
    ]
    assert found == []
    assert not (ROOT / "tests" / "money" / "events.py").exists()


#: A tournament's Entry is not an action on the clock (ClockAction), and the engine's play is
#: not a game among a chouette's happenings (SessionGame).
TAKEN_WORDS = {"recording": "Entry", "chouettes": "Play"}


def test_recording_says_no_entry_and_chouettes_no_play():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for folder, word in TAKEN_WORDS.items()
        for path in _sources(folder)
        for line, name in _names(ast.parse(path.read_text()))
        if name == word
    ]
    assert found == []


def test_the_pages_of_flights_and_happenings_say_so():
    templates = [
        *(ROOT / "templates" / "standings").rglob("*.*"),
        *(ROOT / "templates" / "notifications" / "tournament_finished").rglob("*.*"),
        *(ROOT / "templates" / "chouettes").rglob("*.*"),
    ]
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in templates
        for match in re.finditer(r"\bevents?\b[\w.]*", path.read_text())
    ]
    assert found == []


def test_ledger_is_the_money_alone():
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in [*_sources("recording"), *(ROOT / "templates" / "recording").rglob("*.*")]
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "ledger" in line.lower()
    ]
    assert found == []


def test_pages_and_the_api_correct_a_result_through_the_draw():
    # matches' own corrections do not re-route a bracket; the draw's do.
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _sources("pages", "api")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "match_correct_" in line
    ]
    assert found == []
