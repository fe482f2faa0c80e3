//! The remainder of a bracket (its residents not paired with an MDP): the bracket order on its
//! pairs (fewest exchanges between S1 and S2, then the higher S1 player), and the exchanges
//! themselves, S1's side and S2's, until S1 and S2 are fixed.

use super::weights::add;
use super::{Bracket, Engine};
use crate::pairing::PairingError;
use crate::pairing::matching::WideInt;

/// The remainder: the bracket's residents not paired with an MDP, as positions in
/// `by_index`, in pairing order.
pub(super) struct Remainder {
    pub(super) players: Vec<usize>,
    /// How many pairs it makes (in the matching it was taken from): its first `pairs`
    /// players are S1 before any exchange.
    pub(super) pairs: usize,
    /// How many players of S1 must go down to S2 (and as many come up).
    pub(super) exchanges: usize,
    /// Width of a bracket-order field ([`Layout::group`]).
    pub(super) g: u32,
}

/// The bracket order on a pair of the remainder whose higher player is its `si_rem`-th, added
/// below the base weight: more for a pair whose higher player is in S1 as it stands before any
/// exchange (fewer exchanges, the remainder making `pairs` pairs), then the more the higher
/// that player; `g` is the width of a bracket-order field. The bracket's rule
/// ([`super::sparse::Rule`]) adds it to every pair of the remainder from the remainder on.
pub(super) fn order_addend(si_rem: usize, pairs: usize, g: u32) -> i64 {
    let flag = i64::from(si_rem < pairs);
    ((flag << (2 * g)) - si_rem as i64) << 1
}

impl<'a, const L: usize> Engine<'a, L> {
    /// The remainder: the residents not paired with an MDP. Its pairs get the bracket order
    /// ([`Remainder::order_weight`]), and the matching then tells how many exchanges between
    /// S1 and S2 it needs.
    pub(super) fn remainder(&mut self, b: &mut Bracket<L>) -> Result<Remainder, PairingError> {
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
        let in_rem = {
            let rule = self.rule.as_mut().expect("a bracket is open");
            rule.enter_remainder(&rem.players, rem.pairs, rem.g);
            let mut in_rem = vec![false; b.end];
            for &p in &rem.players {
                in_rem[p] = true;
            }
            in_rem
        };
        for (pi, oi) in self.bracket_pairs(|si, li| in_rem[si] && in_rem[li]) {
            let w = self.rule_at(pi, oi);
            self.set(b.by_index[pi], b.by_index[oi], w)?;
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
    pub(super) fn exchange_s1_down(
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
                    let w = self.rule_at(pi, oi);
                    if w != WideInt::ZERO {
                        self.set(v, b.by_index[oi], add(w, -1))?;
                    }
                }
                b.stable = self.solve()?;
            }
            let exchange = !b.is_s1(v);
            if exchange {
                left -= 1;
                self.rule
                    .as_mut()
                    .expect("a bracket is open")
                    .exchanged_down(pi);
            }
            for &oi in &rem.players[k + 1..] {
                let w = self.rule_at(pi, oi);
                self.set(v, b.by_index[oi], w)?;
            }
        }
        Ok(())
    }

    /// Exchanges, S2's side: from the highest S2 player down, each goes up to S1 if a
    /// matching with his pairs as the higher player raised lets him, while more than one
    /// exchange is left. One who goes is then paired with no higher player of the remainder,
    /// nor with the next score group.
    pub(super) fn exchange_s2_up(
        &mut self,
        b: &mut Bracket<L>,
        rem: &Remainder,
    ) -> Result<(), PairingError> {
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
                    let w = self.rule_at(pi, oi);
                    if w != WideInt::ZERO {
                        self.set(v, b.by_index[oi], add(w, 1))?;
                    }
                }
                b.stable = self.solve()?;
            }
            if b.is_s1(v) {
                left -= 1;
                self.rule
                    .as_mut()
                    .expect("a bracket is open")
                    .exchanged_up(pi);
                for &oi in &rem.players[..k] {
                    self.set(v, b.by_index[oi], WideInt::ZERO)?;
                }
                for &ov in &b.by_index[b.end..m] {
                    self.set(v, ov, WideInt::ZERO)?;
                }
            }
            if !already {
                for &oi in &rem.players[k + 1..] {
                    let w = self.rule_at(pi, oi);
                    self.set(v, b.by_index[oi], w)?;
                }
            }
        }
        Ok(())
    }

    /// S1 and S2 fixed: only S1–S2 pairs keep their weight inside the remainder.
    pub(super) fn split_s1_s2(
        &mut self,
        b: &mut Bracket<L>,
        rem: &Remainder,
    ) -> Result<(), PairingError> {
        let mut s1 = vec![false; b.end];
        let mut in_rem = vec![false; b.end];
        for &p in &rem.players {
            s1[p] = b.is_s1(b.by_index[p]);
            in_rem[p] = true;
        }
        self.rule.as_mut().expect("a bracket is open").split(s1);
        let mut pairs = self.bracket_pairs(|si, li| in_rem[si] && in_rem[li]);
        pairs.sort_unstable();
        for (pa, pb) in pairs {
            let w = self.base_at(pa, pb);
            self.set(b.by_index[pa], b.by_index[pb], w)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bracket order under a base weight of 1000, with fields of 3 bits and two pairs
    /// in the remainder: a pair whose higher player is the first of S1 gains 2·(2^6 − 0) =
    /// 128, the second of S1 2·(2^6 − 1) = 126, and one whose higher player is the fourth of
    /// the remainder (in S2 before any exchange) loses 2·3 = 6.
    #[test]
    fn the_order_weight_puts_s1_first_then_the_higher_player() {
        let w = |si_rem| add(WideInt::<2>::from_u64(1000), order_addend(si_rem, 2, 3));
        assert_eq!(w(0), WideInt::from_u64(1128));
        assert_eq!(w(1), WideInt::from_u64(1126));
        assert_eq!(w(3), WideInt::from_u64(994));
    }
}
