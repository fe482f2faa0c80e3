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
//!
//! A problem may carry the bye seat ([`Seat`], rules.md §1.4.3 Q1): one more place in the
//! matching, which any bye candidate may take at the cost of his class and his rank in it.
//! The cheapest perfect matching then also chooses the bye: the lowest class that lets the
//! others pair, then the best pairing of the others (Q2–Q5), then the highest number.

use super::colour::Allocation;
use super::groups::{Placement, place};
use super::solver::{
    CostTable, PricedProblem, Totals, cheapest_perfect_matching, cheapest_perfect_matching_priced,
};
use super::state::PlayerState;
use super::weights::{
    BYE, Barrier, CAP, Cost, FLOAT, FLOATPOS, Facts, MILD, NEAR, POS, PairCost, STRONG, Scorer,
    bound, score_fields,
};
use crate::model::PositionalRule;

/// Fields up to this size are solved over every pair at once.
pub const WINDOW: usize = 40;

/// Candidate partners of each player in a large field: the next `BAND` in the decomposition
/// order.
pub const BAND: usize = 48;

/// The bye seat: who may take the bye, at what cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    /// Per player of the problem: `(class, rank)` when he may take the bye — the class (0 =
    /// lowest score, then fewest byes) and his rank in it by number, highest first.
    pub candidate: Vec<Option<(u32, u32)>>,
    /// A candidate held out of the problem's players, see [`Held`].
    pub held: Option<Held>,
}

impl Seat {
    /// The cost of giving the bye to a candidate of class `class` and rank `rank`.
    pub fn cost((class, rank): (u32, u32)) -> PairCost {
        let mut c = PairCost {
            class,
            ..PairCost::default()
        };
        c.rest[BYE] = rank;
        c
    }
}

/// A bye candidate held out of a problem's players, the likeliest holder: the problem's
/// positional sequences are those of the others, as if he had the bye. He takes part in the
/// matching with his costs worked out against those sequences, but with the largest positional
/// costs (Q6), and so do the seat's pairs with the others, while his own bye has none: Q6 of
/// the others' pairing is then exact when he has the bye, and Q1–Q5 and the bye's rank are
/// exact whoever has it, so the matching still gives the bye to the right player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// His level among the problem's levels.
    pub level: usize,
    /// His cost with each player of the problem (`None`: forbidden).
    pub pairs: Vec<Option<PairCost>>,
    /// The cost of his bye.
    pub own: PairCost,
    /// The positional fields (`FLOATPOS`, `POS`) of his pairs and of the seat's other pairs.
    pub positional: (u32, u32),
}

/// One pairing problem: the players to pair (the bye already taken out, or the bye seat
/// among them).
pub struct Problem<'a> {
    pub players: Vec<&'a PlayerState>,
    pub place: Vec<Placement>,
    pub scorer: Scorer<'a>,
    /// The bye seat, when the problem chooses the bye: then the matching has one more place,
    /// index `players.len()`.
    pub seat: Option<Seat>,
}

impl<'a> Problem<'a> {
    pub fn new(players: Vec<&'a PlayerState>, rule: PositionalRule, scorer: Scorer<'a>) -> Self {
        let place = place(&players, rule, scorer.ctx.round);
        Problem {
            players,
            place,
            scorer,
            seat: None,
        }
    }

    /// A problem that chooses the bye: `seat` says who may take it.
    pub fn with_seat(
        players: Vec<&'a PlayerState>,
        rule: PositionalRule,
        scorer: Scorer<'a>,
        seat: Seat,
    ) -> Self {
        Problem {
            seat: Some(seat),
            ..Problem::new(players, rule, scorer)
        }
    }

    /// The index of the bye seat in a problem's pairs (a held-out candidate has the next).
    pub fn seat_index(&self) -> usize {
        self.players.len()
    }

    /// The cost of pairing players `i` and `j` (indices into `players`) and the colours with
    /// `i` first.
    pub fn cost(&self, i: usize, j: usize) -> Result<(PairCost, Allocation), Barrier> {
        self.scorer.pair(
            (self.players[i], &self.place[i]),
            (self.players[j], &self.place[j]),
        )
    }

    /// The cost of a pair of the matching: two players, or the bye seat (index
    /// `players.len()`) or a held-out candidate (the next index) and a player (`None` when
    /// forbidden).
    fn pair_cost(&self, i: usize, j: usize) -> Option<PairCost> {
        let n = self.players.len();
        let (i, j) = (i.min(j), i.max(j));
        if j < n {
            return self.cost(i, j).ok().map(|c| c.0);
        }
        let seat = self.seat.as_ref()?;
        match (i, j) {
            (i, j) if i < n && j == n => seat.candidate[i].map(|c| {
                let mut c = Seat::cost(c);
                if let Some(held) = &seat.held {
                    (c.rest[FLOATPOS], c.rest[POS]) = held.positional;
                }
                c
            }),
            (i, j) if i < n && j == n + 1 => seat.held.as_ref()?.pairs[i],
            (i, j) if i == n && j == n + 1 => seat.held.as_ref().map(|h| h.own),
            _ => None,
        }
    }

    /// The total cost of `pairs` (the bye seat included, when one of them holds it).
    pub fn total(&self, pairs: &[(usize, usize)]) -> Option<Cost> {
        pairs.iter().map(|&(i, j)| self.pair_cost(i, j)).sum()
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

    /// The cheapest perfect matching of the players `subset` (indices; with the bye seat when
    /// the problem has one), solved in one piece.
    pub fn solve_exact(&self, subset: &[usize]) -> Option<(Cost, Vec<(usize, usize)>)> {
        let all = self.and_seat(subset);
        let n = all.len();
        let mut table: CostTable = vec![vec![None; n]; n];
        for a in 0..n {
            for b in a + 1..n {
                let c = self.pair_cost(all[a], all[b]);
                table[a][b] = c;
                table[b][a] = c;
            }
        }
        let (total, mate) = cheapest_perfect_matching(&table)?;
        Some((total, pairs_of(&all, &mate)))
    }

    /// `subset` and the bye seat, when the problem has one (and its held-out candidate).
    fn and_seat(&self, subset: &[usize]) -> Vec<usize> {
        let mut all = subset.to_vec();
        if let Some(seat) = &self.seat {
            all.push(self.seat_index());
            if seat.held.is_some() {
                all.push(self.seat_index() + 1);
            }
        }
        all
    }

    /// The best pairing of all players (see the module doc), or `None` when none exists.
    pub fn solve(&self) -> Option<Vec<(usize, usize)>> {
        let all: Vec<usize> = (0..self.players.len()).collect();
        self.solve_subset(&all).map(|(_, pairs)| pairs)
    }

    /// The best pairing of the players `subset` (indices; with the bye seat when the problem
    /// has one) with its cost, exact at any size, or `None` when none exists.
    pub fn solve_subset(&self, subset: &[usize]) -> Option<(Cost, Vec<(usize, usize)>)> {
        let all = self.and_seat(subset);
        if all.len() <= WINDOW {
            return self.solve_exact(subset);
        }
        let view = Subset::new(self, &all);
        let local: std::collections::HashMap<usize, usize> =
            all.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        let order: Vec<usize> = self
            .order()
            .into_iter()
            .filter_map(|i| local.get(&i).copied())
            .collect();
        let mut candidates: Vec<(usize, usize)> = order
            .iter()
            .enumerate()
            .flat_map(|(k, &i)| order[k + 1..].iter().take(BAND).map(move |&j| (i, j)))
            .collect();
        // The seat and a held-out candidate start with all their pairs.
        for extra in view.extra.iter().copied() {
            candidates.extend((0..all.len()).map(|k| (extra, k)));
        }
        let (cost, mate) = cheapest_perfect_matching_priced(&view, &candidates)?;
        Some((cost, pairs_of(&all, &mate)))
    }
}

/// Players `subset` of a [`Problem`] (with its bye seat and held-out candidate) as the priced
/// solver sees them: local indices, grouped by score level, the seat in a group of its own.
struct Subset<'p, 'a> {
    problem: &'p Problem<'a>,
    subset: &'p [usize],
    /// Local indices of the seat and the held-out candidate.
    extra: Vec<usize>,
    groups: Vec<Vec<usize>>,
    /// The level of each group (the seat's: none).
    levels: Vec<Option<usize>>,
    /// What the cheap bound of a pair needs, per local index.
    facts: Vec<Facts>,
}

impl<'p, 'a> Subset<'p, 'a> {
    fn new(problem: &'p Problem<'a>, subset: &'p [usize]) -> Self {
        let n = problem.players.len();
        let held_level = problem
            .seat
            .as_ref()
            .and_then(|s| s.held.as_ref())
            .map(|h| h.level);
        let level = |i: usize| match i {
            i if i < n => Some(problem.place[i].level),
            i if i == n + 1 => held_level,
            _ => None,
        };
        let mut levels: Vec<Option<usize>> = subset.iter().map(|&i| level(i)).collect();
        levels.sort_unstable_by_key(|l| l.map_or(usize::MAX, |l| l));
        levels.dedup();
        let mut groups = vec![Vec::new(); levels.len()];
        for (k, &i) in subset.iter().enumerate() {
            let g = levels.iter().position(|l| *l == level(i)).unwrap_or(0);
            groups[g].push(k);
        }
        let facts = subset
            .iter()
            .map(|&i| match i < n {
                true => Facts::of(problem.players[i], &problem.place[i]),
                false => Facts {
                    level: level(i).unwrap_or(0) as u32,
                    ..Facts::default()
                },
            })
            .collect();
        Subset {
            problem,
            subset,
            extra: subset
                .iter()
                .enumerate()
                .filter(|&(_, &i)| i >= n)
                .map(|(k, _)| k)
                .collect(),
            groups,
            levels,
            facts,
        }
    }

    /// The real levels of the subset, top first.
    fn real_levels(&self) -> impl Iterator<Item = usize> + '_ {
        self.levels.iter().flatten().copied()
    }
}

impl PricedProblem for Subset<'_, '_> {
    fn players(&self) -> usize {
        self.subset.len()
    }

    fn cost(&self, i: usize, j: usize) -> Option<PairCost> {
        self.problem.pair_cost(self.subset[i], self.subset[j])
    }

    /// [`Scorer::bound`] on the facts read once.
    fn bound(&self, i: usize, j: usize) -> PairCost {
        let n = self.problem.players.len();
        if self.subset[i] >= n || self.subset[j] >= n {
            return self.cost(i, j).unwrap_or_default();
        }
        bound(self.problem.scorer.options, &self.facts[i], &self.facts[j])
    }

    fn groups(&self) -> &[Vec<usize>] {
        &self.groups
    }

    fn floor(&self, a: usize, b: usize) -> PairCost {
        match (self.levels[a], self.levels[b]) {
            (Some(x), Some(y)) => score_fields(x.min(y), x.max(y)),
            _ => PairCost::default(),
        }
    }

    /// From the shape of the cost (`weights::Scorer::pair`): a pair crosses each boundary at
    /// most once; the colour fields count at most one per player; float balance at most 3 per
    /// player; the positional fields are capped by the size of the largest level; the bye
    /// fields by the classes and ranks of the seat.
    fn ceiling(&self) -> PairCost {
        let top = self.real_levels().next().unwrap_or(0);
        let bottom = self.real_levels().last().unwrap_or(0);
        let size = self.facts.iter().map(|f| f.size).max().unwrap_or(0) as usize;
        let mut c = score_fields(top, bottom);
        c.rest[STRONG] = 2;
        c.rest[MILD] = 2;
        c.rest[FLOAT] = 6;
        c.rest[FLOATPOS] = (2 * size).min(CAP as usize) as u32;
        c.rest[POS] = size.saturating_mul(size).min(CAP as usize) as u32;
        if let Some(seat) = &self.problem.seat {
            let own = seat.held.as_ref().map(|h| h.own);
            for class_rank in seat.candidate.iter().flatten().copied() {
                let x = Seat::cost(class_rank);
                c.class = c.class.max(x.class);
                c.rest[BYE] = c.rest[BYE].max(x.rest[BYE]);
            }
            if let Some(own) = own {
                c.class = c.class.max(own.class);
                c.rest[BYE] = c.rest[BYE].max(own.rest[BYE]);
            }
        }
        c
    }

    /// Bounds on the totals of any matching (each player is in one pair). A pair crossing a
    /// score boundary has one player on each side of it, so the pairs crossing it number at
    /// most the smaller side; the levels crossed beyond the first, squared, at most the levels
    /// spanned times all the crossings. A preference is left unmet at most once per player who
    /// has one, a float counted at most once per player. The positional rule inside a group
    /// counts only pairs of that group, each at most the square of its size; the floater's
    /// position at most the size of each player's level. The bye fields count one pair, and
    /// a held-out candidate's pairs (with the largest positional costs) two.
    fn totals(&self) -> Totals {
        let mut t = Totals::unbounded();
        let ceiling = self.ceiling();
        let real: Vec<(usize, &Vec<usize>)> = self
            .groups
            .iter()
            .zip(&self.levels)
            .filter_map(|(g, l)| l.map(|l| (l, g)))
            .collect();
        let size = |g: &Vec<usize>| u64::from(self.facts[g[0]].size).max(g.len() as u64);
        let n: u64 = real.iter().map(|(_, g)| g.len() as u64).sum();
        let bottom = real.last().map_or(0, |&(l, _)| l);
        t.boundaries = vec![0; bottom];
        let mut above = 0u64;
        for w in real.windows(2) {
            let ((l0, g0), (l1, _)) = (w[0], w[1]);
            above += g0.len() as u64;
            // Every boundary between the two levels (levels may skip values).
            for boundary in l0..l1 {
                t.boundaries[boundary] = above.min(n - above);
            }
        }
        let spanned = u64::from(ceiling.low - ceiling.high);
        t.rest[NEAR] = spanned.saturating_mul(t.boundaries.iter().sum());
        let players = self.facts.iter().take(self.subset.len());
        let wants = |strong: bool| {
            players
                .clone()
                .filter(|f| f.want.is_some_and(|(_, s)| s == strong))
                .count() as u64
        };
        t.rest[STRONG] = wants(true);
        t.rest[MILD] = wants(false);
        t.rest[FLOAT] = self
            .facts
            .iter()
            .map(|f| {
                let down = 2 * u64::from(f.last_down) + u64::from(f.balance_down);
                let up = 2 * u64::from(f.last_up) + u64::from(f.balance_up);
                down.max(up)
            })
            .sum();
        let cap = u64::from(CAP);
        t.rest[POS] = real
            .iter()
            .map(|(_, g)| (g.len() as u64 / 2) * size(g).pow(2).min(cap))
            .sum();
        t.rest[FLOATPOS] = real
            .iter()
            .map(|(_, g)| g.len() as u64 * (2 * size(g)).min(cap))
            .sum();
        if let Some(held) = self.problem.seat.as_ref().and_then(|s| s.held.as_ref()) {
            t.rest[FLOATPOS] += 2 * u64::from(held.positional.0);
            t.rest[POS] += 2 * u64::from(held.positional.1);
            t.rest[STRONG] += 2;
            t.rest[MILD] += 2;
            t.rest[FLOAT] += 6;
        }
        t.class = u64::from(ceiling.class);
        t.rest[BYE] = u64::from(ceiling.rest[BYE]);
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
