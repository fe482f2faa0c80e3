//! Issue 8, the GUI part: the Documents tab chooses a document and saves it. The result book of
//! the demo event is made on a worker thread while the window keeps drawing; the file appears
//! and the message line says where it went.

mod common;

use bianpai::app::demo_event;
use bianpai::ui::{BianpaiApp, TabKind};
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};

#[test]
fn the_documents_tab_saves_the_result_book() {
    let (dir, t) = common::create(&demo_event());
    let out = dir.path().join("成绩册.pdf");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1200.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    h.state_mut().desk.dialog_override = Some(out.clone());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num8);
    h.run();
    assert_eq!(h.state().tab, TabKind::Documents);
    h.get_by_role_and_label(Role::ComboBox, "文件种类").click();
    h.run();
    h.get_by_label("成绩册").click();
    h.run();
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
