//! App services: what both faces (the window and the command line) call. Each method is one
//! arbiter action: it checks the input, writes it in one transaction with a journal row, and
//! reloads the event from the file so that what the faces show is what is stored.

mod adjourn;
mod backups;
mod books;
mod byes;
mod checkin;
mod demo;
mod desk_papers;
mod documents;
mod entrants;
mod error;
mod exports;
mod fees;
mod fide;
mod files;
mod import;
mod knockout;
mod manual;
mod order_book;
mod pending;
mod prohibited;
mod qualifiers;
pub use qualifiers::takes_qualifiers;
pub use results::{BoardRef, ResultEntry};
mod results;
mod roles;
mod rounds;
mod sections;
mod settings_file;
mod teams;
mod trf_section;
mod undo;
mod venue;

pub use crate::conduct::{
    BracketKind, PlannedRound, SectionAwards, SectionBracket, WILDCARD_FLAG, bracket_places_after,
    final_standings, qualified_list, results_provisional, section_awards, section_over,
    standings_round,
};
pub use crate::interchange::entrants::{
    ColumnMapping, Field, Preview, RowError, Table, column_letters, read_text,
};
pub use crate::interchange::export::escape_html;
pub use crate::interchange::results::{parse_fouls, parse_outcome};
pub use crate::store::{EXTENSION, this_program_is_a_window};
pub use backups::RestoreLoss;
use backups::latest_backup;
pub use checkin::{
    CARD_PREFIX, CheckInCount, CheckedIn, card_code, check_in_count, check_in_matches,
    not_checked_in, parse_card_code,
};
pub use demo::demo_event;
pub use desk_papers::{desk_list_table, has_workbook};
pub use documents::{
    DocumentKind, DocumentRequest, DocumentSource, RoundDocument, STAND_IN, Unprintable,
    make_document, make_document_from, unprintable, unprintable_text,
};
use entrants::validate_entrant;
pub use error::{AppError, read_only_reason, system_name};
pub use exports::{CsvEncoding, ListFormat, ListKind, ListRequest, list_file, list_table};
pub use fees::{
    FeeCount, basis_text, fee_count, fee_count_text, fee_due, fee_line, fee_state_text,
    fee_state_word, fee_tables, figure_heads, parse_fee_amount,
};
pub use fide::{Confirmation, confirms};
pub use files::{suggested_file_name, suggested_folder, write_file};
pub use import::{TeamSheet, team_sheet};
pub use import::{guess_mapping, read_entrant_file};
pub use knockout::PairNext;
pub use manual::{EditPreview, ManualComparison, PairingEdit, Seat, apply_edit, edit_warnings};
pub use pending::{DEPUTIES_STAND, Hand, MAX_NOTE as MAX_PHONE_NOTE, Taken};
pub use roles::{
    DoorSubmission, Hands, NewRole, Queued, Submission, local_now, looks_like_token, new_token,
    role_url, sha256, token_hash,
};
pub use rounds::{pairing_notices, plan_next_round, plan_trf_round};
pub use sections::MAX_POINTS;
use sections::validate_settings;
pub use teams::{
    PlayerForm, SheetProblem, TeamError, TeamForm, team_event, team_label, team_rounds_complete,
};
pub use trf_section::read_trf_file;
pub use undo::Inverse;
pub use venue::{
    NotesMemo, QrCode, VenueBoard, VenueFeed, VenueGame, VenuePage, VenuePlayer, VenueRound,
    VenueSeat, VenueSection, VenueSnapshot, VenueSource, VenueStandings, Waker, follow_file,
    follow_file_with, lan_address, lower_thread_priority, venue_url,
};

use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::model::{EntrantId, Event, SectionId};
use crate::store::{self, Store};
use std::path::Path;

/// 犯规判负 — a result entered against the fouls of its game: `player` (on `side`) has
/// `fouls` fouls in it, at least [`crate::model::FOULS_FOR_LOSS`], so he has lost by the
/// rules, yet the result gives him a win or a draw. The result stands as entered; the arbiter
/// is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoulWarning {
    pub board: u32,
    pub side: crate::model::Side,
    pub player: EntrantId,
    pub fouls: u8,
}

/// An open event file and the event as stored in it.
pub struct Tournament {
    store: Store,
    event: Event,
    /// Changes with every reload and differs between files: a face may keep what it derived
    /// from the event (standings, the journal) for as long as this number stays the same.
    revision: u64,
    /// A backup after a pairing that could not be written: the pairing itself is stored, so
    /// this is a warning for the face to show beside the new round, not an error.
    backup_warning: Option<AppError>,
}

impl Tournament {
    /// Creates a new event file.
    pub fn create(path: &Path, event: &Event) -> Result<Tournament, AppError> {
        let event = Event {
            sections: event.sections.clone(),
            ..event_header(event, false)?
        };
        let store = Store::create(path, &event)?;
        let event = store.load_event()?;
        Ok(Tournament {
            store,
            event,
            revision: next_revision(),
            backup_warning: None,
        })
    }

    /// Opens an event file. A damaged file is refused untouched, with the way back: the
    /// latest backup and where it is. A file another process has open is waited for up to
    /// [`store::OPEN_WAIT`], then refused as in use.
    pub fn open(path: &Path) -> Result<Tournament, AppError> {
        Tournament::open_within(path, store::OPEN_WAIT)
    }

    /// [`Tournament::open`], waiting at most `wait` for another process to let the file go
    /// (zero: refused at once as in use).
    pub fn open_within(path: &Path, wait: std::time::Duration) -> Result<Tournament, AppError> {
        let opened = Store::open_within(path, wait).and_then(|store| {
            let event = store.load_event()?;
            Ok((store, event))
        });
        let (store, event) = opened.map_err(|e| match e {
            store::StoreError::Sql(sql) if store::is_damage(&sql) => AppError::Damaged {
                path: path.to_path_buf(),
                latest_backup: latest_backup(&store::backup_folder(path)),
            },
            store::StoreError::Corrupt(_) => AppError::Damaged {
                path: path.to_path_buf(),
                latest_backup: latest_backup(&store::backup_folder(path)),
            },
            other => other.into(),
        })?;
        Ok(Tournament {
            store,
            event,
            revision: next_revision(),
            backup_warning: None,
        })
    }

    /// Writes the demo event to `path` (which must not exist) and opens it.
    pub fn create_demo(path: &Path) -> Result<Tournament, AppError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| AppError::io(dir, e))?;
        }
        Tournament::create(path, &demo_event())
    }

    /// Save As: copies the file to `target` and continues in the copy.
    pub fn save_as(self, target: &Path) -> Result<Tournament, AppError> {
        self.store.copy_to(target)?;
        drop(self);
        Tournament::open(target)
    }

    pub fn event(&self) -> &Event {
        &self.event
    }

    pub fn path(&self) -> &Path {
        self.store.path()
    }

    /// Why this event is open for reading only (a read-only file or medium, other names), if
    /// it is: every change is then refused, viewing and exporting are not.
    pub fn read_only(&self) -> Option<store::ReadOnly> {
        self.store.read_only()
    }

    /// The journal, oldest first: (time, action code, what it did).
    pub fn journal(&self) -> Result<Vec<(String, String, JournalEntry)>, AppError> {
        Ok(self
            .store
            .journal()?
            .into_iter()
            .map(|(at, action, detail)| (at, action, JournalEntry::decode(&detail)))
            .collect())
    }

    pub fn integrity_check(&self) -> Result<String, AppError> {
        Ok(self.store.integrity_check()?)
    }

    /// One undoable action: writes with `f` and journals `inverse` in the same transaction,
    /// then reloads.
    fn act<R>(
        &mut self,
        action: &str,
        entry: JournalEntry,
        inverse: Inverse,
        f: impl FnOnce(&rusqlite::Transaction) -> Result<R, store::StoreError>,
    ) -> Result<R, AppError> {
        self.act_by(action, entry, inverse, None, f)
    }

    /// [`Tournament::act`], journaling who acted from a phone (`None`: the laptop).
    fn act_by<R>(
        &mut self,
        action: &str,
        entry: JournalEntry,
        inverse: Inverse,
        by: Option<&str>,
        f: impl FnOnce(&rusqlite::Transaction) -> Result<R, store::StoreError>,
    ) -> Result<R, AppError> {
        let out = self
            .store
            .action_by(action, &entry.encode(), Some(&inverse.encode()), by, f)?;
        self.reload()?;
        Ok(out)
    }

    fn reload(&mut self) -> Result<(), AppError> {
        self.event = self.store.load_event()?;
        self.revision = next_revision();
        Ok(())
    }

    /// Changes after every action, undo and restore (see the field).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// A section of the event, or the error a face shows when it is gone.
    pub fn section(&self, id: SectionId) -> Result<&crate::model::Section, AppError> {
        self.event.section(id).ok_or(AppError::NoSuch(T::Section))
    }

    /// Sets the event header (name, organiser, venue, dates, chief arbiter). Sections are
    /// not touched.
    pub fn set_event_info(&mut self, info: &Event) -> Result<(), AppError> {
        let info = &event_header(info, true)?;
        let before = Inverse::EventInfo(Box::new(Event {
            sections: vec![],
            ..self.event.clone()
        }));
        let entry = JournalEntry::Event {
            name: info.name.clone(),
        };
        self.act("event.info", entry, before, |tx| {
            store::update_event_info(tx, info)
        })
    }
}

fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

pub use crate::model::{MAX_NAME, MAX_TEXT};
pub const MAX_REASON: usize = 500;

/// Refuses a text longer than `max` characters, naming the field.
fn check_length(field: T, text: &str, max: usize) -> Result<(), AppError> {
    if text.chars().count() > max {
        return Err(AppError::TooLong { field, max });
    }
    Ok(())
}

/// The header of `event` (no sections) with the invisible characters taken out of its texts
/// (a control character or a direction override typed on the command line would print raw to
/// the terminal), refused where a text is too long, or where the name is empty and `named`.
fn event_header(event: &Event, named: bool) -> Result<Event, AppError> {
    let clean = |t: &str| crate::model::without_invisible(t).0;
    let e = Event {
        name: clean(&event.name),
        organiser: clean(&event.organiser),
        venue: clean(&event.venue),
        chief_arbiter: clean(&event.chief_arbiter),
        start_date: event.start_date,
        end_date: event.end_date,
        entry_cap: event.entry_cap,
        // Line by line: a list or a text keeps its lines.
        details: event.details.map(|text| {
            let lines: Vec<String> = text.lines().map(clean).collect();
            lines.join("\n").trim().to_string()
        }),
        sections: vec![],
    };
    if named && e.name.is_empty() {
        return Err(AppError::FieldEmpty(T::EventName));
    }
    check_length(T::EventName, &e.name, MAX_TEXT)?;
    check_length(T::Organiser, &e.organiser, MAX_TEXT)?;
    check_length(T::Venue, &e.venue, MAX_TEXT)?;
    check_length(T::ChiefArbiter, &e.chief_arbiter, MAX_NAME)?;
    let d = &e.details;
    for (field, text) in [
        (T::Hosts, &d.hosts),
        (T::CoOrganisers, &d.co_organisers),
        (T::Committee, &d.committee),
        (T::DeputyArbiters, &d.deputy_arbiters),
        (T::Arbiters, &d.arbiters),
        (T::Regulations, &d.regulations),
        (T::VenueRules, &d.venue_rules),
    ] {
        check_length(field, text, crate::model::MAX_LONG_TEXT)?;
    }
    Ok(e)
}
