"""Property: the amount each player receives from a flight (share and remainder together) is
what a plain reading of the rule gives, with ties at the top, at units of 1, 100 and 500, for
final and provisional places:

* each place pays its percentage of the pool, rounded down to the cent;
* players sharing a band split its places' sum equally, the odd cents one each to the better
  tie-breaks (at a unit above the cent: each rounded down to the unit, all alike);
* final: what is left (rounding, places nobody holds) goes to the highest band, whose players
  split their prizes and it together equally, the odd cents one each in tie-break order;
* provisional: only the bands given (the final ones) are paid; each run of places nobody holds
  waits as an open band with its places' sum, and what is left waits with the highest place.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from money.core import OpenBand, PayoutRow, PayoutTable, Placed, place_prizes
from money.core.shares import WHOLE


@st.composite
def percentages(draw):
    """One to eight places' percentages adding up to 100 %."""
    count = draw(st.integers(1, 8))
    cuts = sorted(draw(st.lists(st.integers(0, WHOLE), min_size=count - 1, max_size=count - 1)))
    bounds = [0, *cuts, WHOLE]
    return [bounds[i + 1] - bounds[i] for i in range(count)]


@st.composite
def fields(draw):
    """A field of players, best first, in bands; the first band a tie more often than not.

    Returns (field size, bands, final) where bands are (first, last, players in tie-break
    order). Provisional: the best ``still_in`` players have no place yet and the bands given
    start below them (a bracket's players knocked out). Final: some of the last places may
    be held by nobody (players who withdrew without a place)."""
    size = draw(st.integers(1, 12))
    final = draw(st.booleans())
    still_in = 0 if final else draw(st.integers(0, size))
    missing = draw(st.integers(0, min(2, size - 1))) if final else 0
    placed = size - still_in - missing
    bands, place, player = [], still_in + 1, 1
    while placed > 0:
        largest = min(4, placed)
        tie = draw(st.integers(min(2, largest), largest)) if place == still_in + 1 else 0
        width = tie or draw(st.integers(1, largest))
        bands.append((place, place + width - 1, list(range(player, player + width))))
        place, player, placed = place + width, player + width, placed - width
    return size, bands, final


def reference(pool, shares, bands, unit, final):
    """Each player's amount, the open bands and what is undistributed, read plainly off the
    rule (see the module's docstring)."""
    prize_of = {place: pool * share // WHOLE for place, share in enumerate(shares, start=1)}
    amounts = {}
    held = set()
    for first, last, players in bands:
        total = sum(prize_of.get(place, 0) for place in range(first, last + 1))
        held.update(range(first, last + 1))
        for index, player in enumerate(players):
            if unit == 1:
                amounts[player] = total // len(players) + (1 if index < total % len(players) else 0)
            else:
                amounts[player] = total // len(players) // unit * unit
    if final and not bands:
        return {}, [], pool
    nobody = [place for place in prize_of if place not in held]
    if final or not nobody:
        left = pool - sum(amounts.values())
        _first, _last, top = bands[0]
        together = sum(amounts[player] for player in top) + left
        for index, player in enumerate(top):
            amounts[player] = together // len(top) + (1 if index < together % len(top) else 0)
        return amounts, [], 0
    waiting = []
    for place in nobody:
        if waiting and waiting[-1][1] == place - 1:
            waiting[-1] = [waiting[-1][0], place, waiting[-1][2] + prize_of[place]]
        else:
            waiting.append([place, place, prize_of[place]])
    left = pool - sum(amounts.values()) - sum(band[2] for band in waiting)
    if waiting[0][0] == 1:
        waiting[0][2] += left
    else:
        waiting.insert(0, [bands[0][0], bands[0][1], left])
    return amounts, [tuple(band) for band in waiting if band[2]], 0


@settings(max_examples=400, deadline=None)
@given(
    st.integers(0, 500_000),
    percentages(),
    fields(),
    st.sampled_from([1, 100, 500]),
)
def test_each_player_receives_what_the_rule_says(pool, shares, field, unit):
    size, bands, final = field
    table = PayoutTable((PayoutRow(64, len(shares), tuple(shares)),))
    placed = [Placed(player, first, last) for first, last, players in bands for player in players]
    result = place_prizes(pool, table, placed, unit, size, final=final)
    amounts, waiting, undistributed = reference(pool, shares, bands, unit, final)
    assert {prize.entrant: prize.amount for prize in result.prizes} == amounts
    assert result.open == tuple(OpenBand(*band) for band in waiting)
    assert result.undistributed == undistributed
    assert result.paid + result.open_amount + result.undistributed == pool
    for _first, _last, players in bands:
        got = [amounts[player] for player in players]
        # Tied players never differ by more than a cent, the better tie-break never less.
        assert max(got) - min(got) <= 1 and got == sorted(got, reverse=True)
    assert all(prize.share >= 0 and prize.remainder >= 0 for prize in result.prizes)
    assert all(prize.share % unit == 0 for prize in result.prizes)
