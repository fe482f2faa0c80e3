//! An export never replaces an event: `bianpai export standings e.bianpai -s 1 -o e.bianpai`
//! used to exit 0 and put a PDF where the event was. Exports onto the event file (by its own
//! path, through a link, or any other SQLite file) and into its backup folder are refused with
//! nothing written; another existing file is replaced only with `--force` (the window asks);
//! no temporary file stays behind.

use crate::common;
use bianpai::app::{AppError, DocumentKind, DocumentRequest, Tournament};
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::i18n::Lang;
use std::path::Path;
use std::process::Output;

fn export(event: &Path, out: &Path, force: bool) -> Output {
    let mut cmd = common::command();
    cmd.args(["export", "standings"])
        .arg(event)
        .args(["-s", "1", "-o"])
        .arg(out);
    if force {
        cmd.arg("--force");
    }
    cmd.output().expect("runs")
}

/// The event as stored: what must not change.
fn stored(path: &Path) -> bianpai::model::Event {
    Tournament::open(path)
        .expect("the event still opens")
        .event()
        .clone()
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[test]
fn the_command_line_refuses_to_export_onto_an_event_or_its_backups() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("e.bianpai");
    let mut t = Tournament::create_demo(&event).unwrap();
    let backup = t.backup("test").unwrap();
    let s = t.event().sections[0].id;
    t.enter_result(BoardRef::new(s, 1, 1), ResultEntry::result(None))
        .unwrap();
    drop(t);
    let before = stored(&event);
    let bytes = std::fs::read(&backup).unwrap();

    // The event itself, a link to it under another name, another SQLite file, a backup.
    let link = dir.path().join("link.pdf");
    std::os::unix::fs::symlink(&event, &link).unwrap();
    let other_db = dir.path().join("other.pdf");
    std::fs::copy(&event, &other_db).unwrap();
    for target in [&event, &link, &other_db, &backup] {
        let out = export(&event, target, true);
        assert!(!out.status.success(), "{} was refused", target.display());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("赛事文件或备份"),
            "the message says why, in Chinese: {err}"
        );
    }
    assert_eq!(stored(&event), before, "the event is untouched");
    assert_eq!(
        std::fs::read(&backup).unwrap(),
        bytes,
        "the backup is untouched"
    );
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn an_existing_file_is_replaced_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("e.bianpai");
    drop(Tournament::create_demo(&event).unwrap());
    let pdf = dir.path().join("standings.pdf");
    std::fs::write(&pdf, b"an earlier printout").unwrap();

    let out = export(&event, &pdf, false);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("文件已存在"));
    assert_eq!(std::fs::read(&pdf).unwrap(), b"an earlier printout");

    let out = export(&event, &pdf, true);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn the_app_service_refuses_the_same_for_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("e.bianpai");
    let t = Tournament::create_demo(&event).unwrap();
    let req = DocumentRequest {
        section: Some(t.event().sections[0].id),
        ..DocumentRequest::event(DocumentKind::Standings, Lang::Zh)
    };
    assert!(matches!(
        t.export_document(&req, &event, true),
        Err(AppError::ExportOntoEvent(_))
    ));
    let pdf = dir.path().join("s.pdf");
    t.export_document(&req, &pdf, false).unwrap();
    assert!(matches!(
        t.export_document(&req, &pdf, false),
        Err(AppError::FileExists(_))
    ));
    t.export_document(&req, &pdf, true).unwrap();
}

#[test]
fn a_temporary_file_left_by_a_killed_export_is_cleared_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("e.bianpai");
    drop(Tournament::create_demo(&event).unwrap());
    let pdf = dir.path().join("standings.pdf");
    // What an export killed before its rename leaves beside the target.
    let stale = dir.path().join(".standings.pdf.4242.tmp");
    std::fs::write(&stale, b"half a PDF").unwrap();
    let out = export(&event, &pdf, false);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!stale.exists(), "the stale temporary file is gone");
    assert!(leftovers(dir.path()).is_empty());
}
