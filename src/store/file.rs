//! The event file as a file: what it is (ours, an SQLite database, one of SQLite's side files),
//! whether it may be written (a read-only medium, a read-only attribute, other names), and how a
//! new file comes into being whole (made under a temporary name, then linked into place, so a
//! name either holds a whole event or nothing, and of several that create one name exactly one
//! wins).
//!
//! Everything here reads files or names them; no SQL.

use super::{APPLICATION_ID, EXTENSION, SCHEMA_VERSION, StoreError};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// SQLite's side files of a database `X`: `X-wal`, `X-shm`, `X-journal`.
pub const SIDE_FILES: [&str; 3] = ["-wal", "-shm", "-journal"];

/// The first bytes of an SQLite database.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// The first bytes of a rollback journal.
const JOURNAL_MAGIC: [u8; 8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7];

pub(super) fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The 100-byte header of an SQLite file: refuses an empty file and one that is not ours, of no
/// schema or of a newer schema. Reads, never writes.
pub(super) fn read_header(path: &Path) -> Result<[u8; 100], StoreError> {
    let mut f = File::open(path).map_err(io_err(path))?;
    let mut head = Vec::with_capacity(100);
    f.by_ref()
        .take(100)
        .read_to_end(&mut head)
        .map_err(io_err(path))?;
    if head.is_empty() {
        return Err(StoreError::Empty { path: path.into() });
    }
    if head.len() < 100 || &head[..16] != SQLITE_MAGIC {
        return Err(StoreError::NotOurs { path: path.into() });
    }
    let be = |o: usize| u32::from_be_bytes([head[o], head[o + 1], head[o + 2], head[o + 3]]);
    check_marks(path, be(68), be(60))?;
    let mut out = [0u8; 100];
    out.copy_from_slice(&head);
    Ok(out)
}

/// Refuses a file without our application id, without a schema, or of a newer schema.
pub(super) fn check_marks(
    path: &Path,
    application_id: u32,
    version: u32,
) -> Result<(), StoreError> {
    if application_id != APPLICATION_ID {
        return Err(StoreError::NotOurs { path: path.into() });
    }
    if version == 0 {
        // Our mark but no schema: not a file this program wrote whole. Refused untouched.
        return Err(StoreError::NotOurs { path: path.into() });
    }
    if version > SCHEMA_VERSION {
        return Err(StoreError::Newer {
            path: path.into(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    Ok(())
}

/// Is the event file at `path` whole as far as its header tells: ours, and as long as the
/// header says it is (a backup cut short by a kill or a full disk is not)? Reads 100 bytes.
pub fn looks_whole(path: &Path) -> bool {
    let Ok(head) = read_header(path) else {
        return false;
    };
    let page_size = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65536,
        n => u64::from(n),
    };
    let pages = u64::from(u32::from_be_bytes([head[28], head[29], head[30], head[31]]));
    std::fs::metadata(path).is_ok_and(|m| pages > 0 && m.len() >= pages * page_size)
}

/// The folder of an event's backups: `NAME.backups/` beside `NAME.bianpai`.
pub fn backup_folder(event: &Path) -> PathBuf {
    let stem = event
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    event.with_file_name(format!("{stem}{BACKUP_SUFFIX}"))
}

/// What a backup folder's name ends in.
const BACKUP_SUFFIX: &str = ".backups";

/// Is `path` a file that no export, pairing output or generated file may ever replace: an
/// event file, a file in a backup folder, any SQLite database, or the `-wal`, `-shm` or
/// `-journal` of one? Follows links; looks at the name and at the first bytes; a path that does
/// not exist is none (unless its name says it is an event's).
pub fn is_event_or_backup(path: &Path) -> bool {
    let named_so = |p: &Path| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        let base = SIDE_FILES
            .iter()
            .find_map(|s| name.strip_suffix(s))
            .unwrap_or(&name);
        base.ends_with(&format!(".{EXTENSION}"))
            || p.parent()
                .and_then(|d| d.file_name())
                .is_some_and(|d| d.to_string_lossy().ends_with(BACKUP_SUFFIX))
    };
    if named_so(path) || super::open_here(path) {
        return true;
    }
    let Ok(real) = std::fs::canonicalize(path) else {
        return false;
    };
    if named_so(&real) || is_side_file_of_a_database(&real) {
        return true;
    }
    let mut head = [0u8; 16];
    File::open(&real)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| &head == SQLITE_MAGIC || head[..8] == JOURNAL_MAGIC || is_wal_magic(&head))
}

/// The first four bytes of a write-ahead log.
fn is_wal_magic(head: &[u8]) -> bool {
    head.len() >= 4
        && matches!(
            head[..4],
            [0x37, 0x7f, 0x06, 0x82] | [0x37, 0x7f, 0x06, 0x83]
        )
}

/// `X-wal`, `X-shm` or `X-journal` beside an SQLite database `X` (the `-shm` has no mark of
/// its own; an empty `-wal` neither).
fn is_side_file_of_a_database(path: &Path) -> bool {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return false;
    };
    SIDE_FILES.iter().any(|s| {
        name.strip_suffix(s).is_some_and(|base| {
            let mut head = [0u8; 16];
            File::open(path.with_file_name(base))
                .and_then(|mut f| f.read_exact(&mut head))
                .is_ok_and(|()| &head == SQLITE_MAGIC)
        })
    })
}

/// Why an event is open for reading only (只读): it can be looked at, its standings computed
/// and every document exported, but nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadOnly {
    /// The file's own read-only attribute (mode 444, 只读属性).
    Attribute,
    /// The medium refuses writes: a write-protected USB stick, a CD, a read-only mount, a
    /// folder the program may not write in.
    Medium,
    /// The file has other names (hard links). SQLite keeps its side files by name, so what is
    /// written through one name could be lost through another: no name may write.
    OtherNames(u64),
}

/// Why the event file at `path` cannot be written, if it cannot. Opens nothing for writing
/// that it would change.
pub(super) fn read_only_reason(path: &Path) -> Option<ReadOnly> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.permissions().readonly() {
        return Some(ReadOnly::Attribute);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            return Some(ReadOnly::OtherNames(meta.nlink()));
        }
    }
    if let Err(e) = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
    {
        return match e.kind() {
            std::io::ErrorKind::ReadOnlyFilesystem => Some(ReadOnly::Medium),
            std::io::ErrorKind::PermissionDenied => Some(ReadOnly::Attribute),
            _ => None,
        };
    }
    // The side files go beside it: a folder that takes no new file makes it read-only too.
    let dir = folder_of(path);
    if std::fs::metadata(dir).is_ok_and(|m| m.permissions().readonly()) {
        return Some(ReadOnly::Medium);
    }
    None
}

/// Is the `-wal` beside `path` there and not empty (results that a crash left in it)?
pub(super) fn has_wal_content(path: &Path) -> bool {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    std::fs::metadata(PathBuf::from(wal)).is_ok_and(|m| m.len() > 0)
}

/// A `file:` URI for `path` that SQLite reads as immutable: no lock taken, no side file made or
/// read. For a file on a medium that takes no write.
pub(super) fn immutable_uri(path: &Path) -> String {
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let text = full.to_string_lossy().replace('\\', "/");
    let mut uri = String::from("file:");
    if !text.starts_with('/') {
        // A Windows drive path: file:///C:/…
        uri.push('/');
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/:".contains(&b) {
            uri.push(char::from(b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    uri
}

/// The folder a path is in (`.` for a bare name).
pub(super) fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// A temporary name beside `path` for a file being made: `.NAME.PID-N.part`. Never an event's
/// name (it does not end in `.bianpai`), so no list of events or backups shows it.
pub(super) fn temporary_name(path: &Path) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    remove_stale_parts(path, &name);
    path.with_file_name(format!(".{name}.{}-{n}.part", std::process::id()))
}

/// Removes the temporary files that a program killed while making `path` left beside it
/// (`.NAME.PID-N.part` of a process that is no more, and their side files).
fn remove_stale_parts(path: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(folder_of(path)) else {
        return;
    };
    let prefix = format!(".{name}.");
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let rest = SIDE_FILES
            .iter()
            .find_map(|s| rest.strip_suffix(s))
            .unwrap_or(rest);
        let Some(pid) = rest
            .strip_suffix(".part")
            .and_then(|r| r.split_once('-'))
            .and_then(|(pid, n)| n.parse::<u64>().ok().and(pid.parse::<u32>().ok()))
        else {
            continue;
        };
        if pid != std::process::id() && !super::holder::alive(pid) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Removes a file and its side files (a failed or abandoned temporary).
pub(super) fn remove_with_side_files(path: &Path) {
    let _ = std::fs::remove_file(path);
    for end in SIDE_FILES {
        let mut p = path.as_os_str().to_owned();
        p.push(end);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

/// Flushes a finished file to the disk. Opened for writing: Windows flushes no other handle
/// (FlushFileBuffers on a read-only one is refused as "access denied").
pub(super) fn sync_file(path: &Path) -> Result<(), StoreError> {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|f| f.sync_all())
        .map_err(io_err(path))
}

/// Puts the finished file `made` in place at `path`, which must not exist: a hard link (atomic:
/// of several processes that publish one name, exactly one wins, the others are told it
/// exists), or where the file system has no links (FAT on a USB stick) the name claimed by an
/// exclusive create and then replaced by a rename. `made` is removed either way.
pub(super) fn publish(made: &Path, path: &Path) -> Result<(), StoreError> {
    let exists = || StoreError::Exists { path: path.into() };
    let linked = std::fs::hard_link(made, path);
    let out = match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(exists()),
        Err(_) => match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
        {
            Ok(claim) => {
                drop(claim);
                std::fs::rename(made, path).map_err(io_err(path))
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(exists()),
            Err(e) => Err(io_err(path)(e)),
        },
    };
    remove_with_side_files(made);
    if out.is_ok() {
        sync_folder(path);
    }
    out
}

/// Flushes a folder's entries (a new name in it) to the disk, where the system allows it.
fn sync_folder(path: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(folder_of(path)) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = path;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_files_of_an_event_are_refused_by_their_names() {
        for name in [
            "a.bianpai",
            "a.bianpai-wal",
            "a.BIANPAI-shm",
            "a.bianpai-journal",
            "x.backups/r1.txt",
        ] {
            assert!(is_event_or_backup(Path::new(name)), "{name}");
        }
        for name in ["a.pdf", "a.bianpai.pdf", "a-wal", "bianpai"] {
            assert!(!is_event_or_backup(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn a_uri_escapes_what_sqlite_would_read_as_a_query() {
        let uri = immutable_uri(Path::new("/tmp/赛事 #1?.bianpai"));
        assert_eq!(
            uri,
            "file:/tmp/%E8%B5%9B%E4%BA%8B%20%231%3F.bianpai?immutable=1"
        );
    }
}
