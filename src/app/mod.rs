//! App services: what both faces (the window and the command line) call. Each method is one
//! arbiter action: it checks the input, writes it in one transaction with a journal row, and
//! reloads the event from the file so that what the faces show is what is stored.

mod adjourn;
mod books;
mod byes;
mod demo;
mod documents;
mod error;
mod exports;
mod fide;
mod files;
mod import;
mod knockout;
mod manual;
mod prohibited;
mod qualifiers;
pub use qualifiers::takes_qualifiers;
mod results;
mod rounds;
mod settings_file;
mod trf_section;
mod undo;
mod venue;

pub use crate::conduct::{
    BracketKind, PlannedRound, SectionAwards, SectionBracket, WILDCARD_FLAG, bracket_places_after,
    final_standings, qualified_list, results_provisional, section_awards, section_over,
};
pub use crate::interchange::entrants::{
    ColumnMapping, Field, Preview, RowError, Table, column_letters,
};
pub use crate::interchange::results::{parse_fouls, parse_outcome};
pub use crate::store::{EXTENSION, this_program_is_a_window};
pub use demo::demo_event;
pub use documents::{
    DocumentKind, DocumentRequest, RoundDocument, STAND_IN, Unprintable, make_document,
    unprintable, unprintable_text,
};
pub use error::{AppError, read_only_reason};
pub use exports::{CsvEncoding, ListFormat, ListKind, ListRequest, list_file, list_table};
pub use fide::{Confirmation, confirms};
pub use files::write_file;
pub use import::{guess_mapping, read_entrant_file};
pub use knockout::PairNext;
pub use manual::{EditPreview, ManualComparison, PairingEdit, Seat, apply_edit, edit_warnings};
pub use rounds::{pairing_notices, plan_next_round, plan_trf_round};
pub use trf_section::read_trf_file;
pub use undo::Inverse;
pub use venue::{
    NotesMemo, QrCode, VenueBoard, VenueFeed, VenueGame, VenuePage, VenuePlayer, VenueRound,
    VenueSeat, VenueSection, VenueSnapshot, VenueSource, VenueStanding, VenueStandings, Waker,
    follow_file, lan_address, lower_thread_priority, venue_url,
};

use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::model::{Entrant, EntrantId, Event, Outcome, Points, SectionId, SectionSettings};
use crate::pairing;
use crate::store::{self, Store};
use std::path::{Path, PathBuf};

/// What a restore would drop (see [`Tournament::restore_loss`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RestoreLoss {
    /// Results entered or changed since the backup was made.
    pub results: usize,
    /// Journal rows written since.
    pub journal_rows: usize,
}

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
                latest_backup: latest_backup(&backup_dir_of(path)),
            },
            store::StoreError::Corrupt(_) => AppError::Damaged {
                path: path.to_path_buf(),
                latest_backup: latest_backup(&backup_dir_of(path)),
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
        let out =
            self.store
                .undoable_action(action, &entry.encode(), Some(&inverse.encode()), f)?;
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

    fn section(&self, id: SectionId) -> Result<&crate::model::Section, AppError> {
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

    pub fn add_section(
        &mut self,
        name: &str,
        settings: &SectionSettings,
    ) -> Result<SectionId, AppError> {
        let name = self.section_name(name, None)?;
        let name = name.as_str();
        validate_settings(settings)?;
        let next = SectionId(
            self.event
                .sections
                .iter()
                .map(|s| s.id.0)
                .max()
                .unwrap_or(0)
                + 1,
        );
        let entry = JournalEntry::Section { name: name.into() };
        let id = self.act("section.add", entry, Inverse::RemoveSection(next), |tx| {
            let id = store::insert_section(tx, name, settings)?;
            // The inverse names the id SQLite gives; check it did.
            if id != next {
                return Err(store::StoreError::Corrupt(format!(
                    "section id {} instead of {}",
                    id.0, next.0
                )));
            }
            Ok(id)
        })?;
        Ok(id)
    }

    /// A section's name as typed, cleaned of invisible characters: refused when empty, too
    /// long, or another section's (`-s NAME` must name one section; `except` is the section
    /// being renamed).
    fn section_name(&self, typed: &str, except: Option<SectionId>) -> Result<String, AppError> {
        let (name, _) = crate::model::without_invisible(typed);
        if name.is_empty() {
            return Err(AppError::FieldEmpty(T::SectionName));
        }
        check_length(T::SectionName, &name, MAX_NAME)?;
        if self
            .event
            .sections
            .iter()
            .any(|s| s.name == name && Some(s.id) != except)
        {
            return Err(AppError::SectionExists(name));
        }
        Ok(name)
    }

    /// Changes a section's name and settings. Results are stored as outcome codes, so a new
    /// point system rescores everything without touching them.
    ///
    /// The FIDE-mode record is the services' own and is kept as it is. A prohibited pairing
    /// added to a section in FIDE mode once round 1 is paired takes it out of FIDE mode: that
    /// is refused ([`AppError::LeavesFideMode`]) unless made through
    /// [`Tournament::update_section_leaving_fide`].
    pub fn update_section(
        &mut self,
        id: SectionId,
        name: &str,
        settings: &SectionSettings,
    ) -> Result<(), AppError> {
        self.update_section_confirmed(id, name, settings, &Confirmation::default())
    }

    /// As [`Tournament::update_section`], with the strong warning of leaving FIDE mode
    /// confirmed by `typed` (the section's name).
    pub fn update_section_leaving_fide(
        &mut self,
        id: SectionId,
        name: &str,
        settings: &SectionSettings,
        typed: &str,
    ) -> Result<(), AppError> {
        let confirm = Confirmation {
            typed: Some(typed.to_string()),
            accepted: Vec::new(),
        };
        self.update_section_confirmed(id, name, settings, &confirm)
    }

    /// As [`Tournament::update_section`], going ahead against the warnings `confirm` covers
    /// ([`AppError::RuleWarnings`] names those it does not).
    pub fn update_section_confirmed(
        &mut self,
        id: SectionId,
        name: &str,
        settings: &SectionSettings,
        confirm: &Confirmation,
    ) -> Result<(), AppError> {
        let typed = confirm.typed.as_deref();
        let name = self.section_name(name, Some(id))?;
        let name = name.as_str();
        validate_settings(settings)?;
        let paired = self.section(id)?.rounds.len() as u32;
        if settings.rounds < paired {
            return Err(AppError::FieldInvalid {
                field: T::Rounds,
                value: settings.rounds.to_string(),
                reason: format!("{paired} rounds are already paired"),
            });
        }
        let old = self.section(id)?;
        let mut settings = settings.clone();
        settings.fide = old.settings.fide.clone();
        let added = settings
            .prohibited
            .iter()
            .find(|p| !old.settings.prohibited.contains(p));
        let mut entry = JournalEntry::Section { name: name.into() };
        if let Some(pair) = added.filter(|_| old.settings.fide_mode() && !old.rounds.is_empty()) {
            match typed {
                None => return Err(AppError::LeavesFideMode),
                Some(t) if !fide::confirms(t, &old.name) => {
                    return Err(AppError::ConfirmationMismatch);
                }
                Some(_) => {}
            }
            let number = |e| old.entrant(e).and_then(|e| e.number).unwrap_or(0);
            let after_round = old.rounds.len() as u32;
            let reason =
                crate::model::LeaveReason::Prohibited(number(pair.first), number(pair.second));
            settings.fide.log.push(crate::model::FideLogLine::Left {
                after_round,
                reason: reason.clone(),
            });
            entry = JournalEntry::FideLeft {
                section: name.into(),
                after_round,
                reason,
            };
        }
        // Actions against the rules: each at its level, gone ahead with only when confirmed;
        // journaled, and logged for the TRF of a chess section.
        let warnings = fide::weigh(
            crate::model::fide::settings_warnings(&old.settings, &settings, old.rounds.len()),
            old.settings.fide_mode(),
        );
        fide::check_confirmed(&warnings, confirm, &old.name)?;
        if !warnings.is_empty() {
            if settings.game == crate::model::GameKind::Chess {
                let round = old.rounds.len() as u32;
                settings
                    .fide
                    .log
                    .extend(warnings.iter().map(|(warning, level)| {
                        crate::model::FideLogLine::Overridden {
                            round,
                            warning: warning.clone(),
                            level: *level,
                        }
                    }));
            }
            if matches!(entry, JournalEntry::Section { .. }) {
                entry = JournalEntry::WarningOverridden {
                    section: name.into(),
                    warnings: warnings.clone(),
                };
            }
        }
        let settings = &settings;
        let before = Inverse::SectionSettings {
            section: id,
            name: old.name.clone(),
            settings: old.settings.clone(),
        };
        self.act("section.update", entry, before, |tx| {
            store::update_section(tx, id, name, settings)
        })
    }

    pub fn remove_section(&mut self, id: SectionId) -> Result<(), AppError> {
        let old = self.section(id)?.clone();
        let name = old.name.clone();
        self.act(
            "section.remove",
            JournalEntry::Section { name },
            Inverse::RestoreSection(Box::new(old)),
            |tx| store::delete_section(tx, id),
        )
    }

    /// Adds an entrant. After the drawing of lots a late entrant gets the next free number.
    pub fn add_entrant(
        &mut self,
        section: SectionId,
        entrant: &Entrant,
    ) -> Result<EntrantId, AppError> {
        let (mut e, _) = entrant.cleaned();
        validate_entrant(&e)?;
        let s = self.section(section)?;
        // The section's entry rules (参赛资格, 限报人数); a house player (补双) is the
        // organiser's and is not an entry.
        if !e.house {
            let rules = &s.settings.eligibility;
            let reasons = rules.check(&e);
            if !reasons.is_empty() {
                return Err(AppError::Ineligible {
                    name: e.name.clone(),
                    grade: e.grade.clone(),
                    reasons,
                });
            }
            let entered = s.entrants.iter().filter(|x| !x.house).count();
            if let Some(cap) = rules.cap
                && entered >= cap as usize
            {
                return Err(AppError::OverCap { name: e.name, cap });
            }
            if let (Some(cap), Some(0)) = (self.event.entry_cap, self.event.room()) {
                return Err(AppError::OverEventCap { name: e.name, cap });
            }
        }
        e.number = if s.is_drawn() {
            s.entrants
                .iter()
                .filter_map(|x| x.number)
                .max()
                .map(|m| m + 1)
        } else {
            None
        };
        // The next id, named here so that the inverse can name it too.
        e.id = self.event.next_entrant_id();
        let entry = JournalEntry::Entrant {
            section: self.section(section)?.name.clone(),
            player: e.label(),
        };
        self.act("entrant.add", entry, Inverse::RemoveEntrant(e.id), |tx| {
            store::insert_entrant(tx, section, &e)
        })
    }

    /// 补双 — adds a house player (rules.md §6) to make the section's active field even: named
    /// 补双, of the event's organiser (承办单位 when the event names none). One action, undone
    /// like any other added entrant. Refused when the field is already even or has one.
    pub fn add_house_player(&mut self, section: SectionId) -> Result<EntrantId, AppError> {
        if !self.section(section)?.wants_house_player() {
            return Err(AppError::HouseNotWanted);
        }
        let e = Entrant::house_player(&self.event.organiser);
        self.add_entrant(section, &e)
    }

    /// Changes an entrant's details. A pairing number (序号) asked for replaces the drawn one
    /// while round 1 is not paired and no other entrant has it; `None` keeps the number.
    pub fn update_entrant(
        &mut self,
        section: SectionId,
        entrant: &Entrant,
    ) -> Result<(), AppError> {
        let (entrant, _) = entrant.cleaned();
        let entrant = &entrant;
        validate_entrant(entrant)?;
        let old = self
            .section(section)?
            .entrant(entrant.id)
            .ok_or(AppError::NoSuch(T::Name))?;
        let before = Inverse::RestoreEntrant {
            section,
            entrant: old.clone(),
            existed: true,
        };
        // 序号 by hand (seeds in the order of a qualified list …): only before round 1, and
        // never a number another entrant has. No number asked for keeps the drawn one.
        let number = entrant.number.or(old.number);
        if number != old.number {
            let s = self.section(section)?;
            if !s.rounds.is_empty() {
                return Err(AppError::NumbersFixed);
            }
            if let Some(other) = s
                .entrants
                .iter()
                .find(|x| x.id != entrant.id && x.number.is_some() && x.number == number)
            {
                return Err(AppError::NumberTaken(
                    number.unwrap_or(0),
                    other.name.clone(),
                ));
            }
        }
        let e = Entrant {
            number,
            ..entrant.clone()
        };
        let entry = JournalEntry::Entrant {
            section: self.section(section)?.name.clone(),
            player: e.label(),
        };
        self.act("entrant.update", entry, before, |tx| {
            store::update_entrant(tx, &e)
        })
    }

    /// Removes an entrant who has no game or bye yet; others must be withdrawn instead. His
    /// prohibited pairings (禁止配对) and points bonuses and penalties go with him, in the same
    /// action.
    pub fn remove_entrant(&mut self, section: SectionId, id: EntrantId) -> Result<(), AppError> {
        let s = self.section(section)?;
        let e = s.entrant(id).ok_or(AppError::NoSuch(T::Name))?;
        if s.rounds
            .iter()
            .any(|r| r.plays(id) || r.bye_of(id).is_some())
        {
            return Err(AppError::EntrantHasGames(e.name.clone()));
        }
        let entry = JournalEntry::Entrant {
            section: s.name.clone(),
            player: e.label(),
        };
        let restore = Inverse::RestoreEntrant {
            section,
            entrant: e.clone(),
            existed: false,
        };
        let mut settings = s.settings.clone();
        settings
            .prohibited
            .retain(|p| p.first != id && p.second != id);
        settings.points_adjustments.retain(|a| a.entrant != id);
        settings.requested_byes.retain(|b| b.entrant != id);
        if settings == s.settings {
            return self.act("entrant.remove", entry, restore, |tx| {
                store::delete_entrant(tx, id)
            });
        }
        let name = s.name.clone();
        let before = Inverse::Sequence(vec![
            Inverse::SectionSettings {
                section,
                name: name.clone(),
                settings: s.settings.clone(),
            },
            restore,
        ]);
        self.act("entrant.remove", entry, before, |tx| {
            store::update_section(tx, section, &name, &settings)?;
            store::delete_entrant(tx, id)
        })
    }

    /// 抽签 — draws pairing numbers for every entrant from `seed` and records the seed.
    /// Refused once round 1 is paired.
    pub fn draw_lots(&mut self, section: SectionId, seed: u64) -> Result<(), AppError> {
        let s = self.section(section)?;
        if !s.rounds.is_empty() {
            return Err(AppError::Pairing(pairing::PairingError::AlreadyPaired(1)));
        }
        if s.entrants.is_empty() {
            return Err(AppError::Pairing(pairing::PairingError::NoEntrants));
        }
        let ids: Vec<EntrantId> = s.entrants.iter().map(|e| e.id).collect();
        let draw = pairing::draw_numbers(&ids, seed);
        let before = Inverse::Numbers {
            section,
            numbers: s.entrants.iter().map(|e| (e.id, e.number)).collect(),
            seed: s.lot_seed,
        };
        let entry = JournalEntry::Lots {
            section: s.name.clone(),
            seed,
        };
        self.act("lots.draw", entry, before, |tx| {
            // Clear first: numbers are unique within a section.
            for (id, _) in &draw {
                store::set_number(tx, *id, None)?;
            }
            for (id, n) in &draw {
                store::set_number(tx, *id, Some(*n))?;
            }
            store::set_lot_seed(tx, section, Some(seed))
        })
    }

    /// Enters (or clears, with `None`) the result of one board, keeping its fouls. A result
    /// that gives a player with two fouls in the game a win or a draw is entered and warned of.
    pub fn set_result(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
    ) -> Result<Option<FoulWarning>, AppError> {
        self.set_result_confirmed(section, round, board, outcome, &Default::default())
    }

    /// As [`Tournament::set_result`], with the arbiter's confirmation of the warnings the
    /// result raises (an adjourned game that a later round counted as a draw, ending
    /// otherwise).
    pub fn set_result_confirmed(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
        confirm: &fide::Confirmation,
    ) -> Result<Option<FoulWarning>, AppError> {
        let g = self.game(section, round, board)?;
        let fouls = (g.fouls_red, g.fouls_black);
        self.write_board(section, round, board, outcome, fouls, None, confirm)
    }

    /// Corrects the result and fouls of a board in a round that is no longer the latest. The
    /// reason is required and journaled with the change. Warns as [`Tournament::set_result`].
    pub fn correct_board(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
        fouls: (u8, u8),
        reason: &str,
    ) -> Result<Option<FoulWarning>, AppError> {
        let reason = reason.trim();
        check_length(T::Reason, reason, MAX_REASON)?;
        if reason.is_empty() {
            return Err(AppError::FieldEmpty(T::Reason));
        }
        self.write_board(
            section,
            round,
            board,
            outcome,
            fouls,
            Some(reason),
            &Default::default(),
        )
    }

    /// Is a change to `board` of `round` a correction: the round is earlier than the section's
    /// last and the board already has a result? (The first result of a board is no correction:
    /// a playoff's tie-break game may still be played while the Swiss beside it has moved on.)
    pub fn is_correction(&self, section: SectionId, round: u32, board: u32) -> bool {
        let Ok(s) = self.section(section) else {
            return false;
        };
        let earlier = s.rounds.last().is_some_and(|last| round < last.number);
        earlier
            && s.round(round)
                .and_then(|r| r.games.iter().find(|g| g.board == board))
                .is_some_and(|g| g.outcome.is_some())
    }

    /// Sets the fouls (犯规) recorded for red and black on one board; warns as
    /// [`Tournament::set_result`] when the result entered no longer agrees with them.
    pub fn set_fouls(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        fouls: (u8, u8),
    ) -> Result<Option<FoulWarning>, AppError> {
        let outcome = self.game(section, round, board)?.outcome;
        self.write_board(
            section,
            round,
            board,
            outcome,
            fouls,
            None,
            &Default::default(),
        )
    }

    fn game(
        &self,
        section: SectionId,
        round: u32,
        board: u32,
    ) -> Result<&crate::model::Game, AppError> {
        self.section(section)?
            .round(round)
            .and_then(|r| r.games.iter().find(|g| g.board == board))
            .ok_or(AppError::NoSuch(T::Board))
    }

    #[allow(clippy::too_many_arguments)]
    fn write_board(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
        fouls: (u8, u8),
        reason: Option<&str>,
        confirm: &fide::Confirmation,
    ) -> Result<Option<FoulWarning>, AppError> {
        if reason.is_none() && self.is_correction(section, round, board) {
            return Err(AppError::ReasonRequired(round));
        }
        let s = self.section(section)?;
        let old = self.game(section, round, board)?;
        let last = s.rounds.last().map_or(0, |r| r.number);
        let mut warnings = Vec::new();
        // A correction two or more rounds back goes against the rules (FIDE mode refuses it);
        // its reason is its confirmation.
        if reason.is_some() && crate::model::fide::two_rounds_back(round, last) {
            warnings.push(crate::model::RuleWarning::OldResultChanged { round, board });
        }
        // An adjourned game a later round counted as a draw, ending otherwise.
        warnings.extend(adjourn::adjourned_result_warning(s, round, old, outcome));
        let weighed = fide::weigh(warnings, s.settings.fide_mode());
        let mut confirm = confirm.clone();
        if reason.is_some() {
            confirm.accepted.extend(
                weighed
                    .iter()
                    .filter(|(w, _)| {
                        matches!(w, crate::model::RuleWarning::OldResultChanged { .. })
                    })
                    .map(|(w, _)| w.clone()),
            );
        }
        fide::check_confirmed(&weighed, &confirm, &s.name)?;
        // Journaled with its level, and logged for a chess section's TRF.
        let overridden = weighed.first().cloned();
        let entry = JournalEntry::Result {
            section: s.name.clone(),
            round,
            board,
            outcome,
            fouls,
            reason: reason.map(str::to_string),
            game: s.settings.game,
            overridden,
        };
        let logged = (!weighed.is_empty() && s.settings.game == crate::model::GameKind::Chess)
            .then(|| {
                let mut settings = s.settings.clone();
                settings
                    .fide
                    .log
                    .extend(weighed.iter().map(|(warning, level)| {
                        crate::model::FideLogLine::Overridden {
                            round: last,
                            warning: warning.clone(),
                            level: *level,
                        }
                    }));
                (s.name.clone(), settings, s.settings.clone())
            });
        let old = self.game(section, round, board)?;
        let mut before = Inverse::Board {
            section,
            round,
            board,
            outcome: old.outcome,
            fouls: (old.fouls_red, old.fouls_black),
            adjourned: old.adjourned,
        };
        if let Some((name, _, old_settings)) = &logged {
            before = Inverse::Sequence(vec![
                before,
                Inverse::SectionSettings {
                    section,
                    name: name.clone(),
                    settings: old_settings.clone(),
                },
            ]);
        }
        let action = if reason.is_some() {
            "result.correct"
        } else {
            "result.set"
        };
        let found = self.act(action, entry, before, |tx| {
            if let Some((name, settings, _)) = &logged {
                store::update_section(tx, section, name, settings)?;
            }
            store::set_result(tx, section, round, board, outcome, fouls)
        })?;
        if !found {
            return Err(AppError::NoSuch(T::Board));
        }
        let g = self.game(section, round, board)?;
        Ok(g.foul_conflict().map(|side| FoulWarning {
            board,
            side,
            player: g.player(side),
            fouls: g.fouls(side),
        }))
    }

    /// The backup copies of this file, newest first.
    pub fn backups(&self) -> Vec<PathBuf> {
        backups_in(&self.backup_dir())
    }

    /// What restoring `backup` would drop: the results entered and the journal rows written
    /// since it was made (for the question the window asks first).
    pub fn restore_loss(&self, backup: &Path) -> Result<RestoreLoss, AppError> {
        let (then, journal_then) = store::Store::read_backup(backup)?;
        let journal_now = self.journal()?.len();
        let outcome = |e: &Event, s: SectionId, r: u32, b: u32| {
            e.section(s)
                .and_then(|s| s.round(r))
                .and_then(|r| r.games.iter().find(|g| g.board == b))
                .and_then(|g| g.outcome)
        };
        let results = self
            .event
            .sections
            .iter()
            .flat_map(|s| s.rounds.iter().map(move |r| (s.id, r)))
            .flat_map(|(s, r)| r.games.iter().map(move |g| (s, r.number, g)))
            .filter(|(s, r, g)| g.outcome.is_some() && outcome(&then, *s, *r, g.board) != g.outcome)
            .count();
        Ok(RestoreLoss {
            results,
            journal_rows: journal_now.saturating_sub(journal_then),
        })
    }

    /// Puts the event back as it is in `backup`, as one action that Ctrl+Z undoes: the state
    /// before is kept as a backup of its own ("before-restore") and put back by the undo.
    pub fn restore_backup(&mut self, backup: &Path) -> Result<(), AppError> {
        // A file that is not a readable event is refused before anything is done.
        store::Store::read_backup(backup)?;
        let before = self.backup("before-restore")?;
        self.store.restore_from(backup)?;
        let name = backup
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.act(
            "backup.restore",
            JournalEntry::Restore { backup: name },
            Inverse::FileBefore(before),
            |_| Ok(()),
        )
    }

    /// Where the per-round backups of this file go: `<name>.backups/` beside it.
    pub fn backup_dir(&self) -> PathBuf {
        backup_dir_of(self.path())
    }

    /// The backup after a paired round, which must not undo the pairing when it fails: the
    /// failure is kept for [`Tournament::take_backup_warning`].
    fn backup_after_pairing(&mut self, round: u32) {
        self.backup_warning = self.backup(&format!("r{round}-paired")).err();
    }

    /// The failure of the backup after the last pairing, if it failed (asked once).
    pub fn take_backup_warning(&mut self) -> Option<AppError> {
        self.backup_warning.take()
    }

    /// Writes a consistent copy of the file into the backup folder.
    pub fn backup(&self, label: &str) -> Result<PathBuf, AppError> {
        let dir = self.backup_dir();
        std::fs::create_dir_all(&dir).map_err(|e| AppError::io(&dir, e))?;
        let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S%.3f");
        let target = dir.join(format!("{label}-{stamp}.{}", store::EXTENSION));
        self.store.copy_to(&target)?;
        Ok(target)
    }
}

/// A number never handed out before in this process.
/// Where the per-round backups of the event file at `path` go: `<name>.backups/` beside it.
fn backup_dir_of(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!("{stem}.backups"))
}

/// The event files in a backup folder, newest first.
fn backups_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    // Only whole backups: one cut short (a kill, a full disk) is never offered.
    v.retain(|p| p.extension().is_some_and(|x| x == store::EXTENSION) && store::looks_whole(p));
    let written = |p: &PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    v.sort_by_key(|p| std::cmp::Reverse((written(p), p.clone())));
    v
}

/// The newest backup in `dir`, if there is one.
fn latest_backup(dir: &Path) -> Option<PathBuf> {
    backups_in(dir).into_iter().next()
}

fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

fn validate_settings(s: &SectionSettings) -> Result<(), AppError> {
    if s.rounds == 0 || s.rounds > 99 {
        return Err(AppError::FieldInvalid {
            field: T::Rounds,
            value: s.rounds.to_string(),
            reason: "1–99".into(),
        });
    }
    let p = &s.playoff;
    if p.players > 0 && p.after_round == 0 {
        return Err(AppError::FieldInvalid {
            field: T::PlayoffAfterRound,
            value: "0".into(),
            reason: "≥ 1".into(),
        });
    }
    // Point values within reason, so that no sum of them over 99 rounds can overflow (a
    // settings file once carried win = 2147483647 and wrapped every score).
    let p = &s.points;
    let limit = Points::whole(MAX_POINTS);
    let values = crate::model::points::PointCell::TABLE
        .iter()
        .map(|&c| p.cell(c))
        .chain([p.half_bye]);
    for v in values {
        if v.halves().abs() > limit.halves() {
            return Err(AppError::FieldInvalid {
                field: T::Points,
                value: v.to_string(),
                reason: format!("−{MAX_POINTS}–{MAX_POINTS}"),
            });
        }
    }
    for a in &s.points_adjustments {
        if a.points.halves().abs() > limit.halves() || a.round > 99 {
            return Err(AppError::FieldInvalid {
                field: T::PointsAdjustments,
                value: format!("{} ({})", a.points, a.round),
                reason: format!("−{MAX_POINTS}–{MAX_POINTS}, 0–99"),
            });
        }
    }
    // A time for each round at most, each as long as a line of text.
    if s.round_times.len() > s.rounds as usize {
        return Err(AppError::FieldInvalid {
            field: T::Schedule,
            value: s.round_times.len().to_string(),
            reason: format!("≤ {}", s.rounds),
        });
    }
    for t in &s.round_times {
        check_length(T::Schedule, t, MAX_TEXT)?;
    }
    let x = &s.xiangqi;
    if x.same_unit_to != 0 && x.same_unit_from > x.same_unit_to {
        return Err(AppError::FieldInvalid {
            field: T::SameUnitRounds,
            value: format!("{}–{}", x.same_unit_from, x.same_unit_to),
            reason: "自第几轮 ≤ 至第几轮 / from ≤ to".into(),
        });
    }
    Ok(())
}

/// The largest point value (and bonus or penalty) a section takes, in whole points, either
/// sign: far beyond any real point system, and small enough that no score can overflow.
pub const MAX_POINTS: i32 = 100;

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
        sections: vec![],
        ..event.clone()
    };
    if named && e.name.is_empty() {
        return Err(AppError::FieldEmpty(T::EventName));
    }
    check_length(T::EventName, &e.name, MAX_TEXT)?;
    check_length(T::Organiser, &e.organiser, MAX_TEXT)?;
    check_length(T::Venue, &e.venue, MAX_TEXT)?;
    check_length(T::ChiefArbiter, &e.chief_arbiter, MAX_NAME)?;
    Ok(e)
}

fn validate_entrant(e: &Entrant) -> Result<(), AppError> {
    if e.name.trim().is_empty() {
        return Err(AppError::FieldEmpty(T::Name));
    }
    check_length(T::Name, &e.name, MAX_NAME)?;
    check_length(T::Unit, &e.unit, MAX_TEXT)?;
    check_length(T::Grade, &e.grade, MAX_NAME)?;
    for flag in &e.flags {
        check_length(T::Flags, flag, MAX_NAME)?;
    }
    if let Some(r) = e.rating
        && !(0..=4000).contains(&r)
    {
        return Err(AppError::FieldInvalid {
            field: T::Rating,
            value: r.to_string(),
            reason: "0–4000".into(),
        });
    }
    Ok(())
}
