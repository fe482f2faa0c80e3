//! 组别 — a section's basics: its name, the game, the pairing system, the number of rounds, the
//! point system (a preset, or the point table cell by cell as [`PointCell::TABLE`] lays it out)
//! and the round-1 pattern.

use super::{EventTab, field, field_invalid, hint, invalid, row};
use crate::app::AppError;
use crate::i18n::{Lang, T};
use crate::model::points::{PointCell, PointColumn};
use crate::model::{
    FirstRoundPattern, GameKind, PairingSystem, PointSystem, PointSystemPreset, Points,
    SectionSettings,
};

/// The point table's cells as text, in the order of [`PointCell::TABLE`].
pub(super) fn point_texts(p: &PointSystem) -> [String; 9] {
    p.table().map(|v| v.to_string())
}

/// The title of a column of the sides' rows: what the row's side scores when it wins, draws
/// or loses (the black row's first cell is black's win, never "红胜").
fn column_word(column: PointColumn) -> T {
    match column {
        PointColumn::Win => T::PointsWin,
        PointColumn::Draw => T::PointsDraw,
        PointColumn::Loss => T::PointsLoss,
    }
}

const COLUMNS: [PointColumn; 3] = [PointColumn::Win, PointColumn::Draw, PointColumn::Loss];

/// A cell of a side's row, named "side column" (红方 和): the side's word opens the row, the
/// loss ends it.
fn side_cell(ui: &mut egui::Ui, lang: Lang, side: T, column: PointColumn, edit: egui::TextEdit) {
    if column == PointColumn::Win {
        ui.label(side.get(lang));
    }
    let name = format!("{} {}", side.get(lang), column_word(column).get(lang));
    let r = ui.add(edit.id_salt(&name));
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, &name));
    if column == PointColumn::Loss {
        ui.end_row();
    }
}

/// A row of one value, named by its label.
fn value_row(ui: &mut egui::Ui, label: &str, edit: egui::TextEdit) {
    let l = ui.label(label);
    ui.add(edit).labelled_by(l.id);
    ui.end_row();
}

impl EventTab {
    /// The form switched to `game`, with that game's system, points and tiebreaks; the rest of
    /// the settings stay as they are.
    fn game_defaults(&mut self, game: GameKind, lang: Lang) {
        let defaults = match game {
            GameKind::Chess => SectionSettings::chess(),
            GameKind::Xiangqi => SectionSettings::default(),
        };
        self.settings.game = game;
        self.settings.system = defaults.system;
        self.settings.points = defaults.points;
        self.points = point_texts(&defaults.points);
        self.tiebreaks = crate::i18n::tiebreak_list_text(&defaults.standings.tiebreaks, lang);
    }

    /// The rows of the basics, in the section grid.
    pub(super) fn section_rows(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        field(ui, t(T::SectionName), &mut self.section_name, 360.0);
        ui.end_row();
        ui.label(t(T::Game));
        row(ui, |ui| {
            // Choosing the game brings its defaults: for chess the FIDE Dutch, 1-½-0 and the
            // FIDE tiebreaks; for xiangqi the 积分编排制, its points and 14.3.1. The arbiter
            // changes any of them afterwards.
            for (game, k) in [(GameKind::Xiangqi, T::Xiangqi), (GameKind::Chess, T::Chess)] {
                let chosen = self.settings.game == game;
                if ui.selectable_label(chosen, t(k)).clicked() && !chosen {
                    self.game_defaults(game, lang);
                }
            }
        });
        ui.end_row();
        ui.label(t(T::System));
        row(ui, |ui| {
            for (s, k) in [
                (PairingSystem::XiangqiSwiss, T::SystemXiangqiSwiss),
                (PairingSystem::Dutch, T::SystemDutch),
                (PairingSystem::RoundRobin, T::SystemRoundRobin),
                (PairingSystem::Knockout, T::SystemKnockout),
            ] {
                ui.selectable_value(&mut self.settings.system, s, t(k));
            }
        });
        ui.end_row();
        ui.label(t(T::Rounds));
        row(ui, |ui| {
            let r = ui.add(egui::TextEdit::singleline(&mut self.rounds).desired_width(50.0));
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::Rounds)));
            let bad = match self.rounds.trim().parse::<u32>() {
                Ok(1..=99) => None,
                _ => Some(format!("{} 1–99", t(T::Rounds))),
            };
            invalid(ui, bad);
        });
        ui.end_row();
        ui.label(t(T::PointSystem));
        row(ui, |ui| {
            // The preset the table holds is shown chosen; a table of no preset says so.
            let mut any = false;
            for p in PointSystemPreset::ALL {
                let active = point_texts(&p.system()) == self.points;
                any |= active;
                if ui.selectable_label(active, p.label()).clicked() {
                    self.points = point_texts(&p.system());
                }
            }
            if !any {
                ui.strong(t(T::PointsCustom));
            }
        });
        ui.end_row();
        ui.label("");
        self.point_table(ui, lang);
        ui.end_row();
        // Round 1: the xiangqi Swiss's pattern is chosen; the other systems' is their own.
        ui.label(t(T::FirstRound));
        let system = self.settings.system;
        if system == PairingSystem::XiangqiSwiss {
            // One option a line: a wrapping row in a grid cell paints its second line over the
            // next row (the grid sizes a row by the frame before).
            ui.vertical(|ui| {
                for p in [
                    FirstRoundPattern::AdjacentAlternating,
                    FirstRoundPattern::RatingHalves,
                ] {
                    let label = t(crate::i18n::first_round_label(system, p));
                    ui.selectable_value(&mut self.settings.first_round, p, label);
                }
            });
        } else {
            hint(
                ui,
                t(crate::i18n::first_round_label(
                    system,
                    self.settings.first_round,
                )),
            );
        }
        ui.end_row();
    }

    /// 记分表: a row per side under the column titles, then a row each for the bye and the
    /// forfeits.
    fn point_table(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        // 红方 in xiangqi, 白方 in chess.
        let first = crate::i18n::first_side(self.settings.game);
        egui::Grid::new("points_table").show(ui, |ui| {
            ui.label("");
            for column in COLUMNS {
                ui.label(t(column_word(column)));
            }
            ui.end_row();
            for (cell, text) in PointCell::TABLE.into_iter().zip(self.points.iter_mut()) {
                let edit = egui::TextEdit::singleline(text).desired_width(40.0);
                match cell {
                    PointCell::Red(column) => side_cell(ui, lang, first, column, edit),
                    PointCell::Black(column) => side_cell(ui, lang, T::Black, column, edit),
                    PointCell::Bye => value_row(ui, t(T::Bye), edit),
                    PointCell::ForfeitWin => value_row(ui, t(T::PointsForfeitWin), edit),
                    PointCell::ForfeitLoss => value_row(ui, t(T::PointsForfeitLoss), edit),
                }
            }
        });
    }

    pub(super) fn read_rounds(&self) -> Result<u32, AppError> {
        self.rounds
            .trim()
            .parse::<u32>()
            .map_err(|_| field_invalid(T::Rounds, &self.rounds, "1–99".into()))
    }

    pub(super) fn read_points(&self) -> Result<PointSystem, AppError> {
        let mut values = [Points::ZERO; 9];
        for (value, text) in values.iter_mut().zip(&self.points) {
            *value = Points::parse(text)
                .ok_or_else(|| field_invalid(T::PointSystem, text, "0, 0.5, 1, 1.5 …".into()))?;
        }
        Ok(PointSystem::from_table(values))
    }
}
