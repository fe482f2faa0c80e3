//! Where a section stands: the number of the round its own system pairs next.

use crate::model::Section;

/// The number of the section's next round of its own system: one after the last round that
/// holds its games or byes. (A playoff may already have opened that round with match games.)
pub fn next_round_number(s: &Section) -> u32 {
    s.rounds
        .iter()
        .filter(|r| r.regular_games().next().is_some() || !r.byes.is_empty())
        .map(|r| r.number)
        .max()
        .unwrap_or(0)
        + 1
}
