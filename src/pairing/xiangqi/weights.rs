//! 编排质量 — the quality of a pairing as a lexicographic cost, summed over its pairs
//! (rules.md §1.4.3, criteria Q1–Q6 in that order).
//!
//! A pair's cost ([`PairCost`]) is a vector of fields compared in order, and a pairing's cost
//! ([`Cost`]) is the component-wise sum over its pairs, so “better under the quality order” is
//! plain `<` on the sum. The fields:
//!
//! 1. `class` — Q1, the bye's class: only in a problem with a bye seat (see `bye`), the rank of
//!    the bye holder's class (lowest score, then fewest byes) among the classes that may take
//!    it; zero for every pair of two players. Which player of the class has the bye is then
//!    decided by the fields 2–5 of the others' pairs (the bye itself counts as no float), and
//!    only then by `BYE`.
//! 2. One score field per boundary between adjacent score levels, top boundary first, however
//!    many levels there are: a pair counts once on every boundary it crosses. Minimising them
//!    top-first is “pair inside the score group, top group first; float as few as possible, and
//!    as low as possible” (Q2/Q3): the count on boundary j is the number of players of the
//!    levels above j who float down across it. A pair stores only the range of boundaries it
//!    crosses, so the number of levels costs nothing per pair.
//! 3. `NEAR` — Σ (levels crossed − 1)²: among equal float counts, the nearest scores (近分).
//! 4. `STRONG`, `MILD` — colour preferences not met, strong (imbalance) before mild (alternation)
//!    (Q4; the allocation itself follows [PHP-BP] incl. the last-three-rounds leader rule).
//! 5. `FLOAT` — float balance (Q5): a player floated the same way as last round (weight 2), or
//!    further from a balanced 上下差 (weight 1).
//! 6. `BYE` — Q1's last tie-break: in a problem with a bye seat, the bye holder's rank in his
//!    class by number, highest number first; zero for every pair of two players.
//! 7. `FLOATPOS` — which players float: the last of the group's sequence floats down and takes
//!    the first partner of the lower group's sequence (row) (Q6, the floater part).
//! 8. `POS` — the positional rule inside a group (Q6).

use super::XiangqiSwissOptions;
use super::colour::{Allocation, ColourContext, Strength, allocate, preference};
use super::groups::Placement;
use super::state::{Float, PlayerState};
use crate::model::{PositionalRule, Side, same_unit};
use std::cmp::Ordering;
use std::ops::{Add, AddAssign};

/// The fields after the score boundaries, in order (indices into [`PairCost::rest`]).
pub const NEAR: usize = 0;
pub const STRONG: usize = 1;
pub const MILD: usize = 2;
pub const FLOAT: usize = 3;
pub const BYE: usize = 4;
pub const FLOATPOS: usize = 5;
pub const POS: usize = 6;
/// Number of fields after the score boundaries.
pub const REST: usize = 7;

/// The cost of one pair (smaller is better).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PairCost {
    /// Q1: the bye class (a pair with the bye seat only).
    pub class: u32,
    /// The score boundaries crossed are `high..low`: boundary `j` lies between levels `j` and
    /// `j + 1` (levels numbered from the top of the whole round, 0 = top), so a pair of levels
    /// `h ≤ l` crosses `h..l`; `high == low` for a pair inside one level.
    pub high: u32,
    pub low: u32,
    /// `NEAR` … `POS`.
    pub rest: [u32; REST],
}

/// A field of the cost, in the order compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostField {
    /// Q1: the bye class.
    ByeClass,
    /// Q2/Q3: the score boundary below level `j`.
    Boundary(usize),
    /// `NEAR` … `POS`.
    Rest(usize),
}

/// A lexicographic cost of a set of pairs (smaller is better): the sum of their [`PairCost`]s,
/// with one count per score boundary.
#[derive(Clone, Debug, Default)]
pub struct Cost {
    pub class: u64,
    /// Pairs crossing each boundary (index = boundary); missing entries are zero.
    pub crossings: Vec<u64>,
    pub rest: [u64; REST],
}

impl Cost {
    /// The pairs crossing boundary `j`.
    pub fn crossing(&self, j: usize) -> u64 {
        self.crossings.get(j).copied().unwrap_or(0)
    }

    /// The first field in which `self` is worse than `other`.
    pub fn first_worse_field(&self, other: &Cost) -> Option<CostField> {
        let verdict = |f: CostField, a: u64, b: u64| (a != b).then_some((a > b).then_some(f));
        if let Some(v) = verdict(CostField::ByeClass, self.class, other.class) {
            return v;
        }
        let n = self.crossings.len().max(other.crossings.len());
        for j in 0..n {
            if let Some(v) = verdict(CostField::Boundary(j), self.crossing(j), other.crossing(j)) {
                return v;
            }
        }
        for k in 0..REST {
            if let Some(v) = verdict(CostField::Rest(k), self.rest[k], other.rest[k]) {
                return v;
            }
        }
        None
    }
}

impl Ord for Cost {
    fn cmp(&self, other: &Cost) -> Ordering {
        let n = self.crossings.len().max(other.crossings.len());
        self.class
            .cmp(&other.class)
            .then_with(|| {
                (0..n)
                    .map(|j| self.crossing(j).cmp(&other.crossing(j)))
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
            .then_with(|| self.rest.cmp(&other.rest))
    }
}

impl PartialOrd for Cost {
    fn partial_cmp(&self, other: &Cost) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Cost {
    fn eq(&self, other: &Cost) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Cost {}

impl AddAssign<&PairCost> for Cost {
    fn add_assign(&mut self, p: &PairCost) {
        self.class += u64::from(p.class);
        if p.low > p.high {
            let low = p.low as usize;
            if self.crossings.len() < low {
                self.crossings.resize(low, 0);
            }
            for x in &mut self.crossings[p.high as usize..low] {
                *x += 1;
            }
        }
        for (a, &b) in self.rest.iter_mut().zip(&p.rest) {
            *a += u64::from(b);
        }
    }
}

impl AddAssign<&Cost> for Cost {
    fn add_assign(&mut self, o: &Cost) {
        self.class += o.class;
        if self.crossings.len() < o.crossings.len() {
            self.crossings.resize(o.crossings.len(), 0);
        }
        for (a, &b) in self.crossings.iter_mut().zip(&o.crossings) {
            *a += b;
        }
        for (a, &b) in self.rest.iter_mut().zip(&o.rest) {
            *a += b;
        }
    }
}

impl Add<PairCost> for Cost {
    type Output = Cost;
    fn add(mut self, p: PairCost) -> Cost {
        self += &p;
        self
    }
}

impl Add<&Cost> for Cost {
    type Output = Cost;
    fn add(mut self, o: &Cost) -> Cost {
        self += o;
        self
    }
}

impl Add for PairCost {
    type Output = Cost;
    fn add(self, o: PairCost) -> Cost {
        Cost::from(self) + o
    }
}

impl From<PairCost> for Cost {
    fn from(p: PairCost) -> Cost {
        Cost::default() + p
    }
}

impl std::iter::Sum<PairCost> for Cost {
    fn sum<I: Iterator<Item = PairCost>>(iter: I) -> Cost {
        let mut c = Cost::default();
        for p in iter {
            c += &p;
        }
        c
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
    /// 禁止配对 — the section prohibits the pairing (siblings, coach and pupil …).
    Prohibited,
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

    /// The barriers found without allocating colours: a rematch, a prohibited pairing, or
    /// team-mates (同队) in a
    /// round of same-unit avoidance.
    fn barrier_before_colours(&self, a: &PlayerState, b: &PlayerState) -> Option<Barrier> {
        if a.has_met(b.id) || b.has_met(a.id) {
            Some(Barrier::AlreadyMet)
        } else if a.may_not_meet(b.id) || b.may_not_meet(a.id) {
            Some(Barrier::Prohibited)
        } else if self.options.avoids_units_in(self.ctx.round) && same_unit(&a.unit, &b.unit) {
            Some(Barrier::SameUnit)
        } else {
            None
        }
    }

    /// The cost of pairing `a` (placed `pa`) with `b` (placed `pb`) and its colours (for `a`
    /// first), or the barrier that forbids it.
    pub fn pair(
        &self,
        (a, pa): (&PlayerState, &Placement),
        (b, pb): (&PlayerState, &Placement),
    ) -> Result<(PairCost, Allocation), Barrier> {
        if let Some(barrier) = self.barrier_before_colours(a, b) {
            return Err(barrier);
        }
        let alloc = allocate(a, b, &self.ctx, self.options).ok_or(Barrier::ColourLimits)?;
        let mut c = self.bound((a, pa), (b, pb));
        c.rest[STRONG] = alloc.unmet.0;
        c.rest[MILD] = alloc.unmet.1;
        Ok((c, alloc))
    }

    /// The cost of the pair without asking whether it is allowed and without allocating its
    /// colours: a cost lexicographically at most that of every allowed pairing of `a` and `b`
    /// (every field but the colours exact; for the colours, one preference unmet when both
    /// want the same colour — strong when both wants are strong, else mild), and much cheaper
    /// to work out than [`Scorer::pair`] (no colour allocation, no look-up of earlier
    /// opponents).
    pub fn bound(
        &self,
        (a, pa): (&PlayerState, &Placement),
        (b, pb): (&PlayerState, &Placement),
    ) -> PairCost {
        bound(self.options, &Facts::of(a, pa), &Facts::of(b, pb))
    }
}

/// What the cheap bound of a pair ([`Scorer::bound`]) reads of a player: read once per solve
/// by the optimiser, which asks it for millions of pairs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Facts {
    pub level: u32,
    pub idx: u32,
    pub size: u32,
    pub row_idx: u32,
    /// The colour row: black.
    pub black_row: bool,
    /// The colour wanted (black?) and whether strongly.
    pub want: Option<(bool, bool)>,
    /// Floated down / up in his last round.
    pub last_down: bool,
    pub last_up: bool,
    /// 上下差 below / above zero.
    pub balance_down: bool,
    pub balance_up: bool,
}

impl Facts {
    pub fn of(p: &PlayerState, pl: &Placement) -> Facts {
        let balance = p.float_balance();
        Facts {
            level: pl.level as u32,
            idx: pl.idx as u32,
            size: pl.size as u32,
            row_idx: pl.row_idx as u32,
            black_row: pl.row == Side::Black,
            want: preference(p).map(|(side, s)| (side == Side::Black, s == Strength::Strong)),
            last_down: p.last_float() == Float::Down,
            last_up: p.last_float() == Float::Up,
            balance_down: balance < 0,
            balance_up: balance > 0,
        }
    }
}

/// [`Scorer::bound`] of two players' facts.
pub fn bound(options: &XiangqiSwissOptions, a: &Facts, b: &Facts) -> PairCost {
    // x is the higher of the two in the order (level, sequence).
    let (x, y) = if (a.level, a.idx) <= (b.level, b.idx) {
        (a, b)
    } else {
        (b, a)
    };
    let mut c = score_fields(x.level as usize, y.level as usize);
    if let (Some((sx, kx)), Some((sy, ky))) = (x.want, y.want)
        && sx == sy
    {
        // One of them does not get the colour he wants, whoever it is.
        if kx && ky {
            c.rest[STRONG] = 1;
        } else {
            c.rest[MILD] = 1;
        }
    }
    if y.level > x.level {
        if options.float_balance {
            let down = 2 * u32::from(x.last_down) + u32::from(x.balance_down);
            let up = 2 * u32::from(y.last_up) + u32::from(y.balance_up);
            c.rest[FLOAT] = down + up;
        }
        let pick = match options.positional {
            PositionalRule::ColourRows => y.row_idx,
            _ => y.idx,
        };
        c.rest[FLOATPOS] = (x.size - 1 - x.idx + pick).min(CAP);
    } else {
        let (i, j) = (i64::from(x.idx), i64::from(y.idx));
        let d = match options.positional {
            PositionalRule::Adjacent => j - i - 1,
            PositionalRule::TopHalfBottomHalf => j - i - i64::from(x.size / 2),
            PositionalRule::ColourRows if x.black_row != y.black_row => {
                i64::from(x.row_idx) - i64::from(y.row_idx)
            }
            PositionalRule::ColourRows => i64::from(y.row_idx) - i64::from(x.row_idx) - 1,
        };
        c.rest[POS] = (d * d).min(i64::from(CAP)) as u32;
    }
    c
}

/// The score fields (Q2/Q3, `NEAR`) of a pair between score levels `high ≤ low`, every other
/// field zero — what every pair between those two levels costs at least.
pub fn score_fields(high: usize, low: usize) -> PairCost {
    let mut c = PairCost {
        high: high as u32,
        low: low as u32,
        ..PairCost::default()
    };
    c.rest[NEAR] = ((low - high) as u32).saturating_sub(1).pow(2);
    c
}

/// The largest value a positional field takes.
pub const CAP: u32 = 1 << 20;
