//! 最优配对 — exact minimum-cost perfect matching over a set of players, the building block of
//! the optimiser. Up to `SMALL` players it is an exhaustive dynamic programme over
//! subsets (always pair the lowest unpaired player; O(2ⁿ·n)), which doubles as the reference
//! the blossom path is tested against. Above that the lexicographic cost is packed into one wide
//! integer — each field gets as many bits as its sum over a whole matching can need, highest
//! field in the highest bits ([`Packing`]), one field per score boundary however many there
//! are — and the maximum-cardinality maximum-weight matching of [`crate::pairing::matching`]
//! with weight `2^bits − cost` is the cheapest perfect matching. The integer is as wide as the
//! fields need (128 bits up to 2,048), so no field is ever merged with another.
//!
//! Large fields are not solved over every pair at once. [`cheapest_perfect_matching_priced`]
//! solves on a few candidate pairs, then uses the solver's dual values ([`Duals`]) to
//! check every other allowed pair: a pair whose slack is negative could improve the pairing
//! and is added, and the problem is solved again; when no pair is left with negative slack,
//! linear-programming duality proves the pairing optimal over all pairs. Whole blocks of pairs
//! (two score levels) are dismissed at once with a bound on their cost and the blossoms that
//! hold both levels.

use super::weights::{Cost, PairCost, REST};
use crate::pairing::matching::{
    Duals, Graph, I256, I512, Options, WideInt, max_weight_matching, max_weight_matching_certified,
};
use crate::pairing::swiss::{Forest, Ladder, Packed, bits_for, pair_key};
use std::collections::HashSet;

/// Signed integers between the usual widths: the blossom solver's work grows with the
/// width, and a large field's weights often need a little more than 128, 256 or 512 bits.
type I192 = WideInt<3>;
type I320 = WideInt<5>;
type I384 = WideInt<6>;
/// A 1,024-bit signed integer.
type I1024 = WideInt<16>;
/// A 2,048-bit signed integer.
type I2048 = WideInt<32>;

/// The largest problem the subset programme accepts.
pub const EXHAUSTIVE_LIMIT: usize = 16;

/// Problems up to this size go to the subset programme, larger ones to the blossom solver (in
/// a debug build, 12-player rounds paired twice as fast through the blossom).
pub const SMALL: usize = 8;

/// A symmetric cost table: `cost[i][j]` is the cost of pairing i with j, `None` when forbidden.
pub type CostTable = Vec<Vec<Option<PairCost>>>;

/// Bounds on each field's total over any matching (`u64::MAX`: none known beyond the number of
/// pairs times the largest value admitted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Totals {
    pub class: u64,
    /// Per score boundary; boundaries past the end have no bound.
    pub boundaries: Vec<u64>,
    pub rest: [u64; REST],
}

impl Totals {
    /// No bound known on any field.
    pub fn unbounded() -> Self {
        Totals {
            class: u64::MAX,
            boundaries: Vec::new(),
            rest: [u64::MAX; REST],
        }
    }

    fn boundary(&self, j: usize) -> u64 {
        self.boundaries.get(j).copied().unwrap_or(u64::MAX)
    }
}

/// Bits per cost field when a cost is packed into one integer: field `k` gets enough bits for
/// its total over any matching — the number of pairs times the largest value admitted in it, or
/// a tighter bound on the total when the problem knows one — so the packed sum over any
/// matching of admitted pairs never carries from one field into the next. A score boundary
/// counts at most one per pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    pairs: u64,
    totals: Totals,
    class: u32,
    boundaries: Vec<u32>,
    rest: [u32; REST],
}

impl Packing {
    /// An empty packing for a problem of `players` players.
    pub fn new(players: usize) -> Self {
        Packing::bounded(players, Totals::unbounded())
    }

    /// An empty packing for a problem of `players` players whose fields total at most `totals`
    /// over any matching.
    pub fn bounded(players: usize, totals: Totals) -> Self {
        Packing {
            pairs: (players / 2).max(1) as u64,
            totals,
            class: 0,
            boundaries: Vec::new(),
            rest: [0; REST],
        }
    }

    fn need(&self, total: u64, v: u32) -> u32 {
        let v = u64::from(v);
        bits_for(v.saturating_mul(self.pairs).min(total).max(v))
    }

    /// Widens the fields so that `c` fits.
    pub fn admit(&mut self, c: &PairCost) {
        self.class = self.class.max(self.need(self.totals.class, c.class));
        let low = c.low as usize;
        if self.boundaries.len() < low {
            self.boundaries.resize(low, 0);
        }
        for j in c.high as usize..low {
            let w = self.need(self.totals.boundary(j), 1);
            self.boundaries[j] = self.boundaries[j].max(w);
        }
        for k in 0..REST {
            self.rest[k] = self.rest[k].max(self.need(self.totals.rest[k], c.rest[k]));
        }
    }

    fn bits(&self) -> u32 {
        self.class + self.boundaries.iter().sum::<u32>() + self.rest.iter().sum::<u32>()
    }
}

/// A [`Packing`] laid out in weight type `W`: each field's offset, and the packed value of the
/// score boundaries above each level, so that a pair's boundaries pack in one subtraction.
struct Packer<'p, W> {
    packing: &'p Packing,
    top: W,
    class_offset: u32,
    rest_offset: [u32; REST],
    /// `above[l]`: Σ 2^offset over the boundaries `0..l` (those of zero width add nothing).
    above: Vec<W>,
    /// `zero[l]`: how many boundaries `0..l` have no bits.
    zero: Vec<u32>,
}

impl<'p, W: Packed> Packer<'p, W> {
    fn new(packing: &'p Packing) -> Option<Self> {
        let top = W::pow2(packing.bits())?;
        let mut offset = packing.bits() - packing.class;
        let class_offset = offset;
        let mut above = vec![W::ZERO];
        let mut zero = vec![0];
        for &w in &packing.boundaries {
            offset -= w;
            let (a, z) = (*above.last()?, *zero.last()?);
            if w == 0 {
                above.push(a);
                zero.push(z + 1);
            } else {
                above.push(a.add(W::shifted(1, offset)));
                zero.push(z);
            }
        }
        let mut rest_offset = [0; REST];
        for (place, width) in rest_offset.iter_mut().zip(packing.rest) {
            offset -= width;
            *place = offset;
        }
        Some(Packer {
            packing,
            top,
            class_offset,
            rest_offset,
            above,
            zero,
        })
    }

    /// `2^bits − c` packed, or `None` when `c` does not fit the packing.
    fn pack(&self, c: &PairCost) -> Option<W> {
        let p = self.packing;
        let fits = |x: u32, w: u32| u64::from(x).checked_shr(w).unwrap_or(0) == 0;
        let (high, low) = (c.high as usize, c.low as usize);
        if !fits(c.class, p.class)
            || (low > high && (low >= self.above.len() || self.zero[low] != self.zero[high]))
            || (0..REST).any(|k| !fits(c.rest[k], p.rest[k]))
        {
            return None;
        }
        let mut v = W::shifted(u64::from(c.class), self.class_offset);
        if low > high {
            v = v.add(self.above[low].sub(self.above[high]));
        }
        for k in 0..REST {
            if c.rest[k] != 0 {
                v = v.add(W::shifted(u64::from(c.rest[k]), self.rest_offset[k]));
            }
        }
        Some(self.top.sub(v))
    }
}

/// Bits kept above a packing, below the solver's own head-room ([`Ladder`]): a packed weight
/// is below `2^bits`, and the vertex potentials of the priced path add to it.
const MARGIN: u32 = 6;

/// The widths the dense path packs in.
const DENSE: Ladder = Ladder(&[128, 256, 512, 1024, 2048]);

/// The widths the priced path packs in, close together where large fields fall: the blossom
/// solver's work grows with the width.
const PRICED: Ladder = Ladder(&[128, 192, 256, 320, 384, 512, 1024, 2048]);

/// The cheapest perfect matching of `0..n` under `cost`, as a partner array with its cost, or
/// `None` when no perfect matching exists.
pub fn cheapest_perfect_matching(cost: &CostTable) -> Option<(Cost, Vec<usize>)> {
    if cost.len() <= SMALL {
        return exhaustive(cost);
    }
    let mut packing = Packing::new(cost.len());
    for c in cost.iter().flatten().flatten() {
        packing.admit(c);
    }
    match DENSE.choose(packing.bits() + MARGIN)? {
        128 => dense::<i128>(cost, &packing),
        256 => dense::<I256>(cost, &packing),
        512 => dense::<I512>(cost, &packing),
        1024 => dense::<I1024>(cost, &packing),
        _ => dense::<I2048>(cost, &packing),
    }
}

/// [`cheapest_perfect_matching`] through the blossom solver in weight type `W`.
fn dense<W: Packed>(cost: &CostTable, packing: &Packing) -> Option<(Cost, Vec<usize>)> {
    let packer = Packer::<W>::new(packing)?;
    let mut g = Graph::<W>::new(cost.len());
    for (i, row) in cost.iter().enumerate() {
        for (j, c) in row.iter().enumerate().skip(i + 1) {
            if let Some(c) = c {
                g.add_edge(i, j, packer.pack(c)?).ok()?;
            }
        }
    }
    let mate = max_weight_matching(
        &g,
        Options {
            max_cardinality: true,
        },
    )
    .ok()?;
    let mate: Vec<usize> = mate.into_iter().collect::<Option<Vec<usize>>>()?;
    let total = (0..mate.len())
        .filter(|&i| i < mate[i])
        .map(|i| cost[i][mate[i]])
        .sum::<Option<Cost>>()?;
    Some((total, mate))
}

/// A large pairing problem as [`cheapest_perfect_matching_priced`] sees it: players `0..n` in
/// score groups, any pair's cost on demand, and a floor under the cost of the pairs between
/// two groups.
pub trait PricedProblem: Sync {
    /// Number of players.
    fn players(&self) -> usize;
    /// The cost of pairing `i` with `j`, `None` when an absolute rule forbids it.
    fn cost(&self, i: usize, j: usize) -> Option<PairCost>;
    /// A cost lexicographically at most `cost(i, j)` when that is allowed, and much cheaper
    /// to work out: pricing asks it first and works out the cost only when the bound does not
    /// already cover the pair.
    fn bound(&self, i: usize, j: usize) -> PairCost;
    /// The players by score group; every player in exactly one.
    fn groups(&self) -> &[Vec<usize>];
    /// A cost every allowed pair between groups `a` and `b` (`a ≤ b`) is at least,
    /// lexicographically.
    fn floor(&self, a: usize, b: usize) -> PairCost;
    /// A cost no pair exceeds in any field: the packing is sized for it from the start, so that
    /// the candidates' dual values can price every other pair.
    fn ceiling(&self) -> PairCost;
    /// A bound on each field's total over any matching: the fewer bits the packing needs, the
    /// narrower the integers the solver works in.
    fn totals(&self) -> Totals;
}

/// The cheapest perfect matching of a [`PricedProblem`], proved optimal over all its pairs
/// (see the module doc), or `None` when no perfect matching exists (or, beyond any real field,
/// the packed cost outgrows every weight type). More candidates near the optimum make fewer
/// rounds of pricing. When the candidates hold no perfect matching, every allowed pair of the
/// players left unmatched is added, and if that adds nothing, every allowed pair at all.
pub fn cheapest_perfect_matching_priced(
    problem: &impl PricedProblem,
    candidates: &[(usize, usize)],
) -> Option<(Cost, Vec<usize>)> {
    let n = problem.players();
    let mut graph = Candidates {
        seen: HashSet::new(),
        edges: Vec::with_capacity(candidates.len()),
        packing: Packing::bounded(n, problem.totals()),
    };
    graph.packing.admit(&problem.ceiling());
    for &(i, j) in candidates {
        graph.offer(problem, i, j);
    }
    let mut complete = false;
    loop {
        let bits = graph.packing.bits();
        let outcome = match PRICED.choose(bits + MARGIN)? {
            128 => price::<i128, _>(problem, &graph)?,
            192 => price::<I192, _>(problem, &graph)?,
            256 => price::<I256, _>(problem, &graph)?,
            320 => price::<I320, _>(problem, &graph)?,
            384 => price::<I384, _>(problem, &graph)?,
            512 => price::<I512, _>(problem, &graph)?,
            1024 => price::<I1024, _>(problem, &graph)?,
            _ => price::<I2048, _>(problem, &graph)?,
        };
        match outcome {
            Priced::Optimal(mate) => {
                let cost = (0..n)
                    .filter(|&i| i < mate[i])
                    .map(|i| problem.cost(i, mate[i]))
                    .sum::<Option<Cost>>()?;
                return Some((cost, mate));
            }
            Priced::Add(more) => {
                for (i, j, c) in more {
                    graph.add(i, j, c);
                }
            }
            Priced::Unmatched(free) => {
                let before = graph.edges.len();
                for &i in &free {
                    for j in 0..n {
                        graph.offer(problem, i, j);
                    }
                }
                if graph.edges.len() == before {
                    if complete {
                        return None;
                    }
                    complete = true;
                    for i in 0..n {
                        for j in i + 1..n {
                            graph.offer(problem, i, j);
                        }
                    }
                }
            }
        }
    }
}

/// The candidate graph of the priced solver.
struct Candidates {
    seen: HashSet<u64>,
    edges: Vec<(usize, usize, PairCost)>,
    packing: Packing,
}

impl Candidates {
    /// Adds the pair `i–j` if it is new and allowed.
    fn offer(&mut self, problem: &impl PricedProblem, i: usize, j: usize) {
        if i != j
            && !self.seen.contains(&pair_key(i, j))
            && let Some(c) = problem.cost(i, j)
        {
            self.add(i, j, c);
        }
    }

    fn add(&mut self, i: usize, j: usize, c: PairCost) {
        self.seen.insert(pair_key(i, j));
        self.packing.admit(&c);
        self.edges.push((i, j, c));
    }
}

/// What one solve of the candidate graph found.
enum Priced {
    /// The matching, proved optimal over all pairs.
    Optimal(Vec<usize>),
    /// Pairs that must join the graph (negative slack, or a cost the packing cannot hold).
    Add(Vec<(usize, usize, PairCost)>),
    /// The candidates hold no perfect matching; these players were left out.
    Unmatched(Vec<usize>),
}

/// Solves on the candidate graph and prices every other pair.
fn price<W: Packed, P: PricedProblem>(problem: &P, graph: &Candidates) -> Option<Priced> {
    let packer = Packer::<W>::new(&graph.packing)?;
    let n = problem.players();
    let weights: Vec<W> = graph
        .edges
        .iter()
        .map(|(_, _, c)| packer.pack(c))
        .collect::<Option<_>>()?;
    let potential = potentials(n, &graph.edges, &weights);
    let mut g = Graph::<W>::new(n);
    for ((i, j, _), w) in graph.edges.iter().zip(&weights) {
        g.add_edge(*i, *j, w.add(potential[*i]).add(potential[*j]))
            .ok()?;
    }
    let (mate, cert) = max_weight_matching_certified(
        &g,
        Options {
            max_cardinality: true,
        },
    )
    .ok()?;
    drop(g);
    let free: Vec<usize> = (0..mate.len()).filter(|&v| mate[v].is_none()).collect();
    if !free.is_empty() {
        return Some(Priced::Unmatched(free));
    }
    let forest = Forest::new(&cert);
    // The duals of the graph as given, in the solver's doubled units.
    let dual: Vec<W> = (0..n)
        .map(|v| cert.vertex_dual(v).sub(potential[v].add(potential[v])))
        .collect();
    let more = negative_pairs(problem, &cert, &dual, &forest, &packer, graph);
    if more.is_empty() {
        Some(Priced::Optimal(mate.into_iter().flatten().collect()))
    } else {
        Some(Priced::Add(more))
    }
}

/// Vertex potentials that leave every perfect matching's weight order as it is (each perfect
/// matching gains their sum) and give each vertex at least one edge of the largest weight: the
/// solver starts by matching such edges, so most vertices come matched into the search
/// (the duals of a textbook “reduction” of the rows of an assignment problem). Each vertex in
/// turn is raised as far as its edges allow.
fn potentials<W: Packed>(n: usize, edges: &[(usize, usize, PairCost)], weights: &[W]) -> Vec<W> {
    let top = weights.iter().copied().max().unwrap_or(W::ZERO);
    let mut adjacent: Vec<Vec<(usize, W)>> = vec![Vec::new(); n];
    for ((i, j, _), &w) in edges.iter().zip(weights) {
        adjacent[*i].push((*j, w));
        adjacent[*j].push((*i, w));
    }
    let mut potential = vec![W::ZERO; n];
    for v in 0..n {
        if let Some(room) = adjacent[v]
            .iter()
            .map(|&(j, w)| top.sub(w).sub(potential[j]))
            .min()
        {
            potential[v] = room;
        }
    }
    potential
}

/// The pairs outside the graph that the certificate does not cover. A pair `i–j` between
/// groups `a` and `b` weighs at most the weight of the groups' floor, and lies in every blossom
/// that holds both whole groups, so it is covered when `u(i) + u(j)` plus those blossoms'
/// `2z` reaches the floor's weight; with each group's vertices sorted by dual, the uncovered
/// partners of `i` are a prefix of the other group. Only those are looked at one by one: first
/// with the blossoms that hold the two of them, then on the cheap bound of their cost, and
/// only then on the cost itself.
fn negative_pairs<W: Packed, P: PricedProblem>(
    problem: &P,
    cert: &Duals<W>,
    dual: &[W],
    forest: &Forest,
    packer: &Packer<W>,
    graph: &Candidates,
) -> Vec<(usize, usize, PairCost)> {
    let dual = |v: usize| dual[v];
    let sorted: Vec<Vec<(W, usize)>> = problem
        .groups()
        .iter()
        .map(|g| {
            let mut v: Vec<(W, usize)> = g.iter().map(|&x| (dual(x), x)).collect();
            v.sort_unstable();
            v
        })
        .collect();
    // The smallest blossom holding each whole group: every pair of two groups lies in the
    // smallest blossom holding both, whose z (and that of every blossom around it) adds to the
    // pair's slack.
    let enclosing: Vec<Option<usize>> =
        problem.groups().iter().map(|g| cert.enclosing(g)).collect();
    // A block: the pairs between groups `a` and `b` whose first player is `from..to` of
    // `sorted[a]`.
    let block = |(a, b, from, to): (usize, usize, usize, usize),
                 more: &mut Vec<(usize, usize, PairCost)>| {
        let floor = problem.floor(a, b);
        let bonus = match (enclosing[a], enclosing[b]) {
            (Some(x), Some(y)) => cert.blossom_bonus(cert.common(x, y)),
            _ => W::ZERO,
        };
        // The heaviest weight a pair of this block can have; `None`: no pruning.
        let cap = packer.pack(&floor);
        for (k, &(di, i)) in sorted[a][from..to].iter().enumerate() {
            // Inside one group each pair is met once, from its player lower in the order.
            let partners = if a == b {
                &sorted[b][from + k + 1..]
            } else {
                &sorted[b][..]
            };
            for &(dj, j) in partners {
                if cap.is_some_and(|w| cert.slack_bound(di, dj, w).add(bonus) >= W::ZERO) {
                    break;
                }
                // The blossoms holding both add to the slack; a cost packed within the fields'
                // widths that is at most the pair's own gives a weight at least the pair's, so
                // a non-negative slack on it covers the pair.
                let shared = cert.blossom_bonus(forest.common(i, j));
                let covered = |w: W| cert.slack_bound(di, dj, w).add(shared) >= W::ZERO;
                if cap.is_some_and(covered)
                    || packer.pack(&problem.bound(i, j)).is_some_and(covered)
                    || graph.seen.contains(&pair_key(i, j))
                {
                    continue;
                }
                let Some(c) = problem.cost(i, j) else {
                    continue;
                };
                // A cost wider than the packing must join the graph, which widens it.
                if !packer.pack(&c).is_some_and(covered) {
                    more.push((i, j, c));
                }
            }
        }
    };
    // The blocks, largest first and cut into pieces of about the same work, are handed out to
    // the cores as they come free; the pairs found are put in one order again, so that the
    // result does not depend on which thread finished first.
    let mut blocks: Vec<(usize, usize, usize, usize)> = Vec::new();
    const PIECE: usize = 1 << 18;
    for a in 0..sorted.len() {
        for b in a..sorted.len() {
            let (na, nb) = (sorted[a].len(), sorted[b].len());
            let rows = (PIECE / nb.max(1)).max(1);
            let mut from = 0;
            while from < na {
                let to = (from + rows).min(na);
                blocks.push((a, b, from, to));
                from = to;
            }
        }
    }
    blocks.sort_by_key(|&(_, b, from, to)| std::cmp::Reverse((to - from) * sorted[b].len().max(1)));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get().min(8));
    let mut more: Vec<(usize, usize, PairCost)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (blocks, block, next) = (&blocks, &block, &next);
                scope.spawn(move || {
                    let mut more = Vec::new();
                    while let Some(&piece) =
                        blocks.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                    {
                        block(piece, &mut more);
                    }
                    more
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    more.sort_unstable_by_key(|&(i, j, _)| pair_key(i, j));
    more.dedup_by_key(|&mut (i, j, _)| pair_key(i, j));
    more
}

/// The subset programme behind [`cheapest_perfect_matching`] for at most `EXHAUSTIVE_LIMIT`
/// players.
pub fn exhaustive(cost: &CostTable) -> Option<(Cost, Vec<usize>)> {
    let n = cost.len();
    if n % 2 == 1 || n > EXHAUSTIVE_LIMIT {
        return None;
    }
    let full = (1usize << n) - 1;
    // best[mask] = cheapest matching of the players in `mask`.
    let mut best: Vec<Option<(Cost, u8)>> = vec![None; 1 << n];
    best[0] = Some((Cost::default(), 0));
    for mask in 1..=full {
        if mask.count_ones() % 2 == 1 {
            continue;
        }
        let i = mask.trailing_zeros() as usize;
        let mut here: Option<(Cost, u8)> = None;
        let mut rest = mask & !(1 << i);
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (Some(c), Some((sub, _))) = (cost[i][j], &best[mask & !(1 << i) & !(1 << j)])
            else {
                continue;
            };
            let total = sub.clone() + c;
            if here.as_ref().is_none_or(|(h, _)| total < *h) {
                here = Some((total, j as u8));
            }
        }
        best[mask] = here;
    }
    let (total, _) = best[full].clone()?;
    let mut mate = vec![usize::MAX; n];
    let mut mask = full;
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        let (_, j) = best[mask].as_ref()?;
        let j = *j as usize;
        mate[i] = j;
        mate[j] = i;
        mask &= !(1 << i) & !(1 << j);
    }
    Some((total, mate))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::xiangqi::weights::{MILD, POS, STRONG, score_fields};

    fn c(v: u32) -> Option<PairCost> {
        let mut x = PairCost::default();
        x.rest[POS] = v;
        Some(x)
    }

    #[test]
    fn finds_the_cheapest_perfect_matching_or_none() {
        // 0-1 is cheap but forces 2-3 which is dear; 0-2 + 1-3 is cheaper overall.
        let t = vec![
            vec![None, c(0), c(1), c(5)],
            vec![c(0), None, c(5), c(1)],
            vec![c(1), c(5), None, c(9)],
            vec![c(5), c(1), c(9), None],
        ];
        let (total, mate) = exhaustive(&t).unwrap();
        assert_eq!(total.rest[POS], 2);
        assert_eq!(mate, vec![2, 3, 0, 1]);
        let blocked = vec![
            vec![None, c(0), None, None],
            vec![c(0), None, None, None],
            vec![None, None, None, None],
            vec![None, None, None, None],
        ];
        assert!(exhaustive(&blocked).is_none());
    }

    #[test]
    fn the_blossom_path_agrees_with_the_subset_programme() {
        use crate::model::Lots;
        let mut lots = Lots::new(11);
        for _ in 0..30 {
            let n = 2 * (3 + lots.below(5) as usize);
            let mut t: CostTable = vec![vec![None; n]; n];
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect();
            for (i, j) in pairs {
                if lots.below(5) == 0 {
                    continue;
                }
                let mut c = PairCost::default();
                if lots.below(2) == 1 {
                    c.low = 1;
                }
                c.rest[STRONG] = lots.below(3) as u32;
                c.rest[MILD] = lots.below(3) as u32;
                c.rest[POS] = lots.below(50) as u32;
                t[i][j] = Some(c);
                t[j][i] = Some(c);
            }
            let exact = exhaustive(&t).map(|x| x.0);
            let mut packing = Packing::new(n);
            for c in t.iter().flatten().flatten() {
                packing.admit(c);
            }
            assert_eq!(dense::<I256>(&t, &packing).map(|x| x.0), exact);
            assert_eq!(dense::<I512>(&t, &packing).map(|x| x.0), exact);
            assert_eq!(dense::<I1024>(&t, &packing).map(|x| x.0), exact);
            assert_eq!(dense::<i128>(&t, &packing).map(|x| x.0), exact);
        }
    }

    /// Hundreds of score levels: each boundary a field of its own, the packed weight as wide as
    /// they need (beyond 512 bits here), and the blossom agrees with the subset programme.
    #[test]
    fn any_number_of_score_levels_is_packed_exactly() {
        use crate::model::Lots;
        let mut lots = Lots::new(5);
        let mut widest = 0;
        for _ in 0..20 {
            let n = 2 * (5 + lots.below(3) as usize);
            let levels = 150 + lots.below(150) as usize;
            let mut level: Vec<usize> =
                (0..n).map(|_| lots.below(levels as u64) as usize).collect();
            level.sort_unstable();
            let mut t: CostTable = vec![vec![None; n]; n];
            for i in 0..n {
                for j in i + 1..n {
                    if lots.below(4) == 0 {
                        continue;
                    }
                    let mut c = score_fields(level[i], level[j]);
                    c.rest[MILD] = lots.below(2) as u32;
                    c.rest[POS] = lots.below(1000) as u32;
                    t[i][j] = Some(c);
                    t[j][i] = Some(c);
                }
            }
            let mut packing = Packing::new(n);
            for c in t.iter().flatten().flatten() {
                packing.admit(c);
            }
            widest = widest.max(packing.bits());
            let exact = exhaustive(&t).map(|x| x.0);
            assert_eq!(cheapest_perfect_matching(&t).map(|x| x.0), exact);
        }
        assert!(widest > 512, "{widest} bits");
    }

    /// A cost table seen through [`PricedProblem`]: score groups from `level`, floors and the
    /// ceiling worked out from the table itself.
    struct Table {
        t: CostTable,
        groups: Vec<Vec<usize>>,
    }

    impl PricedProblem for Table {
        fn players(&self) -> usize {
            self.t.len()
        }
        fn cost(&self, i: usize, j: usize) -> Option<PairCost> {
            self.t[i][j]
        }
        /// The pair's own cost with its colour fields cleared (any cost where the pair is
        /// forbidden).
        fn bound(&self, i: usize, j: usize) -> PairCost {
            let mut c = self.t[i][j].unwrap_or_default();
            c.rest[STRONG] = 0;
            c.rest[MILD] = 0;
            c
        }
        fn groups(&self) -> &[Vec<usize>] {
            &self.groups
        }
        /// The lexicographically smallest cost of the block.
        fn floor(&self, a: usize, b: usize) -> PairCost {
            let mut all: Vec<PairCost> = Vec::new();
            for &i in &self.groups[a] {
                for &j in &self.groups[b] {
                    all.extend(self.t[i][j]);
                }
            }
            all.into_iter()
                .min_by(|x, y| Cost::from(*x).cmp(&Cost::from(*y)))
                .unwrap_or_default()
        }
        fn ceiling(&self) -> PairCost {
            let mut f = PairCost::default();
            for c in self.t.iter().flatten().flatten() {
                f.class = f.class.max(c.class);
                f.high = f.high.min(c.high);
                f.low = f.low.max(c.low);
                for (x, y) in f.rest.iter_mut().zip(c.rest) {
                    *x = (*x).max(y);
                }
            }
            f
        }
        fn totals(&self) -> Totals {
            Totals::unbounded()
        }
    }

    /// The priced solve, started from a few random candidate pairs (sometimes none), finds a
    /// matching exactly as cheap as the subset programme over every pair, or none when none
    /// exists: what the duals leave out can never hold a cheaper pairing.
    #[test]
    fn pricing_from_few_candidates_finds_the_optimum_over_every_pair() {
        use crate::model::Lots;
        use crate::pairing::xiangqi::weights::FLOAT;
        let mut lots = Lots::new(29);
        let (mut found, mut none) = (0, 0);
        for _ in 0..300 {
            let n = 2 * (2 + lots.below(7) as usize);
            let level: Vec<usize> = {
                let mut v: Vec<usize> = (0..n).map(|_| lots.below(4) as usize).collect();
                v.sort_unstable();
                v
            };
            let mut t: CostTable = vec![vec![None; n]; n];
            // Out of six pairs, `allowed` are allowed (absolute rules forbid the others).
            let allowed = 1 + lots.below(5);
            for i in 0..n {
                for j in i + 1..n {
                    if lots.below(6) >= allowed {
                        continue;
                    }
                    let mut c = score_fields(level[i], level[j]);
                    c.rest[STRONG] = lots.below(3) as u32;
                    c.rest[MILD] = lots.below(3) as u32;
                    c.rest[FLOAT] = lots.below(2) as u32;
                    c.rest[POS] = lots.below(30) as u32;
                    t[i][j] = Some(c);
                    t[j][i] = Some(c);
                }
            }
            let mut groups = vec![Vec::new(); level[n - 1] + 1];
            for (i, &l) in level.iter().enumerate() {
                groups[l].push(i);
            }
            groups.retain(|g| !g.is_empty());
            let candidates: Vec<(usize, usize)> = (0..lots.below(n as u64 + 1))
                .map(|_| (lots.below(n as u64) as usize, lots.below(n as u64) as usize))
                .collect();
            let exact = exhaustive(&t).map(|x| x.0);
            let table = Table { t, groups };
            let priced = cheapest_perfect_matching_priced(&table, &candidates);
            if let Some((cost, mate)) = &priced {
                // The partner array is a perfect matching of allowed pairs with that cost.
                let total: Option<Cost> = (0..n)
                    .filter(|&i| i < mate[i])
                    .map(|i| {
                        assert_eq!(mate[mate[i]], i);
                        table.t[i][mate[i]]
                    })
                    .sum();
                assert_eq!(total.as_ref(), Some(cost));
                found += 1;
            } else {
                none += 1;
            }
            assert_eq!(priced.map(|x| x.0), exact);
        }
        assert!(
            found > 100 && none > 5,
            "{found} found, {none} without a pairing"
        );
    }
}
