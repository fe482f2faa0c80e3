//! 录取与奖励 — the award rules: a preset per regulation, the prize table and the titles by
//! place typed on one line, the number who qualify, and what the preset brings besides
//! (titles, special prizes, promotions) summed up in one line.

use super::{EventTab, field_invalid, preset_buttons, whole_number};
use crate::app::AppError;
use crate::i18n::{Lang, T, award_preset_label, fill, list_item_error_text};
use crate::model::{AwardOptions, AwardPreset, ListItemError, PrizeBand, TitleRule};

/// A list typed on one line, under its label: its help beneath, or what `problem` finds wrong.
fn list_field(
    ui: &mut egui::Ui,
    lang: Lang,
    label: T,
    help: T,
    text: &mut String,
    problem: impl Fn(&str) -> Option<ListItemError>,
) {
    let t = |k: T| k.get(lang);
    ui.label(t(label));
    ui.vertical(|ui| {
        let r = ui.add(egui::TextEdit::singleline(text).desired_width(520.0));
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(label)));
        match problem(text) {
            None => ui.weak(t(help)),
            Some(e) => {
                ui.colored_label(ui.visuals().error_fg_color, list_item_error_text(&e, lang))
            }
        };
    });
    ui.end_row();
}

impl EventTab {
    /// The award fields from the settings being edited.
    pub(super) fn award_fields(&mut self) {
        self.prizes = PrizeBand::list_text(&self.settings.awards.prizes.bands);
        self.qualifiers = self.settings.awards.qualifiers.to_string();
        self.titles = TitleRule::list_text(&self.settings.awards.titles);
    }

    /// 录取与奖励: a preset per regulation, the prize table as text, the qualifiers, and what
    /// the preset brings besides (titles, special prizes, promotions) in one line.
    pub(super) fn award_rows(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::AwardPresets));
        if let Some(p) = preset_buttons(ui, &AwardPreset::ALL, 1, |p| award_preset_label(p, lang)) {
            *self.settings.awards = AwardOptions::preset(p);
            self.award_fields();
        }
        ui.end_row();
        list_field(
            ui,
            lang,
            T::Prizes,
            T::PrizesHelp,
            &mut self.prizes,
            |text| PrizeBand::parse_list(text).err(),
        );
        list_field(
            ui,
            lang,
            T::Titles,
            T::TitlesHelp,
            &mut self.titles,
            |text| TitleRule::parse_list(text).err(),
        );
        ui.label(t(T::QualifiersHeading));
        ui.horizontal(|ui| {
            let r = ui.add(egui::TextEdit::singleline(&mut self.qualifiers).desired_width(50.0));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::QualifiersHeading))
            });
            let a = &self.settings.awards;
            let titles: Vec<String> = a
                .titles
                .iter()
                .map(|r| format!("{} {}–{}", r.title, r.from, r.to))
                .collect();
            let special: Vec<&str> = a.special_prizes.iter().map(|p| p.name.as_str()).collect();
            ui.weak(fill(
                t(T::AwardsSummary),
                &[
                    &titles.join("、"),
                    &special.join("、"),
                    &a.promotion.table.len(),
                ],
            ));
        });
        ui.end_row();
        ui.label("");
        ui.checkbox(
            &mut self.settings.awards.refuse_unfinished,
            t(T::RefuseUnfinished),
        );
        ui.end_row();
    }

    /// The prize table, the qualifiers and the titles typed in the panel, into `a`; the prize
    /// table is checked by the rule book's own rules as well.
    pub(super) fn read_awards(&self, a: &mut AwardOptions, lang: Lang) -> Result<(), AppError> {
        let prizes_invalid = |reason| field_invalid(T::Prizes, &self.prizes, reason);
        a.prizes.bands = PrizeBand::parse_list(&self.prizes)
            .map_err(|e| prizes_invalid(list_item_error_text(&e, lang)))?;
        a.prizes
            .validate()
            .map_err(|e| prizes_invalid(e.to_string()))?;
        a.qualifiers = whole_number(&self.qualifiers, T::QualifiersHeading)?;
        a.titles = TitleRule::parse_list(&self.titles)
            .map_err(|e| field_invalid(T::Titles, &self.titles, list_item_error_text(&e, lang)))?;
        Ok(())
    }
}
