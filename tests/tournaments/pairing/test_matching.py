from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.matching import max_weight_matching, min_cost_perfect_matching


def _brute(n: int, edges: list[tuple[int, int, int]], max_cardinality: bool) -> tuple[int, ...]:
    weight = {}
    for i, j, w in edges:
        weight[(i, j)] = weight[(j, i)] = max(w, weight.get((i, j), w))
    best: tuple[int, ...] = ()

    def walk(free: list[int], total: int, size: int) -> None:
        nonlocal best
        if not free:
            key = (size, total) if max_cardinality else (total,)
            best = max(best, key) if best else key
            return
        v, rest = free[0], free[1:]
        walk(rest, total, size)
        for k, u in enumerate(rest):
            if (v, u) in weight:
                walk(rest[:k] + rest[k + 1 :], total + weight[(v, u)], size + 1)

    walk(list(range(n)), 0, 0)
    return best


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]]]:
    n = draw(st.integers(1, 9))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    top = draw(st.sampled_from([3, 20, 1000]))
    return n, [(i, j, draw(st.integers(0, top))) for i, j in chosen]


@settings(max_examples=300, deadline=None)
@given(graphs(), st.booleans())
def test_matches_brute_force(graph: tuple[int, list[tuple[int, int, int]]], maxcard: bool) -> None:
    n, edges = graph
    mates = max_weight_matching(n, edges, maxcard)
    weight = {(i, j): w for i, j, w in edges} | {(j, i): w for i, j, w in edges}
    total = size = 0
    for v, m in enumerate(mates):
        if m >= 0:
            assert mates[m] == v and (v, m) in weight
            if v < m:
                total += weight[(v, m)]
                size += 1
    assert ((size, total) if maxcard else (total,)) == _brute(n, edges, maxcard)


def test_min_cost_perfect_matching() -> None:
    # A square with one cheap diagonal that cannot be part of a perfect matching with the rest.
    edges = [(0, 1, 5), (2, 3, 5), (0, 2, 1), (1, 3, 1), (0, 3, 0)]
    assert min_cost_perfect_matching(4, edges) == [2, 3, 0, 1]
    assert min_cost_perfect_matching(4, [(0, 1, 1), (0, 2, 1), (0, 3, 1)]) is None
    assert min_cost_perfect_matching(3, [(0, 1, 1)]) is None
    assert min_cost_perfect_matching(0, []) == []
