"""Property: random chouette sessions of 3 to 8 players, with joins, leaves and corrected
games, replayed by the pure core:

* every game sums to zero, and the running totals are the sums of the games;
* the seats of every game and the order at the end are those an independent reference in
  this test works out from the rules (box wins against the captain: the captain to the end
  of the line; the captain wins: the captain becomes the box, the box to the end of the line;
  joiners at the end; a leaving box hands over to the captain);
* the settlement's transfers bring every balance to zero, and there are as few of them as a
  brute force over every split of the players finds.
"""

from __future__ import annotations

from collections import deque
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from chouettes.core.replay import Join, Leave, SessionGame, replay
from chouettes.core.settlement import settle
from chouettes.core.sheet import CubeMode, Drop, GameSheet, Kind, Line, Owner, Rules, Side

rules_strategy = st.builds(
    Rules,
    cube_mode=st.sampled_from(list(CubeMode)),
    consulting=st.booleans(),
    jacoby=st.booleans(),
    beavers=st.booleans(),
    automatic_limit=st.integers(0, 2),
    partner_from=st.sampled_from([0, 5, 6, 7]),
)


@st.composite
def lines(draw, rules: Rules, base: int):
    owner = draw(st.sampled_from(list(Owner)))
    cube = base if owner is Owner.CENTER else base * 2 ** draw(st.integers(1, 4))
    drops = [Drop.NONE]
    if owner is not Owner.MEMBER:
        drops.append(Drop.MEMBER)
    if owner is not Owner.BOX:
        drops.append(Drop.BOX)
    beaver = (
        rules.beavers and owner is not Owner.CENTER and cube >= 4 * base and draw(st.booleans())
    )
    return Line(cube=cube, owner=owner, drop=draw(st.sampled_from(drops)), beaver=beaver)


@st.composite
def sheets(draw, rules: Rules, members: int):
    automatic = draw(st.integers(0, rules.automatic_limit))
    base = 2**automatic
    if rules.cube_mode is CubeMode.TEAM:
        chosen = (draw(lines(rules, base)),) * members
    else:
        chosen = tuple(draw(lines(rules, base)) for _ in range(members))
    if all(line.drop is not Drop.NONE for line in chosen):
        return GameSheet(chosen, winner=None, automatic=automatic)
    return GameSheet(
        chosen,
        winner=draw(st.sampled_from(list(Side))),
        kind=draw(st.sampled_from(list(Kind))),
        resigned=draw(st.booleans()),
        automatic=automatic,
    )


def team_size(rules: Rules, present: int) -> int:
    partner = rules.partner_from and present >= rules.partner_from and present >= 3
    return present - 1 - (1 if partner else 0)


@st.composite
def sessions(draw):
    """Rules and happenings; the happenings keep at least two players at every game."""
    rules = draw(rules_strategy)
    present = draw(st.integers(3, 8))
    happenings: list = [Join(p) for p in range(1, present + 1)]
    here = list(range(1, present + 1))
    next_id = present + 1
    games: list[int] = []  # index in happenings of each game
    for _ in range(draw(st.integers(1, 14))):
        step = draw(st.sampled_from(["game", "game", "game", "join", "leave", "correct"]))
        if step == "join" and len(here) < 8:
            happenings.append(Join(next_id))
            here.append(next_id)
            next_id += 1
        elif step == "leave" and len(here) > 2:
            leaving = draw(st.sampled_from(here))
            here.remove(leaving)
            happenings.append(Leave(leaving))
        elif step == "correct" and games:
            at = draw(st.sampled_from(games))
            old = happenings[at]
            happenings[at] = SessionGame(old.number, draw(sheets(rules, len(old.sheet.lines))))
        else:
            members = team_size(rules, len(here))
            happenings.append(SessionGame(len(games) + 1, draw(sheets(rules, members))))
            games.append(len(happenings) - 1)
    return rules, happenings


def reference_seats(rules: Rules, happenings):
    """The rules worked by hand: a box and a queue; yields (box, partner, team) per game."""
    box = None
    line: deque[int] = deque()
    seats = []
    for happening in happenings:
        if isinstance(happening, Join):
            if box is None:
                box = happening.player
            else:
                line.append(happening.player)
        elif isinstance(happening, Leave):
            if happening.player == box:
                box = line.popleft() if line else None
            else:
                line.remove(happening.player)
        else:
            team = list(line)
            partner = None
            if rules.partner_from and len(line) + 1 >= rules.partner_from and len(line) >= 2:
                partner = team.pop()
            seats.append((box, partner, tuple(team)))
            captain_line = happening.sheet.lines[0]
            if captain_line.drop is Drop.MEMBER:
                box_won = True
            elif captain_line.drop is Drop.BOX:
                box_won = False
            else:
                box_won = happening.sheet.winner is Side.BOX
            captain = line.popleft()
            if box_won:
                line.append(captain)
            else:
                line.append(box)
                box = captain
    order = (box, *line) if box is not None else ()
    return seats, order


def fewest_transfers_brute_force(balances: dict[int, int]) -> int:
    """n minus the most zero-sum blocks over every set partition of the non-zero balances."""
    players = [p for p, b in balances.items() if b]

    def most_blocks(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = -1
        for size in range(len(others) + 1):
            for chosen in combinations(others, size):
                block = (first, *chosen)
                if sum(balances[p] for p in block) != 0:
                    continue
                remaining = tuple(p for p in others if p not in chosen)
                sub = most_blocks(remaining)
                if sub >= 0:
                    best = max(best, sub + 1)
        return best

    return len(players) - max(most_blocks(tuple(players)), 0)


@settings(max_examples=150, deadline=None)
@given(sessions())
def test_random_sessions_sum_to_zero_rotate_and_settle(session):
    rules, happenings = session
    state = replay(rules, happenings)
    expected_seats, expected_order = reference_seats(rules, happenings)

    assert [(g.seats.box, g.seats.partner, g.seats.team) for g in state.games] == expected_seats
    assert state.order == expected_order
    totals: dict[int, int] = {}
    for game in state.games:
        assert sum(game.results.values()) == 0
        assert set(game.results) == {
            game.seats.box,
            *game.seats.team,
            *([game.seats.partner] if game.seats.partner else []),
        }
        for player, points in game.results.items():
            totals[player] = totals.get(player, 0) + points
    assert {p: t for p, t in state.totals.items() if t} == {p: t for p, t in totals.items() if t}

    transfers = settle(state.totals)
    left = dict(state.totals)
    for transfer in transfers:
        assert transfer.amount > 0
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    assert not any(left.values())
    if sum(1 for b in state.totals.values() if b) <= 8:
        assert len(transfers) == fewest_transfers_brute_force(state.totals)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-40, 40), min_size=1, max_size=7))
def test_settlement_is_minimal_for_any_balances(amounts):
    balances = {n: a for n, a in enumerate(amounts, start=1)}
    balances[len(amounts) + 1] = -sum(amounts)
    transfers = settle(balances)
    left = dict(balances)
    for transfer in transfers:
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    assert not any(left.values())
    assert len(transfers) == fewest_transfers_brute_force(balances)
