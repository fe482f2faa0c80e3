//! Issue 8, the GUI part: the Documents tab chooses a document and saves it. The result book of
//! the demo event is made on a worker thread while the window keeps drawing; the file appears
//! and the message line says where it went.

use crate::common;
use bianpai::app::demo_event;
use bianpai::ui::{BianpaiApp, TabKind};
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};

fn harness(t: bianpai::app::Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1200.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

#[test]
fn the_documents_tab_saves_the_result_book() {
    let (dir, t) = common::create(&demo_event());
    let out = dir.path().join("成绩册.pdf");
    let mut h = harness(t);
    h.state_mut().desk.dialog_override = Some(out.clone());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num8);
    h.run();
    assert_eq!(h.state().tab, TabKind::Documents);
    h.get_by_role_and_label(Role::ComboBox, "文件种类").click();
    h.run();
    // Chosen as a screen reader does: the harness's pointer click (press and release in one
    // frame) does not choose an item of an open list, and the pairing sheet would be saved.
    h.get_by_label("成绩册").click_accesskit();
    h.run();
    assert_eq!(
        h.get_by_role_and_label(Role::ComboBox, "文件种类").value(),
        Some("成绩册".to_string())
    );
    h.get_by_label("保存PDF…").click();
    // The worker writes the file; the window keeps drawing (a spinner, so it never settles:
    // one frame at a time) and polls for the result every frame.
    for _ in 0..600 {
        h.step();
        if out.exists() && h.state().desk.message.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let bytes = std::fs::read(&out).expect("the result book was written");
    assert!(bytes.starts_with(b"%PDF"));
    let (error, message) = h.state().desk.message.clone().unwrap();
    assert!(!error && message.contains("已导出"), "{message}");
}

/// Saving onto a file that exists asks first: Esc keeps the old file, Enter replaces it; the
/// event file itself is never offered as a target.
#[test]
fn saving_over_an_existing_file_asks_first() {
    let (dir, t) = common::create(&demo_event());
    let event = t.path().to_path_buf();
    let out = dir.path().join("对阵表.pdf");
    std::fs::write(&out, b"yesterday's sheet").unwrap();
    let mut h = harness(t);
    h.state_mut().desk.dialog_override = Some(out.clone());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num8);
    h.run();
    let wait = |h: &mut Harness<'static, BianpaiApp>| {
        for _ in 0..600 {
            h.step();
            if h.state().desk.message.is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    };

    h.get_by_label("保存PDF…").click();
    h.run();
    assert!(
        h.query_by_label_contains("已存在。覆盖它吗？").is_some(),
        "it asks"
    );
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(std::fs::read(&out).unwrap(), b"yesterday's sheet", "kept");

    h.get_by_label("保存PDF…").click();
    h.run();
    h.key_press(egui::Key::Enter);
    wait(&mut h);
    assert!(
        std::fs::read(&out).unwrap().starts_with(b"%PDF"),
        "replaced"
    );

    // The event file as the target: refused with the reason, the event intact.
    h.state_mut().desk.message = None;
    h.state_mut().desk.dialog_override = Some(event.clone());
    h.get_by_label("保存PDF…").click();
    h.run();
    h.key_press(egui::Key::Enter);
    wait(&mut h);
    let (error, message) = h.state().desk.message.clone().unwrap();
    assert!(error && message.contains("赛事文件或备份"), "{message}");
    assert!(
        h.state()
            .desk
            .tournament
            .as_ref()
            .unwrap()
            .integrity_check()
            .is_ok()
    );
}

/// After a new round is paired, the Documents tab follows it (its pairing sheets are of the
/// new round), unless the arbiter had picked an earlier one; the standings stay on round 1, the
/// last round whose results are all in, until round 2's are (issue 37, point 4).
#[test]
fn the_round_shown_follows_the_latest_paired_round() {
    let (_dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    let shown = |h: &Harness<'static, BianpaiApp>| {
        h.get_by_role_and_label(Role::ComboBox, "轮次")
            .value()
            .unwrap_or_default()
    };
    for tab in [egui::Key::Num5, egui::Key::Num8] {
        h.key_press_modifiers(egui::Modifiers::COMMAND, tab);
        h.run();
        assert_eq!(shown(&h), "第1轮");
    }
    let s = h.state().desk.tournament.as_ref().unwrap().event().sections[0].id;
    h.state_mut()
        .desk
        .tournament
        .as_mut()
        .unwrap()
        .pair_next_round(s)
        .unwrap();
    for (tab, round) in [(egui::Key::Num5, "第1轮"), (egui::Key::Num8, "第2轮")] {
        h.key_press_modifiers(egui::Modifiers::COMMAND, tab);
        h.run();
        assert_eq!(shown(&h), round, "{tab:?}");
    }
}
