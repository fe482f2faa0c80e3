//! 宽整数 — a fixed-width signed integer wider than `i128`, for matching weights that encode
//! many pairing criteria at once.
//!
//! A Swiss engine turns its criteria into one number per pair of players: the most important
//! criterion occupies the highest bits, the next one the bits below, and so on, so that comparing
//! two numbers compares the criteria lexicographically. With a few thousand players and a dozen
//! criteria this needs more than 128 bits. [`WideInt`] is a two's-complement integer made of `L`
//! 64-bit limbs (least significant first); [`I256`] and [`I512`] are the usual widths. All
//! arithmetic is exact: the `checked_*` methods report overflow instead of wrapping.

use std::cmp::Ordering;
use std::fmt;

/// A signed two's-complement integer of `64 * L` bits, limbs stored least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct WideInt<const L: usize>(pub(crate) [u64; L]);

/// A 256-bit signed integer.
pub type I256 = WideInt<4>;
/// A 512-bit signed integer.
pub type I512 = WideInt<8>;

impl<const L: usize> WideInt<L> {
    /// Number of bits.
    pub const BITS: u32 = 64 * L as u32;
    /// Zero.
    pub const ZERO: Self = WideInt([0; L]);
    /// One.
    pub const ONE: Self = Self::from_u64(1);

    /// The value `v`.
    pub const fn from_u64(v: u64) -> Self {
        let mut limbs = [0; L];
        limbs[0] = v;
        WideInt(limbs)
    }

    /// The value `v` (sign-extended).
    pub const fn from_i64(v: i64) -> Self {
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut limbs = [fill; L];
        limbs[0] = v as u64;
        WideInt(limbs)
    }

    /// The value `v`; `L` must be at least 2.
    pub const fn from_u128(v: u128) -> Self {
        let mut limbs = [0; L];
        limbs[0] = v as u64;
        limbs[1] = (v >> 64) as u64;
        WideInt(limbs)
    }

    /// The value `v` (sign-extended); `L` must be at least 2.
    pub const fn from_i128(v: i128) -> Self {
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut limbs = [fill; L];
        limbs[0] = v as u64;
        limbs[1] = ((v as u128) >> 64) as u64;
        WideInt(limbs)
    }

    /// `2^bit`, or `None` when that is not representable (`bit >= BITS - 1`).
    pub fn pow2(bit: u32) -> Option<Self> {
        if bit >= Self::BITS - 1 {
            return None;
        }
        let mut limbs = [0; L];
        limbs[(bit / 64) as usize] = 1 << (bit % 64);
        Some(WideInt(limbs))
    }

    /// Whether the value is below zero.
    pub const fn is_negative(&self) -> bool {
        (self.0[L - 1] as i64) < 0
    }

    /// Sum without overflow check (wraps modulo `2^BITS`).
    pub(crate) fn wrapping_add(self, rhs: Self) -> Self {
        let mut out = [0; L];
        let mut carry = false;
        for (o, (a, b)) in out.iter_mut().zip(self.0.iter().zip(rhs.0.iter())) {
            let (s1, c1) = a.overflowing_add(*b);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *o = s2;
            carry = c1 | c2;
        }
        WideInt(out)
    }

    /// Difference without overflow check (wraps modulo `2^BITS`).
    pub(crate) fn wrapping_sub(self, rhs: Self) -> Self {
        let mut out = [0; L];
        let mut borrow = false;
        for (o, (a, b)) in out.iter_mut().zip(self.0.iter().zip(rhs.0.iter())) {
            let (d1, b1) = a.overflowing_sub(*b);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            *o = d2;
            borrow = b1 | b2;
        }
        WideInt(out)
    }

    /// `self + rhs`, or `None` on overflow.
    pub fn checked_add(self, rhs: Self) -> Option<Self> {
        let sum = self.wrapping_add(rhs);
        // Overflow iff both operands have the same sign and the sum's sign differs.
        let (a, b, s) = (self.is_negative(), rhs.is_negative(), sum.is_negative());
        (a != b || a == s).then_some(sum)
    }

    /// `self - rhs`, or `None` on overflow.
    pub fn checked_sub(self, rhs: Self) -> Option<Self> {
        let diff = self.wrapping_sub(rhs);
        // Overflow iff the operands' signs differ and the result's sign differs from `self`'s.
        let (a, b, d) = (self.is_negative(), rhs.is_negative(), diff.is_negative());
        (a == b || a == d).then_some(diff)
    }

    /// Sets the bits of `v · 2^offset`, which must not overlap any bit already set and must
    /// stay below the sign bit: with that, the same as adding it, at a fraction of the cost.
    pub(crate) fn or_shifted(&mut self, v: u64, offset: u32) {
        debug_assert!(offset + (64 - v.leading_zeros()) < Self::BITS);
        let (limb, bit) = ((offset / 64) as usize, offset % 64);
        self.0[limb] |= v << bit;
        if bit > 0 && limb + 1 < L {
            self.0[limb + 1] |= v >> (64 - bit);
        }
    }

    /// `self * 2^bits`, or `None` when the result does not fit.
    pub fn checked_shl(self, bits: u32) -> Option<Self> {
        if bits >= Self::BITS {
            return (self == Self::ZERO).then_some(self);
        }
        let limb_shift = (bits / 64) as usize;
        let bit_shift = bits % 64;
        let mut out = [0u64; L];
        for i in (limb_shift..L).rev() {
            let src = i - limb_shift;
            let mut v = self.0[src] << bit_shift;
            if bit_shift > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bit_shift);
            }
            out[i] = v;
        }
        let shifted = WideInt(out);
        // Exact iff shifting back (arithmetically) restores the value.
        (shifted.arithmetic_shr(bits) == self).then_some(shifted)
    }

    /// Arithmetic shift right by `bits` (rounds towards minus infinity).
    pub fn arithmetic_shr(self, bits: u32) -> Self {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        if bits >= Self::BITS {
            return WideInt([fill; L]);
        }
        let limb_shift = (bits / 64) as usize;
        let bit_shift = bits % 64;
        let mut out = [fill; L];
        for (i, o) in out.iter_mut().enumerate().take(L - limb_shift) {
            let src = i + limb_shift;
            let next = if src + 1 < L { self.0[src + 1] } else { fill };
            *o = if bit_shift == 0 {
                self.0[src]
            } else {
                (self.0[src] >> bit_shift) | (next << (64 - bit_shift))
            };
        }
        WideInt(out)
    }
}

impl<const L: usize> Default for WideInt<L> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const L: usize> Ord for WideInt<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        // The top limb carries the sign; the others compare as unsigned magnitudes.
        match (self.0[L - 1] as i64).cmp(&(other.0[L - 1] as i64)) {
            Ordering::Equal => {}
            ord => return ord,
        }
        for i in (0..L - 1).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                ord => return ord,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for WideInt<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> fmt::Debug for WideInt<L> {
    /// Hexadecimal, sign first: `-0x1f`, `0x0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let magnitude = if self.is_negative() {
            Self::ZERO.wrapping_sub(*self)
        } else {
            *self
        };
        if self.is_negative() {
            f.write_str("-")?;
        }
        f.write_str("0x")?;
        let mut started = false;
        for limb in magnitude.0.iter().rev() {
            if started {
                write!(f, "{limb:016x}")?;
            } else if *limb != 0 {
                write!(f, "{limb:x}")?;
                started = true;
            }
        }
        if !started {
            f.write_str("0")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values_agree_with_i128() {
        let samples: [i128; 9] = [
            0,
            1,
            -1,
            7,
            -7,
            i64::MAX as i128,
            i64::MIN as i128,
            1 << 100,
            -(1 << 100),
        ];
        for &a in &samples {
            for &b in &samples {
                let (wa, wb) = (I256::from_i128(a), I256::from_i128(b));
                assert_eq!(wa.cmp(&wb), a.cmp(&b), "{a} vs {b}");
                assert_eq!(wa.checked_add(wb), Some(I256::from_i128(a + b)));
                assert_eq!(wa.checked_sub(wb), Some(I256::from_i128(a - b)));
            }
            assert_eq!(
                I256::from_i128(a).arithmetic_shr(1),
                I256::from_i128(a >> 1)
            );
        }
    }

    #[test]
    fn carries_cross_limbs() {
        let max_u64 = I256::from_u64(u64::MAX);
        assert_eq!(max_u64.checked_add(I256::ONE), I256::pow2(64));
        let two_192 = I256::pow2(192).unwrap_or(I256::ZERO);
        assert_eq!(
            two_192.checked_sub(I256::ONE).map(|x| x.0),
            Some([u64::MAX, u64::MAX, u64::MAX, 0])
        );
        assert!(I256::from_i64(-1) < I256::ZERO);
        assert!(I256::from_i64(-1) < two_192);
        assert!(two_192 > I256::from_u128(u128::MAX));
    }

    #[test]
    fn overflow_is_reported() {
        let top = I256::pow2(254).unwrap_or(I256::ZERO);
        assert!(I256::pow2(255).is_none());
        assert_eq!(top.checked_add(top), None);
        let min = I256::ZERO.checked_sub(top).and_then(|x| x.checked_sub(top));
        assert!(min.is_some_and(|m| m.is_negative()));
        assert_eq!(min.and_then(|m| m.checked_sub(I256::ONE)), None);
        assert_eq!(I256::ONE.checked_shl(255), None);
        assert_eq!(I256::ONE.checked_shl(254), Some(top));
        assert_eq!(
            I256::from_i64(-3)
                .checked_shl(70)
                .map(|x| x.arithmetic_shr(70)),
            Some(I256::from_i64(-3))
        );
    }

    #[test]
    fn debug_is_signed_hex() {
        assert_eq!(format!("{:?}", I256::from_i64(-31)), "-0x1f");
        assert_eq!(format!("{:?}", I256::ZERO), "0x0");
        assert_eq!(
            format!("{:?}", I256::pow2(64).unwrap_or(I256::ZERO)),
            "0x10000000000000000"
        );
    }
}
