//! The entrants tab offers the house player (补双选手, rules.md §6) to an odd field: one press
//! of the button adds an entrant named 补双 of the organiser, flagged as the house player, so
//! the field becomes even and the button goes away; Ctrl+Z takes him out again.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::Tournament;
use bianpai::model::{Entrant, Event};
use bianpai::ui::{BianpaiApp, TabKind};
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1200.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

fn entrants(h: &Harness<'static, BianpaiApp>) -> Vec<Entrant> {
    h.state().desk.tournament.as_ref().unwrap().event().sections[0]
        .entrants
        .clone()
}

#[test]
fn the_add_house_player_button_makes_an_odd_field_even() {
    let (_dir, mut t) = common::create(&Event {
        organiser: "市棋协".into(),
        ..common::event("补双界面测试", vec![])
    });
    SectionBuilder::new()
        .name("公开组")
        .unit("甲队", &["王堃", "李明", "张三", "周喆", "赵六"])
        .enter(&mut t);
    let mut h = harness(t);
    h.run();
    assert_eq!(h.state().tab, TabKind::Entrants);
    assert_eq!(entrants(&h).len(), 5, "an odd field");
    // The form has the flag for any entrant.
    assert!(
        h.query_by_role_and_label(Role::CheckBox, "补双选手")
            .is_some()
    );

    h.get_by_role_and_label(Role::Button, "添加补双选手")
        .click();
    h.run();
    let now = entrants(&h);
    assert_eq!(now.len(), 6, "the field is even");
    let house: Vec<&Entrant> = now.iter().filter(|e| e.house).collect();
    assert_eq!(house.len(), 1);
    assert_eq!(
        (house[0].name.as_str(), house[0].unit.as_str()),
        ("补双", "市棋协")
    );
    assert!(
        h.query_by_role_and_label(Role::Button, "添加补双选手")
            .is_none(),
        "an even field is offered no house player"
    );

    // One action: one Ctrl+Z undoes it.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    let undone = entrants(&h);
    assert_eq!(undone.len(), 5);
    assert!(undone.iter().all(|e| !e.house));
    h.run();
    assert!(
        h.query_by_role_and_label(Role::Button, "添加补双选手")
            .is_some()
    );
}

#[test]
fn the_button_is_reached_with_the_keyboard() {
    let (_dir, mut t) = common::create(&common::event("补双键盘测试", vec![]));
    SectionBuilder::new()
        .name("公开组")
        .names(&["王堃", "李明", "张三"])
        .enter(&mut t);
    let mut h = harness(t);
    h.run();
    // Tab from the search field backwards lands on the button; Enter presses it.
    let search = "搜索（姓名/拼音首字母/单位/序号）";
    h.get_by_role_and_label(Role::TextInput, search).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    assert!(
        h.get_by_role_and_label(Role::Button, "添加补双选手")
            .is_focused()
    );
    h.key_press(egui::Key::Enter);
    h.run();
    let now = entrants(&h);
    assert_eq!(now.len(), 4);
    let house = now.iter().find(|e| e.house).unwrap();
    assert_eq!(
        house.unit, "承办单位",
        "no organiser named: the default unit"
    );
}
