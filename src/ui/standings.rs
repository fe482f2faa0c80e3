//! 排名 — standings of the chosen section after any round, with the section's tiebreak list
//! (名次区分); places decided by lot are marked.

use super::widgets::{paired_section, round_picker};
use super::{Desk, Tab};
use crate::i18n::{Lang, T, fill};
use crate::standings::Tiebreak;

#[derive(Default)]
pub struct StandingsTab {
    round: u32,
}

/// A tiebreak's column title (the one home of the names is [`Tiebreak::label`]).
pub fn tiebreak_label(tb: Tiebreak, lang: Lang) -> String {
    tb.label(lang)
}

/// A tiebreak value as printed (see [`Tiebreak::value_text`]).
pub fn value_text(v: f64) -> String {
    Tiebreak::value_text(v)
}

impl Tab for StandingsTab {
    fn title(&self) -> T {
        T::TabStandings
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(section) = paired_section(ui, desk) else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        ui.horizontal(|ui| {
            round_picker(ui, "standings_round", &section, &mut self.round, lang);
            ui.heading(fill(t(T::StandingsAfter), &[&self.round]));
        });
        let list = section.settings.standings.tiebreaks.clone();
        let rows = crate::standings::standings(&section, self.round);
        egui::ScrollArea::both().show(ui, |ui| {
            egui::Grid::new("standings")
                .striped(true)
                .min_col_width(44.0)
                .show(ui, |ui| {
                    for h in [T::Rank, T::Number, T::Name, T::Unit, T::Points] {
                        ui.strong(t(h));
                    }
                    for tb in &list {
                        ui.strong(tiebreak_label(*tb, lang));
                    }
                    ui.end_row();
                    for r in rows {
                        let Some(e) = section.entrant(r.entrant) else {
                            continue;
                        };
                        let rank = if r.by_lot {
                            format!("{} ({})", r.rank, t(T::ByLot))
                        } else {
                            r.rank.to_string()
                        };
                        ui.label(rank);
                        ui.label(e.number.map(|n| n.to_string()).unwrap_or_default());
                        ui.label(&e.name);
                        ui.label(&e.unit);
                        ui.strong(r.points.to_string());
                        for v in &r.tiebreaks {
                            ui.label(value_text(*v));
                        }
                        ui.end_row();
                    }
                });
        });
    }
}
