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
//! `FUZZ_SECONDS=600 nice -n 10 cargo test --test import_bombs -- --ignored --nocapture`
//!
//! Hostile files (issue 34): tiny workbooks that declare or hold billions of cells — a cell in
//! XFD99999 or in column 400, an ODS row or cell repeated past the limits, ten billion shared
//! texts declared, a zip entry whose declared size lies, an XLS whose dimensions or directory
//! lie — are refused quickly, naming
//! the file and the limit, through the app service the window calls and through the command
//! line, whose peak memory is measured; and every command that reads a file a person names,
//! given /dev/zero or a FIFO fed without end, stops at the size limit, writes nothing and
//! exits 2.

use crate::common;
use crate::common::hostile;

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

/// A workbook past a limit, with the words of the limit it passes.
struct Bomb {
    name: &'static str,
    bytes: Vec<u8>,
    limit: &'static str,
}

/// The extent bombs: each is a few kilobytes (the inflating one a few hundred).
fn bombs() -> Vec<Bomb> {
    const COLUMNS: &str = "表格超过 200 列，未读取。";
    const ROWS: &str = "表格超过 100000 行，未读取。";
    const CELLS: &str = "表格超过 1000000 个单元格，未读取。";
    vec![
        Bomb {
            name: "A1与XFD99999.xlsx",
            bytes: hostile::xlsx_with_far_cell(99_998, 16_383),
            limit: COLUMNS,
        },
        Bomb {
            name: "第400列.xlsx",
            bytes: hostile::xlsx_with_far_cell(1, 399),
            limit: COLUMNS,
        },
        Bomb {
            // 300,000 rows in one row, repeated.
            name: "重复行.ods",
            bytes: hostile::ods_repeated(300_000, 1),
            limit: ROWS,
        },
        Bomb {
            // 90,000 rows × 1,000 columns: within the reader's own cap of 100 million cells
            // (3 GB laid out), far past ours.
            name: "重复列.ods",
            bytes: hostile::ods_repeated(90_000, 1_000),
            limit: COLUMNS,
        },
        Bomb {
            name: "重复单元格.ods",
            bytes: hostile::ods_repeated(90_000, 100),
            limit: CELLS,
        },
        Bomb {
            // Ten billion shared texts declared (the reader reserved room for them: 240 GB).
            name: "声明文本.xlsx",
            bytes: hostile::xlsx_declaring_texts(10_000_000_000),
            limit: CELLS,
        },
        Bomb {
            // Declares 1,000 bytes, inflates to 150 MB.
            name: "解压炸弹.xlsx",
            bytes: hostile::zip_lying(150 * 1024 * 1024),
            limit: "工作簿解压后将超过 100 MB，未读取。",
        },
        Bomb {
            // Declares 60,000 rows × 100 columns (the reader reserves room for each).
            name: "声明.xls",
            bytes: hostile::xls((1, 0), (0, 60_000), (0, 100), false),
            limit: CELLS,
        },
        Bomb {
            // A cell in column 256, declared as such.
            name: "远列.xls",
            bytes: hostile::xls((1, 255), (0, 2), (0, 256), false),
            limit: COLUMNS,
        },
    ]
}

#[test]
fn the_controls_within_the_limits_are_read() {
    // The same builders within the limits: the refusals below are the limits', not a broken
    // file's.
    let t = read_spreadsheet(&hostile::xlsx_with_far_cell(9, 4)).unwrap();
    assert_eq!((t.rows.len(), t.rows[0].len()), (10, 5));
    assert_eq!(
        (t.rows[0][0].as_str(), t.rows[9][4].as_str()),
        ("姓名", "王小明")
    );
    // 5,000 rows × 200 columns: a million cells, the most a sheet may have.
    let t = read_spreadsheet(&hostile::xlsx_with_far_cell(4_999, 199)).unwrap();
    assert_eq!((t.rows.len(), t.rows[0].len()), (5_000, 200));
    let t = read_spreadsheet(&hostile::xlsx_declaring_texts(2)).unwrap();
    assert_eq!(t.rows, [vec!["姓名", ""], vec!["", "王小明"]]);
    let t = read_spreadsheet(&hostile::ods_repeated(3, 2)).unwrap();
    assert_eq!(
        t.rows,
        [
            vec!["姓名", ""],
            vec!["王小明", "王小明"],
            vec!["王小明", "王小明"],
            vec!["王小明", "王小明"]
        ]
    );
    let t = read_spreadsheet(&hostile::xls((2, 1), (0, 3), (0, 2), false)).unwrap();
    assert_eq!(t.rows, [vec!["姓名", ""], vec!["", ""], vec!["", "王小明"]]);
    // A part that inflates past its declared size within the limit: damaged, not too big.
    assert!(matches!(
        read_spreadsheet(&hostile::zip_lying(1024 * 1024)),
        Err(bianpai::interchange::entrants::ImportError::Spreadsheet(_))
    ));
}

#[test]
fn extent_bombs_are_refused_by_the_window_s_service_naming_file_and_limit() {
    let dir = tempfile::tempdir().unwrap();
    for bomb in bombs() {
        let path = dir.path().join(bomb.name);
        std::fs::write(&path, &bomb.bytes).unwrap();
        let at = Instant::now();
        let e = read_entrant_file(&path).unwrap_err();
        let took = at.elapsed();
        assert_eq!(
            e.message(bianpai::i18n::Lang::Zh),
            format!("{}：{}", path.display(), bomb.limit),
            "{}",
            bomb.name
        );
        assert!(
            took < Duration::from_secs(20),
            "{} took {took:?}",
            bomb.name
        );
    }
    // A compound file whose directory chain leads back to itself (the reader would follow it
    // without end): refused as damaged.
    let path = dir.path().join("环.xls");
    std::fs::write(&path, hostile::xls((1, 0), (0, 2), (0, 1), true)).unwrap();
    let e = read_entrant_file(&path).unwrap_err();
    assert_eq!(
        e.message(bianpai::i18n::Lang::Zh),
        "文件已损坏，或不是 Excel/ODS 表格。"
    );
    // Nothing above laid out a grid: the whole test process stayed small.
    #[cfg(target_os = "linux")]
    assert!(
        hostile::own_peak_kb() < 600 * 1024,
        "peak {} kB",
        hostile::own_peak_kb()
    );
}

#[test]
#[cfg(target_os = "linux")]
fn extent_bombs_are_refused_by_the_command_line_in_little_memory() {
    use std::ffi::OsStr;
    let (dir, t, _) = common::chess_event("导入上限", 2, 1);
    let event = t.path().to_path_buf();
    drop(t);
    let before = Tournament::open(&event).unwrap().event().clone();
    for bomb in bombs() {
        let path = dir.path().join(bomb.name);
        std::fs::write(&path, &bomb.bytes).unwrap();
        let run = hostile::run_measured(&[
            OsStr::new("import"),
            event.as_os_str(),
            OsStr::new("-s"),
            OsStr::new("公开组"),
            path.as_os_str(),
        ]);
        assert_eq!(run.code, 2, "{}: {}{}", bomb.name, run.out, run.err);
        assert_eq!(
            run.err.trim(),
            format!("{}：{}", path.display(), bomb.limit),
            "{}",
            bomb.name
        );
        // The command line's own memory, a few tens of MB, and the bomb's part being read.
        assert!(
            run.peak_kb < 200 * 1024,
            "{}: peak {} kB",
            bomb.name,
            run.peak_kb
        );
        assert!(run.seconds < 30.0, "{}: {} s", bomb.name, run.seconds);
        println!(
            "{}: peak {} kB, {:.2} s",
            bomb.name, run.peak_kb, run.seconds
        );
    }
    assert_eq!(Tournament::open(&event).unwrap().event(), &before);
}

/// A FIFO at `path` fed blanks until its reader goes away, 200 MB at most or 60 seconds.
#[cfg(target_os = "linux")]
fn fifo_fed_forever(path: &std::path::Path) -> std::thread::JoinHandle<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid C string, and a mode.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
    std::thread::spawn(move || {
        let deadline = Instant::now() + Duration::from_secs(60);
        // Opened without blocking: no reader yet is ENXIO, tried again.
        let fd = loop {
            // SAFETY: a valid C string and flags.
            let fd = unsafe { libc::open(c.as_ptr(), libc::O_WRONLY | libc::O_NONBLOCK) };
            if fd >= 0 || Instant::now() > deadline {
                break fd;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        if fd < 0 {
            return 0;
        }
        let chunk = vec![b' '; 64 * 1024];
        let mut written: u64 = 0;
        while written < 200 * 1024 * 1024 && Instant::now() < deadline {
            // SAFETY: writes from our own buffer to our own descriptor.
            let n = unsafe { libc::write(fd, chunk.as_ptr().cast(), chunk.len()) };
            if n > 0 {
                written += n as u64;
            } else if std::io::Error::last_os_error().kind() == std::io::ErrorKind::WouldBlock {
                std::thread::sleep(Duration::from_micros(200));
            } else {
                // The reader went away (EPIPE: the signal is ignored in a Rust program).
                break;
            }
        }
        // SAFETY: our own descriptor, closed once.
        unsafe { libc::close(fd) };
        written
    })
}

#[test]
#[cfg(target_os = "linux")]
fn every_reader_of_a_named_file_stops_at_the_size_limit_on_an_endless_stream() {
    use std::ffi::{OsStr, OsString};
    let (dir, mut t, s) = common::chess_event("无尽的文件", 4, 2);
    t.pair_next_round(s).unwrap();
    let event = t.path().to_path_buf();
    drop(t);
    let before = Tournament::open(&event).unwrap().event().clone();
    let out = dir.path().join("out.txt");
    // Each command, given the file at {}: the arguments.
    let commands: Vec<(&str, Vec<OsString>)> = {
        let e = event.as_os_str().to_owned();
        let o = out.as_os_str().to_owned();
        let a = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        let with = |mut v: Vec<OsString>, e: &OsString| {
            v.insert(1, e.clone());
            v
        };
        vec![
            ("csv", with(a(&["import", "-s", "1", "{}"]), &e)),
            (
                "toml",
                with(a(&["settings", "-s", "1", "--import", "{}"]), &e),
            ),
            (
                "csv",
                with(a(&["result", "-s", "1", "-r", "1", "--from", "{}"]), &e),
            ),
            ("trf", {
                let mut v = a(&["section", "add", "--from-trf", "{}"]);
                v.insert(2, e.clone());
                v
            }),
            ("trf", {
                let mut v = a(&["pair", "--dutch", "{}", "-p"]);
                v.push(o.clone());
                v
            }),
            ("trf", {
                let mut v = a(&["pair", "--xiangqi", "{}", "-p"]);
                v.push(o.clone());
                v
            }),
            ("trf", a(&["check", "--dutch", "{}"])),
            ("trf", a(&["check", "--standings", "{}"])),
            ("trf", a(&["standings", "{}"])),
        ]
    };
    for (i, (ext, args)) in commands.iter().enumerate() {
        for source in ["zero", "fifo"] {
            let path = dir.path().join(format!("{source}{i}.{ext}"));
            let writer = if source == "zero" {
                std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
                None
            } else {
                Some(fifo_fed_forever(&path))
            };
            let args: Vec<&OsStr> = args
                .iter()
                .map(|a| {
                    if a == "{}" {
                        path.as_os_str()
                    } else {
                        a.as_os_str()
                    }
                })
                .collect();
            let run = hostile::run_measured(&args);
            if let Some(w) = writer {
                let written = w.join().unwrap();
                assert!(written > 50 * 1024 * 1024, "{args:?}: {written} bytes fed");
            }
            assert_eq!(run.code, 2, "{args:?}: {}{}", run.out, run.err);
            // The file named first; `pair --dutch` and `check --dutch` say it as a file they
            // cannot read (无法读写文件（文件超过 50 MB，未读取）).
            let said = run.err.trim();
            assert!(
                said.starts_with(&format!("{}：", path.display()))
                    && said.contains("文件超过 50 MB，未读取"),
                "{args:?}: {said}"
            );
            println!("{args:?}: peak {} kB, {:.2} s", run.peak_kb, run.seconds);
            assert!(
                run.peak_kb < 250 * 1024,
                "{args:?}: peak {} kB",
                run.peak_kb
            );
            assert!(!out.exists(), "{args:?} wrote {}", out.display());
        }
    }
    assert_eq!(Tournament::open(&event).unwrap().event(), &before);
    // The services the window calls stop at the limit too.
    let zero = dir.path().join("zero.csv");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let e = read_entrant_file(&zero).unwrap_err();
    assert_eq!(
        e.message(bianpai::i18n::Lang::Zh),
        format!("{}：文件超过 50 MB，未读取。", zero.display())
    );
    let e = bianpai::app::read_trf_file(&zero).unwrap_err();
    assert!(
        e.message(bianpai::i18n::Lang::En)
            .contains("larger than 50 MB")
    );
}
