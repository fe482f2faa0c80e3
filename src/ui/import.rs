//! 导入选手 — the import panel of the Entrants tab. A file (CSV, XLSX, XLS or ODS) is chosen in
//! the file dialog, typed, or dropped on the window; its columns are mapped as their headers
//! say, and the arbiter may change any of them; every row is checked against the section and
//! each problem named (row, column, rule) in the window's language, the columns not imported
//! are listed, and a 组别 the event does not have is mapped to one of its sections here; then
//! the whole file is imported as one undoable action, or nothing while any row has a problem.

use super::Desk;
use super::widgets::{entrant_cells, field};
use crate::app::{ColumnMapping, Field, Preview, Table, guess_mapping, read_entrant_file};
use crate::i18n::{T, fill};
use crate::model::Section;

/// The panel's state: the file, its table and mapping, and the rows as last checked.
#[derive(Default)]
pub struct ImportPanel {
    path: String,
    table: Option<Table>,
    mapping: Option<ColumnMapping>,
    /// The check of every row, or why the mapping cannot be used; with the event's revision
    /// it was made at (a change to the section checks again).
    checked: Option<(u64, Result<Preview, String>)>,
    /// Why the file could not be read.
    error: Option<String>,
    /// Give the path field the focus on the next frame.
    focus_path: bool,
}

/// What the panel asks of the tab after a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelAction {
    Open,
    Close,
}

impl ImportPanel {
    /// A panel with the path field focused.
    pub fn new() -> ImportPanel {
        ImportPanel {
            focus_path: true,
            ..ImportPanel::default()
        }
    }

    /// A panel that has read `path` (a file dropped on the window).
    pub fn with_file(path: &std::path::Path, desk: &Desk) -> ImportPanel {
        let mut p = ImportPanel {
            path: path.display().to_string(),
            ..ImportPanel::default()
        };
        p.read(desk);
        p
    }

    fn read(&mut self, desk: &Desk) {
        self.table = None;
        self.mapping = None;
        self.checked = None;
        self.error = None;
        let path = self.path.trim().trim_matches('"');
        if path.is_empty() {
            return;
        }
        match read_entrant_file(std::path::Path::new(path)) {
            Ok(table) => {
                self.mapping = Some(guess_mapping(&table));
                self.table = Some(table);
            }
            Err(e) => self.error = Some(e.message(desk.lang)),
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk, section: &Section) -> PanelAction {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let mut outcome = PanelAction::Open;
        ui.heading(fill(t(T::ImportInto), &[&section.name]));
        ui.horizontal_wrapped(|ui| {
            let path = field(ui, t(T::ImportFile), &mut self.path, 360.0)
                .on_hover_text(t(T::ImportDropHint));
            if std::mem::take(&mut self.focus_path) {
                path.request_focus();
            }
            let enter = path.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button(t(T::ImportChoose)).clicked()
                && let Some(p) = desk.pick_file(
                    t(T::ImportEntrants),
                    t(T::ImportSpreadsheets),
                    &["csv", "xlsx", "xls", "ods"],
                )
            {
                self.path = p.display().to_string();
                self.read(desk);
            }
            if ui.button(t(T::ImportRead)).clicked() || enter {
                self.read(desk);
            }
            if ui.button(t(T::ImportClose)).clicked() {
                outcome = PanelAction::Close;
            }
        });
        ui.weak(t(T::ImportDropHint));
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        let (Some(table), Some(mapping)) = (&self.table, &mut self.mapping) else {
            return outcome;
        };
        if mapping_ui(ui, table, mapping, lang) {
            self.checked = None;
        }
        let revision = desk.revision();
        if self.checked.as_ref().is_none_or(|(r, _)| *r != revision) {
            let check = desk
                .tournament
                .as_ref()
                .map(|tour| tour.import_preview(section.id, table, mapping));
            let check = match check {
                Some(Ok(p)) => Ok(p),
                Some(Err(e)) => Err(e.message(lang)),
                None => return outcome,
            };
            self.checked = Some((revision, check));
        }
        let Some((_, check)) = &self.checked else {
            return outcome;
        };
        let preview = match check {
            Ok(p) => p,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return outcome;
            }
        };
        let bad_rows = {
            let mut rows: Vec<usize> = preview.errors.iter().map(|e| e.row).collect();
            rows.dedup();
            rows.len()
        };
        let mut summary = fill(t(T::ImportSummary), &[&preview.rows.len(), &bad_rows]);
        if !preview.other_sections.is_empty() {
            summary += t(T::NoteSeparator);
            summary += &fill(t(T::ImportOtherSections), &[&preview.other_sections.len()]);
        }
        ui.label(summary);
        // 缴费: which column the payments were read from.
        if let Some(paid) = preview.paid_column_text(lang) {
            ui.label(paid);
        }
        if !preview.unused.is_empty() {
            ui.collapsing(
                format!("{} {}", t(T::ImportUnusedColumns), preview.unused.len()),
                |ui| {
                    for c in &preview.unused {
                        ui.weak(c.message(lang));
                    }
                },
            );
        }
        // A 组别 the event does not have: the arbiter says which section it means.
        let mut unknown: Vec<&str> = preview
            .errors
            .iter()
            .filter_map(|e| e.unknown_section())
            .collect();
        unknown.sort_unstable();
        unknown.dedup();
        let mut chosen: Option<(String, String)> = None;
        let names: Vec<String> = desk
            .tournament
            .as_ref()
            .map(|tour| {
                tour.event()
                    .sections
                    .iter()
                    .map(|s| s.name.clone())
                    .collect()
            })
            .unwrap_or_default();
        for written in unknown {
            ui.horizontal_wrapped(|ui| {
                let l = ui.label(fill(t(T::ImportSectionFor), &[&written]));
                egui::ComboBox::from_id_salt(("import_section", written))
                    .selected_text(t(T::ImportSkipColumn))
                    .show_ui(ui, |ui| {
                        for name in &names {
                            if ui.selectable_label(false, name).clicked() {
                                chosen = Some((written.to_string(), name.clone()));
                            }
                        }
                    })
                    .response
                    .labelled_by(l.id);
            });
        }
        if let Some((written, name)) = chosen {
            mapping.sections.insert(written, name);
            self.checked = None;
            return outcome;
        }
        if !preview.errors.is_empty() {
            egui::ScrollArea::vertical()
                .id_salt("import_errors")
                .max_height(160.0)
                .show(ui, |ui| {
                    for e in &preview.errors {
                        ui.colored_label(ui.visuals().error_fg_color, e.message(lang));
                    }
                });
        }
        let ready = preview.errors.is_empty() && !preview.rows.is_empty();
        let count = preview.rows.len();
        let button = ui
            .horizontal_wrapped(|ui| {
                let b = ui.add_enabled(
                    ready,
                    egui::Button::new(fill(t(T::ImportConfirm), &[&count])),
                );
                if !ready {
                    ui.weak(t(T::ImportBlocked));
                }
                b
            })
            .inner;
        // The rows as they would be entered, under the button: the button stays in view however
        // long the file.
        rows_ui(ui, preview, lang);
        if button.clicked()
            && desk
                .act(|tour| tour.import_table(section.id, table, mapping))
                .is_some()
        {
            desk.info(fill(t(T::ImportDone), &[&count, &section.name]));
            outcome = PanelAction::Close;
        }
        outcome
    }
}

/// The header row and each column's field, as combo boxes; true when the arbiter changed any.
fn mapping_ui(
    ui: &mut egui::Ui,
    table: &Table,
    mapping: &mut ColumnMapping,
    lang: crate::i18n::Lang,
) -> bool {
    let t = |k: T| k.get(lang);
    let mut changed = false;
    ui.horizontal(|ui| {
        let l = ui.label(t(T::ImportHeaderRow));
        let mut row = table.row_number(mapping.header_row);
        let first = table.row_number(0);
        let last = table.row_number(table.rows.len().saturating_sub(1));
        if ui
            .add(egui::DragValue::new(&mut row).range(first..=last))
            .labelled_by(l.id)
            .changed()
        {
            mapping.header_row = row - first;
            changed = true;
        }
    });
    let headers = table.rows.get(mapping.header_row);
    egui::ScrollArea::horizontal()
        .id_salt("import_columns")
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                for (c, slot) in mapping.columns.iter_mut().enumerate() {
                    ui.vertical(|ui| {
                        let letter = crate::app::column_letters(table.column_number(c));
                        let head = headers.and_then(|h| h.get(c)).map_or("", |s| s.trim());
                        let l = ui.label(format!("{letter} {head}"));
                        let name =
                            |f: Option<Field>| f.map_or(t(T::ImportSkipColumn), |f| f.label(lang));
                        egui::ComboBox::from_id_salt(("import_column", c))
                            .selected_text(name(*slot))
                            .width(96.0)
                            .show_ui(ui, |ui| {
                                for f in std::iter::once(None).chain(Field::ALL.map(Some)) {
                                    changed |= ui.selectable_value(slot, f, name(f)).changed();
                                }
                            })
                            .response
                            .labelled_by(l.id);
                    });
                }
            });
        });
    changed
}

/// The rows as they would be entered, a row with a problem marked (its problems are listed
/// above). Only the rows in view are laid out.
fn rows_ui(ui: &mut egui::Ui, preview: &Preview, lang: crate::i18n::Lang) {
    let t = |k: T| k.get(lang);
    let row_h = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    let heads = [
        T::ImportRow,
        T::Name,
        T::Sex,
        T::BirthDate,
        T::Unit,
        T::Rating,
        T::Grade,
    ];
    super::widgets::sideways(ui, "import_sideways", |ui, room| {
        let mut table = egui_extras::TableBuilder::new(ui)
            .max_scroll_height(room.min(260.0))
            .id_salt("import_rows")
            .striped(true)
            .auto_shrink([false, true])
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
        for w in [56.0, 120.0, 44.0, 110.0, 180.0, 70.0, 100.0] {
            table = table.column(super::widgets::fit_column(w));
        }
        table
            .header(row_h, |mut header| {
                for h in heads {
                    header.col(|ui| {
                        ui.strong(t(h));
                    });
                }
            })
            .body(|body| {
                body.rows(row_h, preview.rows.len(), |mut row| {
                    let r = &preview.rows[row.index()];
                    let bad = preview.errors.iter().any(|e| e.row == r.row);
                    let e = &r.entrant;
                    row.col(|ui| {
                        if bad {
                            ui.colored_label(ui.visuals().error_fg_color, format!("{} ×", r.row));
                        } else {
                            ui.label(r.row.to_string());
                        }
                    });
                    row.col(|ui| {
                        ui.label(&e.name);
                    });
                    entrant_cells(&mut row, e, lang);
                });
            });
    });
}
