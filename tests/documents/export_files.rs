//! Exports: an entrants list written to XLSX or CSV imports back with every field; pairings,
//! standings, prizes and crosstable hold the values worked out by hand from a two-round
//! section; HTML pages carry them; TRF goes through the TRF module and reads back.

use bianpai::i18n::Lang;
use bianpai::interchange::TrfFile;
use bianpai::interchange::entrants::{ColumnMapping, preview, read_csv, read_spreadsheet};
use bianpai::interchange::export::{
    Cell, CsvEncoding, PrizeRow, RankedRow, crosstable, entrants_table, pairings_table,
    prizes_table, standings_table, to_csv, to_html, to_trf, to_xlsx,
};

use crate::common::{SectionBuilder, entrant};
use bianpai::model::{Entrant, EntrantId, Outcome, Points, Section, Sex};
use chrono::NaiveDate;

fn d(y: i32, m: u32, day: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(y, m, day)
}

/// Four entrants with every kind of field value, including empty ones and text that needs
/// quoting.
fn entrants_section() -> Section {
    SectionBuilder::new()
        .name("U12组")
        .entrants([
            Entrant {
                birth_date: d(2014, 3, 15),
                rating: Some(1520),
                grade: "三级棋士".into(),
                member: true,
                ..entrant("王小明", "东城区棋协", Sex::Male)
            },
            Entrant {
                overseas: true,
                flags: vec![bianpai::model::WILDCARD_FLAG.to_string()],
                ..entrant("李华", "", Sex::Female)
            },
            Entrant {
                birth_date: d(2015, 12, 31),
                rating: Some(0),
                grade: "二级棋士".into(),
                team_member: true,
                ..entrant("Anna, \"Berg\"", "Club; A", Sex::Female)
            },
            Entrant {
                birth_date: d(1981, 1, 1),
                rating: Some(4000),
                ..entrant("欧阳 娜娜", "海淀区<少年宫>", Sex::Unknown)
            },
        ])
        .build()
}

/// What the importer reads: the fields, then the marks 会员, 境外, 团体队员 and the flags (外卡).
type Importable = (
    (String, Sex, Option<NaiveDate>, String, Option<i32>, String),
    (bool, bool, bool, Vec<String>),
);

fn importable(e: &Entrant) -> Importable {
    (
        (
            e.name.clone(),
            e.sex,
            e.birth_date,
            e.unit.clone(),
            e.rating,
            e.grade.clone(),
        ),
        (e.member, e.overseas, e.team_member, e.flags.clone()),
    )
}

fn empty_like(s: &Section) -> Section {
    Section {
        name: s.name.clone(),
        ..Section::default()
    }
}

#[test]
fn xlsx_export_imports_back_with_every_field() {
    let s = entrants_section();
    for lang in [Lang::Zh, Lang::En] {
        let bytes = to_xlsx(&[entrants_table(&s, lang)]).unwrap();
        let table = read_spreadsheet(&bytes).unwrap();
        let mapping = ColumnMapping::detect(&table).unwrap();
        let p = preview(&table, &mapping, &empty_like(&s), None);
        assert!(p.errors.is_empty(), "{lang:?}: {:?}", p.errors);
        let back: Vec<_> = p.rows.iter().map(|r| importable(&r.entrant)).collect();
        let want: Vec<_> = s.entrants.iter().map(importable).collect();
        assert_eq!(back, want, "{lang:?}");
    }
}

#[test]
fn csv_export_imports_back_with_every_field() {
    let s = entrants_section();
    let bytes = to_csv(&entrants_table(&s, Lang::Zh), CsvEncoding::Utf8Bom);
    let table = read_csv(&bytes).unwrap();
    let mapping = ColumnMapping::detect(&table).unwrap();
    let p = preview(&table, &mapping, &empty_like(&s), None);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let back: Vec<_> = p.rows.iter().map(|r| importable(&r.entrant)).collect();
    assert_eq!(back, s.entrants.iter().map(importable).collect::<Vec<_>>());
}

/// A(1) B(2) C(3) D(4). Round 1: A–B 红胜, D–C 和. Round 2: C–A 黑胜, B–D 红方弃权.
/// Under 2-1-0 (forfeit win 2): A 4, D 3, C 1, B 0.
fn played_section() -> Section {
    SectionBuilder::new()
        .name("男子组")
        .entrant("甲", "一队", Sex::Male)
        .entrant("乙", "二队", Sex::Male)
        .entrant("丙", "三队", Sex::Male)
        .entrant("丁", "四队", Sex::Male)
        .round(&[(1, 2, Outcome::RedWin), (4, 3, Outcome::Draw)])
        .round(&[
            (3, 1, Outcome::BlackWin),
            (2, 4, Outcome::BlackWinByForfeit),
        ])
        .build()
}

fn ranked() -> Vec<RankedRow> {
    [(1, 1, "4"), (2, 4, "3"), (3, 3, "1"), (4, 2, "0")]
        .into_iter()
        .map(|(rank, id, pts)| RankedRow {
            rank,
            entrant: EntrantId(id),
            points: Points::parse(pts).unwrap(),
            tiebreaks: vec![],
        })
        .collect()
}

fn texts(rows: &[Vec<Cell>]) -> Vec<Vec<String>> {
    rows.iter()
        .map(|r| r.iter().map(Cell::display).collect())
        .collect()
}

#[test]
fn pairings_of_round_two() {
    let t = pairings_table(&played_section(), 2, Lang::Zh).unwrap();
    assert_eq!(
        t.headers,
        [
            "台次", "序号", "红方", "单位", "结果", "序号", "黑方", "单位"
        ]
    );
    assert_eq!(
        texts(&t.rows),
        vec![
            vec!["1", "3", "丙", "三队", "黑胜", "1", "甲", "一队"],
            vec!["2", "2", "乙", "二队", "红方弃权", "4", "丁", "四队"],
        ]
    );
    assert!(pairings_table(&played_section(), 3, Lang::Zh).is_err());
}

#[test]
fn standings_prizes_and_crosstable() {
    let s = played_section();
    let st = standings_table(&s, &ranked(), &["累进分".to_string()], Lang::Zh);
    assert_eq!(
        st.headers,
        ["名次", "序号", "姓名", "单位", "积分", "累进分"]
    );
    assert_eq!(texts(&st.rows)[1], vec!["2", "4", "丁", "四队", "3"]);
    let pr = prizes_table(
        &s,
        &[PrizeRow {
            prize: "冠军".into(),
            rank: 1,
            entrant: EntrantId(1),
        }],
        Lang::Zh,
    );
    assert_eq!(texts(&pr.rows), vec![vec!["冠军", "1", "甲", "一队"]]);
    let ct = crosstable(&s, &ranked(), Lang::Zh);
    assert_eq!(
        ct.headers,
        ["名次", "序号", "姓名", "单位", "1", "2", "积分"]
    );
    assert_eq!(
        texts(&ct.rows),
        vec![
            vec!["1", "1", "甲", "一队", "4红1", "3黑1", "4"],
            vec!["2", "4", "丁", "四队", "3红=", "4黑+", "3"],
            vec!["3", "3", "丙", "三队", "2黑=", "1红0", "1"],
            vec!["4", "2", "乙", "二队", "1黑0", "2红-", "0"],
        ]
    );
    let html = to_html("男子组成绩", &[ct, st]);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<meta charset=\"utf-8\">"));
    assert!(html.contains("<td>4黑+</td>"));
    assert!(html.contains("<h2>男子组 交叉表</h2>"));
    // Sheets of every list go into one workbook; it reads back with the pairing values.
    let book = to_xlsx(&[pairings_table(&s, 2, Lang::Zh).unwrap(), pr]).unwrap();
    let first = read_spreadsheet(&book).unwrap();
    assert_eq!(
        first.rows[2],
        ["1", "3", "丙", "三队", "黑胜", "1", "甲", "一队"]
    );
}

#[test]
fn html_escapes_names() {
    let s = entrants_section();
    let html = to_html("名单", &[entrants_table(&s, Lang::Zh)]);
    assert!(html.contains("海淀区&lt;少年宫&gt;"));
    assert!(!html.contains("<少年宫>"));
}

#[test]
fn trf_export_reads_back() {
    let s = played_section();
    let text = to_trf(&bianpai::model::Event::default(), &s).unwrap();
    let back = TrfFile::parse(&text).unwrap().to_section().unwrap();
    let names: Vec<&str> = back
        .entrants_by_number()
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(names, vec!["甲", "乙", "丙", "丁"]);
    assert_eq!(back.rounds.len(), 2);
}
