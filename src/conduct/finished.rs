//! 比赛结束 — whether a section's results are final: every result in and, by its system, the
//! section played out. Until then its latest standings and the documents made from them are
//! 非最终成绩.

use super::bracket::section_bracket;
use super::progress::next_round_number;
use crate::model::{PairingSystem, Round, Section};
use crate::pairing::round_robin;

/// 比赛结束 — every result of the section is in: a knockout's or a playoff's bracket has given
/// its final places; a round robin has played its whole table; a Swiss has played its last
/// scheduled round; and every game has its result.
pub fn section_over(s: &Section) -> bool {
    if !s.rounds.iter().all(Round::is_complete) {
        return false;
    }
    if s.settings.system == PairingSystem::Knockout || s.settings.playoff.players > 0 {
        return section_bracket(s)
            .ok()
            .flatten()
            .is_some_and(|b| b.final_places.is_some());
    }
    let rounds = match s.settings.system {
        PairingSystem::RoundRobin => {
            let players = u32::try_from(s.entrants.len()).unwrap_or(u32::MAX);
            round_robin::schedule(players, &s.settings.round_robin).len() as u32
        }
        _ => s.settings.rounds,
    };
    next_round_number(s) > rounds
}

/// 非最终成绩 — are the standings of `s` after `round` its latest, while the section is not
/// over? (Standings after an earlier round are a record of that round, not a claim.)
pub fn results_provisional(s: &Section, round: u32) -> bool {
    let last = s.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    round >= last && !section_over(s)
}
