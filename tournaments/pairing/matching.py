"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm, O(n^3)).

Used by the Swiss pairer for small fields and for the hard remainder of large ones. Integer
weights only, so every computation stays exact. The structure follows the classic primal-dual
formulation (Galil, "Efficient algorithms for finding maximum matching in graphs", 1986):
grow alternating trees from free vertices, shrink odd cycles into blossoms, and adjust the
dual variables when no tight edge is left.
"""

from __future__ import annotations

from collections.abc import Sequence

from .blossoms import Blossoms, Edge


class _Matcher(Blossoms):
    """The primal-dual search: stages of growing trees and adjusting the duals."""

    def run(self) -> list[int]:
        n = self.n
        for _ in range(n):
            self.label = [0] * (2 * n)
            self.best_edge = [-1] * (2 * n)
            self.blossom_best[n:] = [None] * n
            self.allowed = [False] * len(self.edges)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.in_blossom[v]] == 0:
                    self.assign_label(v, 1, -1)
            augmented = False
            while True:
                augmented = self.grow()
                if augmented or self.adjust_duals():
                    break
            if not augmented:
                break
            for b in range(n, 2 * n):
                if (
                    self.parent[b] == -1
                    and self.base[b] >= 0
                    and self.label[b] == 1
                    and self.dual[b] == 0
                ):
                    self.expand_blossom(b, True)
        return [self.endpoint[p] if p >= 0 else -1 for p in self.mate]

    def grow(self) -> bool:
        """Scan the queue of outer vertices; True once the matching is augmented."""
        label, in_blossom, endpoint = self.label, self.in_blossom, self.endpoint
        while self.queue:
            v = self.queue.pop()
            for p in self.neighbours[v]:
                k = p // 2
                w = endpoint[p]
                if in_blossom[v] == in_blossom[w]:
                    continue
                k_slack = 0
                if not self.allowed[k]:
                    k_slack = self.slack(k)
                    if k_slack <= 0:
                        self.allowed[k] = True
                if self.allowed[k]:
                    if label[in_blossom[w]] == 0:
                        self.assign_label(w, 2, p ^ 1)
                    elif label[in_blossom[w]] == 1:
                        base = self.scan_blossom(v, w)
                        if base >= 0:
                            self.add_blossom(base, k)
                        else:
                            self.augment_matching(k)
                            return True
                    elif label[w] == 0:
                        label[w] = 2
                        self.label_end[w] = p ^ 1
                elif label[in_blossom[w]] == 1:
                    b = in_blossom[v]
                    if self.best_edge[b] == -1 or k_slack < self.slack(self.best_edge[b]):
                        self.best_edge[b] = k
                elif label[w] == 0 and (
                    self.best_edge[w] == -1 or k_slack < self.slack(self.best_edge[w])
                ):
                    self.best_edge[w] = k
        return False

    def adjust_duals(self) -> bool:
        """Change the duals by the largest safe amount; True when the stage is over."""
        n = self.n
        delta_type = -1
        delta = 0
        delta_edge = -1
        delta_blossom = -1
        if not self.max_cardinality:
            delta_type = 1
            delta = min(self.dual[:n])
        for v in range(n):
            if self.label[self.in_blossom[v]] == 0 and self.best_edge[v] != -1:
                d = self.slack(self.best_edge[v])
                if delta_type == -1 or d < delta:
                    delta, delta_type, delta_edge = d, 2, self.best_edge[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and self.label[b] == 1 and self.best_edge[b] != -1:
                d = self.slack(self.best_edge[b]) // 2
                if delta_type == -1 or d < delta:
                    delta, delta_type, delta_edge = d, 3, self.best_edge[b]
        for b in range(n, 2 * n):
            if (
                self.base[b] >= 0
                and self.parent[b] == -1
                and self.label[b] == 2
                and (delta_type == -1 or self.dual[b] < delta)
            ):
                delta, delta_type, delta_blossom = self.dual[b], 4, b
        if delta_type == -1:
            delta_type = 1
            delta = max(0, min(self.dual[:n]))
        for v in range(n):
            outer = self.label[self.in_blossom[v]]
            if outer == 1:
                self.dual[v] -= delta
            elif outer == 2:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == 1:
                    self.dual[b] += delta
                elif self.label[b] == 2:
                    self.dual[b] -= delta
        if delta_type == 1:
            return True
        if delta_type in (2, 3):
            self.allowed[delta_edge] = True
            i, j, _ = self.edges[delta_edge]
            if self.label[self.in_blossom[i]] == 0:
                i = j
            self.queue.append(i)
        else:
            self.expand_blossom(delta_blossom, False)
        return False


def max_weight_matching(
    vertex_count: int, edges: Sequence[Edge], max_cardinality: bool = False
) -> list[int]:
    """Mate of every vertex (``-1``: unmatched) in a maximum-weight matching.

    ``edges`` are ``(i, j, weight)`` with ``0 <= i, j < vertex_count``, ``i != j``, integer
    weights. With ``max_cardinality`` the matching has maximum size first, maximum weight among
    those second.
    """
    if not edges:
        return [-1] * vertex_count
    return _Matcher(vertex_count, edges, max_cardinality).run()


def min_cost_perfect_matching(vertex_count: int, edges: Sequence[Edge]) -> list[int] | None:
    """Mates in a perfect matching of least total cost, or ``None`` when there is none."""
    if vertex_count % 2:
        return None
    if vertex_count == 0:
        return []
    top = max([0, *(c for _, _, c in edges)]) + 1
    # Doubling keeps all dual values integral (see the module docstring).
    weighted = [(i, j, 2 * (top - c)) for i, j, c in edges]
    mates = max_weight_matching(vertex_count, weighted, max_cardinality=True)
    if any(m < 0 for m in mates):
        return None
    return mates
