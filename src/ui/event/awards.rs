//! 录取与奖励 — the award rules: a preset per regulation, the prize table and the titles by
//! place typed on one line, the number who qualify, and what the preset brings besides
//! (titles, special prizes, promotions) summed up in one line.

use super::{EventTab, field_invalid, hint, preset_buttons, read_lines, row, whole_number};
use crate::app::AppError;
use crate::i18n::{Lang, T, award_preset_label, fill, list_item_error_text};
use crate::model::{
    AwardOptions, AwardPreset, EarlyStop, FieldCount, ListItemError, PlacesRule, PrizeBand,
    PromotionStep, SpecialPrize, SpecialPrizeError, SubRanking, SubRankingError, TitleRule,
};

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
            None => hint(ui, t(help)),
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
        self.promotion = PromotionStep::list_text(&self.settings.awards.promotion.table);
        self.certificate_fees = crate::model::CertificateFee::list_text(
            &self.settings.awards.promotion.certificate_fees,
        );
    }

    /// 录取与奖励: a preset per regulation, the prize table as text, the qualifiers, and what
    /// the preset brings besides (titles, special prizes, promotions) in one line.
    pub(super) fn award_rows(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::AwardPresets));
        if let Some(p) = preset_buttons(ui, &AwardPreset::ALL, |p| award_preset_label(p, lang)) {
            *self.settings.awards = AwardOptions::preset(p);
            self.award_fields();
            // The preset's special prizes (seed 002: 境外运动员前8名) go into their field too,
            // or saving the form reads the old field back over them.
            let stacks = crate::i18n::filter_words(lang).stacks;
            let lines: Vec<String> = self
                .settings
                .awards
                .special_prizes
                .iter()
                .map(|p| p.text(stacks))
                .collect();
            self.special_prizes = lines.join("\n");
        }
        ui.end_row();
        ui.label(t(T::PlacesLabel));
        places_rule(ui, lang, "places", &mut self.settings.awards.places);
        ui.end_row();
        // Who the places rule counts: those who played (参赛) or every entry (报名).
        ui.label(t(T::FieldCountLabel));
        row(ui, |ui| {
            let field = &mut self.settings.awards.field;
            ui.selectable_value(field, FieldCount::Played, t(T::FieldCountPlayed));
            ui.selectable_value(field, FieldCount::Entered, t(T::FieldCountEntered));
        });
        ui.end_row();
        ui.label(t(T::TeamPlacesLabel));
        places_rule(
            ui,
            lang,
            "team_places",
            &mut self.settings.awards.team_places,
        );
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
        list_field(
            ui,
            lang,
            T::PromotionTable,
            T::PromotionHelp,
            &mut self.promotion,
            |text| PromotionStep::parse_list(text).err(),
        );
        list_field(
            ui,
            lang,
            T::CertificateFees,
            T::CertificateFeesHelp,
            &mut self.certificate_fees,
            |text| crate::model::CertificateFee::parse_list(text).err(),
        );
        ui.label(t(T::EarlyStopLabel));
        row(ui, |ui| {
            let stop = &mut self.settings.awards.promotion.early_stop;
            for (v, k) in [
                (EarlyStop::Never, T::EarlyStopNever),
                (EarlyStop::StopAtFirst, T::EarlyStopAtFirst),
                (EarlyStop::ContinueWhileHigherReachable, T::EarlyStopHigher),
            ] {
                ui.selectable_value(stop, v, t(k));
            }
        });
        ui.end_row();
        self.lines_field(ui, lang, T::SubRankingsField, T::SubRankingsHelp, true);
        self.lines_field(ui, lang, T::SpecialPrizesField, T::SpecialPrizesHelp, false);
        ui.label(t(T::QualifiersCount));
        row(ui, |ui| {
            let r = ui.add(egui::TextEdit::singleline(&mut self.qualifiers).desired_width(50.0));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::QualifiersCount))
            });
            let a = &self.settings.awards;
            let titles: Vec<String> = a
                .titles
                .iter()
                .map(|r| format!("{} {}–{}", r.title, r.from, r.to))
                .collect();
            let special: Vec<&str> = a.special_prizes.iter().map(|p| p.name.as_str()).collect();
            hint(
                ui,
                fill(
                    t(T::AwardsSummary),
                    &[
                        &titles.join("、"),
                        &special.join("、"),
                        &a.promotion.table.len(),
                    ],
                ),
            );
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
        a.qualifiers = whole_number(&self.qualifiers, T::QualifiersCount)?;
        a.titles = TitleRule::parse_list(&self.titles)
            .map_err(|e| field_invalid(T::Titles, &self.titles, list_item_error_text(&e, lang)))?;
        a.promotion.table = PromotionStep::parse_list(&self.promotion).map_err(|e| {
            field_invalid(
                T::PromotionTable,
                &self.promotion,
                list_item_error_text(&e, lang),
            )
        })?;
        a.promotion.certificate_fees =
            crate::model::CertificateFee::parse_list(&self.certificate_fees).map_err(|e| {
                field_invalid(
                    T::CertificateFees,
                    &self.certificate_fees,
                    list_item_error_text(&e, lang),
                )
            })?;
        Ok(())
    }
}

impl EventTab {
    /// The sub-rankings and special prizes written in `lang`, one per line.
    pub(super) fn sub_ranking_fields(
        &mut self,
        subs: &[SubRanking],
        specials: &[SpecialPrize],
        lang: Lang,
    ) {
        let w = crate::i18n::filter_words(lang);
        let lines: Vec<String> = subs.iter().map(|s| s.text(&w)).collect();
        self.sub_rankings = lines.join("\n");
        let lines: Vec<String> = specials.iter().map(|p| p.text(w.stacks)).collect();
        self.special_prizes = lines.join("\n");
    }

    /// A field of one item per line (sub-rankings, or special prizes), with its help or the
    /// first line that does not read.
    fn lines_field(&mut self, ui: &mut egui::Ui, lang: Lang, label: T, help: T, subs: bool) {
        let t = |k: T| k.get(lang);
        ui.label(t(label));
        ui.vertical(|ui| {
            let text = if subs {
                &mut self.sub_rankings
            } else {
                &mut self.special_prizes
            };
            let r = ui.add(
                egui::TextEdit::multiline(text)
                    .desired_rows(2)
                    .desired_width(520.0),
            );
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::MultilineTextInput, true, t(label))
            });
            let problem = if subs {
                self.read_sub_rankings(&mut Vec::new(), lang).err()
            } else {
                self.read_special_prizes(&mut Vec::new(), lang).err()
            };
            match problem {
                None => hint(ui, t(help)),
                Some(e) => ui.colored_label(ui.visuals().error_fg_color, e.message(lang)),
            };
        });
        ui.end_row();
    }

    /// The sub-rankings typed, one per line, into `out`.
    pub(super) fn read_sub_rankings(
        &self,
        out: &mut Vec<SubRanking>,
        lang: Lang,
    ) -> Result<(), AppError> {
        *out = read_lines(
            &self.sub_rankings,
            T::SubRankingsField,
            SubRanking::parse,
            |line, e| match e {
                SubRankingError::NoCondition => fill(T::SubRankingNoCondition.get(lang), &[&line]),
                SubRankingError::Unknown(w) => fill(T::SubRankingUnknown.get(lang), &[&line, &w]),
            },
        )?;
        Ok(())
    }

    /// The special prizes typed, one per line, into `out`.
    pub(super) fn read_special_prizes(
        &self,
        out: &mut Vec<SpecialPrize>,
        lang: Lang,
    ) -> Result<(), AppError> {
        *out = read_lines(
            &self.special_prizes,
            T::SpecialPrizesField,
            SpecialPrize::parse,
            |line, e| match e {
                SpecialPrizeError::NoBands => fill(T::SpecialPrizeNoBands.get(lang), &[&line]),
                SpecialPrizeError::Band(e) => list_item_error_text(&e, lang),
            },
        )?;
        Ok(())
    }
}

/// A places rule (录取名次): its kind, then its numbers, as buttons and number fields.
fn places_rule(ui: &mut egui::Ui, lang: Lang, id: &str, rule: &mut PlacesRule) {
    let t = |k: T| k.get(lang);
    row(ui, |ui| {
        let places = match *rule {
            PlacesRule::ReduceIfFewer { places } | PlacesRule::Fixed { places } => places,
            PlacesRule::BySize { up_to_places, .. } => up_to_places,
        };
        for (kind, k) in [
            (PlacesRule::ReduceIfFewer { places }, T::PlacesReduceIfFewer),
            (PlacesRule::Fixed { places }, T::PlacesFixed),
            (
                PlacesRule::BySize {
                    threshold: 80,
                    up_to_places: places,
                    above_places: places * 2,
                },
                T::PlacesBySize,
            ),
        ] {
            let same = std::mem::discriminant(rule) == std::mem::discriminant(&kind);
            if ui.selectable_label(same, t(k)).clicked() && !same {
                *rule = kind;
            }
        }
        let number = |ui: &mut egui::Ui, label: T, v: &mut u32, salt: &str| {
            let l = ui.label(t(label));
            ui.push_id((id, salt), |ui| {
                ui.add(egui::DragValue::new(v).range(0..=999))
                    .labelled_by(l.id);
            });
        };
        match rule {
            PlacesRule::ReduceIfFewer { places } | PlacesRule::Fixed { places } => {
                number(ui, T::PlacesCount, places, "n");
            }
            PlacesRule::BySize {
                threshold,
                up_to_places,
                above_places,
            } => {
                number(ui, T::PlacesThreshold, threshold, "t");
                number(ui, T::PlacesCount, up_to_places, "n");
                number(ui, T::PlacesAbove, above_places, "a");
            }
        }
    });
}
