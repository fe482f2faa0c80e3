//! A full disk: an action that cannot be written is refused with words that say so in the
//! window's language (not SQLite's English), what was saved before stays, and a new event that
//! cannot be created leaves no file behind. The disk is a small tmpfs mounted for the test
//! (CI runs as root; elsewhere the test says it cannot mount and checks nothing more).

use crate::common::SmallDisk;
use bianpai::app::Tournament;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::i18n::Lang;
use bianpai::model::Outcome;
use std::io::Write;
use std::path::Path;

use crate::common;

/// Fills the disk with one file until nothing more fits.
fn fill(dir: &Path) -> std::path::PathBuf {
    let filler = dir.join("filler");
    let mut f = std::fs::File::create(&filler).unwrap();
    let block = vec![0u8; 4096];
    while f.write_all(&block).is_ok() && f.flush().is_ok() {}
    let _ = f.sync_all();
    filler
}

#[test]
fn a_full_disk_refuses_the_action_in_words_and_keeps_what_was_saved() {
    let Some(disk) = SmallDisk::mount("2m") else {
        eprintln!("cannot mount a tmpfs here (not root): the full-disk test is not run");
        return;
    };
    let path = disk.path().join("赛事.bianpai");
    let mut t = Tournament::create_demo(&path).unwrap();
    let s = t.event().sections[0].id;
    t.enter_result(
        BoardRef::new(s, 1, 1),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    let saved = t.event().clone();
    let filler = fill(disk.path());

    // Enough writes to need new pages: every board of round 1, twice over.
    let boards: Vec<u32> = saved.sections[0].rounds[0]
        .games
        .iter()
        .map(|g| g.board)
        .collect();
    let mut refused = None;
    'outer: for _ in 0..50 {
        for &b in &boards {
            for o in [Outcome::RedWin, Outcome::BlackWin] {
                if let Err(e) = t.enter_result(BoardRef::new(s, 1, b), ResultEntry::result(Some(o)))
                {
                    refused = Some(e);
                    break 'outer;
                }
            }
        }
    }
    let err = refused.expect("the full disk refuses a write");
    let zh = err.message(Lang::Zh);
    assert!(zh.contains("磁盘已满"), "{zh}");
    assert!(
        !zh.is_ascii() && !zh.contains("database or disk is full"),
        "{zh}"
    );

    // What was saved is still there once space is freed.
    let committed = t.event().clone();
    drop(t);
    std::fs::remove_file(&filler).unwrap();
    let t = Tournament::open(&path).unwrap();
    assert_eq!(t.integrity_check().unwrap(), "ok");
    assert_eq!(t.event(), &committed);
    drop(t);

    // A new event on the full disk: refused, and no empty file left to block the retry.
    let filler = fill(disk.path());
    let new = disk.path().join("新赛事.bianpai");
    assert!(Tournament::create_demo(&new).is_err());
    assert!(!new.exists(), "no file is left behind");
    std::fs::remove_file(&filler).unwrap();
    Tournament::create_demo(&new).expect("the retry creates it");
}

#[test]
fn a_pairing_stored_whose_backup_does_not_fit_is_reported_stored_with_a_warning() {
    let Some(disk) = SmallDisk::mount("4m") else {
        eprintln!("cannot mount a tmpfs here (not root): the full-disk test is not run");
        return;
    };
    // A xiangqi section of 1,000 (a big file, a pairing that adds little to it).
    let (_d, mut t) = common::create(&common::event("满盘", vec![]));
    common::SectionBuilder::new()
        .name("公开组")
        .named("选手", 1000)
        .lot_seed(5)
        .enter(&mut t);
    let path = disk.path().join("赛事.bianpai");
    std::fs::copy(t.path(), &path).unwrap();
    drop(t);
    let size = std::fs::metadata(&path).unwrap().len();
    // Room for the pairing itself, not for a copy of the whole file.
    let filler = fill(disk.path());
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(&filler)
        .unwrap();
    // Pairing 1,000 adds about half the file, written twice (log, then file, the log emptied
    // after); the backup is a copy of the whole grown file on top.
    let free = size + size / 4;
    f.set_len(f.metadata().unwrap().len() - free).unwrap();
    f.sync_all().unwrap();

    let r = common::bianpai(&["pair", path.to_str().unwrap(), "-s", "1"]);
    assert_eq!(r.code, 0, "the pairing is stored: {}", r.err);
    assert_eq!(r.out.lines().count(), 500, "every board printed");
    assert!(
        r.err.contains("第1轮已编排并保存") && r.err.contains("磁盘已满"),
        "{}",
        r.err
    );
    assert!(!r.err.contains("未保存"), "the round is saved: {}", r.err);
    std::fs::remove_file(&filler).unwrap();
    let t = Tournament::open(&path).unwrap();
    assert_eq!(t.event().sections[0].rounds.len(), 1, "round 1 is stored");
    assert!(t.backups().is_empty(), "no backup cut short is offered");
}
