//! The Dutch pairing procedure as a sequence of maximum-weight matchings.
//!
//! What follows describes the 2026 edition; the 2017 edition ([`fide2017`]) pairs the brackets
//! by the same phases with other weights (the pairing score difference in place of C6–C8) and
//! another completion test (the penultimate pairing bracket, paired again with all the players
//! below it).
//!
//! Every compatible pair of players (C1, C3) is an edge. Its weight is one wide integer whose
//! bit fields, from the most significant down, carry the criteria in their order of priority:
//! completion and the bye (C4, C2, C5), pairs and scores paired in the current bracket (C6, C7),
//! the same for the next bracket (C8), the bye assignee's played games (C9), the colour criteria
//! (C10–C13), repeated floats (C14–C17) and their score differences (C18–C21), and at the bottom
//! room for the order of the bracket (B: S1/S2, exchanges). A field whose criterion counts
//! players is as wide as the largest score group needs; a field that weighs scores gives every
//! score group its own bits so that a higher score always outweighs any number of lower ones.
//!
//! Brackets are paired from the top. In each, the moved-down players to pair are fixed first
//! (highest first), then their opponents, then the exchanges of the remainder and the S1
//! players' opponents in order; every decision is a matching over all players still unpaired,
//! so the rest of the round can always be completed (C4). The S1 players' opponents are
//! chosen in turn over the tight edges of the last matching ([`serial_choice`]) when the
//! bracket is a problem of its own (S1 as large as S2, or S2 one larger and the rest of the
//! round indifferent to which S2 player is left over). Otherwise they are decided several at a
//! time: each player's preference between his S2 candidates gets a field of its own at the
//! bottom, the higher player's above, so one matching settles them all in turn.
//!
//! Only pairs inside the bracket get weights of their own. A pair with a player below the next
//! bracket weighs what its two players' kinds make it (`c + h(a) + h(b)`, [`Implicit`]): all
//! that counts there is how many players are paired and which may take the bye; a pair with a
//! player of the next bracket adds what C8 and C9 give each end. So the matching holds only a
//! few of those pairs — each player's nearest compatible ones in pairing order, and the pairs
//! the engine has set — and after each solve the duals *price* all the pairs it left out: a
//! pair whose slack would be negative could make a better matching, and goes into the graph
//! before solving again. When no pair is left that could, the duals prove the
//! matching optimal over every pair, exactly as if all had been in the graph.

mod fide2017;

use super::DutchEdition;
use super::colour::colour_of;
use super::player::{Field, Float, Player};
use crate::model::Side;
use crate::pairing::PairingError;
use crate::pairing::matching::{Graph, Incremental, Weight, WideInt, serial_choice};
use std::collections::HashMap;

/// How the engine goes about a round; every setting gives the same pairings (a test on the
/// shared cases checks it, `interchange::dutch_tuning`, where the cases are read), only the
/// work differs.
#[derive(Clone, Copy)]
pub(crate) struct Tuning {
    /// Compatible partners, before and after in pairing order, each player's edges start with.
    pub(crate) near: usize,
    /// The most S1 players whose opponents one matching decides (as [`Layout::room`] allows).
    pub(crate) batch: u32,
    /// The S1 players' opponents chosen over the tight edges where that is exact
    /// ([`Engine::serial_s1`]).
    pub(crate) serial: bool,
}

/// The settings every real round is paired with.
pub(crate) const TUNING: Tuning = Tuning {
    near: 8,
    batch: 8,
    serial: true,
};

/// 2017: the most pairs of one player a pricing puts in the graph ([`Engine::price_class`]).
const PRICE_CAP: usize = 8;

/// Where a vertex stands in the bracket being paired; it decides what its pairs left out of
/// the graph weigh.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Zone {
    /// Below the next bracket (or no bracket yet): its pairs weigh [`Engine::flat`].
    Below,
    /// In the next bracket: its pairs with the bracket weigh [`Engine::next`].
    Next,
    /// In the bracket: its pairs with the bracket are all in the graph.
    Current,
}

/// What a class of pairs left out of the graph weighs, in the solver's doubled units:
/// `2w(a, b) = c2 + h2[a] + h2[b]` for compatible players (vertices `a`, `b`), no edge otherwise.
struct Implicit<const L: usize> {
    c2: WideInt<L>,
    h2: Vec<WideInt<L>>,
}

impl<const L: usize> Implicit<L> {
    fn weight(&self, a: usize, b: usize) -> WideInt<L> {
        self.c2.add(self.h2[a]).add(self.h2[b]).half()
    }

    /// `c + h(v)` for every vertex: `2c2` and `2h2`.
    fn doubled(c: WideInt<L>, h: Vec<WideInt<L>>) -> Self {
        Implicit {
            c2: c.add(c),
            h2: h.into_iter().map(|x| x.add(x)).collect(),
        }
    }
}

/// The values of a weight's fields ([`Engine::pack`]); a score field is given as the scores
/// whose sub-fields hold one each.
#[derive(Default)]
struct Fields {
    top: u64,
    c6: u64,
    c7: Option<i32>,
    c8: u64,
    c8_score: Option<i32>,
    c9: u64,
    /// C10–C13.
    colours: [u64; 4],
    /// C14–C17, one and two rounds back.
    floats: [[u64; 2]; 2],
    /// C18–C21, one and two rounds back.
    differences: [[[Option<i32>; 2]; 2]; 2],
}

fn pair_key(a: usize, b: usize) -> u64 {
    let (i, j) = if a < b { (a, b) } else { (b, a) };
    ((i as u64) << 32) | j as u64
}

/// Bits needed to write `v` (0 for 0).
fn bits(v: usize) -> u32 {
    usize::BITS - v.leading_zeros()
}

/// The result: pairs as (white, black) player indices, and the bye, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPairs {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// What [`Engine::serial_s1`] decided: the S1–S2 pairs (as vertices) and, with one S2
/// player left over, he and the partner he takes over in the rest of the round (himself when
/// that is none).
struct SerialChoice {
    pairs: Vec<(usize, usize)>,
    left_over: Option<(usize, usize)>,
}

/// Widths of the weight fields for one round.
struct Layout {
    edition: DutchEdition,
    /// Bits of a field that counts players of a score group (2017: of the whole round, since
    /// the last bracket may collapse all lower groups into one).
    group: u32,
    /// 2017: bits of a PSD field ([`fide2017::psd_width`]).
    psd: u32,
    /// Bits of a field with one sub-field per score group.
    scores: u32,
    /// Bit offset, inside a score field, of each score group (lowest score at 0).
    shift: HashMap<i32, u32>,
    played_rounds: usize,
    /// Fields of `group` bits at the bottom for the bracket order; at least three (S1/S2
    /// choice and exchanges), and as many S1 players' opponents are decided by one matching.
    room: u32,
}

impl Layout {
    /// Total width of a base weight.
    fn width(&self) -> u32 {
        if self.edition == DutchEdition::Fide2017 {
            return fide2017::width(self);
        }
        let mut w = 2 + self.group + self.scores + self.group + self.scores + 2 * self.group;
        w += 4 * self.group;
        if self.played_rounds >= 1 {
            w += 2 * self.group + 2 * self.scores;
        }
        if self.played_rounds >= 2 {
            w += 2 * self.group + 2 * self.scores;
        }
        w + self.room * self.group + 1
    }
}

/// A weight under construction: fields are appended from the most significant end.
struct Builder<const L: usize> {
    value: WideInt<L>,
}

impl<const L: usize> Builder<L> {
    fn new(top: u64) -> Self {
        Builder {
            value: WideInt::from_u64(top),
        }
    }

    /// Shifts in a new field of `width` bits holding `v`.
    fn field(&mut self, width: u32, v: u64) {
        self.value = self.value.checked_shl(width).unwrap_or(WideInt::ZERO);
        self.add_at(v, 0);
    }

    /// Adds `v << at` to the value.
    fn add_at(&mut self, v: u64, at: u32) {
        if v == 0 {
            return;
        }
        let term = WideInt::from_u64(v)
            .checked_shl(at)
            .unwrap_or(WideInt::ZERO);
        self.value = self.value.checked_add(term).unwrap_or(self.value);
    }
}

fn add<const L: usize>(w: WideInt<L>, v: i64) -> WideInt<L> {
    w.checked_add(WideInt::from_i64(v)).unwrap_or(w)
}

struct Engine<'a, const L: usize> {
    field: &'a Field,
    /// Player indices in pairing order; a vertex is a position here.
    sorted: Vec<usize>,
    layout: Layout,
    /// The matching over all vertices, kept from one decision to the next: a decision changes
    /// a few edges and the matching is repaired rather than recomputed (see
    /// [`Incremental`]). Weight 0 is no edge.
    matching: Incremental<WideInt<L>>,
    /// The edges in the matching's graph, by pair ([`pair_key`]); the other pairs weigh
    /// [`Engine::flat`] or [`Engine::next`], by [`Engine::zone`].
    edges: HashMap<u64, usize>,
    zone: Vec<Zone>,
    /// Pairs with a player of [`Zone::Below`].
    flat: Implicit<L>,
    /// Other pairs with a player of [`Zone::Next`].
    next: Implicit<L>,
    /// The partner of each vertex whose pair is final; such pairs leave the matching (they
    /// would be an edge of the largest weight with no other edge at either end).
    fixed: Vec<Option<usize>>,
    bye_score: i32,
    single_downfloater_bye: bool,
    /// C9: rank of each count of unplayed games among the players of the bye assignee's score
    /// (more unplayed games, higher rank: such a player is rather paired than given the bye).
    unplayed_ranks: HashMap<u32, u64>,
    /// The floats of each player (by index in the field) one and two rounds ago.
    floats: Vec<[Float; 2]>,
    /// The 2017 edition's state ([`fide2017`]); `None` for the 2026 edition.
    fide2017: Option<fide2017::State>,
}

/// C10–C13 of the 2026 edition (C.8–C.11 of the 2017 one) for a pair of the bracket, lower
/// player `p`, higher `o`: whether each of them is complied with.
fn colour_criteria(p: &Player, o: &Player) -> [bool; 4] {
    let same = p.preference == o.preference;
    let c10 = !p.absolute_imbalance() || !o.absolute_imbalance() || !same;
    let c11 = !p.absolute()
        || !o.absolute()
        || !same
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let lesser = if p.imbalance > o.imbalance { o } else { p };
            lesser.repeated != p.preference.map(Side::other)
        };
    let c12 = p.preference.is_none() || o.preference.is_none() || !same;
    let c13 = (!p.strong() && !p.absolute())
        || (!o.strong() && !o.absolute())
        || (p.absolute() && o.absolute())
        || !same;
    [c10, c11, c12, c13]
}

impl<'a, const L: usize> Engine<'a, L> {
    fn score(&self, v: usize) -> i32 {
        self.field.players[self.sorted[v]].score
    }

    /// Rounds played so far in which `p` did not play a game.
    fn unplayed(&self, p: &super::player::Player) -> u32 {
        self.field.played_rounds as u32 - p.played_games
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        self.field.compatible(self.sorted[a], self.sorted[b])
    }

    /// Sets the weight of edge `a`–`b`, a decision about vertex `a`; a pair not in the graph
    /// yet is added, unless it is no edge at all (incompatible players).
    fn set(&mut self, a: usize, b: usize, w: WideInt<L>) -> Result<(), PairingError> {
        let matching_error =
            |e: crate::pairing::matching::MatchingError| PairingError::Matching(e.to_string());
        match self.edges.get(&pair_key(a, b)) {
            Some(&k) => self.matching.set_weight(k, a, w).map_err(matching_error),
            None if w == WideInt::ZERO && !self.compatible(a, b) => Ok(()),
            None => {
                let k = self.matching.add_edge(a, b, a, w).map_err(matching_error)?;
                self.edges.insert(pair_key(a, b), k);
                Ok(())
            }
        }
    }

    /// The flat weights after the bye assignee's score is known: the top field counts the pair
    /// and each player that may not take the bye; every field below is empty.
    fn flat_after_bye(&self) -> Implicit<L> {
        let one = self.fields(1, 0, None, 0);
        Implicit::doubled(
            one,
            (0..self.sorted.len())
                .map(|v| self.fields(u64::from(!self.is_bye_candidate(v)), 0, None, 0))
                .collect(),
        )
    }

    /// A base weight with only the top field (`top`), C8's pair count, C8's score field (one
    /// pair of the higher player's `score`) and C9 filled in.
    fn fields(&self, top: u64, c8: u64, c8_score: Option<i32>, c9: u64) -> WideInt<L> {
        self.pack(&Fields {
            top,
            c8,
            c8_score,
            c9,
            ..Fields::default()
        })
    }

    /// C9's share of vertex `v` in a pair weight.
    fn c9(&self, v: usize) -> u64 {
        let p = &self.field.players[self.sorted[v]];
        if self.single_downfloater_bye && p.score == self.bye_score {
            self.unplayed_ranks
                .get(&self.unplayed(p))
                .copied()
                .unwrap_or(0)
        } else {
            0
        }
    }

    /// What a pair of the bracket's `current` players and the `next` bracket's players, with at
    /// least one of the next, weighs as [`Engine::base`] makes it (C8 and C9 on top of the flat
    /// weight). The higher player's score goes into C8's score field: the bracket player's, or
    /// the next bracket's own score.
    fn next_weights(&self, current: &[usize], next: &[usize]) -> Implicit<L> {
        let n = self.sorted.len();
        let mut h2 = vec![WideInt::ZERO; n];
        let Some(&first) = next.first() else {
            return Implicit {
                c2: WideInt::ZERO,
                h2,
            };
        };
        let own = self.fields(0, 0, Some(self.score(first)), 0);
        let share = |v: usize| {
            let x = self.fields(u64::from(!self.is_bye_candidate(v)), 0, None, self.c9(v));
            x.add(x)
        };
        for &v in next {
            h2[v] = share(v).add(own);
        }
        for &v in current {
            let mine = self.fields(0, 0, Some(self.score(v)), 0);
            h2[v] = share(v).add(mine).add(mine).sub(own);
        }
        let one = self.fields(1, 1, None, 0);
        Implicit {
            c2: one.add(one),
            h2,
        }
    }

    /// The class of a pair left out of the graph, if it can be left out.
    fn implicit(&self, a: usize, b: usize) -> Option<&Implicit<L>> {
        match (self.zone[a], self.zone[b]) {
            (Zone::Below, _) | (_, Zone::Below) => Some(&self.flat),
            (Zone::Current, Zone::Current) => None,
            _ => Some(&self.next),
        }
    }

    /// Checks every pair left out of the graph against the duals of the last solve and adds
    /// those whose slack is negative; returns whether it added any.
    fn price(&mut self) -> Result<bool, PairingError> {
        let cert = self.matching.certificate();
        let mut add = Vec::new();
        for next in [false, true] {
            self.price_class(&cert, next, &mut add);
        }
        for &(a, b, w) in &add {
            let k = self
                .matching
                .add_edge(a, b, a, w)
                .map_err(|e| PairingError::Matching(e.to_string()))?;
            self.edges.insert(pair_key(a, b), k);
        }
        Ok(!add.is_empty())
    }

    /// Pricing of one class of left-out pairs: those with a player below the next bracket
    /// ([`Engine::flat`]), or the other pairs with a player of the next bracket
    /// ([`Engine::next`]).
    ///
    /// With `r(v) = u(v) − h2(v)`, a left-out compatible pair has slack `r(a) + r(b) − c2`
    /// plus the blossom terms, `2z` of every blossom holding both. *Core* players (the class's
    /// pairs need one player who is not) are only paired with the others.
    fn price_class(
        &self,
        cert: &crate::pairing::matching::Duals<WideInt<L>>,
        next: bool,
        add: &mut Vec<(usize, usize, WideInt<L>)>,
    ) {
        let n = self.sorted.len();
        let class = if next { &self.next } else { &self.flat };
        let member = |v: usize| self.fixed[v].is_none() && (!next || self.zone[v] != Zone::Below);
        let core = |v: usize| {
            if next {
                self.zone[v] == Zone::Current
            } else {
                self.zone[v] != Zone::Below
            }
        };
        if next && !(0..n).any(|v| member(v) && !core(v)) {
            return;
        }
        let c2 = class.c2;
        let r: Vec<WideInt<L>> = (0..n)
            .map(|v| cert.vertex_dual(v).sub(class.h2[v]))
            .collect();
        // A pair's blossom terms are those of the smallest blossom holding both and of every
        // blossom around it. So the pairs are checked node by node of the blossom forest (its
        // roots under one node of their own, with no terms): at each node, the pairs of
        // players in two different children of it, whose slack is exactly
        // `r(a) + r(b) − (c2 − bonus)`. There players are grouped by child, colour class
        // (C3: two players of the same absolute colour preference never meet, topscorers
        // aside) and whether they are core; a group lists its players in order of r, and the
        // groups of a class come in order of their smallest r.
        let colour_class = |v: usize| -> usize {
            let p = &self.field.players[self.sorted[v]];
            if p.absolute() && !self.field.is_topscorer(p) {
                1 + p
                    .preference
                    .map_or(0, |side| 1 + usize::from(side == Side::Black))
            } else {
                0
            }
        };
        let meets = |x: usize, y: usize| x == 0 || y == 0 || x != y;
        // Node ids: vertices, blossoms (below 2n), and the forest's own node.
        let forest = 2 * n;
        let up = |x: usize| cert.parent(x).unwrap_or(forest);
        let limit_of = |node: usize| {
            if node == forest {
                c2
            } else {
                c2.sub(cert.blossom_bonus(Some(node)))
            }
        };
        let mut by_r: Vec<usize> = (0..n).filter(|&v| member(v)).collect();
        by_r.sort_by(|&a, &b| r[a].cmp(&r[b]));
        // The two smallest r of a node's players in different children (with the child):
        // players come in order of r, so the first to reach a node from a child is that
        // child's least, and one reaching a node already reached improves nothing above it.
        let mut best: Vec<[Option<(WideInt<L>, usize)>; 2]> = vec![[None, None]; 2 * n + 1];
        for &v in &by_r {
            let mut child = v;
            loop {
                let x = up(child);
                let reached = best[x][0].is_some();
                match best[x] {
                    [None, _] => best[x][0] = Some((r[v], child)),
                    [Some((_, c)), None] if c != child => best[x][1] = Some((r[v], child)),
                    _ => {}
                }
                if reached || x == forest {
                    break;
                }
                child = x;
            }
        }
        // Only nodes whose two least players in different children could make a negative
        // slack are looked at.
        let suspect: Vec<bool> = (0..=2 * n)
            .map(|x| match best[x] {
                [Some((a, _)), Some((b, _))] => a.add(b) < limit_of(x),
                _ => false,
            })
            .collect();
        let mut nodes: HashMap<usize, Vec<(usize, usize)>> = HashMap::new();
        let mut class_of = vec![0; n];
        for &v in &by_r {
            class_of[v] = colour_class(v);
            let mut child = v;
            loop {
                let x = up(child);
                if suspect[x] {
                    nodes.entry(x).or_default().push((v, child));
                }
                if x == forest {
                    break;
                }
                child = x;
            }
        }
        let mut seen = std::collections::HashSet::new();
        // 2017: at most a few pairs per player each time (his most violated): a bracket's
        // players there may come out of a solve with no dual left, which would put all their
        // pairs with the next group in the graph at once; the next solve gives them duals.
        let cap = if self.fide2017.is_some() {
            PRICE_CAP
        } else {
            usize::MAX
        };
        let mut added = vec![0usize; n];
        for (&node, players) in &nodes {
            let limit = limit_of(node);
            let mut index: HashMap<(usize, usize, bool), usize> = HashMap::new();
            let mut groups: Vec<(Vec<usize>, usize)> = Vec::new();
            let mut keys = Vec::new();
            for &(v, child) in players {
                let key = (child, class_of[v], core(v));
                let gi = *index.entry(key).or_insert_with(|| {
                    groups.push((Vec::new(), child));
                    keys.push(key);
                    groups.len() - 1
                });
                groups[gi].0.push(v);
            }
            for g in &mut groups {
                g.0.sort_by(|&a, &b| r[a].cmp(&r[b]));
            }
            let mut order: HashMap<(usize, bool), Vec<usize>> = HashMap::new();
            for (gi, key) in keys.iter().enumerate() {
                order.entry((key.1, key.2)).or_default().push(gi);
            }
            for list in order.values_mut() {
                list.sort_by(|&x, &y| r[groups[x].0[0]].cmp(&r[groups[y].0[0]]));
            }
            // A player's partners in another child have at least the smallest r outside his own.
            for &(a, child) in players {
                if added[a] >= cap {
                    continue;
                }
                let other = match best[node] {
                    [Some((_, c)), second] if c == child => second,
                    [first, _] => first,
                };
                let Some((other, _)) = other else {
                    continue;
                };
                if r[a].add(other) >= limit {
                    continue;
                }

                for (&(class_b, core_b), list) in &order {
                    if !meets(class_of[a], class_b) || (core(a) && core_b) {
                        continue;
                    }
                    for &gi in list {
                        let (g, child_b) = &groups[gi];
                        if r[a].add(r[g[0]]) >= limit {
                            break;
                        }
                        if *child_b == child {
                            continue;
                        }
                        for &b in g {
                            if r[a].add(r[b]) >= limit {
                                break;
                            }

                            if !self.compatible(a, b) || self.edges.contains_key(&pair_key(a, b)) {
                                continue;
                            }
                            let w = class.weight(a, b);
                            if added[a] < cap
                                && cert.slack(a, b, w) < WideInt::ZERO
                                && seen.insert(pair_key(a, b))
                            {
                                add.push((a, b, w));
                                added[a] += 1;
                            }
                        }
                    }
                }
            }
        }
    }

    fn is_bye_candidate(&self, v: usize) -> bool {
        let p = &self.field.players[self.sorted[v]];
        p.bye_eligible && p.score <= self.bye_score
    }

    /// The base weight of the edge between vertices `hi` (higher) and `lo`, `lo` in the
    /// bracket or the next group as the flags say (2017: as its [`Zone`] says).
    fn base(&self, hi: usize, lo: usize, in_current: bool, in_next: bool) -> WideInt<L> {
        if let Some(st) = &self.fide2017 {
            return self.base_2017(st, hi, lo);
        }
        let f = self.field;
        let (ph, pl) = (self.sorted[hi], self.sorted[lo]);
        if !f.compatible(ph, pl) {
            return WideInt::ZERO;
        }
        let (h, l) = (&f.players[ph], &f.players[pl]);
        let mut v = Fields {
            top: 1 + u64::from(!self.is_bye_candidate(hi)) + u64::from(!self.is_bye_candidate(lo)),
            // C6, C7: pairs and scores in the current bracket; C8: the same for the next.
            c6: u64::from(in_current),
            c7: in_current.then_some(h.score),
            c8: u64::from(in_next),
            c8_score: in_next.then_some(h.score),
            c9: self.c9(hi) + self.c9(lo),
            ..Fields::default()
        };
        if !in_current {
            return self.pack(&v);
        }
        // C10–C13: colours (only for pairs inside the current bracket).
        v.colours = colour_criteria(l, h).map(u64::from);
        let score_hi_above = h.score > l.score;
        for back in 1..=2 {
            let [fh, fl] = [ph, pl].map(|x| self.floats[x][back - 1]);
            // C14–C17: repeated floats.
            v.floats[back - 1] = [
                u64::from(fl == Float::Down) + u64::from(h.score <= l.score && fh == Float::Down),
                u64::from(!(score_hi_above && fl == Float::Up)),
            ];
            // C18–C21: score differences of repeated floaters.
            v.differences[back - 1] = [
                [
                    (fl == Float::Down).then_some(l.score),
                    (fh == Float::Down).then_some(h.score),
                ],
                [
                    (!(fl == Float::Up && score_hi_above)).then_some(h.score),
                    None,
                ],
            ];
        }
        self.pack(&v)
    }

    /// The weight whose fields hold `v`, from the most significant down; the fields of the
    /// float criteria only for rounds played, and room for the bracket order at the bottom.
    /// The one home of the weight's layout (whose width is [`Layout::width`]).
    fn pack(&self, v: &Fields) -> WideInt<L> {
        let lay = &self.layout;
        let g = lay.group;
        let mut b = Builder::<L>::new(v.top);
        let scores = |b: &mut Builder<L>, at: &[Option<i32>]| {
            b.field(lay.scores, 0);
            for s in at.iter().flatten() {
                b.add_at(1, lay.shift[s]);
            }
        };
        b.field(g, v.c6);
        scores(&mut b, &[v.c7]);
        b.field(g, v.c8);
        scores(&mut b, &[v.c8_score]);
        b.field(2 * g, v.c9);
        for c in v.colours {
            b.field(g, c);
        }
        let played = self.field.played_rounds;
        for back in (1..=2).filter(|&back| played >= back) {
            for x in v.floats[back - 1] {
                b.field(g, x);
            }
        }
        for back in (1..=2).filter(|&back| played >= back) {
            for at in &v.differences[back - 1] {
                scores(&mut b, at);
            }
        }
        for _ in 0..lay.room {
            b.field(g, 0);
        }
        b.field(1, 0);
        b.value
    }

    /// A maximum-weight matching over the vertices whose pair is not final yet; `mate[v] == v`
    /// for an unmatched vertex.
    fn solve(&mut self) -> Result<Vec<usize>, PairingError> {
        loop {
            self.matching
                .solve()
                .map_err(|e| PairingError::Matching(e.to_string()))?;
            if !self.price()? {
                break;
            }
        }
        let n = self.sorted.len();
        Ok((0..n)
            .map(|v| self.fixed[v].or_else(|| self.matching.mate(v)).unwrap_or(v))
            .collect())
    }

    /// The weight the pair `a`–`b` has now: its edge's, or what its class of left-out pairs
    /// gives it.
    fn weight_now(&self, a: usize, b: usize) -> WideInt<L> {
        if let Some(&k) = self.edges.get(&pair_key(a, b)) {
            return self.matching.weight(k);
        }
        match self.implicit(a, b) {
            Some(class) if self.compatible(a, b) => class.weight(a, b),
            _ => WideInt::ZERO,
        }
    }

    /// The S1 players' opponents chosen in turn over the tight edges ([`serial_choice`])
    /// rather than by matchings, when that choice does not depend on the rest of the round;
    /// `None` when it may, and matchings decide. `s1` and `s2` are positions in `by_index`
    /// (pairing order), `base[b][a]` the weight of the pair at positions `a < b`.
    ///
    /// Every S1 player is paired in the bracket, with an S2 player (C6 counts the pairs, and
    /// only S1–S2 pairs are left), so with S2 as large as S1 the bracket is a bipartite problem
    /// of its own. With one S2 player more, the one left over moves down, and the rest of the
    /// round must not care which: every S2 player `x` must be worth to it what the one left
    /// over now (`x0`) is. He is worth no less when he can take `x0`'s place in the matching
    /// (he weighs what `x0` weighs with `x0`'s partner), and no more when each of his pairs
    /// with the rest would have no negative slack as a pair of `x0`: the duals, with `x` in
    /// `x0`'s place in every blossom, then prove that the rest with `x` weighs no more.
    fn serial_s1(
        &self,
        by_index: &[usize],
        s1: &[usize],
        s2: &[usize],
        base: &[Vec<WideInt<L>>],
        stable: &[usize],
    ) -> Option<SerialChoice> {
        let (p, q) = (s1.len(), s2.len());
        if q < p || q > p + 1 {
            return None;
        }
        let n = self.sorted.len();
        let mut right = vec![usize::MAX; n];
        for (j, &pb) in s2.iter().enumerate() {
            right[by_index[pb]] = j;
        }
        let mut mate = s1
            .iter()
            .map(|&pa| Some(right[stable[by_index[pa]]]).filter(|&j| j != usize::MAX))
            .collect::<Option<Vec<usize>>>()?;
        let cert = self.matching.certificate();
        let mut left_over = None;
        if q > p {
            let mut taken = vec![false; q];
            for &j in &mate {
                taken[j] = true;
            }
            let j0 = taken.iter().position(|&t| !t)?;
            mate.push(j0);
            let x0 = by_index[s2[j0]];
            let r0 = stable[x0];
            let mut in_bracket = vec![false; n];
            for &pa in s1.iter().chain(s2) {
                in_bracket[by_index[pa]] = true;
            }
            let rest: Vec<usize> = (0..n)
                .filter(|&r| self.fixed[r].is_none() && !in_bracket[r])
                .collect();
            // The slack of a pair x0–r before its weight is taken off.
            let headroom: Vec<WideInt<L>> = rest
                .iter()
                .map(|&r| cert.slack(x0, r, WideInt::ZERO))
                .collect();
            for &pb in s2 {
                let x = by_index[pb];
                if x == x0 {
                    continue;
                }
                if r0 != x0 && self.weight_now(x, r0) != self.weight_now(x0, r0) {
                    return None;
                }
                for (&r, &free) in rest.iter().zip(&headroom) {
                    let w = self.weight_now(x, r);
                    if w != WideInt::ZERO && free < w.add(w) {
                        return None;
                    }
                }
            }
            left_over = Some((x0, r0));
        }
        // Left: the S1 players, then (with one left over) a stand-in for the rest of the
        // round, which takes any S2 player at no weight.
        let mut edges: Vec<Vec<(usize, WideInt<L>)>> = s1
            .iter()
            .map(|&pa| {
                s2.iter()
                    .enumerate()
                    .filter(|&(_, &pb)| pb > pa && base[pb][pa] != WideInt::ZERO)
                    .map(|(j, &pb)| (j, base[pb][pa]))
                    .collect()
            })
            .collect();
        if left_over.is_some() {
            edges.push((0..q).map(|j| (j, WideInt::ZERO)).collect());
        }
        let start = s2
            .iter()
            .map(|&pb| cert.vertex_dual(by_index[pb]))
            .collect();
        let chosen = serial_choice(&mate, &edges, p, start)?;
        Some(SerialChoice {
            pairs: s1
                .iter()
                .zip(&chosen)
                .map(|(&pa, &j)| (by_index[pa], by_index[s2[j]]))
                .collect(),
            left_over: left_over.map(|(x0, r0)| {
                let x = by_index[s2[chosen[p]]];
                (x, if r0 == x0 { x } else { r0 })
            }),
        })
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
        self.matching.retire(a, b);
    }
}

/// Pairs the players of `field` that are to be paired.
pub fn pair(field: &Field) -> Result<RoundPairs, PairingError> {
    pair_from(field, TUNING)
}

/// [`pair`], tuned as `tuning` says.
pub(crate) fn pair_from(field: &Field, tuning: Tuning) -> Result<RoundPairs, PairingError> {
    let mut sorted: Vec<usize> = (0..field.players.len())
        .filter(|&i| field.players[i].to_pair)
        .collect();
    sorted.sort_by(|&a, &b| {
        if field.ranks_before(a, b) {
            std::cmp::Ordering::Less
        } else if field.ranks_before(b, a) {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    });
    if sorted.is_empty() {
        return Err(PairingError::NoEntrants);
    }
    if sorted.len() == 1 {
        // C.04.1 d: no second pairing-allocated bye, even for a player left alone (a grade
        // event's early stop can leave one): then nobody can be paired.
        if !field.players[sorted[0]].bye_eligible {
            return Err(PairingError::NoValidPairing(field.played_rounds as u32 + 1));
        }
        return Ok(RoundPairs {
            pairs: Vec::new(),
            bye: Some(sorted[0]),
        });
    }
    // Score-group bit offsets, from the lowest score up.
    let mut shift = HashMap::new();
    let mut scores = 0u32;
    let mut largest = 0usize;
    let mut distinct = Vec::new();
    let mut k = sorted.len();
    while k > 0 {
        let s = field.players[sorted[k - 1]].score;
        let mut size = 0;
        while k > 0 && field.players[sorted[k - 1]].score == s {
            size += 1;
            k -= 1;
        }
        shift.insert(s, scores);
        scores += bits(size);
        largest = largest.max(size);
        distinct.push(s);
    }
    let edition = field.edition;
    let mut layout = match edition {
        DutchEdition::Fide2026 => Layout {
            edition,
            group: bits(largest),
            psd: 0,
            scores,
            shift,
            played_rounds: field.played_rounds,
            room: 3,
        },
        DutchEdition::Fide2017 => Layout {
            edition,
            group: bits(sorted.len()),
            psd: fide2017::psd_width(&distinct, sorted.len()),
            scores: 0,
            shift: HashMap::new(),
            played_rounds: field.played_rounds,
            room: 3,
        },
    };
    let need = |layout: &Layout| layout.width().max(2 + scores + bits(largest) + 1) + 8;
    // The widths the weights come in (64-bit words, 5 bits kept for the matching's sums).
    const WORDS: [usize; 9] = [2, 4, 6, 8, 12, 16, 32, 64, 128];
    let words = |bits: u32| WORDS.into_iter().find(|&l| bits as usize <= 64 * l - 5);
    let Some(l) = words(need(&layout)) else {
        return Err(PairingError::Matching("weight too wide".into()));
    };
    // More S1 players decided per matching while the weights stay as wide.
    while layout.room < tuning.batch {
        layout.room += 1;
        if words(need(&layout)) != Some(l) {
            layout.room -= 1;
            break;
        }
    }
    match l {
        2 => run::<2>(field, sorted, layout, tuning),
        4 => run::<4>(field, sorted, layout, tuning),
        6 => run::<6>(field, sorted, layout, tuning),
        8 => run::<8>(field, sorted, layout, tuning),
        12 => run::<12>(field, sorted, layout, tuning),
        16 => run::<16>(field, sorted, layout, tuning),
        32 => run::<32>(field, sorted, layout, tuning),
        64 => run::<64>(field, sorted, layout, tuning),
        _ => run::<128>(field, sorted, layout, tuning),
    }
}

/// Pairs the round with weights of `L` words: the first matching settles completion (C4) and
/// the bye assignee's score (C5); then the brackets are paired from the top, each in the
/// order of the rules: which MDPs are paired and with whom, the remainder and its
/// exchanges, then the S1 players' opponents; the players left unpaired move down.
fn run<const L: usize>(
    field: &Field,
    sorted: Vec<usize>,
    layout: Layout,
    tuning: Tuning,
) -> Result<RoundPairs, PairingError> {
    let mut e = Engine::<L>::new(field, sorted, layout)?;
    let n = e.sorted.len();
    let mut b = Bracket::top(&e);
    match field.edition {
        DutchEdition::Fide2026 => e.complete_round(tuning)?,
        DutchEdition::Fide2017 => {
            e.fide2017 = Some(fide2017::State::new(&e.layout, b.next_group >= n));
            e.start_2017()?;
        }
    }
    let mut paired: Vec<Option<usize>> = vec![None; n];
    // Brackets from the top; each takes in the players the one above moved down.
    while b.by_index.len() > 1 || b.next_group < n {
        // 2017: a bracket after which the round cannot be completed is the penultimate
        // pairing bracket, paired again with everyone below in view.
        let saved = e.save(&b);
        e.open(&mut b)?;
        e.choose_mdps(&mut b)?;
        e.mdp_opponents(&mut b)?;
        let rem = e.remainder(&mut b)?;
        e.exchange_s1_down(&mut b, &rem)?;
        e.exchange_s2_up(&mut b, &rem)?;
        e.split_s1_s2(&mut b, &rem)?;
        e.s1_opponents(&mut b, &rem, tuning)?;
        if let Some(saved) = saved
            && !e.completes()?
        {
            e.restore(saved, &mut b)?;
            continue;
        }
        b = e.close(b, &mut paired);
    }
    Ok(e.outcome(&paired))
}

/// A bracket (its score group and the players moved down into it) as it is paired, with the
/// next score group behind it (C8 looks at that group). Its players are named by *position*
/// in `by_index`. [`Engine::open`] fills in `end` to `stable` when its pairing starts;
/// `matched` goes on from one bracket to the next.
#[derive(Clone)]
struct Bracket<const L: usize> {
    /// Its vertices: the moved-down players (MDPs) first, highest first, then the residents,
    /// then (from `end`) the next score group.
    by_index: Vec<usize>,
    /// How many MDPs `by_index` starts with.
    mdp_count: usize,
    /// The position where the next score group starts.
    end: usize,
    /// The residents, as vertices: `resident_begin..resident_end`.
    resident_begin: usize,
    resident_end: usize,
    /// The first vertex of the next score group (`n` when there is none), and the first vertex
    /// after that group.
    group_start: usize,
    next_group: usize,
    /// `base[li][si]`, for `si < li` and `mdp_count ≤ li < end`: the base weight of the pair
    /// of the players at positions `si` and `li`.
    base: Vec<Vec<WideInt<L>>>,
    /// The latest matching: each vertex's mate (itself when unmatched).
    stable: Vec<usize>,
    /// The vertices decided to be paired, in this bracket or above.
    matched: Vec<bool>,
}

impl<const L: usize> Bracket<L> {
    /// The top bracket: the top score group, with no MDPs.
    fn top(e: &Engine<'_, L>) -> Self {
        let n = e.sorted.len();
        let top_score = e.score(0);
        let by_index: Vec<usize> = (0..n).take_while(|&v| e.score(v) >= top_score).collect();
        let next_group = by_index.len();
        Bracket {
            by_index,
            mdp_count: 0,
            end: 0,
            resident_begin: 0,
            resident_end: 0,
            group_start: next_group,
            next_group,
            base: Vec::new(),
            stable: Vec::new(),
            matched: vec![false; n],
        }
    }

    /// Whether vertex `v` is one of the bracket's residents.
    fn in_residents(&self, v: usize) -> bool {
        v >= self.resident_begin && v < self.resident_end
    }

    /// Whether vertex `v` is in S1 by the latest matching: paired with a lower player of the
    /// bracket.
    fn is_s1(&self, v: usize) -> bool {
        self.stable[v] > v && self.stable[v] < self.resident_end
    }
}

/// The remainder: the bracket's residents not paired with an MDP, as positions in
/// `by_index`, in pairing order.
struct Remainder {
    players: Vec<usize>,
    /// How many pairs it makes (in the matching it was taken from): its first `pairs`
    /// players are S1 before any exchange.
    pairs: usize,
    /// How many players of S1 must go down to S2 (and as many come up).
    exchanges: usize,
    /// Width of a bracket-order field ([`Layout::group`]).
    g: u32,
}

impl Remainder {
    /// The weight of the pair at positions `si < li`, whose higher player is the `si_rem`-th
    /// of the remainder: its base weight, plus the bracket order below it: more for a pair
    /// whose higher player is in S1 as it stands before any exchange (fewer exchanges), then
    /// the more the higher that player.
    fn order_weight<const L: usize>(
        &self,
        base: &[Vec<WideInt<L>>],
        si: usize,
        li: usize,
        si_rem: usize,
    ) -> WideInt<L> {
        let r = base[li][si];
        if r == WideInt::ZERO {
            return r;
        }
        let flag = i64::from(si_rem < self.pairs);
        let addend = ((flag << (2 * self.g)) - si_rem as i64) << 1;
        add(r, addend)
    }
}

impl<'a, const L: usize> Engine<'a, L> {
    /// An engine for `sorted` (player indices in pairing order) with weights of `layout`, its
    /// matching still empty.
    fn new(field: &'a Field, sorted: Vec<usize>, layout: Layout) -> Result<Self, PairingError> {
        let n = sorted.len();
        if WideInt::<L>::pow2(layout.width() + 4).is_none() {
            return Err(PairingError::Matching("weight too wide".into()));
        }
        Ok(Engine {
            field,
            sorted,
            layout,
            matching: Incremental::new(Graph::new(0), WideInt::ZERO)
                .map_err(|e| PairingError::Matching(e.to_string()))?,
            edges: HashMap::new(),
            zone: vec![Zone::Below; n],
            flat: Implicit {
                c2: WideInt::ZERO,
                h2: Vec::new(),
            },
            next: Implicit {
                c2: WideInt::ZERO,
                h2: vec![WideInt::ZERO; n],
            },
            fixed: vec![None; n],
            bye_score: 0,
            single_downfloater_bye: false,
            unplayed_ranks: HashMap::new(),
            floats: (0..field.players.len())
                .map(|p| [field.float(p, 1), field.float(p, 2)])
                .collect(),
            fide2017: None,
        })
    }

    /// Completion (C4) and, with an odd number, the score of the bye assignee (C5): the first
    /// matching pairs as many players as can be (with an odd number, all but one, the lowest
    /// score possible left over). That score is the bye assignee's from then on; C9 ranks the
    /// unplayed games of the players who have it.
    fn complete_round(&mut self, tuning: Tuning) -> Result<(), PairingError> {
        let n = self.sorted.len();
        let odd = n % 2 == 1;
        let top_score = self.score(0);
        // Every weight is below 2^(width + 1) (the base weight below 2^width, the bracket
        // order adds less than as much again).
        let limit = WideInt::<L>::pow2(self.layout.width() + 1)
            .ok_or_else(|| PairingError::Matching("weight too wide".into()))?;
        self.flat = if odd {
            self.completion_flat()
        } else {
            self.flat_after_bye()
        };
        let g = self.completion_graph(tuning, top_score)?;
        #[cfg(debug_assertions)]
        for lo in 0..n {
            for hi in 0..lo {
                if self.compatible(hi, lo) && self.implicit(hi, lo).is_some() {
                    debug_assert!(self.completion(hi, lo, top_score) == self.flat.weight(hi, lo));
                }
            }
        }
        self.matching =
            Incremental::new(g, limit).map_err(|e| PairingError::Matching(e.to_string()))?;
        let mate = self.solve()?;
        if (0..n).filter(|&v| mate[v] == v).count() > 1 {
            return Err(PairingError::NoValidPairing(
                self.field.played_rounds as u32 + 1,
            ));
        }
        if odd {
            self.settle_bye_score(&mate, top_score)?;
        }
        Ok(())
    }

    /// The weight of the pair `hi`–`lo` in the first matching: completion (C4) and, with an
    /// odd number, the score of the bye assignee (C5), in fields from the top: the pair and
    /// each of its players that may not take the bye; the two players' score offsets (so the
    /// player left over has as low a score as can be); whether both have the top score. With
    /// an even number, the base weight with no bracket yet.
    fn completion(&self, hi: usize, lo: usize, top_score: i32) -> WideInt<L> {
        let field = self.field;
        if self.sorted.len() % 2 == 1 {
            let (a, b) = (self.sorted[lo], self.sorted[hi]);
            if field.compatible(a, b) {
                let (pa, pb) = (&field.players[a], &field.players[b]);
                let mut bl = Builder::<L>::new(
                    1 + u64::from(!pa.bye_eligible) + u64::from(!pb.bye_eligible),
                );
                bl.field(
                    self.layout.scores + 1,
                    u64::from(self.layout.shift[&pa.score] + self.layout.shift[&pb.score]),
                );
                bl.field(self.layout.group, u64::from(pa.score >= top_score));
                bl.value
            } else {
                WideInt::ZERO
            }
        } else {
            self.base(hi, lo, false, false)
        }
    }

    /// With an odd number, the flat weights of the first matching: [`Engine::completion`]
    /// without its last field, which only pairs of two players of the top score fill (those
    /// are all in the graph).
    fn completion_flat(&self) -> Implicit<L> {
        // `completion`'s fields: (top, the two score offsets, both of the top score).
        let lower = self.layout.scores + 1 + self.layout.group;
        let unit = WideInt::<L>::pow2(lower).unwrap_or(WideInt::ZERO);
        Implicit::doubled(
            unit,
            (0..self.sorted.len())
                .map(|v| {
                    let p = &self.field.players[self.sorted[v]];
                    let score_part = WideInt::from_u64(u64::from(self.layout.shift[&p.score]))
                        .checked_shl(self.layout.group)
                        .unwrap_or(WideInt::ZERO);
                    if p.bye_eligible {
                        score_part
                    } else {
                        score_part.add(unit)
                    }
                })
                .collect(),
        )
    }

    /// The first matching's graph: each player's nearest compatible partners, before and
    /// after him in pairing order ([`Tuning::near`]), and with an odd number every pair of
    /// players of the top score, weighed by [`Engine::completion`]. The top score group then
    /// is the bracket ([`Zone::Current`]), whose pairs are all in the graph.
    fn completion_graph(
        &mut self,
        tuning: Tuning,
        top_score: i32,
    ) -> Result<Graph<WideInt<L>>, PairingError> {
        let n = self.sorted.len();
        let odd = n % 2 == 1;
        // The pairs that weigh more than the flat weight: with an odd number, those of two
        // players of the top score (they add the last field of `completion`).
        let top_group = (0..n).take_while(|&v| self.score(v) >= top_score).count();
        let mut g = Graph::<WideInt<L>>::new(n);
        let mut include = |e: &mut Self, hi: usize, lo: usize| -> Result<(), PairingError> {
            if e.edges.contains_key(&pair_key(hi, lo)) || !e.compatible(hi, lo) {
                return Ok(());
            }
            e.edges.insert(pair_key(hi, lo), g.edge_count());
            g.add_edge(hi, lo, e.completion(hi, lo, top_score))
                .map_err(|e| PairingError::Matching(e.to_string()))
        };
        for hi in 0..n {
            let mut found = 0;
            for lo in hi + 1..n {
                if found == tuning.near {
                    break;
                }
                if self.compatible(hi, lo) {
                    found += 1;
                    include(self, hi, lo)?;
                }
            }
            let mut found = 0;
            for lo in (0..hi).rev() {
                if found == tuning.near {
                    break;
                }
                if self.compatible(hi, lo) {
                    found += 1;
                    include(self, lo, hi)?;
                }
            }
        }
        if odd {
            for lo in 0..top_group {
                for hi in 0..lo {
                    include(self, hi, lo)?;
                }
                self.zone[lo] = Zone::Current;
            }
        }
        Ok(g)
    }

    /// With an odd number, after the first matching (`mate`): the bye assignee's score (C5)
    /// is the score of the player it left over. Every pair in the graph gets its base weight,
    /// the pairs left out the flat weight after the bye. Then what C9 needs: whether the top
    /// bracket is one that downfloats exactly one player, who takes the bye, and the rank of
    /// each count of unplayed games among the players of the bye score.
    fn settle_bye_score(&mut self, mate: &[usize], top_score: i32) -> Result<(), PairingError> {
        let n = self.sorted.len();
        let unpaired = (0..n).find(|&v| mate[v] == v).unwrap_or(n - 1);
        self.bye_score = self.score(unpaired);
        let pairs: Vec<u64> = self.edges.keys().copied().collect();
        for key in pairs {
            let (hi, lo) = ((key >> 32) as usize, (key & u64::from(u32::MAX)) as usize);
            let w = self.base(hi, lo, false, false);
            self.set(hi, lo, w)?;
        }
        self.flat = self.flat_after_bye();
        #[cfg(debug_assertions)]
        for lo in 0..n {
            for hi in 0..lo {
                if self.compatible(hi, lo) && self.implicit(hi, lo).is_some() {
                    debug_assert!(self.base(hi, lo, false, false) == self.flat.weight(hi, lo));
                }
            }
        }
        // Every weight changed: the next matching starts afresh.
        self.matching.restart();
        self.single_downfloater_bye = self.bye_score >= top_score
            && (0..n)
                .take_while(|&v| self.score(v) >= top_score)
                .all(|v| self.score(mate[v]) >= top_score);
        let mut counts: Vec<u32> = (0..n)
            .filter(|&v| self.score(v) == self.bye_score)
            .map(|v| self.unplayed(&self.field.players[self.sorted[v]]))
            .collect();
        counts.sort_unstable();
        for (rank, c) in counts.into_iter().enumerate() {
            self.unplayed_ranks.insert(c, rank as u64);
        }
        Ok(())
    }

    /// Opens bracket `b`: takes the next score group in behind it, puts every vertex in its
    /// [`Zone`], and gives the bracket's pairs their base weights (C6, C7 and C10–C21 inside
    /// the bracket), those with a player of the next score group theirs (C8, C9) where they
    /// are in the graph already (the others weigh [`Engine::next`]); then solves.
    fn open(&mut self, b: &mut Bracket<L>) -> Result<(), PairingError> {
        let n = self.sorted.len();
        b.end = b.by_index.len();
        b.resident_end = b.resident_begin + (b.end - b.mdp_count);
        b.group_start = b.next_group;
        // 2017: a special bracket has everyone below in view.
        let all = self.fide2017.as_ref().is_some_and(|st| st.special);
        if b.group_start < n {
            let s = self.score(b.group_start);
            while b.next_group < n && (all || self.score(b.next_group) >= s) {
                b.by_index.push(b.next_group);
                b.next_group += 1;
            }
        }
        for (i, &v) in b.by_index.iter().enumerate() {
            self.zone[v] = if i < b.end { Zone::Current } else { Zone::Next };
        }
        if self.fide2017.is_some() {
            self.open_2017(b)?;
        } else {
            self.next = self.next_weights(&b.by_index[..b.end], &b.by_index[b.end..]);
        }
        let (by_index, end, mdp_count) = (&b.by_index, b.end, b.mdp_count);
        let m = by_index.len();
        let mut base: Vec<Vec<WideInt<L>>> = vec![Vec::new(); m];
        for li in mdp_count..m {
            let lv = by_index[li];
            if li < end {
                let row: Vec<WideInt<L>> = (0..li)
                    .map(|si| self.base(by_index[si], lv, true, false))
                    .collect();
                for (si, w) in row.iter().enumerate() {
                    self.set(lv, by_index[si], *w)?;
                }
                base[li] = row;
            } else {
                for &sv in &by_index[..li] {
                    #[cfg(debug_assertions)]
                    if self.compatible(sv, lv) {
                        debug_assert!(self.base(sv, lv, false, true) == self.next.weight(sv, lv));
                    }
                    if self.edges.contains_key(&pair_key(sv, lv)) {
                        let w = self.base(sv, lv, false, true);
                        self.set(lv, sv, w)?;
                    }
                }
            }
        }
        b.base = base;
        b.stable = self.solve()?;
        Ok(())
    }

    /// Which MDPs are paired in the bracket (marked in `matched`). The matching settles how
    /// many of each score (C6, C7); among those of one score the higher in pairing order is
    /// paired whenever he can be: each in turn, unless all those left of his score are paired
    /// anyway, is tried with his pairs with the residents raised, and if he is paired they
    /// stay raised above any other MDP's.
    fn choose_mdps(&mut self, b: &mut Bracket<L>) -> Result<(), PairingError> {
        let m = b.by_index.len();
        let mut md_score = i32::MAX;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for pi in 0..b.mdp_count {
            let v = b.by_index[pi];
            if pi == 0 || self.score(v) < md_score {
                md_score = self.score(v);
                remaining = 0;
                remaining_matched = 0;
                let mut mi = pi;
                while mi < m && self.score(b.by_index[mi]) >= md_score {
                    remaining += 1;
                    if b.in_residents(b.stable[b.by_index[mi]]) {
                        remaining_matched += 1;
                    }
                    mi += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                b.matched[v] = true;
                continue;
            }
            remaining -= 1;
            if !b.in_residents(b.stable[v]) {
                for oi in b.mdp_count..b.end {
                    let w = b.base[oi][pi];
                    if w != WideInt::ZERO {
                        self.set(v, b.by_index[oi], add(w, 1))?;
                    }
                }
                b.stable = self.solve()?;
            }
            if b.in_residents(b.stable[v]) {
                b.matched[v] = true;
                remaining_matched -= 1;
                for oi in b.mdp_count..b.end {
                    let w = b.base[oi][pi];
                    if w != WideInt::ZERO {
                        self.set(v, b.by_index[oi], add(w, (b.end - b.mdp_count) as i64 + 1))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The opponents of the MDPs paired in the bracket (the MDP-pairing), highest MDP first,
    /// each preferring the higher resident; those pairs are made final.
    ///
    /// `stable` stays optimal for the current weights through every change made since it was
    /// computed (edges outside it only lose weight, the weights of its own edges move
    /// together), so a player whose partner in it is already the preferred one needs no new
    /// matching: raising only his edges, his partner's the most, keeps that matching optimal.
    fn mdp_opponents(&mut self, b: &mut Bracket<L>) -> Result<(), PairingError> {
        let m = b.by_index.len();
        for pi in 0..b.mdp_count {
            let v = b.by_index[pi];
            if !b.matched[v] {
                continue;
            }
            let mut addend = m as i64;
            let mut preferred = None;
            for oi in (b.mdp_count..b.end).rev() {
                let ov = b.by_index[oi];
                if b.matched[ov] {
                    continue;
                }
                let w = b.base[oi][pi];
                if w != WideInt::ZERO {
                    self.set(v, ov, add(w, addend))?;
                    addend += 1;
                    preferred = Some(ov);
                }
            }
            if preferred != Some(b.stable[v]) {
                b.stable = self.solve()?;
            }
            let mv = b.stable[v];
            b.matched[mv] = true;
            self.finalize(v, mv);
        }
        Ok(())
    }

    /// The remainder: the residents not paired with an MDP. Its pairs get the bracket order
    /// ([`Remainder::order_weight`]), and the matching then tells how many exchanges between
    /// S1 and S2 it needs.
    fn remainder(&mut self, b: &mut Bracket<L>) -> Result<Remainder, PairingError> {
        let mut remainder: Vec<usize> = Vec::new();
        let mut rem_pairs = 0usize;
        for (pi, &v) in b.by_index.iter().enumerate().take(b.end).skip(b.mdp_count) {
            if b.stable[v] < b.resident_begin {
                continue;
            }
            remainder.push(pi);
            if b.stable[v] < v {
                rem_pairs += 1;
            }
        }
        let mut rem = Remainder {
            players: remainder,
            pairs: rem_pairs,
            exchanges: 0,
            g: self.layout.group,
        };
        for (k, &oi) in rem.players.iter().enumerate() {
            for (a, &pi) in rem.players.iter().enumerate().take(k) {
                let w = rem.order_weight(&b.base, pi, oi, a);
                self.set(b.by_index[pi], b.by_index[oi], w)?;
            }
        }
        b.stable = self.solve()?;
        rem.exchanges = rem
            .players
            .iter()
            .take(rem.pairs)
            .filter(|&&pi| !b.is_s1(b.by_index[pi]))
            .count();
        Ok(rem)
    }

    /// Exchanges, S1's side: from the lowest S1 player up, each goes down to S2 if a matching
    /// with his pairs as the higher player lowered lets him, until as many have gone as there
    /// are exchanges. One who goes is then paired with no lower player of the remainder.
    fn exchange_s1_down(
        &mut self,
        b: &mut Bracket<L>,
        rem: &Remainder,
    ) -> Result<(), PairingError> {
        let mut left = rem.exchanges;
        let mut k = rem.pairs;
        while k > 0 && left > 0 {
            k -= 1;
            let pi = rem.players[k];
            let v = b.by_index[pi];
            if b.is_s1(v) {
                for &oi in &rem.players[k + 1..] {
                    let w = rem.order_weight(&b.base, pi, oi, k);
                    if w != WideInt::ZERO {
                        self.set(v, b.by_index[oi], add(w, -1))?;
                    }
                }
                b.stable = self.solve()?;
            }
            let exchange = !b.is_s1(v);
            if exchange {
                left -= 1;
            }
            for &oi in &rem.players[k + 1..] {
                if exchange {
                    b.base[oi][pi] = WideInt::ZERO;
                }
                let w = rem.order_weight(&b.base, pi, oi, k);
                self.set(v, b.by_index[oi], w)?;
            }
        }
        Ok(())
    }

    /// Exchanges, S2's side: from the highest S2 player down, each goes up to S1 if a
    /// matching with his pairs as the higher player raised lets him, while more than one
    /// exchange is left. One who goes is then paired with no higher player of the remainder,
    /// nor with the next score group.
    fn exchange_s2_up(&mut self, b: &mut Bracket<L>, rem: &Remainder) -> Result<(), PairingError> {
        let m = b.by_index.len();
        let mut left = rem.exchanges;
        for k in rem.pairs..rem.players.len() {
            if left <= 1 {
                break;
            }
            let pi = rem.players[k];
            let v = b.by_index[pi];
            let already = b.is_s1(v);
            if !already {
                for &oi in &rem.players[k + 1..] {
                    let w = rem.order_weight(&b.base, pi, oi, k);
                    if w != WideInt::ZERO {
                        self.set(v, b.by_index[oi], add(w, 1))?;
                    }
                }
                b.stable = self.solve()?;
            }
            if b.is_s1(v) {
                left -= 1;
                for &oi in &rem.players[..k] {
                    b.base[pi][oi] = WideInt::ZERO;
                    self.set(v, b.by_index[oi], WideInt::ZERO)?;
                }
                for &ov in &b.by_index[b.end..m] {
                    self.set(v, ov, WideInt::ZERO)?;
                }
            }
            if !already {
                for &oi in &rem.players[k + 1..] {
                    let w = rem.order_weight(&b.base, pi, oi, k);
                    self.set(v, b.by_index[oi], w)?;
                }
            }
        }
        Ok(())
    }

    /// S1 and S2 fixed: only S1–S2 pairs keep their weight inside the remainder.
    fn split_s1_s2(&mut self, b: &mut Bracket<L>, rem: &Remainder) -> Result<(), PairingError> {
        for (a, &pa) in rem.players.iter().enumerate() {
            let va = b.by_index[pa];
            for &pb in &rem.players[a + 1..] {
                let vb = b.by_index[pb];
                if !b.is_s1(va) || b.is_s1(vb) {
                    b.base[pb][pa] = WideInt::ZERO;
                }
                let w = b.base[pb][pa];
                self.set(va, vb, w)?;
            }
        }
        Ok(())
    }

    /// The S1 players' opponents, highest S1 player first, preferring the higher S2 player,
    /// and those pairs made final: over the tight edges where the bracket is a problem of its
    /// own ([`Engine::serial_s1`]), otherwise by matchings
    /// ([`Engine::s1_opponents_by_matchings`]).
    fn s1_opponents(
        &mut self,
        b: &mut Bracket<L>,
        rem: &Remainder,
        tuning: Tuning,
    ) -> Result<(), PairingError> {
        let s1: Vec<usize> = rem
            .players
            .iter()
            .copied()
            .filter(|&pa| b.is_s1(b.by_index[pa]))
            .collect();
        let s2: Vec<usize> = rem
            .players
            .iter()
            .copied()
            .filter(|&pa| !b.is_s1(b.by_index[pa]))
            .collect();
        let serial = tuning
            .serial
            .then(|| self.serial_s1(&b.by_index, &s1, &s2, &b.base, &b.stable));
        if let Some(choice) = serial.flatten() {
            for (va, vb) in choice.pairs {
                b.stable[va] = vb;
                b.stable[vb] = va;
                b.matched[va] = true;
                b.matched[vb] = true;
                self.finalize(va, vb);
            }
            if let Some((x, partner)) = choice.left_over {
                b.stable[x] = partner;
                b.stable[partner] = x;
            }
            Ok(())
        } else {
            self.s1_opponents_by_matchings(b, rem, &s1, tuning)
        }
    }

    /// The S1 players' opponents decided several at a time (with the same shortcut as for
    /// the MDPs' opponents): each one's rank of his S2 candidates (below the group size) fills
    /// a field of its own, the higher player's above, so the matching maximises the first
    /// player's choice, then the second's, as deciding them one by one would.
    fn s1_opponents_by_matchings(
        &mut self,
        b: &mut Bracket<L>,
        rem: &Remainder,
        s1: &[usize],
        tuning: Tuning,
    ) -> Result<(), PairingError> {
        let g = self.layout.group;
        for together in s1.chunks(self.layout.room.min(tuning.batch).max(1) as usize) {
            let mut preferred_all = true;
            for (i, &pa) in together.iter().enumerate() {
                let va = b.by_index[pa];
                let at = (together.len() - 1 - i) as u32 * g;
                let mut addend = 0u64;
                let mut preferred = None;
                for &pb in rem.players.iter().rev() {
                    let vb = b.by_index[pb];
                    if pb <= pa || b.matched[vb] {
                        continue;
                    }
                    let w = b.base[pb][pa];
                    if w != WideInt::ZERO {
                        let order = WideInt::<L>::from_u64(addend)
                            .checked_shl(at)
                            .unwrap_or(WideInt::ZERO);
                        self.set(va, vb, w.add(order))?;
                        preferred = Some(vb);
                    }
                    addend += 1;
                }
                preferred_all &= preferred == Some(b.stable[va]);
            }
            if !preferred_all {
                b.stable = self.solve()?;
            }
            for &pa in together {
                let va = b.by_index[pa];
                let mv = b.stable[va];
                b.matched[va] = true;
                b.matched[mv] = true;
                self.finalize(va, mv);
            }
        }
        Ok(())
    }

    /// Closes bracket `b`: its decided pairs go into `paired`, and the next bracket is its
    /// players left unpaired (moved down: the next bracket's MDPs) and the next score group.
    /// For C9, that bracket downfloats exactly one player, who takes the bye, when the bye
    /// score is not below the next group's score and the last matching pairs none of the
    /// bracket's players below that group: the last bracket, whose residents may score less
    /// than the moved-down player who takes the bye, is one of them (as bbpPairings 6 reads
    /// C9).
    fn close(&mut self, b: Bracket<L>, paired: &mut [Option<usize>]) -> Bracket<L> {
        let n = self.sorted.len();
        let odd = n % 2 == 1;
        let mut next_by_index = Vec::new();
        let mut next_mdp = 0usize;
        let group_score = (b.group_start < n).then(|| self.score(b.group_start));
        self.single_downfloater_bye = odd && group_score.is_some_and(|s| self.bye_score >= s);
        for (pi, &v) in b.by_index.iter().enumerate() {
            if pi < b.end && b.matched[v] {
                paired[v] = Some(b.stable[v]);
            } else {
                next_by_index.push(v);
                if pi < b.end {
                    next_mdp += 1;
                }
                if group_score.is_some_and(|s| self.score(b.stable[v]) < s) {
                    self.single_downfloater_bye = false;
                }
            }
        }
        if let Some(st) = self.fide2017.as_mut() {
            st.special = b.next_group >= n;
        }
        Bracket {
            by_index: next_by_index,
            mdp_count: next_mdp,
            resident_begin: b.resident_end,
            base: Vec::new(),
            stable: Vec::new(),
            ..b
        }
    }

    /// The result: each final pair with its colours (E.1–E.5), and the player left unpaired,
    /// who takes the bye.
    fn outcome(&self, paired: &[Option<usize>]) -> RoundPairs {
        let field = self.field;
        let mut out = RoundPairs {
            pairs: Vec::new(),
            bye: None,
        };
        for (v, mate) in paired.iter().enumerate() {
            let p = self.sorted[v];
            match *mate {
                Some(u) => {
                    let q = self.sorted[u];
                    if field.players[p].number < field.players[q].number {
                        let (white, black) = if colour_of(field, p, q) == Side::Red {
                            (p, q)
                        } else {
                            (q, p)
                        };
                        out.pairs.push((white, black));
                    }
                }
                None => out.bye = Some(p),
            }
        }
        out
    }
}
