"""A browser test reads what a click brought only once it is there.

Playwright's click (and press, check, select_option, ...) returns once the answer it caused
has begun to arrive, not once its page is read; an HTMX request it starts is not waited for
at all. A read that does not wait (``count()``, ``is_visible()``, ``page.evaluate``,
``content()``, a query of the database, a helper that begins with one) right after such an
action reads the page before, or half of the next: it passes on a fast machine and fails on
a busy one (the cash-up's and the ledger's did, in a fresh clone and on CI). So after an
action the next read of the page goes through something that waits (``wait_for``,
``expect``, ``inner_text``, ``goto``, ...). An action that changes the page at once, in the
page's own script and without a request (opening a ``<details>``, a label's checkbox, a
print button), says so with a comment ``# at once`` on the read's line."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

E2E = Path(__file__).resolve().parent / "e2e"

#: What a user does, which may start a request or a navigation.
ACTIONS = {
    "click",
    "dblclick",
    "tap",
    "press",
    "check",
    "uncheck",
    "select_option",
    "set_input_files",
    "dispatch_event",
}
#: What waits for the page (an element to be there, a load, a navigation, a condition).
WAITS = {
    "wait_for",
    "wait_for_url",
    "wait_for_selector",
    "wait_for_load_state",
    "wait_for_function",
    "wait_for_event",
    "wait_for_timeout",  # a time in which nothing is to happen (a dialog dismissed)
    "goto",
    "reload",
    "go_back",
    "expect",
    "expect_navigation",
    "expect_response",
    "expect_request",
    "inner_text",
    "text_content",
    "inner_html",
    "get_attribute",
    "input_value",
    "fill",
}
#: Reads that take the page as it is this moment.
AT_ONCE = {
    "count",
    "is_visible",
    "is_hidden",
    "is_checked",
    "is_enabled",
    "is_disabled",
    "is_editable",
    "evaluate",
    "evaluate_all",
    "all_inner_texts",
    "all_text_contents",
    "all",
    "content",
    "bounding_box",
    "screenshot",
    "pdf",
    "refresh_from_db",
}


def _name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


def _reads_the_database(call: ast.Call) -> bool:
    """``Model.objects.<anything>(...)``, however long the chain."""
    node = call.func
    while isinstance(node, ast.Attribute | ast.Call):
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            return True
        node = node.func if isinstance(node, ast.Call) else node.value
    return False


def _locator_evaluate(call: ast.Call) -> bool:
    """``<locator>.evaluate(...)`` waits for its element; a page's does not. A locator is
    what a chain of ``locator``/``get_by_*``/``first``/``nth`` calls gives."""
    if _name(call) != "evaluate" or not isinstance(call.func, ast.Attribute):
        return False
    value = call.func.value
    if isinstance(value, ast.Attribute) and value.attr in ("first", "last"):
        return True
    return isinstance(value, ast.Call) and (
        (_name(value) or "").startswith("get_by_") or _name(value) in ("locator", "nth", "filter")
    )


def _calls(function: ast.FunctionDef) -> list[ast.Call]:
    """The calls of ``function``'s own body (not of functions defined in it), in the order
    they run: a call ends after the calls in its receiver and its arguments."""
    found: list[ast.Call] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            if isinstance(child, ast.Call):
                found.append(child)
            visit(child)

    visit(function)
    return sorted(found, key=lambda call: (call.end_lineno or 0, call.end_col_offset or 0))


def _waited_actions(function: ast.FunctionDef) -> set[int]:
    """The ids of the actions inside ``with page.expect_navigation():`` (and the like)."""
    waited = set()
    for node in ast.walk(function):
        if isinstance(node, ast.With) and any(
            isinstance(item.context_expr, ast.Call)
            and (_name(item.context_expr) or "").startswith("expect_")
            for item in node.items
        ):
            waited |= {id(call) for call in ast.walk(node) if isinstance(call, ast.Call)}
    return waited


#: Functions by name.
Helpers = dict[str, ast.FunctionDef]


def _functions(path: Path) -> Helpers:
    return {
        node.name: node
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef)
    }


@cache
def _shared_helpers() -> Helpers:
    return {
        name: node for path in sorted(E2E.glob("*.py")) for name, node in _functions(path).items()
    }


def _helpers(path: Path) -> Helpers:
    """The helpers a module's tests call: the browser tests' functions, its own first."""
    return {**_shared_helpers(), **_functions(path)}


def _kinds(call: ast.Call, helpers: Helpers, seen: frozenset[str]) -> tuple[str, str] | None:
    """How a call begins and how it ends, each "action", "wait" or "at once"; None for a
    call that is none of them. A helper of the browser tests begins as its first such call
    and ends as its last (one that types and clicks ends with an action)."""
    name = _name(call)
    if isinstance(call.func, ast.Name) and name != "expect":  # a function: all(), a helper
        helper = helpers.get(name or "")
        if helper is None or name in seen:
            return None
        inner = _sequence(helper, helpers, seen | {name})
        return (inner[0][1], inner[-1][2]) if inner else None
    if name in ACTIONS:
        return ("action", "action")
    if name in WAITS or _locator_evaluate(call):
        return ("wait", "wait")
    if name in AT_ONCE or _reads_the_database(call):
        return ("at once", "at once")
    return None


def _sequence(
    function: ast.FunctionDef, helpers: Helpers, seen: frozenset[str] = frozenset()
) -> list[tuple[ast.Call, str, str]]:
    """The calls of ``function`` that act, wait or read, with how each begins and ends (an
    action inside ``with page.expect_navigation():`` ends waited for)."""
    waited = _waited_actions(function)
    sequence = []
    for call in _calls(function):
        kinds = _kinds(call, helpers, seen)
        if kinds is not None:
            begins, ends = kinds
            sequence.append((call, begins, "wait" if id(call) in waited else ends))
    return sequence


def unwaited_reads(path: Path) -> Iterator[str]:
    """Each read in ``path`` that takes the page right after an action, without waiting."""
    text = path.read_text()
    lines = text.splitlines()
    helpers = _helpers(path)
    functions = ast.walk(ast.parse(text))
    for function in (node for node in functions if isinstance(node, ast.FunctionDef)):
        action: ast.Call | None = None
        for call, begins, ends in _sequence(function, helpers):
            marked = "# at once" in lines[call.lineno - 1]
            if begins == "at once" and action is not None and not marked:
                yield (
                    f"{path.name}:{call.lineno}: {ast.unparse(call)[:80]} right after "
                    f"line {action.lineno}'s {_name(action)}"
                )
            action = call if ends == "action" else None


def test_the_browser_tests_wait_for_the_page_an_action_brings_before_reading_it():
    found = [read for path in sorted(E2E.glob("*.py")) for read in unwaited_reads(path)]
    assert found == [], "\n".join(found)


def test_a_read_right_after_a_click_is_found(tmp_path):
    """The check itself: it finds the reads that do not wait, and only those."""
    test = tmp_path / "test_sample.py"
    test.write_text(
        "def save(page):\n"
        "    page.get_by_role('button', name='Save').click()\n"
        "def submit(page):\n"
        "    with page.expect_navigation():\n"
        "        page.click('button')\n"
        "def test_sample(page):\n"
        "    page.get_by_role('link', name='Reverse').click()\n"
        "    assert page.locator('#row').is_visible()\n"  # 8: found
        "    page.get_by_role('button', name='Save').click()\n"
        "    page.get_by_text('Saved.').wait_for()\n"
        "    assert page.locator('.saved').count() == 1\n"
        "    page.locator('details summary').click()\n"
        "    assert page.locator('details p').is_visible()  # at once: a details opens\n"
        "    with page.expect_navigation():\n"
        "        page.click('a')\n"
        "    assert Entry.objects.count() == 1\n"
        "    page.click('button')\n"
        "    assert Entry.objects.count() == 2\n"  # 18: found
        "    save(page)\n"
        "    assert 'Saved' in page.content()\n"  # 20: found
        "    submit(page)\n"
        "    assert Entry.objects.count() == 3\n"
        "    page.click('button')\n"
        "    assert all(n for n in (1, 2))\n"  # a function of Python's, not a read
        "    page.get_by_text('Saved.').wait_for()\n"
        "    assert page.locator('.saved').count() == 1\n"
    )
    found = list(unwaited_reads(test))
    assert [line.split(":")[1] for line in found] == ["8", "18", "20"], found
