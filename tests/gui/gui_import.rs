//! Issue 21, part 1: entrants are imported from the Entrants tab, only through the widgets a
//! person uses. A file with bad rows shows every row's problem (row, column, rule) in Chinese
//! and imports nothing; a good XLSX dropped on the window is imported as one action that
//! Ctrl+Z takes back; a sheet whose headers the program does not know is mapped by hand; the
//! blank entry form is saved from the same row of buttons.
//!
//! The expected messages are the rules' own words: seed 001's U12组 admits players born from
//! 2014-01-01 to 2015-12-31, and a sex must be 男 or 女.

use crate::common;
use crate::common::SectionBuilder;
use crate::common::hostile;
use bianpai::model::{Eligibility, SectionSettings};
use bianpai::ui::{BianpaiApp, TabKind};
use chrono::NaiveDate;
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};
use rust_xlsxwriter::Workbook;
use std::path::Path;
use std::sync::Arc;

fn harness(t: bianpai::app::Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

/// An event with seed 001's U12组 and nobody entered.
fn u12() -> (tempfile::TempDir, bianpai::app::Tournament) {
    let (dir, mut t) = common::create(&common::event("2026年青少年象棋赛", vec![]));
    let settings = SectionSettings {
        eligibility: Eligibility {
            born_from: Some(d(2014, 1, 1)),
            born_to: Some(d(2015, 12, 31)),
            ..Eligibility::default()
        },
        ..SectionSettings::default()
    };
    SectionBuilder::new()
        .name("U12组")
        .settings(settings)
        .enter(&mut t);
    (dir, t)
}

fn xlsx(path: &Path, rows: &[&[&str]]) {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *cell).unwrap();
        }
    }
    book.save(path).unwrap();
}

/// (name, unit, birth date, member) of every entrant of the first section, in entry order.
fn entered(h: &Harness<'static, BianpaiApp>) -> Vec<(String, String, Option<NaiveDate>, bool)> {
    h.state().desk.tournament.as_ref().unwrap().event().sections[0]
        .entrants
        .iter()
        .map(|e| (e.name.clone(), e.unit.clone(), e.birth_date, e.member))
        .collect()
}

fn has_text(h: &Harness<'static, BianpaiApp>, text: &str) -> bool {
    h.query_all_by(|n| {
        n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text))
    })
    .next()
    .is_some()
}

/// A file dropped on the window, as the platform hands it over.

#[test]
fn bad_rows_are_named_and_a_good_dropped_xlsx_is_imported_and_undone() {
    let (dir, t) = u12();
    let mut h = harness(t);
    h.run();
    assert_eq!(h.state().tab, TabKind::Entrants);

    // A sheet with two bad rows: an unknown sex, and a player too young for U12.
    let bad = dir.path().join("报名表-有误.xlsx");
    xlsx(
        &bad,
        &[
            &["姓名", "性别", "出生日期", "单位"],
            &["王小明", "男", "2014-03-15", "东城区棋协"],
            &["李华", "X", "2015-05-01", "海淀区少年宫"],
            &["陈晨", "男", "2016-02-01", "朝阳区象棋俱乐部"],
        ],
    );
    h.get_by_label("导入选手…").click();
    h.run();
    let path = h.get_by_role_and_label(Role::TextInput, "文件");
    path.type_text(&bad.display().to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    for message in [
        "第3行B列（性别）：性别“X”无法识别（应为“男”或“女”）",
        "第4行C列（出生日期）：出生日期晚于本组规定的 2015-12-31",
        "可导入 2 名选手；2 行有问题",
    ] {
        assert!(has_text(&h, message), "the window shows {message}");
    }
    // Rows 2 and 4 form entrants, row 3 does not; with any problem the button does nothing.
    h.get_by_label("导入 2 名选手").click();
    h.run();
    assert!(
        entered(&h).is_empty(),
        "nothing is imported from a bad file"
    );

    // A good sheet (a title line above the headers, as forms have), dropped on the window
    // while another tab is shown: the Entrants tab opens with its preview.
    let good = dir.path().join("报名表.xlsx");
    xlsx(
        &good,
        &[
            &["2026年青少年象棋赛 U12组 报名表"],
            &["姓名", "性别", "出生日期", "单位", "会员"],
            &["王小明", "男", "2014-03-15", "东城区棋协", "是"],
            &["李华", "女", "2015/7/1", "海淀区少年宫", "否"],
            &["𠇹明", "男", "20150101", "朝阳区象棋俱乐部", ""],
        ],
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num3);
    h.run();
    assert_ne!(h.state().tab, TabKind::Entrants);
    h.input_mut()
        .dropped_files
        .push(Arc::new(common::Dropped(good.clone())));
    h.run();
    assert_eq!(h.state().tab, TabKind::Entrants);
    assert!(has_text(&h, "可导入 3 名选手；0 行有问题"));
    h.get_by_label("导入 3 名选手").click();
    h.run();
    assert_eq!(
        entered(&h),
        vec![
            (
                "王小明".into(),
                "东城区棋协".into(),
                Some(d(2014, 3, 15)),
                true
            ),
            (
                "李华".into(),
                "海淀区少年宫".into(),
                Some(d(2015, 7, 1)),
                false
            ),
            (
                "𠇹明".into(),
                "朝阳区象棋俱乐部".into(),
                Some(d(2015, 1, 1)),
                false
            ),
        ]
    );
    let (error, message) = h.state().desk.message.clone().unwrap();
    assert!(!error && message.contains("已导入 3 名选手"), "{message}");

    // One action: one Ctrl+Z takes all three back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(entered(&h).is_empty());
}

#[test]
fn unknown_headers_are_mapped_by_hand() {
    let (dir, t) = u12();
    let csv = dir.path().join("名单.csv");
    std::fs::write(
        &csv,
        "棋手名,所在队伍,生年月日\n周喆,甲队,2014-06-01\n吴杰,乙队,2015-02-28\n",
    )
    .unwrap();
    let mut h = harness(t);
    h.run();
    h.get_by_label("导入选手…").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "文件")
        .type_text(&csv.display().to_string());
    h.run();
    h.get_by_label("读取").click();
    h.run();
    assert!(has_text(&h, "找不到“姓名”列。"));

    for (column, field) in [
        ("A 棋手名", "姓名"),
        ("B 所在队伍", "单位"),
        ("C 生年月日", "出生日期"),
    ] {
        h.get_by_role_and_label(Role::ComboBox, column).click();
        h.run();
        // The choice in the open list (the form's field has the same words).
        h.get_by_role_and_label(Role::Button, field).click();
        h.run();
    }
    assert!(has_text(&h, "可导入 2 名选手；0 行有问题"));
    h.get_by_label("导入 2 名选手").click();
    h.run();
    assert_eq!(
        entered(&h),
        vec![
            ("周喆".into(), "甲队".into(), Some(d(2014, 6, 1)), false),
            ("吴杰".into(), "乙队".into(), Some(d(2015, 2, 28)), false),
        ]
    );
}

#[test]
fn the_blank_entry_form_is_saved_and_reads_back_as_its_own_headers() {
    let (dir, t) = u12();
    let out = dir.path().join("U12组报名表.xlsx");
    let mut h = harness(t);
    h.state_mut().desk.dialog_override = Some(out.clone());
    h.run();
    h.get_by_label("空白报名表…").click();
    h.run();
    let bytes = std::fs::read(&out).expect("the form was written");
    assert!(bytes.starts_with(b"PK"), "an XLSX is a zip");
    // The form maps itself: its header row has the name column, and the section's age range
    // is printed above it.
    let table = bianpai::app::read_entrant_file(&out).unwrap();
    let mapping = bianpai::app::guess_mapping(&table);
    assert!(mapping.columns.contains(&Some(bianpai::app::Field::Name)));
    let text: String = table.rows.iter().flatten().cloned().collect();
    assert!(
        text.contains("2014-01-01") && text.contains("2015-12-31"),
        "{text}"
    );
}

#[test]
fn in_english_the_rows_problems_are_in_english() {
    let (dir, t) = u12();
    let bad = dir.path().join("entries.csv");
    std::fs::write(&bad, "Name,Sex,Date of birth\nTom Lee,X,2014-01-01\n").unwrap();
    let mut h = harness(t);
    h.state_mut().desk.lang = bianpai::i18n::Lang::En;
    h.run();
    h.get_by_label("Import entrants…").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "File")
        .type_text(&bad.display().to_string());
    h.run();
    h.get_by_label("Read").click();
    h.run();
    for message in [
        "Row 2, column B (Sex): sex “X” is not recognised (M or F)",
        "Entrants to import: 0; rows with problems: 1",
    ] {
        assert!(has_text(&h, message), "the window shows {message}");
    }
}

/// Issue 34: a 1.6 KB sheet with one cell in A1 and one in XFD99999 (a grid of 1.6 billion
/// cells to the workbook reader) typed into the import panel is refused there, naming the file
/// and the limit; the window goes on, and reads and imports a good file next.
#[test]
fn a_sheet_reaching_xfd99999_is_refused_and_the_window_goes_on() {
    let (dir, t) = u12();
    let mut h = harness(t);
    h.run();
    let bomb = dir.path().join("A1与XFD99999.xlsx");
    let bytes = hostile::xlsx_with_far_cell(99_998, 16_383);
    assert!(bytes.len() < 8 * 1024, "{} bytes", bytes.len());
    std::fs::write(&bomb, bytes).unwrap();
    h.get_by_label("导入选手…").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "文件")
        .type_text(&bomb.display().to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let refused = format!("{}：表格超过 200 列，未读取。", bomb.display());
    assert!(has_text(&h, &refused), "the window shows {refused}");
    assert!(entered(&h).is_empty());

    // Alive: the next file is read, checked and imported.
    let good = dir.path().join("报名表.xlsx");
    xlsx(
        &good,
        &[
            &["姓名", "性别", "出生日期"],
            &["王小明", "男", "2014-03-15"],
        ],
    );
    // The path replaced as a person does: into the field, Ctrl+A, the new path.
    h.get_by_role_and_label(Role::TextInput, "文件").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.event(egui::Event::Text(good.display().to_string()));
    h.run();
    h.get_by_label("读取").click();
    h.run();
    assert!(!has_text(&h, &refused));
    assert!(has_text(&h, "可导入 1 名选手；0 行有问题"));
    h.get_by_label("导入 1 名选手").click();
    h.run();
    assert_eq!(
        entered(&h),
        vec![("王小明".into(), String::new(), Some(d(2014, 3, 15)), false)]
    );
}
