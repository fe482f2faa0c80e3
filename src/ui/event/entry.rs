//! 参赛资格、录谱、赛程与签到 — who may enter the section (birth-date window, sex, grades
//! admitted, a cap), which boards record their moves from which round, when each round starts,
//! whether the lots are drawn among those checked in only, and the lateness limits (迟到时限).
//! Dates are typed as on an entry form; the grades as a list; the schedule one line per round.
//! The fee (报名费) is typed as the regulation states it: its name, the amount, what members and
//! overseas players pay, and the rates of units one a line ("单位、单位=金额").

use super::{EventTab, field_invalid, hint, invalid, read_lines, row, whole_number};
use crate::app::AppError;
use crate::i18n::{Lang, T};
use crate::model::{Eligibility, EntryRoute, RecordMoves, RouteError, SectionSettings, Sex};

/// The grades typed on one line: separated by 、 , ， ; or ；, blanks dropped.
fn grades(text: &str) -> Vec<String> {
    crate::model::list_items(text).map(String::from).collect()
}

/// A birth date typed in a field; empty is none.
fn date(text: &str, field: T, lang: Lang) -> Result<Option<chrono::NaiveDate>, AppError> {
    match text.trim() {
        "" => Ok(None),
        t => crate::model::parse_date(t)
            .map(Some)
            .ok_or_else(|| field_invalid(field, t, T::DateFormHint.get(lang).into())),
    }
}

impl EventTab {
    /// The entry, recording and schedule fields from the settings being edited.
    pub(super) fn entry_fields(&mut self) {
        let e = &self.settings.eligibility;
        let day = |d: Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        self.born = [day(e.born_from), day(e.born_to)];
        self.grades = e.grades.join("、");
        self.cap = e.cap.map(|c| c.to_string()).unwrap_or_default();
        let routes: Vec<String> = e.any_of.iter().map(EntryRoute::text).collect();
        self.routes = routes.join("\n");
        let r = &self.settings.record_moves;
        self.record = [r.boards.to_string(), r.from_round.to_string()];
        self.schedule = self.settings.round_times.join("\n");
        let l = &self.settings.lateness;
        self.lateness = [l.first_round.to_string(), l.later_rounds.to_string()];
        let f = &self.settings.fees;
        let amount = |a: Option<u32>| a.map(|a| a.to_string()).unwrap_or_default();
        self.fees = [
            f.name.clone(),
            amount(f.amount),
            amount(f.member),
            amount(f.overseas),
        ];
        let units: Vec<String> = f.units.iter().map(crate::model::UnitFee::text).collect();
        self.fee_units = units.join("\n");
    }

    /// 参赛资格, 录谱 and 赛程, as rows of the settings grid.
    pub(super) fn entry_rows(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::EligibilityLabel));
        ui.vertical(|ui| {
            row(ui, |ui| {
                for (i, k) in [T::BornFrom, T::BornTo].into_iter().enumerate() {
                    let l = ui.label(t(k));
                    ui.add(egui::TextEdit::singleline(&mut self.born[i]).desired_width(100.0))
                        .labelled_by(l.id);
                }
                ui.label(t(T::Sex));
                let sex = &mut self.settings.eligibility.sex;
                for (s, k) in [
                    (None, T::SexAny),
                    (Some(Sex::Male), T::Male),
                    (Some(Sex::Female), T::Female),
                ] {
                    ui.selectable_value(sex, s, t(k));
                }
                let l = ui.label(t(T::EntryCap));
                ui.add(egui::TextEdit::singleline(&mut self.cap).desired_width(50.0))
                    .labelled_by(l.id);
            });
            row(ui, |ui| {
                let l = ui.label(t(T::GradesAdmitted));
                ui.add(egui::TextEdit::singleline(&mut self.grades).desired_width(360.0))
                    .labelled_by(l.id);
            });
            ui.label(t(T::EligibilityAnyOf));
            let r = ui.add(
                egui::TextEdit::multiline(&mut self.routes)
                    .desired_rows(2)
                    .desired_width(520.0),
            );
            r.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::MultilineTextInput,
                    true,
                    t(T::EligibilityAnyOf),
                )
            });
            hint(ui, t(T::EligibilityAnyOfHelp));
            let mut check = Eligibility::default();
            match self.read_eligibility(&mut check, lang) {
                Ok(()) => hint(ui, t(T::EligibilityHelp)),
                Err(e) => ui.colored_label(ui.visuals().error_fg_color, e.message(lang)),
            };
        });
        ui.end_row();

        ui.label(t(T::RecordMovesLabel));
        row(ui, |ui| {
            for (i, k) in [T::RecordBoards, T::RecordFromRound]
                .into_iter()
                .enumerate()
            {
                let l = ui.label(t(k));
                ui.add(egui::TextEdit::singleline(&mut self.record[i]).desired_width(36.0))
                    .labelled_by(l.id);
            }
            hint(ui, t(T::RecordMovesHelp));
            let bad = self
                .record
                .iter()
                .any(|s| s.trim().parse::<u32>().is_err())
                .then(|| format!("{} 0–99", t(T::RecordMovesLabel)));
            invalid(ui, bad);
        });
        ui.end_row();

        ui.label(t(T::Schedule));
        ui.vertical(|ui| {
            let r = ui.add(
                egui::TextEdit::multiline(&mut self.schedule)
                    .desired_rows(3)
                    .desired_width(360.0),
            );
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::MultilineTextInput, true, t(T::Schedule))
            });
            hint(ui, t(T::ScheduleHelp));
        });
        ui.end_row();

        // 签到与迟到: whether the lots wait for check-in, and the lateness limits.
        ui.label(t(T::CheckInAndLateness));
        ui.vertical(|ui| {
            ui.checkbox(
                &mut self.settings.checkin.lots_among_present,
                t(T::LotsAmongPresent),
            );
            row(ui, |ui| {
                for (i, k) in [T::LatenessFirst, T::LatenessLater].into_iter().enumerate() {
                    let l = ui.label(t(k));
                    ui.add(egui::TextEdit::singleline(&mut self.lateness[i]).desired_width(36.0))
                        .labelled_by(l.id);
                }
                hint(ui, t(T::LatenessHelp));
                let bad = self
                    .lateness
                    .iter()
                    .any(|s| s.trim().parse::<u32>().is_err())
                    .then(|| format!("{} 0–999", t(T::CheckInAndLateness)));
                invalid(ui, bad);
            });
        });
        ui.end_row();

        // 报名费: the fee and its reduced rates.
        ui.label(t(T::FeeHeading));
        ui.vertical(|ui| {
            ui.horizontal_wrapped(|ui| {
                let widths = [140.0, 50.0, 50.0, 50.0];
                let keys = [
                    T::FeeName,
                    T::FeeAmount,
                    T::FeeMemberAmount,
                    T::FeeOverseasAmount,
                ];
                for (i, (k, w)) in keys.into_iter().zip(widths).enumerate() {
                    let l = ui.label(t(k));
                    ui.add(egui::TextEdit::singleline(&mut self.fees[i]).desired_width(w))
                        .labelled_by(l.id);
                }
            });
            ui.label(t(T::FeeUnitsAmount));
            let r = ui.add(
                egui::TextEdit::multiline(&mut self.fee_units)
                    .desired_rows(1)
                    .desired_width(360.0),
            );
            r.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::MultilineTextInput,
                    true,
                    t(T::FeeUnitsAmount),
                )
            });
            let mut check = SectionSettings::default();
            match self.read_fees(&mut check, lang) {
                Ok(()) => ui.weak(t(T::FeeSettingsHelp)),
                Err(e) => ui.colored_label(ui.visuals().error_fg_color, e.message(lang)),
            };
        });
        ui.end_row();
    }

    /// The fee typed in the panel, into `out`.
    fn read_fees(&self, out: &mut SectionSettings, lang: Lang) -> Result<(), AppError> {
        let amount = |i: usize, field: T| -> Result<Option<u32>, AppError> {
            crate::app::parse_fee_amount(&self.fees[i]).map_err(|_| {
                field_invalid(field, &self.fees[i], format!("0–{}", crate::model::MAX_FEE))
            })
        };
        out.fees = crate::model::FeeOptions {
            name: self.fees[0].trim().to_string(),
            amount: amount(1, T::FeeAmount)?,
            member: amount(2, T::FeeMemberAmount)?,
            overseas: amount(3, T::FeeOverseasAmount)?,
            units: read_lines(
                &self.fee_units,
                T::FeeUnitsAmount,
                |line| crate::model::UnitFee::parse(line).ok_or(()),
                |line, ()| crate::i18n::fill(T::FeeUnitsLineBad.get(lang), &[&line]),
            )?,
        };
        Ok(())
    }

    /// The eligibility typed in the panel, into `e` (the sex is set by its buttons directly).
    fn read_eligibility(&self, e: &mut Eligibility, lang: Lang) -> Result<(), AppError> {
        e.born_from = date(&self.born[0], T::BornFrom, lang)?;
        e.born_to = date(&self.born[1], T::BornTo, lang)?;
        if let (Some(a), Some(b)) = (e.born_from, e.born_to)
            && a > b
        {
            return Err(field_invalid(T::BornTo, &self.born[1], format!("≥ {a}")));
        }
        e.grades = grades(&self.grades);
        e.cap = match self.cap.trim() {
            "" | "0" => None,
            t => Some(whole_number(t, T::EntryCap)?),
        };
        e.any_of = read_lines(
            &self.routes,
            T::EligibilityAnyOf,
            EntryRoute::parse,
            |line, e| match e {
                RouteError::Date(d) => crate::i18n::fill(T::RouteBadDate.get(lang), &[&line, &d]),
                RouteError::Empty => crate::i18n::fill(T::RouteEmpty.get(lang), &[&line]),
            },
        )?;
        Ok(())
    }

    /// The entry, recording and schedule fields, into `out`.
    pub(super) fn read_entry(&self, out: &mut SectionSettings, lang: Lang) -> Result<(), AppError> {
        self.read_eligibility(&mut out.eligibility, lang)?;
        out.record_moves = RecordMoves {
            boards: whole_number(&self.record[0], T::RecordBoards)?,
            from_round: whole_number(&self.record[1], T::RecordFromRound)?,
        };
        // Line i is round i + 1: a blank line inside keeps the rounds after it in place.
        out.round_times = self
            .schedule
            .lines()
            .map(|l| l.trim().to_string())
            .collect();
        while out.round_times.last().is_some_and(String::is_empty) {
            out.round_times.pop();
        }
        out.lateness = crate::model::Lateness {
            first_round: whole_number(&self.lateness[0], T::LatenessFirst)?,
            later_rounds: whole_number(&self.lateness[1], T::LatenessLater)?,
        };
        self.read_fees(out, lang)?;
        Ok(())
    }
}
