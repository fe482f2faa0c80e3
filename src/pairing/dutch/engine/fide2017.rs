//! The 2017 edition of the Dutch rules (C.04.3 as in force to 31 January 2026, rules.md §2.3),
//! made to give the pairings of bbpPairings 5, as a variant of the same engine: the brackets
//! are paired by the same phases, only the weights and the completion test differ.
//!
//! - **Weights.** Every bracket is paired on its own with the next score group behind it; the
//!   players below weigh nothing. Where the 2026 edition counts pairs and scores (C6, C7),
//!   C.6 minimises the *pairing score difference* (PSD): the score differences of the pairs
//!   and of the downfloaters, a downfloater counting one point more than his score above the
//!   lowest score in view. The PSD is one field whose sub-fields, one per difference from the
//!   smallest up, count how often it occurs; a pair of the bracket gives back the two
//!   downfloater differences of its players and takes its own. C.7 (the next bracket) counts
//!   the pairs with the next group and the downfloater differences of the bracket's players
//!   who are paired at all; in the last two groups it counts every pair and the players paired
//!   who may not take the bye (C.2). Colours (C.8–C.11) and repeated floats (C.12–C.15) are
//!   the 2026 edition's C10–C17; the score differences of repeated floaters (C.16–C.19) are
//!   PSD fields again.
//! - **Completion (C.4).** There is no bye score criterion. After each bracket the engine asks
//!   whether the players not paired yet can all be paired, one taking the bye he may take
//!   ([`Engine::completes`]). If not, the bracket is the penultimate pairing bracket: it is
//!   paired again with everyone below in view ("special": its top field counts the pairs and
//!   the players paired who may not take the bye), and the players it leaves form the last
//!   bracket with all the lower groups collapsed into one.

use super::{Bracket, Engine, Implicit, Layout, Zone, pair_key};
use crate::pairing::PairingError;
use crate::pairing::matching::{Graph, Incremental, Options, Weight, WideInt, max_weight_matching};
use crate::pairing::swiss::bits_for;
use std::collections::HashMap;

/// Compatible partners, after in pairing order, of the graph the completion test tries first.
const NEAR: usize = 12;

/// Compatible partners, after in pairing order, each player of the next group starts with in
/// the matching when a bracket opens: that group is mostly paired within itself, and pricing
/// then has few of its pairs to add.
const SEED: usize = 8;

/// One point in half-points: a downfloater's difference is his score, plus one point, above the
/// lowest score in view (bbpPairings counts tenths of a point and adds 10).
const ONE_POINT: i32 = 2;

/// What the 2017 weights need about the bracket being paired.
#[derive(Clone)]
pub(super) struct State {
    /// The penultimate pairing bracket, a bracket below it, or the last one: everyone not
    /// paired yet is in view, and the top field counts completion and the bye.
    pub(super) special: bool,
    /// The next score group is the last (bbpPairings' "final brackets").
    last_group: bool,
    /// The lowest score in view.
    min: i32,
    /// Bit offset, inside a PSD field, of each score difference (in half-points).
    shift: HashMap<i32, u32>,
    at: Offsets,
}

/// Bit offsets of the fields of a 2017 weight, from the top down.
#[derive(Clone, Copy, Default)]
struct Offsets {
    top: u32,
    /// C.5: pairs in the bracket.
    pairs: u32,
    /// C.6: the PSD of the bracket.
    psd: u32,
    /// C.7: pairs in the next bracket (in the last two groups: pairs and non-eligible players
    /// paired) and the downfloater differences of the bracket's players paired.
    next_pairs: u32,
    next_psd: u32,
    /// C.8–C.11.
    colours: [u32; 4],
    /// C.12–C.15: repeated downfloats and upfloats, one and two rounds back.
    floats: [[u32; 2]; 2],
    /// C.16–C.19: their score differences.
    differences: [[u32; 2]; 2],
    width: u32,
}

impl Offsets {
    fn new(layout: &Layout) -> Offsets {
        let (c, p) = (layout.group, layout.psd);
        let mut o = Offsets::default();
        let mut at = 1 + layout.room * c;
        for back in (1..=2).rev().filter(|&b| layout.played_rounds >= b) {
            o.differences[back - 1][1] = at;
            o.differences[back - 1][0] = at + p;
            at += 2 * p;
        }
        for back in (1..=2).rev().filter(|&b| layout.played_rounds >= b) {
            o.floats[back - 1][1] = at;
            o.floats[back - 1][0] = at + c;
            at += 2 * c;
        }
        for k in (0..4).rev() {
            o.colours[k] = at;
            at += c;
        }
        o.next_psd = at;
        at += p;
        o.next_pairs = at;
        at += c + 3;
        o.psd = at;
        at += p;
        o.pairs = at;
        at += c;
        o.top = at;
        o.width = at + 2;
        o
    }
}

/// Total width of a 2017 weight.
pub(super) fn width(layout: &Layout) -> u32 {
    Offsets::new(layout).width
}

/// Width of a PSD field: a sub-field wide enough for every player for each score difference
/// that can occur, between two scores or a score and a lower one less a point.
pub(super) fn psd_width(scores: &[i32], players: usize) -> u32 {
    let mut differences: Vec<i32> = Vec::new();
    for &a in scores {
        for &b in scores.iter().filter(|&&b| b <= a) {
            differences.push(a - b);
            differences.push(a - b + ONE_POINT);
        }
    }
    differences.sort_unstable();
    differences.dedup();
    differences.len() as u32 * bits_for(players as u64)
}

/// `v << at`.
fn term<const L: usize>(v: u64, at: u32) -> WideInt<L> {
    WideInt::from_u64(v)
        .checked_shl(at)
        .unwrap_or(WideInt::ZERO)
}

/// The engine's state before a bracket is opened, to pair it again as the penultimate
/// bracket if it leaves the round incomplete. The matching is not kept: a bracket paired
/// again starts from an empty one (its weights, not the solver's state, decide).
pub(super) struct Saved<const L: usize> {
    zone: Vec<Zone>,
    fixed: Vec<Option<usize>>,
    bracket: Bracket<L>,
}

impl State {
    pub(super) fn new(layout: &Layout, special: bool) -> State {
        State {
            special,
            last_group: false,
            min: 0,
            shift: HashMap::new(),
            at: Offsets::new(layout),
        }
    }

    /// The bit, inside a PSD field, of score difference `d` (one that the bracket's table
    /// holds: [`Engine::psd_table`] lists every difference the weights ask for).
    fn bit(&self, d: i32) -> u32 {
        self.shift.get(&d).copied().unwrap_or(0)
    }

    /// The bit of a downfloater of score `s`.
    fn down(&self, s: i32) -> u32 {
        self.bit(s - self.min + ONE_POINT)
    }
}

impl<'a, const L: usize> Engine<'a, L> {
    /// C.2 of the 2017 edition for vertex `v`.
    fn eligible(&self, v: usize) -> bool {
        self.field.players[self.sorted[v]].bye_eligible
    }

    /// The start of a round: the round must be possible at all (C.1–C.4); the players below
    /// the bracket weigh nothing from then on.
    pub(super) fn start_2017(&mut self) -> Result<(), PairingError> {
        let n = self.sorted.len();
        self.empty_matching()?;
        self.flat = Implicit::doubled(WideInt::ZERO, vec![WideInt::ZERO; n]);
        if !self.completes()? {
            return Err(PairingError::NoValidPairing(
                self.field.played_rounds as u32 + 1,
            ));
        }
        Ok(())
    }

    /// A matching with no edges yet (the bracket's are set when it opens, the others priced in).
    fn empty_matching(&mut self) -> Result<(), PairingError> {
        let limit = WideInt::<L>::pow2(width(&self.layout) + 1)
            .ok_or_else(|| PairingError::Matching("weight too wide".into()))?;
        self.matching = Incremental::new(Graph::new(self.sorted.len()), limit)
            .map_err(|e| PairingError::Matching(e.to_string()))?;
        self.edges.clear();
        Ok(())
    }

    /// Opens bracket `b` for the 2017 weights (its window already extended): the lowest score
    /// in view and the PSD table ([`Engine::psd_table`]), the weights of the pairs with the
    /// next group, and no pairs among the moved-down players (bbpPairings 5 weighs only pairs
    /// with a resident or a player of the next group).
    pub(super) fn open_2017(&mut self, b: &Bracket<L>) -> Result<(), PairingError> {
        let n = self.sorted.len();
        let min = b
            .by_index
            .last()
            .map_or(0, |&v| self.field.players[self.sorted[v]].score);
        let shift = self.psd_table(b, min)?;
        if let Some(st) = self.fide2017.as_mut() {
            st.last_group = b.next_group >= n;
            st.min = min;
            st.shift = shift;
        }
        if let Some(st) = &self.fide2017 {
            self.next = self.next_weights_2017(st, &b.by_index[..b.end], &b.by_index[b.end..]);
        }
        let next = &b.by_index[b.end..];
        for (i, &x) in next.iter().enumerate() {
            let mut found = 0;
            for &y in &next[i + 1..] {
                if found == SEED {
                    break;
                }
                if self.compatible(x, y) {
                    found += 1;
                    if !self.edges.contains_key(&pair_key(x, y)) {
                        let w = self.next.weight(x, y);
                        self.set(x, y, w)?;
                    }
                }
            }
        }
        for (i, &x) in b.by_index[..b.mdp_count].iter().enumerate() {
            for &y in &b.by_index[i + 1..b.mdp_count] {
                if self.edges.contains_key(&pair_key(x, y)) {
                    self.set(x, y, WideInt::ZERO)?;
                }
            }
        }
        Ok(())
    }

    /// The PSD table of bracket `b`: every score difference its weights can ask for — each
    /// player's as a downfloater, and his with each score of the residents after him — with
    /// as many bits as it occurs, the smallest difference lowest.
    fn psd_table(&self, b: &Bracket<L>, min: i32) -> Result<HashMap<i32, u32>, PairingError> {
        let score = |i: usize| self.field.players[self.sorted[b.by_index[i]]].score;
        // Where the residents' scores change (the first resident included).
        let starts: Vec<usize> = (b.mdp_count..b.end)
            .filter(|&j| j == b.mdp_count || score(j) < score(j - 1))
            .collect();
        let mut list = Vec::new();
        for i in 0..b.end {
            let s = score(i);
            list.push(s - min + ONE_POINT);
            let first = b.mdp_count.max(i + 1);
            if first < b.end {
                list.push(s - score(first));
                list.extend(starts.iter().filter(|&&j| j > first).map(|&j| s - score(j)));
            }
        }
        list.sort_unstable();
        let mut shift = HashMap::new();
        let mut at = 0u32;
        let mut k = 0;
        while k < list.len() {
            let d = list[k];
            let count = list[k..].iter().take_while(|&&x| x == d).count();
            shift.insert(d, at);
            at += bits_for(count as u64);
            k += count;
        }
        if at > self.layout.psd {
            return Err(PairingError::Matching("weight too wide".into()));
        }
        Ok(shift)
    }

    /// What a pair with a player of the next group weighs when it is left out of the graph:
    /// in a special bracket the top field (the pair, and each player who may not take the
    /// bye); otherwise C.7: the pair, in the last two groups also each player who may not take
    /// the bye, and the downfloater difference of a player of the bracket.
    fn next_weights_2017(&self, st: &State, current: &[usize], next: &[usize]) -> Implicit<L> {
        let n = self.sorted.len();
        let mut h = vec![WideInt::ZERO; n];
        if next.is_empty() {
            return Implicit::doubled(WideInt::ZERO, h);
        }
        let (unit, at) = if st.special {
            (term(1, st.at.top), st.at.top)
        } else {
            (term(1, st.at.next_pairs), st.at.next_pairs)
        };
        for &v in current.iter().chain(next) {
            if (st.special || st.last_group) && !self.eligible(v) {
                h[v] = term(1, at);
            }
        }
        if !st.special {
            for &v in current {
                let s = self.field.players[self.sorted[v]].score;
                h[v] = h[v].add(term(1, st.at.next_psd + st.down(s)));
            }
        }
        Implicit::doubled(unit, h)
    }

    /// The base weight of the pair of vertices `hi` (higher) and `lo` by the 2017 criteria
    /// (`st`); whether each is in the bracket is its [`Zone`].
    pub(super) fn base_2017(&self, st: &State, hi: usize, lo: usize) -> WideInt<L> {
        if !self.compatible(hi, lo) {
            return WideInt::ZERO;
        }
        self.base_2017_of(st, hi, lo)
    }

    /// [`Engine::base_2017`] for players taken to be compatible.
    pub(super) fn base_2017_of(&self, st: &State, hi: usize, lo: usize) -> WideInt<L> {
        let f = self.field;
        let (ph, pl) = (self.sorted[hi], self.sorted[lo]);
        let at = &st.at;
        let (h, l) = (&f.players[ph], &f.players[pl]);
        let (hc, lc) = (
            self.zone[hi] == Zone::Current,
            self.zone[lo] == Zone::Current,
        );
        let mut plus = WideInt::<L>::ZERO;
        let mut minus = WideInt::<L>::ZERO;
        let unfit = u64::from(!self.eligible(hi)) + u64::from(!self.eligible(lo));
        if st.special {
            plus = plus.add(term(1 + unfit, at.top));
        }
        if lc {
            // C.5 and C.6: the pair, its players' downfloater differences given back and its
            // own difference taken.
            plus = plus.add(term(1, at.pairs));
            plus = plus.add(term(1, at.psd + st.down(h.score)));
            plus = plus.add(term(1, at.psd + st.down(l.score)));
            minus = minus.add(term(1, at.psd + st.bit(h.score - l.score)));
        }
        if !st.special {
            // C.7.
            let pairs = if st.last_group {
                1 + unfit
            } else {
                u64::from(!lc)
            };
            plus = plus.add(term(pairs, at.next_pairs));
            if hc {
                plus = plus.add(term(1, at.next_psd + st.down(h.score)));
            }
            if lc {
                plus = plus.add(term(1, at.next_psd + st.down(l.score)));
            }
        }
        if !lc {
            return plus.sub(minus);
        }
        // C.8–C.11: as the 2026 edition's C10–C13.
        for (k, ok) in super::weights::colour_criteria(l, h)
            .into_iter()
            .enumerate()
        {
            plus = plus.add(term(u64::from(ok), at.colours[k]));
        }
        let above = h.score > l.score;
        for back in (1..=2).filter(|&b| f.played_rounds >= b) {
            let [fh, fl] = [ph, pl].map(|x| self.floats[x][back - 1]);
            let (down_l, down_h) = (fl == super::Float::Down, fh == super::Float::Down);
            let up_l = fl == super::Float::Up;
            // C.12/C.14: players of the bracket paired after a downfloat; C.13/C.15: a
            // repeated upfloat taken off.
            let floats = at.floats[back - 1];
            plus = plus.add(term(
                u64::from(down_l) + u64::from(h.score <= l.score && down_h),
                floats[0],
            ));
            if above && up_l {
                minus = minus.add(term(1, floats[1]));
            }
            // C.16/C.18 and C.17/C.19: their score differences, as in the PSD.
            let diffs = at.differences[back - 1];
            if down_l {
                plus = plus.add(term(1, diffs[0] + st.down(l.score)));
            }
            if down_h {
                plus = plus.add(term(1, diffs[0] + st.down(h.score)));
                if above {
                    minus = minus.add(term(1, diffs[0] + st.bit(h.score - l.score)));
                }
            }
            if above && up_l {
                minus = minus.add(term(1, diffs[1] + st.bit(h.score - l.score)));
            }
        }
        plus.sub(minus)
    }

    /// C.4 as bbpPairings 5 checks it after each bracket: can the players whose pairs are not
    /// decided yet all be paired, one taking the bye when their number is odd (a player who
    /// may take it, C.2)? A graph of each player's nearest compatible partners is tried
    /// first; only when it has no complete matching are all compatible pairs looked at.
    pub(super) fn completes(&self) -> Result<bool, PairingError> {
        let free: Vec<usize> = (0..self.sorted.len())
            .filter(|&v| self.fixed[v].is_none())
            .collect();
        let odd = free.len() % 2 == 1;
        let bye = free.len();
        let error =
            |e: crate::pairing::matching::MatchingError| PairingError::Matching(e.to_string());
        for dense in [false, true] {
            let mut g = Graph::<i64>::new(free.len() + 1);
            for (i, &a) in free.iter().enumerate() {
                let mut found = 0;
                for (j, &b) in free.iter().enumerate().skip(i + 1) {
                    if !dense && found == NEAR {
                        break;
                    }
                    if self.compatible(a, b) {
                        g.add_edge(i, j, 1).map_err(error)?;
                        found += 1;
                    }
                }
                if odd && self.eligible(a) {
                    g.add_edge(i, bye, 1).map_err(error)?;
                }
            }
            let mate = max_weight_matching(&g, Options::default()).map_err(error)?;
            let matched = mate.iter().filter(|m| m.is_some()).count();
            if matched == free.len() + usize::from(odd) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Before bracket `b` is opened: what pairing it again as the penultimate bracket needs,
    /// for a bracket that is not special already (the 2017 edition only).
    pub(super) fn save(&self, b: &Bracket<L>) -> Option<Saved<L>> {
        match &self.fide2017 {
            Some(st) if !st.special => Some(Saved {
                zone: self.zone.clone(),
                fixed: self.fixed.clone(),
                bracket: b.clone(),
            }),
            _ => None,
        }
    }

    /// Takes back the pairing of a bracket that left the round incomplete: it will be paired
    /// again as the penultimate bracket, with everyone below in view, from an empty matching
    /// (the players paired above have no edges in it).
    pub(super) fn restore(
        &mut self,
        saved: Saved<L>,
        b: &mut Bracket<L>,
    ) -> Result<(), PairingError> {
        self.zone = saved.zone;
        self.fixed = saved.fixed;
        *b = saved.bracket;
        if let Some(st) = self.fide2017.as_mut() {
            st.special = true;
        }
        self.rule = None;
        self.empty_matching()
    }
}
