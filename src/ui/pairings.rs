//! 对阵 — pair the next round (Ctrl+P), see the boards of any round, export the round's
//! documents, and unpair the last round after a confirmation that says what will be lost.
//! Pairing runs on a worker thread with a progress indicator; the window stays responsive.

use super::widgets::{outcome_text, player_label, round_picker};
use super::{Desk, Tab};
use crate::app::{AppError, RoundDocument, plan_next_round};
use crate::i18n::{T, fill};
use crate::model::{Round, Section, SectionId};

/// A pairing being computed on a worker thread for a section.
struct Pending {
    section: SectionId,
    result: std::sync::mpsc::Receiver<Result<Round, AppError>>,
}

#[derive(Default)]
pub struct PairingsTab {
    round: u32,
    confirm_unpair: Option<u32>,
    pending: Option<Pending>,
}

impl PairingsTab {
    /// Is a pairing still being computed?
    pub fn is_pairing(&self) -> bool {
        self.pending.is_some()
    }

    fn start_pairing(&mut self, section: &Section, ctx: &egui::Context) {
        let (tx, rx) = std::sync::mpsc::channel();
        let s = section.clone();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let _ = tx.send(plan_next_round(&s));
            ctx.request_repaint();
        });
        self.pending = Some(Pending {
            section: section.id,
            result: rx,
        });
    }

    /// Stores a finished pairing (as one action); keeps waiting otherwise. Called every frame,
    /// whichever tab is shown.
    pub fn poll(&mut self, ctx: &egui::Context, desk: &mut Desk) {
        let Some(p) = &self.pending else { return };
        match p.result.try_recv() {
            Ok(planned) => {
                let section = p.section;
                self.pending = None;
                let stored = planned.and_then(|round| match desk.tournament.as_mut() {
                    Some(tour) => tour.store_planned_round(section, round),
                    None => Ok(0),
                });
                match stored {
                    Ok(r) if r > 0 => {
                        self.round = r;
                        desk.info(fill(T::RoundN.get(desk.lang), &[&r]));
                    }
                    Ok(_) => {}
                    Err(e) => desk.error(&e),
                }
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(100));
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => self.pending = None,
        }
    }
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
        if self.pending.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t(T::Pairing));
            });
        }
        let ctx = ui.ctx().clone();
        ui.horizontal(|ui| {
            let idle = self.pending.is_none();
            let button = ui.add_enabled(
                idle,
                egui::Button::new(format!("{} (Ctrl+P)", t(T::PairNextRound))),
            );
            if idle && (button.clicked() || pair_key) {
                self.start_pairing(&section, &ctx);
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
