//! Acceptance (issue 2, point 3): in the window, type an entrant into the entrants tab, draw the
//! numbers, pair round 1 and enter a result with the keyboard in the results grid. The harness
//! also fails on any glyph the bundled font lacks, so every label shown here is checked for tofu.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{Tournament, demo_event};
use bianpai::model::Outcome;
use bianpai::ui::{BianpaiApp, TabKind};
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1200.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

#[test]
fn type_an_entrant_pair_round_one_and_enter_a_result_by_keyboard() {
    let (_dir, mut t) = common::create(&common::event("界面测试赛", vec![]));
    let path = t.path().to_path_buf();
    SectionBuilder::new()
        .name("公开组")
        .unit("甲队", &["王堃", "李明", "张三"])
        .enter(&mut t);
    let mut h = harness(t);
    h.run();
    assert_eq!(h.state().tab, TabKind::Entrants);

    // Type the fourth entrant and press Enter.
    h.get_by_role_and_label(Role::TextInput, "姓名").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "姓名")
        .type_text("周喆");
    h.run();
    h.get_by_role_and_label(Role::TextInput, "单位").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "单位")
        .type_text("乙队");
    h.run();
    h.get_by_label("添加选手").click();
    h.run();
    let section = &h.state().desk.tournament.as_ref().unwrap().event().sections[0];
    let zhou = section
        .entrants
        .iter()
        .find(|e| e.name == "周喆")
        .expect("the typed entrant was added");
    assert_eq!(zhou.unit, "乙队");
    assert_eq!(section.entrants.len(), 4);

    // Draw numbers with a fixed seed.
    h.get_by_role_and_label(Role::TextInput, "抽签种子").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "抽签种子")
        .type_text("7");
    h.run();
    h.get_by_label("抽签定序号").click();
    h.run();
    assert_eq!(
        h.state().desk.tournament.as_ref().unwrap().event().sections[0].lot_seed,
        Some(7)
    );

    // Ctrl+3: pairings; Ctrl+P pairs round 1.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num3);
    h.run();
    assert_eq!(h.state().tab, TabKind::Pairings);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::P);
    // Pairing runs on a worker thread: step frames until it is stored.
    for _ in 0..200 {
        h.step();
        if !h.state().pairings_tab.is_pairing() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run();
    let section = &h.state().desk.tournament.as_ref().unwrap().event().sections[0];
    assert_eq!(section.rounds.len(), 1);
    assert_eq!(section.rounds[0].games.len(), 2, "4 entrants → 2 boards");

    // Ctrl+4: results; "1" = red wins on board 1, then "=" = draw on board 2.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num4);
    h.run();
    assert_eq!(h.state().tab, TabKind::Results);
    h.key_press(egui::Key::Num1);
    h.run();
    h.key_press(egui::Key::Equals);
    h.run();
    let games = &h.state().desk.tournament.as_ref().unwrap().event().sections[0].rounds[0].games;
    assert_eq!(games[0].outcome, Some(Outcome::RedWin));
    assert_eq!(games[1].outcome, Some(Outcome::Draw));

    // The result is in the file, not only on screen.
    drop(h);
    let reopened = Tournament::open(&path).unwrap();
    assert_eq!(
        reopened.event().sections[0].rounds[0].games[0].outcome,
        Some(Outcome::RedWin)
    );
}

#[test]
fn the_demo_event_renders_every_tab_in_both_languages_without_missing_glyphs() {
    let (_dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    for lang in [bianpai::i18n::Lang::Zh, bianpai::i18n::Lang::En] {
        h.state_mut().desk.lang = lang;
        for tab in TabKind::ALL {
            h.state_mut().tab = tab;
            h.run();
        }
    }
    // Standings tab shows the demo's men's section after round 1.
    h.state_mut().desk.lang = bianpai::i18n::Lang::Zh;
    h.state_mut().tab = TabKind::Standings;
    h.run();
    assert!(h.query_by_label("第1轮后排名").is_some());
}

#[test]
fn ctrl_z_undoes_the_last_result() {
    let (_dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    h.run();
    let before =
        h.state().desk.tournament.as_ref().unwrap().event().sections[0].rounds[0].games[0].outcome;
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num4);
    h.run();
    h.key_press(egui::Key::Num0);
    h.run();
    let now =
        h.state().desk.tournament.as_ref().unwrap().event().sections[0].rounds[0].games[0].outcome;
    assert_eq!(now, Some(Outcome::BlackWin));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    let undone =
        h.state().desk.tournament.as_ref().unwrap().event().sections[0].rounds[0].games[0].outcome;
    assert_eq!(undone, before);
}

#[test]
fn the_pairings_tab_exports_the_slips_pdf() {
    let (dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    let out = dir.path().join("slips.pdf");
    h.state_mut().desk.dialog_override = Some(out.clone());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num3);
    h.run();
    h.get_by_label("记分单").click();
    h.run();
    let bytes = std::fs::read(&out).expect("the PDF was written");
    assert!(bytes.starts_with(b"%PDF"));
}

#[test]
fn entrants_are_found_by_pinyin_initials() {
    let (_dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    h.run();
    let search = "搜索（姓名/拼音首字母/单位/序号）";
    h.get_by_role_and_label(Role::TextInput, search).focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, search)
        .type_text("zz");
    h.run();
    // 周喆 (zhou zhe) is listed; 王堃 (wang kun) is not.
    assert!(h.query_by_label("周喆").is_some());
    assert!(h.query_by_label("王堃").is_none());
}
