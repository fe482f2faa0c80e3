//! Who holds an event file that another program is refused: a window, or a command. SQLite's
//! lock says only that the file is held. A window therefore leaves a note while it holds a file
//! — in the system's temporary folder, never beside the event — naming the file by its identity
//! (device and inode, or its full path where there are none) and holding the window's process
//! number. A program refused the file reads the note: a note of a live process says a window;
//! no note (or one a crashed window left) says another command, such as `bianpai serve` or a
//! long import.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Who holds an event file this program was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// This very program has it open already.
    ThisProgram,
    /// A Bianpai window, by its process number.
    Window(u32),
    /// Another command (or a program that is not ours).
    Command,
}

static WINDOW: AtomicBool = AtomicBool::new(false);

/// Says that this program is the window: every event file it opens for writing leaves a note
/// while it is open. Called once, by the window's start.
pub fn this_program_is_a_window() {
    WINDOW.store(true, Ordering::SeqCst);
}

/// Where the note of the file at `path` goes.
fn note_path(path: &Path) -> Option<PathBuf> {
    #[cfg(unix)]
    let key = {
        use std::os::unix::fs::MetadataExt;
        let m = std::fs::metadata(path).ok()?;
        format!("{:x}-{:x}", m.dev(), m.ino())
    };
    #[cfg(not(unix))]
    let key = {
        use std::hash::{Hash, Hasher};
        let full = std::fs::canonicalize(path).ok()?;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        full.to_string_lossy().to_lowercase().hash(&mut h);
        format!("{:x}", h.finish())
    };
    Some(
        std::env::temp_dir()
            .join("bianpai-open")
            .join(format!("{key}.window")),
    )
}

/// The note of a window that holds a file, removed when the file is closed.
pub(super) struct WindowNote(PathBuf);

impl WindowNote {
    /// Leaves the note for `path`, if this program is the window (best effort: without it a
    /// refused program says "another command" instead of "a window").
    pub(super) fn write(path: &Path) -> Option<WindowNote> {
        if !WINDOW.load(Ordering::SeqCst) {
            return None;
        }
        let note = note_path(path)?;
        std::fs::create_dir_all(note.parent()?).ok()?;
        std::fs::write(&note, std::process::id().to_string()).ok()?;
        Some(WindowNote(note))
    }
}

impl Drop for WindowNote {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Who holds the file at `path`, which another program has locked.
pub(super) fn who_holds(path: &Path) -> Holder {
    let pid = note_path(path)
        .and_then(|n| std::fs::read_to_string(n).ok())
        .and_then(|t| t.trim().parse::<u32>().ok());
    match pid {
        Some(pid) if alive(pid) => Holder::Window(pid),
        _ => Holder::Command,
    }
}

/// Is process `pid` running? Where that cannot be asked, it is taken to be.
pub(super) fn alive(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        Path::new("/proc").join(pid.to_string()).exists()
    } else if cfg!(windows) {
        windows_alive(pid)
    } else {
        true
    }
}

#[cfg(not(windows))]
fn windows_alive(_pid: u32) -> bool {
    true
}

/// Windows: the process can be opened and has not exited. A note left by a window that
/// crashed names a process that is gone, so the refused program says "another command".
#[cfg(windows)]
fn windows_alive(pid: u32) -> bool {
    const PROCESS_QUERY_LIMITED_INFORMATION: u32 = 0x1000;
    const STILL_ACTIVE: u32 = 259;
    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn OpenProcess(access: u32, inherit: i32, pid: u32) -> *mut core::ffi::c_void;
        fn GetExitCodeProcess(process: *mut core::ffi::c_void, code: *mut u32) -> i32;
        fn CloseHandle(handle: *mut core::ffi::c_void) -> i32;
    }
    // SAFETY: plain Win32 calls on a handle this function opens, checks and closes.
    unsafe {
        let h = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid);
        if h.is_null() {
            // Gone, or not ours to ask about (another user's): only the first is common.
            return false;
        }
        let mut code = 0u32;
        let ok = GetExitCodeProcess(h, &mut code) != 0;
        CloseHandle(h);
        !ok || code == STILL_ACTIVE
    }
}
