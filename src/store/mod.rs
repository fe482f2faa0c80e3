//! The store: the only code that speaks SQL. One SQLite file per event (`.bianpai`), WAL,
//! foreign keys, versioned migrations, one transaction per arbiter action with a journal row,
//! and a lock so that two program instances never write the same file.
//!
//! A file is checked before SQLite touches it: an empty file, a file that is not ours and a
//! file written by a newer schema are refused and left byte-identical.

mod file;
mod hands;
mod holder;
mod schema;
mod teams;

pub use file::{ReadOnly, SIDE_FILES, backup_folder, is_event_or_backup, looks_whole};
use file::{check_marks, io_err, read_header};
pub use hands::{insert_phone_entry, insert_role, revoke_role, set_entry_state, set_hands_setting};
pub use holder::{Holder, this_program_is_a_window};
pub use teams::{delete_team_round, delete_team_section, write_team_records};

use crate::conduct::JournalEntry;
use crate::model::{
    Bye, ByeKind, Entrant, EntrantId, EntrantStatus, Event, EventDetails, Game, GamePhase, Outcome,
    Payment, PaymentMethod, PaymentState, Round, Section, SectionId, SectionSettings, Sex,
};
use chrono::{NaiveDate, NaiveDateTime};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use std::path::{Path, PathBuf};

pub use schema::{APPLICATION_ID, SCHEMA_VERSION};

/// The file extension of an event file.
pub const EXTENSION: &str = "bianpai";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path}: the file is empty, not a Bianpai event file")]
    Empty { path: PathBuf },
    #[error("{path}: not a Bianpai event file")]
    NotOurs { path: PathBuf },
    #[error(
        "{path}: written by a newer Bianpai (file schema {found}, this program reads up to {supported})"
    )]
    Newer {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("{path}: the file is in use ({by:?})")]
    InUse { path: PathBuf, by: Holder },
    #[error("{path}: a file of that name already exists")]
    Exists { path: PathBuf },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("the stored data is damaged: {0}")]
    Corrupt(String),
    #[error("{path}: open for reading only ({why:?})")]
    ReadOnly { path: PathBuf, why: ReadOnly },
}

/// An open event file: the connection, which holds the file's lock while it is open.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// Why nothing may be written, for an event open for reading only (then `conn` is a copy
    /// of the file in memory).
    read_only: Option<ReadOnly>,
    /// Dropped after the connection (fields drop in order), so the mark outlives the lock.
    _mark: OpenMark,
    /// Says to other programs that a window holds the file (see [`holder`]), while it does.
    _note: Option<holder::WindowNote>,
}

/// Reads the header and refuses what we must not open. Touches nothing, and never reads a file
/// this process has open as an event (see [`OpenMark`]).
fn check_header(path: &Path) -> Result<(), StoreError> {
    if open_here(path) {
        return Err(StoreError::InUse {
            path: path.into(),
            by: Holder::ThisProgram,
        });
    }
    read_header(path).map(drop)
}

/// Does this database error say the file itself is damaged (not a passing failure)?
pub fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
    )
}

/// The identity of a file, whatever path names it: device and inode where there are such.
#[cfg(unix)]
fn file_key(path: &Path) -> std::io::Result<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path)?;
    Ok((m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn file_key(path: &Path) -> std::io::Result<PathBuf> {
    std::fs::canonicalize(path)
}

#[cfg(unix)]
type FileKey = (u64, u64);
#[cfg(not(unix))]
type FileKey = PathBuf;

/// The event files open in this process. A second connection to one of them is never opened:
/// POSIX locks belong to the process, so closing a refused connection would drop the lock the
/// first one holds.
static OPEN_FILES: std::sync::Mutex<Vec<FileKey>> = std::sync::Mutex::new(Vec::new());

/// Is the file at `path` (by any name) an event open in this process?
fn open_here(path: &Path) -> bool {
    file_key(path).is_ok_and(|k| {
        OPEN_FILES
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&k)
    })
}

/// Marks a file open in this process for as long as it lives.
struct OpenMark(FileKey);

impl OpenMark {
    // The key is a copyable (device, inode) pair on unix, a path elsewhere.
    #[cfg_attr(unix, allow(clippy::clone_on_copy))]
    fn take(path: &Path) -> Result<OpenMark, StoreError> {
        let key = file_key(path).map_err(io_err(path))?;
        let mut open = OPEN_FILES.lock().unwrap_or_else(|e| e.into_inner());
        if open.contains(&key) {
            return Err(StoreError::InUse {
                path: path.into(),
                by: Holder::ThisProgram,
            });
        }
        open.push(key.clone());
        Ok(OpenMark(key))
    }
}

impl Drop for OpenMark {
    fn drop(&mut self) {
        let mut open = OPEN_FILES.lock().unwrap_or_else(|e| e.into_inner());
        open.retain(|k| *k != self.0);
    }
}

/// How long an open waits for another process to let the file go before it is refused as in
/// use. `bianpai serve` holds the file for a few tens of milliseconds each time it reads it; a
/// command that meets it there waits for it instead of failing. A window (or a long command)
/// holds the file for longer than this: whoever meets it there is told so after this wait. An
/// open cannot tell the two holders apart (both hold SQLite's lock), and two seconds once, when
/// a file really is open elsewhere, costs less than a result refused and typed again.
pub const OPEN_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Takes the database's own lock on the file for as long as `conn` is open: SQLite's exclusive
/// locking mode, so the lock is on the file itself and every path to it (a link, another
/// name) is refused while this instance has it. Another process holding it is waited for up
/// to `wait` (SQLite's busy handler: short sleeps growing to 100 ms), then refused.
fn take_lock(conn: &Connection, path: &Path, wait: std::time::Duration) -> Result<(), StoreError> {
    conn.busy_timeout(wait)?;
    conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
    match conn.execute_batch("BEGIN EXCLUSIVE; COMMIT;") {
        Ok(()) => Ok(()),
        Err(rusqlite::Error::SqliteFailure(e, _))
            if matches!(
                e.code,
                rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
            ) =>
        {
            Err(StoreError::InUse {
                path: path.into(),
                by: holder::who_holds(path),
            })
        }
        Err(e) => Err(e.into()),
    }
}

fn configure(conn: &Connection) -> Result<(), StoreError> {
    conn.pragma_update(None, "foreign_keys", "ON")?;
    let mode: String = conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(StoreError::Corrupt(format!(
            "journal_mode is {mode}, not WAL"
        )));
    }
    // FULL: a committed result survives a power cut, not only a crash of the program.
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(())
}

/// Copies the write-ahead log into the file itself (and flushes it to the disk), so that the
/// `.bianpai` file alone holds every action committed: a copy of it taken while the window is
/// open (to a USB stick, by mail) has them all. With the file locked exclusively no reader can
/// hold a checkpoint up, so a passive one copies the whole log; the log file keeps its frames
/// (all of them now in the file, so reading them again changes nothing) until the next action
/// starts it over — cheaper than emptying it each time (`benches/action_cost.rs`). A checkpoint
/// that fails (a full disk) loses nothing: the committed action stays in the log, which SQLite
/// reads with the file, and the next action's checkpoint tries again.
fn checkpoint(conn: &Connection) {
    let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
}

/// The tables every event file has: a file of ours without them is refused untouched.
const TABLES: [&str; 6] = ["event", "section", "entrant", "round", "game", "journal"];

/// Refuses a file of ours that lacks the tables of an event (our marks on an empty database).
fn check_tables(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let mut found = 0;
    for t in TABLES {
        found += conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
            [t],
            |r| r.get::<_, u32>(0),
        )?;
    }
    if found as usize != TABLES.len() {
        return Err(StoreError::NotOurs { path: path.into() });
    }
    Ok(())
}

impl Store {
    /// Creates a new event file holding `event`. Refuses to overwrite an existing file. The
    /// file is made whole under a temporary name beside `path` and then linked into place, so
    /// a kill leaves either no file or a whole one, and of several processes creating one name
    /// exactly one succeeds (the others are told it exists).
    pub fn create(path: &Path, event: &Event) -> Result<Store, StoreError> {
        if path.exists() {
            return Err(StoreError::Exists { path: path.into() });
        }
        let tmp = file::temporary_name(path);
        let made = (|| {
            let mut conn = Connection::open(&tmp)?;
            let mark = OpenMark::take(&tmp)?;
            take_lock(&conn, &tmp, std::time::Duration::ZERO)?;
            schema::migrate(&mut conn)?;
            configure(&conn)?;
            let mut store = Store {
                conn,
                path: tmp.clone(),
                read_only: None,
                _mark: mark,
                _note: None,
            };
            let entry = JournalEntry::Event {
                name: event.name.clone(),
            };
            store.action("create", &entry.encode(), |tx| write_event(tx, event))?;
            // Closing the last connection ends the log: the file is whole on its own.
            let Store { conn, .. } = store;
            conn.close().map_err(|(_, e)| StoreError::Sql(e))?;
            file::sync_file(&tmp)
        })();
        if let Err(e) = made {
            // A create that fails (a full disk, a folder without write access) leaves nothing.
            file::remove_with_side_files(&tmp);
            return Err(e);
        }
        file::publish(&tmp, path)?;
        // The file is whole, but if it cannot be opened here (a folder in the way of its log)
        // it is taken back, so that the name is not blocked by a file nobody asked for; one
        // that another program opened meanwhile is left to it.
        Store::open_within(path, OPEN_WAIT).inspect_err(|e| {
            if !matches!(e, StoreError::InUse { .. }) {
                let _ = std::fs::remove_file(path);
            }
        })
    }

    /// Opens an existing event file, migrating an older schema forward. Another process that
    /// has the file is waited for up to [`OPEN_WAIT`]. A file that cannot be written (see
    /// [`ReadOnly`]) is opened for reading only.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_within(path, OPEN_WAIT)
    }

    /// [`Store::open`], waiting at most `wait` for another process to let the file go (zero:
    /// refused at once). This process's own open file is refused at once whatever `wait`.
    pub fn open_within(path: &Path, wait: std::time::Duration) -> Result<Store, StoreError> {
        let mark = OpenMark::take(path)?;
        read_header(path)?;
        let read_only = file::read_only_reason(path);
        if let Some(why @ (ReadOnly::Attribute | ReadOnly::Medium)) = read_only {
            return Store::open_read_only(path, mark, why);
        }
        let mut conn = Connection::open(path)?;
        take_lock(&conn, path, wait)?;
        // Check again under the lock (another instance may have changed it meanwhile), through
        // the connection: closing another handle on the file would drop the lock.
        let pragma = |name: &str| conn.pragma_query_value(None, name, |r| r.get::<_, u32>(0));
        check_marks(path, pragma("application_id")?, pragma("user_version")?)?;
        // Check the file before anything is written to it (a migration writes; so does the
        // switch to WAL of a file in another journal mode).
        let check: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
        if check != "ok" {
            return Err(StoreError::Corrupt(check));
        }
        check_tables(&conn, path)?;
        if let Some(why) = read_only {
            // Other names: read under the file's own lock (a program that has it through
            // another name is waited for, then refused), written never. An older schema is
            // brought forward in a copy in memory, not in the file.
            if pragma("user_version")? < SCHEMA_VERSION {
                drop(conn);
                return Store::open_read_only(path, mark, why);
            }
            return Ok(Store {
                conn,
                path: path.into(),
                read_only: Some(why),
                _mark: mark,
                _note: None,
            });
        }
        schema::migrate(&mut conn)?;
        configure(&conn)?;
        checkpoint(&conn);
        Ok(Store {
            conn,
            path: path.into(),
            read_only: None,
            _mark: mark,
            _note: holder::WindowNote::write(path),
        })
    }

    /// Opens `path` for reading only: the file is copied into memory (and migrated there if it
    /// is older) and never written. SQLite reads it as immutable — no lock, no side file — unless
    /// a crash left results in its log, which are then read with it. For a file no program of
    /// ours can write (a read-only attribute or medium), so none can change it meanwhile.
    fn open_read_only(path: &Path, mark: OpenMark, why: ReadOnly) -> Result<Store, StoreError> {
        use rusqlite::OpenFlags;
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let with_log = file::has_wal_content(path)
            .then(|| Connection::open_with_flags(path, flags).ok())
            .flatten()
            .filter(|c| {
                c.query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))
                    .is_ok()
            });
        let source = match with_log {
            Some(c) => c,
            None => Connection::open_with_flags(
                file::immutable_uri(path),
                flags | OpenFlags::SQLITE_OPEN_URI,
            )?,
        };
        let pragma = |name: &str| source.pragma_query_value(None, name, |r| r.get::<_, u32>(0));
        check_marks(path, pragma("application_id")?, pragma("user_version")?)?;
        let check: String = source.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
        if check != "ok" {
            return Err(StoreError::Corrupt(check));
        }
        check_tables(&source, path)?;
        let mut conn = Connection::open_in_memory()?;
        {
            let copy = rusqlite::backup::Backup::new(&source, &mut conn)?;
            copy.run_to_completion(256, std::time::Duration::ZERO, None)?;
        }
        drop(source);
        schema::migrate(&mut conn)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        Ok(Store {
            conn,
            path: path.into(),
            read_only: Some(why),
            _mark: mark,
            _note: None,
        })
    }

    /// Why this event is open for reading only, if it is.
    pub fn read_only(&self) -> Option<ReadOnly> {
        self.read_only
    }

    /// Refuses a write to an event open for reading only.
    fn writable(&self) -> Result<(), StoreError> {
        match self.read_only {
            Some(why) => Err(StoreError::ReadOnly {
                path: self.path.clone(),
                why,
            }),
            None => Ok(()),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs one arbiter action in one transaction and journals it. Either all of it is
    /// written, or nothing.
    pub fn action<T>(
        &mut self,
        action: &str,
        detail: &str,
        f: impl FnOnce(&Transaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.undoable_action(action, detail, None, f)
    }

    /// As [`Store::action`], recording `undo` — what undoes it, as the app services encode it.
    pub fn undoable_action<T>(
        &mut self,
        action: &str,
        detail: &str,
        undo: Option<&str>,
        f: impl FnOnce(&Transaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.action_by(action, detail, undo, None, f)
    }

    /// As [`Store::undoable_action`], recording `by` — who acted from a phone (person, role,
    /// device, as the app services encode it); `None`: the laptop.
    pub fn action_by<T>(
        &mut self,
        action: &str,
        detail: &str,
        undo: Option<&str>,
        by: Option<&str>,
        f: impl FnOnce(&Transaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.writable()?;
        let tx = self.conn.transaction()?;
        let out = f(&tx)?;
        tx.execute(
            "INSERT INTO journal (at, action, detail, undo, by_hand)
             VALUES (strftime('%Y-%m-%dT%H:%M:%f','now','localtime'), ?1, ?2, ?3, ?4)",
            params![action, detail, undo, by],
        )?;
        tx.commit()?;
        checkpoint(&self.conn);
        Ok(out)
    }

    /// The newest journalled action that can still be undone: (journal id, action, detail, undo).
    pub fn last_undoable(&self) -> Result<Option<(i64, String, String, String)>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, action, detail, undo FROM journal WHERE undo IS NOT NULL AND undone = 0
                 ORDER BY id DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?)
    }

    /// The journal, oldest first: (time, action, detail).
    pub fn journal(&self) -> Result<Vec<(String, String, String)>, StoreError> {
        let mut st = self
            .conn
            .prepare("SELECT at, action, detail FROM journal ORDER BY id")?;
        let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// A consistent copy of the whole file (for per-round backups and Save As).
    pub fn copy_to(&self, target: &Path) -> Result<(), StoreError> {
        if target.exists() {
            return Err(StoreError::Exists {
                path: target.into(),
            });
        }
        // Written whole under a temporary name, then put in place: a kill or a full disk never
        // leaves a backup cut short under a backup's name.
        let tmp = file::temporary_name(target);
        let written = self
            .conn
            .execute("VACUUM INTO ?1", params![tmp.to_string_lossy()])
            .map_err(StoreError::from)
            .and_then(|_| file::sync_file(&tmp));
        if let Err(e) = written {
            file::remove_with_side_files(&tmp);
            return Err(e);
        }
        file::publish(&tmp, target)
    }

    /// Reads a backup (an event file of ours, not open here) without changing it: the event it
    /// holds and the number of its journal rows.
    pub fn read_backup(path: &Path) -> Result<(Event, usize), StoreError> {
        check_header(path)?;
        let mark = OpenMark::take(path)?;
        // A backup never changes: read as immutable, with no lock and no side file, so a
        // backup folder on a medium that takes no write reads as well.
        let conn = Connection::open_with_flags(
            file::immutable_uri(path),
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY
                | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX
                | rusqlite::OpenFlags::SQLITE_OPEN_URI,
        )?;
        let store = Store {
            conn,
            path: path.into(),
            read_only: Some(ReadOnly::Attribute),
            _mark: mark,
            _note: None,
        };
        let event = store.load_event()?;
        let rows = store.journal()?.len();
        Ok((event, rows))
    }

    /// Replaces the whole content of this file by that of `backup` (an event file of ours),
    /// through SQLite's backup API under the file's own locks, then migrates it if it is older.
    pub fn restore_from(&mut self, backup: &Path) -> Result<(), StoreError> {
        self.writable()?;
        check_header(backup)?;
        self.conn.restore(
            rusqlite::MAIN_DB,
            backup,
            None::<fn(rusqlite::backup::Progress)>,
        )?;
        schema::migrate(&mut self.conn)?;
        configure(&self.conn)?;
        checkpoint(&self.conn);
        Ok(())
    }

    /// The pairing engine's notes on a round, by board (0: the round as a whole).
    pub fn round_notes(
        &self,
        section: SectionId,
        round: u32,
    ) -> Result<Vec<(u32, String)>, StoreError> {
        let mut st = self
            .conn
            .prepare("SELECT board, note FROM round_note WHERE section_id = ?1 AND round = ?2 ORDER BY board")?;
        let rows = st.query_map(params![section.0, round], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// `PRAGMA integrity_check` — "ok" when the file is sound.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))?)
    }

    /// Reads the whole event.
    pub fn load_event(&self) -> Result<Event, StoreError> {
        // One read transaction: every query sees the same state of the file.
        let tx = self.conn.unchecked_transaction()?;
        let c: &Connection = &tx;
        let mut event = c.query_row(
            "SELECT name, organiser, venue, start_date, end_date, chief_arbiter, entry_cap,
                hosts, co_organisers, committee, deputy_arbiters, arbiters, regulations,
                venue_rules
             FROM event WHERE id = 1",
            [],
            |r| {
                Ok(Event {
                    name: r.get(0)?,
                    organiser: r.get(1)?,
                    venue: r.get(2)?,
                    start_date: r.get::<_, Option<String>>(3)?.and_then(|s| parse_date(&s)),
                    end_date: r.get::<_, Option<String>>(4)?.and_then(|s| parse_date(&s)),
                    chief_arbiter: r.get(5)?,
                    entry_cap: r.get(6)?,
                    details: EventDetails {
                        hosts: r.get(7)?,
                        co_organisers: r.get(8)?,
                        committee: r.get(9)?,
                        deputy_arbiters: r.get(10)?,
                        arbiters: r.get(11)?,
                        regulations: r.get(12)?,
                        venue_rules: r.get(13)?,
                    },
                    sections: vec![],
                })
            },
        )?;
        let mut st =
            c.prepare("SELECT id, name, settings, lot_seed, checkin_closed FROM section ORDER BY position, id")?;
        let sections = st.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<i64>>(3)?,
                r.get::<_, Option<String>>(4)?,
            ))
        })?;
        for row in sections {
            let (id, name, settings, seed, closed) = row?;
            let settings = serde_json::from_str(&settings)
                .map_err(|e| e.to_string())
                .and_then(|v| SectionSettings::from_stored(v).map_err(|e| e.to_string()))
                .map_err(|e| StoreError::Corrupt(format!("settings of section {name}: {e}")))?;
            let mut section = Section {
                id: SectionId(id),
                name,
                settings,
                lot_seed: seed.map(|s| s as u64),
                checkin_closed: closed.as_deref().and_then(parse_time),
                ..Section::default()
            };
            self.load_entrants(&mut section)?;
            self.load_rounds(&mut section)?;
            event.sections.push(section);
        }
        drop(st);
        tx.commit()?;
        Ok(event)
    }

    fn load_entrants(&self, section: &mut Section) -> Result<(), StoreError> {
        let mut st = self.conn.prepare(
            "SELECT id, number, name, sex, birth_date, unit, rating, grade, status,
                    member, overseas, team_member, flags, house, checked_in
             FROM entrant WHERE section_id = ?1 ORDER BY id",
        )?;
        let rows = st.query_map([section.id.0], |r| {
            Ok((
                (
                    r.get::<_, i64>(0)?,
                    r.get::<_, Option<u32>>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<String>>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, Option<i32>>(6)?,
                ),
                (
                    r.get::<_, String>(7)?,
                    r.get::<_, String>(8)?,
                    r.get::<_, bool>(9)?,
                    r.get::<_, bool>(10)?,
                    r.get::<_, bool>(11)?,
                    r.get::<_, String>(12)?,
                    r.get::<_, bool>(13)?,
                    r.get::<_, Option<String>>(14)?,
                ),
            ))
        })?;
        for row in rows {
            let (
                (id, number, name, sex, birth, unit, rating),
                (grade, status, member, overseas, team_member, flags, house, checked_in),
            ) = row?;
            let flags: Vec<String> = serde_json::from_str(&flags).map_err(|e| {
                StoreError::Corrupt(format!("entrant {name}: flags {flags:?}: {e}"))
            })?;
            section.entrants.push(Entrant {
                id: EntrantId(id),
                number,
                sex: Sex::from_code(&sex)
                    .ok_or_else(|| StoreError::Corrupt(format!("entrant {name}: sex {sex:?}")))?,
                birth_date: birth.as_deref().and_then(parse_date),
                unit,
                rating,
                grade,
                status: status_from_code(&status).ok_or_else(|| {
                    StoreError::Corrupt(format!("entrant {name}: status {status:?}"))
                })?,
                member,
                overseas,
                team_member,
                flags,
                house,
                checked_in: checked_in.as_deref().and_then(parse_time),
                payment: Default::default(),
                name,
            });
        }
        self.load_payments(section)
    }

    /// The payments of a section's entrants (缴费), onto the entrants loaded.
    fn load_payments(&self, section: &mut Section) -> Result<(), StoreError> {
        let mut st = self.conn.prepare(
            "SELECT p.entrant_id, p.state, p.amount, p.method, p.receipt, p.paid_at, p.refunded_at
             FROM payment p JOIN entrant e ON e.id = p.entrant_id WHERE e.section_id = ?1",
        )?;
        let rows = st.query_map([section.id.0], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, u32>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, Option<String>>(5)?,
                r.get::<_, Option<String>>(6)?,
            ))
        })?;
        for row in rows {
            let (id, state, amount, method, receipt, paid_at, refunded_at) = row?;
            let bad =
                |what: &str, v: &str| StoreError::Corrupt(format!("payment {id}: {what} {v:?}"));
            let payment = Payment {
                state: PaymentState::from_code(&state).ok_or_else(|| bad("state", &state))?,
                amount,
                method: match method.as_str() {
                    "" => None,
                    m => Some(PaymentMethod::parse(m).ok_or_else(|| bad("method", m))?),
                },
                receipt,
                paid_at: paid_at.as_deref().and_then(parse_time),
                refunded_at: refunded_at.as_deref().and_then(parse_time),
            };
            if let Some(e) = section.entrants.iter_mut().find(|e| e.id.0 == id) {
                e.payment = payment;
            }
        }
        Ok(())
    }

    fn load_rounds(&self, section: &mut Section) -> Result<(), StoreError> {
        let c = &self.conn;
        let mut st = c.prepare("SELECT number FROM round WHERE section_id = ?1 ORDER BY number")?;
        let numbers: Vec<u32> = st
            .query_map([section.id.0], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let mut games = c.prepare(
            "SELECT board, red_id, black_id, outcome, fouls_red, fouls_black, phase, adjourned, late
             FROM game WHERE section_id = ?1 AND round = ?2 ORDER BY board",
        )?;
        let mut byes =
            c.prepare("SELECT entrant_id, kind FROM bye WHERE section_id = ?1 AND round = ?2 ORDER BY entrant_id")?;
        for number in numbers {
            let mut round = Round {
                number,
                ..Round::default()
            };
            let rows = games.query_map(params![section.id.0, number], |r| {
                Ok((
                    r.get::<_, u32>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, u8>(4)?,
                    r.get::<_, u8>(5)?,
                    r.get::<_, String>(6)?,
                    r.get::<_, bool>(7)?,
                    r.get::<_, bool>(8)?,
                ))
            })?;
            for row in rows {
                let (board, red, black, outcome, fouls_red, fouls_black, phase, adjourned, late) =
                    row?;
                let phase = GamePhase::from_code(&phase).ok_or_else(|| {
                    StoreError::Corrupt(format!("round {number} board {board}: phase {phase:?}"))
                })?;
                let outcome = match outcome {
                    None => None,
                    Some(code) => Some(Outcome::from_code(&code).ok_or_else(|| {
                        StoreError::Corrupt(format!(
                            "round {number} board {board}: outcome {code:?}"
                        ))
                    })?),
                };
                round.games.push(Game {
                    board,
                    red: EntrantId(red),
                    black: EntrantId(black),
                    outcome,
                    fouls_red,
                    fouls_black,
                    phase,
                    adjourned,
                    late,
                });
            }
            let rows = byes.query_map(params![section.id.0, number], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
            })?;
            for row in rows {
                let (who, kind) = row?;
                let kind = ByeKind::from_code(&kind).ok_or_else(|| {
                    StoreError::Corrupt(format!("round {number}: bye kind {kind:?}"))
                })?;
                round.byes.push(Bye {
                    entrant: EntrantId(who),
                    kind,
                });
            }
            section.rounds.push(round);
        }
        Ok(())
    }
}

fn parse_date(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()
}

fn date_text(d: Option<NaiveDate>) -> Option<String> {
    d.map(|d| d.format("%Y-%m-%d").to_string())
}

/// A moment as stored: local time to the second, ISO 8601.
const TIME_FORMAT: &str = "%Y-%m-%dT%H:%M:%S";

pub(crate) fn parse_time(s: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(s, TIME_FORMAT).ok()
}

pub(crate) fn time_text(t: Option<NaiveDateTime>) -> Option<String> {
    t.map(|t| t.format(TIME_FORMAT).to_string())
}

fn status_code(s: EntrantStatus) -> &'static str {
    match s {
        EntrantStatus::Active => "active",
        EntrantStatus::Withdrawn => "withdrawn",
        EntrantStatus::Excluded => "excluded",
    }
}

fn status_from_code(s: &str) -> Option<EntrantStatus> {
    match s {
        "active" => Some(EntrantStatus::Active),
        "withdrawn" => Some(EntrantStatus::Withdrawn),
        "excluded" => Some(EntrantStatus::Excluded),
        _ => None,
    }
}

/// Settings in their stored form, with their version ([`SectionSettings::to_stored`]).
fn settings_json(s: &SectionSettings) -> Result<String, StoreError> {
    serde_json::to_string(&s.to_stored()).map_err(|e| StoreError::Corrupt(e.to_string()))
}

// ---- writes: each takes the open transaction of one action ----

/// Writes the event header and every section with its entrants and rounds (new file, demo).
pub fn write_event(tx: &Transaction, event: &Event) -> Result<(), StoreError> {
    update_event_info(tx, event)?;
    for section in &event.sections {
        let id = insert_section(tx, &section.name, &section.settings)?;
        if let Some(seed) = section.lot_seed {
            tx.execute(
                "UPDATE section SET lot_seed = ?1 WHERE id = ?2",
                params![seed as i64, id.0],
            )?;
        }
        set_checkin_closed(tx, id, section.checkin_closed)?;
        let mut ids = std::collections::HashMap::new();
        for e in &section.entrants {
            let fresh = Entrant {
                id: EntrantId(0),
                ..e.clone()
            };
            ids.insert(e.id, insert_entrant(tx, id, &fresh)?);
        }
        for round in &section.rounds {
            let mapped = Round {
                number: round.number,
                games: round
                    .games
                    .iter()
                    .map(|g| Game {
                        red: ids[&g.red],
                        black: ids[&g.black],
                        ..g.clone()
                    })
                    .collect(),
                byes: round
                    .byes
                    .iter()
                    .map(|b| Bye {
                        entrant: ids[&b.entrant],
                        kind: b.kind,
                    })
                    .collect(),
            };
            insert_round(tx, id, &mapped)?;
        }
    }
    Ok(())
}

pub fn update_event_info(tx: &Transaction, e: &Event) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO event (id, name, organiser, venue, start_date, end_date, chief_arbiter,
            entry_cap, hosts, co_organisers, committee, deputy_arbiters, arbiters, regulations,
            venue_rules)
         VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
         ON CONFLICT(id) DO UPDATE SET name = ?1, organiser = ?2, venue = ?3, start_date = ?4,
            end_date = ?5, chief_arbiter = ?6, entry_cap = ?7, hosts = ?8, co_organisers = ?9,
            committee = ?10, deputy_arbiters = ?11, arbiters = ?12, regulations = ?13,
            venue_rules = ?14",
        params![
            e.name,
            e.organiser,
            e.venue,
            date_text(e.start_date),
            date_text(e.end_date),
            e.chief_arbiter,
            e.entry_cap,
            e.details.hosts,
            e.details.co_organisers,
            e.details.committee,
            e.details.deputy_arbiters,
            e.details.arbiters,
            e.details.regulations,
            e.details.venue_rules
        ],
    )?;
    Ok(())
}

pub fn insert_section(
    tx: &Transaction,
    name: &str,
    settings: &SectionSettings,
) -> Result<SectionId, StoreError> {
    tx.execute(
        "INSERT INTO section (name, settings, position) VALUES (?1, ?2, (SELECT COALESCE(MAX(position), 0) + 1 FROM section))",
        params![name, settings_json(settings)?],
    )?;
    Ok(SectionId(tx.last_insert_rowid()))
}

pub fn update_section(
    tx: &Transaction,
    id: SectionId,
    name: &str,
    settings: &SectionSettings,
) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE section SET name = ?1, settings = ?2 WHERE id = ?3",
        params![name, settings_json(settings)?, id.0],
    )?;
    Ok(())
}

pub fn delete_section(tx: &Transaction, id: SectionId) -> Result<(), StoreError> {
    delete_team_section(tx, id)?;
    for table in ["round_note", "bye", "game", "round", "entrant"] {
        tx.execute(
            &format!("DELETE FROM {table} WHERE section_id = ?1"),
            [id.0],
        )?;
    }
    tx.execute("DELETE FROM section WHERE id = ?1", [id.0])?;
    Ok(())
}

/// Inserts an entrant; a nonzero `e.id` is kept (undo restores removed entrants that way),
/// zero lets SQLite choose.
pub fn insert_entrant(
    tx: &Transaction,
    section: SectionId,
    e: &Entrant,
) -> Result<EntrantId, StoreError> {
    tx.execute(
        "INSERT INTO entrant (id, section_id, number, name, sex, birth_date, unit, rating, grade, status,
                              member, overseas, team_member, flags, house, checked_in)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
        params![
            (e.id.0 > 0).then_some(e.id.0),
            section.0,
            e.number,
            e.name,
            e.sex.code(),
            date_text(e.birth_date),
            e.unit,
            e.rating,
            e.grade,
            status_code(e.status),
            e.member,
            e.overseas,
            e.team_member,
            flags_json(&e.flags)?,
            e.house,
            time_text(e.checked_in)
        ],
    )?;
    let id = EntrantId(tx.last_insert_rowid());
    set_payment(tx, id, &e.payment)?;
    Ok(id)
}

/// Writes a whole section with its own ids, entrants and rounds: the undo of a removal, and a
/// section read from a TRF file.
pub fn restore_section(tx: &Transaction, section: &Section) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO section (id, name, settings, position, lot_seed, checkin_closed)
         VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(position), 0) + 1 FROM section), ?4, ?5)",
        params![
            section.id.0,
            section.name,
            settings_json(&section.settings)?,
            section.lot_seed.map(|s| s as i64),
            time_text(section.checkin_closed)
        ],
    )?;
    for e in &section.entrants {
        insert_entrant(tx, section.id, e)?;
    }
    for r in &section.rounds {
        insert_round(tx, section.id, r)?;
    }
    Ok(())
}

pub fn update_entrant(tx: &Transaction, e: &Entrant) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE entrant SET number = ?2, name = ?3, sex = ?4, birth_date = ?5, unit = ?6, rating = ?7,
            grade = ?8, status = ?9, member = ?10, overseas = ?11, team_member = ?12, flags = ?13,
            house = ?14, checked_in = ?15
         WHERE id = ?1",
        params![
            e.id.0,
            e.number,
            e.name,
            e.sex.code(),
            date_text(e.birth_date),
            e.unit,
            e.rating,
            e.grade,
            status_code(e.status),
            e.member,
            e.overseas,
            e.team_member,
            flags_json(&e.flags)?,
            e.house,
            time_text(e.checked_in)
        ],
    )?;
    set_payment(tx, e.id, &e.payment)
}

/// Writes an entrant's payment (缴费); one not paid and with nothing recorded has no row.
pub fn set_payment(tx: &Transaction, id: EntrantId, p: &Payment) -> Result<(), StoreError> {
    if p.is_unpaid() {
        tx.execute("DELETE FROM payment WHERE entrant_id = ?1", [id.0])?;
        return Ok(());
    }
    tx.execute(
        "INSERT INTO payment (entrant_id, state, amount, method, receipt, paid_at, refunded_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT(entrant_id) DO UPDATE SET state = ?2, amount = ?3, method = ?4,
            receipt = ?5, paid_at = ?6, refunded_at = ?7",
        params![
            id.0,
            p.state.code(),
            p.amount,
            p.method.map(PaymentMethod::code).unwrap_or(""),
            p.receipt,
            time_text(p.paid_at),
            time_text(p.refunded_at)
        ],
    )?;
    Ok(())
}

/// Sets when a section's check-in was closed (`None`: open again).
pub fn set_checkin_closed(
    tx: &Transaction,
    section: SectionId,
    at: Option<NaiveDateTime>,
) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE section SET checkin_closed = ?1 WHERE id = ?2",
        params![time_text(at), section.0],
    )?;
    Ok(())
}

fn flags_json(flags: &[String]) -> Result<String, StoreError> {
    serde_json::to_string(flags).map_err(|e| StoreError::Corrupt(e.to_string()))
}

pub fn delete_entrant(tx: &Transaction, id: EntrantId) -> Result<(), StoreError> {
    tx.execute("DELETE FROM entrant WHERE id = ?1", [id.0])?;
    Ok(())
}

/// Marks journal row `id` as undone (inside the transaction that undoes it).
pub fn mark_undone(tx: &Transaction, id: i64) -> Result<(), StoreError> {
    tx.execute("UPDATE journal SET undone = 1 WHERE id = ?1", [id])?;
    Ok(())
}

pub fn set_lot_seed(
    tx: &Transaction,
    section: SectionId,
    seed: Option<u64>,
) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE section SET lot_seed = ?1 WHERE id = ?2",
        params![seed.map(|s| s as i64), section.0],
    )?;
    Ok(())
}

pub fn set_number(tx: &Transaction, id: EntrantId, number: Option<u32>) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE entrant SET number = ?1 WHERE id = ?2",
        params![number, id.0],
    )?;
    Ok(())
}

pub fn insert_round(tx: &Transaction, section: SectionId, round: &Round) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO round (section_id, number) VALUES (?1, ?2)",
        params![section.0, round.number],
    )?;
    for g in &round.games {
        tx.execute(
            "INSERT INTO game (section_id, round, board, red_id, black_id, outcome, fouls_red, fouls_black, phase, adjourned, late)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                section.0,
                round.number,
                g.board,
                g.red.0,
                g.black.0,
                g.outcome.map(Outcome::code),
                g.fouls_red,
                g.fouls_black,
                g.phase.code(),
                g.adjourned,
                g.late
            ],
        )?;
    }
    for b in &round.byes {
        tx.execute(
            "INSERT INTO bye (section_id, round, entrant_id, kind) VALUES (?1, ?2, ?3, ?4)",
            params![section.0, round.number, b.entrant.0, b.kind.code()],
        )?;
    }
    Ok(())
}

/// Stores the pairing engine's explanation of each board (board 0: the round as a whole).
pub fn insert_round_notes(
    tx: &Transaction,
    section: SectionId,
    round: u32,
    notes: &[(u32, String)],
) -> Result<(), StoreError> {
    for (board, note) in notes {
        tx.execute(
            "INSERT INTO round_note (section_id, round, board, note) VALUES (?1, ?2, ?3, ?4)",
            params![section.0, round, board, note],
        )?;
    }
    Ok(())
}

/// Deletes a round with its games, byes and notes, and a team round's matches and team byes.
pub fn delete_round(tx: &Transaction, section: SectionId, number: u32) -> Result<(), StoreError> {
    delete_team_round(tx, section, number)?;
    delete_round_rows(tx, section, number)
}

/// The round's own rows (games, byes, notes); its matches stay (a round written anew).
fn delete_round_rows(tx: &Transaction, section: SectionId, number: u32) -> Result<(), StoreError> {
    tx.execute(
        "DELETE FROM round_note WHERE section_id = ?1 AND round = ?2",
        params![section.0, number],
    )?;
    tx.execute(
        "DELETE FROM bye WHERE section_id = ?1 AND round = ?2",
        params![section.0, number],
    )?;
    tx.execute(
        "DELETE FROM game WHERE section_id = ?1 AND round = ?2",
        params![section.0, number],
    )?;
    tx.execute(
        "DELETE FROM round WHERE section_id = ?1 AND number = ?2",
        params![section.0, number],
    )?;
    Ok(())
}

/// Writes `round` over the stored round of the same number (a manual edit, games added to a
/// round, or putting a round back as it was), with its notes.
pub fn replace_round(
    tx: &Transaction,
    section: SectionId,
    round: &Round,
    notes: &[(u32, String)],
) -> Result<(), StoreError> {
    delete_round_rows(tx, section, round.number)?;
    insert_round(tx, section, round)?;
    insert_round_notes(tx, section, round.number, notes)
}

/// Sets the outcome and fouls of one board, and whether its forfeit was for lateness (迟到判负);
/// a result ends the board's adjournment. Returns false if there is no such board.
pub fn set_result(
    tx: &Transaction,
    section: SectionId,
    round: u32,
    board: u32,
    outcome: Option<Outcome>,
    fouls: (u8, u8),
    late: bool,
) -> Result<bool, StoreError> {
    let n = tx.execute(
        "UPDATE game SET outcome = ?4, fouls_red = ?5, fouls_black = ?6,
                adjourned = adjourned AND ?4 IS NULL, late = ?7
         WHERE section_id = ?1 AND round = ?2 AND board = ?3",
        params![
            section.0,
            round,
            board,
            outcome.map(Outcome::code),
            fouls.0,
            fouls.1,
            late
        ],
    )?;
    Ok(n == 1)
}

/// Marks one board adjourned (暂停对局) or not. Returns false if there is no such board.
pub fn set_adjourned(
    tx: &Transaction,
    section: SectionId,
    round: u32,
    board: u32,
    adjourned: bool,
) -> Result<bool, StoreError> {
    let n = tx.execute(
        "UPDATE game SET adjourned = ?4 WHERE section_id = ?1 AND round = ?2 AND board = ?3",
        params![section.0, round, board, adjourned],
    )?;
    Ok(n == 1)
}
