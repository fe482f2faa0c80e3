//! 对阵 — pair the next round (Ctrl+P), see the boards of any round, export the wall sheet, and
//! unpair the last round after a confirmation that says what will be lost.

use super::widgets::{outcome_text, player_label, round_picker};
use super::{Desk, Tab};
use crate::app::RoundDocument;
use crate::i18n::{T, fill};

#[derive(Default)]
pub struct PairingsTab {
    round: u32,
    confirm_unpair: Option<u32>,
}

impl Tab for PairingsTab {
    fn title(&self) -> T {
        T::TabPairings
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(section) = desk.section().cloned() else {
            ui.label(desk.t(T::NoSection));
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let pair_key = ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::P));
        ui.horizontal(|ui| {
            if (ui
                .button(format!("{} (Ctrl+P)", t(T::PairNextRound)))
                .clicked()
                || pair_key)
                && let Some(r) = desk.act(|tour| tour.pair_next_round(section.id))
            {
                self.round = r;
                desk.info(fill(t(T::RoundN), &[&r]));
            }
            if section.rounds.is_empty() {
                ui.label(t(T::NoRounds));
                return;
            }
            round_picker(ui, "pairings_round", &section, &mut self.round, lang);
            ui.separator();
            ui.label(t(T::ExportPdf));
            for doc in RoundDocument::ALL {
                if ui.button(t(doc.title())).clicked() {
                    let round = self.round;
                    let name = format!(
                        "{}-{}-{}.pdf",
                        section.name,
                        fill(t(T::RoundN), &[&round]),
                        t(doc.title())
                    );
                    if let Some(path) = desk.save_path(t(doc.title()), &name, "pdf", "PDF")
                        && desk
                            .act(|tour| {
                                tour.export_round_document(doc, section.id, round, &path, lang)
                            })
                            .is_some()
                    {
                        desk.info(format!("{} {}", t(T::Exported), path.display()));
                    }
                }
            }
            ui.separator();
            if ui.button(t(T::UnpairLastRound)).clicked() {
                self.confirm_unpair = section.rounds.last().map(|r| r.number);
            }
        });
        if let Some(r) = self.confirm_unpair {
            let mut close = false;
            egui::Modal::new(egui::Id::unique("confirm_unpair")).show(ui.ctx(), |ui| {
                ui.heading(fill(t(T::RoundN), &[&r]));
                ui.label(t(T::ConfirmUnpair));
                ui.horizontal(|ui| {
                    if ui.button(t(T::Confirm)).clicked() {
                        desk.act(|tour| tour.unpair_round(section.id, r));
                        close = true;
                    }
                    if ui.button(t(T::Cancel)).clicked()
                        || ui.input(|i| i.key_pressed(egui::Key::Escape))
                    {
                        close = true;
                    }
                });
            });
            if close {
                self.confirm_unpair = None;
            }
        }
        let Some(round) = section.round(self.round) else {
            return;
        };
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("pairings")
                .striped(true)
                .min_col_width(60.0)
                .show(ui, |ui| {
                    for h in [T::Board, T::Red, T::Result, T::Black] {
                        ui.strong(t(h));
                    }
                    ui.end_row();
                    for g in &round.games {
                        ui.label(g.board.to_string());
                        ui.label(player_label(&section, g.red));
                        ui.label(outcome_text(g.outcome, lang));
                        ui.label(player_label(&section, g.black));
                        ui.end_row();
                    }
                    for b in &round.byes {
                        ui.label("");
                        ui.label(player_label(&section, b.entrant));
                        ui.label(t(T::Bye));
                        ui.label("");
                        ui.end_row();
                    }
                });
        });
    }
}
