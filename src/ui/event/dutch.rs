//! 荷兰制 — the options of the FIDE Dutch system kept with a section: the edition of its rules
//! (2026, or 2017 for a tournament begun before 1 February 2026).

use super::EventTab;
use crate::i18n::{Lang, T};
use crate::model::DutchEdition;

impl EventTab {
    /// The edition of the Dutch rules the section is paired by.
    pub(super) fn dutch_options(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::DutchEditionLabel));
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                for (e, k) in [
                    (DutchEdition::Fide2026, T::DutchEdition2026),
                    (DutchEdition::Fide2017, T::DutchEdition2017),
                ] {
                    ui.selectable_value(&mut self.settings.dutch.edition, e, t(k));
                }
            });
            ui.weak(t(T::DutchEditionHelp));
        });
        ui.end_row();
    }
}
