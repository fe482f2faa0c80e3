//! 团体名次 — team standings. From an individual event (seed 000 十二.2): a team's score is the
//! sum of its members' individual places, fewer first; equal sums are separated by the best
//! individual place, then the next best, and so on. Which members count (sex, how many,
//! registered only) and what a missing member counts are [`TeamSettings`]. For team matches,
//! [`match_points`] turns 局分 into 场分 (13.2: 2 / 1 / 0).

use super::Standing;
use crate::model::{Entrant, EntrantId, Points, Section};
use crate::model::{MissingMemberRank, TeamSettings};
use std::collections::BTreeMap;

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStanding {
    /// 团体名次 — equal for teams still tied after every place was compared.
    pub rank: u32,
    /// The team (单位 / 代表队).
    pub team: String,
    /// 名次总和.
    pub rank_sum: u32,
    /// The places counted, best first (missing members included).
    pub places: Vec<u32>,
    /// The members counted, best first.
    pub members: Vec<EntrantId>,
}

/// Does `e` count for his unit's team? A house player (补双) is in no team: he has no place to
/// count. Nor is an entrant without a unit (see [`crate::model::unit_key`]).
fn counts(e: &Entrant, settings: &TeamSettings) -> bool {
    !e.house
        && (!settings.registered_only || e.team_member)
        && settings.sex.is_none_or(|s| e.sex == s)
}

/// How many teams `section` has: the units with a member who counts.
pub fn teams_entered(section: &Section, settings: &TeamSettings) -> usize {
    let units: std::collections::BTreeSet<&str> = section
        .entrants
        .iter()
        .filter(|e| counts(e, settings))
        .filter_map(|e| crate::model::unit_key(&e.unit))
        .collect();
    units.len()
}

/// Team standings of `section` from its individual `standings`.
pub fn team_standings(
    section: &Section,
    standings: &[Standing],
    settings: &TeamSettings,
) -> Vec<TeamStanding> {
    let ranked = standings.len() as u32;
    let missing = match settings.missing {
        MissingMemberRank::AfterLast => ranked + 1,
        MissingMemberRank::Last => ranked,
    };
    let place: BTreeMap<EntrantId, u32> = standings.iter().map(|s| (s.entrant, s.rank)).collect();
    let mut teams: BTreeMap<&str, Vec<(u32, EntrantId)>> = BTreeMap::new();
    for e in &section.entrants {
        if let Some(unit) = crate::model::unit_key(&e.unit).filter(|_| counts(e, settings)) {
            let p = place.get(&e.id).copied().unwrap_or(missing);
            teams.entry(unit).or_default().push((p, e.id));
        }
    }
    let size = settings.members as usize;
    let mut rows: Vec<TeamStanding> = teams
        .into_iter()
        .map(|(team, mut m)| {
            m.sort();
            m.truncate(size);
            let mut places: Vec<u32> = m.iter().map(|x| x.0).collect();
            places.resize(size.max(places.len()), missing);
            TeamStanding {
                rank: 0,
                team: team.to_string(),
                rank_sum: places.iter().sum(),
                places,
                members: m.iter().map(|x| x.1).collect(),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        a.rank_sum
            .cmp(&b.rank_sum)
            .then_with(|| a.places.cmp(&b.places))
    });
    for i in 0..rows.len() {
        rows[i].rank = if i > 0
            && rows[i - 1].rank_sum == rows[i].rank_sum
            && rows[i - 1].places == rows[i].places
        {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    rows
}

/// 场分 of a team match from the two teams' 局分 (13.2): more game points wins 2, equal 1 each,
/// fewer 0.
pub fn match_points(a: Points, b: Points) -> (Points, Points) {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => (Points::whole(2), Points::ZERO),
        std::cmp::Ordering::Less => (Points::ZERO, Points::whole(2)),
        std::cmp::Ordering::Equal => (Points::whole(1), Points::whole(1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entrant, Sex};

    fn section(members: &[(i64, &str, Sex)]) -> Section {
        let mut s = Section::default();
        for &(id, unit, sex) in members {
            s.entrants.push(Entrant {
                id: EntrantId(id),
                unit: unit.into(),
                sex,
                team_member: true,
                ..Entrant::default()
            });
        }
        s
    }

    fn table(order: &[i64]) -> Vec<Standing> {
        order
            .iter()
            .enumerate()
            .map(|(k, &id)| Standing {
                rank: k as u32 + 1,
                entrant: EntrantId(id),
                points: Points::ZERO,
                rounds_counted: 0,
                tiebreaks: vec![],
                by_lot: false,
            })
            .collect()
    }

    #[test]
    fn seed_000_men_sum_of_places_then_best_place() {
        use Sex::Male;
        // Three men per team. 甲: places 2, 5, 7 = 14; 乙: 1, 4, 9 = 14; 丙: 3, 8, 10 = 21.
        // 甲 and 乙 tie on 14; 乙 has the better best place (1 against 2) → first.
        let s = section(&[
            (1, "乙", Male),
            (2, "甲", Male),
            (3, "丙", Male),
            (4, "乙", Male),
            (5, "甲", Male),
            (7, "甲", Male),
            (8, "丙", Male),
            (9, "乙", Male),
            (10, "丙", Male),
            (6, "丁", Male),
        ]);
        let st = table(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        let settings = TeamSettings {
            members: 3,
            sex: Some(Male),
            ..TeamSettings::default()
        };
        let t = team_standings(&s, &st, &settings);
        let got: Vec<(u32, &str, u32)> = t
            .iter()
            .map(|r| (r.rank, r.team.as_str(), r.rank_sum))
            .collect();
        // 丁 has one man (6) and two missing members counted as 11 each: 6 + 11 + 11 = 28.
        assert_eq!(
            got,
            vec![(1, "乙", 14), (2, "甲", 14), (3, "丙", 21), (4, "丁", 28)]
        );
        assert_eq!(t[0].places, vec![1, 4, 9]);
    }

    #[test]
    fn seed_000_women_count_two_and_missing_rule_is_a_setting() {
        use Sex::{Female, Male};
        let s = section(&[
            (1, "A", Female),
            (2, "B", Female),
            (3, "A", Female),
            (4, "B", Male),
            (5, "A", Female),
        ]);
        let st = table(&[1, 2, 3, 5]);
        let mut settings = TeamSettings {
            members: 2,
            sex: Some(Female),
            ..TeamSettings::default()
        };
        let t = team_standings(&s, &st, &settings);
        // A: best two women 1 + 3 = 4; B: 2 + missing (4 ranked → 5) = 7. The man of B is not
        // counted in a women's team.
        assert_eq!((t[0].team.as_str(), t[0].rank_sum), ("A", 4));
        assert_eq!((t[1].team.as_str(), t[1].rank_sum), ("B", 7));
        settings.missing = MissingMemberRank::Last;
        assert_eq!(team_standings(&s, &st, &settings)[1].rank_sum, 6);
    }

    #[test]
    fn team_match_points_from_game_points() {
        assert_eq!(
            match_points(Points(5), Points(3)),
            (Points::whole(2), Points::ZERO)
        );
        assert_eq!(
            match_points(Points(4), Points(4)),
            (Points::whole(1), Points::whole(1))
        );
        assert_eq!(
            match_points(Points(2), Points(6)),
            (Points::ZERO, Points::whole(2))
        );
    }
}
