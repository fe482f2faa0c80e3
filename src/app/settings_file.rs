//! 组别设置文件 through the app: a section's settings written as a TOML file's text, and read
//! back from one as a single action (undone like any change of settings), checked first by the
//! file's reader ([`crate::interchange::settings`]) and then as the window's settings are.

use super::{AppError, Tournament};
use crate::interchange::settings::{from_toml, to_toml};
use crate::model::SectionId;

impl Tournament {
    /// The settings of a section as the text of a TOML file.
    pub fn settings_file(&self, section: SectionId) -> Result<String, AppError> {
        Ok(to_toml(&self.section(section)?.settings))
    }

    /// Replaces a section's settings by those of a TOML file's text, as one action. Nothing is
    /// changed when a line, a key or a value is bad.
    pub fn import_settings_file(&mut self, section: SectionId, text: &str) -> Result<(), AppError> {
        let settings = from_toml(text)?;
        let name = self.section(section)?.name.clone();
        self.update_section(section, &name, &settings)
    }
}
