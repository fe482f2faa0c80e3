//! 分别录取名次 — places inside a part of the field: girls and boys of one section (seed 001),
//! overseas players (境外, seed 002), an age group by birth dates, a grade, or any flag. A
//! sub-ranking keeps the order of the overall standings and numbers the selected players
//! again; players who share an overall place share the sub-place.

use super::Standing;
use crate::model::{EntrantId, Section};
pub use crate::model::{Filter, SubRanking};

/// One line of a sub-ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubStanding {
    /// The place inside the sub-ranking.
    pub place: u32,
    /// The place in the overall standings.
    pub overall: u32,
    pub entrant: EntrantId,
}

/// The places of the entrants `filter` accepts, in the order of `standings`.
pub fn sub_standings(
    section: &Section,
    standings: &[Standing],
    filter: &Filter,
) -> Vec<SubStanding> {
    let mut out: Vec<SubStanding> = Vec::new();
    for s in standings {
        let Some(e) = section.entrant(s.entrant) else {
            continue;
        };
        if !filter.accepts(e) {
            continue;
        }
        let place = match out.last() {
            Some(prev) if prev.overall == s.rank => prev.place,
            _ => out.len() as u32 + 1,
        };
        out.push(SubStanding {
            place,
            overall: s.rank,
            entrant: s.entrant,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entrant, Points, Sex};
    use chrono::NaiveDate;

    fn line(rank: u32, id: i64) -> Standing {
        Standing {
            rank,
            entrant: EntrantId(id),
            points: Points::ZERO,
            rounds_counted: 0,
            tiebreaks: vec![],
            by_lot: false,
        }
    }

    #[test]
    fn girls_and_overseas_players_are_placed_apart() {
        let mut s = Section::default();
        let people = [
            (1, Sex::Male, false, 2012),
            (2, Sex::Female, true, 2015),
            (3, Sex::Female, false, 2013),
            (4, Sex::Male, true, 2016),
            (5, Sex::Female, false, 2014),
        ];
        for (id, sex, overseas, year) in people {
            s.entrants.push(Entrant {
                id: EntrantId(id),
                sex,
                overseas,
                birth_date: NaiveDate::from_ymd_opt(year, 6, 1),
                ..Entrant::default()
            });
        }
        // Overall: 1, 2, 3= (ids 3 and 5 share place 3), 5.
        let table = vec![line(1, 1), line(2, 2), line(3, 3), line(3, 5), line(5, 4)];
        let girls = sub_standings(&s, &table, &Filter::Sex(Sex::Female));
        let got: Vec<(u32, u32, i64)> = girls
            .iter()
            .map(|g| (g.place, g.overall, g.entrant.0))
            .collect();
        assert_eq!(got, vec![(1, 2, 2), (2, 3, 3), (2, 3, 5)]);
        s.entrants[0].member = true;
        let members = sub_standings(&s, &table, &Filter::Member);
        assert_eq!(members.len(), 1);
        assert_eq!((members[0].place, members[0].overall), (1, 1));
        let overseas = sub_standings(&s, &table, &Filter::Overseas);
        let got: Vec<(u32, i64)> = overseas.iter().map(|g| (g.place, g.entrant.0)).collect();
        assert_eq!(got, vec![(1, 2), (2, 4)]);
        // U12 in 2026: born 2014-01-01 or later.
        let u12 = Filter::BornBetween {
            from: NaiveDate::from_ymd_opt(2014, 1, 1),
            to: None,
        };
        let got: Vec<i64> = sub_standings(&s, &table, &u12)
            .iter()
            .map(|g| g.entrant.0)
            .collect();
        assert_eq!(got, vec![2, 5, 4]);
    }
}
