"""The state of Edmonds' blossom algorithm (:mod:`tournaments.pairing.matching`) and its steps
on it: label a vertex, find where two trees meet, shrink an odd cycle into a blossom, expand a
blossom again, augment the matching along a path through blossoms.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Edge = tuple[int, int, int]


class Blossoms:
    """The algorithm's state: mates, labels, blossoms and dual variables."""

    def __init__(self, vertex_count: int, edges: Sequence[Edge], max_cardinality: bool) -> None:
        n = vertex_count
        self.n = n
        self.edges = edges
        self.max_cardinality = max_cardinality
        max_weight = max([0, *(w for _, _, w in edges)])
        # endpoint[p]: vertex at end p of edge p // 2; p ^ 1 is the other end.
        self.endpoint = [edges[p // 2][p % 2] for p in range(2 * len(edges))]
        self.neighbours: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _) in enumerate(edges):
            self.neighbours[i].append(2 * k + 1)
            self.neighbours[j].append(2 * k)
        self.mate = [-1] * n  # remote endpoint index of the matched edge
        self.label = [0] * (2 * n)  # 0 free, 1 S (outer), 2 T (inner); 5 marks a scan
        self.label_end = [-1] * (2 * n)
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int]] = [[] for _ in range(2 * n)]
        self.best_edge = [-1] * (2 * n)
        self.blossom_best: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [max_weight] * n + [0] * n  # doubled vertex duals; blossom duals
        self.allowed = [False] * len(edges)
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dual[i] + self.dual[j] - 2 * w

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        stack = [b]
        while stack:
            t = stack.pop()
            if t < self.n:
                yield t
            else:
                stack.extend(self.children[t])

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.in_blossom[w]
            self.label[w] = self.label[b] = t
            self.label_end[w] = self.label_end[b] = p
            self.best_edge[w] = self.best_edge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            mate_end = self.mate[self.base[b]]
            w, t, p = self.endpoint[mate_end], 1, mate_end ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from v and w; the base of the new blossom, or -1 for an augmenting path."""
        path: list[int] = []
        base = -1
        while v != -1 or w != -1:
            b = self.in_blossom[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.label_end[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.label_end[b]]
                b = self.in_blossom[v]
                v = self.endpoint[self.label_end[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        bb = self.in_blossom[base]
        bv = self.in_blossom[v]
        bw = self.in_blossom[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.label_end[bv])
            v = self.endpoint[self.label_end[bv]]
            bv = self.in_blossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.label_end[bw] ^ 1)
            w = self.endpoint[self.label_end[bw]]
            bw = self.in_blossom[w]
        self.children[b] = path
        self.endps[b] = endps
        self.label[b] = 1
        self.label_end[b] = self.label_end[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == 2:
                self.queue.append(leaf)
            self.in_blossom[leaf] = b
        best_to = [-1] * (2 * self.n)
        for sub in path:
            stored = self.blossom_best[sub]
            lists = (
                [[p // 2 for p in self.neighbours[leaf]] for leaf in self.leaves(sub)]
                if stored is None
                else [stored]
            )
            for edge_list in lists:
                for e in edge_list:
                    i, j, _ = self.edges[e]
                    if self.in_blossom[j] == b:
                        i, j = j, i
                    bj = self.in_blossom[j]
                    if (
                        bj != b
                        and self.label[bj] == 1
                        and (best_to[bj] == -1 or self.slack(e) < self.slack(best_to[bj]))
                    ):
                        best_to[bj] = e
            self.blossom_best[sub] = None
            self.best_edge[sub] = -1
        best_list = [e for e in best_to if e != -1]
        self.blossom_best[b] = best_list
        self.best_edge[b] = -1
        for e in best_list:
            if self.best_edge[b] == -1 or self.slack(e) < self.slack(self.best_edge[b]):
                self.best_edge[b] = e

    def expand_blossom(self, b: int, end_stage: bool) -> None:
        for s in self.children[b]:
            self.parent[s] = -1
            if s < self.n:
                self.in_blossom[s] = s
            elif end_stage and self.dual[s] == 0:
                self.expand_blossom(s, end_stage)
            else:
                for leaf in self.leaves(s):
                    self.in_blossom[leaf] = s
        if not end_stage and self.label[b] == 2:
            children = self.children[b]
            endps = self.endps[b]
            entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]]
            j = children.index(entry)
            if j & 1:
                j -= len(children)
                step, trick = 1, 0
            else:
                step, trick = -1, 1
            p = self.label_end[b]
            while j != 0:
                self.label[self.endpoint[p ^ 1]] = 0
                self.label[self.endpoint[endps[j - trick] ^ trick ^ 1]] = 0
                self.assign_label(self.endpoint[p ^ 1], 2, p)
                self.allowed[endps[j - trick] // 2] = True
                j += step
                p = endps[j - trick] ^ trick
                self.allowed[p // 2] = True
                j += step
            bv = children[j]
            self.label[self.endpoint[p ^ 1]] = self.label[bv] = 2
            self.label_end[self.endpoint[p ^ 1]] = self.label_end[bv] = p
            self.best_edge[bv] = -1
            j += step
            while children[j] != entry:
                bv = children[j]
                if self.label[bv] == 1:
                    j += step
                    continue
                labelled = -1
                for leaf in self.leaves(bv):
                    if self.label[leaf] != 0:
                        labelled = leaf
                        break
                if labelled != -1:
                    self.label[labelled] = 0
                    self.label[self.endpoint[self.mate[self.base[bv]]]] = 0
                    self.assign_label(labelled, 2, self.label_end[labelled])
                j += step
        self.label[b] = self.label_end[b] = -1
        self.children[b] = []
        self.endps[b] = []
        self.base[b] = -1
        self.blossom_best[b] = None
        self.best_edge[b] = -1
        self.unused.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children = self.children[b]
        endps = self.endps[b]
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = children[j]
            p = endps[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.children[b] = children[i:] + children[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.label_end[bs] == -1:
                    break
                t = self.endpoint[self.label_end[bs]]
                bt = self.in_blossom[t]
                s = self.endpoint[self.label_end[bt]]
                j = self.endpoint[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.label_end[bt]
                p = self.label_end[bt] ^ 1
