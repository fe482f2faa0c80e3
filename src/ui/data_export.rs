//! 导出数据 — a section's lists as files other programs read: the entrants, a round's pairings,
//! the results, the standings with their tiebreak columns and the crosstable, as a spreadsheet
//! (XLSX), CSV (UTF-8, or GB18030 for older Chinese spreadsheet programs) or a web page that
//! prints and reads on a phone (HTML); a chess section also as a FIDE TRF for rating officers.

use super::Desk;
use super::widgets::labelled_round_picker;
use crate::app::{CsvEncoding, ListFormat, ListKind, ListRequest};
use crate::i18n::T;
use crate::model::GameKind;

pub struct DataExport {
    kind: ListKind,
    format: ListFormat,
    /// The round of a round's list (0: the last paired).
    round: u32,
}

impl Default for DataExport {
    fn default() -> Self {
        DataExport {
            kind: ListKind::Standings,
            format: ListFormat::Xlsx,
            round: 0,
        }
    }
}

fn kind_label(k: ListKind) -> T {
    match k {
        ListKind::Entrants => T::Entrants,
        ListKind::Pairings => T::ListPairings,
        ListKind::Results => T::ListResults,
        ListKind::Standings => T::TabStandings,
        ListKind::Crosstable => T::Crosstable,
    }
}

/// The format's name in the window, its file extension and the dialog's filter name.
fn format_words(f: ListFormat) -> (T, &'static str) {
    match f {
        ListFormat::Xlsx => (T::FormatXlsx, "xlsx"),
        ListFormat::Csv(CsvEncoding::Utf8Bom) => (T::FormatCsvUtf8, "csv"),
        ListFormat::Csv(CsvEncoding::Gb18030) => (T::FormatCsvGb18030, "csv"),
        ListFormat::Html => (T::FormatHtml, "html"),
        ListFormat::Trf => (T::FormatTrf, "trf"),
    }
}

impl DataExport {
    pub fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        ui.heading(t(T::ExportData));
        let Some(section) = desk.section().cloned() else {
            ui.label(t(T::NoSection));
            return;
        };
        let chess = section.settings.game == GameKind::Chess;
        if !chess && self.format == ListFormat::Trf {
            self.format = ListFormat::Xlsx;
        }
        egui::Grid::new("data_export")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label(t(T::Section));
                ui.label(&section.name);
                ui.end_row();
                ui.label(t(T::ListKindLabel));
                ui.horizontal_wrapped(|ui| {
                    for k in [
                        ListKind::Entrants,
                        ListKind::Pairings,
                        ListKind::Results,
                        ListKind::Standings,
                        ListKind::Crosstable,
                    ] {
                        ui.selectable_value(&mut self.kind, k, t(kind_label(k)));
                    }
                });
                ui.end_row();
                ui.label(t(T::FileFormat));
                ui.horizontal_wrapped(|ui| {
                    // The system's usual CSV first: GB18030 on Windows.
                    let (usual, other) = match CsvEncoding::default() {
                        CsvEncoding::Gb18030 => (CsvEncoding::Gb18030, CsvEncoding::Utf8Bom),
                        CsvEncoding::Utf8Bom => (CsvEncoding::Utf8Bom, CsvEncoding::Gb18030),
                    };
                    let mut formats = vec![
                        ListFormat::Xlsx,
                        ListFormat::Csv(usual),
                        ListFormat::Csv(other),
                        ListFormat::Html,
                    ];
                    if chess {
                        formats.push(ListFormat::Trf);
                    }
                    for f in formats {
                        ui.selectable_value(&mut self.format, f, t(format_words(f).0));
                    }
                });
                ui.end_row();
            });
        let by_round = self.kind != ListKind::Entrants && self.format != ListFormat::Trf;
        if by_round && !section.rounds.is_empty() {
            ui.horizontal(|ui| {
                let label = t(T::ExportRound);
                labelled_round_picker(ui, "export_round", &section, &mut self.round, lang, label);
            });
        }
        if ui.button(t(T::ExportDataButton)).clicked() {
            let (_, ext) = format_words(self.format);
            let what = if self.format == ListFormat::Trf {
                "TRF".to_string()
            } else {
                t(kind_label(self.kind)).to_string()
            };
            let name = desk.file_name(&[&section.name, &what], ext);
            let Some(path) = desk.save_path(t(T::ExportData), &name, ext, &ext.to_uppercase())
            else {
                return;
            };
            let req = ListRequest {
                section: section.id,
                kind: self.kind,
                round: (self.round > 0).then_some(self.round),
                format: self.format,
                lang,
            };
            // The file dialog has asked before replacing a file.
            if desk
                .act(|tour| tour.export_list(&req, &path, true))
                .is_some()
            {
                desk.info(format!("{} {}", t(T::Exported), path.display()));
            }
        }
    }
}
