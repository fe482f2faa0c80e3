//! 花算法 — the primal-dual blossom solver behind [`super::max_weight_matching`].
//!
//! Indexing: vertices are `0..n`, blossoms reuse the ids `n..2n` (at most `n/2` blossoms exist
//! at once). Edge `k` has two *endpoints*: `2k` at its first vertex and `2k + 1` at its second,
//! so `p ^ 1` is the opposite end of endpoint `p`. A vertex's adjacency list holds the remote
//! endpoints of its edges, and `mate[v]` is the endpoint at `v`'s partner, which names both the
//! partner and the matched edge. `label_end[b]` of a labelled top-level blossom is the endpoint,
//! at the parent's side, of the edge that gave `b` its label (`NONE` for a tree root), and
//! `tree[b]` names the tree's root, so that an augmentation can dissolve exactly its two trees.

use super::{Graph, MatchingError, Weight};

const NONE: u32 = u32::MAX;

/// Label of a top-level blossom: not in any tree.
const FREE: u8 = 0;
/// Outer: even depth in an alternating tree.
const OUTER: u8 = 1;
/// Inner: odd depth in an alternating tree.
const INNER: u8 = 2;

/// One entry of a vertex's adjacency list: the neighbour and the endpoint at the neighbour.
/// The doubled weight sits in a list of its own ([`Solver::adj_w2`]), so that the scans that
/// first look at the neighbour's label read only these eight bytes for most entries.
#[derive(Clone, Copy)]
struct Link {
    w: u32,
    p: u32,
}

/// A candidate edge for a dual step, with what its slack needs, so that comparing slacks
/// touches only the dual values.
#[derive(Clone, Copy)]
struct Cand<W> {
    k: u32,
    a: u32,
    b: u32,
    w2: W,
}

impl<W: Weight> Cand<W> {
    const NONE: Self = Cand {
        k: NONE,
        a: 0,
        b: 0,
        w2: W::ZERO,
    };

    fn is_none(&self) -> bool {
        self.k == NONE
    }
}

/// Which dual step ends a round of dual adjustment.
enum Step {
    /// Free vertices' dual reached zero: the matching is optimal.
    Done,
    /// An edge from an outer vertex to an unlabelled vertex became tight.
    Grow(u32),
    /// An edge between two outer blossoms became tight.
    Join(u32),
    /// An inner blossom's dual reached zero: expand it.
    Expand(u32),
    /// Resuming only: the dual of this outer vertex reached zero (see [`Solver::resume`]).
    Zero(u32),
}

#[cfg(test)]
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Stats {
    pub blossoms: usize,
    pub nested_blossoms: usize,
    pub inner_expansions: usize,
    /// Children of an expanded inner blossom, off the even path, labelled through a tight edge.
    pub reached_children: usize,
    pub zero_dual_expansions: usize,
    pub join_steps: usize,
}

pub(super) struct Solver<W> {
    n: usize,
    max_cardinality: bool,
    /// Resuming from an earlier optimum (see [`Solver::resume`]) rather than solving afresh.
    warm: bool,
    /// Where edge `k` sits in the adjacency lists of its first and second vertex.
    adj_pos: Vec<[u32; 2]>,
    /// Vertex of each endpoint.
    ep_vertex: Vec<u32>,
    /// Adjacency (remote endpoints) of vertex `v`: `adj[adj_start[v]..][..adj_len[v]]`, in
    /// the order of the edges' numbers. Each vertex's list has room for `adj_cap[v]` entries,
    /// so that added edges go in place ([`Solver::add_edges`]); a list that outgrows its room
    /// moves to the end of `adj` with twice as much.
    adj_start: Vec<u32>,
    adj_len: Vec<u32>,
    adj_cap: Vec<u32>,
    adj: Vec<Link>,
    /// The doubled weight of each entry of `adj`.
    adj_w2: Vec<W>,
    /// The weight of the edges left out of the lists ([`Solver::add_edges`]).
    gone: W,
    mate: Vec<u32>,
    label: Vec<u8>,
    label_end: Vec<u32>,
    in_blossom: Vec<u32>,
    parent: Vec<u32>,
    /// Children of a blossom in cycle order, the base's child first.
    children: Vec<Vec<u32>>,
    /// `cycle_ep[b][i]`: endpoint, inside child `i`, of the edge joining child `i` to child
    /// `i + 1` (cyclically); its opposite end lies in child `i + 1`.
    cycle_ep: Vec<Vec<u32>>,
    /// Base vertex of a blossom (`NONE` for an unused blossom id); `base[v] = v` for vertices.
    base: Vec<u32>,
    /// For an outer top-level blossom: the least-slack edge to another outer blossom. For a
    /// vertex not in an outer blossom: the least-slack edge to an outer vertex.
    best_edge: Vec<Cand<W>>,
    /// For an outer blossom: per neighbouring outer blossom, the least-slack edge to it.
    best_list: Vec<Vec<Cand<W>>>,
    has_best_list: Vec<bool>,
    /// An outer blossom whose best list has not been built yet.
    dirty: Vec<bool>,
    /// A vertex whose least-slack edge to the outer vertices is unknown (it was freed by a
    /// dissolved tree and labelled before it looked).
    best_stale: Vec<bool>,
    unused: Vec<u32>,
    dual: Vec<W>,
    /// Tree (root vertex) of a labelled top-level blossom.
    tree: Vec<u32>,
    /// Trees still growing.
    live_trees: usize,
    queue: Vec<u32>,
    // Scratch space, kept to avoid allocating in the loops.
    marked: Vec<bool>,
    marked_list: Vec<u32>,
    best_to: Vec<Cand<W>>,
    best_to_list: Vec<u32>,
    leaves_buf: Vec<u32>,
    dissolved_buf: Vec<u32>,
    stack_buf: Vec<u32>,
    #[cfg(test)]
    pub(super) stats: Stats,
}

impl<W: Weight> Solver<W> {
    /// What is subtracted from every weight before solving (see [`Solver::new`]).
    pub(super) fn shift(graph: &Graph<W>, max_cardinality: bool) -> W {
        if max_cardinality {
            graph
                .edges
                .iter()
                .map(|e| e.2)
                .fold(W::ZERO, |a, b| a.min(b))
        } else {
            W::ZERO
        }
    }

    pub(super) fn new(graph: &Graph<W>, max_cardinality: bool) -> Self {
        let n = graph.n;
        // Every maximum-cardinality matching has the same number of pairs, so in that mode
        // adding one constant to all weights keeps the optimum; lifting the lightest weight to
        // zero keeps the dual values small when weights are negative.
        let shift = Self::shift(graph, max_cardinality);
        let edges: Vec<(u32, u32, W)> = graph
            .edges
            .iter()
            .map(|&(u, v, w)| {
                let w = w.sub(shift);
                (u, v, w.add(w))
            })
            .collect();
        let (ep_vertex, adj_start, (adj, adj_w2), adj_pos) = Self::adjacency(n, &edges, &|_| true);
        let adj_len: Vec<u32> = (0..n).map(|v| adj_start[v + 1] - adj_start[v]).collect();
        let mut solver = Solver {
            n,
            max_cardinality,
            warm: false,
            adj_pos,
            ep_vertex,
            adj_start,
            adj_cap: adj_len.clone(),
            adj_len,
            adj,
            adj_w2,
            gone: W::ZERO,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n as u32).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            cycle_ep: vec![Vec::new(); 2 * n],
            base: (0..n as u32).chain(std::iter::repeat_n(NONE, n)).collect(),
            best_edge: vec![Cand::NONE; 2 * n],
            best_list: vec![Vec::new(); 2 * n],
            has_best_list: vec![false; 2 * n],
            dirty: vec![false; 2 * n],
            best_stale: vec![false; n],
            unused: (n as u32..2 * n as u32).rev().collect(),
            dual: vec![W::ZERO; 2 * n],
            tree: vec![NONE; 2 * n],
            queue: Vec::with_capacity(n),
            live_trees: 0,
            marked: vec![false; 2 * n],
            marked_list: Vec::new(),
            best_to: vec![Cand::NONE; 2 * n],
            best_to_list: Vec::new(),
            leaves_buf: Vec::new(),
            dissolved_buf: Vec::new(),
            stack_buf: Vec::new(),
            #[cfg(test)]
            stats: Stats::default(),
        };
        solver.reset();
        solver
    }

    /// The adjacency lists of `edges` (ends and doubled weight): the vertex of each endpoint,
    /// where each vertex's list starts, the lists, and where each edge sits in them.
    #[allow(clippy::type_complexity)]
    /// Edges at a vertex that `keep` refuses stay out of the lists (their position is `NONE`).
    fn adjacency(
        n: usize,
        edges: &[(u32, u32, W)],
        keep: &dyn Fn(u32) -> bool,
    ) -> (Vec<u32>, Vec<u32>, (Vec<Link>, Vec<W>), Vec<[u32; 2]>) {
        let m = edges.len();
        let mut ep_vertex = Vec::with_capacity(2 * m);
        let mut degree = vec![0u32; n + 1];
        let mut listed = 0;
        for &(u, v, _) in edges {
            ep_vertex.push(u);
            ep_vertex.push(v);
            if keep(u) && keep(v) {
                degree[u as usize] += 1;
                degree[v as usize] += 1;
                listed += 1;
            }
        }
        let mut adj_start = vec![0u32; n + 1];
        for v in 0..n {
            adj_start[v + 1] = adj_start[v] + degree[v];
        }
        let mut fill = adj_start.clone();
        let mut adj_pos = vec![[NONE; 2]; m];
        let mut adj = vec![Link { w: 0, p: 0 }; 2 * listed];
        let mut adj_w2 = vec![W::ZERO; 2 * listed];
        for (k, &(u, v, w2)) in edges.iter().enumerate() {
            if !(keep(u) && keep(v)) {
                continue;
            }
            adj_pos[k] = [fill[u as usize], fill[v as usize]];
            let k = k as u32;
            let (at_u, at_v) = (fill[u as usize] as usize, fill[v as usize] as usize);
            adj[at_u] = Link { w: v, p: 2 * k + 1 };
            adj[at_v] = Link { w: u, p: 2 * k };
            adj_w2[at_u] = w2;
            adj_w2[at_v] = w2;
            fill[u as usize] += 1;
            fill[v as usize] += 1;
        }
        (ep_vertex, adj_start, (adj, adj_w2), adj_pos)
    }

    /// Number of edges.
    pub(super) fn edge_count(&self) -> usize {
        self.adj_pos.len()
    }

    /// Adds edges (ends and doubled weight) after the existing ones, which keep their numbers,
    /// so the matching, the blossoms and the duals stay as they are. The caller restores the
    /// invariants for the new edges ([`Solver::isolate`]), as after a weight change.
    ///
    /// The edges at vertices `keep` refuses — vertices out of the matching for good, with no
    /// partner, no blossom and dual 0 — leave the adjacency lists; their weight reads as
    /// `gone` from then on and cannot be changed.
    ///
    /// The lists come out as if built afresh from all the edges (each in the order of the
    /// edges' numbers, without the refused ones), but only the lists that change are touched:
    /// new edges go into the room left at the end of their vertices' lists.
    pub(super) fn add_edges(&mut self, new: &[(u32, u32, W)], keep: &dyn Fn(u32) -> bool, gone: W) {
        self.gone = gone;
        // Edges at refused vertices leave both their lists.
        let mut touched = Vec::new();
        for x in 0..self.n as u32 {
            if keep(x) || self.adj_len[x as usize] == 0 {
                continue;
            }
            for i in self.adj_range(x) {
                let Link { w, p } = self.adj[i];
                self.adj_pos[(p >> 1) as usize] = [NONE; 2];
                touched.push(w);
            }
            let range = self.adj_range(x);
            self.adj_w2[range].fill(W::NEG_BOUND);
            self.adj_len[x as usize] = 0;
        }
        touched.sort_unstable();
        touched.dedup();
        for y in touched {
            if !keep(y) {
                continue;
            }
            let start = self.adj_start[y as usize] as usize;
            let mut kept = start;
            for i in self.adj_range(y) {
                let link = self.adj[i];
                let k = (link.p >> 1) as usize;
                if self.adj_pos[k][0] == NONE {
                    continue;
                }
                self.adj[kept] = link;
                self.adj_w2[kept] = self.adj_w2[i];
                self.adj_pos[k][((link.p ^ 1) & 1) as usize] = kept as u32;
                kept += 1;
            }
            let end = start + self.adj_len[y as usize] as usize;
            self.adj_w2[kept..end].fill(W::NEG_BOUND);
            self.adj_len[y as usize] = (kept - start) as u32;
        }
        for &(u, v, w2) in new {
            let k = self.adj_pos.len() as u32;
            self.ep_vertex.push(u);
            self.ep_vertex.push(v);
            if !(keep(u) && keep(v)) {
                self.adj_pos.push([NONE; 2]);
                continue;
            }
            let at_u = self.append(u, Link { w: v, p: 2 * k + 1 }, w2);
            let at_v = self.append(v, Link { w: u, p: 2 * k }, w2);
            self.adj_pos.push([at_u, at_v]);
        }
    }

    /// Puts an entry at the end of `x`'s list, moving the list to the end of `adj` with twice
    /// the room when it is full; returns where the entry went.
    fn append(&mut self, x: u32, link: Link, w2: W) -> u32 {
        let xu = x as usize;
        if self.adj_len[xu] == self.adj_cap[xu] {
            let cap = (2 * self.adj_cap[xu]).max(4);
            let start = self.adj.len();
            let range = self.adj_range(x);
            self.adj.resize(start + cap as usize, Link { w: 0, p: 0 });
            self.adj_w2.resize(start + cap as usize, W::NEG_BOUND);
            for (j, i) in range.clone().enumerate() {
                let moved = self.adj[i];
                self.adj[start + j] = moved;
                self.adj_w2[start + j] = self.adj_w2[i];
                self.adj_pos[(moved.p >> 1) as usize][((moved.p ^ 1) & 1) as usize] =
                    (start + j) as u32;
            }
            self.adj_w2[range].fill(W::NEG_BOUND);
            self.adj_start[xu] = start as u32;
            self.adj_cap[xu] = cap;
        }
        let at = self.adj_start[xu] + self.adj_len[xu];
        self.adj[at as usize] = link;
        self.adj_w2[at as usize] = w2;
        self.adj_len[xu] += 1;
        at
    }

    /// The dual solution now held, as a [`super::Duals`] (no weight shift).
    pub(super) fn certificate(&self) -> super::Duals<W> {
        super::Duals::new(self.n, W::ZERO, self.dual.clone(), self.parent.clone())
    }

    /// The starting state of a fresh [`Solver::solve`] on the current weights: no matching, no
    /// blossoms, every vertex dual at the largest (shifted) weight, every blossom dual 0.
    /// [`Solver::new`] starts here too; [`super::Incremental`] comes back here to start over.
    pub(super) fn reset(&mut self) {
        let n = self.n;
        self.warm = false;
        self.mate.fill(NONE);
        self.label.fill(FREE);
        self.label_end.fill(NONE);
        for v in 0..n {
            self.in_blossom[v] = v as u32;
        }
        self.parent.fill(NONE);
        for b in 0..2 * n {
            self.children[b].clear();
            self.cycle_ep[b].clear();
            self.best_list[b].clear();
            self.base[b] = if b < n { b as u32 } else { NONE };
        }
        self.best_edge.fill(Cand::NONE);
        self.has_best_list.fill(false);
        self.dirty.fill(false);
        self.best_stale.fill(false);
        self.unused = (n as u32..2 * n as u32).rev().collect();
        let max_w = self
            .adj_w2
            .iter()
            .map(|w2| w2.half())
            .fold(W::ZERO, |a, b| a.max(b));
        self.dual.fill(W::ZERO);
        self.dual[..n].fill(max_w);
        self.tree.fill(NONE);
        self.queue.clear();
    }

    pub(super) fn run(mut self) -> Result<Vec<Option<usize>>, MatchingError> {
        self.solve()?;
        Ok(self.mates())
    }

    /// Solves, and returns the matching with the final dual solution that proves it optimal.
    pub(super) fn run_certified(
        mut self,
        shift: W,
    ) -> Result<(Vec<Option<usize>>, super::Duals<W>), MatchingError> {
        self.solve()?;
        let mates = self.mates();
        Ok((
            mates,
            super::Duals::new(self.n, shift, self.dual, self.parent),
        ))
    }

    /// Where vertex `v`'s entries lie in [`Solver::adj`] and [`Solver::adj_w2`].
    #[inline]
    fn adj_range(&self, v: u32) -> std::ops::Range<usize> {
        let start = self.adj_start[v as usize] as usize;
        start..start + self.adj_len[v as usize] as usize
    }

    /// The two vertices of edge `k`, in the order the graph gave them.
    #[inline]
    fn edge_ends(&self, k: u32) -> (u32, u32) {
        (
            self.ep_vertex[2 * k as usize],
            self.ep_vertex[2 * k as usize + 1],
        )
    }

    pub(super) fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&p| (p != NONE).then(|| self.ep_vertex[p as usize] as usize))
            .collect()
    }

    #[inline]
    fn slack(&self, c: &Cand<W>) -> W {
        self.dual[c.a as usize]
            .add(self.dual[c.b as usize])
            .sub(c.w2)
    }

    /// Appends the vertices inside blossom (or vertex) `b` to `out`.
    fn leaves_into(&mut self, b: u32, out: &mut Vec<u32>) {
        if (b as usize) < self.n {
            out.push(b);
            return;
        }
        let mut stack = std::mem::take(&mut self.stack_buf);
        stack.clear();
        stack.push(b);
        while let Some(x) = stack.pop() {
            if (x as usize) < self.n {
                out.push(x);
            } else {
                stack.extend(self.children[x as usize].iter().rev());
            }
        }
        self.stack_buf = stack;
    }

    /// Solves from the starting state of [`Solver::reset`]. The edges of the largest weight are
    /// tight there, so a greedy matching of them is a valid start (its edges tight, the free
    /// vertices all at the smallest dual); only the vertices it leaves free grow trees. With
    /// many equal weights that leaves few.
    pub(super) fn solve(&mut self) -> Result<(), MatchingError> {
        let n = self.n;
        for v in 0..n {
            if self.mate[v] != NONE {
                continue;
            }
            for i in self.adj_range(v as u32) {
                let Link { w, p } = self.adj[i];
                if self.mate[w as usize] == NONE
                    && self.dual[v].add(self.dual[w as usize]) == self.adj_w2[i]
                {
                    self.mate[v] = p;
                    self.mate[w as usize] = p ^ 1;
                    break;
                }
            }
        }
        self.live_trees = 0;
        for v in 0..n as u32 {
            if self.mate[v as usize] == NONE {
                self.assign_label(v, OUTER, NONE);
                self.live_trees += 1;
            }
        }
        self.search()
    }

    /// Grows the alternating trees of the labelled roots until no dual step is left.
    fn search(&mut self) -> Result<(), MatchingError> {
        loop {
            while let Some(v) = self.queue.pop() {
                // Entries of trees dissolved by an augmentation are stale.
                if self.label[self.in_blossom[v as usize] as usize] == OUTER {
                    self.scan_vertex(v);
                }
            }
            let Some((step, delta)) = self.find_step() else {
                // Maximum-cardinality mode: no dual step is possible, so no augmenting path.
                return Ok(());
            };
            self.apply_delta(delta)?;
            match step {
                Step::Done => return Ok(()),
                Step::Grow(k) => {
                    let (u, v) = self.edge_ends(k);
                    let outer = if self.label[self.in_blossom[u as usize] as usize] == OUTER {
                        u
                    } else {
                        v
                    };
                    self.queue.push(outer);
                }
                Step::Join(k) => {
                    self.queue.push(self.edge_ends(k).0);
                }
                Step::Expand(b) => self.expand_blossom(b, false),
                Step::Zero(y) => {
                    // `y` may stay unmatched now (complementary slackness): a root simply
                    // leaves the search; a matched `y` hands its mate to the root by flipping
                    // the even path between them. Either way the tree is done.
                    let t = self.tree[self.in_blossom[y as usize] as usize];
                    if self.mate[y as usize] != NONE {
                        self.flip_to_root(y, NONE);
                    }
                    self.dissolve_trees(t, t);
                }
            }
        }
    }

    /// Solves again after [`Solver::isolate`] and weight changes, from the duals and the
    /// matching left by the last solve.
    ///
    /// On entry the duals are feasible, every matched edge and blossom edge is tight, and every
    /// unmatched vertex has dual 0 except the *roots*: isolated vertices whose dual is the
    /// common value `big`. Only the roots grow trees. Because unmatched vertices may now keep
    /// a dual of 0 without being roots, two steps differ from a fresh solve: a tight edge from
    /// an outer vertex to an unmatched, unlabelled one is an augmenting path; and an outer
    /// vertex whose dual reaches 0 ([`Step::Zero`]) ends its tree, taking the root's place as
    /// the unmatched vertex if it was matched. The roots all start at `big` and move together,
    /// so the parity invariant holds; the search ends when no tree is left.
    pub(super) fn resume(&mut self, roots: &[u32]) -> Result<(), MatchingError> {
        self.warm = true;
        self.queue.clear();
        for b in 0..2 * self.n {
            let top = self.parent[b] == NONE && (b < self.n || self.base[b] != NONE);
            if top {
                self.clear_label(b as u32);
            }
            self.best_edge[b] = Cand::NONE;
        }
        self.best_stale.fill(false);
        self.live_trees = 0;
        for &r in roots {
            if self.mate[r as usize] == NONE
                && self.label[self.in_blossom[r as usize] as usize] == FREE
            {
                self.assign_label(r, OUTER, NONE);
                self.live_trees += 1;
            }
        }
        self.search()
    }

    /// The current (doubled) weight of edge `k`.
    pub(super) fn weight2(&self, k: usize) -> W {
        match self.adj_pos[k][0] {
            NONE => self.gone,
            at => self.adj_w2[at as usize],
        }
    }

    /// Sets the doubled weight of edge `k`. The caller restores the invariants ([`Solver::isolate`]).
    pub(super) fn set_weight2(&mut self, k: usize, w2: W) {
        let [a, b] = self.adj_pos[k];
        if a == NONE {
            return;
        }
        self.adj_w2[a as usize] = w2;
        self.adj_w2[b as usize] = w2;
    }

    /// The two vertices of edge `k`.
    pub(super) fn ends(&self, k: usize) -> (usize, usize) {
        let (u, v) = self.edge_ends(k as u32);
        (u as usize, v as usize)
    }

    pub(super) fn dual(&self, v: usize) -> W {
        self.dual[v]
    }

    pub(super) fn set_dual(&mut self, v: usize, d: W) {
        self.dual[v] = d;
    }

    /// Whether `v` is a blossom of its own (not inside a larger blossom).
    pub(super) fn is_single(&self, v: usize) -> bool {
        self.in_blossom[v] as usize == v
    }

    /// The vertex matched to `v` and the edge between them.
    pub(super) fn mate_edge(&self, v: usize) -> Option<(usize, usize)> {
        let p = self.mate[v];
        (p != NONE).then(|| (self.ep_vertex[p as usize] as usize, (p >> 1) as usize))
    }

    /// The edges at `v`: (neighbour, edge, doubled weight).
    pub(super) fn edges_at(&self, v: usize) -> impl Iterator<Item = (usize, usize, W)> + '_ {
        let range = self.adj_range(v as u32);
        self.adj[range.clone()]
            .iter()
            .zip(&self.adj_w2[range])
            .map(|(a, &w2)| (a.w as usize, (a.p >> 1) as usize, w2))
    }

    /// Detaches `v` from the matching and from every blossom, keeping the duals feasible and
    /// every remaining matched and blossom edge tight; returns the vertex it was matched to
    /// through its top-level blossom's base (now unmatched too), if any.
    ///
    /// `v` is first made the base of its blossoms (which re-pairs the blossom's inside along
    /// an even path), then the blossoms around it are dissolved from the top: each blossom's
    /// dual is added to the duals of its vertices, which leaves the slack of every edge inside
    /// it unchanged and raises that of the edges leaving it. The edges leaving it that were
    /// tight are the matched edge at the base, which is given up, and unmatched ones.
    pub(super) fn isolate(&mut self, v: u32) -> Option<u32> {
        let top = self.in_blossom[v as usize];
        let base = self.base[top as usize];
        let ext = self.mate[base as usize];
        let partner = (ext != NONE).then(|| self.ep_vertex[ext as usize]);
        if top as usize >= self.n {
            self.augment_blossom(top, v);
            let mut b = top;
            let mut leaves = std::mem::take(&mut self.leaves_buf);
            while b as usize >= self.n {
                let bu = b as usize;
                let z = self.dual[bu];
                let children = std::mem::take(&mut self.children[bu]);
                let mut next = NONE;
                for &c in &children {
                    self.parent[c as usize] = NONE;
                    self.clear_label(c);
                    leaves.clear();
                    self.leaves_into(c, &mut leaves);
                    for &x in &leaves {
                        self.dual[x as usize] = self.dual[x as usize].add(z);
                        self.in_blossom[x as usize] = c;
                        if x == v {
                            next = c;
                        }
                    }
                }
                let mut children = children;
                children.clear();
                self.children[bu] = children;
                self.cycle_ep[bu].clear();
                self.clear_label(b);
                self.dual[bu] = W::ZERO;
                self.base[bu] = NONE;
                self.unused.push(b);
                b = next;
            }
            self.leaves_buf = leaves;
        }
        self.mate[v as usize] = NONE;
        if let Some(x) = partner {
            self.mate[x as usize] = NONE;
        }
        partner
    }

    /// After an augmentation: the two trees it joined lose their labels (their roots are
    /// matched now); every other tree stays as it is. Outer blossoms of those trees whose dual
    /// is zero are dissolved; the freed vertices look again for outer neighbours.
    fn dissolve_trees(&mut self, t1: u32, t2: u32) {
        let mut tops = std::mem::take(&mut self.marked_list);
        tops.clear();
        for v in 0..self.n {
            let b = self.in_blossom[v];
            let t = self.tree[b as usize];
            if self.label[b as usize] != FREE && (t == t1 || t == t2) && !self.marked[b as usize] {
                self.marked[b as usize] = true;
                tops.push(b);
            }
        }
        let mut freed = std::mem::take(&mut self.dissolved_buf);
        freed.clear();
        for &b in &tops {
            self.marked[b as usize] = false;
            self.leaves_into(b, &mut freed);
        }
        for &b in &tops {
            let bu = b as usize;
            let was_outer = self.label[bu] == OUTER;
            self.clear_label(b);
            if bu >= self.n && was_outer && self.dual[bu] == W::ZERO {
                self.expand_blossom(b, true);
            }
        }
        tops.clear();
        self.marked_list = tops;
        for &x in &freed {
            self.best_edge[x as usize] = Cand::NONE;
            self.best_stale[x as usize] = true;
        }
        self.live_trees = self.live_trees.saturating_sub(if t1 == t2 { 1 } else { 2 });
        if self.live_trees == 0 {
            // No outer vertex is left for the freed ones to look at.
            self.dissolved_buf = freed;
            return;
        }
        for &x in &freed {
            let bx = self.in_blossom[x as usize];
            if self.label[bx as usize] != FREE {
                // Labelled through another freed vertex meanwhile: an outer x is queued and
                // will scan; an inner x's least-slack edge is computed if it is ever needed.
                continue;
            }
            self.best_stale[x as usize] = false;
            for i in self.adj_range(x) {
                let Link { w, p } = self.adj[i];
                let bw = self.in_blossom[w as usize];
                if bw == bx || self.label[bw as usize] != OUTER {
                    continue;
                }
                let w2 = self.adj_w2[i];
                let slack = self.dual[x as usize].add(self.dual[w as usize]).sub(w2);
                // (An unmatched x, possible when resuming, is left to the next step: a tight
                // edge to it is an augmenting path, found by scanning from the outer end.)
                if slack <= W::ZERO && self.mate[self.base[bx as usize] as usize] != NONE {
                    self.assign_label(x, INNER, p);
                    self.best_stale[x as usize] = true;
                    break;
                }
                self.offer_vertex_best(x, w, p, w2, slack);
            }
        }
        self.dissolved_buf = freed;
    }

    /// Records edge (outer `s` – `x`) as a candidate least-slack edge into vertex `x`.
    #[inline]
    fn offer_vertex_best(&mut self, x: u32, s: u32, p: u32, w2: W, slack: W) {
        let best = &self.best_edge[x as usize];
        if best.is_none() || slack < self.slack(best) {
            self.best_edge[x as usize] = Cand {
                k: p >> 1,
                a: s,
                b: x,
                w2,
            };
        }
    }

    /// Forgets the label of top-level blossom `b` and what was recorded for it.
    fn clear_label(&mut self, b: u32) {
        let bu = b as usize;
        self.label[bu] = FREE;
        self.label_end[bu] = NONE;
        self.tree[bu] = NONE;
        self.best_edge[bu] = Cand::NONE;
        self.best_list[bu].clear();
        self.has_best_list[bu] = false;
        self.dirty[bu] = false;
    }

    /// Recomputes the least-slack edge from vertex `x` (not outer) to an outer vertex.
    fn recompute_vertex_best(&mut self, x: u32) {
        self.best_edge[x as usize] = Cand::NONE;
        self.best_stale[x as usize] = false;
        let bx = self.in_blossom[x as usize];
        for i in self.adj_range(x) {
            let Link { w, p } = self.adj[i];
            let bw = self.in_blossom[w as usize];
            if bw != bx && self.label[bw as usize] == OUTER {
                let w2 = self.adj_w2[i];
                let slack = self.dual[x as usize].add(self.dual[w as usize]).sub(w2);
                self.offer_vertex_best(x, w, p, w2, slack);
            }
        }
    }

    /// Recomputes the least-slack edge from outer blossom `b` to another outer blossom.
    fn recompute_blossom_best(&mut self, b: u32) {
        let bu = b as usize;
        self.best_list[bu].clear();
        self.has_best_list[bu] = false;
        let mut best = Cand::NONE;
        let mut best_slack = W::ZERO;
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        leaves.clear();
        self.leaves_into(b, &mut leaves);
        for &x in &leaves {
            for i in self.adj_range(x) {
                let Link { w, p } = self.adj[i];
                let bw = self.in_blossom[w as usize];
                if bw != b && self.label[bw as usize] == OUTER {
                    let w2 = self.adj_w2[i];
                    let slack = self.dual[x as usize].add(self.dual[w as usize]).sub(w2);
                    if best.is_none() || slack < best_slack {
                        best = Cand {
                            k: p >> 1,
                            a: x,
                            b: w,
                            w2,
                        };
                        best_slack = slack;
                    }
                }
            }
        }
        self.leaves_buf = leaves;
        self.best_edge[bu] = best;
    }

    /// Scans the edges of outer vertex `v`: labels, shrinks blossoms, augments, and records
    /// least-slack edges.
    fn scan_vertex(&mut self, v: u32) {
        let dual_v = self.dual[v as usize];
        for i in self.adj_range(v) {
            let Link { w, p } = self.adj[i];
            let bv = self.in_blossom[v as usize];
            let bw = self.in_blossom[w as usize];
            if bv == bw {
                continue;
            }
            let w2 = self.adj_w2[i];
            // Exact integers: an edge is usable exactly when its slack is zero.
            let slack = dual_v.add(self.dual[w as usize]).sub(w2);
            let lw = self.label[bw as usize];
            if slack <= W::ZERO {
                match lw {
                    // Resuming, an unmatched vertex outside the trees ends an augmenting path.
                    FREE if self.mate[self.base[bw as usize] as usize] == NONE => {
                        let t = self.tree[bv as usize];
                        self.augment(p >> 1);
                        self.dissolve_trees(t, t);
                        return;
                    }
                    FREE => self.assign_label(w, INNER, p ^ 1),
                    OUTER => match self.find_common_base(v, w) {
                        Some(base) => self.add_blossom(base, p >> 1),
                        None => {
                            let t1 = self.tree[bv as usize];
                            let t2 = self.tree[bw as usize];
                            self.augment(p >> 1);
                            self.dissolve_trees(t1, t2);
                            return;
                        }
                    },
                    // Inner: already in the tree; a T-expansion looks for such edges itself.
                    _ => {}
                }
            } else {
                // Outer neighbour: best edge of v's blossom; otherwise best edge into w.
                let slot = if lw == OUTER { bv } else { w } as usize;
                let best = &self.best_edge[slot];
                if best.is_none() || slack < self.slack(best) {
                    self.best_edge[slot] = Cand {
                        k: p >> 1,
                        a: v,
                        b: w,
                        w2,
                    };
                }
            }
        }
    }

    /// Labels the top-level blossom containing `w`, reached through endpoint `p` (at the
    /// parent's side). An inner blossom's mate blossom becomes outer in turn.
    fn assign_label(&mut self, w: u32, t: u8, p: u32) {
        let b = self.in_blossom[w as usize];
        self.label[b as usize] = t;
        self.label_end[b as usize] = p;
        self.tree[b as usize] = if p == NONE {
            w
        } else {
            self.tree[self.in_blossom[self.ep_vertex[p as usize] as usize] as usize]
        };
        self.best_edge[w as usize] = Cand::NONE;
        self.best_edge[b as usize] = Cand::NONE;
        if t == OUTER {
            let mut leaves = std::mem::take(&mut self.leaves_buf);
            leaves.clear();
            self.leaves_into(b, &mut leaves);
            self.queue.extend_from_slice(&leaves);
            self.leaves_buf = leaves;
        } else {
            let mate_ep = self.mate[self.base[b as usize] as usize];
            self.assign_label(self.ep_vertex[mate_ep as usize], OUTER, mate_ep ^ 1);
        }
    }

    /// Walks up the trees of outer vertices `v` and `w` (alternately) to their nearest common
    /// outer blossom; returns its base, or `None` if they lie in different trees.
    fn find_common_base(&mut self, v: u32, w: u32) -> Option<u32> {
        let (mut v, mut w) = (v, w);
        let mut found = None;
        while v != NONE {
            let b = self.in_blossom[v as usize];
            if self.marked[b as usize] {
                found = Some(self.base[b as usize]);
                break;
            }
            self.marked[b as usize] = true;
            self.marked_list.push(b);
            v = if self.label_end[b as usize] == NONE {
                NONE
            } else {
                let t = self.ep_vertex[self.label_end[b as usize] as usize];
                let bt = self.in_blossom[t as usize];
                self.ep_vertex[self.label_end[bt as usize] as usize]
            };
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for &b in &self.marked_list {
            self.marked[b as usize] = false;
        }
        self.marked_list.clear();
        found
    }

    /// Shrinks the odd cycle closed by tight edge `k` between two outer blossoms of one tree,
    /// whose nearest common blossom has base vertex `base`, into a new outer blossom.
    fn add_blossom(&mut self, base: u32, k: u32) {
        #[cfg(test)]
        {
            self.stats.blossoms += 1;
        }
        let (v, w) = self.edge_ends(k);
        let bb = self.in_blossom[base as usize];
        let mut bv = self.in_blossom[v as usize];
        let mut bw = self.in_blossom[w as usize];
        let Some(b) = self.unused.pop() else {
            unreachable!("at most n/2 blossoms exist at once");
        };
        let bu = b as usize;
        self.base[bu] = base;
        self.parent[bu] = NONE;
        self.parent[bb as usize] = b;
        let mut children = std::mem::take(&mut self.children[bu]);
        let mut eps = std::mem::take(&mut self.cycle_ep[bu]);
        children.clear();
        eps.clear();
        // From v's side back to the common blossom, collected in reverse.
        while bv != bb {
            self.parent[bv as usize] = b;
            children.push(bv);
            let le = self.label_end[bv as usize];
            eps.push(le);
            bv = self.in_blossom[self.ep_vertex[le as usize] as usize];
        }
        children.push(bb);
        children.reverse();
        eps.reverse();
        eps.push(2 * k);
        // From w's side back to the common blossom.
        while bw != bb {
            self.parent[bw as usize] = b;
            children.push(bw);
            let le = self.label_end[bw as usize];
            eps.push(le ^ 1);
            bw = self.in_blossom[self.ep_vertex[le as usize] as usize];
        }
        debug_assert!(children.len() % 2 == 1 && children.len() >= 3);
        #[cfg(test)]
        if children.iter().any(|&c| c as usize >= self.n) {
            self.stats.nested_blossoms += 1;
        }
        self.label[bu] = OUTER;
        self.label_end[bu] = self.label_end[bb as usize];
        self.tree[bu] = self.tree[bb as usize];
        self.dual[bu] = W::ZERO;

        // Relabel: inner vertices become outer and must be scanned.
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        leaves.clear();
        for &c in &children {
            self.leaves_into(c, &mut leaves);
        }
        for &x in &leaves {
            if self.label[self.in_blossom[x as usize] as usize] == INNER {
                self.queue.push(x);
            }
            self.in_blossom[x as usize] = b;
        }

        // Its least-slack edges to the other outer blossoms are worked out when a dual step
        // needs them: many blossoms are absorbed or dissolved before that.
        for &c in &children {
            self.best_edge[c as usize] = Cand::NONE;
        }
        self.best_edge[bu] = Cand::NONE;
        self.best_list[bu].clear();
        self.has_best_list[bu] = false;
        self.dirty[bu] = true;
        self.children[bu] = children;
        self.cycle_ep[bu] = eps;
        self.leaves_buf = leaves;
    }

    /// Computes, for outer blossom `b` created since the last dual step, its least-slack edge
    /// to every other outer blossom: from a child's list where it has one, from the child's
    /// vertices' edges otherwise.
    fn build_best_list(&mut self, b: u32) {
        let bu = b as usize;
        let children = std::mem::take(&mut self.children[bu]);
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        let current = self.best_edge[bu];
        if !current.is_none() {
            self.offer_best_to(b, current);
        }
        for &c in &children {
            let cu = c as usize;
            if self.has_best_list[cu] {
                let list = std::mem::take(&mut self.best_list[cu]);
                for c in &list {
                    self.offer_best_to(b, *c);
                }
                self.best_list[cu] = list;
                self.best_list[cu].clear();
                self.has_best_list[cu] = false;
            } else {
                leaves.clear();
                self.leaves_into(c, &mut leaves);
                for &x in &leaves {
                    for i in self.adj_range(x) {
                        let Link { w, p } = self.adj[i];
                        let w2 = self.adj_w2[i];
                        self.offer_best_to(
                            b,
                            Cand {
                                k: p >> 1,
                                a: x,
                                b: w,
                                w2,
                            },
                        );
                    }
                }
            }
        }
        let mut list = std::mem::take(&mut self.best_list[bu]);
        list.clear();
        let mut best = Cand::NONE;
        let mut best_slack = W::ZERO;
        for &j in &self.best_to_list {
            let c = self.best_to[j as usize];
            self.best_to[j as usize] = Cand::NONE;
            list.push(c);
            let s = self.slack(&c);
            if best.is_none() || s < best_slack {
                best = c;
                best_slack = s;
            }
        }
        self.best_to_list.clear();
        self.best_list[bu] = list;
        self.has_best_list[bu] = true;
        self.best_edge[bu] = best;
        self.dirty[bu] = false;
        self.children[bu] = children;
        self.leaves_buf = leaves;
    }

    /// Records edge `e` as a candidate least-slack edge from new blossom `b` to the outer
    /// blossom at its other end.
    #[inline]
    fn offer_best_to(&mut self, b: u32, c: Cand<W>) {
        let other = if self.in_blossom[c.b as usize] == b {
            c.a
        } else {
            c.b
        };
        let bj = self.in_blossom[other as usize];
        if bj == b || self.label[bj as usize] != OUTER {
            return;
        }
        let cur = self.best_to[bj as usize];
        if cur.is_none() {
            self.best_to[bj as usize] = c;
            self.best_to_list.push(bj);
        } else if self.slack(&c) < self.slack(&cur) {
            self.best_to[bj as usize] = c;
        }
    }

    /// Dissolves blossom `b` into its children. When its tree is being dissolved (`dissolving`)
    /// children whose dual is zero are dissolved too; otherwise `b` is an inner blossom whose dual
    /// reached zero and its children are relabelled so the tree stays alternating.
    fn expand_blossom(&mut self, b: u32, dissolving: bool) {
        #[cfg(test)]
        {
            if dissolving {
                self.stats.zero_dual_expansions += 1;
            } else {
                self.stats.inner_expansions += 1;
            }
        }
        let bu = b as usize;
        let children = std::mem::take(&mut self.children[bu]);
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        for &c in &children {
            self.parent[c as usize] = NONE;
            // Labels left from the time the child was top-level are stale. (A vertex child
            // keeps its least-slack edge to the outer vertices: it may stay unlabelled.)
            let cu = c as usize;
            self.label[cu] = FREE;
            self.label_end[cu] = NONE;
            self.tree[cu] = NONE;
            self.best_list[cu].clear();
            self.has_best_list[cu] = false;
            self.dirty[cu] = false;
            if (c as usize) < self.n {
                self.in_blossom[c as usize] = c;
            } else if dissolving && self.dual[c as usize] == W::ZERO {
                self.expand_blossom(c, true);
            } else {
                leaves.clear();
                self.leaves_into(c, &mut leaves);
                for &x in &leaves {
                    self.in_blossom[x as usize] = c;
                }
            }
        }
        if !dissolving && self.label[bu] == INNER {
            self.relabel_expanded(b, &children, &mut leaves);
        }
        self.leaves_buf = leaves;
        let mut children = children;
        children.clear();
        self.children[bu] = children;
        self.cycle_ep[bu].clear();
        self.best_list[bu].clear();
        self.has_best_list[bu] = false;
        self.dirty[bu] = false;
        self.label[bu] = FREE;
        self.label_end[bu] = NONE;
        self.best_edge[bu] = Cand::NONE;
        self.base[bu] = NONE;
        self.unused.push(b);
    }

    /// After inner blossom `b` is dissolved: the children on the even path from the entry
    /// child to the base child take over `b`'s place in the tree (alternately inner and outer);
    /// the other children become unlabelled unless an outer vertex reaches them by a tight edge.
    fn relabel_expanded(&mut self, b: u32, children: &[u32], leaves: &mut Vec<u32>) {
        let bu = b as usize;
        let len = children.len();
        let entry_vertex = self.ep_vertex[(self.label_end[bu] ^ 1) as usize];
        let entry = self.in_blossom[entry_vertex as usize];
        let Some(mut j) = children.iter().position(|&c| c == entry) else {
            unreachable!("the entry vertex lies in a child of the blossom");
        };
        let forward = j % 2 == 1;
        let next = |i: usize| {
            if forward {
                (i + 1) % len
            } else {
                (i + len - 1) % len
            }
        };
        let mut p = self.label_end[bu];
        while j != 0 {
            let child_vertex = self.ep_vertex[(p ^ 1) as usize];
            self.assign_label(child_vertex, INNER, p);
            // Across the matched edge to the partner child (now outer), then on along the
            // cycle edge leaving the partner; cycle edges are tight.
            let q = next(j);
            p = self.toward_next(bu, q, forward);
            j = next(q);
        }
        let base_child = children[0];
        self.label[base_child as usize] = INNER;
        self.label_end[base_child as usize] = p;
        self.tree[base_child as usize] = self.tree[bu];
        self.best_edge[base_child as usize] = Cand::NONE;
        // The remaining children, from the base towards the entry child.
        let mut i = next(0);
        while children[i] != entry {
            let c = children[i];
            i = next(i);
            if self.label[c as usize] == OUTER {
                continue;
            }
            leaves.clear();
            self.leaves_into(c, leaves);
            if let Some((x, p)) = self.tight_outer_edge(leaves) {
                #[cfg(test)]
                {
                    self.stats.reached_children += 1;
                }
                self.assign_label(x, INNER, p);
            }
        }
    }

    /// A tight edge from one of `leaves` to an outer vertex: the leaf and the endpoint at the
    /// outer vertex.
    fn tight_outer_edge(&self, leaves: &[u32]) -> Option<(u32, u32)> {
        for &x in leaves {
            let range = self.adj_range(x);
            for (a, &w2) in self.adj[range.clone()].iter().zip(&self.adj_w2[range]) {
                let bw = self.in_blossom[a.w as usize];
                if self.label[bw as usize] == OUTER
                    && self.dual[x as usize].add(self.dual[a.w as usize]).sub(w2) <= W::ZERO
                {
                    return Some((x, a.p));
                }
            }
        }
        None
    }

    /// Endpoint, inside child `i` of blossom `b`, of the cycle edge from child `i` to its
    /// neighbour in the walking direction (`forward`: towards child `i + 1`).
    #[inline]
    fn toward_next(&self, b: usize, i: usize, forward: bool) -> u32 {
        let eps = &self.cycle_ep[b];
        if forward {
            eps[i]
        } else {
            eps[(i + eps.len() - 1) % eps.len()] ^ 1
        }
    }

    /// Flips the matching along the tree paths from both ends of the tight edge `k` to their
    /// roots.
    fn augment(&mut self, k: u32) {
        let (u, v) = self.edge_ends(k);
        for (start, start_p) in [(u, 2 * k + 1), (v, 2 * k)] {
            self.flip_to_root(start, start_p);
        }
    }

    /// Matches outer (or unlabelled) vertex `start` through endpoint `start_p` (`NONE`: leaves
    /// it unmatched) and flips the alternating path from its blossom up to its tree's root.
    fn flip_to_root(&mut self, start: u32, start_p: u32) {
        let (mut s, mut p) = (start, start_p);
        loop {
            let bs = self.in_blossom[s as usize];
            if bs as usize >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s as usize] = p;
            let le = self.label_end[bs as usize];
            if le == NONE {
                break;
            }
            let t = self.ep_vertex[le as usize];
            let bt = self.in_blossom[t as usize];
            let lt = self.label_end[bt as usize];
            s = self.ep_vertex[lt as usize];
            let j = self.ep_vertex[(lt ^ 1) as usize];
            if bt as usize >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j as usize] = lt;
            p = lt ^ 1;
        }
    }

    /// Makes vertex `v` the base of blossom `b`, swapping matched and unmatched edges along the
    /// even path from `v`'s child to the old base child.
    fn augment_blossom(&mut self, b: u32, v: u32) {
        let bu = b as usize;
        let mut t = v;
        while self.parent[t as usize] != b {
            t = self.parent[t as usize];
        }
        if t as usize >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[bu].len();
        let Some(i) = self.children[bu].iter().position(|&c| c == t) else {
            unreachable!("v lies in a child of b");
        };
        let forward = i % 2 == 1;
        let mut j = i;
        while j != 0 {
            let step = |i: usize| {
                if forward {
                    (i + 1) % len
                } else {
                    (i + len - 1) % len
                }
            };
            let q = step(j);
            let r = step(q);
            let p = self.toward_next(bu, q, forward);
            let x = self.ep_vertex[p as usize];
            let y = self.ep_vertex[(p ^ 1) as usize];
            let cq = self.children[bu][q];
            let cr = self.children[bu][r];
            if cq as usize >= self.n {
                self.augment_blossom(cq, x);
            }
            if cr as usize >= self.n {
                self.augment_blossom(cr, y);
            }
            self.mate[x as usize] = p ^ 1;
            self.mate[y as usize] = p;
            j = r;
        }
        self.children[bu].rotate_left(i);
        self.cycle_ep[bu].rotate_left(i);
        self.base[bu] = v;
    }

    /// Chooses the dual step: the largest `δ` that keeps the duals feasible, and what it
    /// achieves. `None` when nothing bounds `δ` (only in maximum-cardinality mode).
    fn find_step(&mut self) -> Option<(Step, W)> {
        let n = self.n;
        let mut best: Option<(Step, W)> = None;
        let mut consider = |step: Step, d: W| {
            if best.as_ref().is_none_or(|(_, cur)| d < *cur) {
                best = Some((step, d));
            }
        };
        if self.warm {
            // Resuming: unmatched vertices outside the trees may hold dual 0, so the bound is
            // the smallest dual of an outer vertex; with no tree left the search is over.
            let mut min: Option<(u32, W)> = None;
            for v in 0..n {
                if self.label[self.in_blossom[v] as usize] == OUTER
                    && min.is_none_or(|(_, d)| self.dual[v] < d)
                {
                    min = Some((v as u32, self.dual[v]));
                }
            }
            match min {
                Some((v, d)) => consider(Step::Zero(v), d),
                None => return Some((Step::Done, W::ZERO)),
            }
        } else if !self.max_cardinality {
            // Invariant 3: the free vertices hold the smallest dual.
            let min = self.dual[..n].iter().copied().min().unwrap_or(W::ZERO);
            consider(Step::Done, min);
        }
        for v in 0..n {
            if self.label[self.in_blossom[v] as usize] != FREE {
                continue;
            }
            if self.best_stale[v] {
                self.recompute_vertex_best(v as u32);
            } else if self.best_edge[v].is_none() {
                continue;
            } else if self.label[self.in_blossom[self.best_edge[v].a as usize] as usize] != OUTER {
                // The outer end lost its label when its tree was dissolved.
                self.recompute_vertex_best(v as u32);
            }
            let c = &self.best_edge[v];
            if !c.is_none() {
                consider(Step::Grow(c.k), self.slack(c));
            }
        }
        for b in 0..2 * n {
            if self.parent[b] != NONE || self.label[b] != OUTER {
                continue;
            }
            if self.dirty[b] {
                self.build_best_list(b as u32);
            } else if self.best_edge[b].is_none() {
                continue;
            } else {
                let c = self.best_edge[b];
                let (ta, tb) = (self.in_blossom[c.a as usize], self.in_blossom[c.b as usize]);
                if ta == tb || self.label[ta as usize] != OUTER || self.label[tb as usize] != OUTER
                {
                    self.recompute_blossom_best(b as u32);
                }
            }
            let c = &self.best_edge[b];
            if !c.is_none() {
                let s = self.slack(c);
                debug_assert!(s.half().add(s.half()) == s, "outer-outer slack is even");
                consider(Step::Join(c.k), s.half());
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE && self.parent[b] == NONE && self.label[b] == INNER {
                consider(Step::Expand(b as u32), self.dual[b]);
            }
        }
        #[cfg(test)]
        if let Some((Step::Join(_), _)) = &best {
            self.stats.join_steps += 1;
        }
        best
    }

    /// Moves every labelled dual by `delta` (outer vertices down, inner up; blossoms the other
    /// way), checking that the values stay in the weight type's safe range.
    fn apply_delta(&mut self, delta: W) -> Result<(), MatchingError> {
        let n = self.n;
        let in_range = |x: W| x <= W::BOUND && x >= W::NEG_BOUND;
        for v in 0..n {
            match self.label[self.in_blossom[v] as usize] {
                OUTER => self.dual[v] = self.dual[v].sub(delta),
                INNER => self.dual[v] = self.dual[v].add(delta),
                _ => continue,
            }
            if !in_range(self.dual[v]) {
                return Err(MatchingError::Overflow);
            }
        }
        for b in n..2 * n {
            if self.base[b] == NONE || self.parent[b] != NONE {
                continue;
            }
            match self.label[b] {
                OUTER => self.dual[b] = self.dual[b].add(delta),
                INNER => self.dual[b] = self.dual[b].sub(delta),
                _ => continue,
            }
            if !in_range(self.dual[b]) {
                return Err(MatchingError::Overflow);
            }
        }
        Ok(())
    }
}
