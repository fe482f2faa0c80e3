//! 优化 — finds the pairing that is best under the quality order of `weights`, exactly.
//!
//! Small fields (at most `WINDOW` players after the bye) are solved in one piece: the cheapest
//! perfect matching of all players under the lexicographic cost, which is the optimum by
//! definition.
//!
//! Large fields are decomposed top-down. The players are laid out in the decomposition order
//! (score level, then the positional sequence, the halves of a group interleaved for the
//! top-half/bottom-half rule so that ideal partners sit side by side). Repeatedly the next
//! `WINDOW` players are solved exactly as if they were the whole remaining field; the pairs of
//! that solution whose two players both lie in the window's upper half are kept, everyone else
//! goes back to the pool. If the window has no perfect matching it is doubled, up to the whole
//! remainder, so the procedure never fails when a pairing exists.
//!
//! Why this keeps the lexicographic optimum (sketch). The cost is top-first: a pair's score
//! fields only count boundaries at or below its upper player, and every other field of a pair
//! depends only on the two players. Let O be an optimum of the remainder R, and suppose O pairs
//! the players of the window W among themselves (W is closed under O). Then O restricted to W
//! is a perfect matching of W, so the exact solution S of W costs no more on W; S together with
//! O on R \ W is a pairing of R no worse than O, hence optimal, and its pairs inside the
//! window's upper half can be fixed. Closure fails only when O pairs a player of W with one
//! beyond it — a float or a colour-row partner more than WINDOW/2 places down the order. To
//! catch what closure misses, a decomposed solution is finished by a local search that
//! re-pairs the four players of any two nearby boards while that lowers the cost; the checker
//! (`checker`) re-solves small rounds in one piece and applies the same two-board test, so a
//! remaining gap is reported, never hidden.

use super::colour::Allocation;
use super::groups::{Placement, place};
use super::options::PositionalRule;
use super::solver::{CostTable, cheapest_perfect_matching};
use super::state::PlayerState;
use super::weights::{Barrier, Cost, Scorer};

/// Players solved at once.
pub const WINDOW: usize = 40;

/// How many boards further down the two-board search looks.
pub const REACH: usize = 16;

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
        let (total, mate) = solve_table(&table)?;
        let pairs = mate
            .iter()
            .enumerate()
            .filter(|(a, b)| a < *b)
            .map(|(a, &b)| (subset[a], subset[b]))
            .collect();
        Some((total, pairs))
    }

    /// The best pairing of all players (see the module doc), or `None` when none exists.
    pub fn solve(&self) -> Option<Vec<(usize, usize)>> {
        let mut remaining = self.order();
        let mut pairs = Vec::with_capacity(remaining.len() / 2);
        while !remaining.is_empty() {
            if remaining.len() <= WINDOW {
                pairs.extend(self.solve_exact(&remaining)?.1);
                break;
            }
            let mut w = WINDOW;
            let sol = loop {
                if let Some((_, s)) = self.solve_exact(&remaining[..w]) {
                    break s;
                }
                if w == remaining.len() {
                    return None;
                }
                w = (w * 2).min(remaining.len());
            };
            let pos = |i: usize| remaining.iter().position(|&r| r == i).unwrap_or(usize::MAX);
            let upper = w / 2;
            let mut keep: Vec<(usize, usize)> = sol
                .iter()
                .copied()
                .filter(|&(a, b)| pos(a) < upper && pos(b) < upper)
                .collect();
            if keep.is_empty() {
                let first = remaining[0];
                keep.extend(
                    sol.iter()
                        .copied()
                        .filter(|&(a, b)| a == first || b == first),
                );
            }
            remaining.retain(|r| !keep.iter().any(|&(a, b)| a == *r || b == *r));
            pairs.extend(keep);
        }
        if self.players.len() > WINDOW {
            self.improve(&mut pairs);
        }
        Some(pairs)
    }

    /// Sorts pairs by the rank of their higher player in the decomposition order — the order in
    /// which the two-board search (here and in the checker) looks for neighbours.
    pub fn sort_pairs(&self, pairs: &mut [(usize, usize)]) {
        let order = self.order();
        let mut rank = vec![0; self.players.len()];
        for (k, &i) in order.iter().enumerate() {
            rank[i] = k;
        }
        pairs.sort_by_key(|&(a, b)| rank[a].min(rank[b]));
    }

    /// Two-board local search: re-pairs the four players of two boards at most `REACH` apart
    /// (see [`Problem::sort_pairs`], re-sorted before every sweep) whenever that lowers the total
    /// cost, until a whole sweep finds no such move (or `PASSES` sweeps have been made).
    pub fn improve(&self, pairs: &mut [(usize, usize)]) {
        const PASSES: usize = 1000;
        let cost = |a: usize, b: usize| self.cost(a, b, 0).ok().map(|c| c.0);
        for _ in 0..PASSES {
            self.sort_pairs(pairs);
            let mut now: Vec<Option<Cost>> = pairs.iter().map(|&(a, b)| cost(a, b)).collect();
            let mut changed = false;
            for k in 0..pairs.len() {
                for m in k + 1..pairs.len().min(k + 1 + REACH) {
                    let ((a, b), (c, d)) = (pairs[k], pairs[m]);
                    let (Some(x), Some(y)) = (now[k], now[m]) else {
                        continue;
                    };
                    for (p, q) in [((a, c), (b, d)), ((a, d), (b, c))] {
                        if let (Some(u), Some(v)) = (cost(p.0, p.1), cost(q.0, q.1))
                            && u + v < x + y
                        {
                            pairs[k] = p;
                            pairs[m] = q;
                            now[k] = Some(u);
                            now[m] = Some(v);
                            changed = true;
                            break;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }
}

fn solve_table(table: &CostTable) -> Option<(Cost, Vec<usize>)> {
    cheapest_perfect_matching(table)
}
