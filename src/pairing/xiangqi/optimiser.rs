//! 优化 — finds the pairing that is best under the quality order of `weights`, exactly.
//!
//! Small fields (at most `WINDOW` players after the bye) are solved in one piece over every
//! allowed pair: the cheapest perfect matching under the lexicographic cost, which is the optimum
//! by definition.
//!
//! Larger fields are solved the same way, but without handing the solver every pair at once
//! (a 5,000-player round has 12.5 million). The players are laid out in the decomposition order
//! (score level, then the positional sequence, with the halves of a group interleaved for the
//! top-half/bottom-half rule and the two colour rows interleaved for the colour-rows rule, so
//! that ideal partners sit side by side); each player starts with
//! the pairs to his next `BAND` players in that order. The solver's dual values then price every
//! other allowed pair (`solver::cheapest_perfect_matching_priced`): pairs that could still
//! improve the pairing join the graph and it is solved again, until none is left — at which
//! point the pairing is proved optimal over all pairs, not just the candidates. A candidate
//! graph without a perfect matching gains every allowed pair of its unmatched players, and in
//! the end every allowed pair, so a pairing is found whenever one exists.

use super::colour::Allocation;
use super::groups::{Placement, place};
use super::solver::{
    CostTable, PricedProblem, cheapest_perfect_matching, cheapest_perfect_matching_priced,
};
use super::state::PlayerState;
use super::weights::{
    Barrier, Cost, FIELDS, FLOAT, FLOATPOS, LEVELS, MILD, NEAR, POS, STRONG, Scorer, score_fields,
};
use crate::model::PositionalRule;

/// Fields up to this size are solved over every pair at once.
pub const WINDOW: usize = 40;

/// Candidate partners of each player in a large field: the next `BAND` in the decomposition
/// order.
pub const BAND: usize = 48;

/// One pairing problem: the players to pair (the bye already taken out).
pub struct Problem<'a> {
    pub players: Vec<&'a PlayerState>,
    pub place: Vec<Placement>,
    pub scorer: Scorer<'a>,
}

impl<'a> Problem<'a> {
    pub fn new(players: Vec<&'a PlayerState>, rule: PositionalRule, scorer: Scorer<'a>) -> Self {
        let place = place(&players, rule, scorer.ctx.round);
        Problem {
            players,
            place,
            scorer,
        }
    }

    /// The cost of pairing players `i` and `j` (indices into `players`), with `top` the highest
    /// level of the sub-problem, and the colours with `i` first.
    pub fn cost(&self, i: usize, j: usize, top: usize) -> Result<(Cost, Allocation), Barrier> {
        self.scorer.pair(
            (self.players[i], &self.place[i]),
            (self.players[j], &self.place[j]),
            top,
        )
    }

    /// The total cost of `pairs`, measured from the top level.
    pub fn total(&self, pairs: &[(usize, usize)]) -> Option<Cost> {
        pairs
            .iter()
            .map(|&(i, j)| self.cost(i, j, 0).ok().map(|c| c.0))
            .sum()
    }

    /// The decomposition order.
    pub fn order(&self) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.players.len()).collect();
        v.sort_by_key(|&i| {
            (
                self.place[i].level,
                self.place[i].window_key,
                self.place[i].idx,
            )
        });
        v
    }

    /// The cheapest perfect matching of the players `subset` (indices), solved in one piece.
    pub fn solve_exact(&self, subset: &[usize]) -> Option<(Cost, Vec<(usize, usize)>)> {
        let top = subset
            .iter()
            .map(|&i| self.place[i].level)
            .min()
            .unwrap_or(0);
        let n = subset.len();
        let mut table: CostTable = vec![vec![None; n]; n];
        for a in 0..n {
            for b in a + 1..n {
                let c = self.cost(subset[a], subset[b], top).ok().map(|c| c.0);
                table[a][b] = c;
                table[b][a] = c;
            }
        }
        let (total, mate) = cheapest_perfect_matching(&table)?;
        Some((total, pairs_of(subset, &mate)))
    }

    /// The best pairing of all players (see the module doc), or `None` when none exists.
    pub fn solve(&self) -> Option<Vec<(usize, usize)>> {
        let all: Vec<usize> = (0..self.players.len()).collect();
        self.solve_subset(&all).map(|(_, pairs)| pairs)
    }

    /// The best pairing of the players `subset` (indices) with its cost, exact at any size, or
    /// `None` when none exists.
    pub fn solve_subset(&self, subset: &[usize]) -> Option<(Cost, Vec<(usize, usize)>)> {
        if subset.len() <= WINDOW {
            return self.solve_exact(subset);
        }
        let view = Subset::new(self, subset);
        let local: std::collections::HashMap<usize, usize> =
            subset.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        let order: Vec<usize> = self
            .order()
            .into_iter()
            .filter_map(|i| local.get(&i).copied())
            .collect();
        let candidates: Vec<(usize, usize)> = order
            .iter()
            .enumerate()
            .flat_map(|(k, &i)| order[k + 1..].iter().take(BAND).map(move |&j| (i, j)))
            .collect();
        let (total, mate) = cheapest_perfect_matching_priced(&view, &candidates)?;
        Some((total, pairs_of(subset, &mate)))
    }
}

/// Players `subset` of a [`Problem`] as the priced solver sees them: local indices, grouped by
/// score level.
struct Subset<'p, 'a> {
    problem: &'p Problem<'a>,
    subset: &'p [usize],
    top: usize,
    groups: Vec<Vec<usize>>,
    /// The level of each group.
    levels: Vec<usize>,
}

impl<'p, 'a> Subset<'p, 'a> {
    fn new(problem: &'p Problem<'a>, subset: &'p [usize]) -> Self {
        let mut levels: Vec<usize> = subset.iter().map(|&i| problem.place[i].level).collect();
        levels.sort_unstable();
        levels.dedup();
        let mut groups = vec![Vec::new(); levels.len()];
        for (k, &i) in subset.iter().enumerate() {
            let g = levels.binary_search(&problem.place[i].level).unwrap_or(0);
            groups[g].push(k);
        }
        Subset {
            problem,
            subset,
            top: levels.first().copied().unwrap_or(0),
            groups,
            levels,
        }
    }
}

impl PricedProblem for Subset<'_, '_> {
    fn players(&self) -> usize {
        self.subset.len()
    }

    fn cost(&self, i: usize, j: usize) -> Option<Cost> {
        self.problem
            .cost(self.subset[i], self.subset[j], self.top)
            .ok()
            .map(|c| c.0)
    }

    fn bound(&self, i: usize, j: usize) -> Cost {
        let (a, b) = (self.subset[i], self.subset[j]);
        let p = self.problem;
        p.scorer.bound(
            (p.players[a], &p.place[a]),
            (p.players[b], &p.place[b]),
            self.top,
        )
    }

    fn groups(&self) -> &[Vec<usize>] {
        &self.groups
    }

    fn floor(&self, a: usize, b: usize) -> Cost {
        score_fields(self.levels[a], self.levels[b], self.top)
    }

    /// From the shape of the cost (`weights::Scorer::pair`): a boundary field counts at most one
    /// crossing except the last, which counts all those below it; the colour fields at most one
    /// per player; float balance at most 3 per player; the positional fields are capped by the
    /// size of the largest level.
    fn ceiling(&self) -> Cost {
        // The boundaries between the top and the bottom level: a pair crosses each at most
        // once, and those past `LEVELS − 1` all count in the last field.
        let spanned = self.levels.last().map_or(0, |&l| l - self.top);
        let size = self
            .subset
            .iter()
            .map(|&i| self.problem.place[i].size)
            .max()
            .unwrap_or(0);
        let mut c = Cost([1; FIELDS]);
        for (k, x) in c.0[..LEVELS - 1].iter_mut().enumerate() {
            *x = u32::from(k < spanned);
        }
        c.0[LEVELS - 1] = spanned.saturating_sub(LEVELS - 1) as u32;
        c.0[NEAR] = (spanned as u32).saturating_sub(1).pow(2);
        c.0[STRONG] = 2;
        c.0[MILD] = 2;
        c.0[FLOAT] = 6;
        c.0[FLOATPOS] = (2 * size).min(1 << 20) as u32;
        c.0[POS] = size.saturating_mul(size).min(1 << 20) as u32;
        c
    }

    /// A pair crossing a score boundary has one player on each side of it, so the pairs
    /// crossing it number at most the smaller side; the last boundary field adds up the
    /// boundaries it stands for. The positional rule inside a group counts only pairs of that
    /// group, at most half its players, each at most the ceiling's square of its size.
    fn totals(&self) -> [u64; FIELDS] {
        let mut t = [u64::MAX; FIELDS];
        t[POS] = self
            .groups
            .iter()
            .map(|g| {
                let size = self.problem.place[self.subset[g[0]]].size as u64;
                (g.len() as u64 / 2) * size.saturating_mul(size).min(1 << 20)
            })
            .sum();
        t[..LEVELS].fill(0);
        let n = self.subset.len() as u64;
        let mut above = 0u64;
        for g in 1..self.groups.len() {
            above += self.groups[g - 1].len() as u64;
            let crossing = above.min(n - above);
            // Every boundary between the levels of groups g − 1 and g (levels may skip values).
            for boundary in self.levels[g - 1]..self.levels[g] {
                t[(boundary - self.top).min(LEVELS - 1)] += crossing;
            }
        }
        t
    }
}

/// The pairs of a partner array over the local indices of `subset`, as indices of the problem.
fn pairs_of(subset: &[usize], mate: &[usize]) -> Vec<(usize, usize)> {
    mate.iter()
        .enumerate()
        .filter(|(a, b)| a < *b)
        .map(|(a, &b)| (subset[a], subset[b]))
        .collect()
}
