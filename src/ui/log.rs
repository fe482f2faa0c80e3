//! 启动记录 — the window's start-up notes (which renderer drew it, a fallback to OpenGL, a file
//! that would not open) kept in `bianpai.log` beside the preferences (config.json), so that a
//! program started from Explorer, with no console, loses none of them. The file is capped: past
//! [`LOG_CAP`] only its newest lines are kept, whole. Written best effort: a note that cannot
//! be written is no reason to keep the window from starting. The window's 帮助 → 关于编排 says
//! where the file is.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The most the log keeps: 256 KB of its newest lines.
pub const LOG_CAP: u64 = 256 * 1024;

/// The log beside the preferences file `config` (`None` when there is no such folder).
pub fn log_path(config: Option<&Path>) -> Option<PathBuf> {
    config
        .and_then(Path::parent)
        .map(|dir| dir.join("bianpai.log"))
}

/// Adds `note` as one line, with the local time before it, to the log at `path`; then, when the
/// file is longer than `cap` bytes, keeps only its newest whole lines that fit in `cap`.
pub fn append(path: &Path, note: &str, cap: u64) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let line = format!(
        "{} {}\n",
        chrono::Local::now().format("%Y-%m-%d %H:%M:%S"),
        note.replace(['\r', '\n'], " ")
    );
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    file.write_all(line.as_bytes())?;
    drop(file);
    if std::fs::metadata(path)?.len() > cap {
        let text = std::fs::read(path)?;
        let kept = newest_lines(&text, cap as usize);
        // The shorter file replaces the long one whole (a temporary file renamed over it).
        let tmp = path.with_extension("log.tmp");
        std::fs::write(&tmp, kept)?;
        std::fs::rename(&tmp, path)?;
    }
    Ok(())
}

/// The newest whole lines of `text` that fit in `cap` bytes (a line cut at the start is left
/// out, so no character is cut either).
fn newest_lines(text: &[u8], cap: usize) -> &[u8] {
    if text.len() <= cap {
        return text;
    }
    let tail = &text[text.len() - cap..];
    // A tail that starts just after a line's end starts with a whole line.
    if text[text.len() - cap - 1] == b'\n' {
        return tail;
    }
    match tail.iter().position(|&b| b == b'\n') {
        Some(i) => &tail[i + 1..],
        None => &[],
    }
}

/// Notes `note` in the log beside the preferences `config`, best effort, and on standard error
/// too (a terminal that started the program sees it at once).
pub fn note(config: Option<&Path>, note: &str) {
    eprintln!("{note}");
    if let Some(path) = log_path(config) {
        let _ = append(&path, note, LOG_CAP);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_sits_beside_the_preferences() {
        let config = Path::new("/home/a/.config/bianpai/config.json");
        assert_eq!(
            log_path(Some(config)),
            Some(PathBuf::from("/home/a/.config/bianpai/bianpai.log"))
        );
        assert_eq!(log_path(None), None);
    }

    #[test]
    fn the_log_keeps_only_its_newest_whole_lines_under_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("记录").join("bianpai.log");
        let cap = 2000;
        // Each line: the time (19 bytes), a space, the note, the line's end.
        for i in 0..200 {
            append(
                &path,
                &format!("第{i}次启动：wgpu 绘图无法启动，改用 OpenGL"),
                cap,
            )
            .unwrap();
        }
        let text = std::fs::read_to_string(&path).expect("whole characters only");
        assert!(text.len() as u64 <= cap, "{} bytes", text.len());
        let lines: Vec<&str> = text.lines().collect();
        // The newest line is last, and every line kept is whole: the time, then the note.
        assert!(
            lines
                .last()
                .unwrap()
                .ends_with("第199次启动：wgpu 绘图无法启动，改用 OpenGL")
        );
        for l in &lines {
            assert!(
                l.len() > 20 && l.as_bytes()[4] == b'-' && l.as_bytes()[19] == b' ',
                "{l}"
            );
            assert!(l.ends_with("改用 OpenGL"), "{l}");
        }
        // As many as fit: one more line would not.
        let line = lines[0].len() + 1;
        assert!(text.len() + line > cap as usize);
        // Numbered without a gap up to the newest.
        let first: usize = lines[0]
            .split("第")
            .nth(1)
            .and_then(|r| r.split('次').next())
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(first + lines.len(), 200);
    }

    #[test]
    fn newest_lines_start_at_a_line() {
        let text = b"aaa\nbbb\nccc\n";
        assert_eq!(newest_lines(text, 100), text);
        assert_eq!(newest_lines(text, 8), b"bbb\nccc\n");
        assert_eq!(newest_lines(text, 7), b"ccc\n");
        assert_eq!(newest_lines(text, 3), b"");
    }
}
