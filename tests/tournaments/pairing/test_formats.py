import doctest

import pytest

import backgammon.fibs
import tournaments.pairing.round_robin
import tournaments.pairing.seeding
from tournaments.pairing import (
    FORMATS,
    BracketFormat,
    MainConsolationOptions,
    OptionsError,
    RoundFormat,
    SwissOptions,
)


def test_registry() -> None:
    assert list(FORMATS) == [
        "single_elimination",
        "main_consolation",
        "double_elimination",
        "swiss",
        "round_robin",
    ]
    for key, cls in FORMATS.items():
        assert cls.key == key and cls.name
        assert issubclass(cls, BracketFormat) == (cls.kind == "bracket")
        assert issubclass(cls, RoundFormat) == (cls.kind == "rounds")
        cls()  # default options work


def test_options_from_mapping() -> None:
    cls = FORMATS["main_consolation"]
    assert cls.options_from_mapping({"last_chance": True}) == MainConsolationOptions(
        last_chance=True
    )
    assert cls.options_from_mapping({"progressive_until_round": None}) == MainConsolationOptions()
    with pytest.raises(OptionsError) as info:
        cls.options_from_mapping({"last_chance": 1})
    assert info.value.code == "invalid_option" and info.value.option == "last_chance"
    with pytest.raises(OptionsError) as info:
        cls.options_from_mapping({"third_place": True})
    assert info.value.code == "unknown_option"
    assert FORMATS["swiss"].options_from_mapping({"rounds": 7}) == SwissOptions(rounds=7)
    with pytest.raises(OptionsError):
        FORMATS["swiss"].options_from_mapping({"rounds": 0})
    with pytest.raises(OptionsError):
        FORMATS["swiss"].options_from_mapping({"rounds": True})
    with pytest.raises(TypeError):
        FORMATS["swiss"](MainConsolationOptions())


def test_bracket_formats_plan() -> None:
    for key in ("single_elimination", "main_consolation", "double_elimination"):
        plan = FORMATS[key]().plan([5, 6, 7])  # type: ignore[attr-defined]
        assert plan.format_key == key and plan.entrants == (5, 6, 7) and plan.size == 4


@pytest.mark.parametrize(
    "module", [backgammon.fibs, tournaments.pairing.seeding, tournaments.pairing.round_robin]
)
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_pure_modules_do_not_import_django() -> None:
    import ast
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[3]
    paths = [*root.glob("tournaments/pairing/*.py")]
    paths += [root / f"standings/{name}.py" for name in ("totals", "metrics", "rank")]
    paths.append(root / "backgammon/fibs.py")
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                )
                assert not any(n.split(".")[0] in {"django", "rest_framework"} for n in names), path
