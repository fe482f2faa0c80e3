//! 从TRF文件新建组别 — the panel under the section row of the Event tab that makes a chess
//! section of a FIDE TRF file. The file is chosen in the file dialog, typed (Enter reads it),
//! or dropped on the window; what it would become is shown first (name, entrants, rounds
//! played and planned), or the line and field that stop it; the button then creates it as one
//! undoable action ([`Tournament::add_section_from_trf`](crate::app::Tournament::add_section_from_trf)).

use super::super::Desk;
use super::super::widgets::field;
use super::{hint, row};
use crate::i18n::{T, fill};
use crate::model::SectionId;

/// The panel's state: the file as typed, its bytes once read, and what it would become.
#[derive(Default)]
pub struct TrfPanel {
    path: String,
    /// The file's bytes, once read.
    bytes: Option<Vec<u8>>,
    /// Why the file could not be read.
    error: Option<String>,
    /// What the file would become, for the event's revision and the name asked for: a line
    /// saying so, or why it cannot.
    preview: Option<((u64, String), Result<String, String>)>,
    /// Give the path field the focus on the next frame.
    focus_path: bool,
}

/// What the panel asks of the tab after a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfOutcome {
    Open,
    Close,
    Created(SectionId),
}

impl TrfPanel {
    /// A panel with the path field focused.
    pub fn new() -> TrfPanel {
        TrfPanel {
            focus_path: true,
            ..TrfPanel::default()
        }
    }

    /// A panel that has read `path` (a file dropped on the window).
    pub fn with_file(path: &std::path::Path, desk: &Desk) -> TrfPanel {
        let mut p = TrfPanel {
            path: path.display().to_string(),
            ..TrfPanel::default()
        };
        p.read(desk);
        p
    }

    fn read(&mut self, desk: &Desk) {
        self.bytes = None;
        self.error = None;
        self.preview = None;
        let path = self.path.trim().trim_matches('"');
        if path.is_empty() {
            return;
        }
        match crate::app::read_trf_file(std::path::Path::new(path)) {
            Ok(bytes) => self.bytes = Some(bytes),
            Err(e) => self.error = Some(e.message(desk.lang)),
        }
    }

    /// The panel; `name` is the section name typed in the row above (empty: the file's).
    pub fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk, name: &str) -> TrfOutcome {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let mut outcome = TrfOutcome::Open;
        ui.group(|ui| {
            ui.strong(t(T::ActSectionFromTrf));
            row(ui, |ui| {
                let path = field(ui, t(T::ImportFile), &mut self.path, 360.0);
                if std::mem::take(&mut self.focus_path) {
                    path.request_focus();
                }
                let enter = path.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button(t(T::ImportChoose)).clicked()
                    && let Some(p) =
                        desk.pick_file(t(T::ActSectionFromTrf), t(T::TrfFiles), &["trf", "txt"])
                {
                    self.path = p.display().to_string();
                    self.read(desk);
                }
                if ui.button(t(T::ImportRead)).clicked() || enter {
                    self.read(desk);
                }
                if ui.button(t(T::ImportClose)).clicked() {
                    outcome = TrfOutcome::Close;
                }
            });
            hint(ui, t(T::TrfSectionHint));
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            let Some(bytes) = &self.bytes else {
                return;
            };
            let name = name.trim();
            let key = (desk.revision(), name.to_string());
            if self.preview.as_ref().is_none_or(|(k, _)| *k != key) {
                let Some(tour) = desk.tournament.as_ref() else {
                    return;
                };
                let wanted = (!name.is_empty()).then_some(name);
                let line = match tour.trf_section(bytes, wanted) {
                    Ok(s) => Ok(fill(
                        t(T::TrfSectionPreview),
                        &[
                            &s.name,
                            &s.entrants.len(),
                            &s.rounds.len(),
                            &s.settings.rounds,
                        ],
                    )),
                    Err(e) => Err(e.message(lang)),
                };
                self.preview = Some((key, line));
            }
            let ready = match self.preview.as_ref().map(|(_, line)| line) {
                Some(Ok(line)) => {
                    ui.label(line);
                    true
                }
                Some(Err(e)) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                    false
                }
                None => false,
            };
            if ui
                .add_enabled(ready, egui::Button::new(t(T::TrfSectionCreate)))
                .clicked()
            {
                let wanted = (!name.is_empty()).then_some(name);
                if let Some(id) = desk.act(|tour| tour.add_section_from_trf(bytes, wanted)) {
                    if let Some(s) = desk.tournament.as_ref().and_then(|t| t.event().section(id)) {
                        let text = fill(
                            t(T::TrfSectionCreated),
                            &[&s.name, &s.entrants.len(), &s.rounds.len()],
                        );
                        desk.info(text);
                    }
                    outcome = TrfOutcome::Created(id);
                }
            }
        });
        outcome
    }
}
