//! Grade-event promotions (rules.md §3, seed 004 九、晋级标准) and the early-stopping rule
//! “已达标晋级者和中途升级无望者不再进入之后轮次的比赛”. Expected values are worked by hand
//! in the comments.

use bianpai::awards::{
    AwardOptions, AwardPreset, EarlyStop, promotions, required_points, stopped_players,
};

use crate::common::SectionBuilder;
use bianpai::model::{
    Bye, ByeKind, Entrant, EntrantId, Game, Outcome, PointSystemPreset, Points, Round, Section,
    SectionSettings,
};
use std::collections::BTreeMap;

/// A chess section of `rounds` scheduled rounds, one player (numbered 1, 2, …) per grade.
fn graded(rounds: u32, grades: &[&str]) -> SectionBuilder {
    SectionBuilder::new()
        .settings(SectionSettings {
            rounds,
            ..SectionSettings::chess()
        })
        .entrants(grades.iter().map(|g| Entrant {
            grade: g.to_string(),
            ..Entrant::default()
        }))
}

/// A chess section of `rounds` scheduled rounds whose players score by byes: each string is a
/// player's grade and one letter per round played so far — F a full point, H a half, Z nothing.
fn by_byes(rounds: u32, players: &[(&str, &str)]) -> Section {
    let grades: Vec<&str> = players.iter().map(|p| p.0).collect();
    let mut s = graded(rounds, &grades);
    let played = players.iter().map(|p| p.1.len()).max().unwrap_or(0);
    for r in 0..played {
        s = s.round(&[]);
        for ((_, results), number) in players.iter().zip(1..) {
            let kind = match results.chars().nth(r) {
                Some('F') => ByeKind::Full,
                Some('H') => ByeKind::Half,
                Some(_) => ByeKind::Zero,
                None => continue,
            };
            s = s.bye(number, kind);
        }
    }
    s.build()
}

fn ids(v: &[i64]) -> Vec<EntrantId> {
    v.iter().copied().map(EntrantId).collect()
}

#[test]
fn required_points_match_the_rule_book_table() {
    // rules.md §3.3: required = ⌈rate × R × 2⌉ / 2 for chess (a win is 1 point).
    let chess = Points::whole(1);
    let half = |h: i32| Points(h);
    let table = [
        (30, [half(3), half(5), half(6)]),   // 1.5, 2.5, 3
        (40, [half(4), half(6), half(8)]),   // 2, 3, 4
        (50, [half(5), half(7), half(9)]),   // 2.5, 3.5, 4.5
        (55, [half(6), half(8), half(10)]),  // 3, 4, 5
        (65, [half(7), half(10), half(12)]), // 3.5, 5, 6
        (70, [half(7), half(10), half(13)]), // 3.5, 5, 6.5
    ];
    for (rate, want) in table {
        for (rounds, w) in [5, 7, 9].into_iter().zip(want) {
            assert_eq!(
                required_points(rate, rounds, chess),
                w,
                "{rate}% of {rounds} rounds"
            );
        }
    }
    // Xiangqi 2-1-0, 得分率 = 得分 ÷ 2 ÷ 轮次: 50 % of 7 rounds = 7 points; 55 % = 7.7 → 8.
    let xq = PointSystemPreset::TwoOneZero.system().max_per_round();
    assert_eq!(required_points(50, 7, xq), Points::whole(7));
    assert_eq!(required_points(55, 7, xq), Points::whole(8));
}

fn promoted(s: &Section) -> Vec<(i64, String)> {
    let opts = AwardOptions::preset(AwardPreset::Seed004GradeEvent);
    promotions(s, &opts)
        .into_iter()
        .map(|p| (p.entrant.0, p.to_grade))
        .collect()
}

#[test]
fn seven_round_promotions() {
    // 7 rounds: 二级 → 一级 at 55 % = 4; 五级 → 四级 at 50 % = 3.5; 候补棋协大师 → 棋协大师 at
    // 65 % = 4.55 → 5.
    let s = by_byes(
        7,
        &[
            ("棋协二级棋士", "FFFFZZZ"), // 1: 4   → 一级
            ("棋协二级棋士", "FFFHZZZ"), // 2: 3.5 → none
            ("棋协五级棋士", "FFFHZZZ"), // 3: 3.5 → 四级
            ("候补棋协大师", "FFFFHZZ"), // 4: 4.5 → none
            ("候补棋协大师", "FFFFFZZ"), // 5: 5   → 棋协大师
        ],
    );
    assert_eq!(
        promoted(&s),
        vec![
            (1, "棋协一级棋士".to_string()),
            (3, "棋协四级棋士".to_string()),
            (5, "棋协大师".to_string()),
        ]
    );
}

#[test]
fn the_elite_groups_promotion_is_in_points() {
    // Seed 004 精英组, 7 rounds: "上海棋协大师 上海棋协候补大师 4.5分", "上海棋协候补大师 上海一级棋士
    // 4.5分" — from 上海一级棋士 to 上海棋协候补大师, and on to 上海棋协大师, each with 4.5 points,
    // typed as the Event tab takes it.
    let mut opts = AwardOptions::default();
    opts.promotion.table = bianpai::model::PromotionStep::parse_list(
        "上海棋协候补大师>上海棋协大师:4.5分, 上海一级棋士>上海棋协候补大师:4.5分",
    )
    .unwrap();
    let s = by_byes(
        7,
        &[
            ("上海一级棋士", "FFFFHZZ"),     // 1: 4.5 → 候补大师
            ("上海一级棋士", "FFFFZZZ"),     // 2: 4   → none
            ("上海棋协候补大师", "FFFFFZZ"), // 3: 5   → 大师
            ("上海棋协候补大师", "FFFHHZZ"), // 4: 4   → none
        ],
    );
    let got: Vec<(i64, String)> = promotions(&s, &opts)
        .into_iter()
        .map(|p| (p.entrant.0, p.to_grade))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "上海棋协候补大师".to_string()),
            (3, "上海棋协大师".to_string()),
        ]
    );
}

#[test]
fn five_round_promotions_with_two_targets() {
    // 5 rounds: 九级 → 八级 40 % = 2, → 七级 70 % = 3.5; 十级 → 九级 30 % = 1.5, → 八级 50 % =
    // 2.5; 无级 → 十级 30 % = 1.5, → 九级 50 % = 2.5. The highest target reached is given.
    let s = by_byes(
        5,
        &[
            ("棋协九级棋士", "FFZZZ"), // 1: 2   → 八级
            ("棋协九级棋士", "FFFHZ"), // 2: 3.5 → 七级
            ("棋协九级棋士", "FHZZZ"), // 3: 1.5 → none
            ("棋协十级棋士", "FFHZZ"), // 4: 2.5 → 八级
            ("棋协十级棋士", "FFZZZ"), // 5: 2   → 九级
            ("无级", "FHZZZ"),         // 6: 1.5 → 十级
            ("无级", "FFHZZ"),         // 7: 2.5 → 九级
            ("无级", "FZZZZ"),         // 8: 1   → none
            ("业余", "FFFFF"),         // 9: no row in the table → none
        ],
    );
    assert_eq!(
        promoted(&s),
        vec![
            (1, "棋协八级棋士".to_string()),
            (2, "棋协七级棋士".to_string()),
            (4, "棋协八级棋士".to_string()),
            (5, "棋协九级棋士".to_string()),
            (6, "棋协十级棋士".to_string()),
            (7, "棋协九级棋士".to_string()),
        ]
    );
}

#[test]
fn a_grade_is_read_however_the_entry_form_spells_it() {
    // The table's 棋协九级棋士 (九、晋级标准) is the entry form's 九级棋士 or 中国国际象棋协会9级
    // 棋士 (六: “须持有中国国际象棋协会国际象棋九级棋士证书”): 5 rounds, 2 points → 八级 (40 %).
    let s = by_byes(
        5,
        &[
            ("九级棋士", "FFZZZ"),
            ("中国国际象棋协会9级棋士", "FFZZZ"),
            ("上海九级棋士", "FFZZZ"), // 上海's grades are another body's: no row
        ],
    );
    assert_eq!(
        promoted(&s),
        vec![
            (1, "棋协八级棋士".to_string()),
            (2, "棋协八级棋士".to_string()),
        ]
    );
}

#[test]
fn the_rule_books_worked_example_of_early_stopping() {
    // rules.md §3.4: 二级组, 7 rounds, T = {4}. After round 4 a player on 4.0 stops, one on 0.5
    // (best 0.5 + 3 = 3.5 < 4) is out, one on 1.0 (best 4.0) continues. After round 5 the
    // last, on 1.5 (best 3.5), is out.
    let s = by_byes(
        7,
        &[
            ("棋协二级棋士", "FFFFZ"),
            ("棋协二级棋士", "HZZZZ"),
            ("棋协二级棋士", "FZZZH"),
        ],
    );
    let opts = AwardOptions::preset(AwardPreset::Seed004GradeEvent);
    assert_eq!(stopped_players(&s, &opts, 4), ids(&[1, 2]));
    assert_eq!(stopped_players(&s, &opts, 5), ids(&[1, 2, 3]));
}

#[test]
fn two_target_grades_under_both_policies() {
    // 九级组, 5 rounds, targets 2 (八级) and 3.5 (七级).
    let s = by_byes(
        5,
        &[
            ("棋协九级棋士", "FFZZ"), // 1: 2 after r2 (best 5); 2 after r4 (best 3)
            ("棋协九级棋士", "FFHZ"), // 2: 2 after r2; 2.5 after r4 (best 3.5)
            ("棋协九级棋士", "ZZZZ"), // 3: 0 after r2 (best 3); 0 after r4 (best 1)
            ("棋协九级棋士", "FFFH"), // 4: 2 after r2; 3.5 after r4 (top reached)
            ("业余", "ZZZZ"),         // 5: grade not in the table: never stopped
        ],
    );
    let mut opts = AwardOptions::preset(AwardPreset::Seed004GradeEvent);
    assert_eq!(
        opts.promotion.early_stop,
        EarlyStop::ContinueWhileHigherReachable
    );
    // After round 2 everyone can still reach 七级 or at least 八级: nobody stops.
    assert_eq!(stopped_players(&s, &opts, 2), ids(&[]));
    // After round 4: 1 has 八级 and cannot reach 3.5; 3 cannot reach 2; 4 reached 七级;
    // 2 (2.5, best 3.5) plays on for 七级.
    assert_eq!(stopped_players(&s, &opts, 4), ids(&[1, 3, 4]));

    opts.promotion.early_stop = EarlyStop::StopAtFirst;
    // Reaching 2 stops 1, 2 and 4 after round 2; 3 (best 3 ≥ 2) plays on.
    assert_eq!(stopped_players(&s, &opts, 2), ids(&[1, 2, 4]));
    assert_eq!(stopped_players(&s, &opts, 4), ids(&[1, 2, 3, 4]));

    // 小世界杯: “全程参赛，中途没有淘汰”.
    let open = AwardOptions::preset(AwardPreset::Seed004Open);
    assert_eq!(stopped_players(&s, &open, 4), ids(&[]));
}

/// Plays a 7-round 二级组 of five players in which only those not stopped are paired: the
/// active players sorted by points (then id) meet in adjacent pairs, the first (red) wins, and
/// an odd last player gets the pairing bye (1 point).
#[test]
fn a_grade_event_with_early_stopping_shrinks_its_field() {
    let rounds = 7;
    let target = Points::whole(4); // 55 % of 7 rounds
    let mut s = by_byes(rounds, &[("棋协二级棋士", ""); 5]);
    let opts = AwardOptions::preset(AwardPreset::Seed004GradeEvent);
    let mut score: BTreeMap<EntrantId, Points> =
        s.entrants.iter().map(|e| (e.id, Points::ZERO)).collect();
    let mut field_sizes = Vec::new();
    let mut stopped_by_round = Vec::new();
    let mut previously_stopped: Vec<EntrantId> = Vec::new();
    for r in 1..=rounds {
        let stopped = stopped_players(&s, &opts, r - 1);
        let mut active: Vec<EntrantId> = score
            .keys()
            .copied()
            .filter(|id| !stopped.contains(id))
            .collect();
        if active.is_empty() {
            break;
        }
        field_sizes.push(active.len());
        active.sort_by_key(|id| (std::cmp::Reverse(score[id]), *id));
        let mut round = Round {
            number: r,
            ..Round::default()
        };
        for (board, pair) in active.chunks(2).enumerate() {
            match pair {
                [red, black] => {
                    round.games.push(Game {
                        outcome: Some(Outcome::RedWin),
                        ..Game::new(board as u32 + 1, *red, *black)
                    });
                    *score.get_mut(red).unwrap() += Points::whole(1);
                }
                [alone] => {
                    round.byes.push(Bye {
                        entrant: *alone,
                        kind: ByeKind::Pairing,
                    });
                    *score.get_mut(alone).unwrap() += Points::whole(1);
                }
                _ => unreachable!("chunks of two"),
            }
        }
        s.rounds.push(round);
        let now = stopped_players(&s, &opts, r);
        // Once stopped, always stopped.
        assert!(previously_stopped.iter().all(|id| now.contains(id)));
        // Nobody who could still reach 4 is stopped: a stopped player has 4, or cannot get
        // there by winning every remaining round.
        let remaining = Points::whole((rounds - r) as i32);
        for id in &now {
            let s = score[id];
            assert!(s >= target || s + remaining < target, "round {r}, {id:?}");
        }
        for (id, s) in &score {
            if !now.contains(id) {
                assert!(s < &target && *s + remaining >= target, "round {r}, {id:?}");
            }
        }
        stopped_by_round.push(now.clone());
        previously_stopped = now;
    }
    // Worked by hand (points after each round):
    // R1 1-2, 3-4, bye 5            → 1:1 2:0 3:1 4:0 5:1
    // R2 1-3, 5-2, bye 4            → 1:2 2:0 3:1 4:1 5:2
    // R3 1-5, 3-4, bye 2            → 1:3 2:1 3:2 4:1 5:2
    // R4 1-3, 5-2, bye 4            → 1:4 2:1 3:2 4:2 5:3; 1 promoted; 2 (1 + 3 = 4) plays on
    // R5 5-3, 4-2                   → 2:1 3:2 4:3 5:4; 5 promoted; 2 out (1 + 2 < 4)
    // R6 4-3                        → 3:2 4:4; 4 promoted; 3 out (2 + 1 < 4)
    assert_eq!(field_sizes, vec![5, 5, 5, 5, 4, 2]);
    assert_eq!(stopped_by_round[3], ids(&[1]));
    assert_eq!(stopped_by_round[4], ids(&[1, 2, 5]));
    assert_eq!(stopped_by_round[5], ids(&[1, 2, 3, 4, 5]));
    let promoted: Vec<i64> = promotions(&s, &opts).iter().map(|p| p.entrant.0).collect();
    assert_eq!(promoted, vec![1, 4, 5]);
}

#[test]
fn byes_may_be_left_out_of_the_score_rate() {
    // 九级组, 5 rounds: a player with a pairing bye (1) and a win (1) has 2 → 八级 when byes
    // count; without the bye only 1, short of 2 (rules.md §3.3, open question Q9).
    let s = graded(5, &["棋协九级棋士", "棋协九级棋士"])
        .round(&[])
        .bye(1, ByeKind::Pairing)
        .round(&[(1, 2, Outcome::RedWin)])
        .round(&[])
        .round(&[])
        .round(&[])
        .build();
    let mut opts = AwardOptions::preset(AwardPreset::Seed004GradeEvent);
    assert!(opts.promotion.byes_count);
    let got: Vec<i64> = promotions(&s, &opts).iter().map(|p| p.entrant.0).collect();
    assert_eq!(got, vec![1]);
    opts.promotion.byes_count = false;
    assert!(promotions(&s, &opts).is_empty());
}
