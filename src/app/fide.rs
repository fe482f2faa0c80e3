//! FIDE 模式 through the app: leaving it (a strong warning confirmed by typing the section's
//! name, journaled, never undone), keeping it left whatever later changes or undoes do, and
//! the conduct log ([`crate::model::fide`]) that the TRF export writes as `###` lines.

use super::{AppError, Tournament};
use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::model::{FideLogLine, FideRecord, LeaveReason, RuleWarning, SectionId, WarningLevel};
use crate::store;

/// The longest reason for leaving FIDE mode.
pub const MAX_REASON: usize = 200;

/// Is `typed` the confirmation a strong warning asks for: the section's name?
pub fn confirms(typed: &str, section_name: &str) -> bool {
    !section_name.trim().is_empty() && typed.trim() == section_name.trim()
}

/// What the arbiter confirmed of an action's warnings: the section's name typed (covers every
/// level, and a strong warning needs it) and the warnings accepted one by one (enough for the
/// `Warning` level).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Confirmation {
    pub typed: Option<String>,
    pub accepted: Vec<RuleWarning>,
}

/// Each warning with its level, in FIDE mode or out of it.
pub(super) fn weigh(
    warnings: Vec<RuleWarning>,
    fide_mode: bool,
) -> Vec<(RuleWarning, WarningLevel)> {
    warnings
        .into_iter()
        .map(|w| {
            let level = w.level(fide_mode);
            (w, level)
        })
        .collect()
}

/// Refused unless `confirm` covers every warning above a notice ([`AppError::RuleWarnings`],
/// naming them all); a warning FIDE mode refuses outright is [`AppError::FideRefuses`],
/// whatever was confirmed.
pub(super) fn check_confirmed(
    warnings: &[(RuleWarning, WarningLevel)],
    confirm: &Confirmation,
    section_name: &str,
) -> Result<(), AppError> {
    if let Some((w, _)) = warnings.iter().find(|(_, l)| *l == WarningLevel::Refused) {
        return Err(AppError::FideRefuses(w.clone()));
    }
    let typed = confirm
        .typed
        .as_deref()
        .is_some_and(|t| confirms(t, section_name));
    let unmet = warnings.iter().any(|(w, level)| match level {
        WarningLevel::Notice => false,
        WarningLevel::Warning => !typed && !confirm.accepted.contains(w),
        WarningLevel::Strong => !typed,
        WarningLevel::Refused => true,
    });
    if unmet {
        return Err(AppError::RuleWarnings(warnings.to_vec()));
    }
    Ok(())
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
