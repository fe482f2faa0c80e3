//! Ctrl+Z inside a text field undoes the typing, never a stored action: an arbiter who types a
//! name and presses Ctrl+Z must not see the last result of the round disappear. Outside a field
//! Ctrl+Z undoes the last action as before.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::Tournament;
use bianpai::ui::BianpaiApp;
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1200.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

fn journal_len(h: &Harness<'static, BianpaiApp>) -> usize {
    h.state()
        .desk
        .tournament
        .as_ref()
        .unwrap()
        .journal()
        .unwrap()
        .len()
}

#[test]
fn ctrl_z_in_a_text_field_leaves_the_stored_actions_alone() {
    let (_dir, mut t) = common::create(&common::event("撤销键测试", vec![]));
    SectionBuilder::new()
        .name("公开组")
        .names(&["王堃", "李明", "张三"])
        .enter(&mut t);
    let mut h = harness(t);
    h.run();
    let before = journal_len(&h);
    let entrants = |h: &Harness<'static, BianpaiApp>| {
        h.state().desk.tournament.as_ref().unwrap().event().sections[0]
            .entrants
            .len()
    };
    assert_eq!(entrants(&h), 3);

    h.get_by_role_and_label(Role::TextInput, "姓名").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "姓名")
        .type_text("周喆");
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(journal_len(&h), before, "no stored action was undone");
    assert_eq!(entrants(&h), 3, "the last entrant is still there");

    // Outside the field, Ctrl+Z undoes the last action (the last entrant added).
    h.key_press(egui::Key::Escape);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(entrants(&h), 2);
}
