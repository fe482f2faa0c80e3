//! Where a section stands: the number of the round its own system pairs next, and whether its
//! results are final.

use super::bracket::section_bracket;
use crate::model::{PairingSystem, Round, Section};
use crate::pairing::round_robin;

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
