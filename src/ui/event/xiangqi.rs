//! 积分编排制 — the options of the xiangqi Swiss: the absolute rules, the rounds in which
//! players of one unit are not paired, the positional rule, how forfeits exclude a player,
//! and who gets the bye.

use super::{EventTab, hint, invalid, row, whole_number};
use crate::app::AppError;
use crate::i18n::{Lang, T};
use crate::model::{ByePolicy, ForfeitCount, PositionalRule, XiangqiSwissOptions};

impl EventTab {
    /// 积分编排制 options: the absolute rules, same-unit rounds, the positional rule, forfeits
    /// and the bye.
    pub(super) fn xiangqi_options(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        let x = &mut self.settings.xiangqi;
        ui.label(t(T::AbsoluteRules));
        row(ui, |ui| {
            ui.checkbox(&mut x.no_three_in_a_row, t(T::NoThreeInARow));
            ui.checkbox(
                &mut x.max_colour_difference_two,
                t(T::MaxColourDifferenceTwo),
            );
            ui.checkbox(&mut x.forfeit_counts_as_met, t(T::ForfeitCountsAsMet));
        });
        ui.end_row();
        ui.label(t(T::SameUnitRounds));
        row(ui, |ui| {
            for (i, k) in [T::SameUnitFrom, T::SameUnitTo].into_iter().enumerate() {
                let l = ui.label(t(k));
                ui.add(egui::TextEdit::singleline(&mut self.same_unit[i]).desired_width(36.0))
                    .labelled_by(l.id);
            }
            hint(ui, t(T::SameUnitHelp));
            let parsed: Vec<Option<u32>> = self
                .same_unit
                .iter()
                .map(|s| s.trim().parse().ok())
                .collect();
            let bad = match parsed[..] {
                [Some(a), Some(b)] if b == 0 || a <= b => None,
                [Some(_), Some(_)] => Some(t(T::SameUnitOrder).to_string()),
                _ => Some(format!("{} 0–99", t(T::SameUnitRounds))),
            };
            invalid(ui, bad);
        });
        ui.end_row();
        ui.label(t(T::PositionalRuleLabel));
        row(ui, |ui| {
            for (r, k) in [
                (PositionalRule::ColourRows, T::PositionalColourRows),
                (PositionalRule::Adjacent, T::PositionalAdjacent),
                (PositionalRule::TopHalfBottomHalf, T::PositionalHalves),
            ] {
                ui.selectable_value(&mut x.positional, r, t(k));
            }
        });
        ui.end_row();
        ui.label(t(T::ForfeitExclusion));
        row(ui, |ui| {
            let r =
                ui.add(egui::TextEdit::singleline(&mut self.forfeit_exclusion).desired_width(36.0));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::ForfeitExclusion))
            });
            for (c, k) in [
                (ForfeitCount::Consecutive, T::ForfeitConsecutive),
                (ForfeitCount::Total, T::ForfeitTotal),
            ] {
                ui.selectable_value(&mut x.forfeit_exclusion_count, c, t(k));
            }
            let bad = self
                .forfeit_exclusion
                .trim()
                .parse::<u32>()
                .is_err()
                .then(|| format!("{} 0–99", t(T::ForfeitExclusion)));
            invalid(ui, bad);
        });
        ui.end_row();
        ui.label(t(T::ByePolicyLabel));
        row(ui, |ui| {
            for (p, k) in [
                (ByePolicy::LowestNeverHadBye, T::ByeLowestNeverHadBye),
                (ByePolicy::LowestFewestByes, T::ByeLowestFewestByes),
            ] {
                ui.selectable_value(&mut x.bye_policy, p, t(k));
            }
        });
        ui.end_row();
        ui.label("");
        row(ui, |ui| {
            ui.checkbox(&mut x.last_three_rounds_leader, t(T::LastThreeRoundsLeader));
            ui.checkbox(&mut x.float_balance, t(T::FloatBalance));
        });
        ui.end_row();
    }

    /// The rounds typed in the panel, into `x`.
    pub(super) fn read_xiangqi(&self, x: &mut XiangqiSwissOptions) -> Result<(), AppError> {
        x.same_unit_from = whole_number(&self.same_unit[0], T::SameUnitFrom)?;
        x.same_unit_to = whole_number(&self.same_unit[1], T::SameUnitTo)?;
        x.forfeit_exclusion = whole_number(&self.forfeit_exclusion, T::ForfeitExclusion)?;
        Ok(())
    }
}
