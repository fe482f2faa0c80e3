//! A full disk: an action that cannot be written is refused with words that say so in the
//! window's language (not SQLite's English), what was saved before stays, and a new event that
//! cannot be created leaves no file behind. The disk is a small tmpfs mounted for the test
//! (CI runs as root; elsewhere the test says it cannot mount and checks nothing more).

use bianpai::app::Tournament;
use bianpai::i18n::Lang;
use bianpai::model::Outcome;
use std::io::Write;
use std::path::Path;
use std::process::Command;

/// A mounted tmpfs of `size`, unmounted on drop.
struct SmallDisk(tempfile::TempDir);

impl SmallDisk {
    fn mount(size: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(SmallDisk(dir))
    }

    fn path(&self) -> &Path {
        self.0.path()
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.0.path()).status();
    }
}

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
    t.set_result(s, 1, 1, Some(Outcome::Draw)).unwrap();
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
                if let Err(e) = t.set_result(s, 1, b, Some(o)) {
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
