//! FIDE 模式 through the app: leaving it (a strong warning confirmed by typing the section's
//! name, journaled, never undone), keeping it left whatever later changes or undoes do, and
//! the conduct log ([`crate::model::fide`]) that the TRF export writes as `###` lines.

use super::undo::Inverse;
use super::{AppError, Tournament};
use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::model::{Event, FideLogLine, FideRecord, LeaveReason, SectionId};
use crate::store;

/// The longest reason for leaving FIDE mode.
pub const MAX_REASON: usize = 200;

/// Is `typed` the confirmation a strong warning asks for: the section's name?
pub fn confirms(typed: &str, section_name: &str) -> bool {
    !section_name.trim().is_empty() && typed.trim() == section_name.trim()
}

/// `restored` (settings an undo puts back) keeps every line of `current` that says the section
/// left FIDE mode: there is no way back into it.
pub(super) fn keep_left(current: &FideRecord, restored: &mut FideRecord) {
    if restored.left() {
        return;
    }
    restored.log.extend(
        current
            .log
            .iter()
            .filter(|l| matches!(l, FideLogLine::Left { .. }))
            .cloned(),
    );
}

/// An undo's inverse with the sections' FIDE-mode departures kept ([`keep_left`]).
pub(super) fn keep_left_in(inverse: &mut Inverse, event: &Event) {
    match inverse {
        Inverse::SectionSettings {
            section, settings, ..
        } => {
            if let Some(s) = event.section(*section) {
                keep_left(&s.settings.fide, &mut settings.fide);
            }
        }
        Inverse::Sequence(steps) => steps.iter_mut().for_each(|s| keep_left_in(s, event)),
        _ => {}
    }
}

impl Tournament {
    /// Takes a chess section out of FIDE mode, for good. `typed` must be the section's name
    /// (the strong warning's typed confirmation); `reason` is the arbiter's, written into the
    /// journal and the TRF. Journaled without an inverse: undo passes over it.
    pub fn leave_fide_mode(
        &mut self,
        section: SectionId,
        reason: &str,
        typed: &str,
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        if !s.settings.fide_mode() {
            return Err(AppError::NotInFideMode);
        }
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(AppError::FieldEmpty(T::FideLeaveReason));
        }
        super::check_length(T::FideLeaveReason, reason, MAX_REASON)?;
        if !confirms(typed, &s.name) {
            return Err(AppError::ConfirmationMismatch);
        }
        let after_round = s.rounds.len() as u32;
        let reason = LeaveReason::Arbiter(reason.to_string());
        let mut settings = s.settings.clone();
        settings.fide.log.push(FideLogLine::Left {
            after_round,
            reason: reason.clone(),
        });
        let name = s.name.clone();
        let entry = JournalEntry::FideLeft {
            section: name.clone(),
            after_round,
            reason,
        };
        self.store.action("fide.leave", &entry.encode(), |tx| {
            store::update_section(tx, section, &name, &settings)
        })?;
        self.reload()
    }
}
