//! 字段 — the fields of a packed weight.
//!
//! A packed weight is a stack of bit fields, the most important criterion in the highest
//! bits, each field as wide as the largest total it can hold over a whole matching, so that a
//! sum over any matching never carries from one field into the one above: then comparing two
//! sums compares the criteria in order. How large a field's total can grow is the rule book's
//! (the players of a score group for a Dutch count, pairs times the largest value or a tighter
//! bound for a xiangqi cost field); writing that total takes [`bits_for`] bits.

/// Bits needed to write `v` (0 for 0): the width of a field whose total never exceeds `v`.
#[inline]
pub fn bits_for(v: u64) -> u32 {
    u64::BITS - v.leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0 needs no bits, 1 one, 2 and 3 two, 4 to 7 three, 2^63 all 64.
    #[test]
    fn a_total_takes_the_bits_of_its_binary_form() {
        assert_eq!(bits_for(0), 0);
        assert_eq!(bits_for(1), 1);
        assert_eq!(bits_for(2), 2);
        assert_eq!(bits_for(3), 2);
        assert_eq!(bits_for(4), 3);
        assert_eq!(bits_for(7), 3);
        assert_eq!(bits_for(8), 4);
        assert_eq!(bits_for(1 << 63), 64);
        assert_eq!(bits_for(u64::MAX), 64);
    }
}
