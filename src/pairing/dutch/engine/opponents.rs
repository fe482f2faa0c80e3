//! The last phase of a bracket: the S1 players' opponents, highest S1 player first, each
//! preferring the higher S2 player. Over the tight edges of the last matching
//! ([`Engine::serial_s1`]) when the bracket is a problem of its own, otherwise several at a
//! time by matchings whose bottom fields hold each S1 player's preference
//! ([`Engine::s1_opponents_by_matchings`]).
//!
//! Why the tight edges give exactly what the matchings give, in a bracket whose S2 has one
//! player more than S1 (the large odd brackets of a big field, where the matchings cost a
//! repair of the whole round per few S1 players). Write `A(x)` for the best assignment of S1
//! into S2 without `x`, and `D(x)` for the best the rest of the round makes with `x` in it;
//! the matchings' rule is the S1 players' order among the assignments with the largest
//! `A(x) + D(x)`. A stand-in for the rest of the round, a left vertex taking `x` at weight
//! `δ(x) = D(x) − D(x0)` (`x0` the one left over now), turns this into the bipartite problem
//! that [`serial_choice`] solves. `δ` is not known, but it is bounded: from below by
//! `L(x) = w(x, r0) − w(x0, r0)` (`x` takes over `x0`'s partner `r0`; `0` when `x0` has none),
//! from above by `U(x)`, the least raise of `x0`'s dual that makes every pair of `x` with the
//! rest non-negative in slack with `x` in `x0`'s place (those duals prove the rest with `x`
//! weighs no more than with `x0` plus the raise). The stand-in takes each `x` at `L(x)`: no
//! assignment weighs more with it than with `δ`, `x0`'s weighs the same, so every optimum of
//! the stand-in's problem is one of the true problem. The converse needs, for each `x` whose
//! bound is not exact, the assignment's loss `ℓ(x)` when the stand-in is made to take `x`
//! ([`forced_losses`]: the stand-in's problem's optimum less its best with `x` left over).
//! `x` is left over in no true optimum when `U(x) − L(x) < ℓ(x)`; when `ℓ(x) = 0`, `δ(x)` can
//! be no more than `L(x)` and so is `L(x)`. Either way the two problems have the same optima,
//! so the same first one in the S1 players' order; when some `x` is neither, the matchings
//! decide. The one left over takes `r0` over, so one whose pair with `r0` is no edge must be
//! shown never to be left over.

use super::remainder::Remainder;
use super::{Bracket, Engine, Tuning};
use crate::pairing::PairingError;
use crate::pairing::matching::{Weight, WideInt, forced_losses, serial_choice};

/// What [`Engine::serial_s1`] decided: the S1–S2 pairs (as vertices) and, with one S2
/// player left over, he and the partner he takes over in the rest of the round (himself when
/// that is none).
pub(super) struct SerialChoice {
    pub(super) pairs: Vec<(usize, usize)>,
    pub(super) left_over: Option<(usize, usize)>,
}

impl<'a, const L: usize> Engine<'a, L> {
    /// The S1 players' opponents, highest S1 player first, preferring the higher S2 player,
    /// and those pairs made final: over the tight edges where the bracket is a problem of its
    /// own ([`Engine::serial_s1`]), otherwise by matchings
    /// ([`Engine::s1_opponents_by_matchings`]).
    pub(super) fn s1_opponents(
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
            .then(|| self.serial_s1(&b.by_index, &s1, &s2, &b.stable));
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
    pub(super) fn s1_opponents_by_matchings(
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
                    let w = self.base_at(pa, pb);
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

    /// The S1 players' opponents chosen in turn over the tight edges ([`serial_choice`])
    /// rather than by matchings, when that choice does not depend on the rest of the round;
    /// `None` when it may, and matchings decide. `s1` and `s2` are positions in `by_index`
    /// (pairing order); the pairs weigh what the bracket's rule gives them
    /// ([`Engine::base_at`]).
    ///
    /// Every S1 player is paired in the bracket, with an S2 player (C6 counts the pairs, and
    /// only S1–S2 pairs are left), so with S2 as large as S1 the bracket is a bipartite problem
    /// of its own. With one S2 player more, the one left over moves down, and the rest of the
    /// round's worth of each S2 player `x` in place of the one left over now (`x0`) goes into
    /// the bipartite problem as a stand-in's edges, at a lower bound that is shown to change
    /// none of its optima (the module's note). He is worth at least what he weighs with
    /// `x0`'s partner less what `x0` does, and at most what the duals allow: with `x` in
    /// `x0`'s place in every blossom and `x0`'s dual raised until each of his pairs with the
    /// rest has no negative slack, they prove that the rest with `x` weighs no more than with
    /// `x0` plus half the raise.
    pub(super) fn serial_s1(
        &self,
        by_index: &[usize],
        s1: &[usize],
        s2: &[usize],
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
        // What the stand-in for the rest of the round takes each S2 player at: a lower bound
        // on what the rest gains with him in place of the one left over now.
        let mut stand_in = vec![WideInt::<L>::ZERO; q];
        // Per S2 player, doubled: how far that bound may lie below the truth, and (for the
        // check after the assignment's losses are known) whether the bound is reached by him
        // taking the partner of the one left over now.
        let mut spread = vec![WideInt::<L>::ZERO; q];
        let mut reached = vec![true; q];
        let mut j0 = usize::MAX;
        if q > p {
            let mut taken = vec![false; q];
            for &j in &mate {
                taken[j] = true;
            }
            j0 = taken.iter().position(|&t| !t)?;
            mate.push(j0);
            let x0 = by_index[s2[j0]];
            let r0 = stable[x0];
            let mut in_bracket = vec![false; n];
            for &pa in s1.iter().chain(s2) {
                in_bracket[by_index[pa]] = true;
            }
            if r0 != x0 && in_bracket[r0] {
                return None;
            }
            let rest: Vec<usize> = (0..n)
                .filter(|&r| self.fixed[r].is_none() && !in_bracket[r])
                .collect();
            // The slack of a pair x0–r before its weight is taken off.
            let headroom: Vec<WideInt<L>> = rest
                .iter()
                .map(|&r| cert.slack(x0, r, WideInt::ZERO))
                .collect();
            let held = if r0 == x0 {
                WideInt::ZERO
            } else {
                self.weight_now(x0, r0)
            };
            let floor = WideInt::ZERO.sub(cert.vertex_dual(x0));
            for (j, &pb) in s2.iter().enumerate() {
                let x = by_index[pb];
                if x == x0 {
                    continue;
                }
                let low = if r0 == x0 {
                    WideInt::ZERO
                } else {
                    let w = self.weight_now(x, r0);
                    reached[j] = w != WideInt::ZERO;
                    w.sub(held)
                };
                let mut up = floor;
                for (&r, &free) in rest.iter().zip(&headroom) {
                    let w = self.weight_now(x, r);
                    if w != WideInt::ZERO {
                        let over = w.add(w).sub(free);
                        if over > up {
                            up = over;
                        }
                    }
                }
                stand_in[j] = low;
                spread[j] = up.sub(low.add(low));
            }
            left_over = Some((x0, r0));
        }
        // Left: the S1 players, then (with one left over) a stand-in for the rest of the
        // round, which takes each S2 player at its lower bound.
        let mut edges: Vec<Vec<(usize, WideInt<L>)>> = s1
            .iter()
            .map(|&pa| {
                s2.iter()
                    .enumerate()
                    .filter(|&(_, &pb)| pb > pa)
                    .map(|(j, &pb)| (j, self.base_at(pa, pb)))
                    .filter(|&(_, w)| w != WideInt::ZERO)
                    .collect()
            })
            .collect();
        if left_over.is_some() {
            edges.push((0..q).map(|j| (j, stand_in[j])).collect());
        }
        let start: Vec<WideInt<L>> = s2
            .iter()
            .map(|&pb| cert.vertex_dual(by_index[pb]))
            .collect();
        // Exact where the bound is reached by the S2 player taking the partner of the one left
        // over now and can be no higher; elsewhere the assignment's losses must show that
        // the S2 player is never the one left over, or that he ties and so gains no more.
        let exact = |j: usize| j == j0 || (reached[j] && spread[j] == WideInt::ZERO);
        if left_over.is_some() && !(0..q).all(exact) {
            let loss = forced_losses(&mate, &edges, p, start.clone())?;
            for j in (0..q).filter(|&j| !exact(j)) {
                let settled = match loss[j] {
                    None => true,
                    Some(l) => spread[j] < l || (reached[j] && l == WideInt::ZERO),
                };
                if !settled || spread[j] < WideInt::ZERO {
                    return None;
                }
            }
            #[cfg(test)]
            SETTLED_BY_LOSSES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
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
}

/// Brackets in which [`Engine::serial_s1`] settled an S2 player by the losses of the
/// assignment, where the stand-in's bound alone could not: the property test checks that it
/// met some.
#[cfg(test)]
static SETTLED_BY_LOSSES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

#[cfg(test)]
mod tests {
    use super::super::{TUNING, Tuning, pair_from};
    use super::SETTLED_BY_LOSSES;
    use crate::model::DutchEdition;
    use crate::pairing::dutch::Field;
    use crate::pairing::dutch::rtg::{DutchRtgConfig, generate};
    use std::sync::atomic::Ordering;

    /// The property the module's note argues: on random fields of 200 to 2,000 players (fewer
    /// and smaller in the debug profile's time), rounds 2 to 9, both editions, the S1 players'
    /// opponents chosen over the tight edges, the one left over by the stand-in's bounds and
    /// the assignment's losses, give exactly the pairing of one matching per few S1 players,
    /// colours and bye included; and the losses decided some brackets.
    #[test]
    fn the_serial_choice_pairs_as_the_matchings() {
        let fields: &[(u32, DutchEdition, u64)] = if cfg!(debug_assertions) {
            &[
                (200, DutchEdition::Fide2026, 11),
                (263, DutchEdition::Fide2017, 12),
            ]
        } else {
            &[
                (200, DutchEdition::Fide2026, 11),
                (263, DutchEdition::Fide2017, 12),
                (317, DutchEdition::Fide2026, 13),
                (999, DutchEdition::Fide2017, 14),
                (1_500, DutchEdition::Fide2026, 15),
                (2_000, DutchEdition::Fide2026, 16),
            ]
        };
        let before = SETTLED_BY_LOSSES.load(Ordering::Relaxed);
        for &(players, edition, seed) in fields {
            let cfg = DutchRtgConfig {
                players,
                rounds: 8,
                edition,
                ..DutchRtgConfig::default()
            };
            let played = generate(&cfg, seed).expect("a random tournament").section;
            for k in 1..=8 {
                let mut section = played.clone();
                section.rounds.retain(|r| r.number <= k);
                let field = Field::from_section(&section, &section.settings.dutch);
                let serial = pair_from(&field, TUNING).expect("serial");
                let matchings = pair_from(
                    &field,
                    Tuning {
                        serial: false,
                        ..TUNING
                    },
                )
                .expect("matchings");
                assert_eq!(
                    serial,
                    matchings,
                    "{players} players, {edition:?}, seed {seed}, round {}",
                    k + 1
                );
            }
        }
        assert!(
            SETTLED_BY_LOSSES.load(Ordering::Relaxed) > before,
            "no bracket needed the assignment's losses"
        );
    }
}
