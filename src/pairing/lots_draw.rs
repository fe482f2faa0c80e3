//! 抽签定序号 — pairing numbers drawn by lot.

use crate::model::{EntrantId, Lots};

/// Draws pairing numbers 1..=N for `entrants` (in the order they were entered) from `seed`.
/// Returns `(entrant, number)` in the input order. The same seed and the same list always give
/// the same numbers.
pub fn draw_numbers(entrants: &[EntrantId], seed: u64) -> Vec<(EntrantId, u32)> {
    let mut numbers: Vec<u32> = (1..=entrants.len() as u32).collect();
    Lots::new(seed).shuffle(&mut numbers);
    entrants.iter().copied().zip(numbers).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_is_a_permutation_fixed_by_its_seed() {
        let ids: Vec<EntrantId> = (1..=15).map(EntrantId).collect();
        let a = draw_numbers(&ids, 42);
        assert_eq!(a, draw_numbers(&ids, 42));
        assert_ne!(a, draw_numbers(&ids, 43));
        let mut nums: Vec<u32> = a.iter().map(|p| p.1).collect();
        nums.sort();
        assert_eq!(nums, (1..=15).collect::<Vec<_>>());
        assert!(a.iter().zip(&ids).all(|(p, id)| p.0 == *id));
    }
}
