"""Each standings row carries its ranked row's totals under the right names, in the order the
tables and exports read them."""

from __future__ import annotations

import pytest

from standings.rank import StandingRow, rank
from standings.results import awarded_results, finished_result_parts
from standings.selectors import ROW_KEYS, tournament_standings
from standings.tiebreaks import tiebreaks_of
from tests.conftest import open_matches

pytestmark = pytest.mark.django_db


def test_the_rows_are_the_ranked_rows_totals_named(make_tournament, play):
    tournament = make_tournament(6, format="swiss", swiss_rounds=3)
    for n, match in enumerate(open_matches(tournament)):
        winner = match.entry_b if n % 2 else match.entry_a
        play(match, winner=winner, score=(match.length, n))
    standings = tournament_standings(tournament)
    metrics = tiebreaks_of(tournament)
    plain, others = finished_result_parts(tournament)
    ranked = rank(
        [row["entry_id"] for row in standings.rows],
        [*others, *awarded_results(tournament)],
        metrics,
        bye_points=tournament.bye_match_points,
        lot_seed=tournament.pk,
        plain=plain,
    )
    by_entry = {row.player: row for row in ranked}
    assert [row["entry_id"] for row in standings.rows] == [row.player for row in ranked]
    for shown in standings.rows:
        assert list(shown) == [*ROW_KEYS, *(f"tb_{metric}" for metric in metrics)]
        row = by_entry[shown["entry_id"]]
        for name in StandingRow._fields[2:13]:
            assert shown[name] == getattr(row, name), name
        assert [shown[f"tb_{metric}"] for metric in metrics] == list(row.metrics)
        assert shown["rank"] == row.rank
    assert sum(row["won"] for row in standings.rows) == 3
    assert {row["lost"] for row in standings.rows} == {0, 1}


def test_the_rows_read_as_a_list_of_them(make_tournament, play):
    tournament = make_tournament(6, format="swiss", swiss_rounds=3)
    for n, match in enumerate(open_matches(tournament)):
        play(match, winner=match.entry_a if n % 2 else match.entry_b, score=(match.length, 1))
    rows = tournament_standings(tournament).rows
    whole = list(rows)
    assert len(rows) == len(whole) == 6
    assert rows[0] == whole[0] and rows[-1] == whole[5] and rows[-6] == whole[0]
    assert rows[2:4] == whole[2:4] and rows[4:] == whole[4:] and rows[::-2] == whole[::-2]
    assert rows[10:] == []
    for bad in (6, -7):
        with pytest.raises(IndexError):
            rows[bad]
    # Sorted in place as a list is (the table's sortable columns): the same rows.
    rows.sort(key=lambda row: (row["points_diff"], row["entry_id"]))
    assert list(rows) == sorted(whole, key=lambda row: (row["points_diff"], row["entry_id"]))
