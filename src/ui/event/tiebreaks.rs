//! 名次区分 — the tiebreak list: a preset per regulation, and the list itself as editable text
//! (names or acronyms), with what it reads as shown beneath.

use super::{EventTab, field_invalid, invalid, preset_buttons};
use crate::app::AppError;
use crate::i18n::{
    Lang, T, tiebreak_label, tiebreak_list_text, tiebreak_parse_error_text, tiebreak_preset_label,
};
use crate::model::{Preset, Tiebreak, parse_list};

impl EventTab {
    /// 名次区分: a preset per regulation, and the list itself as editable text.
    pub(super) fn tiebreak_fields(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::TiebreakPresets));
        if let Some(p) = preset_buttons(ui, &Preset::ALL, 1, |p| tiebreak_preset_label(p, lang)) {
            self.tiebreaks = tiebreak_list_text(&p.list(), lang);
        }
        ui.end_row();
        ui.label(t(T::Tiebreaks));
        ui.vertical(|ui| {
            let r = ui.add(egui::TextEdit::singleline(&mut self.tiebreaks).desired_width(520.0));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::Tiebreaks))
            });
            match parse_list(&self.tiebreaks) {
                Ok(list) => {
                    let names: Vec<String> = list
                        .iter()
                        .enumerate()
                        .map(|(i, tb)| format!("{}. {}", i + 1, tiebreak_label(*tb, lang)))
                        .collect();
                    ui.weak(names.join("  "));
                }
                Err(e) => invalid(ui, Some(tiebreak_parse_error_text(&e, lang))),
            }
            ui.weak(t(T::TiebreaksHelp));
        });
        ui.end_row();
    }

    pub(super) fn read_tiebreaks(&self, lang: Lang) -> Result<Vec<Tiebreak>, AppError> {
        parse_list(&self.tiebreaks).map_err(|e| {
            field_invalid(
                T::Tiebreaks,
                &self.tiebreaks,
                tiebreak_parse_error_text(&e, lang),
            )
        })
    }
}
