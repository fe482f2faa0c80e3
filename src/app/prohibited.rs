//! 禁止配对 through the app: a prohibited pairing added to or taken from a section's settings as
//! one action (journaled, undone like any change of settings), for the command line; the
//! window edits them in the section's settings form and saves them with it.

use super::{AppError, Tournament};
use crate::i18n::T;
use crate::model::{EntrantId, ProhibitedPair, SectionId};

impl Tournament {
    /// The entrant of section `section` with pairing number `number`.
    pub fn entrant_by_number(
        &self,
        section: SectionId,
        number: u32,
    ) -> Result<EntrantId, AppError> {
        self.section(section)?
            .entrants
            .iter()
            .find(|e| e.number == Some(number))
            .map(|e| e.id)
            .ok_or(AppError::NoSuch(T::EntrantOfNumber))
    }

    /// Prohibits the pairing of `a` and `b`, entrants of `section`, in every round; `false`
    /// when it was prohibited already (nothing is written). In a section in FIDE mode with
    /// round 1 paired it is refused ([`AppError::LeavesFideMode`]): see
    /// [`Tournament::prohibit_pairing_confirmed`].
    pub fn prohibit_pairing(
        &mut self,
        section: SectionId,
        a: EntrantId,
        b: EntrantId,
    ) -> Result<bool, AppError> {
        self.prohibit_pairing_confirmed(section, a, b, None)
    }

    /// As [`Tournament::prohibit_pairing`]; `typed` (the section's name) confirms the strong
    /// warning that the pairing takes the section out of FIDE mode, where it does.
    pub fn prohibit_pairing_confirmed(
        &mut self,
        section: SectionId,
        a: EntrantId,
        b: EntrantId,
        typed: Option<&str>,
    ) -> Result<bool, AppError> {
        let s = self.section(section)?;
        for id in [a, b] {
            if s.entrant(id).is_none() {
                return Err(AppError::NoSuch(T::EntrantOfSection));
            }
        }
        let pair = ProhibitedPair::new(a, b).ok_or(AppError::ProhibitedSelf)?;
        if s.settings.prohibited.iter().any(|p| p.is(a, b)) {
            return Ok(false);
        }
        let mut settings = s.settings.clone();
        settings.prohibited.push(pair);
        let name = s.name.clone();
        let confirm = super::Confirmation {
            typed: typed.map(str::to_string),
            accepted: Vec::new(),
        };
        self.update_section_confirmed(section, &name, &settings, &confirm)?;
        Ok(true)
    }

    /// Allows the pairing of `a` and `b` again; `false` when it was not prohibited.
    pub fn allow_pairing(
        &mut self,
        section: SectionId,
        a: EntrantId,
        b: EntrantId,
    ) -> Result<bool, AppError> {
        let s = self.section(section)?;
        let mut settings = s.settings.clone();
        settings.prohibited.retain(|p| !p.is(a, b));
        if settings.prohibited.len() == s.settings.prohibited.len() {
            return Ok(false);
        }
        let name = s.name.clone();
        self.update_section(section, &name, &settings)?;
        Ok(true)
    }
}
