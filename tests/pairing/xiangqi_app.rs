//! Issue 3, acceptance 3 through the app services: a 100-player, 9-round event with seed 000
//! settings (3-1-0, 9 rounds, round-1 pattern 1-2 / 4-3 with 同队队员首轮回避, two consecutive
//! forfeits exclude) is entered, drawn, paired round by round and given results through
//! `Tournament`, stored in a file, and the checker finds no break and no better pairing in any
//! stored round — also after the file is reopened.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::Tournament;
use bianpai::model::{Entrant, Lots, Outcome, PairingSystem, PointSystemPreset, SectionSettings};
use bianpai::pairing::xiangqi::checker::check_round;
use bianpai::pairing::xiangqi::{ForfeitCount, XiangqiSwissOptions};

#[test]
fn seed_000_event_of_100_players_runs_through_the_app_without_a_break() {
    let (_dir, mut t) = common::create(&common::event("2026上海市象棋锦标赛（模拟）", vec![]));
    let path = t.path().to_path_buf();
    let options = XiangqiSwissOptions {
        forfeit_exclusion: 2,
        forfeit_exclusion_count: ForfeitCount::Consecutive,
        same_unit_from: 1,
        same_unit_to: 1,
        ..XiangqiSwissOptions::default()
    };
    let settings = SectionSettings {
        system: PairingSystem::XiangqiSwiss,
        rounds: 9,
        points: PointSystemPreset::ThreeOneZero.system(),
        xiangqi: options.clone(),
        ..SectionSettings::default()
    };
    let s = SectionBuilder::new()
        .name("男子组")
        .settings(settings)
        .entrants((0..100).map(|i| Entrant {
            name: format!("选手{i:03}"),
            unit: format!("第{}队", i % 16),
            ..Entrant::default()
        }))
        .lot_seed(20260829)
        .enter(&mut t);
    let mut lots = Lots::new(7);
    for round in 1..=9 {
        assert_eq!(t.pair_next_round(s).unwrap(), round);
        common::finish_round(&mut t, s, round, |_, _| match lots.below(100) {
            0..=2 => Outcome::BlackWinByForfeit,
            3..=5 => Outcome::RedWinByForfeit,
            6..=40 => Outcome::RedWin,
            41..=65 => Outcome::Draw,
            _ => Outcome::BlackWin,
        });
        let section = t.event().section(s).unwrap();
        let report = check_round(section, round, &options).unwrap();
        assert!(
            report.breaks.is_empty(),
            "round {round}: {:?}",
            report.breaks
        );
        assert!(
            report.better.is_none(),
            "round {round}: {:?}",
            report.better
        );
        let notes = t.round_notes(s, round).unwrap();
        assert!(
            notes.iter().any(|(b, _)| *b == 1),
            "round {round} has the engine's note on board 1"
        );
    }
    // Round 1 keeps every team apart (16 units of 6–7 players).
    let section = t.event().section(s).unwrap();
    for g in &section.rounds[0].games {
        assert_ne!(
            section.entrant(g.red).unwrap().unit,
            section.entrant(g.black).unwrap().unit
        );
    }
    let stored = t.event().clone();
    drop(t);
    let t = Tournament::open(&path).unwrap();
    assert_eq!(t.event(), &stored);
    let section = t.event().sections[0].clone();
    for round in 1..=9 {
        assert!(
            check_round(&section, round, &options)
                .unwrap()
                .breaks
                .is_empty()
        );
    }
}
