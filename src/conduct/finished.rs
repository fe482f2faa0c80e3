//! 比赛结束 — whether a section's results are final: every result in and, by its system, the
//! section played out. Until then its latest standings and the documents made from them are
//! 非最终成绩.

use super::bracket::section_bracket;
use super::progress::next_round_number;
use super::rounds::plan_next_round;
use crate::model::{EarlyStop, PairingSystem, Round, Section};
use crate::pairing::round_robin;

/// 比赛结束 — every result of the section is in: a knockout's or a playoff's bracket has given
/// its final places; a round robin has played its whole table; a Swiss has played its last
/// scheduled round, or, in a grade event that stops early, has nobody left it can pair; and
/// every game has its result.
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
    next_round_number(s) > rounds || played_out_early(s)
}

/// 已达标晋级者和中途升级无望者不再进入之后轮次的比赛 (seed 004): once the players left to pair
/// cannot be paired at all (nobody left; one who has had his bye, C.04.1 d; or a few who have
/// all met, or whose absolute colour preferences keep them apart, C.04.3 C1–C3), the section
/// is played out before its last scheduled round: those players cannot play again, and their
/// scores stand.
fn played_out_early(s: &Section) -> bool {
    s.settings.awards.promotion.early_stop != EarlyStop::Never && plan_next_round(s).is_err()
}

/// 非最终成绩 — are the standings of `s` after `round` its latest, while the section is not
/// over? (Standings after an earlier round are a record of that round, not a claim.)
pub fn results_provisional(s: &Section, round: u32) -> bool {
    let last = s.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    round >= last && !section_over(s)
}
