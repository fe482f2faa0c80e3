//! Issue 21, the last point, in the window: beside 添加组别 in the Event tab, 从TRF文件新建组别
//! makes a chess section of a TRF file, only through what a person uses (a click, a typed path,
//! Enter, a dropped file, Ctrl+Z). The new section is chosen, listed with its entrants and its
//! rounds, and one Ctrl+Z takes it away; a broken line is named and nothing is made.
//!
//! The file is the FIDE TEC tie-break exercise (16 players, 5 rounds, XXR 5); its line 13 is
//! player 1's record (ALYX, rating 2200).

use crate::common;
use bianpai::app::demo_event;
use bianpai::model::{GameKind, PairingSystem};
use bianpai::ui::{BianpaiApp, TabKind};
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};
use std::path::PathBuf;
use std::sync::Arc;

fn tec_swiss() -> PathBuf {
    common::shared_data("fide_tiebreak_exercises/tec-swiss.trf")
}

fn harness(t: bianpai::app::Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 4000.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

fn has_text(h: &Harness<'static, BianpaiApp>, text: &str) -> bool {
    h.query_all_by(|n| {
        n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text))
    })
    .next()
    .is_some()
}

/// Types into the new section's name field (新组别名称).
fn type_new_name(h: &mut Harness<'static, BianpaiApp>, text: &str) {
    h.get_all_by_role_and_label(Role::TextInput, "新组别名称")
        .next()
        .expect("the new section's name")
        .focus();
    h.run();
    h.get_all_by_role_and_label(Role::TextInput, "新组别名称")
        .next()
        .expect("the new section's name")
        .type_text(text);
    h.run();
}

fn section_names(h: &Harness<'static, BianpaiApp>) -> Vec<String> {
    let t = h.state().desk.tournament.as_ref().unwrap();
    t.event().sections.iter().map(|s| s.name.clone()).collect()
}

/// A file dropped on the window, as the platform hands it over.

#[test]
fn a_trf_file_becomes_a_chosen_section_with_its_entrants_and_rounds_and_ctrl_z_removes_it() {
    let (_dir, t) = common::create(&demo_event());
    let before: Vec<String> = t.event().sections.iter().map(|s| s.name.clone()).collect();
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    assert_eq!(h.state().tab, TabKind::Event);

    h.get_by_label("从TRF文件新建组别…").click();
    h.run();
    // The path field has the focus: typed, then Enter reads the file.
    h.get_by_role_and_label(Role::TextInput, "文件")
        .type_text(&tec_swiss().display().to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    // Without a name typed, the file's tournament name (cut to 50 characters) is shown.
    assert!(
        has_text(
            &h,
            "将新建组别“TEC Exercises in Tie-Breaking - Swiss individual c”：16名选手，已赛5轮（共5轮）"
        ),
        "the preview names the file's tournament"
    );
    // The section name typed above is the new section's.
    type_new_name(&mut h, "国际象棋公开组");
    assert!(has_text(
        &h,
        "将新建组别“国际象棋公开组”：16名选手，已赛5轮（共5轮）"
    ));
    h.get_by_label("新建组别").click();
    h.run();

    let mut names = before.clone();
    names.push("国际象棋公开组".into());
    assert_eq!(section_names(&h), names);
    let (error, message) = h.state().desk.message.clone().unwrap();
    assert!(!error, "{message}");
    assert_eq!(
        message,
        "已从TRF文件新建组别“国际象棋公开组”：16名选手，5轮"
    );
    // The new section is the chosen one, with a chess section's settings.
    let chosen = h.state().desk.section().cloned().unwrap();
    assert_eq!(chosen.name, "国际象棋公开组");
    assert_eq!(chosen.settings.game, GameKind::Chess);
    assert_eq!(chosen.settings.system, PairingSystem::Dutch);
    h.run();
    assert!(has_text(&h, "瑞士制（FIDE荷兰制）"));

    // Its entrants in the Entrants tab, numbered by starting rank.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num2);
    h.run();
    assert_eq!(h.state().tab, TabKind::Entrants);
    for name in ["ALYX", "BRUNO", "STEPHAN"] {
        assert!(has_text(&h, name), "{name} is listed");
    }
    // Its rounds in the Results tab, the last one shown.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num4);
    h.run();
    assert_eq!(h.state().tab, TabKind::Results);
    assert!(has_text(&h, "第5轮"), "round 5 is shown");

    // One Ctrl+Z: the section is gone, entrants, rounds and all.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(section_names(&h), before);
    let (_, message) = h.state().desk.message.clone().unwrap();
    assert!(
        message.contains("从TRF文件新建组别") && message.contains("国际象棋公开组"),
        "{message}"
    );
}

#[test]
fn a_dropped_trf_with_a_broken_line_is_named_and_nothing_is_made() {
    let (dir, t) = common::create(&demo_event());
    let text = std::fs::read_to_string(tec_swiss()).unwrap();
    let line = text.lines().nth(12).unwrap();
    assert!(line.starts_with("001    1"), "{line}");
    let broken = dir.path().join("公开组.trf");
    std::fs::write(
        &broken,
        text.replacen(line, &line.replacen("2200", "22x0", 1), 1),
    )
    .unwrap();
    let mut h = harness(t);
    h.run();
    let before = section_names(&h);
    assert_ne!(h.state().tab, TabKind::Event);
    h.input_mut()
        .dropped_files
        .push(Arc::new(common::Dropped(broken.clone())));
    h.run();
    h.run();
    assert_eq!(h.state().tab, TabKind::Event, "a TRF goes to the Event tab");
    assert!(has_text(
        &h,
        "TRF 文件第13行第49列：等级分“22x0”无法识别（应为整数）"
    ));
    h.get_by_label("新建组别").click();
    h.run();
    assert_eq!(section_names(&h), before, "nothing is made");

    // The file mended and read again: now it can be made.
    std::fs::write(&broken, &text).unwrap();
    h.get_by_label("读取").click();
    h.run();
    type_new_name(&mut h, "公开组");
    h.get_by_label("新建组别").click();
    h.run();
    assert_eq!(section_names(&h).last().map(String::as_str), Some("公开组"));
}
