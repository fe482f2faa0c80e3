//! Entrant import from files: good files in every supported form read exactly as written by
//! hand, and each malformed file yields the one error (row, column, problem) it was made for.

use bianpai::i18n::Lang;
use bianpai::interchange::entrants::{
    Acceptance, ColumnMapping, Field, FileImportError, ImportError, MappingError, Problem,
    column_letters, preview, preview_file, read_spreadsheet,
};
use bianpai::model::{Eligibility, Entrant, Ineligibility, Section, Sex};
use chrono::NaiveDate;
use rust_xlsxwriter::Workbook;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/import")
        .join(name)
}

/// (row, name, sex, birth date, unit, rating, grade) of an imported row.
type Line<'a> = (
    usize,
    &'a str,
    Sex,
    Option<NaiveDate>,
    &'a str,
    Option<i32>,
    &'a str,
);
/// (row, name, birth date, unit, rating) of an imported row.
type OdsLine<'a> = (usize, &'a str, Option<NaiveDate>, &'a str, Option<i32>);
/// (file, rules, expected errors as (row, column letter, problem)).
type Case = (&'static str, Rules, Vec<(usize, &'static str, Problem)>);

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

/// Seed 001: "U12组：2014年1月1日至2015年12月31日出生。"
fn u12() -> Section {
    let mut s = Section {
        name: "U12组".into(),
        ..Section::default()
    };
    s.settings.eligibility = Eligibility {
        born_from: Some(d(2014, 1, 1)),
        born_to: Some(d(2015, 12, 31)),
        ..Eligibility::default()
    };
    s
}

fn open() -> Section {
    Section {
        name: "公开组".into(),
        ..Section::default()
    }
}

#[test]
fn good_chinese_form_with_title_row() {
    let p = preview_file(&data("good_zh.csv"), &u12(), None).unwrap();
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    // Row 6 is a U10 entrant: left out of the U12 import, not an error.
    assert_eq!(p.other_sections, vec![(6, "U10组".to_string())]);
    let rows: Vec<Line> = p
        .rows
        .iter()
        .map(|r| {
            let e = &r.entrant;
            (
                r.row,
                e.name.as_str(),
                e.sex,
                e.birth_date,
                e.unit.as_str(),
                e.rating,
                e.grade.as_str(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (
                3,
                "王小明",
                Sex::Male,
                Some(d(2014, 3, 15)),
                "东城区棋协",
                Some(1520),
                "三级棋士"
            ),
            (
                4,
                "李华",
                Sex::Female,
                Some(d(2015, 7, 1)),
                "海淀区少年宫",
                None,
                "二级棋士"
            ),
            (
                5,
                "陈晨",
                Sex::Male,
                Some(d(2014, 12, 31)),
                "朝阳区象棋俱乐部",
                Some(1388),
                "三级棋士"
            ),
            (
                8,
                "Tom Lee",
                Sex::Male,
                Some(d(2014, 1, 1)),
                "Overseas Club",
                Some(1600),
                "三级棋士"
            ),
        ]
    );
    // (会员, 境外) per row.
    let flags: Vec<(bool, bool)> = p
        .rows
        .iter()
        .map(|r| (r.entrant.member, r.entrant.overseas))
        .collect();
    assert_eq!(
        flags,
        vec![(true, false), (false, false), (false, true), (false, true)]
    );
}

#[test]
fn gb18030_and_bom_read_the_same_as_utf8() {
    let utf8 = preview_file(&data("good_zh.csv"), &u12(), None).unwrap();
    assert_eq!(
        preview_file(&data("good_zh_gb18030.csv"), &u12(), None).unwrap(),
        utf8
    );
    assert_eq!(
        preview_file(&data("good_zh_bom.csv"), &u12(), None).unwrap(),
        utf8
    );
}

#[test]
fn english_headers_semicolons_and_quoted_field() {
    let p = preview_file(&data("good_en_semicolon.csv"), &open(), None).unwrap();
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    assert_eq!(p.rows.len(), 2);
    let a = &p.rows[0].entrant;
    assert_eq!(
        (
            a.name.as_str(),
            a.sex,
            a.birth_date,
            a.unit.as_str(),
            a.rating
        ),
        (
            "Anna Berg",
            Sex::Female,
            Some(d(2014, 6, 30)),
            "Nordic Club",
            Some(1710)
        )
    );
    let b = &p.rows[1].entrant;
    assert_eq!(
        (b.name.as_str(), b.grade.as_str()),
        ("Smith; John", "三级棋士")
    );
}

#[test]
fn tab_separated_with_ignored_number_column() {
    let p = preview_file(&data("good_tab.csv"), &open(), None).unwrap();
    let names: Vec<(&str, &str)> = p
        .rows
        .iter()
        .map(|r| (r.entrant.name.as_str(), r.entrant.unit.as_str()))
        .collect();
    assert_eq!(names, vec![("刘备", "蜀队"), ("孙尚香", "吴队")]);
}

/// Builds an XLSX by hand (rust_xlsxwriter, not the exporter) whose used range starts at B3,
/// with a real date cell, a number cell and a text date, and checks sheet coordinates.
#[test]
fn xlsx_cells_dates_numbers_and_sheet_coordinates() {
    let mut book = Workbook::new();
    let s = book.add_worksheet();
    let date = rust_xlsxwriter::Format::new().set_num_format("yyyy/m/d");
    for (c, h) in ["姓名", "性别", "出生日期", "等级分"].iter().enumerate() {
        s.write_string(2, c as u16 + 1, *h).unwrap();
    }
    s.write_string(3, 1, "王小明").unwrap();
    s.write_string(3, 2, "男").unwrap();
    let x = rust_xlsxwriter::ExcelDateTime::from_ymd(2014, 3, 15).unwrap();
    s.write_datetime_with_format(3, 3, x, &date).unwrap();
    s.write_number(3, 4, 1520.0).unwrap();
    s.write_string(4, 1, "李华").unwrap();
    s.write_string(4, 2, "女").unwrap();
    s.write_string(4, 3, "2014-13-01").unwrap();
    let bytes = book.save_to_buffer().unwrap();
    let table = read_spreadsheet(&bytes).unwrap();
    let mapping = ColumnMapping::detect(&table).unwrap();
    let p = preview(&table, &mapping, &u12(), None);
    assert_eq!(p.rows.len(), 1);
    let e = &p.rows[0].entrant;
    assert_eq!(p.rows[0].row, 4);
    assert_eq!((e.birth_date, e.rating), (Some(d(2014, 3, 15)), Some(1520)));
    // The bad text date is in sheet cell D5.
    assert_eq!(p.errors.len(), 1);
    assert_eq!(p.errors[0].row, 5);
    assert_eq!(p.errors[0].column.map(column_letters), Some("D".into()));
    assert_eq!(
        p.errors[0].message(Lang::Zh),
        "第5行D列（出生日期）：“2014-13-01”不是日期（应写作 2014-05-03、2014/5/3、2014年5月3日 或 20140503）"
    );
    assert!(
        p.errors[0]
            .message(Lang::En)
            .starts_with("Row 5, column D (Birth date): “2014-13-01” is not a date")
    );
}

/// The section a malformed file is checked against.
#[derive(Clone, Copy)]
enum Rules {
    U12,
    U12Grades,
    Women,
    CapTwo,
    U12WithEntrant,
}

fn section(r: Rules) -> Section {
    let mut s = u12();
    match r {
        Rules::U12 => {}
        Rules::U12Grades => {
            s.settings.eligibility.grades = vec!["三级棋士".into(), "二级棋士".into()];
        }
        Rules::Women => s.settings.eligibility.sex = Some(Sex::Female),
        Rules::CapTwo => s.settings.eligibility.cap = Some(2),
        Rules::U12WithEntrant => s.entrants.push(Entrant {
            name: "王小明".into(),
            sex: Sex::Male,
            birth_date: Some(d(2014, 3, 15)),
            unit: "东城区".into(),
            ..Entrant::default()
        }),
    }
    s
}

#[test]
fn each_malformed_row_names_its_row_column_and_problem() {
    use Problem::*;
    let s = |t: &str| t.to_string();
    // (file, rules, expected errors as (row, column letter, problem)), worked out from the
    // files by hand: row 1 is the header, data from row 2; columns A姓名 B性别 C出生日期 D单位
    // E等级分 F级别 G会员 H境外.
    let cases: Vec<Case> = vec![
        ("m01_empty_name.csv", Rules::U12, vec![(3, "A", EmptyName)]),
        (
            "m02_name_spaces_only.csv",
            Rules::U12,
            vec![(2, "A", EmptyName)],
        ),
        (
            "m03_bad_date_text.csv",
            Rules::U12,
            vec![(2, "C", BadDate(s("二零一四年")))],
        ),
        (
            "m04_bad_date_feb30.csv",
            Rules::U12,
            vec![(2, "C", BadDate(s("2014-02-30")))],
        ),
        (
            "m05_bad_date_month13.csv",
            Rules::U12,
            vec![(2, "C", BadDate(s("2014/13/01")))],
        ),
        (
            "m06_bad_date_two_digit_year.csv",
            Rules::U12,
            vec![(2, "C", BadDate(s("14-05-03")))],
        ),
        (
            "m07_bad_date_compact.csv",
            Rules::U12,
            vec![(2, "C", BadDate(s("20141301")))],
        ),
        (
            "m08_unknown_sex_letter.csv",
            Rules::U12,
            vec![(2, "B", UnknownSex(s("X")))],
        ),
        (
            "m09_unknown_sex_word.csv",
            Rules::U12,
            vec![(2, "B", UnknownSex(s("未知")))],
        ),
        (
            "m10_bad_rating_text.csv",
            Rules::U12,
            vec![(2, "E", BadRating(s("一千五")))],
        ),
        (
            "m11_bad_rating_negative.csv",
            Rules::U12,
            vec![(2, "E", BadRating(s("-5")))],
        ),
        (
            "m12_bad_rating_too_high.csv",
            Rules::U12,
            vec![(2, "E", BadRating(s("5000")))],
        ),
        (
            "m13_bad_rating_decimal.csv",
            Rules::U12,
            vec![(2, "E", BadRating(s("1500.5")))],
        ),
        (
            "m14_bad_member_flag.csv",
            Rules::U12,
            vec![(2, "G", BadFlag(s("maybe")))],
        ),
        (
            "m15_bad_overseas_flag.csv",
            Rules::U12,
            vec![(2, "H", BadFlag(s("港澳")))],
        ),
        (
            "m16_duplicate_rows.csv",
            Rules::U12,
            vec![(4, "A", Duplicate(2))],
        ),
        (
            "m17_born_too_early.csv",
            Rules::U12,
            vec![(2, "C", Ineligible(Ineligibility::BornBefore(d(2014, 1, 1))))],
        ),
        (
            "m18_born_too_late.csv",
            Rules::U12,
            vec![(
                2,
                "C",
                Ineligible(Ineligibility::BornAfter(d(2015, 12, 31))),
            )],
        ),
        (
            "m19_birth_date_missing.csv",
            Rules::U12,
            vec![(2, "C", Ineligible(Ineligibility::BirthDateMissing))],
        ),
        (
            "m20_grade_not_admitted.csv",
            Rules::U12Grades,
            vec![(2, "F", Ineligible(Ineligibility::GradeNotAdmitted))],
        ),
        (
            "m21_grade_missing.csv",
            Rules::U12Grades,
            vec![(2, "F", Ineligible(Ineligibility::GradeNotAdmitted))],
        ),
        (
            "m22_sex_not_admitted.csv",
            Rules::Women,
            vec![(
                2,
                "B",
                Ineligible(Ineligibility::SexNotAdmitted(Sex::Female)),
            )],
        ),
        ("m23_over_cap.csv", Rules::CapTwo, vec![(4, "", OverCap(2))]),
        (
            "m30_gb18030_bad_sex.csv",
            Rules::U12,
            vec![(2, "B", UnknownSex(s("男女")))],
        ),
        (
            "m31_date_trailing_garbage.csv",
            Rules::U12,
            vec![(2, "C", BadDate(s("2014-05-03x")))],
        ),
        (
            "m32_already_entered.csv",
            Rules::U12WithEntrant,
            vec![(2, "A", AlreadyEntered)],
        ),
        (
            "m33_two_errors_one_row.csv",
            Rules::U12,
            vec![(2, "A", EmptyName), (2, "B", UnknownSex(s("X")))],
        ),
        (
            "m34_short_row_missing_cells.csv",
            Rules::U12,
            vec![(2, "B", UnknownSex(s("Q")))],
        ),
    ];
    for (file, rules, expected) in cases {
        let p = preview_file(&data(file), &section(rules), None)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let got: Vec<(usize, String, Problem)> = p
            .errors
            .iter()
            .map(|e| {
                (
                    e.row,
                    e.column.map(column_letters).unwrap_or_default(),
                    e.problem.clone(),
                )
            })
            .collect();
        let want: Vec<(usize, String, Problem)> = expected
            .into_iter()
            .map(|(r, c, p)| (r, c.to_string(), p))
            .collect();
        assert_eq!(got, want, "{file}");
        // Each message names the row, in both languages.
        for e in &p.errors {
            assert!(
                e.message(Lang::Zh).starts_with(&format!("第{}行", e.row)),
                "{file}"
            );
            assert!(
                e.message(Lang::En).starts_with(&format!("Row {}", e.row)),
                "{file}"
            );
        }
    }
}

#[test]
fn malformed_files_that_are_not_tables_of_entrants() {
    let cases: Vec<(&str, FileImportError)> = vec![
        ("m24_no_name_column.csv", MappingError::NoNameColumn.into()),
        ("m25_no_header.csv", MappingError::NoNameColumn.into()),
        ("m26_empty_file.csv", MappingError::NoNameColumn.into()),
        (
            "m27_neither_utf8_nor_gb18030.csv",
            ImportError::Encoding.into(),
        ),
        (
            "m29_unknown_type.doc",
            ImportError::UnknownType("doc".into()).into(),
        ),
    ];
    for (file, want) in cases {
        assert_eq!(preview_file(&data(file), &u12(), None), Err(want), "{file}");
    }
    // A text file named .xlsx, and a real workbook cut in half.
    assert!(matches!(
        preview_file(&data("m28_not_a_workbook.xlsx"), &u12(), None),
        Err(FileImportError::Read(ImportError::Spreadsheet(_)))
    ));
    let mut book = Workbook::new();
    book.add_worksheet().write_string(0, 0, "姓名").unwrap();
    let bytes = book.save_to_buffer().unwrap();
    assert!(matches!(
        read_spreadsheet(&bytes[..bytes.len() / 2]),
        Err(ImportError::Spreadsheet(_))
    ));
    // A mangled workbook (found by the long fuzz run) on which the workbook reader panics: it
    // is refused as a damaged file, in the user's language, and the program goes on.
    let err =
        read_spreadsheet(&std::fs::read(data("m40_reader_panics.xlsx")).unwrap()).unwrap_err();
    assert!(matches!(err, ImportError::Spreadsheet(_)));
    assert_eq!(
        err.message(bianpai::i18n::Lang::Zh),
        "文件已损坏，或不是 Excel/ODS 表格。"
    );
}

#[test]
fn a_field_mapped_twice_names_both_columns() {
    let table =
        bianpai::interchange::entrants::read_csv("姓名,单位,队名\n甲,A,B\n".as_bytes()).unwrap();
    let mut m = ColumnMapping::detect(&table).unwrap();
    // Detection gives 单位 to the first such column and ignores 队名; the arbiter maps it too.
    assert_eq!(m.columns, vec![Some(Field::Name), Some(Field::Unit), None]);
    m.columns[2] = Some(Field::Unit);
    let err = m.validate(&table).unwrap_err();
    assert_eq!(
        err,
        MappingError::FieldTwice {
            field: Field::Unit,
            first: 2,
            second: 3
        }
    );
    assert_eq!(err.message(Lang::Zh), "“单位”同时对应第 2 列和第 3 列。");
}

#[test]
fn accepting_valid_rows_or_all() {
    // m16: rows 2 and 3 fine, row 4 a duplicate (admissible by the arbiter).
    let p = preview_file(&data("m16_duplicate_rows.csv"), &u12(), None).unwrap();
    let valid = p.accept(Acceptance::ValidOnly).unwrap();
    assert_eq!(valid.iter().map(|r| r.row).collect::<Vec<_>>(), vec![2, 3]);
    let all = p.accept(Acceptance::All).unwrap();
    assert_eq!(all.iter().map(|r| r.row).collect::<Vec<_>>(), vec![2, 3, 4]);
    // m01: row 3 has no name, so "all" is refused and names the row.
    let p = preview_file(&data("m01_empty_name.csv"), &u12(), None).unwrap();
    assert_eq!(p.accept(Acceptance::All).unwrap_err().0, vec![3]);
    assert_eq!(p.accept(Acceptance::ValidOnly).unwrap().len(), 1);
}

#[test]
fn cap_counts_entrants_already_in_the_section() {
    // Seed 001 caps entries at 300; here a cap of 2 with one entrant already entered admits
    // one more row.
    let mut s = section(Rules::CapTwo);
    s.entrants.push(Entrant {
        name: "早报名".into(),
        ..Entrant::default()
    });
    let p = preview_file(&data("m23_over_cap.csv"), &s, None).unwrap();
    let over: Vec<usize> = p
        .errors
        .iter()
        .filter(|e| e.problem == Problem::OverCap(2))
        .map(|e| e.row)
        .collect();
    assert_eq!(over, vec![3, 4]);
}

/// An OpenDocument sheet made by hand (zip of mimetype, manifest and content.xml) with a
/// date cell and a number cell.
#[test]
fn ods_sheet_reads_dates_and_numbers() {
    let p = preview_file(&data("good_zh.ods"), &u12(), None).unwrap();
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let got: Vec<OdsLine> = p
        .rows
        .iter()
        .map(|r| {
            let e = &r.entrant;
            (
                r.row,
                e.name.as_str(),
                e.birth_date,
                e.unit.as_str(),
                e.rating,
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (2, "王小明", Some(d(2014, 3, 15)), "东城区棋协", Some(1520)),
            (3, "李华", Some(d(2015, 7, 1)), "海淀区少年宫", None),
        ]
    );
}
