//! 名次 — standings. A section's crosstable is read from its rounds; players are ranked by
//! points, and tied players share a place (1, 2, 2, 4).

use crate::model::{EntrantId, Points, Section};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 名次 — equal for players who share a place.
    pub rank: u32,
    pub entrant: EntrantId,
    /// 积分 after the rounds counted.
    pub points: Points,
    /// Games and byes counted.
    pub rounds_counted: u32,
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

/// Standings by points after `rounds` rounds: points descending; ties share the place and are
/// listed by pairing number.
pub fn by_points(section: &Section, rounds: u32) -> Vec<Standing> {
    let mut rows: Vec<(Standing, Option<u32>)> = section
        .entrants
        .iter()
        .map(|e| {
            let counted = section
                .rounds
                .iter()
                .filter(|r| r.number <= rounds)
                .filter(|r| r.game_of(e.id).is_some() || r.bye_of(e.id).is_some())
                .count() as u32;
            let s = Standing {
                rank: 0,
                entrant: e.id,
                points: points_after(section, e.id, rounds),
                rounds_counted: counted,
            };
            (s, e.number)
        })
        .collect();
    rows.sort_by(|a, b| {
        b.0.points
            .cmp(&a.0.points)
            .then((a.1.is_none(), a.1).cmp(&(b.1.is_none(), b.1)))
    });
    let mut out: Vec<Standing> = Vec::with_capacity(rows.len());
    for (i, (mut s, _)) in rows.into_iter().enumerate() {
        s.rank = match out.last() {
            Some(prev) if prev.points == s.points => prev.rank,
            _ => i as u32 + 1,
        };
        out.push(s);
    }
    out
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
