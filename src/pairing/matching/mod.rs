//! 最大权匹配 — maximum-weight matching on a general graph, the engine under the weighted
//! pairing systems (FIDE Dutch, xiangqi Swiss).
//!
//! A pairing system describes every allowed pair of players by one number, the edge weight,
//! built so that a heavier total means a better round by the system's rules. Pairing a round is
//! then "choose disjoint pairs with the largest total weight" — a maximum-weight matching. The
//! graph is not bipartite (anyone may meet anyone), so a plain assignment algorithm does not do;
//! this module implements Edmonds' blossom algorithm in its primal-dual form (`O(n³)` for `n`
//! vertices in the textbook order; see below for the order used here). With [`Options::max_cardinality`] it returns, among the matchings with the most
//! pairs, one of largest weight ("pair as many as possible first").
//!
//! Weights are generic over [`Weight`]: `i64`, `i128` and the wide [`WideInt`] (`I256`, `I512`,
//! …) whose extra bits let a system stack many lexicographic criteria in one number. All
//! arithmetic is exact integer arithmetic.
//!
//! # How the algorithm works (and what stays true while it runs)
//!
//! Weights are handled doubled: the solver works with `2w` so that every quantity it ever
//! divides by two is even. It keeps a dual value `u(v)` for every vertex and `z(B)` for every
//! *blossom* (an odd cycle of sub-blossoms shrunk to one node). The *slack* of an edge `vw` not
//! inside a common blossom is `u(v) + u(w) − 2w(vw)`. Invariants:
//!
//! 1. **Dual feasibility**: every slack is ≥ 0, every `z(B) ≥ 0`, and (without
//!    `max_cardinality`) every `u(v) ≥ 0`.
//! 2. **Tightness**: every matched edge and every edge of a blossom's cycle has slack 0
//!    (counting the duals of the blossoms that contain both ends).
//! 3. **Unmatched vertices share one dual**, and it is the smallest vertex dual, because they
//!    are always roots of the search and every dual step lowers them.
//! 4. **Parity**: all labelled vertices' duals have the same parity (they are joined to a
//!    root by tight edges, and all roots share one dual), so the slack of an edge between
//!    two outer vertices is even and halving it is exact.
//!
//! A fresh solve starts from a greedy matching of the edges that are tight at the start (those
//! of the largest weight; every vertex dual starts at that weight), which keeps these
//! invariants; with many equal weights it leaves few vertices unmatched. The search grows
//! alternating trees from all unmatched vertices over tight edges only:
//! tree nodes at even depth are *outer* (S), at odd depth *inner* (T). An edge between two S
//! nodes of different trees is an augmenting path: flip it and the matching grows by one. An
//! edge between two S nodes of the same tree closes an odd cycle, which is shrunk into a new
//! S-blossom. When no tight edge is usable, the duals move by the largest step `δ` that keeps
//! them feasible (S vertices −δ, T vertices +δ, S-blossoms +δ, T-blossoms −δ): either an edge
//! becomes tight, a T-blossom's dual reaches 0 and it is expanded back into its parts, or
//! (maximum-weight mode) the free vertices' dual reaches 0, proving the matching optimal by
//! complementary slackness.
//!
//! Unlike the textbook version, which throws all trees away after each augmentation and
//! rescans the whole graph, this solver only dissolves the two trees that the augmenting path
//! joined (their S-blossoms with dual 0 are expanded, as the textbook does at a stage end); the
//! other trees keep their labels. The least-slack edges remembered for the dual step may then
//! point at a vertex that lost its label; they are checked when used and recomputed from the
//! adjacency lists when stale. Likewise a new blossom's least-slack edges, and those of a freed
//! vertex that was relabelled at once, are only worked out when a dual step needs them: with
//! many equal weights most blossoms are absorbed or dissolved before that. On dense random
//! graphs this is several times faster than the textbook order, ten times with many ties.
//!
//! The solver is deterministic: the same graph (same edge order) gives the same matching.

mod blossom;
mod incremental;
mod serial;
mod wide;

#[cfg(test)]
mod tests;

pub use incremental::Incremental;
pub use serial::{forced_losses, serial_choice};
pub use wide::{I256, I512, WideInt};

/// A number usable as an edge weight: exact, ordered, signed integers.
///
/// The solver doubles weights and keeps dual values of about the same size, so every value it
/// handles must stay within ±[`Weight::BOUND`], which is 2^(bits−4); edge weights must be
/// within ±`BOUND / 2`. [`Graph::add_edge`] checks the weights, the solver checks its duals
/// and reports [`MatchingError::Overflow`] rather than wrap. Without `max_cardinality` the
/// duals provably stay within 0..=2·max weight, so every weight within the limit works. With
/// `max_cardinality` (where weights are first shifted so the lightest is 0) the duals can move
/// further: keep the weight span within `BOUND / 4` (tested) or choose a wider type.
pub trait Weight: Copy + Ord + std::fmt::Debug {
    /// Zero.
    const ZERO: Self;
    /// The largest magnitude the solver lets a value reach, 2^(bits−4).
    const BOUND: Self;
    /// `−BOUND`.
    const NEG_BOUND: Self;
    /// `self + rhs`; only called where the result is known to fit.
    fn add(self, rhs: Self) -> Self;
    /// `self − rhs`; only called where the result is known to fit.
    fn sub(self, rhs: Self) -> Self;
    /// `self / 2` rounded down; the solver halves only even values.
    fn half(self) -> Self;
}

macro_rules! primitive_weight {
    ($t:ty) => {
        impl Weight for $t {
            const ZERO: Self = 0;
            const BOUND: Self = 1 << (<$t>::BITS - 4);
            const NEG_BOUND: Self = -(1 << (<$t>::BITS - 4));
            #[inline]
            fn add(self, rhs: Self) -> Self {
                self.wrapping_add(rhs)
            }
            #[inline]
            fn sub(self, rhs: Self) -> Self {
                self.wrapping_sub(rhs)
            }
            #[inline]
            fn half(self) -> Self {
                self >> 1
            }
        }
    };
}

primitive_weight!(i64);
primitive_weight!(i128);

impl<const L: usize> Weight for WideInt<L> {
    const ZERO: Self = WideInt([0; L]);
    const BOUND: Self = {
        let mut limbs = [0; L];
        limbs[L - 1] = 1 << 60;
        WideInt(limbs)
    };
    const NEG_BOUND: Self = {
        let mut limbs = [0; L];
        limbs[L - 1] = 0xF000_0000_0000_0000;
        WideInt(limbs)
    };
    #[inline]
    fn add(self, rhs: Self) -> Self {
        self.wrapping_add(rhs)
    }
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        self.wrapping_sub(rhs)
    }
    #[inline]
    fn half(self) -> Self {
        self.arithmetic_shr(1)
    }
}

/// Why a graph could not be built or matched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchingError {
    #[error("edge {u}–{v}: vertex out of range (the graph has {n} vertices)")]
    VertexOutOfRange { u: usize, v: usize, n: usize },
    #[error("edge {0}–{0} joins a vertex to itself")]
    SelfLoop(usize),
    #[error("edge {u}–{v}: weight too large for the weight type (limit ±2^(bits−5))")]
    WeightOutOfRange { u: usize, v: usize },
    #[error("dual values left the safe range of the weight type; use a wider weight type")]
    Overflow,
}

/// Solver options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Maximise the number of matched pairs first, then the weight among those matchings.
    pub max_cardinality: bool,
}

/// An undirected graph with weighted edges, the input of [`max_weight_matching`].
#[derive(Debug, Clone)]
pub struct Graph<W> {
    n: usize,
    edges: Vec<(u32, u32, W)>,
}

impl<W: Weight> Graph<W> {
    /// A graph with vertices `0..n` and no edges.
    pub fn new(n: usize) -> Self {
        Graph {
            n,
            edges: Vec::new(),
        }
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.n
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Adds the edge `u–v` with weight `w`. Adding the same pair twice keeps both edges (the
    /// heavier one is the one that can be chosen).
    pub fn add_edge(&mut self, u: usize, v: usize, w: W) -> Result<(), MatchingError> {
        if u >= self.n || v >= self.n || self.n > (u32::MAX / 2) as usize {
            return Err(MatchingError::VertexOutOfRange { u, v, n: self.n });
        }
        if u == v {
            return Err(MatchingError::SelfLoop(u));
        }
        if w > W::BOUND.half() || w < W::NEG_BOUND.half() {
            return Err(MatchingError::WeightOutOfRange { u, v });
        }
        self.edges.push((u as u32, v as u32, w));
        Ok(())
    }
}

/// A maximum-weight matching of `graph` (with `options.max_cardinality`: of maximum weight
/// among the matchings of maximum cardinality). `mate[v]` is the vertex matched to `v`.
pub fn max_weight_matching<W: Weight>(
    graph: &Graph<W>,
    options: Options,
) -> Result<Vec<Option<usize>>, MatchingError> {
    blossom::Solver::new(graph, options.max_cardinality).run()
}

/// As [`max_weight_matching`], with the dual solution the solver ends with, which proves the
/// matching optimal and can be asked about edges the graph did not hold (see [`Duals`]).
pub fn max_weight_matching_certified<W: Weight>(
    graph: &Graph<W>,
    options: Options,
) -> Result<(Vec<Option<usize>>, Duals<W>), MatchingError> {
    let shift = blossom::Solver::shift(graph, options.max_cardinality);
    blossom::Solver::new(graph, options.max_cardinality).run_certified(shift)
}

/// The dual solution of a solved matching problem: a value `u(v)` per vertex and `z(B) ≥ 0` per
/// blossom, with every edge of the graph at slack ≥ 0 and every matched edge at slack 0.
///
/// Linear-programming duality makes this a proof: when the matching is perfect, no perfect
/// matching of the graph weighs more. It also answers for edges the graph did *not* hold: if
/// every such edge has slack ≥ 0 too, the same duals are feasible for the larger graph, so the
/// matching is optimal there as well (pricing — the way a large problem can be solved on a
/// few candidate edges and then proved optimal on all of them). An edge with negative slack is
/// one that could improve the matching, and belongs in the graph.
#[derive(Debug, Clone)]
pub struct Duals<W> {
    n: usize,
    shift: W,
    dual: Vec<W>,
    parent: Vec<u32>,
    /// Per node (vertex or live blossom): how many blossoms hold it.
    depth: Vec<u32>,
    /// Per node: `2·Σ z(B)` over the node (when it is a blossom) and every blossom around it.
    bonus: Vec<W>,
}

impl<W: Weight> Duals<W> {
    /// The certificate of a solver that ended with duals `dual` (vertices `0..n`, then
    /// blossoms) and the blossom forest `parent` (`u32::MAX` at a root).
    fn new(n: usize, shift: W, dual: Vec<W>, parent: Vec<u32>) -> Self {
        const UNKNOWN: u32 = u32::MAX;
        let nodes = parent.len();
        let mut depth = vec![UNKNOWN; nodes];
        let mut bonus = vec![W::ZERO; nodes];
        let own = |x: usize| {
            if x >= n {
                dual[x].add(dual[x])
            } else {
                W::ZERO
            }
        };
        let mut path = Vec::new();
        // From the vertices only: a blossom slot no vertex lies in is not a live blossom.
        for start in 0..n {
            // Climb to a root or a node already worked out, then fill the path downwards.
            let mut x = start;
            while depth[x] == UNKNOWN {
                path.push(x);
                match parent[x] {
                    UNKNOWN => break,
                    p => x = p as usize,
                }
            }
            while let Some(y) = path.pop() {
                let (d, b) = match parent[y] {
                    UNKNOWN => (0, W::ZERO),
                    p => (depth[p as usize] + 1, bonus[p as usize]),
                };
                depth[y] = d;
                bonus[y] = b.add(own(y));
            }
        }
        Duals {
            n,
            shift,
            dual,
            parent,
            depth,
            bonus,
        }
    }

    /// The dual `u(v)` of vertex `v` (in the solver's doubled units).
    pub fn vertex_dual(&self, v: usize) -> W {
        self.dual[v]
    }

    /// The slack of a would-be edge `u–v` of weight `w`, in the solver's doubled units:
    /// `u(u) + u(v) + 2·Σ z(B) − 2(w − shift)` over the blossoms `B` holding both ends.
    pub fn slack(&self, u: usize, v: usize, w: W) -> W {
        let shared = self.common(u, v);
        self.slack_bound(self.dual[u], self.dual[v], w)
            .add(self.blossom_bonus(shared))
    }

    /// The smallest node — a vertex or a blossom — that holds every one of `nodes`; `None`
    /// when none does or `nodes` is empty.
    pub fn enclosing(&self, nodes: &[usize]) -> Option<usize> {
        let (&first, rest) = nodes.split_first()?;
        rest.iter().try_fold(first, |x, &v| self.common(x, v))
    }

    /// The smallest node — a vertex or a blossom — that holds both nodes `a` and `b`; `None`
    /// when none does.
    pub fn common(&self, a: usize, b: usize) -> Option<usize> {
        let up = |x: usize| self.parent[x] as usize;
        let (mut a, mut b) = (a, b);
        let (mut da, mut db) = (self.depth[a], self.depth[b]);
        while da > db {
            a = up(a);
            da -= 1;
        }
        while db > da {
            b = up(b);
            db -= 1;
        }
        while a != b && da > 0 {
            a = up(a);
            b = up(b);
            da -= 1;
        }
        (a == b).then_some(a)
    }

    /// The blossom immediately around node `x` (a vertex or a blossom), if any.
    pub fn parent(&self, x: usize) -> Option<usize> {
        (self.parent[x] != u32::MAX).then(|| self.parent[x] as usize)
    }

    /// `2·Σ z(B)` over the blossom `node` (when it is one) and every blossom around it: what
    /// the blossom terms add to the slack of every edge whose ends both lie in `node`.
    pub fn blossom_bonus(&self, node: Option<usize>) -> W {
        node.map_or(W::ZERO, |x| self.bonus[x])
    }

    /// The lower bound every slack of an edge `u–v` weighing at most `w` respects, without the
    /// blossom terms (which are never negative).
    pub fn slack_bound(&self, du: W, dv: W, w: W) -> W {
        let w = w.sub(self.shift);
        du.add(dv).sub(w.add(w))
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.n
    }
}
