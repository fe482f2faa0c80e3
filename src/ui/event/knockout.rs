//! 淘汰赛 / 交叉赛 — the match format of a knockout, or a Swiss's playoff (how many play it,
//! after which round, whether the others play on) and its match format: a preset from the
//! seeds, the match for third place, and the chain of phases.

use super::{EventTab, hint, invalid, row, whole_number};
use crate::app::AppError;
use crate::i18n::{Lang, T};
use crate::model::{
    ColourRule, GamePhase, KnockoutOptions, MatchPhase, PairingSystem, PlayoffOptions,
    seed_000_format,
};

impl EventTab {
    /// 淘汰赛 / 交叉赛: a knockout's match format, or a Swiss's playoff (how many, after which
    /// round, do the others play on) and its match format. The format is a preset from the
    /// seeds, the match for third place, and the chain of phases, which can be lengthened by a
    /// sudden-death phase when a match stays level after all of it.
    pub(super) fn knockout_rows(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        let format = if self.settings.system == PairingSystem::Knockout {
            &mut self.settings.knockout
        } else {
            ui.label(t(T::Playoff));
            row(ui, |ui| {
                for (i, k) in [T::PlayoffPlayers, T::PlayoffAfterRound]
                    .into_iter()
                    .enumerate()
                {
                    let l = ui.label(t(k));
                    ui.add(egui::TextEdit::singleline(&mut self.playoff[i]).desired_width(36.0))
                        .labelled_by(l.id);
                }
                ui.checkbox(
                    &mut self.settings.playoff.others_play_on,
                    t(T::OthersPlayOn),
                );
                let bad = self
                    .playoff
                    .iter()
                    .any(|s| s.trim().parse::<u32>().is_err())
                    .then(|| format!("{} 0–99", t(T::Playoff)));
                invalid(ui, bad);
            });
            ui.end_row();
            if self.playoff[0].trim().parse::<u32>().unwrap_or(0) == 0 {
                return;
            }
            &mut self.settings.playoff.format
        };
        ui.label(t(T::MatchFormat));
        ui.vertical(|ui| {
            row(ui, |ui| {
                if ui.button(t(T::FormatSeed002)).clicked() {
                    *format = KnockoutOptions::default();
                }
                if ui.button(t(T::FormatSeed000)).clicked() {
                    *format = seed_000_format();
                }
            });
            row(ui, |ui| {
                ui.checkbox(&mut format.third_place_match, t(T::ThirdPlaceMatch));
                if ui.button(t(T::AddSuddenDeath)).clicked() {
                    format.phases.push(MatchPhase {
                        kind: GamePhase::SuddenDeath,
                        games: 1,
                        first_colours: ColourRule::Lot,
                    });
                }
                if format.phases.len() > 1 && ui.button(t(T::RemoveLastPhase)).clicked() {
                    format.phases.pop();
                }
            });
            hint(ui, crate::i18n::phases_text(&format.phases, lang));
        });
        ui.end_row();
    }

    /// The playoff's numbers typed in the panel, into `p`.
    pub(super) fn read_playoff(&self, p: &mut PlayoffOptions) -> Result<(), AppError> {
        p.players = whole_number(&self.playoff[0], T::PlayoffPlayers)?;
        p.after_round = whole_number(&self.playoff[1], T::PlayoffAfterRound)?;
        Ok(())
    }
}
