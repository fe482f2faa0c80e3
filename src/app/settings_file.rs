//! 组别设置文件 through the app: a section's settings written as a TOML file's text, and read
//! back from one as a single action (undone like any change of settings), checked first by the
//! file's reader ([`crate::interchange::settings`]) and then as the window's settings are.

use super::{AppError, Tournament, write_file};
use crate::interchange::settings::{from_toml_over, to_toml};
use crate::model::SectionId;
use std::path::Path;

impl Tournament {
    /// The settings of a section as the text of a TOML file: a regulation template, so without
    /// what names the section's entrants (the prohibited pairings, the points bonuses and
    /// penalties).
    pub fn settings_file(&self, section: SectionId) -> Result<String, AppError> {
        Ok(to_toml(&self.section(section)?.settings.without_entrants()))
    }

    /// Sets the settings a TOML file's text writes, as one action: each key the file writes
    /// replaces the section's value, at any depth; a key left out keeps the section's current
    /// value ([`from_toml_over`]). Nothing is changed when a line, a key or a value is bad.
    pub fn import_settings_file(&mut self, section: SectionId, text: &str) -> Result<(), AppError> {
        self.import_settings_file_confirmed(section, text, &super::Confirmation::default())
    }

    /// As [`Tournament::import_settings_file`], going ahead against the warnings `confirm`
    /// covers (a tiebreak list changed after round 1, say).
    pub fn import_settings_file_confirmed(
        &mut self,
        section: SectionId,
        text: &str,
        confirm: &super::Confirmation,
    ) -> Result<(), AppError> {
        let own = &self.section(section)?.settings;
        let mut settings = from_toml_over(text, own)?;
        // A template names no entrants of this section: its own prohibited pairings, points
        // bonuses and penalties and requested byes stay.
        settings.prohibited = own.prohibited.clone();
        settings.points_adjustments = own.points_adjustments.clone();
        settings.requested_byes = own.requested_byes.clone();
        let name = self.section(section)?.name.clone();
        self.update_section_confirmed(section, &name, &settings, confirm)
    }

    /// Writes a section's settings to `path` as a TOML file (a regulation template for next
    /// year's event); replaces a file there (the file dialog asked first).
    pub fn save_settings_file(&self, section: SectionId, path: &Path) -> Result<(), AppError> {
        write_file(path, self.settings_file(section)?.as_bytes(), true)
    }

    /// Reads a settings file from `path` into a section, as one action.
    pub fn load_settings_file(&mut self, section: SectionId, path: &Path) -> Result<(), AppError> {
        let text = crate::interchange::entrants::read_text(path)
            .map_err(|e| AppError::Import(e.into()))?;
        self.import_settings_file(section, &text)
    }
}
