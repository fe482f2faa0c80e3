//! 组别设置文件 through the app: a section's settings written as a TOML file's text, and read
//! back from one as a single action (undone like any change of settings), checked first by the
//! file's reader ([`crate::interchange::settings`]) and then as the window's settings are.
//!
//! A regulation template carries the event's details the order book prints besides (承办,
//! 协办, 组委会, 副裁判长, 裁判员, 竞赛规程, 赛场须知) in a table `[event]` at its end: its keys
//! are read here, a key it does not know is refused naming its line, and the details it gives
//! are set with the section's settings (an action of their own, after the section's; checked
//! before either is set).

use super::{AppError, Tournament, write_file};
use crate::interchange::settings::{SettingsFileError, from_toml_over, to_toml};
use crate::model::{EventDetails, SectionId};
use std::path::Path;

/// The keys of the `[event]` table, in the order written.
const EVENT_KEYS: [&str; 7] = [
    "hosts",
    "co_organisers",
    "committee",
    "deputy_arbiters",
    "arbiters",
    "regulations",
    "venue_rules",
];

/// A detail of `d` by its key in [`EVENT_KEYS`].
fn detail_mut<'a>(d: &'a mut EventDetails, key: &str) -> Option<&'a mut String> {
    Some(match key {
        "hosts" => &mut d.hosts,
        "co_organisers" => &mut d.co_organisers,
        "committee" => &mut d.committee,
        "deputy_arbiters" => &mut d.deputy_arbiters,
        "arbiters" => &mut d.arbiters,
        "regulations" => &mut d.regulations,
        "venue_rules" => &mut d.venue_rules,
        _ => return None,
    })
}

/// The `[event]` table of the details given (none when there are none).
fn event_table(details: &EventDetails) -> String {
    let mut d = details.clone();
    let mut table = toml::Table::new();
    for key in EVENT_KEYS {
        if let Some(value) = detail_mut(&mut d, key).filter(|v| !v.is_empty()) {
            table.insert(key.into(), toml::Value::String(value.clone()));
        }
    }
    if table.is_empty() {
        return String::new();
    }
    let mut outer = toml::Table::new();
    outer.insert("event".into(), toml::Value::Table(table));
    toml::to_string_pretty(&outer).unwrap_or_default()
}

/// A settings file's text split into the section's part (the `[event]` table's lines left
/// blank, so that the section's reader names the lines of the file) and the `[event]` table's
/// lines with the line (from 1) they begin on. The table runs from its header to the next
/// header outside a multi-line text.
fn split_event_table(text: &str) -> (String, Option<(usize, String)>) {
    let mut section = Vec::new();
    let mut event = Vec::new();
    let mut start = None;
    let mut in_event = false;
    let mut in_text = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if !in_text && t.starts_with('[') {
            let header = t
                .trim_start_matches('[')
                .split(']')
                .next()
                .unwrap_or("")
                .trim();
            in_event = header == "event";
            if in_event && start.is_none() {
                start = Some(i + 1);
            }
        }
        // A multi-line text opens or closes on a line with an odd number of its quotes.
        if (line.matches("'''").count() + line.matches("\"\"\"").count()) % 2 == 1 {
            in_text = !in_text;
        }
        if in_event {
            event.push(line);
            section.push("");
        } else {
            section.push(line);
        }
    }
    (section.join("\n"), start.map(|s| (s, event.join("\n"))))
}

/// The details an `[event]` table (beginning on line `first`) sets over `current`; a key it
/// does not know, or a value that is not a text, is refused naming its line.
fn read_event_table(
    first: usize,
    text: &str,
    current: &EventDetails,
) -> Result<EventDetails, SettingsFileError> {
    let line_of = |key: &str| {
        text.lines()
            .position(|l| l.trim_start().starts_with(key))
            .map_or(first, |i| first + i)
    };
    let table: toml::Table = toml::from_str(text).map_err(|e| SettingsFileError::Bad {
        line: e
            .span()
            .map_or(first, |s| first + text[..s.start].matches('\n').count()),
        key: "event".into(),
        detail: e.message().to_string(),
    })?;
    let mut details = current.clone();
    let Some(toml::Value::Table(event)) = table.get("event") else {
        return Ok(details);
    };
    for (key, value) in event {
        let path = format!("event.{key}");
        let Some(slot) = detail_mut(&mut details, key) else {
            return Err(SettingsFileError::Unknown {
                line: line_of(key),
                key: path,
            });
        };
        match value {
            toml::Value::String(v) => *slot = v.clone(),
            other => {
                return Err(SettingsFileError::Bad {
                    line: line_of(key),
                    key: path,
                    detail: format!("invalid type: {}, expected a string", other.type_str()),
                });
            }
        }
    }
    Ok(details)
}

impl Tournament {
    /// The settings of a section as the text of a TOML file: a regulation template, so without
    /// what names the section's entrants (the prohibited pairings, the points bonuses and
    /// penalties).
    pub fn settings_file(&self, section: SectionId) -> Result<String, AppError> {
        let settings = to_toml(&self.section(section)?.settings.without_entrants());
        let event = event_table(&self.event().details);
        Ok(if event.is_empty() {
            settings
        } else {
            format!("{settings}\n{event}")
        })
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
        let (text, event) = split_event_table(text);
        let mut settings = from_toml_over(&text, own)?;
        let details = match &event {
            Some((first, table)) => Some(read_event_table(*first, table, &self.event().details)?),
            None => None,
        };
        // A template names no entrants of this section: its own prohibited pairings, points
        // bonuses and penalties and requested byes stay.
        settings.prohibited = own.prohibited.clone();
        settings.points_adjustments = own.points_adjustments.clone();
        settings.requested_byes = own.requested_byes.clone();
        let name = self.section(section)?.name.clone();
        // The event's details, checked before anything is set; set after the section's
        // settings, which may still be refused (or wait for a confirmation).
        let info = match details.filter(|d| *d != self.event().details) {
            Some(details) => {
                let info = crate::model::Event {
                    details,
                    sections: vec![],
                    ..self.event().clone()
                };
                super::event_header(&info, true)?;
                Some(info)
            }
            None => None,
        };
        self.update_section_confirmed(section, &name, &settings, confirm)?;
        match info {
            Some(info) => self.set_event_info(&info),
            None => Ok(()),
        }
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
