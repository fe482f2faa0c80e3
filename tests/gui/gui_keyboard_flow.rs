//! Issue 37, point 5: the keyboard flow of a tired arbiter at 10 pm. In the entrant form Tab
//! goes through 性别 (男, 女, —) to 出生日期 and 等级分, each text landing in its own field;
//! Enter in any field adds the entrant, whose sex stays chosen for the next one; Enter in
//! 新组别名称 adds the section; Ctrl+P in the Results tab, after the last result, pairs the next
//! round; Ctrl+Z on a result puts the cursor back on its board.

use crate::common::{self, SectionBuilder, window};
use bianpai::model::{Outcome, SectionSettings, Sex};
use bianpai::ui::TabKind;
use chrono::NaiveDate;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn focused(h: &window::Window, label: &str) -> bool {
    h.query_all_by_role_and_label(Role::TextInput, label)
        .any(|n| n.is_focused())
}

#[test]
fn tab_goes_through_the_entrant_form_and_enter_adds_from_any_field() {
    let (_dir, mut t) = common::create(&common::event("键盘测试", vec![]));
    SectionBuilder::new().name("女子组").enter(&mut t);
    let mut h = window::harness(t);
    h.run();
    window::tab(&mut h, TabKind::Entrants);
    window::ctrl(&mut h, Key::N);
    assert!(focused(&h, "姓名"));
    window::type_text(&mut h, "王一");
    window::key(&mut h, Key::Tab);
    window::type_text(&mut h, "东城区");
    // Tab onto 男, Tab onto 女, Space chooses it; Tab past — to the birth date.
    window::key(&mut h, Key::Tab);
    window::key(&mut h, Key::Tab);
    window::key(&mut h, Key::Space);
    window::key(&mut h, Key::Tab);
    window::key(&mut h, Key::Tab);
    assert!(focused(&h, "出生日期"), "Tab reaches 出生日期 through 性别");
    window::type_text(&mut h, "2010-01-02");
    window::key(&mut h, Key::Tab);
    assert!(focused(&h, "等级分"));
    window::type_text(&mut h, "1800");
    window::key(&mut h, Key::Enter);
    window::no_error(&h, "adding from 等级分");
    let s = window::shown_section(&h);
    assert_eq!(s.entrants.len(), 1, "Enter in 等级分 adds the entrant");
    let e = &s.entrants[0];
    assert_eq!(
        (
            e.name.as_str(),
            e.unit.as_str(),
            e.sex,
            e.birth_date,
            e.rating
        ),
        (
            "王一",
            "东城区",
            Sex::Female,
            NaiveDate::from_ymd_opt(2010, 1, 2),
            Some(1800)
        )
    );

    // The form comes back to 姓名 with 女 still chosen.
    assert!(focused(&h, "姓名"));
    window::type_text(&mut h, "李二");
    window::key(&mut h, Key::Enter);
    let s = window::shown_section(&h);
    assert_eq!(s.entrants.len(), 2);
    assert_eq!(
        s.entrants[1].sex,
        Sex::Female,
        "性别 stays for the next entrant"
    );
}

#[test]
fn enter_in_the_new_section_name_adds_it() {
    let (_dir, t) = common::create(&common::event("键盘测试", vec![]));
    let mut h = window::harness(t);
    h.run();
    window::tab(&mut h, TabKind::Event);
    h.get_by_role_and_label(Role::TextInput, "新组别名称")
        .focus();
    h.run();
    window::type_text(&mut h, "男子组");
    window::key(&mut h, Key::Enter);
    window::no_error(&h, "adding a section by Enter");
    let names: Vec<String> = window::event(&h)
        .sections
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(names, ["男子组"]);
}

#[test]
fn ctrl_p_in_results_pairs_the_next_round_and_ctrl_z_goes_back_to_the_board() {
    let (_dir, mut t) = common::create(&common::event("键盘测试", vec![]));
    SectionBuilder::new()
        .name("公开组")
        .settings(SectionSettings {
            rounds: 3,
            ..SectionSettings::default()
        })
        .names(&["甲", "乙", "丙", "丁"])
        .lot_seed(5)
        .enter(&mut t);
    let mut h = window::harness(t);
    h.run();
    assert_eq!(window::pair_next_round(&mut h), 1);
    window::tab(&mut h, TabKind::Results);

    // Board 1 typed (the cursor moves on to board 2), then undone: the cursor is back on
    // board 1, and the next key gives board 1 its result.
    window::key(&mut h, Key::Num1);
    let board = |h: &window::Window, b: u32| {
        window::shown_section(h).rounds[0]
            .games
            .iter()
            .find(|g| g.board == b)
            .unwrap()
            .outcome
    };
    assert_eq!(board(&h, 1), Some(Outcome::RedWin));
    window::ctrl(&mut h, Key::Z);
    assert_eq!(board(&h, 1), None, "undone");
    window::key(&mut h, Key::Num0);
    assert_eq!(
        board(&h, 1),
        Some(Outcome::BlackWin),
        "typed on board 1 again"
    );
    assert_eq!(board(&h, 2), None);
    window::key(&mut h, Key::Num1);
    assert_eq!(board(&h, 2), Some(Outcome::RedWin));

    // The last result in: Ctrl+P from the Results tab pairs round 2.
    assert_eq!(h.state().tab, TabKind::Results);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::P);
    window::wait_until(&mut h, "pairing round 2", |h| {
        window::shown_section(h).rounds.len() == 2
    });
    window::no_error(&h, "pairing from the Results tab");
}
