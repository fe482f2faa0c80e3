//! The bracket's own pairs without the complete graph: a score group of thousands has millions
//! of pairs, and keeping each as an edge of the matching (with its weight, in every phase)
//! costs seconds and hundreds of megabytes in rounds 2 and 3. Here the bracket's pairs are a
//! *rule* ([`Rule`]): what every pair of the bracket weighs in the phase the bracket is in (the
//! base weight; the bracket order on the remainder's pairs; S1–S2 pairs only once S1 and S2 are
//! fixed; the exchanges' zeroed pairs), and only a few of them are edges of the matching: each
//! player's nearest partners and those around his natural opponent (S1 against S2), the pairs a
//! phase weighs differently from the rule (an MDP's or an S1 player's raised pairs), and those
//! pricing brings in.
//!
//! **Why the pairing does not change.** Every solve ends with pricing ([`Engine::solve`]):
//! the pairs left out of the graph are checked against the duals of the matching, and those
//! whose slack would be negative go into the graph before solving again. When none is left the
//! duals are feasible for the complete graph, so by linear-programming duality the matching is
//! a maximum-weight matching of the complete graph, with every pair weighed as the old engine,
//! which put every pair in the graph, weighed it. The engine's decisions read only what every
//! optimum shares (the weights lay out every criterion in fields of their own), so they come
//! out the same; the property test below pairs random fields both ways. There is no condition
//! under which the argument fails and a fallback would be needed: at worst pricing brings in
//! many pairs, and the graph grows toward the complete one.
//!
//! **Pricing without looking at every pair.** The base weight of a pair of the bracket depends
//! only on what the criteria read of its two players (score, colour preference and its
//! strength, colour difference, the repeated colour, floats, bye eligibility; their *kind*), so
//! it is a table over pairs of kinds. The bracket order adds to a remainder pair an amount that
//! falls with the higher player's place in the remainder, so a pair weighs
//! `t(kind a, kind b) + max(o(a), o(b))`. A pair's slack is at least its duals' sum less twice
//! that weight (blossom terms only add), that is `min(x(a) + u(b), u(a) + x(b)) − 2t` with
//! `x = u − 2o`; with the players of each kind sorted by `x` and by `u`, the pairs of two kinds
//! that may have negative slack are the first few of each list, and the search stops at the
//! first that cannot. Memory is linear in the players; a pricing costs the pairs of kinds plus
//! the pairs it has to look at.
//!
//! **Pricing inside large blossoms.** Late rounds end their solves with large blossoms, whose
//! members' duals are low because the blossom's own dual makes up the rest: leaving out the
//! blossom terms, nearly every pair inside one would pass the bound above, and each pricing
//! looked at hundreds of thousands of pairs only to find them feasible. So the pairs are
//! taken node by node of the blossom forest ([`meetings`](crate::pairing::swiss::meetings)):
//! every pair of two players meets at exactly one node, the smallest blossom holding both (or
//! the forest's root), in two different children of it, and its slack is exactly
//! `u(a) + u(b) − 2w + 2z*`, where `2z*` is that node's blossom terms, its own dual and those
//! of the blossoms around it. At a node, the players of each child blossom form a part of
//! their own, and those that are children by themselves one part together (any two of them
//! lie in different children); the search above runs over the pairs of two different parts,
//! and over the pairs inside the part of single players, with `2z*` in the bound. It is still
//! exact, since it skips a pair only where its slack is proved non-negative: two players
//! of one child blossom are priced at that blossom's node, where they lie in different
//! children, and a node is left out only when its two smallest lower bounds `min(x, u)` in
//! different children, with the smallest `−2t` of any two groups and the node's terms,
//! already reach zero (every pair meeting there weighs at most that). So a pricing that
//! finds nothing still proves every pair of the bracket feasible, and the argument above
//! stands unchanged; the debug build checks each slack it computes against the
//! certificate's own, and the property test below pairs random fields both ways.
//!
//! [`super::Tuning::dense`] puts every pair of the bracket in the graph instead, as the engine
//! did before; the property test compares the two.

use super::weights::add;
use super::{Engine, pair_key};
use crate::pairing::matching::{Duals, Weight, WideInt};
use crate::pairing::swiss::meetings;
use std::collections::{HashMap, HashSet};

/// No position (a vertex outside the bracket; a position outside the remainder).
const NONE: u32 = u32::MAX;

/// Pairs one player may gain by one pricing of the bracket: the next solve gives him duals
/// that price the rest better (a player can come out of a solve with a dual far too low).
const CAP: usize = 16;

/// What every pair of the bracket being paired weighs, in the phase it is in.
pub(super) struct Rule<const L: usize> {
    /// The bracket's players (its MDPs, then its residents) as vertices, by position.
    pub(super) by_index: Vec<usize>,
    /// The position of each vertex in `by_index`, [`NONE`] for those outside.
    pub(super) pos: Vec<u32>,
    pub(super) mdp_count: usize,
    /// The kind of each position, and the base weight of a compatible pair by kinds:
    /// `table[hi * kinds + lo]` (the higher player's kind first).
    kind: Vec<u32>,
    kinds: usize,
    table: Vec<WideInt<L>>,
    /// Each position's place in the remainder ([`NONE`] outside it), once the remainder is
    /// known.
    rem: Vec<u32>,
    /// How many pairs the remainder makes, and the width of a bracket-order field.
    rem_pairs: usize,
    g: u32,
    /// The remainder's pairs carry the bracket order (from the remainder to the split).
    order: bool,
    /// Exchanged positions: one gone down to S2 pairs with no lower player of the remainder,
    /// one come up to S1 with no higher one.
    no_high: Vec<bool>,
    no_low: Vec<bool>,
    /// Once S1 and S2 are fixed, whether each position is in S1: only S1–S2 pairs of the
    /// remainder keep a weight.
    split: Option<Vec<bool>>,
    /// The top score when the rule is the first matching's ([`Engine::completion`]) over the
    /// top group, rather than a bracket's (read by the debug build's check of the table).
    #[cfg_attr(not(debug_assertions), allow(dead_code))]
    completion: Option<i32>,
}

impl<const L: usize> Rule<L> {
    /// Whether vertex `v` is one of the bracket's players.
    pub(super) fn holds(&self, v: usize) -> bool {
        self.pos[v] != NONE
    }

    /// The bracket-order addend of a remainder pair whose higher player is the `k`-th of the
    /// remainder ([`super::remainder::order_addend`]).
    fn addend(&self, k: u32) -> i64 {
        super::remainder::order_addend(k as usize, self.rem_pairs, self.g)
    }

    /// Enters the remainder: its positions in order, how many pairs it makes; its pairs now
    /// carry the bracket order.
    pub(super) fn enter_remainder(&mut self, players: &[usize], pairs: usize, g: u32) {
        for (k, &p) in players.iter().enumerate() {
            self.rem[p] = k as u32;
        }
        self.rem_pairs = pairs;
        self.g = g;
        self.order = true;
    }

    /// Position `p` went down from S1 to S2: no pairs as the higher player of the remainder.
    pub(super) fn exchanged_down(&mut self, p: usize) {
        self.no_high[p] = true;
    }

    /// Position `p` came up from S2 to S1: no pairs as the lower player of the remainder.
    pub(super) fn exchanged_up(&mut self, p: usize) {
        self.no_low[p] = true;
    }

    /// S1 and S2 fixed: `s1[p]` for each position.
    pub(super) fn split(&mut self, s1: Vec<bool>) {
        self.split = Some(s1);
    }
}

impl<'a, const L: usize> Engine<'a, L> {
    /// The rule of a bracket whose players are `by_index`, MDPs first: each player's kind and
    /// the base weight of every pair of kinds. With `completion` (the top score), the rule of
    /// the first matching over the top group instead.
    pub(super) fn new_rule(
        &self,
        by_index: &[usize],
        mdp_count: usize,
        completion: Option<i32>,
    ) -> Rule<L> {
        let n = self.sorted.len();
        let mut pos = vec![NONE; n];
        let mut ids: HashMap<Vec<i64>, u32> = HashMap::new();
        let mut first: Vec<usize> = Vec::new();
        let mut kind = Vec::with_capacity(by_index.len());
        for (i, &v) in by_index.iter().enumerate() {
            pos[v] = i as u32;
            let key = match completion {
                Some(_) => {
                    let p = &self.field.players[self.sorted[v]];
                    vec![i64::from(p.score), i64::from(p.bye_eligible)]
                }
                None => self.kind_key(v),
            };
            let id = *ids.entry(key).or_insert_with(|| {
                first.push(v);
                first.len() as u32 - 1
            });
            kind.push(id);
        }
        let kinds = first.len();
        let mut table = Vec::with_capacity(kinds * kinds);
        for &hi in &first {
            for &lo in &first {
                table.push(match completion {
                    Some(top) => self.completion_of(hi, lo, top),
                    None => self.base_of_kinds(hi, lo),
                });
            }
        }
        let m = by_index.len();
        Rule {
            by_index: by_index.to_vec(),
            pos,
            mdp_count,
            kind,
            kinds,
            table,
            rem: vec![NONE; m],
            rem_pairs: 0,
            g: 0,
            order: false,
            no_high: vec![false; m],
            no_low: vec![false; m],
            split: None,
            completion,
        }
    }

    /// Everything the base weight of a pair of the bracket reads of vertex `v`.
    fn kind_key(&self, v: usize) -> Vec<i64> {
        let p = &self.field.players[self.sorted[v]];
        let side = |s: Option<crate::model::Side>| s.map_or(0, |s| 1 + s as i64);
        let float = |f: super::Float| f as i64;
        let mut key = vec![
            i64::from(p.score),
            i64::from(p.bye_eligible),
            side(p.preference),
            p.strength as i64,
            i64::from(p.imbalance),
            side(p.repeated),
            float(self.floats[self.sorted[v]][0]),
            float(self.floats[self.sorted[v]][1]),
        ];
        if self.fide2017.is_none() {
            key.push(i64::from(self.is_bye_candidate(v)));
            key.push(self.c9(v) as i64);
        }
        key
    }

    /// The base weight of the pair of the bracket at positions `si < li`, as the phase has
    /// left it (exchanges and the split zero some); none for two MDPs (their pair keeps
    /// what the bracket above gave it, [`Engine::keep_leftovers`]) or incompatible players.
    pub(super) fn base_at(&self, si: usize, li: usize) -> WideInt<L> {
        let r = self.rule.as_ref().expect("a bracket is open");
        debug_assert!(si < li);
        if li < r.mdp_count {
            return WideInt::ZERO;
        }
        let (hv, lv) = (r.by_index[si], r.by_index[li]);
        if !self.compatible(hv, lv) {
            return WideInt::ZERO;
        }
        if r.rem[si] != NONE && r.rem[li] != NONE {
            if r.no_high[si] || r.no_low[li] {
                return WideInt::ZERO;
            }
            // Only a pair whose higher player is in S1 and lower in S2 keeps its weight.
            if let Some(s1) = &r.split
                && (!s1[si] || s1[li])
            {
                return WideInt::ZERO;
            }
        }
        let w = r.table[r.kind[si] as usize * r.kinds + r.kind[li] as usize];
        #[cfg(debug_assertions)]
        {
            let direct = if let Some(top) = r.completion {
                self.completion(hv, lv, top)
            } else if let Some(st) = &self.fide2017 {
                self.base_2017(st, hv, lv)
            } else {
                self.base(hv, lv, true, false)
            };
            debug_assert!(w == direct, "kind table at {si}, {li}");
        }
        w
    }

    /// What the pair of the bracket at positions `si < li` weighs now: its base weight, plus
    /// the bracket order on a remainder pair while S1 and S2 are not fixed.
    pub(super) fn rule_at(&self, si: usize, li: usize) -> WideInt<L> {
        let w = self.base_at(si, li);
        let r = self.rule.as_ref().expect("a bracket is open");
        if w == WideInt::ZERO || !r.order || r.split.is_some() || r.rem[si] == NONE {
            return w;
        }
        if r.rem[li] == NONE {
            return w;
        }
        add(w, r.addend(r.rem[si]))
    }

    /// [`Engine::rule_at`] for two vertices of the bracket.
    pub(super) fn rule_weight(&self, a: usize, b: usize) -> WideInt<L> {
        let r = self.rule.as_ref().expect("a bracket is open");
        let (pa, pb) = (r.pos[a] as usize, r.pos[b] as usize);
        if pa < pb {
            self.rule_at(pa, pb)
        } else {
            self.rule_at(pb, pa)
        }
    }

    /// Whether the pair `a`–`b` is one of the bracket's, left to the rule (out of the graph).
    pub(super) fn ruled(&self, a: usize, b: usize) -> bool {
        !self.dense && self.rule.as_ref().is_some_and(|r| r.holds(a) && r.holds(b))
    }

    /// The pairs of the bracket (positions `si < li`, not two MDPs) whose weight a phase sets
    /// outright: all of them in the dense graph, otherwise those in the graph; by `li`, then
    /// `si`.
    pub(super) fn bracket_pairs(
        &self,
        filter: impl Fn(usize, usize) -> bool,
    ) -> Vec<(usize, usize)> {
        let r = self.rule.as_ref().expect("a bracket is open");
        let mut out = Vec::new();
        if self.dense {
            for li in r.mdp_count..r.by_index.len() {
                for si in 0..li {
                    if filter(si, li) {
                        out.push((si, li));
                    }
                }
            }
        } else {
            for &key in self.edges.keys() {
                let (a, b) = ((key >> 32) as usize, (key & u64::from(u32::MAX)) as usize);
                if !(r.holds(a) && r.holds(b)) {
                    continue;
                }
                let (pa, pb) = (r.pos[a] as usize, r.pos[b] as usize);
                let (si, li) = (pa.min(pb), pa.max(pb));
                if li >= r.mdp_count && filter(si, li) {
                    out.push((si, li));
                }
            }
            out.sort_unstable_by_key(|&(si, li)| (li, si));
        }
        out
    }

    /// Puts the pair `a`–`b` of the bracket in the graph with the weight the rule gives it
    /// (nothing for a pair already there or of no weight).
    pub(super) fn include(&mut self, a: usize, b: usize) -> Result<(), super::PairingError> {
        if self.edges.contains_key(&pair_key(a, b)) {
            return Ok(());
        }
        let w = self.rule_weight(a, b);
        if w == WideInt::ZERO {
            return Ok(());
        }
        let k = self
            .matching
            .add_edge(a, b, a, w)
            .map_err(|e| super::PairingError::Matching(e.to_string()))?;
        self.edges.insert(pair_key(a, b), k);
        Ok(())
    }

    /// The first edges of an opened bracket, beside those in the graph already: each resident's
    /// nearest compatible partners after him, and those around his natural opponent (the
    /// resident half the residents below him).
    pub(super) fn seed_bracket(&mut self, near: usize) -> Result<(), super::PairingError> {
        let (by_index, mdp) = {
            let r = self.rule.as_ref().expect("a bracket is open");
            (r.by_index.clone(), r.mdp_count)
        };
        let m = by_index.len();
        let residents = m - mdp;
        let half = residents / 2;
        let near = near.max(1);
        for i in mdp..m {
            let a = by_index[i];
            let mut found = 0;
            for &b in &by_index[i + 1..] {
                if found == near {
                    break;
                }
                if self.compatible(a, b) {
                    found += 1;
                    self.include(a, b)?;
                }
            }
            if i - mdp < half {
                let centre = i + half;
                let from = centre.saturating_sub(near / 2).max(i + 1);
                let mut found = 0;
                for &b in by_index.iter().take(m).skip(from) {
                    if found == near {
                        break;
                    }
                    if self.compatible(a, b) {
                        found += 1;
                        self.include(a, b)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Before a bracket closes: the pairs among the players it leaves unpaired (who go on as
    /// the next bracket's MDPs, whose pairs keep what this bracket gave them) go into the
    /// graph with the rule's weight.
    pub(super) fn keep_leftovers(&mut self, left: &[usize]) -> Result<(), super::PairingError> {
        if self.dense || self.rule.is_none() {
            return Ok(());
        }
        for (i, &a) in left.iter().enumerate() {
            for &b in &left[i + 1..] {
                self.include(a, b)?;
            }
        }
        Ok(())
    }

    /// Pricing of the bracket's pairs left out of the graph (see the module's note): adds
    /// those whose slack is negative under `cert`.
    ///
    /// The pairs are looked at node by node of the blossom forest ([`meetings`]): a pair whose
    /// players lie in two different children of a node has that node's blossom terms in its
    /// slack, so inside a large blossom, where the duals of the players are low and every pair
    /// would pass the bound without them, only the pairs that meet there are looked at, with
    /// the node's terms in the bound.
    pub(super) fn price_bracket(
        &self,
        cert: &Duals<WideInt<L>>,
        add: &mut Vec<(usize, usize, WideInt<L>)>,
    ) {
        let Some(r) = self.rule.as_ref().filter(|_| !self.dense) else {
            return;
        };
        let n = self.sorted.len();
        let m = r.by_index.len();
        let ordered = r.order && r.split.is_none();
        // Groups: kind, MDP, in the remainder, S1, exchanged down, exchanged up.
        type Key = (u32, bool, bool, bool, bool, bool);
        let mut index: HashMap<Key, u32> = HashMap::new();
        let mut keys: Vec<Key> = Vec::new();
        let mut group = vec![NONE; m];
        // Each position's dual `u` and `x = u − 2o` (`o` its bracket-order addend as the
        // higher player of a remainder pair), and each vertex's lower bound of the two.
        let mut u_of = vec![WideInt::<L>::ZERO; m];
        let mut x_of = vec![WideInt::<L>::ZERO; m];
        let mut low = vec![WideInt::<L>::ZERO; n];
        let mut by_low: Vec<usize> = Vec::with_capacity(m);
        for p in 0..m {
            let v = r.by_index[p];
            if self.fixed[v].is_some() {
                continue;
            }
            let in_rem = r.rem[p] != NONE;
            let key = (
                r.kind[p],
                p < r.mdp_count,
                in_rem,
                r.split.as_ref().is_some_and(|s| s[p]),
                r.no_high[p],
                r.no_low[p],
            );
            group[p] = *index.entry(key).or_insert_with(|| {
                keys.push(key);
                keys.len() as u32 - 1
            });
            let u = cert.vertex_dual(v);
            let o = if ordered && in_rem {
                r.addend(r.rem[p])
            } else {
                0
            };
            let two_o = WideInt::<L>::from_i64(o);
            u_of[p] = u;
            x_of[p] = u.sub(two_o.add(two_o));
            low[v] = u.min(x_of[p]);
            by_low.push(v);
        }
        // What the slack of a pair of two groups is at least, before its duals and blossom
        // terms (`None`: no pair of them weighs anything), and whether the higher player's
        // order addend counts.
        let groups = keys.len();
        let mut least: Vec<Option<WideInt<L>>> = vec![None; groups * groups];
        let mut use_x = vec![false; groups * groups];
        let mut floor: Option<WideInt<L>> = None;
        for g1 in 0..groups {
            for g2 in g1..groups {
                let (k1, k2) = (keys[g1], keys[g2]);
                if k1.1 && k2.1 {
                    continue;
                }
                let both_rem = k1.2 && k2.2;
                if both_rem {
                    if r.split.is_some() && k1.3 == k2.3 {
                        continue;
                    }
                    if (k1.4 || k2.5) && (k2.4 || k1.5) {
                        continue;
                    }
                }
                let t = r.table[k1.0 as usize * r.kinds + k2.0 as usize]
                    .max(r.table[k2.0 as usize * r.kinds + k1.0 as usize]);
                if t == WideInt::ZERO {
                    continue;
                }
                let c = cert.slack_bound(WideInt::ZERO, WideInt::ZERO, t);
                for (a, b) in [(g1, g2), (g2, g1)] {
                    least[a * groups + b] = Some(c);
                    use_x[a * groups + b] = ordered && both_rem;
                }
                floor = Some(floor.map_or(c, |f| f.min(c)));
            }
        }
        let Some(floor) = floor else {
            return;
        };
        by_low.sort_by(|&a, &b| low[a].cmp(&low[b]));
        // Every pair's slack is at least `low(a) + low(b) + floor` plus its blossom terms.
        let zero = WideInt::<L>::ZERO;
        let meet = meetings(cert, &by_low, &low, zero.sub(floor));
        let root = 2 * n;
        let mut nodes: Vec<usize> = meet.nodes.keys().copied().collect();
        nodes.sort_unstable();
        let mut seen: HashSet<u64> = HashSet::new();
        let mut added = vec![0usize; m];
        for node in nodes {
            let players = &meet.nodes[&node];
            let bonus = if node == root {
                zero
            } else {
                cert.blossom_bonus(Some(node))
            };
            // Parts of the node: each child blossom one, the children that are single
            // vertices together (any two of them are in different children); in each part,
            // lists by group, in order of `x` and of `u`.
            let mut part_of: HashMap<usize, usize> = HashMap::new();
            let mut lists: HashMap<(usize, u32), usize> = HashMap::new();
            let mut list_key: Vec<(usize, u32)> = Vec::new();
            let mut by_x: Vec<Vec<(WideInt<L>, usize)>> = Vec::new();
            let mut by_u: Vec<Vec<(WideInt<L>, usize)>> = Vec::new();
            for &(v, child) in players {
                let part = if child < n {
                    0
                } else {
                    let next = part_of.len() + 1;
                    *part_of.entry(child).or_insert(next)
                };
                let p = r.pos[v] as usize;
                let li = *lists.entry((part, group[p])).or_insert_with(|| {
                    list_key.push((part, group[p]));
                    by_x.push(Vec::new());
                    by_u.push(Vec::new());
                    list_key.len() - 1
                });
                by_x[li].push((x_of[p], p));
                by_u[li].push((u_of[p], p));
            }
            for list in by_x.iter_mut().chain(by_u.iter_mut()) {
                list.sort_unstable();
            }
            let count = list_key.len();
            for l1 in 0..count {
                for l2 in l1..count {
                    let ((part1, g1), (part2, g2)) = (list_key[l1], list_key[l2]);
                    // Two players of one child blossom meet further down.
                    if part1 == part2 && part1 != 0 {
                        continue;
                    }
                    let (g1, g2) = (g1 as usize, g2 as usize);
                    let sides: &[(usize, usize)] = if l1 == l2 {
                        &[(l1, l1)]
                    } else {
                        &[(l1, l2), (l2, l1)]
                    };
                    for &(la, lb) in sides {
                        let (ga, gb) = if la == l1 { (g1, g2) } else { (g2, g1) };
                        let Some(c) = least[ga * groups + gb] else {
                            continue;
                        };
                        let c = c.add(bonus);
                        let left = if use_x[ga * groups + gb] {
                            &by_x[la]
                        } else {
                            &by_u[la]
                        };
                        let right = &by_u[lb];
                        let Some(&(min_u, _)) = right.first() else {
                            continue;
                        };
                        for &(xa, pa) in left {
                            if xa.add(min_u).add(c) >= zero {
                                break;
                            }
                            if added[pa] >= CAP {
                                continue;
                            }
                            for &(ub, pb) in right {
                                if xa.add(ub).add(c) >= zero {
                                    break;
                                }
                                if pa == pb {
                                    continue;
                                }
                                let w = self.rule_at(pa.min(pb), pa.max(pb));
                                if w == zero {
                                    continue;
                                }
                                // The node is the smallest blossom holding both.
                                let slack = cert.slack_bound(u_of[pa], ub, w).add(bonus);
                                if slack >= zero {
                                    continue;
                                }
                                let (a, b) = (r.by_index[pa], r.by_index[pb]);
                                debug_assert!(slack == cert.slack(a, b, w));
                                if self.edges.contains_key(&pair_key(a, b))
                                    || !seen.insert(pair_key(a, b))
                                {
                                    continue;
                                }
                                add.push((a, b, w));
                                added[pa] += 1;
                                added[pb] += 1;
                                if added[pa] >= CAP {
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{TUNING, Tuning, pair_from};
    use crate::model::DutchEdition;
    use crate::pairing::dutch::Field;
    use crate::pairing::dutch::rtg::{DutchRtgConfig, generate};

    /// The property the module's note argues: on random fields of 200 to 2,000 players (fewer
    /// and smaller in the debug profile's time), rounds 2 to 5, both editions, the bracket's
    /// pairs as a rule with pricing give exactly the pairing of the complete graph, colours
    /// and bye included.
    #[test]
    fn the_sparse_brackets_pair_as_the_complete_graph() {
        let fields: &[(u32, DutchEdition, u64)] = if cfg!(debug_assertions) {
            &[
                (200, DutchEdition::Fide2026, 1),
                (263, DutchEdition::Fide2017, 2),
                (331, DutchEdition::Fide2026, 3),
            ]
        } else {
            &[
                (200, DutchEdition::Fide2026, 1),
                (263, DutchEdition::Fide2017, 2),
                (401, DutchEdition::Fide2026, 3),
                (999, DutchEdition::Fide2017, 4),
                (1_500, DutchEdition::Fide2026, 5),
                (2_000, DutchEdition::Fide2026, 6),
            ]
        };
        for &(players, edition, seed) in fields {
            let cfg = DutchRtgConfig {
                players,
                rounds: 4,
                edition,
                ..DutchRtgConfig::default()
            };
            let played = generate(&cfg, seed).expect("a random tournament").section;
            for k in 1..=4 {
                let mut section = played.clone();
                section.rounds.retain(|r| r.number <= k);
                let field = Field::from_section(&section, &section.settings.dutch);
                let sparse = pair_from(&field, TUNING).expect("sparse");
                let dense = pair_from(
                    &field,
                    Tuning {
                        dense: true,
                        ..TUNING
                    },
                )
                .expect("dense");
                assert_eq!(
                    sparse,
                    dense,
                    "{players} players, {edition:?}, seed {seed}, round {}",
                    k + 1
                );
            }
        }
    }
}
