//! 成绩 — the result grid. Keys: 1 red wins, = draw, 0 black wins, + black forfeits, - red
//! forfeits, Delete clears; F / G add a foul to red / black (with Shift: take one off);
//! ↑ ↓ and Enter move between boards. Every key is one saved action.

use super::widgets::{outcome_text, paired_section, player_label, round_picker};
use super::{Desk, Tab};
use crate::i18n::T;
use crate::model::Outcome;

#[derive(Default)]
pub struct ResultsTab {
    round: u32,
    /// Index of the selected board in the round.
    selected: usize,
}

/// What a key does in the grid.
enum GridKey {
    Set(Option<Outcome>),
    Foul { red: bool, delta: i8 },
    Move(isize),
}

fn read_keys(ui: &egui::Ui) -> Vec<GridKey> {
    use egui::Key;
    ui.input(|i| {
        let mut out = Vec::new();
        for e in &i.events {
            if let egui::Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } = e
            {
                if modifiers.command || modifiers.alt {
                    continue;
                }
                let k = match key {
                    Key::Num1 => GridKey::Set(Some(Outcome::RedWin)),
                    Key::Equals if modifiers.shift => GridKey::Set(Some(Outcome::RedWinByForfeit)),
                    Key::Equals => GridKey::Set(Some(Outcome::Draw)),
                    Key::Num0 => GridKey::Set(Some(Outcome::BlackWin)),
                    Key::Plus => GridKey::Set(Some(Outcome::RedWinByForfeit)),
                    Key::Minus => GridKey::Set(Some(Outcome::BlackWinByForfeit)),
                    Key::Delete | Key::Backspace => GridKey::Set(None),
                    Key::F => GridKey::Foul {
                        red: true,
                        delta: if modifiers.shift { -1 } else { 1 },
                    },
                    Key::G => GridKey::Foul {
                        red: false,
                        delta: if modifiers.shift { -1 } else { 1 },
                    },
                    Key::ArrowDown | Key::Enter => GridKey::Move(1),
                    Key::ArrowUp => GridKey::Move(-1),
                    _ => continue,
                };
                out.push(k);
            }
        }
        out
    })
}

impl Tab for ResultsTab {
    fn title(&self) -> T {
        T::TabResults
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(section) = paired_section(ui, desk) else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        ui.horizontal(|ui| {
            round_picker(ui, "results_round", &section, &mut self.round, lang);
            ui.weak(t(T::ResultKeysHelp));
        });
        let Some(round) = section.round(self.round) else {
            return;
        };
        let n = round.games.len();
        if n == 0 {
            return;
        }
        self.selected = self.selected.min(n - 1);
        // Keys act only when no text field has the focus.
        if ui.memory(|m| m.focused().is_none()) {
            for key in read_keys(ui) {
                let g = &round.games[self.selected];
                match key {
                    GridKey::Set(o) => {
                        let (r, b) = (round.number, g.board);
                        if desk
                            .act(|tour| tour.set_result(section.id, r, b, o))
                            .is_some()
                            && o.is_some()
                        {
                            self.selected = (self.selected + 1).min(n - 1);
                        }
                    }
                    GridKey::Foul { red, delta } => {
                        let (fr, fb) = (g.fouls_red, g.fouls_black);
                        let bump = |v: u8| v.saturating_add_signed(delta);
                        let fouls = if red { (bump(fr), fb) } else { (fr, bump(fb)) };
                        let (r, b) = (round.number, g.board);
                        desk.act(|tour| tour.set_fouls(section.id, r, b, fouls));
                    }
                    GridKey::Move(d) => {
                        self.selected =
                            (self.selected as isize + d).clamp(0, n as isize - 1) as usize;
                    }
                }
            }
        }
        // Show the stored state (after this frame's actions).
        let Some(section) = desk.section().cloned() else {
            return;
        };
        let Some(round) = section.round(self.round) else {
            return;
        };
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("results")
                .striped(true)
                .min_col_width(50.0)
                .show(ui, |ui| {
                    for h in [T::Board, T::Red, T::Fouls, T::Result, T::Fouls, T::Black] {
                        ui.strong(t(h));
                    }
                    ui.end_row();
                    for (i, g) in round.games.iter().enumerate() {
                        let sel = i == self.selected;
                        // The selected board stands out across the whole row.
                        let highlight = ui.visuals().selection.bg_fill;
                        let cell = |text: String| {
                            let t = egui::RichText::new(text);
                            if sel {
                                t.strong().background_color(highlight)
                            } else {
                                t
                            }
                        };
                        let fouls = |n: u8| if n > 0 { n.to_string() } else { String::new() };
                        if ui.selectable_label(sel, format!("{}", g.board)).clicked() {
                            self.selected = i;
                        }
                        ui.label(cell(player_label(&section, g.red)));
                        ui.label(cell(fouls(g.fouls_red)));
                        ui.label(cell(outcome_text(g.outcome, lang).to_string()).strong());
                        ui.label(cell(fouls(g.fouls_black)));
                        ui.label(cell(player_label(&section, g.black)));
                        ui.end_row();
                    }
                    for b in &round.byes {
                        ui.label("");
                        ui.label(player_label(&section, b.entrant));
                        ui.label("");
                        ui.label(t(T::Bye));
                        ui.end_row();
                    }
                });
        });
    }
}
