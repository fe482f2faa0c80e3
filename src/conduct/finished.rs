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

/// The round a section's standings, awards and result book stand after unless the arbiter
/// picks another: the last round whose results are all in. A round just paired has no result
/// yet, and its standings would be the figures of the round before under its number; so the
/// default stays on the last complete round until the new one is complete. Before any round is
/// complete, the first round paired (0 before round 1).
pub fn standings_round(s: &Section) -> u32 {
    s.rounds
        .iter()
        .take_while(|r| r.is_complete())
        .map(|r| r.number)
        .last()
        .or_else(|| s.rounds.first().map(|r| r.number))
        .unwrap_or(0)
}

/// 非最终成绩 — are the standings of `s` after `round` its latest, while the section is not
/// over? (Standings after an earlier round are a record of that round, not a claim.)
pub fn results_provisional(s: &Section, round: u32) -> bool {
    // The latest standings are those after the last complete round ([`standings_round`]), or
    // after a later round the arbiter picks while its results come in.
    round >= standings_round(s) && !section_over(s)
}

#[cfg(test)]
mod tests {
    use super::standings_round;
    use crate::model::{EntrantId, Game, Outcome, Round, Section};

    /// A round of two games, the first `with_results` of them decided.
    fn round(number: u32, with_results: usize) -> Round {
        let games = (0..2u32)
            .map(|b| Game {
                outcome: ((b as usize) < with_results).then_some(Outcome::Draw),
                ..Game::new(
                    b + 1,
                    EntrantId(i64::from(2 * b + 1)),
                    EntrantId(i64::from(2 * b + 2)),
                )
            })
            .collect();
        Round {
            number,
            games,
            byes: vec![],
        }
    }

    #[test]
    fn standings_stand_after_the_last_round_whose_results_are_all_in() {
        let mut s = Section::default();
        assert_eq!(standings_round(&s), 0, "nothing paired");
        s.rounds.push(round(1, 0));
        assert_eq!(
            standings_round(&s),
            1,
            "round 1 paired, nothing in: round 1"
        );
        s.rounds[0] = round(1, 2);
        s.rounds.push(round(2, 0));
        assert_eq!(
            standings_round(&s),
            1,
            "round 2 paired, no result in: round 1"
        );
        s.rounds[1] = round(2, 1);
        assert_eq!(standings_round(&s), 1, "round 2 half in: still round 1");
        s.rounds[1] = round(2, 2);
        assert_eq!(standings_round(&s), 2, "round 2 all in");
    }
}
