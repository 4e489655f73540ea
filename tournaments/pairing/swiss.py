"""Swiss pairing: no rematches, score groups top-down, fewest floaters, one bye per player.

Input is the standings before the round, best first (score, then the tournament's tie-breaks):
the order of equal-score players in the input *is* their tie-break order. Players are grouped
by score; within a group the top half meets the bottom half (1 v 5, 2 v 6, ... in a group of
eight), odd groups float their lowest player down to the top of the next group. The bye goes to
the lowest-ranked active player who has not had one. ``avoid_same_club`` is a soft constraint:
it is dropped before a rematch or an extra floater is accepted.

Two engines share one cost model:

* small fields (``exact_limit`` players or fewer) are paired by a minimum-cost perfect matching
  over the whole field (weights: bye to the lowest eligible, then the sum of squared score
  differences, then same-club pairs, then distance from the ideal top-half v bottom-half
  pairing), so the result is optimal for that model;
* large fields are paired group by group with a greedy Dutch pass (first compatible partner
  from the ideal one down), and whatever that pass cannot pair at the bottom is re-paired by
  the exact matching on a window of the lowest-ranked players, widened until it succeeds.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .errors import PairingError
from .matching import min_cost_perfect_matching
from .types import EntrantId, Pairing

EXACT_LIMIT = 200
CLUB_WINDOW = 6
BYE = -1
FLOAT = -2


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """A player as the standings see them before the round."""

    id: EntrantId
    score: int
    """Match points (integers; a bye counts what the tournament says)."""
    opponents: frozenset[EntrantId] = frozenset()
    had_bye: bool = False
    club: int | None = None
    active: bool = True
    """False once withdrawn: the player is left out of the pairing."""


class _Field:
    def __init__(
        self,
        players: Sequence[SwissPlayer],
        avoid_same_club: bool,
        forbidden: Collection[frozenset[EntrantId]] = (),
    ) -> None:
        seen: set[EntrantId] = set()
        for player in players:
            if player.id in seen:
                raise PairingError("duplicate_entrant", f"player {player.id} is listed twice")
            seen.add(player.id)
        active = [p for p in players if p.active]
        order = sorted(range(len(active)), key=lambda i: -active[i].score)
        self.players = [active[i] for i in order]
        n = len(self.players)
        self.n = n
        self.avoid_same_club = avoid_same_club
        self.group = [0] * n
        self.position = [0] * n
        self.group_size = [0] * n
        self.groups: list[list[int]] = []
        for i, player in enumerate(self.players):
            if not self.groups or self.players[self.groups[-1][0]].score != player.score:
                self.groups.append([])
            self.groups[-1].append(i)
        for g, members in enumerate(self.groups):
            for position, i in enumerate(members):
                self.group[i] = g
                self.position[i] = position
                self.group_size[i] = len(members)
        spread = self.players[0].score - self.players[-1].score if n else 0
        self.club_cost = 4 * n + 1
        self.float_cost = n * (self.club_cost + 3 * n) + 1
        self.bye_step = n * self.float_cost * (spread * spread + 1) + 1
        # A forbidden pair costs more than every other cost of a round together: it is
        # accepted only when no pairing without it (and without a rematch) exists.
        self.forbidden = frozenset(forbidden)
        self.forbidden_cost = self.bye_step * (n + 2)
        self.skip: set[int] = set()
        """Indices paired before the rest (pinned pairs)."""

    def compatible(self, x: int, y: int) -> bool:
        px, py = self.players[x], self.players[y]
        return py.id not in px.opponents and px.id not in py.opponents

    def same_club(self, x: int, y: int) -> bool:
        club = self.players[x].club
        return self.avoid_same_club and club is not None and club == self.players[y].club

    def is_forbidden(self, x: int, y: int) -> bool:
        return frozenset((self.players[x].id, self.players[y].id)) in self.forbidden

    def cost(self, x: int, y: int) -> int:
        """Cost of pairing ``x`` with ``y`` (indices in rank order)."""
        if x > y:
            x, y = y, x
        diff = self.players[x].score - self.players[y].score
        if diff == 0:
            half = self.group_size[x] // 2
            cost = abs(self.position[y] - self.position[x] - half)
            if (self.position[x] < half) == (self.position[y] < half):
                cost += half  # both from the same half: worse than a transposition
        else:
            cost = self.float_cost * diff * diff
            cost += self.group_size[x] - 1 - self.position[x] + self.position[y]
        if self.same_club(x, y):
            cost += self.club_cost
        if self.is_forbidden(x, y):
            cost += self.forbidden_cost
        return cost

    def bye_cost(self, x: int) -> int:
        return self.bye_step * (self.n - 1 - x)

    def float_cost_out(self, x: int, next_score: int) -> int:
        """Cost of leaving ``x`` unpaired here so that it floats down to ``next_score``."""
        diff = self.players[x].score - next_score
        return self.float_cost * diff * diff + self.group_size[x] - 1 - self.position[x]

    def exact(
        self,
        members: Sequence[int],
        with_bye: bool,
        floats: int = 0,
        next_score: int = 0,
    ) -> list[tuple[int, int]] | None:
        """Optimal pairs of ``members``, or None if impossible.

        With ``with_bye`` one member gets the bye (partner ``BYE``); with ``floats`` up to that
        many members stay unpaired (partner ``FLOAT``) to float down to ``next_score``.
        """
        count = len(members)
        edges: list[tuple[int, int, int]] = []
        for a in range(count):
            x = members[a]
            for b in range(a + 1, count):
                y = members[b]
                if self.compatible(x, y):
                    edges.append((a, b, self.cost(x, y)))
            if with_bye and not self.players[x].had_bye:
                edges.append((a, count, self.bye_cost(x)))
        dummies = count + (1 if with_bye else 0)
        for d in range(floats):
            for a in range(count):
                edges.append((a, dummies + d, self.float_cost_out(members[a], next_score)))
            for e in range(d + 1, floats):
                edges.append((dummies + d, dummies + e, 0))
        mates = min_cost_perfect_matching(dummies + floats, edges)
        if mates is None:
            return None
        pairs: list[tuple[int, int]] = []
        for a in range(count):
            mate = mates[a]
            if mate == count and with_bye:
                pairs.append((members[a], BYE))
            elif mate >= count:
                pairs.append((members[a], FLOAT))
            elif a < mate:
                pairs.append((members[a], members[mate]))
        return pairs

    def repair_tail(
        self, pairs: list[tuple[int, int]], left: list[int], next_score: int | None
    ) -> tuple[list[tuple[int, int]], list[int]]:
        """Re-pair ``left`` with the members of the last pairs of a pool, exactly, floating as
        few as possible (none at all when ``next_score`` is None: the last group)."""
        parity = len(left) % 2
        if len(left) <= parity:
            return pairs, left
        window = min(len(pairs), 2 * len(left) + 8)
        keep = pairs[: len(pairs) - window]
        members = sorted([*left, *(i for p in pairs[len(pairs) - window :] for i in p)])
        if next_score is None:
            solved = self.exact(members, False)
        else:
            solved = None
            floats = parity
            while solved is None and floats <= len(left):
                solved = self.exact(members, False, floats, next_score)
                floats += 2
        if solved is None:
            return pairs, left
        floating = sorted(x for x, y in solved if y == FLOAT)
        return keep + [p for p in solved if p[1] != FLOAT], floating

    def pick(self, x: int, candidates: list[int], used: list[bool], start: int) -> int:
        """Index of the first compatible unused candidate from ``start`` (-1: none); with
        ``avoid_same_club``, a different-club player a few places further down is preferred."""
        first = -1
        looked = 0
        for j in range(start, len(candidates)):
            if (
                used[j]
                or not self.compatible(x, candidates[j])
                or self.is_forbidden(x, candidates[j])
            ):
                continue
            if not self.same_club(x, candidates[j]):
                return j
            if first < 0:
                first = j
            looked += 1
            if looked > CLUB_WINDOW:
                break
        if first >= 0 or not self.avoid_same_club:
            return first
        return -1

    def greedy(self, members: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
        """Dutch pass over score groups; returns pairs and the players left over."""
        member_set = set(members)
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        for g, group in enumerate(self.groups):
            pool_pairs: list[tuple[int, int]] = []
            people = [i for i in group if i in member_set]
            used = [False] * len(people)
            carried: list[int] = []
            for f in floaters:
                j = self.pick(f, people, used, 0)
                if j < 0:
                    carried.append(f)
                else:
                    used[j] = True
                    pool_pairs.append((f, people[j]))
            rest = [p for p, u in zip(people, used, strict=True) if not u]
            half = len(rest) // 2
            top, bottom = rest[:half], rest[half:]
            taken = [False] * len(bottom)
            left: list[int] = []
            cursor = 0
            for x in top:
                j = self.pick(x, bottom, taken, cursor)
                if j < 0:
                    left.append(x)
                    continue
                taken[j] = True
                pool_pairs.append((x, bottom[j]))
                while cursor < len(bottom) and taken[cursor]:
                    cursor += 1
            left.extend(b for b, t in zip(bottom, taken, strict=True) if not t)
            left = sorted(carried + left)
            next_score = (
                self.players[self.groups[g + 1][0]].score if g + 1 < len(self.groups) else None
            )
            pool_pairs, floaters = self.repair_tail(pool_pairs, left, next_score)
            pairs.extend(pool_pairs)
        return pairs, floaters


def _bye_candidate(field: _Field) -> int:
    for x in range(field.n - 1, -1, -1):
        if not field.players[x].had_bye and x not in field.skip:
            return x
    raise PairingError(
        "no_bye_candidate", "every active player has had a bye; an odd field needs one more"
    )


def _impossible() -> PairingError:
    return PairingError("no_valid_pairing", "no pairing of the active players avoids a rematch")


def pair_swiss(
    players: Sequence[SwissPlayer],
    *,
    avoid_same_club: bool = False,
    exact_limit: int = EXACT_LIMIT,
    forbidden: Collection[frozenset[EntrantId]] = (),
    pinned: Collection[frozenset[EntrantId]] = (),
) -> tuple[Pairing, ...]:
    """Pairings for the next round, table 1 on top, the bye (``b is None``) last; each
    pairing carries its notes (why it is so, see :func:`_notes`).

    ``players`` are the standings before the round, best first; withdrawn players
    (``active=False``) are skipped, late entries simply appear with their score.
    ``forbidden`` pairs (family, one household, a player's wish) are paired only when no
    other pairing without a rematch exists; ``pinned`` pairs are paired with each other first
    when both play (a player in two pinned pairs keeps the first). Raises
    :class:`PairingError` (``no_valid_pairing``, ``no_bye_candidate``) when impossible.
    """
    field = _Field(players, avoid_same_club, forbidden)
    n = field.n
    if n == 0:
        return ()
    index = {player.id: i for i, player in enumerate(field.players)}
    pinned_pairs: list[tuple[int, int]] = []
    for pair in pinned:
        ids = sorted(pair)
        if len(ids) != 2 or any(i not in index for i in ids):
            continue
        x, y = index[ids[0]], index[ids[1]]
        if x in field.skip or y in field.skip:
            continue
        field.skip.update((x, y))
        pinned_pairs.append((min(x, y), max(x, y)))
    members = [i for i in range(n) if i not in field.skip]
    odd = len(members) % 2 == 1
    if odd:
        _bye_candidate(field)
    if not members:
        pairs: list[tuple[int, int]] | None = []
    elif n <= exact_limit:
        pairs = field.exact(members, odd)
    else:
        pairs = _pair_large(field, odd)
    if pairs is None:
        raise _impossible()
    return _tables(field, pairs + pinned_pairs, set(pinned_pairs))


def _pair_large(field: _Field, odd: bool) -> list[tuple[int, int]] | None:
    n = field.n
    bye = _bye_candidate(field) if odd else -1
    members = [i for i in range(n) if i != bye and i not in field.skip]
    pairs, left = field.greedy(members)
    if bye >= 0:
        pairs.append((bye, BYE))
    if not left:
        return pairs
    window = 4 * len(left) + 16
    while True:
        bottom = n - window
        keep = [p for p in pairs if min(p[0], p[1] if p[1] != BYE else n) < bottom]
        if len(keep) == len(pairs) and window < n:
            window *= 2
            continue
        kept = {i for p in keep for i in p}
        redo = [i for i in range(n) if i not in kept and i not in field.skip]
        solved = field.exact(redo, odd and bye not in kept)
        if solved is not None:
            return keep + solved
        if window >= n:
            return None
        window *= 2


def _tables(
    field: _Field, pairs: list[tuple[int, int]], pinned: set[tuple[int, int]]
) -> tuple[Pairing, ...]:
    ordered = sorted((min(x, y) if y != BYE else field.n + x, x, y) for x, y in pairs)
    result: list[Pairing] = []
    for table, (_, x, y) in enumerate(ordered, start=1):
        if y == BYE:
            result.append(Pairing(table, field.players[x].id, None, ("bye",)))
        else:
            a, b = (x, y) if x < y else (y, x)
            notes = ("pinned",) if (a, b) in pinned else _notes(field, a, b)
            result.append(Pairing(table, field.players[a].id, field.players[b].id, notes))
    return tuple(result)


def _ideal_partner(field: _Field, x: int) -> int | None:
    """Whom ``x`` meets in its score group by the book (top half v bottom half)."""
    group = [i for i in field.groups[field.group[x]] if i not in field.skip]
    if x not in group:
        return None
    half = len(group) // 2
    position = group.index(x)
    if position < half:
        return group[position + half]
    if position - half < half:
        return group[position - half]
    return None


def _notes(field: _Field, a: int, b: int) -> tuple[str, ...]:
    """Why ``a`` (the higher-ranked) plays ``b``: codes the round page translates."""
    notes = ["score_group" if field.players[a].score == field.players[b].score else "floated"]
    if field.is_forbidden(a, b):
        notes.append("forbidden_broken")
    for x, partner in ((a, b), (b, a)):
        ideal = _ideal_partner(field, x)
        if ideal is None or ideal == partner:
            continue
        if not field.compatible(x, ideal):
            notes.append("rematch_avoided")
        elif field.is_forbidden(x, ideal):
            notes.append("forbidden_honoured")
        elif field.same_club(x, ideal):
            notes.append("club_avoided")
    return tuple(dict.fromkeys(notes))
