//! Seed 001, 第六条（三）: "限报300人，额满即止" — a cap on the entries of the whole event, all
//! its sections together, checked when an entrant is typed in, when a list is imported (in the
//! window's services and by `bianpai import`), and typed in the Event tab or given to
//! `bianpai new --cap`. A house player (补双选手) is the organiser's and is not an entry.
//!
//! The figures come from the rule: with 300 admitted, the 300th entry is taken and the 301st is
//! refused, whichever section it is for.

use crate::common;
use bianpai::app::AppError;
use bianpai::model::{Entrant, Event};
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};
use std::path::Path;

/// Seed 001's event with its cap and two groups holding `a` and `b` entrants.
fn seed_001(a: u32, b: u32) -> (tempfile::TempDir, bianpai::app::Tournament) {
    let (dir, mut t) = common::create(&Event {
        entry_cap: Some(300),
        ..common::event("2026年北京市青少年象棋锦标赛", vec![])
    });
    common::SectionBuilder::new()
        .name("U12组")
        .named("甲", a)
        .enter(&mut t);
    common::SectionBuilder::new()
        .name("U10组")
        .named("乙", b)
        .enter(&mut t);
    (dir, t)
}

fn entries(t: &bianpai::app::Tournament) -> usize {
    t.event().sections.iter().map(|s| s.entrants.len()).sum()
}

fn named(name: &str) -> Entrant {
    Entrant {
        name: name.into(),
        ..Entrant::default()
    }
}

#[test]
fn the_300th_entry_is_taken_and_the_301st_refused_in_any_section() {
    let (_dir, mut t) = seed_001(150, 149);
    let u12 = t.event().sections[0].id;
    let u10 = t.event().sections[1].id;
    t.add_entrant(u10, &named("第三百")).unwrap();
    assert_eq!(entries(&t), 300);
    for s in [u12, u10] {
        let err = t.add_entrant(s, &named("李华")).unwrap_err();
        assert!(
            matches!(&err, AppError::OverEventCap { cap: 300, name } if name == "李华"),
            "{err:?}"
        );
        assert_eq!(
            err.message(bianpai::i18n::Lang::Zh),
            "本次比赛限报 300 人，额满即止，李华未能报名"
        );
    }
    assert_eq!(entries(&t), 300);
    // The organiser's house player is not an entry.
    t.add_entrant(
        u12,
        &Entrant {
            house: true,
            ..named("补双")
        },
    )
    .unwrap();
    assert_eq!(entries(&t), 301);
}

/// An import that would pass the cap names its first row past it and writes nothing; one that
/// fills the cap exactly goes in.
#[test]
fn an_import_past_the_cap_names_the_row_and_writes_nothing() {
    let (dir, mut t) = seed_001(150, 148);
    let u10 = t.event().sections[1].id;
    let list = dir.path().join("报名表.csv");
    write_list(&list, "丙", 3);
    let preview = t.preview_import(u10, &list).unwrap();
    // Header on row 1: the entrants are rows 2–4; rows 2 and 3 make 299 and 300, row 4 is over.
    assert_eq!(preview.errors.len(), 1, "{:?}", preview.errors);
    assert_eq!(
        preview.errors[0].message(bianpai::i18n::Lang::Zh),
        "第4行：超过本次比赛限报人数 300 人"
    );
    let rows: Vec<Entrant> = preview.rows.iter().map(|r| r.entrant.clone()).collect();
    let err = t.import_entrants(u10, &rows).unwrap_err();
    assert!(
        matches!(&err, AppError::OverEventCap { cap: 300, name } if name == "丙3"),
        "{err:?}"
    );
    assert_eq!(entries(&t), 298);
    write_list(&list, "丙", 2);
    assert!(t.preview_import(u10, &list).unwrap().errors.is_empty());
    t.import_entrants(u10, &rows[..2]).unwrap();
    assert_eq!(entries(&t), 300);
}

fn write_list(path: &Path, prefix: &str, n: u32) {
    let mut text = String::from("姓名,性别,单位\n");
    for k in 1..=n {
        text.push_str(&format!("{prefix}{k},男,海淀区\n"));
    }
    std::fs::write(path, text).unwrap();
}

/// The command line: `new --cap`, then imports into two sections; the one past the cap is
/// refused with exit 2, its row named, and the file keeps what it had.
#[test]
fn the_command_line_sets_the_cap_and_refuses_past_it() {
    let dir = tempfile::tempdir().unwrap();
    let ev = dir.path().join("青少年赛.bianpai");
    let ev = ev.to_str().unwrap();
    let ok = |args: &[&str]| {
        common::ok(args);
    };
    ok(&["new", ev, "--name", "青少年赛", "--cap", "5"]);
    for name in ["U12组", "U10组"] {
        ok(&[
            "section", "add", ev, "--name", name, "--game", "xiangqi", "--system", "swiss",
            "--rounds", "7",
        ]);
    }
    let list = dir.path().join("a.csv");
    write_list(&list, "甲", 3);
    ok(&["import", ev, "-s", "U12组", list.to_str().unwrap()]);
    write_list(&list, "乙", 3);
    let err = common::refused(&["import", ev, "-s", "U10组", list.to_str().unwrap()]);
    assert!(err.contains("第4行：超过本次比赛限报人数 5 人"), "{err}");
    let err = common::refused(&[
        "--lang",
        "en",
        "import",
        ev,
        "-s",
        "U10组",
        list.to_str().unwrap(),
    ]);
    assert!(
        err.contains("Row 4: over the event's cap of 5 entrants"),
        "{err}"
    );
    let t = bianpai::app::Tournament::open(Path::new(ev)).unwrap();
    assert_eq!(t.event().entry_cap, Some(5));
    assert_eq!(entries(&t), 3);
}

/// In the window: the cap is typed in the Event tab's details and saved; an entrant typed in
/// the Entrants tab past it is refused with the rule named.
#[test]
fn the_cap_is_typed_in_the_event_tab_and_refuses_a_typed_entrant() {
    let (_dir, mut t) = common::create(&common::event("2026年北京市青少年象棋锦标赛", vec![]));
    common::SectionBuilder::new()
        .name("U12组")
        .named("甲", 2)
        .enter(&mut t);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 4000.0))
        .build_eframe(move |cc| bianpai::ui::BianpaiApp::for_test(&cc.egui_ctx, t));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    h.get_by_role_and_label(Role::TextInput, "全赛限报人数")
        .focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "全赛限报人数")
        .type_text("3");
    h.run();
    h.get_by_label("保存赛事信息").click();
    h.run();
    assert_eq!(
        h.state().desk.message.clone().map(|m| m.0),
        Some(false),
        "{:?}",
        h.state().desk.message
    );
    let tour = |h: &Harness<'static, bianpai::ui::BianpaiApp>| {
        h.state().desk.tournament.as_ref().unwrap().event().clone()
    };
    assert_eq!(tour(&h).entry_cap, Some(3));

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num2);
    h.run();
    let add = |h: &mut Harness<'static, bianpai::ui::BianpaiApp>, name: &str| {
        h.get_by_role_and_label(Role::TextInput, "姓名").focus();
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.run();
        h.get_by_role_and_label(Role::TextInput, "姓名")
            .type_text(name);
        h.run();
        h.get_by_label("添加选手").click();
        h.run();
    };
    add(&mut h, "王小明");
    assert_eq!(tour(&h).sections[0].entrants.len(), 3);
    add(&mut h, "李华");
    assert_eq!(tour(&h).sections[0].entrants.len(), 3);
    let (error, message) = h.state().desk.message.clone().unwrap();
    assert!(error);
    assert_eq!(message, "本次比赛限报 3 人，额满即止，李华未能报名");
}
