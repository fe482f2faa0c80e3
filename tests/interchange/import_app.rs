//! Importing accepted rows through the app service: one transaction and one journal row for
//! the whole list; numbers continue after the draw; bad input writes nothing.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{AppError, Tournament};
use bianpai::conduct::JournalEntry;
use bianpai::interchange::entrants::{Acceptance, preview_file};
use bianpai::model::{Entrant, SectionSettings, Sex};
use std::path::PathBuf;

fn new_event() -> (tempfile::TempDir, Tournament) {
    common::create(&common::event("导入测试", vec![]))
}

#[test]
fn accepted_rows_are_imported_in_one_journalled_action_and_survive_reopen() {
    let (_dir, mut t) = new_event();
    let s = t.add_section("U12组", &SectionSettings::default()).unwrap();
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/import/good_zh.csv");
    let section = t.event().section(s).unwrap().clone();
    let p = preview_file(&file, &section, None).unwrap();
    let rows = p.accept(Acceptance::ValidOnly).unwrap();
    let entrants: Vec<Entrant> = rows.into_iter().map(|r| r.entrant).collect();
    let journal_before = t.journal().unwrap().len();
    let ids = t.import_entrants(s, &entrants).unwrap();
    assert_eq!(ids.len(), 4);
    let journal = t.journal().unwrap();
    assert_eq!(journal.len(), journal_before + 1);
    assert!(
        journal
            .iter()
            .any(|(_, action, entry)| action == "entrants.import"
                && *entry
                    == JournalEntry::Import {
                        section: "U12组".into(),
                        count: 4
                    })
    );
    let path = t.path().to_path_buf();
    drop(t);
    let t = Tournament::open(&path).unwrap();
    let names: Vec<(&str, Sex, &str)> = t
        .event()
        .section(s)
        .unwrap()
        .entrants
        .iter()
        .map(|e| (e.name.as_str(), e.sex, e.unit.as_str()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("王小明", Sex::Male, "东城区棋协"),
            ("李华", Sex::Female, "海淀区少年宫"),
            ("陈晨", Sex::Male, "朝阳区象棋俱乐部"),
            ("Tom Lee", Sex::Male, "Overseas Club"),
        ]
    );
}

#[test]
fn after_the_draw_imported_entrants_get_the_next_numbers() {
    let (_dir, mut t) = new_event();
    let s = SectionBuilder::new()
        .name("公开组")
        .names(&["甲", "乙", "丙"])
        .lot_seed(7)
        .enter(&mut t);
    let late = [
        Entrant {
            name: "丁".into(),
            ..Entrant::default()
        },
        Entrant {
            name: "戊".into(),
            ..Entrant::default()
        },
    ];
    t.import_entrants(s, &late).unwrap();
    let sec = t.event().section(s).unwrap();
    let numbers: Vec<(&str, Option<u32>)> = sec
        .entrants
        .iter()
        .filter(|e| e.name == "丁" || e.name == "戊")
        .map(|e| (e.name.as_str(), e.number))
        .collect();
    assert_eq!(numbers, vec![("丁", Some(4)), ("戊", Some(5))]);
}

#[test]
fn one_bad_entrant_writes_nothing() {
    let (_dir, mut t) = new_event();
    let s = t
        .add_section("公开组", &SectionSettings::default())
        .unwrap();
    let journal_before = t.journal().unwrap().len();
    let list = [
        Entrant {
            name: "甲".into(),
            ..Entrant::default()
        },
        Entrant {
            name: "乙".into(),
            rating: Some(5000),
            ..Entrant::default()
        },
    ];
    let err = t.import_entrants(s, &list).unwrap_err();
    assert!(matches!(err, AppError::FieldInvalid { .. }), "{err:?}");
    assert!(t.event().section(s).unwrap().entrants.is_empty());
    assert_eq!(t.journal().unwrap().len(), journal_before);
}

#[test]
fn undo_takes_back_the_whole_import_and_nothing_else() {
    let (_dir, mut t) = new_event();
    let s = SectionBuilder::new()
        .name("U12组")
        .names(&["先报名"])
        .enter(&mut t);
    let before = t.event().clone();
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/import/good_zh.csv");
    let section = t.event().section(s).unwrap().clone();
    let rows = preview_file(&file, &section, None)
        .unwrap()
        .accept(Acceptance::ValidOnly)
        .unwrap();
    let entrants: Vec<Entrant> = rows.into_iter().map(|r| r.entrant).collect();
    assert!(!entrants.is_empty());
    t.import_entrants(s, &entrants).unwrap();
    assert_eq!(
        t.event().section(s).unwrap().entrants.len(),
        1 + entrants.len()
    );
    t.undo().unwrap().expect("the import can be undone");
    assert_eq!(t.event(), &before, "exactly the import is taken back");
}

/// The app's preview, as the window shows it: every column not imported is listed (a header no
/// field keeps apart from one the importer does not know); a row of a section the event does
/// not have is an error of that row, which the arbiter's map of section names clears; and
/// nothing is written while any row has a problem.
#[test]
fn the_preview_lists_unused_columns_and_refuses_a_row_of_no_section() {
    use bianpai::app::{Field, guess_mapping};
    use bianpai::interchange::entrants::{Problem, Table, UnusedColumn};
    let (_dir, mut t) = new_event();
    let men = t
        .add_section("男子组", &SectionSettings::default())
        .unwrap();
    t.add_section("女子组", &SectionSettings::default())
        .unwrap();
    let cells = |rows: &[&[&str]]| Table {
        rows: rows
            .iter()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect(),
        first_row: 0,
        first_col: 0,
    };
    let table = cells(&[
        &[
            "姓名",
            "组别",
            "身份证号",
            "现有级别",
            "培训机构",
            "证书回寄地址",
            "爱好",
        ],
        &["甲", "男子组", "1", "无", "小世界", "某路", "围棋"],
        &["乙", "男子", "2", "", "弈园", "某路", ""],
        &["丙", "女子组", "3", "", "弈园", "某路", ""],
    ]);
    let mut mapping = guess_mapping(&table);
    assert_eq!(
        mapping.column_of(Field::Grade),
        Some(3),
        "现有级别 is the grade"
    );
    assert_eq!(
        mapping.column_of(Field::Unit),
        Some(4),
        "培训机构 is the unit"
    );
    let p = t.import_preview(men, &table, &mapping).unwrap();
    let unused = |column: usize, header: &str, known: bool| UnusedColumn {
        column,
        header: header.into(),
        known,
    };
    assert_eq!(
        p.unused,
        vec![
            unused(3, "身份证号", true),
            unused(6, "证书回寄地址", true),
            unused(7, "爱好", false)
        ]
    );
    assert_eq!(p.other_sections, vec![(4, "女子组".to_string())]);
    assert_eq!(p.errors.len(), 1, "{:?}", p.errors);
    let e = &p.errors[0];
    assert_eq!((e.row, e.column, e.value.as_str()), (3, Some(2), "男子"));
    assert_eq!(
        e.problem,
        Problem::NoSuchSection(vec!["男子组".into(), "女子组".into()])
    );
    assert!(matches!(
        t.import_table(men, &table, &mapping),
        Err(AppError::ImportRows(_))
    ));
    assert!(t.event().section(men).unwrap().entrants.is_empty());
    mapping.sections.insert("男子".into(), "男子组".into());
    let p = t.import_preview(men, &table, &mapping).unwrap();
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    assert_eq!(t.import_table(men, &table, &mapping).unwrap().len(), 2);
}
