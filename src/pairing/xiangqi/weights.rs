//! 编排质量 — the quality of a pairing as a lexicographic cost, summed over its pairs
//! (rules.md §1.4.3, criteria Q2–Q6 in that order; Q1, the bye, is settled before).
//!
//! A pair's cost is a vector of fields compared in order, and a pairing's cost is the
//! component-wise sum over its pairs, so “better under the quality order” is plain `<` on the
//! sum. The fields:
//!
//! 1. `LEVELS` score fields, one per boundary between adjacent score levels, top boundary first:
//!    a pair counts once on every boundary it crosses. Minimising them top-first is “pair inside
//!    the score group, top group first; float as few as possible, and as low as possible”
//!    (Q2/Q3): the count on boundary j is the number of players of the levels above j who float
//!    down across it.
//! 2. `NEAR` — Σ (levels crossed)²: among equal float counts, the nearest scores (近分).
//! 3. `STRONG`, `MILD` — colour preferences not met, strong (imbalance) before mild (alternation)
//!    (Q4; the allocation itself follows [PHP-BP] incl. the last-three-rounds leader rule).
//! 4. `FLOAT` — float balance (Q5): a player floated the same way as last round (weight 2), or
//!    further from a balanced 上下差 (weight 1).
//! 5. `FLOATPOS` — which players float: the last of the group's sequence floats down and takes
//!    the first partner of the lower group's sequence (row) (Q6, the floater part).
//! 6. `POS` — the positional rule inside a group (Q6).

use super::XiangqiSwissOptions;
use super::colour::{Allocation, ColourContext, allocate};
use super::groups::Placement;
use super::state::{Float, PlayerState};
use crate::model::{PositionalRule, same_unit};
use std::ops::Add;

/// Score-boundary fields kept apart; boundaries further down share the last one.
pub const LEVELS: usize = 18;
pub const NEAR: usize = LEVELS;
pub const STRONG: usize = LEVELS + 1;
pub const MILD: usize = LEVELS + 2;
pub const FLOAT: usize = LEVELS + 3;
pub const FLOATPOS: usize = LEVELS + 4;
pub const POS: usize = LEVELS + 5;
pub const FIELDS: usize = LEVELS + 6;

/// A lexicographic cost (smaller is better).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cost(pub [u32; FIELDS]);

impl Add for Cost {
    type Output = Cost;
    fn add(mut self, o: Cost) -> Cost {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a = a.saturating_add(b);
        }
        self
    }
}

impl std::iter::Sum for Cost {
    fn sum<I: Iterator<Item = Cost>>(iter: I) -> Cost {
        iter.fold(Cost::default(), |a, b| a + b)
    }
}

impl Cost {
    /// The score part (fields 1–2): floaters and score differences.
    pub fn score_part(&self) -> &[u32] {
        &self.0[..=NEAR]
    }

    /// The first field in which `self` is worse than `other`.
    pub fn first_worse_field(&self, other: &Cost) -> Option<usize> {
        self.0
            .iter()
            .zip(other.0.iter())
            .position(|(a, b)| a != b)
            .filter(|&k| self.0[k] > other.0[k])
    }
}

/// Why two players may not meet (an absolute rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Barrier {
    /// 相遇过的对手不再编对 (forfeits included when the setting says so).
    AlreadyMet,
    /// 同队回避 in this round.
    SameUnit,
    /// No colour allocation respects 禁连三 / 禁多三.
    ColourLimits,
}

/// Everything the cost of a pair needs.
#[derive(Clone, Copy)]
pub struct Scorer<'a> {
    pub options: &'a XiangqiSwissOptions,
    pub ctx: ColourContext,
}

impl Scorer<'_> {
    /// May `a` and `b` meet?
    pub fn barrier(&self, a: &PlayerState, b: &PlayerState) -> Option<Barrier> {
        self.barrier_before_colours(a, b).or_else(|| {
            allocate(a, b, &self.ctx, self.options)
                .is_none()
                .then_some(Barrier::ColourLimits)
        })
    }

    /// The barriers found without allocating colours: a rematch, or team-mates (同队) in a
    /// round of same-unit avoidance.
    fn barrier_before_colours(&self, a: &PlayerState, b: &PlayerState) -> Option<Barrier> {
        if a.has_met(b.id) || b.has_met(a.id) {
            Some(Barrier::AlreadyMet)
        } else if self.options.avoids_units_in(self.ctx.round) && same_unit(&a.unit, &b.unit) {
            Some(Barrier::SameUnit)
        } else {
            None
        }
    }

    /// The cost of pairing `a` (placed `pa`) with `b` (placed `pb`) and its colours (for `a`
    /// first), or the barrier that forbids it. `top` is the highest level of the problem.
    pub fn pair(
        &self,
        (a, pa): (&PlayerState, &Placement),
        (b, pb): (&PlayerState, &Placement),
        top: usize,
    ) -> Result<(Cost, Allocation), Barrier> {
        if let Some(barrier) = self.barrier_before_colours(a, b) {
            return Err(barrier);
        }
        let alloc = allocate(a, b, &self.ctx, self.options).ok_or(Barrier::ColourLimits)?;
        let mut c = self.bound((a, pa), (b, pb), top);
        c.0[STRONG] = alloc.unmet.0;
        c.0[MILD] = alloc.unmet.1;
        Ok((c, alloc))
    }

    /// The cost of the pair without its colour fields and without asking whether the pair is
    /// allowed: a cost every allowed pairing of `a` and `b` is at least, field by field, and
    /// much cheaper to work out than [`Scorer::pair`] (no colour allocation, no look-up of
    /// earlier opponents).
    pub fn bound(
        &self,
        (a, pa): (&PlayerState, &Placement),
        (b, pb): (&PlayerState, &Placement),
        top: usize,
    ) -> Cost {
        // x is the higher of the two in the order (level, sequence).
        let ((x, px), (y, py)) = if (pa.level, pa.idx) <= (pb.level, pb.idx) {
            ((a, pa), (b, pb))
        } else {
            ((b, pb), (a, pa))
        };
        let mut c = score_fields(px.level, py.level, top).0;
        let crossed = (py.level - px.level) as u32;
        if crossed > 0 {
            if self.options.float_balance {
                let down =
                    2 * u32::from(x.last_float() == Float::Down) + u32::from(x.float_balance() < 0);
                let up =
                    2 * u32::from(y.last_float() == Float::Up) + u32::from(y.float_balance() > 0);
                c[FLOAT] = down + up;
            }
            let pick = match self.options.positional {
                PositionalRule::ColourRows => py.row_idx,
                _ => py.idx,
            };
            c[FLOATPOS] = cap(px.size - 1 - px.idx + pick);
        } else {
            let (i, j) = (px.idx as i64, py.idx as i64);
            let d = match self.options.positional {
                PositionalRule::Adjacent => j - i - 1,
                PositionalRule::TopHalfBottomHalf => j - i - (px.size / 2) as i64,
                PositionalRule::ColourRows if px.row != py.row => {
                    px.row_idx as i64 - py.row_idx as i64
                }
                PositionalRule::ColourRows => py.row_idx as i64 - px.row_idx as i64 - 1,
            };
            c[POS] = cap((d * d) as usize);
        }
        Cost(c)
    }
}

/// The score fields (Q2/Q3, `NEAR`) of a pair between score levels `high ≤ low`, every other
/// field zero — what every pair between those two levels costs at least.
pub fn score_fields(high: usize, low: usize, top: usize) -> Cost {
    let mut c = [0u32; FIELDS];
    for boundary in high..low {
        c[(boundary - top).min(LEVELS - 1)] += 1;
    }
    c[NEAR] = ((low - high) as u32).saturating_sub(1).pow(2);
    Cost(c)
}

fn cap(v: usize) -> u32 {
    v.min(1 << 20) as u32
}
