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
//! fields only count boundaries at or below its upper player, and every higher criterion of a
//! pair in the upper half depends only on the players of that pair. Suppose the optimum of the
//! whole remainder R restricted to the window W pairs every player of W's upper half U inside W
//! (the normal case once W reaches past U's score group). Then that restriction is a perfect
//! matching of W whose cost equals the optimum's cost on W, and the exact solution S of W is
//! no worse on W; since no pair of S meets a player outside W, S ∪ (optimum on R \ W) is a
//! pairing of R that is no worse than the optimum — hence optimal, and the pairs of S inside U
//! can be fixed. The condition fails only when the optimum floats a player of U past the
//! window's lower half, i.e. when more than WINDOW/2 consecutive players below U cannot take
//! him. The checker (`checker`) re-solves small rounds in one piece and tests every round's
//! pairs two boards at a time, so a violation of the condition would be reported.

use super::colour::Allocation;
use super::groups::{Placement, place};
use super::options::PositionalRule;
use super::solver::{CostTable, exhaustive};
use super::state::PlayerState;
use super::weights::{Barrier, Cost, Scorer};

/// Players solved at once.
pub const WINDOW: usize = super::solver::EXHAUSTIVE_LIMIT;

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
        let table: CostTable = subset
            .iter()
            .map(|&i| {
                subset
                    .iter()
                    .map(|&j| {
                        (i != j)
                            .then(|| self.cost(i, j, top).ok().map(|c| c.0))
                            .flatten()
                    })
                    .collect()
            })
            .collect();
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
        Some(pairs)
    }
}

/// Exact solver dispatch.
fn solve_table(table: &CostTable) -> Option<(Cost, Vec<usize>)> {
    exhaustive(table)
}
