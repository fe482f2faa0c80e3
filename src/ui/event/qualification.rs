//! 分阶段晋级 — staged qualification from a Swiss: the stages, the sub-list quotas and the
//! wildcards typed on one line ([`QualificationOptions::text`]), with seed 002's as a preset.

use super::{EventTab, field_invalid, hint, invalid, row};
use crate::app::AppError;
use crate::i18n::{Lang, T, list_item_error_text};
use crate::model::QualificationOptions;

impl EventTab {
    /// 分阶段晋级: the stages, sub-list quotas and wildcards in one line, with seed 002's as a
    /// preset.
    pub(super) fn qualification_row(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        let l = ui.label(t(T::Qualification));
        ui.vertical(|ui| {
            row(ui, |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.qualification)
                        .hint_text(t(T::QualificationHint))
                        .desired_width(360.0),
                )
                .labelled_by(l.id);
                if ui.button(t(T::QualificationSeed002)).clicked() {
                    self.qualification =
                        QualificationOptions::seed_002_men().text(T::Wildcard.get(lang));
                }
            });
            hint(ui, t(T::QualificationHelp));
            invalid(
                ui,
                QualificationOptions::parse(&self.qualification)
                    .err()
                    .map(|e| list_item_error_text(&e, lang)),
            );
        });
        ui.end_row();
    }

    pub(super) fn read_qualification(&self, lang: Lang) -> Result<QualificationOptions, AppError> {
        QualificationOptions::parse(&self.qualification).map_err(|e| {
            field_invalid(
                T::Qualification,
                &self.qualification,
                list_item_error_text(&e, lang),
            )
        })
    }
}
