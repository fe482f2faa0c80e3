//! 团体循环 — the team round robin: the Berger table of the individual round robin
//! ([`crate::pairing::round_robin::schedule`], FIDE C.05 Annex 1, the rule book's 对局秩序表)
//! over team numbers. In each round the team listed first in the table is 先走: it has red
//! (white) on the odd boards (rules.md §1.8, [XQ-OLD 13.2/13.3]). An odd number of teams plays
//! with a dummy number; the team drawn against it has the round off (a team bye that scores
//! nothing, as the individual round robin's: 遇轮空均不计算成绩). A double round robin repeats
//! the table with the first-named teams swapped. The table is fixed: a team absent from a round
//! keeps its match (the arbiter forfeits it).

use super::{PairedMatch, TeamPairing, TeamPairingError, TeamPairingInput};
use crate::pairing::round_robin::schedule;

/// Round `input.round` of the team round robin of `input.teams` (numbered 1..=n). A round
/// outside the schedule, or fewer than two teams, leaves every team unpaired.
pub fn pair(input: &TeamPairingInput) -> Result<TeamPairing, TeamPairingError> {
    let n = input.teams.len() as u32;
    let refuse = || TeamPairingError {
        round: input.round,
        unpaired: input.teams.iter().map(|t| t.number).collect(),
    };
    if n < 2 {
        return Err(refuse());
    }
    let table = schedule(n, &input.settings.round_robin);
    let boards = input
        .round
        .checked_sub(1)
        .and_then(|i| table.get(i as usize))
        .ok_or_else(refuse)?;
    // Table numbers are positions in the team list (numbers 1..=n in order).
    let number = |k: u32| input.teams.get(k as usize - 1).map(|t| t.number);
    let mut out = TeamPairing::default();
    for &(a, b) in boards {
        match (number(a), number(b)) {
            (Some(first), Some(second)) => out.matches.push(PairedMatch { first, second }),
            (Some(alone), None) | (None, Some(alone)) => out.bye = Some(alone),
            (None, None) => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{SectionSettings, TeamEvent};
    use crate::pairing::team::PairingTeam;

    fn teams(n: u32) -> Vec<PairingTeam> {
        (1..=n)
            .map(|number| PairingTeam {
                number,
                unit: String::new(),
                rating: None,
                absent: false,
            })
            .collect()
    }

    #[test]
    fn five_teams_follow_the_six_table_with_the_dummy_a_bye() {
        // The 6 table (rules.md §4.2): round 1 is 1-6 2-5 3-4; 6 is the dummy.
        let t = teams(5);
        let event = TeamEvent::new(4, 5);
        let settings = SectionSettings::default();
        let input = TeamPairingInput {
            event: &event,
            round: 1,
            teams: &t,
            settings: &settings,
            seed: 0,
        };
        let p = pair(&input).unwrap();
        assert_eq!(
            p.matches,
            vec![
                PairedMatch {
                    first: 2,
                    second: 5
                },
                PairedMatch {
                    first: 3,
                    second: 4
                }
            ]
        );
        assert_eq!(p.bye, Some(1));
        let beyond = TeamPairingInput { round: 6, ..input };
        assert_eq!(pair(&beyond).unwrap_err().unpaired, vec![1, 2, 3, 4, 5]);
    }
}
