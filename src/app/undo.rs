//! Undo: every action the app services journal carries its inverse, written in the same
//! transaction. Undo applies the newest inverse not yet used, in one transaction that also
//! marks it used and journals the undo itself — so undo, like everything, survives a crash.

use super::{AppError, Tournament};
use crate::conduct::JournalEntry;
use crate::model::{
    Entrant, EntrantId, Event, Outcome, Round, Section, SectionId, SectionSettings,
};
use crate::store::{self, StoreError};
use rusqlite::Transaction;
use serde::{Deserialize, Serialize};

/// What puts the file back as it was before one action. (Variants differ in size; they are
/// built once per action and stored as JSON, so boxing them would buy nothing.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Inverse {
    /// A board's outcome, fouls and adjournment before a result was entered.
    Board {
        section: SectionId,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
        fouls: (u8, u8),
        #[serde(default)]
        adjourned: bool,
        /// Its forfeit was for lateness (迟到判负).
        #[serde(default)]
        late: bool,
    },
    /// Delete a round that was paired.
    RemoveRound { section: SectionId, round: u32 },
    /// Put back a round that was unpaired, with the engine's notes.
    RestoreRound {
        section: SectionId,
        round: Round,
        #[serde(default)]
        notes: Vec<(u32, String)>,
    },
    /// Put back a round as it was before a manual edit or before match games were added to it
    /// (the changed one is deleted first).
    ReplaceRound {
        section: SectionId,
        round: Round,
        notes: Vec<(u32, String)>,
    },
    /// Delete an entrant who was added.
    RemoveEntrant(EntrantId),
    /// Delete the entrants an import added.
    RemoveEntrants(Vec<EntrantId>),
    /// Put back an entrant as they were (after an edit or a removal).
    RestoreEntrant {
        section: SectionId,
        entrant: Entrant,
        existed: bool,
    },
    /// Pairing numbers and lot seed before a draw.
    Numbers {
        section: SectionId,
        numbers: Vec<(EntrantId, Option<u32>)>,
        seed: Option<u64>,
    },
    /// Name and settings of a section before an edit.
    SectionSettings {
        section: SectionId,
        name: String,
        #[serde(with = "crate::model::stored_form")]
        settings: SectionSettings,
    },
    /// Delete a section that was added.
    RemoveSection(SectionId),
    /// Put back a section that was removed, with its entrants and rounds.
    RestoreSection(Box<Section>),
    /// The event header before an edit.
    EventInfo(Box<Event>),
    /// When a section's check-in was closed before it was closed (or reopened).
    CheckInClosed {
        section: SectionId,
        closed: Option<chrono::NaiveDateTime>,
    },
    /// Where phones' entries stood before an action changed them (accepted, rejected).
    EntryStates(Vec<(i64, crate::model::EntryState)>),
    /// A team section's teams, line-ups, matches and team byes as they were (written in
    /// place of the section's team rows).
    Teams {
        section: SectionId,
        records: crate::model::TeamRecords,
    },
    /// Several inverses of one action, applied in order.
    Sequence(Vec<Inverse>),
    /// The whole file before a backup was restored, kept as a backup of its own: undone by
    /// putting that file back ([`Tournament::undo`]), not inside a transaction.
    FileBefore(std::path::PathBuf),
}

impl Inverse {
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    fn apply(&self, tx: &Transaction) -> Result<(), StoreError> {
        match self {
            Inverse::Board {
                section,
                round,
                board,
                outcome,
                fouls,
                adjourned,
                late,
            } => {
                store::set_result(tx, *section, *round, *board, *outcome, *fouls, *late)?;
                store::set_adjourned(tx, *section, *round, *board, *adjourned).map(|_| ())
            }
            Inverse::RemoveRound { section, round } => store::delete_round(tx, *section, *round),
            Inverse::RestoreRound {
                section,
                round,
                notes,
            } => {
                store::insert_round(tx, *section, round)?;
                store::insert_round_notes(tx, *section, round.number, notes)
            }
            Inverse::ReplaceRound {
                section,
                round,
                notes,
            } => store::replace_round(tx, *section, round, notes),
            Inverse::RemoveEntrant(id) => store::delete_entrant(tx, *id),
            Inverse::RemoveEntrants(ids) => {
                ids.iter().try_for_each(|id| store::delete_entrant(tx, *id))
            }
            Inverse::RestoreEntrant {
                section,
                entrant,
                existed,
            } => {
                if *existed {
                    store::update_entrant(tx, entrant)
                } else {
                    store::insert_entrant(tx, *section, entrant).map(|_| ())
                }
            }
            Inverse::Numbers {
                section,
                numbers,
                seed,
            } => {
                for (id, _) in numbers {
                    store::set_number(tx, *id, None)?;
                }
                for (id, n) in numbers {
                    store::set_number(tx, *id, *n)?;
                }
                store::set_lot_seed(tx, *section, *seed)
            }
            Inverse::SectionSettings {
                section,
                name,
                settings,
            } => store::update_section(tx, *section, name, settings),
            Inverse::RemoveSection(id) => store::delete_section(tx, *id),
            Inverse::RestoreSection(section) => store::restore_section(tx, section),
            Inverse::EventInfo(event) => store::update_event_info(tx, event),
            Inverse::CheckInClosed { section, closed } => {
                store::set_checkin_closed(tx, *section, *closed)
            }
            Inverse::EntryStates(states) => states
                .iter()
                .try_for_each(|(id, state)| store::set_entry_state(tx, *id, *state)),
            Inverse::Teams { section, records } => store::write_team_records(tx, *section, records),
            Inverse::Sequence(steps) => steps.iter().try_for_each(|step| step.apply(tx)),
            // Put back as a whole file by `Tournament::undo`, never applied here.
            Inverse::FileBefore(_) => Ok(()),
        }
    }
}

impl Tournament {
    /// Undoes the newest action not yet undone. Returns its journal entry (action, detail),
    /// or `None` when there is nothing left to undo.
    pub fn undo(&mut self) -> Result<Option<(String, JournalEntry)>, AppError> {
        let Some((id, action, detail, undo)) = self.store.last_undoable()? else {
            return Ok(None);
        };
        let entry = JournalEntry::decode(&detail);
        let undone = JournalEntry::Undo {
            action: action.clone(),
            entry: Box::new(entry.clone()),
        }
        .encode();
        let mut inverse: Inverse = serde_json::from_str(&undo)
            .map_err(|e| AppError::Store(StoreError::Corrupt(format!("journal {id}: {e}"))))?;
        // No undo takes a section back into FIDE mode.
        keep_left_in(&mut inverse, &self.event);
        if let Inverse::FileBefore(before) = &inverse {
            // The file as it was before the restore, journal and all: the restore's own journal
            // row goes with it, and the next Ctrl+Z undoes what came before the restore.
            self.store.restore_from(before)?;
            self.store.action("undo", &undone, |_| Ok(()))?;
            self.reload()?;
            return Ok(Some((action, entry)));
        }
        self.store.action("undo", &undone, |tx| {
            inverse.apply(tx)?;
            store::mark_undone(tx, id)
        })?;
        self.reload()?;
        Ok(Some((action, entry)))
    }
}

/// An undo's inverse with the sections' FIDE-mode departures kept ([`super::fide::keep_left`]).
fn keep_left_in(inverse: &mut Inverse, event: &Event) {
    match inverse {
        Inverse::SectionSettings {
            section, settings, ..
        } => {
            if let Some(s) = event.section(*section) {
                super::fide::keep_left(&s.settings.fide, &mut settings.fide);
            }
        }
        Inverse::Sequence(steps) => steps.iter_mut().for_each(|s| keep_left_in(s, event)),
        _ => {}
    }
}
