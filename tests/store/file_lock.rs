//! One event, one writer: the lock is the file's own (SQLite's exclusive locking), not a lock
//! file keyed on a path. While one instance has the event open, another process is refused on
//! every path to it — the same name, a symbolic link, a hard link — with words that say why,
//! after waiting two seconds for it (`bianpai serve` holds the file a moment each time it reads
//! it; a command waits that out instead of failing); once it is closed the others open it, and
//! no lock file is left anywhere.

use crate::common;
use bianpai::app::{AppError, Tournament};
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::store::StoreError;
use std::path::Path;
use std::process::Output;

/// Another process that opens the event (to print its standings).
fn other_process(event: &Path, out: &Path) -> Output {
    common::command()
        .args(["export", "standings"])
        .arg(event)
        .args(["-s", "1", "--force", "-o"])
        .arg(out)
        .output()
        .expect("runs")
}

#[test]
fn every_path_to_an_open_event_is_refused_to_another_process() {
    // The holder is a window: the refused programs are told so.
    bianpai::app::this_program_is_a_window();
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("e.bianpai");
    let mut t = Tournament::create_demo(&event).unwrap();
    let soft = dir.path().join("soft.bianpai");
    std::os::unix::fs::symlink(&event, &soft).unwrap();
    let sub = dir.path().join("copies");
    std::fs::create_dir(&sub).unwrap();
    let hard = sub.join("hard.bianpai");
    std::fs::hard_link(&event, &hard).unwrap();
    let out = dir.path().join("s.pdf");

    for path in [&event, &soft, &hard] {
        let at = std::time::Instant::now();
        let o = other_process(path, &out);
        let waited = at.elapsed();
        assert!(!o.status.success(), "{} refused", path.display());
        assert!(
            waited >= bianpai::store::OPEN_WAIT && waited < bianpai::store::OPEN_WAIT * 4,
            "refused after {waited:?}"
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("已在另一个编排窗口中打开"), "{err}");
    }
    for path in [&event, &soft, &hard] {
        // And in this process too, through the app services, at once (no other process to
        // wait for).
        let at = std::time::Instant::now();
        assert!(matches!(
            Tournament::open(path),
            Err(AppError::Store(StoreError::InUse { .. }))
        ));
        assert!(at.elapsed() < bianpai::store::OPEN_WAIT / 2);
        let o = other_process(path, &out);
        assert!(
            !o.status.success(),
            "{} refused after a refusal here",
            path.display()
        );
    }
    // The holder goes on writing while the others are refused.
    let s = t.event().sections[0].id;
    t.enter_result(BoardRef::new(s, 1, 1), ResultEntry::result(None))
        .unwrap();
    drop(t);

    for path in [&event, &soft, &hard] {
        let o = other_process(path, &out);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names
            .iter()
            .all(|n| !n.ends_with(".lock") && !n.ends_with("-shm")),
        "no lock files stay behind: {names:?}"
    );
}

#[test]
fn a_create_that_fails_leaves_no_file_behind() {
    let dir = tempfile::tempdir().unwrap();
    // A folder that cannot be written to: the create fails (root ignores the mode, so the
    // failure is made another way when the test runs as root: the name is a folder's).
    let blocked = dir.path().join("blocked.bianpai");
    std::fs::create_dir(blocked.with_extension("bianpai-wal")).unwrap();
    let err = Tournament::create_demo(&blocked);
    assert!(err.is_err(), "the create fails");
    assert!(!blocked.exists(), "no empty event file is left behind");
    // The retry after the cause is gone is not told that the file exists.
    std::fs::remove_dir(blocked.with_extension("bianpai-wal")).unwrap();
    Tournament::create_demo(&blocked).expect("the retry creates the file");
}
