//! Where a section stands: the number of the round its own system pairs next.

use crate::model::{ByeKind, PairingSystem, Round, Section};

/// The number of the section's next round of its own system: one after the last round that
/// holds its games or byes. (A playoff may already have opened that round with match games.)
/// In a Dutch section a round that holds only requested byes and absences (F, H, Z: a TRF's
/// record 240 for a round not paired yet) is not paired yet: the Dutch system pairs it next,
/// leaving those players out.
pub fn next_round_number(s: &Section) -> u32 {
    let requested_only = |r: &Round| {
        s.settings.system == PairingSystem::Dutch
            && r.regular_games().next().is_none()
            && r.byes.iter().all(|b| b.kind != ByeKind::Pairing)
    };
    s.rounds
        .iter()
        .filter(|r| r.regular_games().next().is_some() || !r.byes.is_empty())
        .filter(|r| !requested_only(r))
        .map(|r| r.number)
        .max()
        .unwrap_or(0)
        + 1
}
