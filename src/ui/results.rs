//! 成绩 — the result grid. Keys: 1 red wins, = draw, 0 black wins, + black forfeits, - red
//! forfeits, L red late (迟到判负: black wins by forfeit), Shift+L black late, A adjourns (暂停; again: takes it back while no later round is paired), Delete
//! clears; F / G add a foul to red / black (with Shift: take one off; a
//! result against two fouls in its game, a loss by the rules, is warned of);
//! ↑ ↓ and Enter move between boards; PgUp / PgDn change the round. Every key is one saved
//! action. A change in a round that is no longer the latest is a correction: it asks for a
//! reason, which is journaled with it. A result against the rules (an adjourned game ending
//! otherwise than the draw a later round was paired with) is shown with its level and entered
//! once confirmed. A newly paired round is shown as soon as it exists, and
//! so are games added to an earlier round (a knockout's or playoff's tie-break), with the cursor
//! on the first of them.

use super::widgets::{paired_section, round_picker, step_round};
use super::{Desk, Tab};
use crate::app::FoulWarning;
use crate::app::{AppError, BoardRef, Confirmation, ResultEntry};
use crate::i18n::phase_text;
use crate::i18n::{T, fill};
use crate::i18n::{game_result_text, outcome_text};
use crate::model::{Outcome, Section, SectionId};
use crate::model::{RuleWarning, WarningLevel};

#[derive(Default)]
pub struct ResultsTab {
    round: u32,
    /// Index of the selected board in the round.
    selected: usize,
    /// How many games each round of the section had when last shown (new games are shown at
    /// once).
    seen: Option<(SectionId, Vec<usize>)>,
    /// A correction waiting for its reason: (section, round, board, outcome, fouls).
    correction: Option<Correction>,
    /// The selection moved by key: scroll it into view on this frame.
    scroll: bool,
    /// The foul warning last shown on the message line, taken down once a result agrees.
    foul_message: Option<String>,
    /// A result waiting for its warnings to be confirmed.
    confirming: Option<Confirming>,
    /// The results phones sent, waiting for the chief.
    phones: super::hands::PhoneStrip,
}

impl ResultsTab {
    /// A result just undone (Ctrl+Z): the cursor goes back to its board, for the result to be
    /// typed again, instead of staying where the undone key had moved it on to.
    pub fn back_to(&mut self, desk: &Desk, section: &str, round: u32, board: u32) {
        let Some(s) = desk.section().filter(|s| s.name == section) else {
            return;
        };
        if let Some(i) = s
            .round(round)
            .and_then(|r| r.games.iter().position(|g| g.board == board))
        {
            self.round = round;
            self.selected = i;
            self.scroll = true;
        }
    }
}

/// A result the rules object to, shown with its warnings until confirmed or dropped.
struct Confirming {
    section: SectionId,
    round: u32,
    board: u32,
    outcome: Option<Outcome>,
    /// The forfeit is for lateness (迟到判负).
    late: bool,
    warnings: Vec<(RuleWarning, WarningLevel)>,
    /// The section's name, typed for a strong warning.
    typed: String,
}

#[derive(Clone)]
struct Correction {
    section: SectionId,
    round: u32,
    board: u32,
    outcome: Option<Outcome>,
    /// The forfeit is for lateness (迟到判负).
    late: bool,
    fouls: (u8, u8),
    reason: String,
    /// The reason field has been given the focus once.
    focused: bool,
}

/// What a key does in the grid.
enum GridKey {
    Set(Option<Outcome>),
    /// 迟到判负: that side came after the lateness limit.
    Late(crate::model::Side),
    /// 暂停 the board, or take the adjournment back.
    Adjourn,
    Foul {
        red: bool,
        delta: i8,
    },
    Move(isize),
    Round(i32),
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
                    // × — neither came: both lose by forfeit.
                    Key::X => GridKey::Set(Some(Outcome::DoubleForfeit)),
                    Key::L if modifiers.shift => GridKey::Late(crate::model::Side::Black),
                    Key::L => GridKey::Late(crate::model::Side::Red),
                    Key::Delete | Key::Backspace => GridKey::Set(None),
                    Key::A => GridKey::Adjourn,
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
                    Key::PageUp => GridKey::Round(-1),
                    Key::PageDown => GridKey::Round(1),
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
        self.phones.ui(ui, desk);
        let Some(section) = paired_section(ui, desk) else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        ui.horizontal_wrapped(|ui| {
            round_picker(ui, "results_round", &section, &mut self.round, lang);
            ui.weak(t(match section.settings.game {
                crate::model::GameKind::Chess => T::ResultKeysHelpChess,
                crate::model::GameKind::Xiangqi => T::ResultKeysHelp,
            }));
            ui.weak(t(match section.settings.game {
                crate::model::GameKind::Chess => T::ResultKeysLateChess,
                crate::model::GameKind::Xiangqi => T::ResultKeysLate,
            }));
        });
        let counts: Vec<usize> = section.rounds.iter().map(|r| r.games.len()).collect();
        // Games just paired elsewhere (the bracket tab) open the grid at the first of them,
        // whichever section or round it showed before.
        if let Some((_, round, board)) = desk.fresh_games.filter(|f| f.0 == section.id) {
            desk.fresh_games = None;
            if let Some(r) = section.round(round) {
                self.round = round;
                self.selected = r.games.iter().position(|g| g.board == board).unwrap_or(0);
                self.scroll = true;
                self.seen = Some((section.id, counts.clone()));
            }
        }
        match &self.seen {
            Some((id, old)) if *id == section.id && *old == counts => {}
            Some((id, old)) if *id == section.id => {
                // The first round with more games than before, at its first new board; after
                // an unpairing, the last round.
                let grown = counts
                    .iter()
                    .zip(&section.rounds)
                    .enumerate()
                    .find(|(i, (n, _))| **n > old.get(*i).copied().unwrap_or(0));
                match grown {
                    Some((i, (_, r))) => {
                        self.round = r.number;
                        self.selected = old.get(i).copied().unwrap_or(0);
                    }
                    None => {
                        self.round = section.rounds.len() as u32;
                        self.selected = 0;
                    }
                }
                self.scroll = true;
                self.seen = Some((section.id, counts));
            }
            Some(_) => {
                self.round = section.rounds.len() as u32;
                self.selected = 0;
                self.seen = Some((section.id, counts));
            }
            None => self.seen = Some((section.id, counts)),
        }
        self.correction_modal(ui, desk);
        self.confirm_modal(ui, desk);
        let Some(round) = section.round(self.round) else {
            return;
        };
        let n = round.games.len();
        if n == 0 {
            return;
        }
        self.selected = self.selected.min(n - 1);
        // Keys act only when no text field has the focus and no correction is open.
        if self.correction.is_none()
            && self.confirming.is_none()
            && ui.memory(|m| m.focused().is_none())
        {
            for key in read_keys(ui) {
                let g = &round.games[self.selected];
                let (r, b) = (round.number, g.board);
                let correcting = desk
                    .tournament
                    .as_ref()
                    .is_some_and(|t| t.is_correction(BoardRef::new(section.id, r, b)));
                let fouls_now = (g.fouls_red, g.fouls_black);
                // 迟到判负 is the forfeit of the late side, entered as any result is.
                let (key, late) = match key {
                    GridKey::Late(side) => (GridKey::Set(Some(Outcome::forfeit_of(side))), true),
                    other => (other, false),
                };
                match key {
                    GridKey::Set(o) if correcting => {
                        self.ask_reason(section.id, r, b, (o, late), fouls_now);
                        break;
                    }
                    GridKey::Set(o) => {
                        let Some(tour) = desk.tournament.as_mut() else {
                            break;
                        };
                        let entry = ResultEntry {
                            late,
                            ..ResultEntry::result(o)
                        };
                        match tour.enter_result(BoardRef::new(section.id, r, b), entry) {
                            Ok(w) => {
                                self.warn_of_fouls(desk, &section, w);
                                if o.is_some() {
                                    self.selected = (self.selected + 1).min(n - 1);
                                    self.scroll = true;
                                }
                            }
                            Err(AppError::RuleWarnings(warnings)) => {
                                self.confirming = Some(Confirming {
                                    section: section.id,
                                    round: r,
                                    board: b,
                                    outcome: o,
                                    late,
                                    warnings,
                                    typed: String::new(),
                                });
                                break;
                            }
                            Err(e) => desk.error(&e),
                        }
                    }
                    GridKey::Adjourn => {
                        if g.adjourned {
                            desk.act(|tour| tour.resume_board(section.id, r, b));
                        } else {
                            desk.act(|tour| tour.adjourn_boards(section.id, r, &[b]));
                        }
                    }
                    GridKey::Foul { red, delta } => {
                        let (fr, fb) = fouls_now;
                        let bump = |v: u8| v.saturating_add_signed(delta);
                        let fouls = if red { (bump(fr), fb) } else { (fr, bump(fb)) };
                        if correcting {
                            self.ask_reason(section.id, r, b, (g.outcome, g.late), fouls);
                            break;
                        }
                        if let Some(w) = desk.act(|tour| {
                            tour.enter_result(
                                BoardRef::new(section.id, r, b),
                                ResultEntry::fouls(fouls),
                            )
                        }) {
                            self.warn_of_fouls(desk, &section, w);
                        }
                    }
                    GridKey::Move(d) => {
                        self.selected =
                            (self.selected as isize + d).clamp(0, n as isize - 1) as usize;
                        self.scroll = true;
                    }
                    GridKey::Round(d) => {
                        step_round(&section, &mut self.round, d);
                        self.selected = 0;
                        break;
                    }
                    // Turned into its forfeit above.
                    GridKey::Late(_) => {}
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
        // Only the rows in view are laid out; a key that moves the selection scrolls to it.
        let row_h = ui.text_style_height(&egui::TextStyle::Body) + 8.0;
        let highlight = ui.visuals().selection.bg_fill;
        let games = round.games.len();
        // A round with knockout or playoff match games names each one's phase beside its board.
        let phases = round.games.iter().any(|g| g.phase.is_match_game());
        super::widgets::sideways(ui, "results_sideways", |ui, room| {
            let mut table = egui_extras::TableBuilder::new(ui)
                .max_scroll_height(room)
                .id_salt("results")
                .striped(true)
                .auto_shrink([false, false])
                .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
            let board_w = if phases { 190.0 } else { 56.0 };
            for w in [board_w, 170.0, 50.0, 90.0, 50.0, 170.0] {
                table = table.column(super::widgets::fit_column(w));
            }
            if std::mem::take(&mut self.scroll) {
                table = table.scroll_to_row(self.selected, None);
            }
            table
                .header(row_h, |mut header| {
                    let first = crate::i18n::first_side(section.settings.game);
                    for h in [T::Board, first, T::Fouls, T::Result, T::Fouls, T::Black] {
                        header.col(|ui| {
                            ui.strong(t(h));
                        });
                    }
                })
                .body(|body| {
                    body.rows(row_h, games + round.byes.len(), |mut row| {
                        let i = row.index();
                        let Some(g) = round.games.get(i) else {
                            let b = &round.byes[i - games];
                            row.col(|_| {});
                            row.col(|ui| {
                                ui.label(section.label(b.entrant));
                            });
                            row.col(|_| {});
                            row.col(|ui| {
                                ui.label(t(T::Bye));
                            });
                            row.col(|_| {});
                            row.col(|_| {});
                            return;
                        };
                        let sel = i == self.selected;
                        // The selected board stands out across the whole row.
                        let cell = |text: String| {
                            let t = egui::RichText::new(text);
                            if sel {
                                t.strong().background_color(highlight)
                            } else {
                                t
                            }
                        };
                        let fouls = |n: u8| if n > 0 { n.to_string() } else { String::new() };
                        row.col(|ui| {
                            let label = match phase_text(g.phase, lang) {
                                "" => g.board.to_string(),
                                phase => format!("{}  {phase}", g.board),
                            };
                            if ui.selectable_label(sel, label).clicked() {
                                self.selected = i;
                            }
                        });
                        row.col(|ui| {
                            ui.label(cell(section.label(g.red)));
                        });
                        row.col(|ui| {
                            ui.label(cell(fouls(g.fouls_red)));
                        });
                        row.col(|ui| {
                            ui.label(
                                cell(game_result_text(g, section.settings.game, lang).to_string())
                                    .strong(),
                            );
                        });
                        row.col(|ui| {
                            ui.label(cell(fouls(g.fouls_black)));
                        });
                        row.col(|ui| {
                            ui.label(cell(section.label(g.black)));
                        });
                    });
                });
        });
    }
}

impl ResultsTab {
    /// A result entered against two fouls in its game (犯规判负) is named on the message line;
    /// the next entry that agrees takes the warning down.
    fn warn_of_fouls(&mut self, desk: &mut Desk, section: &Section, w: Option<FoulWarning>) {
        match w {
            Some(w) => {
                let text = fill(
                    desk.t(T::FoulLossWarning),
                    &[&w.board, &section.label(w.player), &w.fouls],
                );
                desk.message = Some((true, text.clone()));
                self.foul_message = Some(text);
            }
            None => {
                if let Some(shown) = self.foul_message.take()
                    && desk.message.as_ref().is_some_and(|(_, m)| *m == shown)
                {
                    desk.message = None;
                }
            }
        }
    }

    fn ask_reason(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        (outcome, late): (Option<Outcome>, bool),
        fouls: (u8, u8),
    ) {
        self.correction = Some(Correction {
            section,
            round,
            board,
            outcome,
            late,
            fouls,
            reason: String::new(),
            focused: false,
        });
    }

    /// Shows a result's warnings with their levels; Enter (or the button) enters it confirmed,
    /// Esc drops it. A strong warning needs the section's name typed first.
    fn confirm_modal(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(c) = self.confirming.as_mut() else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let name = desk.section().map(|s| s.name.clone()).unwrap_or_default();
        let strong = c.warnings.iter().any(|(_, l)| *l >= WarningLevel::Strong);
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("result_warnings")).show(ui.ctx(), |ui| {
            ui.heading(t(T::RuleWarningsTitle));
            ui.label(fill(t(T::BoardN), &[&c.board]));
            for (w, level) in &c.warnings {
                ui.colored_label(
                    super::widgets::level_colour(ui, *level),
                    super::widgets::warning_line(w, *level, lang),
                );
            }
            if strong {
                let l = ui.label(fill(t(T::TypeSectionName), &[&name]));
                ui.add(egui::TextEdit::singleline(&mut c.typed).id_salt("result_typed"))
                    .labelled_by(l.id);
            }
            let ready = !strong || crate::app::confirms(&c.typed, &name);
            let enter = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
            let esc = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
            ui.horizontal(|ui| {
                let confirm = ui.add_enabled(
                    ready,
                    egui::Button::new(format!("{} (Enter)", t(T::ConfirmButton))),
                );
                if ready && (confirm.clicked() || enter) {
                    answer = Some(true);
                }
                if ui.button(format!("{} (Esc)", t(T::CancelButton))).clicked() || esc {
                    answer = Some(false);
                }
            });
        });
        let Some(yes) = answer else { return };
        let Some(c) = self.confirming.take() else {
            return;
        };
        if yes {
            let confirm = Confirmation {
                typed: strong.then_some(c.typed.clone()),
                accepted: c.warnings.iter().map(|(w, _)| w.clone()).collect(),
            };
            let entered = desk.act(|tour| {
                tour.enter_result(
                    BoardRef::new(c.section, c.round, c.board),
                    ResultEntry {
                        late: c.late,
                        ..ResultEntry::result(c.outcome)
                    }
                    .confirmed(confirm.clone()),
                )
            });
            if let Some(w) = entered
                && let Some(section) = desk.section().cloned()
            {
                self.warn_of_fouls(desk, &section, w);
            }
        }
    }

    /// Asks for the reason of a correction; Enter writes it, Esc drops it.
    fn correction_modal(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(c) = self.correction.as_mut() else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let game = desk.section().map(|s| s.settings.game).unwrap_or_default();
        // Two or more rounds back: a warning against the rules, at its level; the reason
        // typed is its confirmation.
        let old_result = desk.section().and_then(|s| {
            let last = s.rounds.last().map_or(0, |r| r.number);
            crate::model::fide::two_rounds_back(c.round, last).then(|| {
                let w = crate::model::RuleWarning::OldResultChanged {
                    round: c.round,
                    board: c.board,
                };
                let level = w.level(s.settings.fide_mode());
                (w, level)
            })
        });
        let mut close = false;
        let mut warning = None;
        egui::Modal::new(egui::Id::unique("correction_reason")).show(ui.ctx(), |ui| {
            ui.heading(fill(t(T::CorrectionTitle), &[&c.round]));
            let what = c
                .outcome
                .filter(|_| c.late)
                .and_then(|o| crate::i18n::late_text(o, game, lang))
                .unwrap_or_else(|| outcome_text(c.outcome, game, lang));
            ui.label(format!("{}: {what}", fill(t(T::BoardN), &[&c.board])));
            ui.label(t(T::CorrectionHelp));
            if let Some((w, level)) = &old_result {
                ui.colored_label(
                    super::widgets::level_colour(ui, *level),
                    super::widgets::warning_line(w, *level, lang),
                );
            }
            let l = ui.label(t(T::Reason));
            let r = ui
                .add(egui::TextEdit::singleline(&mut c.reason).desired_width(320.0))
                .labelled_by(l.id);
            if !c.focused {
                r.request_focus();
                c.focused = true;
            }
            let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let esc = ui.input(|i| i.key_pressed(egui::Key::Escape));
            ui.horizontal(|ui| {
                if ui.button(t(T::Confirm)).clicked() || enter {
                    let c = c.clone();
                    if let Some(w) = desk.act(|tour| {
                        tour.enter_result(
                            BoardRef::new(c.section, c.round, c.board),
                            ResultEntry {
                                late: c.late,
                                ..ResultEntry::result(c.outcome)
                            }
                            .with_fouls(c.fouls)
                            .because(&c.reason),
                        )
                    }) {
                        warning = Some(w);
                        close = true;
                    }
                }
                if ui.button(t(T::Cancel)).clicked() || esc {
                    close = true;
                }
            });
        });
        if let Some(w) = warning
            && let Some(section) = desk.section().cloned()
        {
            self.warn_of_fouls(desk, &section, w);
        }
        if close {
            self.correction = None;
            ui.memory_mut(|m| {
                if let Some(id) = m.focused() {
                    m.surrender_focus(id);
                }
            });
        }
    }
}
