"""The parsing of gnubg's output, on output saved from real gnubg 1.07 runs."""

from __future__ import annotations

import re

import pytest

from analysis.report import RATINGS, ReportError, parse_report, rating_index, words_for_rate
from tests.analysis.conftest import FIXTURES, saved


def printed_statistics() -> dict[str, list[str]]:
    """gnubg's own table ("show statistics match") of the same match at 1-ply."""
    text = (FIXTURES / "gnubg_03pt_s104_1ply_statistics.txt").read_text()
    section = text.split("Overall statistics")[1]
    rows = {}
    for label in ("Error total EMG", "Error rate mEMG", "Overall rating"):
        line = next(line for line in section.splitlines() if line.startswith(label))
        rows[label] = line
    rows["Unforced moves"] = [
        line for line in text.splitlines() if line.startswith("Unforced moves")
    ]
    rows["Close or actual"] = [
        line for line in text.splitlines() if line.startswith("Close or actual")
    ]
    return rows


def test_figures_agree_with_gnubgs_printed_statistics():
    report = parse_report(saved("gnubg_03pt_s104_1ply"))
    printed = printed_statistics()
    rates = [float(x) for x in re.findall(r"(-?\d+\.\d)\s+\(", printed["Error rate mEMG"])]
    totals = [float(x) for x in re.findall(r"(-?\d+\.\d{3})\s+\(", printed["Error total EMG"])]
    alice, bob = report.players
    assert (alice.name, bob.name) == ("Alice", "Bob")
    assert round(alice.error_rate, 1) == -rates[0] == 3.6
    assert round(bob.error_rate, 1) == -rates[1] == 2.4
    assert round(alice.error, 3) == -totals[0]
    assert round(bob.error, 3) == -totals[1]
    assert (alice.chequer_decisions, bob.chequer_decisions) == (45, 43)
    assert (alice.cube_decisions, bob.cube_decisions) == (8, 4)
    assert round(bob.cube_error, 3) == 0.015  # the missed double, summed from its type
    assert alice.rating_words == bob.rating_words == "World class"
    assert "World class" in printed["Overall rating"]
    assert report.plies == 1 and report.games == 3


def test_our_rating_words_are_gnubgs():
    """gnubg's errorrating (in the saved output) and our thresholds agree."""
    for name in ("gnubg_03pt_s104_0ply", "gnubg_03pt_s104_1ply", "best_vs_noisy_3pt_1ply"):
        data = saved(name)
        for side, figures in zip("XO", parse_report(data).players, strict=True):
            rate = figures.error / figures.decisions
            assert rating_index(rate) == data["ratings"][side] == figures.rating


def test_rating_words_by_error_per_decision():
    assert words_for_rate(0.0) == "Supernatural"
    assert words_for_rate(0.0049) == "World class"
    assert words_for_rate(0.02) == "Casual player"
    assert words_for_rate(1.0) == "Awful!"
    assert len(RATINGS) == 8


def test_the_side_that_always_played_gnubgs_best_move_has_no_error():
    report = parse_report(saved("best_vs_noisy_3pt_0ply"))
    best, noisy = report.players
    assert best.error == 0 and best.error_rate == 0
    assert noisy.error_rate > 20
    assert all(m.side == 1 for m in report.mistakes)


def test_mistakes_are_listed_worst_first_with_position_and_plays():
    report = parse_report(saved("best_vs_noisy_3pt_0ply"))
    lost = [m.equity_lost for m in report.mistakes]
    assert lost == sorted(lost, reverse=True) and lost[0] > 0.3
    worst = report.mistakes[0]
    assert len(worst.position_id) == 14 and worst.dice and worst.played and worst.best
    assert worst.played != worst.best


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"format": 2},
        {"format": 1, "plies": 0, "games": 1},
        {"format": 1, "plies": 0, "games": 1, "stats": {"X": {}, "O": {}}},
    ],
)
def test_output_that_is_not_gnubgs_is_refused(data):
    with pytest.raises(ReportError):
        parse_report(data)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"player": 2}, "side 2"),
        ({"game": 0}, "game 0"),
        ({"kind": "resign"}, "kind 'resign'"),
        ({"position_id": "4HPwATDgc/ABMA" * 2}, "Position ID"),
        ({"dice": [7, 1]}, "dice (7, 1)"),
        ({"equity_lost": float("nan")}, "equity lost nan"),
        ({"equity_lost": "much"}, "could not convert"),
    ],
)
def test_a_mistake_the_database_would_refuse_is_refused_with_the_reason(change, reason):
    """A report is stored as it is (its mistakes copied to the database): one that would not
    fit is refused whole, with what is wrong, and nothing of it is stored."""
    data = saved("gnubg_03pt_s104_0ply")
    data["mistakes"][0].update(change)
    with pytest.raises(ReportError, match="a mistake is incomplete or impossible") as refused:
        parse_report(data)
    assert reason in str(refused.value)
