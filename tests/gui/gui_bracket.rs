//! The bracket tab in the window, by keyboard: a four-player knockout in seed 000's match format
//! (one slow game, the higher seed choosing colour). Ctrl+6 opens the bracket, Ctrl+P pairs
//! stage 1, the colour dialog asks seed 1 then seed 2 (B black, R red), and the bracket shows
//! both semi-finals with their players and games; the Results tab names the games' phase. A
//! drawn semi-final gets its rapid game (colours swapped) from a second Ctrl+P, and the Results
//! tab puts the cursor on it. Seeds are the pairing numbers, so the semi-finals are 1 v 4 and
//! 2 v 3 (rules.md §5.1).

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::demo_event;
use bianpai::model::{EntrantId, GamePhase, PairingSystem, SectionSettings};
use bianpai::pairing::playoff::seed_000_format;
use bianpai::ui::{BianpaiApp, TabKind};
use egui::{Key, Modifiers};
use egui_kittest::{Harness, kittest::Queryable};

const NAMES: [&str; 4] = ["王堃", "李明", "张三", "周喆"];

#[test]
fn pair_a_knockout_stage_from_the_bracket_tab_by_keyboard() {
    let (_dir, mut t) = common::create(&common::event("淘汰赛", vec![]));
    let settings = SectionSettings {
        system: PairingSystem::Knockout,
        rounds: 2,
        knockout: seed_000_format(),
        ..SectionSettings::default()
    };
    SectionBuilder::new()
        .name("决赛阶段")
        .settings(settings)
        .names(&NAMES)
        .lot_seed(11)
        .enter(&mut t);
    // Seed n is the entrant drawn number n.
    let by_number: Vec<(u32, EntrantId, String)> = {
        let sec = &t.event().sections[0];
        let mut v: Vec<_> = sec
            .entrants
            .iter()
            .map(|e| (e.number.unwrap(), e.id, e.name.clone()))
            .collect();
        v.sort();
        v
    };
    let id = |n: usize| by_number[n - 1].1;

    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num6);
    h.run();
    assert_eq!(h.state().tab, TabKind::Bracket);
    assert!(h.query_by_label("淘汰赛对阵图").is_some());

    // Ctrl+P: seed 1 is asked first and takes black, then seed 2 takes red.
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
    let who = format!("{} {} 选择先后手：", by_number[0].0, by_number[0].2);
    assert!(h.query_by_label(&who).is_some(), "asks seed 1");
    h.key_press(Key::B);
    h.run();
    let who = format!("{} {} 选择先后手：", by_number[1].0, by_number[1].2);
    assert!(h.query_by_label(&who).is_some(), "then seed 2");
    h.key_press(Key::R);
    h.run();

    let games: Vec<(u32, EntrantId, EntrantId, GamePhase)> =
        h.state().desk.tournament.as_ref().unwrap().event().sections[0]
            .round(1)
            .expect("stage 1 is round 1")
            .games
            .iter()
            .map(|g| (g.board, g.red, g.black, g.phase))
            .collect();
    assert_eq!(
        games,
        vec![
            (1, id(4), id(1), GamePhase::Slow),
            (2, id(2), id(3), GamePhase::Slow)
        ]
    );
    assert!(
        h.query_by_label("已编排 2 局，第1轮（在“成绩”页录入）")
            .is_some()
    );
    // Every player is in the bracket as "[seed] number name".
    for (n, _, name) in &by_number {
        let label = format!("[{n}] {n} {name}");
        assert!(h.query_by_label(&label).is_some(), "{label} is shown");
    }
    assert!(h.query_by_label("半决赛（第1轮）").is_some());
    assert_eq!(h.query_all_by_label_contains("慢棋 · 第1台").count(), 1);

    // The Results tab names the phase beside the board, and "1" enters red's win.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num4);
    h.run();
    assert!(h.query_by_label("1  慢棋").is_some());
    h.key_press(Key::Num1);
    h.run();
    // Board 2 (2 v 3) is drawn: a rapid game with colours swapped is due.
    h.key_press(Key::Equals);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num6);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
    assert!(
        h.query_by_label("已编排 1 局，第1轮（在“成绩”页录入）")
            .is_some()
    );
    // Back in the results, the cursor is on the new board 3: "0" gives black (seed 2) the win.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num4);
    h.run();
    assert!(h.query_by_label("3  快棋").is_some());
    h.key_press(Key::Num0);
    h.run();
    let round = h.state().desk.tournament.as_ref().unwrap().event().sections[0]
        .round(1)
        .unwrap()
        .clone();
    use bianpai::model::Outcome::*;
    let got: Vec<_> = round
        .games
        .iter()
        .map(|g| (g.board, g.red, g.black, g.phase, g.outcome))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, id(4), id(1), GamePhase::Slow, Some(RedWin)),
            (2, id(2), id(3), GamePhase::Slow, Some(Draw)),
            (3, id(3), id(2), GamePhase::Rapid, Some(BlackWin)),
        ]
    );
}

/// The demo event's third section is an eight-player knockout with the first slow game of each
/// match played. Ctrl+PageDown twice reaches it from the men's section, Ctrl+6 shows its
/// bracket, and Ctrl+P pairs the second slow game of every match with the colours of the first
/// reversed (seed 002: 第二局交换先后手), on boards 5–8 of round 1; the result grid opens at
/// board 5. Ctrl+PageUp goes back.
#[test]
fn the_demo_knockout_is_reached_and_paired_by_keyboard() {
    let (_dir, t) = common::create(&demo_event());
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    h.run();
    let section_name = |h: &Harness<'_, BianpaiApp>| h.state().desk.section().unwrap().name.clone();
    assert_eq!(section_name(&h), "男子组");
    h.key_press_modifiers(Modifiers::COMMAND, Key::PageDown);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::PageDown);
    h.run();
    assert_eq!(section_name(&h), "少年淘汰赛");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num6);
    h.run();
    assert!(
        h.query_all_by_label_contains("钱昊天").next().is_some(),
        "the bracket names the players"
    );

    let first: Vec<(EntrantId, EntrantId)> = {
        let s = h.state().desk.section().unwrap();
        s.rounds[0].games.iter().map(|g| (g.red, g.black)).collect()
    };
    assert_eq!(first.len(), 4);
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
    let s = h.state().desk.section().unwrap();
    let second: Vec<(u32, EntrantId, EntrantId, GamePhase)> = s.rounds[0]
        .games
        .iter()
        .filter(|g| g.board > 4)
        .map(|g| (g.board, g.red, g.black, g.phase))
        .collect();
    let want: Vec<(u32, EntrantId, EntrantId, GamePhase)> = first
        .iter()
        .enumerate()
        .map(|(k, &(red, black))| (5 + k as u32, black, red, GamePhase::Slow))
        .collect();
    assert_eq!(second, want);

    // The result grid, never shown on this section before, opens at the first new game:
    // "1" gives board 5 to red.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num4);
    h.run();
    h.key_press(Key::Num1);
    h.run();
    let s = h.state().desk.section().unwrap();
    let outcome = |b: u32| {
        s.rounds[0]
            .games
            .iter()
            .find(|g| g.board == b)
            .unwrap()
            .outcome
    };
    assert_eq!(outcome(5), Some(bianpai::model::Outcome::RedWin));
    assert_eq!((5..=8).filter(|&b| outcome(b).is_some()).count(), 1);

    h.key_press_modifiers(Modifiers::COMMAND, Key::PageUp);
    h.run();
    assert_eq!(section_name(&h), "女子组");
}
