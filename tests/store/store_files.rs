//! Acceptance (issue 2, point 6): a newer-schema file, a random binary file, an empty file and a
//! SQLite file of another program are refused with a clear message and left byte-identical; a
//! second instance on an open file is refused with a message.

use crate::common;
use bianpai::app::{AppError, Tournament, demo_event};
use bianpai::i18n::Lang;
use bianpai::store::StoreError;
use std::path::Path;

fn refused(path: &Path) -> AppError {
    let before = std::fs::read(path).unwrap();
    let err = Tournament::open(path).err().expect("must be refused");
    assert_eq!(
        std::fs::read(path).unwrap(),
        before,
        "{} changed",
        path.display()
    );
    err
}

#[test]
fn newer_schema_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("newer.bianpai");
    drop(Tournament::create(&path, &demo_event()).unwrap());
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.pragma_update(None, "user_version", 99).unwrap();
        c.pragma_update(None, "journal_mode", "DELETE").unwrap();
    }
    let err = refused(&path);
    assert!(
        matches!(err, AppError::Store(StoreError::Newer { found: 99, .. })),
        "{err:?}"
    );
    let zh = err.message(Lang::Zh);
    assert!(zh.contains("更新版本") && zh.contains("99"), "{zh}");
    assert!(err.message(Lang::En).contains("newer"));
}

#[test]
fn random_bytes_empty_and_foreign_sqlite_are_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let random = dir.path().join("random.bianpai");
    let mut lots = bianpai::model::Lots::new(1);
    let bytes: Vec<u8> = (0..4096).map(|_| lots.below(256) as u8).collect();
    std::fs::write(&random, &bytes).unwrap();
    assert!(matches!(
        refused(&random),
        AppError::Store(StoreError::NotOurs { .. })
    ));

    let empty = dir.path().join("empty.bianpai");
    std::fs::write(&empty, b"").unwrap();
    let err = refused(&empty);
    assert!(matches!(err, AppError::Store(StoreError::Empty { .. })));
    assert!(
        err.message(Lang::Zh).contains("空"),
        "{}",
        err.message(Lang::Zh)
    );

    let foreign = dir.path().join("other.bianpai");
    {
        let c = rusqlite::Connection::open(&foreign).unwrap();
        c.execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
            .unwrap();
    }
    assert!(matches!(
        refused(&foreign),
        AppError::Store(StoreError::NotOurs { .. })
    ));

    let text = dir.path().join("notes.bianpai");
    std::fs::write(&text, "SQLite format 3 — but only text, and short").unwrap();
    assert!(matches!(
        refused(&text),
        AppError::Store(StoreError::NotOurs { .. })
    ));
}

#[test]
fn a_second_instance_is_refused_while_the_file_is_open() {
    // The first instance is a window: the other program is told so.
    bianpai::app::this_program_is_a_window();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.bianpai");
    let first = Tournament::create(&path, &demo_event()).unwrap();
    // In this process …
    let err = Tournament::open(&path).err().expect("second open refused");
    assert!(matches!(err, AppError::Store(StoreError::InUse { .. })));
    // … and in another program instance, which says so and fails.
    let out = common::command()
        .args(["export", "pairings"])
        .arg(&path)
        .args(["--section", "1", "--round", "1", "-o"])
        .arg(dir.path().join("x.pdf"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let msg = String::from_utf8_lossy(&out.stderr);
    assert!(msg.contains("另一个编排窗口"), "{msg}");
    drop(first);
    // Once the first instance closes, the file opens again.
    assert!(Tournament::open(&path).is_ok());
}

#[test]
fn create_refuses_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.bianpai");
    std::fs::write(&path, b"keep me").unwrap();
    assert!(matches!(
        Tournament::create(&path, &demo_event()),
        Err(AppError::Store(StoreError::Exists { .. }))
    ));
    assert_eq!(std::fs::read(&path).unwrap(), b"keep me");
}

/// A damaged event file is refused untouched, in the window's language, with the way back:
/// the latest backup and where it is. A file with our mark but no schema (user_version 0) is
/// refused before anything is written to it.
#[test]
fn a_damaged_file_is_refused_untouched_with_the_latest_backup_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("赛事.bianpai");
    let mut t = Tournament::create_demo(&path).unwrap();
    let s = t.event().sections[0].id;
    t.pair_next_round(s).ok();
    let backup = t.backup("test").unwrap();
    drop(t);
    let mut bytes = std::fs::read(&path).unwrap();
    let len = bytes.len();
    for b in &mut bytes[4096..len.min(40960)] {
        *b = 0x5a;
    }
    std::fs::write(&path, &bytes).unwrap();
    let err = match Tournament::open(&path) {
        Err(e) => e,
        Ok(_) => panic!("a damaged file opened"),
    };
    assert!(
        matches!(&err, AppError::Damaged { latest_backup: Some(b), .. } if *b == backup),
        "{err:?}"
    );
    let zh = err.message(Lang::Zh);
    assert!(
        zh.contains("文件已损坏") && zh.contains(&backup.display().to_string()),
        "{zh}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "the file was not changed"
    );

    // Our application id with user_version 0: refused, the header untouched.
    let zero = dir.path().join("zero.bianpai");
    let c = rusqlite::Connection::open(&zero).unwrap();
    c.pragma_update(
        None,
        "application_id",
        bianpai::store::APPLICATION_ID as i64,
    )
    .unwrap();
    c.execute_batch("CREATE TABLE x(y)").unwrap();
    drop(c);
    let before = std::fs::read(&zero).unwrap();
    assert!(Tournament::open(&zero).is_err());
    assert_eq!(
        std::fs::read(&zero).unwrap(),
        before,
        "not a byte rewritten"
    );
}
