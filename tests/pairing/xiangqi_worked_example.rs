//! rules.md §1.4.4: round 2 of an 8-player 2-1-0 event, paired by each positional rule, and the
//! seeds' round-1 pattern with same-unit avoidance.

use crate::common::SectionBuilder;
use bianpai::model::{EntrantId, Outcome, Section, SectionSettings};
use bianpai::pairing::xiangqi::explain::{ColourNote, Criterion, WhyNot};
use bianpai::pairing::xiangqi::{PositionalRule, XiangqiSwissOptions, pair_round, why_not};

fn id(n: u32) -> EntrantId {
    EntrantId(100 + i64::from(n))
}

fn num(e: EntrantId) -> u32 {
    (e.0 - 100) as u32
}

/// Round 1 (pattern 1-2, 4-3, 5-6, 8-7; first named red): 1 beats 2; 4–3 draw; 6 beats 5;
/// 8 beats 7.
fn example() -> Section {
    SectionBuilder::new()
        .settings(SectionSettings {
            rounds: 7,
            ..SectionSettings::default()
        })
        .ids_from(100)
        .players(8)
        .round(&[
            (1, 2, Outcome::RedWin),
            (4, 3, Outcome::Draw),
            (5, 6, Outcome::BlackWin),
            (8, 7, Outcome::RedWin),
        ])
        .build()
}

fn boards(rule: PositionalRule) -> Vec<(u32, u32)> {
    let o = XiangqiSwissOptions {
        positional: rule,
        ..XiangqiSwissOptions::default()
    };
    let p = pair_round(&example(), 2, &o).expect("pairable");
    assert!(p.round.byes.is_empty());
    p.round
        .games
        .iter()
        .map(|g| (num(g.red), num(g.black)))
        .collect()
}

#[test]
fn colour_rows_give_6_8_3_1_7_4_2_5() {
    // “Tables: 6–8, 3–1, 7–4, 2–5”.
    assert_eq!(
        boards(PositionalRule::ColourRows),
        vec![(6, 8), (3, 1), (7, 4), (2, 5)]
    );
}

#[test]
fn top_half_bottom_half_gives_6_1_3_8_2_4_7_5() {
    // “Tables: 6–1, 3–8, 2–4, 7–5”.
    assert_eq!(
        boards(PositionalRule::TopHalfBottomHalf),
        vec![(6, 1), (3, 8), (2, 4), (7, 5)]
    );
}

#[test]
fn adjacent_gives_1_v_6_on_top() {
    // “Adjacent style on ascending numbers also gives 1 v 6 here”. The rest follows by hand:
    // 8 floats and meets 3 (3–4 met in round 1; 8 due black, 3 due red), 4 floats and meets
    // the first of 2, 5, 7 (2, due red), leaving 7 (due red) v 5 (due black).
    assert_eq!(
        boards(PositionalRule::Adjacent),
        vec![(6, 1), (3, 8), (2, 4), (7, 5)]
    );
}

#[test]
fn the_explanation_names_floats_and_colour_reasons() {
    let p = pair_round(&example(), 2, &XiangqiSwissOptions::default()).unwrap();
    let b1 = &p.boards[0];
    assert_eq!((num(b1.red), num(b1.black)), (6, 8));
    assert!(b1.float.is_none());
    assert_eq!(b1.colour, ColourNote::BothPreferences);
    assert!(b1.gave_way.is_empty());
    let b2 = &p.boards[1];
    let f = b2.float.as_ref().expect("1 floats down to meet 3");
    assert_eq!((num(f.down), num(f.up), f.levels), (1, 3, 1));
    // 1 is the last of the 2-point group's sequence (8, 6, 1 in an even round) and 3 the first
    // of the 1-point due-red row: only the score group gave way.
    assert_eq!(b2.gave_way, vec![Criterion::ScoreGroup]);
    // “Why not 6 v his neighbour?” has an answer on every board.
    assert!(p.boards.iter().all(|b| b.why_not.is_some()));
}

#[test]
fn why_not_answers_from_the_rule_text() {
    let o = XiangqiSwissOptions::default();
    let mut s = example();
    let p = pair_round(&s, 2, &o).unwrap();
    s.rounds.push(p.round);
    // 3 and 4 drew in round 1: 相遇过的对手不再编对.
    assert_eq!(why_not(&s, 2, &o, id(3), id(4)), WhyNot::AlreadyMet);
    assert_eq!(why_not(&s, 2, &o, id(6), id(8)), WhyNot::ArePaired);
    // 1 v 6: both colour preferences would be met too, but the due-red row {6} takes the first
    // of the due-black row in sequence (8, then 1), so 1 is the one who floats.
    assert_eq!(
        why_not(&s, 2, &o, id(1), id(6)),
        WhyNot::Worse {
            criterion: Criterion::Floater
        }
    );
    // 6 v 2 would float a 2-point player down two levels.
    assert_eq!(
        why_not(&s, 2, &o, id(6), id(2)),
        WhyNot::Worse {
            criterion: Criterion::ScoreGroup
        }
    );
}

#[test]
fn withdrawn_and_held_out_players_are_not_paired_and_the_bye_goes_lowest() {
    use bianpai::model::{ByeKind, EntrantStatus};
    use bianpai::pairing::xiangqi::pair_round_with;
    let mut s = example();
    // 5 withdraws (退出); 2 is held out (e.g. qualified out): six remain. Holding out 4 as
    // well leaves five, so one bye.
    s.entrant_mut(id(5)).unwrap().status = EntrantStatus::Withdrawn;
    let o = XiangqiSwissOptions::default();
    let p = pair_round_with(&s, 2, &o, &[id(2)]).unwrap();
    let paired: Vec<u32> = p
        .round
        .games
        .iter()
        .flat_map(|g| [num(g.red), num(g.black)])
        .collect();
    assert_eq!(paired.len(), 6);
    assert!(!paired.contains(&5) && !paired.contains(&2));
    let p = pair_round_with(&s, 2, &o, &[id(2), id(4)]).unwrap();
    // Left: 1, 6, 8 (2 pts), 3 (1 pt), 7 (0 pts): the bye goes to the lowest score, 7.
    assert_eq!(p.round.byes.len(), 1);
    assert_eq!(num(p.round.byes[0].entrant), 7);
    assert_eq!(p.round.byes[0].kind, ByeKind::Pairing);
}
