//! The xiangqi rule-book tiebreaks that FIDE does not have (《象棋竞赛规则》14.3, rules.md
//! §1.6.2): 对手分 with its bye and forfeit readings, 犯规, the "remove round k" sequence of
//! 14.3.2 and the previous-round comparisons of 14.3.1. 累进分, 胜局, 后走局数 and 后走胜局 are the
//! FIDE PS, WIN, BPG and BWG of [`super::fide`]; 小分 is SB.

use super::crosstable::{Cell, Crosstable};
use crate::model::Points;
use crate::model::{ByeOpponentScore, ForfeitOpponentScore};

/// 对手分 — Σ of the current totals of the opponents met (rules.md §1.6.2). A bye round adds
/// the `bye` reading of "有分棋手中的最低得分"; a forfeit round adds the scheduled opponent's
/// total or the player's own (`forfeit`); an absence adds nothing.
pub fn opponent_score(
    ct: &Crosstable,
    bye: ByeOpponentScore,
    forfeit: ForfeitOpponentScore,
) -> Vec<f64> {
    let bye_value = match bye {
        ByeOpponentScore::LowestScoring => ct
            .rows
            .iter()
            .map(|r| r.total)
            .filter(|t| *t > Points::ZERO)
            .min()
            .unwrap_or(Points::ZERO),
        ByeOpponentScore::LowestOverall => ct
            .rows
            .iter()
            .map(|r| r.total)
            .min()
            .unwrap_or(Points::ZERO),
        ByeOpponentScore::Zero => Points::ZERO,
    };
    ct.rows
        .iter()
        .map(|row| {
            row.cells
                .iter()
                .map(|c| match *c {
                    Cell::Game {
                        opponent,
                        played: true,
                        ..
                    } => ct.rows[opponent].total,
                    Cell::Game { opponent, .. } => match forfeit {
                        ForfeitOpponentScore::Opponent => ct.rows[opponent].total,
                        ForfeitOpponentScore::OwnScore => row.total,
                    },
                    Cell::Bye(_) => bye_value,
                    Cell::Absent | Cell::Pending { .. } => Points::ZERO,
                })
                .sum::<Points>()
                .as_f64()
        })
        .collect()
}

/// 犯规 — fouls recorded in the rounds counted (fewer ranks higher).
pub fn fouls(ct: &Crosstable) -> Vec<f64> {
    ct.rows.iter().map(|r| f64::from(r.fouls)).collect()
}

/// "去除第一轮得分进行比较，如仍相等，则再去除第二轮" — for j = 1, 2, …, R−1 the progressive score
/// recomputed without rounds 1..=j: Σ_{k>j} (C_k − C_j), C_k the running total. Compared
/// element by element, higher first (rules.md §1.6.3: A (2,1,0,1) → 4, B (1,2,1,0) → 8).
pub fn remove_rounds_key(ct: &Crosstable, i: usize) -> Vec<i64> {
    let pts = &ct.rows[i].round_points;
    let running: Vec<i64> = pts
        .iter()
        .scan(0i64, |acc, p| {
            *acc += i64::from(p.halves());
            Some(*acc)
        })
        .collect();
    (1..running.len())
        .map(|j| running[j..].iter().map(|c| c - running[j - 1]).sum())
        .collect()
}

/// 前一轮成绩 — totals (in half-points) after R−1, R−2, …, 1 rounds, higher first.
pub fn previous_scores_key(ct: &Crosstable, i: usize) -> Vec<i64> {
    (1..ct.rounds)
        .rev()
        .map(|k| i64::from(ct.total_after(i, k).halves()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entrant, EntrantId, Round, Section};

    #[test]
    fn removing_round_one_matches_the_rules_md_example() {
        // A scores (2,1,0,1), B (1,2,1,0) in 2-1-0 points: both total 4, 累进分 12 and 12.
        // Only round points matter here, so byes of the right value stand in for games.
        use crate::model::{Bye, ByeKind, PointSystemPreset};
        let mut s = Section::default();
        s.settings.points = PointSystemPreset::TwoOneZero.system();
        for n in 1..=2 {
            s.entrants.push(Entrant {
                id: EntrantId(n),
                number: Some(n as u32),
                ..Entrant::default()
            });
        }
        let kind = |pts: i32| match pts {
            2 => Some(ByeKind::Pairing),
            1 => Some(ByeKind::Half),
            _ => None,
        };
        let a = [2, 1, 0, 1];
        let b = [1, 2, 1, 0];
        for r in 0..4 {
            let mut byes = vec![];
            for (who, pts) in [(1, a[r]), (2, b[r])] {
                if let Some(k) = kind(pts) {
                    byes.push(Bye {
                        entrant: EntrantId(who),
                        kind: k,
                    });
                }
            }
            s.rounds.push(Round {
                number: r as u32 + 1,
                games: vec![],
                byes,
            });
        }
        let ct = Crosstable::new(&s, 4);
        let ps = super::super::fide::progressive(&ct, 0);
        assert_eq!(ps, vec![12.0, 12.0]);
        // Without round 1: A running 1,1,2 = 4; B 2,3,3 = 8 (in half-points ×2).
        assert_eq!(remove_rounds_key(&ct, 0)[0], 8);
        assert_eq!(remove_rounds_key(&ct, 1)[0], 16);
        assert_eq!(previous_scores_key(&ct, 0), vec![6, 6, 4]);
    }
}
