//! 排名 — standings of the chosen section after any round, by points (shared places).

use super::widgets::round_picker;
use super::{Desk, Tab};
use crate::i18n::{T, fill};

#[derive(Default)]
pub struct StandingsTab {
    round: u32,
}

impl Tab for StandingsTab {
    fn title(&self) -> T {
        T::TabStandings
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(section) = desk.section().cloned() else {
            ui.label(desk.t(T::NoSection));
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        if section.rounds.is_empty() {
            ui.label(t(T::NoRounds));
            return;
        }
        ui.horizontal(|ui| {
            round_picker(ui, "standings_round", &section, &mut self.round, lang);
            ui.heading(fill(t(T::StandingsAfter), &[&self.round]));
        });
        let rows = crate::standings::by_points(&section, self.round);
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("standings")
                .striped(true)
                .min_col_width(50.0)
                .show(ui, |ui| {
                    for h in [T::Rank, T::Number, T::Name, T::Unit, T::Points] {
                        ui.strong(t(h));
                    }
                    ui.end_row();
                    for r in rows {
                        let Some(e) = section.entrant(r.entrant) else {
                            continue;
                        };
                        ui.label(r.rank.to_string());
                        ui.label(e.number.map(|n| n.to_string()).unwrap_or_default());
                        ui.label(&e.name);
                        ui.label(&e.unit);
                        ui.strong(r.points.to_string());
                        ui.end_row();
                    }
                });
        });
    }
}
