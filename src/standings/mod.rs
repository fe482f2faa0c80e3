//! 名次 — standings. A section's crosstable ([`Crosstable`]) is read once from its rounds; every
//! tiebreak is one small function over it ([`fide`], [`xiangqi`]); [`rank`] applies a tiebreak
//! list the way rules.md §1.6.4a says, and whatever stays tied shares the place or goes to a
//! recorded drawing of lots. [`subrank`] gives places inside a part of the field (girls,
//! overseas players, an age group …) and [`team`] ranks teams by their members' places.
//!
//! The entry point the faces call after every result is [`standings`].

pub mod crosstable;
pub mod fide;
pub mod national;
pub mod rank;
pub mod subrank;
pub mod team;
pub mod tiebreak;
pub mod xiangqi;

pub use crosstable::{Cell, Crosstable, GameResult};
pub use tiebreak::{
    ByeOpponentScore, FideEdition, ForfeitOpponentScore, MissingMemberRank, Preset,
    StandingsSettings, TeamSettings, Tiebreak, TiebreakParseError, parse_list,
};

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

/// Total points of `who` after the first `rounds` rounds of `section`.
pub fn points_after(section: &Section, who: EntrantId, rounds: u32) -> Points {
    let ps = &section.settings.points;
    section
        .rounds
        .iter()
        .filter(|r| r.number <= rounds)
        .map(|r| r.points_of(who, ps))
        .sum()
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
}
