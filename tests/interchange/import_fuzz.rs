//! Fuzzing the importers (CSV, XLSX, TRF) with proptest: whatever the bytes, reading, header
//! detection, mapping and row checks return values or errors and never panic. The window's
//! path is fuzzed too: a file on disk read by the app, its columns mapped as guessed or by
//! hand, checked and imported into an event file — which grows by exactly the checked rows
//! when every row is good, and not at all otherwise; and a TRF text made a section of the
//! event file — one section more, or nothing written.
//!
//! The short run is part of `cargo test`. The long run is ignored by default; it cycles through
//! the five targets for `FUZZ_SECONDS` (default 600) and prints how many cases each ran:
//!
//! `FUZZ_SECONDS=600 nice -n 10 cargo test --test interchange import_fuzz:: -- --ignored --nocapture`

use bianpai::app::{Field, Tournament, guess_mapping, read_entrant_file};
use bianpai::interchange::TrfFile;
use bianpai::interchange::entrants::{ColumnMapping, Table, preview, read_csv, read_spreadsheet};
use bianpai::model::{Eligibility, Entrant, Section, Sex};
use chrono::NaiveDate;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rust_xlsxwriter::Workbook;
use std::cell::RefCell;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A section with every entry rule on and one entrant, so every check runs.
fn section() -> Section {
    let mut s = Section {
        name: "U12组".into(),
        ..Section::default()
    };
    s.settings.eligibility = Eligibility {
        born_from: NaiveDate::from_ymd_opt(2014, 1, 1),
        born_to: NaiveDate::from_ymd_opt(2015, 12, 31),
        grades: vec!["三级棋士".into()],
        sex: Some(Sex::Male),
        cap: Some(3),
        any_of: vec![],
    };
    s.entrants.push(Entrant {
        name: "王小明".into(),
        ..Entrant::default()
    });
    s
}

/// Everything after reading: detect, validate the mapping, preview, and read every message.
fn check_table(table: &Table) {
    if let Some(m) = ColumnMapping::detect(table)
        && m.validate(table).is_ok()
    {
        let p = preview(table, &m, &section(), None);
        for e in &p.errors {
            let _ = e.message(bianpai::i18n::Lang::Zh);
            let _ = e.message(bianpai::i18n::Lang::En);
        }
    }
}

fn csv_target(bytes: &[u8]) {
    if let Ok(t) = read_csv(bytes) {
        check_table(&t);
    }
}

fn xlsx_target(bytes: &[u8]) {
    if let Ok(t) = read_spreadsheet(bytes) {
        check_table(&t);
    }
}

thread_local! {
    /// One event per test thread, with [`section`]'s rules and entrant, and a place for files.
    static EVENT: RefCell<(tempfile::TempDir, Tournament)> = RefCell::new({
        let dir = tempfile::tempdir().unwrap();
        let event = bianpai::model::Event {
            name: "导入".into(),
            sections: vec![section()],
            ..bianpai::model::Event::default()
        };
        let t = Tournament::create(&dir.path().join("e.bianpai"), &event).unwrap();
        (dir, t)
    });
}

/// The window's import: `bytes` saved as a file of kind `ext`, read, mapped as guessed with
/// `remap` (column, field choice) applied as the arbiter may, checked and imported.
fn window_target(bytes: &[u8], ext: &str, remap: &[(usize, usize)]) {
    EVENT.with(|cell| {
        let (dir, t) = &mut *cell.borrow_mut();
        let path = dir.path().join(format!("entries.{ext}"));
        std::fs::write(&path, bytes).unwrap();
        let Ok(table) = read_entrant_file(&path) else {
            return;
        };
        let mut mapping = guess_mapping(&table);
        let width = mapping.columns.len();
        for &(c, f) in remap {
            if width > 0 {
                mapping.columns[c % width] = Field::ALL.get(f % (Field::ALL.len() + 1)).copied();
            }
        }
        let id = t.event().sections[0].id;
        let before = t.event().sections[0].entrants.len();
        let checked = t.import_preview(id, &table, &mapping);
        let imported = t.import_table(id, &table, &mapping);
        let after = t.event().sections[0].entrants.len();
        match (checked, imported) {
            (Ok(p), Ok(ids)) => {
                assert!(p.errors.is_empty());
                assert_eq!(ids.len(), p.rows.len());
                assert_eq!(after, before + p.rows.len());
            }
            (Ok(p), Err(e)) => {
                assert!(!p.errors.is_empty() || p.rows.is_empty(), "{e}");
                assert_eq!(after, before, "a refused import writes nothing");
                let _ = e.message(bianpai::i18n::Lang::Zh);
            }
            (Err(_), Err(_)) => assert_eq!(after, before),
            (Err(e), Ok(_)) => panic!("imported a mapping the check refused: {e}"),
        }
    });
}

/// A TRF text parsed, mapped and written; then made a section of an event file through the
/// app service (`section add --from-trf`, the Event tab): a section is added, or nothing is
/// written, and the undo of an added one leaves the event as it was.
fn trf_target(text: &str) {
    if let Ok(f) = TrfFile::parse(text) {
        let _ = f.to_section();
        let _ = f.write();
    }
    EVENT.with(|cell| {
        let (_, t) = &mut *cell.borrow_mut();
        let before = t.event().sections.clone();
        match t.add_section_from_trf(text.as_bytes(), Some("TRF组")) {
            Ok(id) => {
                assert_eq!(t.event().sections.len(), before.len() + 1);
                assert!(t.event().section(id).is_some());
                t.undo().unwrap();
            }
            Err(e) => {
                let _ = e.message(bianpai::i18n::Lang::Zh);
                let _ = e.message(bianpai::i18n::Lang::En);
            }
        }
        assert_eq!(t.event().sections, before, "all or nothing, and undone");
    });
}

/// A small valid workbook to mutate.
fn seed_xlsx() -> &'static [u8] {
    static SEED: OnceLock<Vec<u8>> = OnceLock::new();
    SEED.get_or_init(|| {
        let mut book = Workbook::new();
        let s = book.add_worksheet();
        for (c, h) in ["姓名", "性别", "出生日期", "级别"].iter().enumerate() {
            s.write_string(0, c as u16, *h).unwrap();
        }
        s.write_string(1, 0, "王小明").unwrap();
        s.write_string(1, 1, "男").unwrap();
        s.write_string(1, 2, "2014-03-15").unwrap();
        s.write_number(2, 2, 41000.0).unwrap();
        book.save_to_buffer().unwrap()
    })
}

/// Cells made of the characters that matter to the importer: separators, quotes, digits,
/// date marks, header words, CJK, invalid-UTF-8 bytes are left to the byte strategy.
fn cell() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        prop::sample::select(vec![
            "姓名",
            "性别",
            "出生日期",
            "单位",
            "组别",
            "等级分",
            "级别",
            "会员",
            "境外",
            "Name",
            "男",
            "女",
            "X",
            "是",
            "否",
            "2014-03-15",
            "2014/13/1",
            "20140230",
            "2014年5月3日",
            "U12组",
            "三级棋士",
            "1500",
            "-1",
            "99999999999999999999",
            "1e9",
            "王小明",
        ])
        .prop_map(String::from),
        "[\\PC,;\t\"\r\n 0-9年月日/.-]{0,12}",
    ]
}

fn csv_text() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::collection::vec(cell(), 0..10), 0..12).prop_map(|rows| {
        rows.iter()
            .map(|r| r.join(","))
            .collect::<Vec<_>>()
            .join("\n")
            .into_bytes()
    })
}

/// A valid workbook with some bytes changed, inserted or cut off.
fn mutated_xlsx() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..8),
        any::<prop::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(edits, cut, truncate)| {
            let mut b = seed_xlsx().to_vec();
            for (i, v) in edits {
                let k = i.index(b.len());
                b[k] = v;
            }
            if truncate {
                b.truncate(cut.index(b.len()));
            }
            b
        })
}

/// TRF text: player lines with fields in roughly the right columns, and header lines.
fn trf_text() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        "001 [ 0-9]{4} [mfw ][ A-Z]{3} [A-Za-z, ]{0,33}[ 0-9]{4} [A-Z ]{3}[ 0-9]{11} [0-9/ ]{10} [ 0-9.]{4} [ 0-9]{4}(  [ 0-9]{4} [wb -] [10=+WDLHFUZ -]){0,4}",
        "(012|XXR|XXC|042|062|092|102|132|142|152|192|202|240|250|260|299|310) [\\PC]{0,40}",
        // TRF-2026 records in roughly their columns: byes, acceleration, bonuses, teams.
        "240 [FHZUX ] [ 0-9]{3}( [ 0-9x]{4}){0,4}",
        "250 [ 0-9.]{4} [ 0-9.-]{4} [ 0-9]{3} [ 0-9]{3} [ 0-9]{4} [ 0-9]{4}",
        "299 [ +H][ 0-9.-]{6}[ 0-9.-]{6}[ 0-9]{5}( [ 0-9]{4}){0,3}",
        "310 [ 0-9]{3} [A-Z ]{32} [ 0-9]{32}( [ 0-9]{4}){0,3}",
        "[\\PC ]{0,90}",
    ];
    prop::collection::vec(line, 0..10).prop_map(|l| l.join("\n"))
}

proptest! {
    #![proptest_config(Config { cases: 128, ..Config::default() })]

    #[test]
    fn csv_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        csv_target(&bytes);
    }

    #[test]
    fn csv_tables_never_panic(bytes in csv_text()) {
        csv_target(&bytes);
    }

    #[test]
    fn xlsx_never_panics(bytes in mutated_xlsx()) {
        xlsx_target(&bytes);
    }

    #[test]
    fn trf_never_panics(text in trf_text()) {
        trf_target(&text);
    }

    #[test]
    fn the_windows_import_writes_all_or_nothing(
        csv in csv_text(),
        xlsx in mutated_xlsx(),
        as_xlsx in any::<bool>(),
        remap in prop::collection::vec((0usize..12, 0usize..12), 0..3),
    ) {
        if as_xlsx {
            window_target(&xlsx, "xlsx", &remap);
        } else {
            window_target(&csv, "csv", &remap);
        }
    }
}

/// Runs `target` on values of `strategy` for `budget`; returns the number of cases.
fn run_for<S: Strategy>(budget: Duration, strategy: S, target: impl Fn(&S::Value)) -> u64
where
    S::Value: std::fmt::Debug,
{
    let start = Instant::now();
    let mut cases = 0u64;
    let mut batch = 0u32;
    while start.elapsed() < budget {
        let mut runner = TestRunner::new(Config {
            cases: 256,
            failure_persistence: None,
            rng_seed: proptest::test_runner::RngSeed::Fixed(u64::from(batch) * 0x9E37_79B9 + 1),
            ..Config::default()
        });
        runner
            .run(&strategy, |v| {
                target(&v);
                Ok(())
            })
            .unwrap_or_else(|e| panic!("fuzz batch {batch}: {e}"));
        cases += 256;
        batch += 1;
    }
    cases
}

#[test]
#[ignore = "long fuzz run; see the module doc for the command"]
fn fuzz_importers_for_a_long_time() {
    let total: u64 = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    let each = Duration::from_secs(total / 5);
    let n_bytes = run_for(each, prop::collection::vec(any::<u8>(), 0..2048), |b| {
        csv_target(b)
    });
    let n_csv = run_for(each, csv_text(), |b| csv_target(b));
    let n_xlsx = run_for(each, mutated_xlsx(), |b| xlsx_target(b));
    let n_trf = run_for(each, trf_text(), |t| trf_target(t));
    let window = (csv_text(), mutated_xlsx(), any::<bool>());
    let n_window = run_for(each, window, |(csv, xlsx, as_xlsx)| {
        if *as_xlsx {
            window_target(xlsx, "xlsx", &[]);
        } else {
            window_target(csv, "csv", &[]);
        }
    });
    println!(
        "fuzz cases: csv bytes {n_bytes}, csv tables {n_csv}, xlsx {n_xlsx}, trf {n_trf}, \
         window import {n_window}, total {}",
        n_bytes + n_csv + n_xlsx + n_trf + n_window
    );
    assert!(n_bytes > 0 && n_csv > 0 && n_xlsx > 0 && n_trf > 0 && n_window > 0);
}
