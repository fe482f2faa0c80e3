//! 位宽 — the integer a packed weight is laid out in, and how wide it must be.
//!
//! A packed weight needs as many bits as its fields (`super::fields`); the blossom solver
//! needs more above them. It handles weights doubled and keeps duals of about their size, all
//! within ±2^(bits−4) of its weight type, so an edge weight must stay within ±2^(bits−5)
//! ([`SOLVER_HEADROOM`]; `matching::Weight`). Each engine adds its own margin for what it
//! adds to a packed weight (the Dutch bracket order, the xiangqi potentials), then asks its
//! [`Ladder`] — the widths it is compiled for, narrowest first — for the narrowest that holds
//! the total. A narrower integer makes every step of the solver cheaper, so the ladder's rungs
//! lie close where real fields fall.

use crate::pairing::matching::{Weight, WideInt};

/// Bits the solver keeps above the largest edge weight of its type.
pub const SOLVER_HEADROOM: u32 = 5;

/// A weight type a packed weight can be laid out in.
pub trait Packed: Weight + Send + Sync {
    /// Width in bits.
    const BITS: u32;
    /// `2^bit`, `None` when out of range.
    fn pow2(bit: u32) -> Option<Self>;
    /// `x · 2^offset`, known to fit.
    fn shifted(x: u64, offset: u32) -> Self;
}

impl Packed for i128 {
    const BITS: u32 = 128;
    fn pow2(bit: u32) -> Option<Self> {
        1i128.checked_shl(bit).filter(|v| *v > 0)
    }
    fn shifted(x: u64, offset: u32) -> Self {
        i128::from(x) << offset
    }
}

impl<const L: usize> Packed for WideInt<L>
where
    WideInt<L>: Weight,
{
    const BITS: u32 = WideInt::<L>::BITS;
    fn pow2(bit: u32) -> Option<Self> {
        WideInt::<L>::pow2(bit)
    }
    fn shifted(x: u64, offset: u32) -> Self {
        let mut v = WideInt::<L>::ZERO;
        v.or_shifted(x, offset);
        v
    }
}

/// The widths, in bits and narrowest first, an engine's weights come in.
#[derive(Clone, Copy, Debug)]
pub struct Ladder(pub &'static [u32]);

impl Ladder {
    /// The narrowest width that holds a weight of `bits` bits (the engine's margin included)
    /// with the solver's head-room; `None` when even the widest does not.
    pub fn choose(&self, bits: u32) -> Option<u32> {
        self.0
            .iter()
            .copied()
            .find(|&width| bits.saturating_add(SOLVER_HEADROOM) <= width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A weight of 123 bits fits 128 with the solver's 5 bits above it; one more bit takes the
    /// next rung, and past the widest there is none.
    #[test]
    fn the_narrowest_rung_with_five_bits_to_spare_is_chosen() {
        let ladder = Ladder(&[128, 192, 256]);
        assert_eq!(ladder.choose(0), Some(128));
        assert_eq!(ladder.choose(123), Some(128));
        assert_eq!(ladder.choose(124), Some(192));
        assert_eq!(ladder.choose(187), Some(192));
        assert_eq!(ladder.choose(188), Some(256));
        assert_eq!(ladder.choose(251), Some(256));
        assert_eq!(ladder.choose(252), None);
        assert_eq!(ladder.choose(u32::MAX), None);
    }

    /// The headroom is what the solver's weight check demands: an edge weight of 2^(bits−6)
    /// (a field at bit `bits − 6`, the highest a weight `bits − 5` wide uses) is accepted,
    /// 2^(bits−4) is not.
    #[test]
    fn the_headroom_is_what_the_solver_accepts() {
        use crate::pairing::matching::Graph;
        let top = 128 - SOLVER_HEADROOM;
        let mut g = Graph::<i128>::new(2);
        assert!(
            g.add_edge(0, 1, <i128 as Packed>::pow2(top - 1).unwrap())
                .is_ok()
        );
        assert!(
            g.add_edge(0, 1, <i128 as Packed>::pow2(top + 1).unwrap())
                .is_err()
        );
        let mut g = Graph::<WideInt<3>>::new(2);
        assert!(
            g.add_edge(0, 1, <WideInt<3> as Packed>::pow2(186).unwrap())
                .is_ok()
        );
        assert!(
            g.add_edge(0, 1, <WideInt<3> as Packed>::pow2(188).unwrap())
                .is_err()
        );
    }

    /// `shifted` and `pow2` agree in both kinds of weight: 5 · 2^70 = 2^72 + 2^70.
    #[test]
    fn shifted_values_are_sums_of_powers_of_two() {
        let five = <i128 as Packed>::shifted(5, 70);
        assert_eq!(five, (1i128 << 72) + (1i128 << 70));
        let wide = <WideInt<4> as Packed>::shifted(5, 70);
        let sum = WideInt::<4>::pow2(72)
            .unwrap()
            .add(WideInt::<4>::pow2(70).unwrap());
        assert_eq!(wide, sum);
        assert_eq!(<i128 as Packed>::pow2(127), None);
        assert_eq!(<WideInt<2> as Packed>::pow2(127), None);
    }
}
