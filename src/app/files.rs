//! Writing a file a person named: the one guarded writer that every face uses for every file it
//! writes besides the event itself (PDFs, lists, the settings file, the entry-form template,
//! pairing output, generated TRF files); and the name and folder a save dialog offers for one.
//!
//! Two promises. No output ever lands on an event, a backup, any SQLite database or one of its
//! `-wal`, `-shm` or `-journal` files — whatever the name, whatever `--force` says. And no file is
//! ever half written: the bytes go to a temporary file beside the target, flushed to the disk,
//! then renamed into place; a failure removes the temporary file and leaves the target as it
//! was.

use super::AppError;
use crate::store;
use std::path::Path;

/// Writes `bytes` to `path`. An existing file is replaced only when `replace` says the person
/// agreed (a dialog's 覆盖, `--force`, or a command whose output is meant to be replaced such as
/// `pair -p`); an event, a backup or a database is never replaced (see the module note).
pub fn write_file(path: &Path, bytes: &[u8], replace: bool) -> Result<(), AppError> {
    use std::io::Write;
    let io = |e| AppError::io(path, e);
    if store::is_event_or_backup(path) {
        return Err(AppError::ExportOntoEvent(path.to_path_buf()));
    }
    if !replace && path.exists() {
        return Err(AppError::FileExists(path.to_path_buf()));
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    remove_stale_temporaries(path, &name);
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.map_err(io)
}

/// Removes the temporary files a write of `path` left when its program was killed
/// (`.name.PID.tmp` beside it, of a process other than this one).
fn remove_stale_temporaries(path: &Path, name: &str) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    let own = std::process::id().to_string();
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let pid = file
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"));
        if pid.is_some_and(|p| !p.is_empty() && p != own && p.bytes().all(|b| b.is_ascii_digit())) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// The name a save dialog offers: the parts that say what the file is (the event, the section,
/// the round, the document: 2026某某赛-男子组-第3轮-对阵表), empty ones left out, joined by
/// "-", with `ext`. A character no file name may hold on Windows (\ / : * ? " < > | and control
/// characters) becomes "_", and the name ends neither with a dot nor a space, so the name
/// offered is one the dialog accepts as it is.
pub fn suggested_file_name(parts: &[&str], ext: &str) -> String {
    let stem = parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let stem: String = stem
        .chars()
        .map(|c| match c {
            '\\' | '/' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c if c.is_control() => '_',
            c => c,
        })
        .collect();
    let stem = stem.trim_end_matches(['.', ' ']);
    format!("{stem}.{ext}")
}

/// The folder a save dialog opens in: the event file's own (where the arbiter keeps the event's
/// papers), not the folder the program happened to start from.
pub fn suggested_folder(event_file: &Path) -> Option<&Path> {
    event_file.parent().filter(|p| !p.as_os_str().is_empty())
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn the_offered_name_says_event_section_round_and_document() {
        assert_eq!(
            suggested_file_name(&["2026某某赛", "男子组", "", "成绩册"], "pdf"),
            "2026某某赛-男子组-成绩册.pdf"
        );
        assert_eq!(
            suggested_file_name(&["2026某某赛", "男子组", "第3轮", "对阵表"], "pdf"),
            "2026某某赛-男子组-第3轮-对阵表.pdf"
        );
    }

    #[test]
    fn characters_windows_refuses_in_a_name_are_replaced() {
        assert_eq!(
            suggested_file_name(&["A/B:C*D?", "\"E\"<F>|G\\H."], "csv"),
            "A_B_C_D_-_E__F__G_H.csv"
        );
    }

    #[test]
    fn the_dialog_opens_in_the_event_files_folder() {
        let p = Path::new("/data/赛事/2026.bianpai");
        assert_eq!(suggested_folder(p), Some(Path::new("/data/赛事")));
        assert_eq!(suggested_folder(Path::new("2026.bianpai")), None);
    }
}
