//! 荷兰制 — the options of the FIDE Dutch system kept with a section: the edition of its rules
//! (2026, or 2017 for a tournament begun before 1 February 2026), Baku acceleration, and the
//! regulation's limits on requested half-point byes.

use super::{EventTab, hint, invalid, row, whole_number};
use crate::app::AppError;
use crate::i18n::{Lang, T};
use crate::model::{DutchEdition, DutchOptions};

impl EventTab {
    /// The Dutch options' rows.
    pub(super) fn dutch_options(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::DutchEditionLabel));
        ui.vertical(|ui| {
            row(ui, |ui| {
                for (e, k) in [
                    (DutchEdition::Fide2026, T::DutchEdition2026),
                    (DutchEdition::Fide2017, T::DutchEdition2017),
                ] {
                    ui.selectable_value(&mut self.settings.dutch.edition, e, t(k));
                }
            });
            hint(ui, t(T::DutchEditionHelp));
            ui.checkbox(&mut self.settings.dutch.baku, t(T::BakuAcceleration));
        });
        ui.end_row();
        ui.label(t(T::HalfByesRow));
        ui.vertical(|ui| {
            row(ui, |ui| {
                ui.label(t(T::HalfByesPer));
                let r = ui.add(
                    egui::TextEdit::singleline(&mut self.half_byes[0])
                        .desired_width(56.0)
                        .hint_text(t(T::HalfByesMaxHint)),
                );
                r.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::HalfByesMax))
                });
                ui.label(t(T::HalfByesTimes));
                let r =
                    ui.add(egui::TextEdit::singleline(&mut self.half_byes[1]).desired_width(36.0));
                r.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::HalfByesNotLast))
                });
                ui.label(t(T::HalfByesRounds));
                let bad = self
                    .read_half_byes(&mut DutchOptions::default())
                    .err()
                    .map(|_| format!("{} 0–99", t(T::HalfByesRow)));
                invalid(ui, bad);
            });
            hint(ui, t(T::HalfByesHelp));
        });
        ui.end_row();
    }

    /// The half-point bye limits typed in the panel, into `d` (the limit left empty: none).
    pub(super) fn read_half_byes(&self, d: &mut DutchOptions) -> Result<(), AppError> {
        d.half_point_byes_max = match self.half_byes[0].trim() {
            "" => None,
            text => Some(whole_number(text, T::HalfByesMax)?),
        };
        d.half_point_byes_not_last = match self.half_byes[1].trim() {
            "" => 0,
            text => whole_number(text, T::HalfByesNotLast)?,
        };
        Ok(())
    }
}
