//! 名次 — standings. A section's crosstable ([`Crosstable`]) is read once from its rounds; every
//! tiebreak is one small function over it ([`fide`], [`xiangqi`]); [`rank`] applies a tiebreak
//! list the way rules.md §1.6.4a says, and whatever stays tied shares the place or goes to a
//! recorded drawing of lots; [`order`] checks a published order of places against the list.
//! [`subrank`] gives places inside a part of the field (girls,
//! overseas players, an age group …) and [`team`] ranks teams by their members' places;
//! [`team_fide`] ranks a team event's teams by match points and FIDE C.07's team tie-breaks;
//! [`team_cn`] adds what Chinese team regulations rank by (台次分) and the board prizes.
//!
//! The entry point the faces call after every result is [`standings`]. A house player
//! (补双选手, rules.md §6) has no line in it; his games still count for his opponents.

pub mod crosstable;
pub mod fide;
pub mod national;
pub mod order;
pub mod rank;
pub mod subrank;
pub mod team;
pub mod team_cn;
pub mod team_fide;
pub mod xiangqi;

pub use crate::model::{
    ByeOpponentScore, FideEdition, ForfeitOpponentScore, MissingMemberRank, Preset,
    StandingsSettings, TeamSettings, Tiebreak, TiebreakParseError, parse_list,
};
pub use crosstable::{Cell, Crosstable, GameResult};

use crate::model::{EntrantId, Points, Section};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 名次 — equal for players who share a place.
    pub rank: u32,
    pub entrant: EntrantId,
    /// 积分 after the rounds counted.
    pub points: Points,
    /// Games and byes counted.
    pub rounds_counted: u32,
    /// The value of each tiebreak of the list, in list order.
    pub tiebreaks: Vec<f64>,
    /// The place was decided by drawing lots (抽签).
    pub by_lot: bool,
}

/// Total points of `who` after the first `rounds` rounds of `section`, his points bonuses and
/// penalties included.
pub fn points_after(section: &Section, who: EntrantId, rounds: u32) -> Points {
    let ps = &section.settings.points;
    section
        .rounds
        .iter()
        .filter(|r| r.number <= rounds)
        .map(|r| r.points_of(who, ps))
        .sum::<Points>()
        + section.settings.adjustment_after(who, rounds)
}

/// The standings of `section` after `rounds` rounds with the section's own tiebreak list and
/// options (`section.settings.standings`).
pub fn standings(section: &Section, rounds: u32) -> Vec<Standing> {
    standings_with(section, &section.settings.standings, rounds)
}

/// The standings of `section` after `rounds` rounds with `settings`.
pub fn standings_with(
    section: &Section,
    settings: &StandingsSettings,
    rounds: u32,
) -> Vec<Standing> {
    let seed = if settings.shared_places {
        None
    } else {
        Some(settings.lots_seed.or(section.lot_seed).unwrap_or(0))
    };
    let (ct, ranked) = rank::rank(section, settings, rounds, seed);
    ranked
        .order
        .iter()
        .map(|&i| {
            let row = &ct.rows[i];
            Standing {
                rank: ranked.rank[i],
                entrant: row.id,
                points: row.total,
                rounds_counted: row
                    .cells
                    .iter()
                    .filter(|c| !matches!(c, Cell::Absent))
                    .count() as u32,
                tiebreaks: ranked.values.iter().map(|v| v[i]).collect(),
                by_lot: ranked.by_lot[i],
            }
        })
        .collect()
}

/// Standings by points alone after `rounds` rounds: ties share the place and are listed by
/// pairing number.
pub fn by_points(section: &Section, rounds: u32) -> Vec<Standing> {
    let settings = StandingsSettings {
        tiebreaks: vec![],
        shared_places: true,
        ..StandingsSettings::default()
    };
    standings_with(section, &settings, rounds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, ByeKind, Entrant, Game, Outcome, PointSystemPreset, Round};

    /// The worked example of rules.md §1.6.3 (2-1-0, 6 players, 3 rounds).
    fn example() -> Section {
        let mut s = Section::default();
        for n in 1..=6 {
            s.entrants.push(Entrant {
                id: EntrantId(n),
                number: Some(n as u32),
                ..Entrant::default()
            });
        }
        let g = |b, r, k, o| Game {
            outcome: Some(o),
            ..Game::new(b, EntrantId(r), EntrantId(k))
        };
        use Outcome::*;
        s.rounds = vec![
            Round {
                number: 1,
                games: vec![g(1, 1, 2, RedWin), g(2, 4, 3, Draw), g(3, 5, 6, BlackWin)],
                byes: vec![],
            },
            Round {
                number: 2,
                games: vec![g(1, 6, 1, BlackWin), g(2, 2, 4, RedWin), g(3, 3, 5, RedWin)],
                byes: vec![],
            },
            Round {
                number: 3,
                games: vec![g(1, 1, 3, Draw), g(2, 4, 6, BlackWin), g(3, 5, 2, BlackWin)],
                byes: vec![],
            },
        ];
        s
    }

    #[test]
    fn totals_of_the_worked_example() {
        let s = example();
        // rules.md §1.6.3: totals 1:5, 2:4, 3:4, 6:4, 4:1, 5:0.
        let t = by_points(&s, 3);
        let got: Vec<(i64, u32, String)> = t
            .iter()
            .map(|r| (r.entrant.0, r.rank, r.points.to_string()))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, 1, "5".into()),
                (2, 2, "4".into()),
                (3, 2, "4".into()),
                (6, 2, "4".into()),
                (4, 5, "1".into()),
                (5, 6, "0".into())
            ]
        );
        // After round 1: 1, 6 on 2; 3, 4 on 1.
        let t1 = by_points(&s, 1);
        assert_eq!(t1[0].points, Points::whole(2));
        assert_eq!(t1[2].rank, 3);
    }

    #[test]
    fn changing_the_point_system_rescores_without_touching_results() {
        let mut s = example();
        s.settings.points = PointSystemPreset::ThreeOneZero.system();
        // Player 1: W, W, D = 3 + 3 + 1 = 7; player 4: D, L, L = 1.
        assert_eq!(points_after(&s, EntrantId(1), 3), Points::whole(7));
        assert_eq!(points_after(&s, EntrantId(4), 3), Points::whole(1));
        s.rounds[0].byes.push(Bye {
            entrant: EntrantId(9),
            kind: ByeKind::Pairing,
        });
        assert_eq!(
            points_after(&s, EntrantId(9), 3),
            Points::whole(3),
            "a bye scores as a win"
        );
    }

    /// Players 1–5 and the house player 6 (补双), 2-1-0, two rounds:
    ///   R1: 6 beats 1, 2 beats 3, 4 draws 5;   R2: 6 beats 2, 1 beats 5, 3 beats 4.
    /// Totals: 6: 4; 1: 2; 2: 2; 3: 2; 4: 1; 5: 1.
    /// 对手分 (every game played, so BH is the same sum):
    ///   1: 6 (4) + 5 (1) = 5;  2: 3 (2) + 6 (4) = 6;  3: 2 (2) + 4 (1) = 3;
    ///   4: 5 (1) + 3 (2) = 3;  5: 4 (1) + 1 (2) = 3.
    /// The house player leads on points but gets no place: 2 is 1st (6), 1 is 2nd (5), 3 is
    /// 3rd, 4 and 5 share 4th. Were the house player's score left out of 对手分, 1 and 2 would
    /// have 1 and 2 and fall behind 3 — so the order itself shows his real score counted.
    fn with_house_player() -> Section {
        let mut s = Section::default();
        s.settings.system = crate::model::PairingSystem::XiangqiSwiss;
        s.settings.points = PointSystemPreset::TwoOneZero.system();
        for n in 1..=6 {
            s.entrants.push(Entrant {
                id: EntrantId(n),
                number: Some(n as u32),
                house: n == 6,
                ..Entrant::default()
            });
        }
        let g = |b, r, k, o| Game {
            outcome: Some(o),
            ..Game::new(b, EntrantId(r), EntrantId(k))
        };
        use Outcome::*;
        s.rounds = vec![
            Round {
                number: 1,
                games: vec![g(1, 6, 1, RedWin), g(2, 2, 3, RedWin), g(3, 4, 5, Draw)],
                byes: vec![],
            },
            Round {
                number: 2,
                games: vec![g(1, 2, 6, BlackWin), g(2, 1, 5, RedWin), g(3, 3, 4, RedWin)],
                byes: vec![],
            },
        ];
        s
    }

    #[test]
    fn the_house_player_is_not_ranked_but_counts_for_his_opponents() {
        let s = with_house_player();
        let settings = StandingsSettings {
            tiebreaks: vec![
                Tiebreak::OpponentScore,
                Tiebreak::Buchholz { low: 0, high: 0 },
            ],
            shared_places: true,
            ..StandingsSettings::default()
        };
        let t = standings_with(&s, &settings, 2);
        let got: Vec<(i64, u32, Points, Vec<f64>)> = t
            .iter()
            .map(|r| (r.entrant.0, r.rank, r.points, r.tiebreaks.clone()))
            .collect();
        let p = Points::whole;
        assert_eq!(
            got,
            vec![
                (2, 1, p(2), vec![6.0, 6.0]),
                (1, 2, p(2), vec![5.0, 5.0]),
                (3, 3, p(2), vec![3.0, 3.0]),
                (4, 4, p(1), vec![3.0, 3.0]),
                (5, 4, p(1), vec![3.0, 3.0]),
            ]
        );
        // His own score is still what he scored.
        assert_eq!(points_after(&s, EntrantId(6), 2), p(4));
        // With lots instead of shared places the places still run 1..5 without a gap.
        let by_lot = standings_with(
            &s,
            &StandingsSettings {
                shared_places: false,
                lots_seed: Some(1),
                ..settings
            },
            2,
        );
        let places: Vec<u32> = by_lot.iter().map(|r| r.rank).collect();
        assert_eq!(places, vec![1, 2, 3, 4, 5]);
        assert!(by_lot.iter().all(|r| r.entrant != EntrantId(6)));
    }
}
