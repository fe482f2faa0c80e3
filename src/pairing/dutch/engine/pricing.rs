//! The pairs left out of the matching's graph, and their pricing.
//!
//! Only pairs inside the bracket get weights of their own. A pair with a player below the next
//! bracket weighs what its two players' kinds make it (`c + h(a) + h(b)`, [`Implicit`]): all
//! that counts there is how many players are paired and which may take the bye; a pair with a
//! player of the next bracket adds what C8 and C9 give each end. So the matching holds only a
//! few of those pairs, and after each solve ([`Engine::solve`]) the duals price all the pairs
//! it left out ([`Engine::price`]): a pair whose slack would be negative could make a better
//! matching, and goes into the graph before solving again.

use super::{Engine, Zone};
use crate::model::Side;
use crate::pairing::PairingError;
use crate::pairing::matching::{Weight, WideInt};
use crate::pairing::swiss::{meetings, pair_key};
use std::collections::HashMap;

/// 2017: the most pairs of one player a pricing puts in the graph ([`Engine::price_class`]).
pub(super) const PRICE_CAP: usize = 8;

/// What a class of pairs left out of the graph weighs, in the solver's doubled units:
/// `2w(a, b) = c2 + h2[a] + h2[b]` for compatible players (vertices `a`, `b`), no edge otherwise.
pub(super) struct Implicit<const L: usize> {
    pub(super) c2: WideInt<L>,
    pub(super) h2: Vec<WideInt<L>>,
}

impl<const L: usize> Implicit<L> {
    pub(super) fn weight(&self, a: usize, b: usize) -> WideInt<L> {
        self.c2.add(self.h2[a]).add(self.h2[b]).half()
    }

    /// `c + h(v)` for every vertex: `2c2` and `2h2`.
    pub(super) fn doubled(c: WideInt<L>, h: Vec<WideInt<L>>) -> Self {
        Implicit {
            c2: c.add(c),
            h2: h.into_iter().map(|x| x.add(x)).collect(),
        }
    }
}

impl<'a, const L: usize> Engine<'a, L> {
    /// The flat weights after the bye assignee's score is known: the top field counts the pair
    /// and each player that may not take the bye; every field below is empty.
    pub(super) fn flat_after_bye(&self) -> Implicit<L> {
        let one = self.fields(1, 0, None, 0);
        Implicit::doubled(
            one,
            (0..self.sorted.len())
                .map(|v| self.fields(u64::from(!self.is_bye_candidate(v)), 0, None, 0))
                .collect(),
        )
    }

    /// What a pair of the bracket's `current` players and the `next` bracket's players, with at
    /// least one of the next, weighs as [`Engine::base`] makes it (C8 and C9 on top of the flat
    /// weight). The higher player's score goes into C8's score field: the bracket player's, or
    /// the next bracket's own score.
    pub(super) fn next_weights(&self, current: &[usize], next: &[usize]) -> Implicit<L> {
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
    pub(super) fn implicit(&self, a: usize, b: usize) -> Option<&Implicit<L>> {
        match (self.zone[a], self.zone[b]) {
            (Zone::Below, _) | (_, Zone::Below) => Some(&self.flat),
            (Zone::Current, Zone::Current) => None,
            _ => Some(&self.next),
        }
    }

    /// A maximum-weight matching over the vertices whose pair is not final yet; `mate[v] == v`
    /// for an unmatched vertex.
    pub(super) fn solve(&mut self) -> Result<Vec<usize>, PairingError> {
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

    /// Checks every pair left out of the graph against the duals of the last solve and adds
    /// those whose slack is negative; returns whether it added any.
    pub(super) fn price(&mut self) -> Result<bool, PairingError> {
        let cert = self.matching.certificate();
        let mut add = Vec::new();
        for next in [false, true] {
            self.price_class(&cert, next, &mut add);
        }
        self.price_bracket(&cert, &mut add);
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
    pub(super) fn price_class(
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
        // blossom around it. So the pairs are checked node by node of the blossom forest ([`meetings`],
        // its roots under one node of their own, with no terms): at each node, the pairs of
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
        let mut by_r: Vec<usize> = (0..n).filter(|&v| member(v)).collect();
        by_r.sort_by(|&a, &b| r[a].cmp(&r[b]));
        let meet = meetings(cert, &by_r, &r, c2);
        let mut class_of = vec![0; n];
        for &v in &by_r {
            class_of[v] = colour_class(v);
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
        for (&node, players) in &meet.nodes {
            let limit = meet.limit(cert, node);
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
                let other = match meet.best[node] {
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

    /// The weight the pair `a`–`b` has now: its edge's, or what its class of left-out pairs
    /// gives it.
    pub(super) fn weight_now(&self, a: usize, b: usize) -> WideInt<L> {
        if let Some(&k) = self.edges.get(&pair_key(a, b)) {
            return self.matching.weight(k);
        }
        if self.rule.as_ref().is_some_and(|r| r.holds(a) && r.holds(b)) {
            return self.rule_weight(a, b);
        }
        match self.implicit(a, b) {
            Some(class) if self.compatible(a, b) => class.weight(a, b),
            _ => WideInt::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A class of left-out pairs weighs `c + h(a) + h(b)`: with c = 3 and h = (1, 2, 5), the
    /// pair 0–2 weighs 9 and 1–2 weighs 10, kept doubled inside (2c = 6, 2h = 2, 4, 10).
    #[test]
    fn a_left_out_pair_weighs_the_constant_and_both_ends() {
        let h = [1, 2, 5].map(WideInt::<2>::from_u64).to_vec();
        let class = Implicit::doubled(WideInt::from_u64(3), h);
        assert_eq!(class.c2, WideInt::from_u64(6));
        assert_eq!(class.h2[2], WideInt::from_u64(10));
        assert_eq!(class.weight(0, 2), WideInt::from_u64(9));
        assert_eq!(class.weight(2, 1), WideInt::from_u64(10));
        assert_eq!(class.weight(0, 1), WideInt::from_u64(6));
    }
}
