//! 名次区分 — the tiebreak list: a preset per regulation, and the list itself as editable text
//! (names or acronyms), with what it reads as shown beneath; for chess, the edition of the FIDE
//! tiebreak rules; and who counts toward the team places (团体名次: how many of a unit's
//! players, of which sex, only those on the team entry form).

use super::{EventTab, field_invalid, hint, invalid, preset_buttons, row};
use crate::app::AppError;
use crate::i18n::{
    Lang, T, tiebreak_label, tiebreak_list_text, tiebreak_parse_error_text, tiebreak_preset_label,
    tiebreak_window_name,
};
use crate::model::{FideEdition, GameKind, Preset, Sex, Tiebreak, parse_list};

impl EventTab {
    /// 名次区分: a preset per regulation, and the list itself as editable text.
    pub(super) fn tiebreak_fields(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::TiebreakPresets));
        if let Some(p) = preset_buttons(ui, &Preset::ALL, |p| tiebreak_preset_label(p, lang)) {
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
                        .map(|(i, tb)| {
                            // The code in brackets where the name is not the one typed.
                            let name = tiebreak_window_name(*tb, lang);
                            match tiebreak_label(*tb, lang) {
                                typed if typed == name => format!("{}. {name}", i + 1),
                                typed => format!("{}. {name} [{typed}]", i + 1),
                            }
                        })
                        .collect();
                    hint(ui, names.join("  "));
                }
                Err(e) => invalid(ui, Some(tiebreak_parse_error_text(&e, lang))),
            }
            hint(ui, t(T::TiebreaksHelp));
        });
        ui.end_row();
        if self.settings.game == GameKind::Chess {
            ui.label(t(T::FideEditionLabel));
            row(ui, |ui| {
                let edition = &mut self.settings.standings.edition;
                for (v, k) in [
                    (FideEdition::E2026, T::FideEdition2026),
                    (FideEdition::E2023, T::FideEdition2023),
                ] {
                    ui.selectable_value(edition, v, t(k));
                }
            });
            ui.end_row();
        }
        ui.label(t(T::TeamRankingLabel));
        row(ui, |ui| {
            let team = &mut self.settings.standings.team;
            let l = ui.label(t(T::TeamMembersCounted));
            ui.add(egui::DragValue::new(&mut team.members).range(1..=20))
                .labelled_by(l.id);
            ui.label(t(T::TeamMembersSex));
            for (v, k) in [
                (None, T::SexAny),
                (Some(Sex::Male), T::Male),
                (Some(Sex::Female), T::Female),
            ] {
                ui.push_id("team_sex", |ui| ui.selectable_value(&mut team.sex, v, t(k)));
            }
            ui.checkbox(&mut team.registered_only, t(T::TeamRegisteredOnly));
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
