//! The last phase of a bracket: the S1 players' opponents, highest S1 player first, each
//! preferring the higher S2 player. Over the tight edges of the last matching
//! ([`Engine::serial_s1`]) when the bracket is a problem of its own, otherwise several at a
//! time by matchings whose bottom fields hold each S1 player's preference
//! ([`Engine::s1_opponents_by_matchings`]).

use super::remainder::Remainder;
use super::{Bracket, Engine, Tuning};
use crate::pairing::PairingError;
use crate::pairing::matching::{Weight, WideInt, serial_choice};

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
    /// round must not care which: every S2 player `x` must be worth to it what the one left
    /// over now (`x0`) is. He is worth no less when he can take `x0`'s place in the matching
    /// (he weighs what `x0` weighs with `x0`'s partner), and no more when each of his pairs
    /// with the rest would have no negative slack as a pair of `x0`: the duals, with `x` in
    /// `x0`'s place in every blossom, then prove that the rest with `x` weighs no more.
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
                    .filter(|&(_, &pb)| pb > pa)
                    .map(|(j, &pb)| (j, self.base_at(pa, pb)))
                    .filter(|&(_, w)| w != WideInt::ZERO)
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
}
