//! 增量匹配 — a maximum-weight matching that is kept, not recomputed, while a pairing engine
//! changes edge weights between solves.
//!
//! A weighted Swiss engine takes its decisions one at a time: after each it changes the weights
//! of a few players' edges (favour this opponent, drop that pair) and asks for the optimum
//! again. Solving from scratch costs a whole blossom run every time. [`Incremental`] keeps the
//! solver's state instead — the matching, the blossoms and the dual values, which together
//! *prove* the matching optimal — and repairs only what the changes broke:
//!
//! - Every change is recorded against one vertex, the *modified vertex* (the edge's first end
//!   as the caller names it). Before the next solve each modified vertex is checked: if it is
//!   not inside a blossom, its matched edge can be made tight again by moving its own dual, and
//!   then all its edges have non-negative slack, the proof still holds and nothing is solved.
//!   This covers the common "raise this player's edges, his current partner's the most".
//! - Otherwise the vertex is *isolated* ([`Solver::isolate`]): taken out of its blossoms (their
//!   duals pushed down into their vertices, so every slack stays valid) and out of the matching,
//!   and given a dual large enough for any weight. It and the partner it lost become the only
//!   roots of the next search, which starts from the old duals and matching
//!   ([`Solver::resume`]); a round of k such vertices costs about k·n² instead of n³.
//!
//! A weight of zero (or less) means "no edge", as in the engines' weight tables. Edges can be
//! added between solves ([`Incremental::add_edge`]): an engine that starts from a few likely
//! pairs adds the others its pricing asks for. The first solve is an ordinary fresh one, so it returns what [`super::max_weight_matching`]
//! returns for the same graph with its zero-weight edges left out.

use super::blossom::Solver;
use super::{Duals, Graph, MatchingError, Weight};

/// A maximum-weight matching (not of maximum cardinality) maintained under weight changes.
pub struct Incremental<W> {
    solver: Solver<W>,
    /// The dual an isolated vertex gets: at least every doubled weight, so each of its edges
    /// has non-negative slack whatever the neighbour's dual (duals are never negative).
    big: W,
    /// The doubled weight that stands for a missing edge: so low that it never becomes tight.
    absent: W,
    limit: W,
    /// Modified vertices since the last solve.
    dirty: Vec<u32>,
    is_dirty: Vec<bool>,
    /// Isolated vertices waiting to be roots of the next search.
    roots: Vec<u32>,
    /// Vertices taken out for good ([`Incremental::retire`]).
    retired: Vec<bool>,
    /// The next solve starts from scratch.
    fresh: bool,
    /// Edges added since the last solve: ends, the modified end, and the doubled weight.
    pending: Vec<(u32, u32, u32, W)>,
}

impl<W: Weight> Incremental<W> {
    /// A solver for `graph`, which names every pair that may ever be an edge, and whose edge
    /// weights (now and after every change) lie in `0..=limit`; `limit` must be within a
    /// quarter of the weight type's bound.
    pub fn new(mut graph: Graph<W>, limit: W) -> Result<Self, MatchingError> {
        if limit > W::BOUND.half().half() {
            return Err(MatchingError::Overflow);
        }
        let absent = W::NEG_BOUND.half();
        for (u, v, w) in &mut graph.edges {
            if *w > limit {
                return Err(MatchingError::WeightOutOfRange {
                    u: *u as usize,
                    v: *v as usize,
                });
            }
            if *w <= W::ZERO {
                *w = absent;
            }
        }
        let n = graph.n;
        let solver = Solver::new(&graph, false);
        drop(graph);
        Ok(Incremental {
            solver,
            big: limit.add(limit),
            absent: absent.add(absent),
            limit,
            dirty: Vec::new(),
            is_dirty: vec![false; n],
            roots: Vec::new(),
            retired: vec![false; n],
            fresh: true,
            pending: Vec::new(),
        })
    }

    /// The weight of edge `k` (numbered in the order the graph's edges were added).
    pub fn weight(&self, k: usize) -> W {
        let m = self.solver.edge_count();
        let w2 = match k.checked_sub(m) {
            Some(i) => self.pending[i].3,
            None => self.solver.weight2(k),
        };
        if w2 == self.absent {
            W::ZERO
        } else {
            w2.half()
        }
    }

    /// Sets the weight of edge `k`, one of whose ends is `modified`, to `w` (≤ 0: no edge).
    pub fn set_weight(&mut self, k: usize, modified: usize, w: W) -> Result<(), MatchingError> {
        if let Some(i) = k.checked_sub(self.solver.edge_count()) {
            let (u, v, _, _) = self.pending[i];
            if w > self.limit {
                return Err(MatchingError::WeightOutOfRange {
                    u: u as usize,
                    v: v as usize,
                });
            }
            self.pending[i].2 = modified as u32;
            self.pending[i].3 = if w > W::ZERO { w.add(w) } else { self.absent };
            return Ok(());
        }
        let (u, v) = self.solver.ends(k);
        debug_assert!(modified == u || modified == v);
        if w > self.limit {
            return Err(MatchingError::WeightOutOfRange { u, v });
        }
        if self.retired[u] || self.retired[v] {
            return Ok(());
        }
        let w2 = if w > W::ZERO { w.add(w) } else { self.absent };
        if self.solver.weight2(k) == w2 {
            return Ok(());
        }
        self.solver.set_weight2(k, w2);
        if !self.is_dirty[modified] {
            self.is_dirty[modified] = true;
            self.dirty.push(modified as u32);
        }
        Ok(())
    }

    /// Adds the edge `u–v` of weight `w` (≤ 0: no edge yet), `modified` being the end whose
    /// decision it is, and returns its number: the edges of the graph given to
    /// [`Incremental::new`] come first, then the added ones in order.
    pub fn add_edge(
        &mut self,
        u: usize,
        v: usize,
        modified: usize,
        w: W,
    ) -> Result<usize, MatchingError> {
        let n = self.retired.len();
        if u >= n || v >= n {
            return Err(MatchingError::VertexOutOfRange { u, v, n });
        }
        if u == v {
            return Err(MatchingError::SelfLoop(u));
        }
        if w > self.limit {
            return Err(MatchingError::WeightOutOfRange { u, v });
        }
        let w2 = if w > W::ZERO { w.add(w) } else { self.absent };
        self.pending.push((u as u32, v as u32, modified as u32, w2));
        Ok(self.solver.edge_count() + self.pending.len() - 1)
    }

    /// The dual solution of the last solve, which proves its matching optimal, also for edges
    /// not (yet) in the graph whose slack it finds non-negative.
    pub fn certificate(&self) -> Duals<W> {
        self.solver.certificate()
    }

    /// Puts the added edges into the solver; each new edge of positive weight counts as a
    /// change at its modified end. Edges at retired vertices leave the solver's lists.
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        let mut new = Vec::with_capacity(pending.len());
        for &(u, v, modified, w2) in &pending {
            let gone = self.retired[u as usize] || self.retired[v as usize];
            new.push((u, v, if gone { self.absent } else { w2 }));
            if !gone && w2 != self.absent && !self.is_dirty[modified as usize] {
                self.is_dirty[modified as usize] = true;
                self.dirty.push(modified);
            }
        }
        let retired = &self.retired;
        self.solver
            .add_edges(&new, &|v| !retired[v as usize], self.absent);
    }

    /// Makes the next [`Incremental::solve`] start from scratch (after changing most weights).
    pub fn restart(&mut self) {
        self.fresh = true;
    }

    /// The vertex matched to `v` in the last solve.
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.solver.mate_edge(v).map(|(x, _)| x)
    }

    /// Takes the pair `a`–`b` out of the graph for good (a decided pair: all their edges go).
    /// Whoever loses a partner by it is matched again by the next solve.
    pub fn retire(&mut self, a: usize, b: usize) {
        let mut freed = Vec::new();
        for v in [a, b] {
            if let Some(x) = self.solver.isolate(v as u32) {
                freed.push(x);
            }
        }
        for v in [a, b] {
            self.retired[v] = true;
            self.is_dirty[v] = false;
            self.solver.set_dual(v, W::ZERO);
            let ks: Vec<usize> = self.solver.edges_at(v).map(|(_, k, _)| k).collect();
            for k in ks {
                self.solver.set_weight2(k, self.absent);
            }
        }
        for x in freed {
            if !self.retired[x as usize] {
                self.make_root(x);
            }
        }
    }

    /// Isolates `v` as a root of the next search; its lost partner becomes one too.
    fn make_root(&mut self, v: u32) {
        let partner = self.solver.isolate(v);
        self.solver.set_dual(v as usize, self.big);
        self.roots.push(v);
        if let Some(x) = partner {
            self.make_root(x);
        }
    }

    /// Brings the matching up to date with the weight changes made since the last solve.
    pub fn solve(&mut self) -> Result<(), MatchingError> {
        self.flush();
        if self.fresh {
            self.fresh = false;
            self.clear_dirty();
            self.roots.clear();
            self.solver.reset();
            return self.solver.solve();
        }
        let dirty = std::mem::take(&mut self.dirty);
        // Pass 1: a modified vertex outside any blossom keeps its place if moving its own dual
        // makes its matched edge tight again (a free vertex must keep dual 0).
        let mut keep = Vec::new();
        let mut isolate = Vec::new();
        for &v in &dirty {
            let vu = v as usize;
            if self.retired[vu] || !self.is_dirty[vu] {
                continue;
            }
            let ok = self.solver.is_single(vu)
                && match self.solver.mate_edge(vu) {
                    None => self.solver.dual(vu) == W::ZERO,
                    Some((x, k)) if !self.is_dirty[x] => {
                        let d = self.solver.weight2(k).sub(self.solver.dual(x));
                        if d >= W::ZERO {
                            self.solver.set_dual(vu, d);
                        }
                        d >= W::ZERO
                    }
                    Some(_) => false,
                };
            let list = if ok { &mut keep } else { &mut isolate };
            list.push(v);
        }
        // Pass 2: ... and if every edge at it still has non-negative slack.
        for &v in &keep {
            let dv = self.solver.dual(v as usize);
            let feasible = self
                .solver
                .edges_at(v as usize)
                .all(|(y, _, w2)| dv.add(self.solver.dual(y)) >= w2);
            if !feasible {
                isolate.push(v);
            }
        }
        for &v in &dirty {
            self.is_dirty[v as usize] = false;
        }
        for v in isolate {
            if !self.retired[v as usize] {
                self.make_root(v);
            }
        }
        if self.roots.is_empty() {
            return Ok(());
        }
        let mut roots = std::mem::take(&mut self.roots);
        roots.retain(|&r| !self.retired[r as usize]);
        self.solver.resume(&roots)
    }

    fn clear_dirty(&mut self) {
        for &v in &self.dirty {
            self.is_dirty[v as usize] = false;
        }
        self.dirty.clear();
    }
}
