//! 对阵 — pair the next round (Ctrl+P), see the boards of any round, export the round's
//! documents, and unpair the last round after a confirmation that says what will be lost.
//! Pairing runs on a worker thread with a progress indicator; the window stays responsive.
//! Manual changes by keyboard: arrows choose a seat, Enter marks it and Enter on a second seat
//! swaps the two players, C swaps the colours of a board; the rule book's warnings are shown
//! and must be confirmed (Enter) before anything is written.
//!
//! 人工编排 — manual pairing as a phase of its own (button or M): the arbiter's changes to the
//! last round are kept in a draft, nothing written; leaving the phase (button or M) shows the
//! engine's pairing beside the arbiter's with every board that differs and the rules broken,
//! and confirming stores the round and logs each difference (journal, TRF `### MPA` lines).
//!
//! 暂停对局 — when the last round still has games without a result, pairing asks whether to
//! adjourn them (they count as draws for the pairing; Enter adjourns and pairs, Esc goes back).
//! Games of older rounds still adjourned are named on the message line once the round is paired.

use super::widgets::{chosen_section, confirm_overwrite, round_picker, step_round};
use super::{Desk, RoundKey, Tab};
use crate::app::{
    AppError, EditPreview, ManualComparison, PairingEdit, PlannedRound, RoundDocument, Seat,
    apply_edit, plan_next_round,
};
use crate::conduct::PairingNote;
use crate::i18n::game_result_text;
use crate::i18n::{Lang, T, fill, pairing_notes, phase_text};
use crate::model::{Round, Section, SectionId, Side};
use crate::pairing::xiangqi::checker::Break;

/// A pairing being computed on a worker thread for a section.
struct Pending {
    section: SectionId,
    job: super::widgets::Background<Result<PlannedRound, AppError>>,
}

#[derive(Default)]
pub struct PairingsTab {
    round: u32,
    confirm_unpair: Option<u32>,
    /// A round document whose file exists: written once the person agrees to replace it.
    confirm_export: Option<(RoundDocument, u32, std::path::PathBuf)>,
    pending: Option<Pending>,
    /// The seat cursor: row (boards, then byes) and side (byes have only red).
    row: usize,
    side_black: bool,
    /// A seat marked with Enter, waiting for the second one.
    marked: Option<Seat>,
    /// A manual change waiting for the arbiter's confirmation.
    proposal: Option<(SectionId, u32, PairingEdit, EditPreview)>,
    /// The notes of the round shown, by board, and the (revision, section, round) they are of.
    notes: Option<((RoundKey, Lang), std::collections::HashMap<u32, String>)>,
    /// The cursor moved by key: scroll it into view on this frame.
    scroll: bool,
    /// 人工编排 in progress: the section and the arbiter's draft of its last round.
    manual: Option<(SectionId, Round)>,
    /// The comparison shown on leaving the manual pairing phase.
    compare: Option<(SectionId, ManualComparison)>,
    /// The rules the draft breaks, weighed after each change in the phase.
    draft_warnings: Vec<Break>,
    /// Pairing waits on games of the last round without a result: the section, the round and
    /// its boards, until the arbiter adjourns them or goes back.
    adjourn_ask: Option<(SectionId, u32, Vec<u32>)>,
    /// 申请轮空 being typed: the player's number, the round (empty: the next) and the kind.
    bye_number: String,
    bye_round: String,
    bye_half: Option<crate::model::ByeKind>,
}

/// The seat at a row of the grid (boards first, then byes).
fn seat_at(round: &Round, row: usize, black: bool) -> Option<Seat> {
    if let Some(g) = round.games.get(row) {
        let side = if black { Side::Black } else { Side::Red };
        return Some(Seat::Board {
            board: g.board,
            side,
        });
    }
    round
        .byes
        .get(row - round.games.len())
        .map(|b| Seat::Bye(b.entrant))
}

fn seat_player(round: &Round, seat: Seat) -> Option<crate::model::EntrantId> {
    match seat {
        Seat::Board { board, side } => round
            .games
            .iter()
            .find(|g| g.board == board)
            .map(|g| g.player(side)),
        Seat::Bye(id) => Some(id),
    }
}

/// A warning in the arbiter's words.
pub fn warning_text(section: &Section, w: &Break, lang: Lang) -> String {
    crate::i18n::break_text(w, &|id| section.label(id), lang)
}

impl PairingsTab {
    /// Is a pairing still being computed?
    pub fn is_pairing(&self) -> bool {
        self.pending.is_some()
    }

    fn start_pairing(&mut self, section: &Section, ctx: &egui::Context) {
        let s = section.clone();
        self.pending = Some(Pending {
            section: section.id,
            job: super::widgets::Background::start(ctx, move || plan_next_round(&s)),
        });
    }

    /// Stores a finished pairing (as one action); keeps waiting otherwise. Called every frame,
    /// whichever tab is shown.
    pub fn poll(&mut self, ctx: &egui::Context, desk: &mut Desk) {
        let Some(p) = &self.pending else { return };
        match p.job.poll(ctx) {
            super::widgets::Progress::Done(planned) => {
                let section = p.section;
                self.pending = None;
                // Older games still adjourned, counted as draws again: a notice.
                let stale: Vec<String> = desk
                    .tournament
                    .as_ref()
                    .and_then(|t| t.event().section(section))
                    .map(|s| {
                        crate::app::pairing_notices(s)
                            .iter()
                            .map(|w| {
                                super::widgets::warning_line(
                                    w,
                                    w.level(s.settings.fide_mode()),
                                    desk.lang,
                                )
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let stored = planned.and_then(|round| match desk.tournament.as_mut() {
                    Some(tour) => tour.store_planned_round(section, round),
                    None => Ok(0),
                });
                match stored {
                    Ok(r) if r > 0 => {
                        self.round = r;
                        self.row = 0;
                        self.marked = None;
                        desk.info(fill(T::RoundN.get(desk.lang), &[&r]));
                        desk.backup_warning(r);
                        if !stale.is_empty() {
                            desk.message =
                                Some((true, stale.join(T::NoteSeparator.get(desk.lang))));
                        }
                    }
                    Ok(_) => {}
                    // Games of the last round without a result: adjourn them first?
                    Err(AppError::RoundIncomplete(round)) => {
                        let boards = desk
                            .tournament
                            .as_ref()
                            .and_then(|t| t.event().section(section))
                            .and_then(|s| s.round(round))
                            .map(|r| r.unfinished_boards())
                            .unwrap_or_default();
                        self.adjourn_ask = Some((section, round, boards));
                    }
                    Err(e) => desk.error(&e),
                }
            }
            super::widgets::Progress::Running => {}
            super::widgets::Progress::Died => {
                self.pending = None;
                desk.message = Some((true, desk.t(T::ErrWorkerDied).to_string()));
            }
        }
    }
}

impl Tab for PairingsTab {
    fn title(&self) -> T {
        T::TabPairings
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(section) = chosen_section(ui, desk) else {
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
        let mut manual_button = false;
        // A draft of another section, or of a round no longer the last, is dropped.
        if let Some((sid, draft)) = &self.manual
            && (*sid != section.id || section.rounds.last().map(|r| r.number) != Some(draft.number))
        {
            self.manual = None;
        }
        // Wrapped: on a 1024-wide window the export buttons go to a second line.
        ui.horizontal_wrapped(|ui| {
            let idle = self.pending.is_none();
            let button = ui.add_enabled(
                idle,
                egui::Button::new(format!("{} (Ctrl+P)", t(T::PairNextRound))),
            );
            if idle && (button.clicked() || pair_key) {
                if section.settings.team_section.is_some() {
                    // A team round (Berger table over teams) pairs at once, in one action.
                    if let Some(r) = desk.act(|tour| tour.pair_next_round(section.id)) {
                        self.round = r;
                        self.row = 0;
                        self.marked = None;
                        desk.info(fill(t(T::RoundN), &[&r]));
                        desk.backup_warning(r);
                    }
                } else {
                    self.start_pairing(&section, &ctx);
                }
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
                    let name = desk.file_name(
                        &[
                            &section.name,
                            &fill(t(T::RoundN), &[&round]),
                            t(doc.title()),
                        ],
                        "pdf",
                    );
                    if let Some(path) = desk.save_path(t(doc.title()), &name, "pdf", "PDF") {
                        if path.exists() {
                            self.confirm_export = Some((doc, round, path));
                        } else {
                            export(desk, section.id, doc, round, &path, false);
                        }
                    }
                }
            }
            ui.separator();
            let last = section.rounds.last().map_or(0, |r| r.number);
            if self
                .manual
                .as_ref()
                .is_some_and(|(sid, _)| *sid == section.id)
            {
                if ui
                    .button(format!("{} (M)", t(T::ManualPhaseLeave)))
                    .clicked()
                {
                    manual_button = true;
                }
            } else if self.round == last
                && ui
                    .button(format!("{} (M)", t(T::ManualPhaseEnter)))
                    .clicked()
            {
                manual_button = true;
            }
            ui.separator();
            if ui.button(t(T::UnpairLastRound)).clicked() {
                self.confirm_unpair = section.rounds.last().map(|r| r.number);
            }
        });
        if let Some((_, _, path)) = &self.confirm_export
            && let Some(yes) = confirm_overwrite(ui.ctx(), path, lang)
        {
            let (doc, round, path) = self.confirm_export.take().expect("asked above");
            if yes {
                export(desk, section.id, doc, round, &path, true);
            }
        }
        self.adjourn_modal(ui, desk, &section);
        if section.settings.system == crate::model::PairingSystem::Dutch {
            self.requested_byes(ui, desk, &section);
        }
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
        let Some(round) = section.round(self.round).cloned() else {
            return;
        };
        if manual_button {
            self.toggle_manual(desk, &section);
        }
        let round = self.draft_or(&section, round);
        self.keys(ui, desk, &section, &round);
        self.proposal_modal(ui, desk, &section);
        self.compare_modal(ui, desk, &section);
        // Show the stored state (after this frame's actions).
        let Some(section) = desk.section().cloned() else {
            return;
        };
        let Some(round) = section.round(self.round).cloned() else {
            return;
        };
        let round = &self.draft_or(&section, round);
        // The notes on each board (说明), stored with the round as data; read and put into
        // words once per change of the event or of the language.
        let key = ((desk.revision(), section.id, round.number), desk.lang);
        if self.notes.as_ref().is_none_or(|(k, _)| *k != key) {
            let notes = desk
                .act(|tour| tour.round_notes(section.id, round.number))
                .unwrap_or_default();
            let mut by_board: std::collections::BTreeMap<u32, Vec<PairingNote>> =
                Default::default();
            for (b, n) in notes {
                by_board.entry(b).or_default().push(n);
            }
            let text = by_board
                .into_iter()
                .map(|(b, n)| (b, pairing_notes(&n, &section, desk.lang)))
                .collect();
            self.notes = Some((key, text));
        }
        let notes = self.notes.as_ref().map(|(_, n)| n);
        let note = |board: u32| {
            notes
                .and_then(|n| n.get(&board))
                .map(String::as_str)
                .unwrap_or("")
        };
        ui.separator();
        super::teams::matches_ui(ui, desk, &section, round.number);
        if self.manual.is_some() {
            ui.colored_label(ui.visuals().warn_fg_color, t(T::ManualPhaseBanner));
            // Each rule the draft breaks, as soon as a change breaks it.
            for w in &self.draft_warnings {
                ui.colored_label(ui.visuals().error_fg_color, warning_text(&section, w, lang));
            }
        }
        ui.horizontal_wrapped(|ui| {
            ui.weak(t(T::ManualEditHelp));
            if let Some(m) = self.marked.and_then(|m| seat_player(round, m)) {
                ui.strong(fill(t(T::Marked), &[&section.label(m)]));
            }
        });
        if !note(0).is_empty() {
            ui.weak(note(0));
        }
        let rows = round.games.len() + round.byes.len();
        self.row = self.row.min(rows.saturating_sub(1));
        let cursor = seat_at(round, self.row, self.side_black);
        let marked = self.marked;
        let highlight = ui.visuals().selection.bg_fill;
        let mark_fill = ui.visuals().warn_fg_color.gamma_multiply(0.35);
        let cell = |text: String, seat: Seat| {
            let mut rt = egui::RichText::new(text);
            if marked == Some(seat) {
                rt = rt.strong().background_color(mark_fill);
            } else if cursor == Some(seat) {
                rt = rt.strong().background_color(highlight);
            }
            rt
        };
        // Only the rows in view are laid out; the cursor, moved by key, is scrolled into view.
        let row_h = ui.text_style_height(&egui::TextStyle::Body) + 8.0;
        let games = round.games.len();
        let mut clicked = None;
        super::widgets::sideways(ui, "pairings_sideways", |ui, room| {
            let mut table = egui_extras::TableBuilder::new(ui)
                .max_scroll_height(room)
                .id_salt("pairings")
                .striped(true)
                .resizable(true)
                .auto_shrink([false, false])
                .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
            for w in [56.0, 170.0, 90.0, 170.0] {
                table = table.column(super::widgets::fit_column(w));
            }
            table = table.column(super::widgets::fit_column(60.0));
            if std::mem::take(&mut self.scroll) {
                table = table.scroll_to_row(self.row, None);
            }
            table
                .header(row_h, |mut header| {
                    let first = crate::i18n::first_side(section.settings.game);
                    for h in [T::Board, first, T::Result, T::Black, T::Explanation] {
                        header.col(|ui| {
                            ui.strong(t(h));
                        });
                    }
                })
                .body(|body| {
                    body.rows(row_h, rows, |mut row| {
                        let i = row.index();
                        let Some(g) = round.games.get(i) else {
                            let b = &round.byes[i - games];
                            row.col(|_| {});
                            row.col(|ui| {
                                let text = cell(section.label(b.entrant), Seat::Bye(b.entrant));
                                if ui.selectable_label(false, text).clicked() {
                                    clicked = Some((i, false));
                                }
                            });
                            row.col(|ui| {
                                ui.label(t(T::Bye));
                            });
                            row.col(|_| {});
                            row.col(|_| {});
                            return;
                        };
                        let seat = |side| Seat::Board {
                            board: g.board,
                            side,
                        };
                        row.col(|ui| {
                            ui.label(g.board.to_string());
                        });
                        row.col(|ui| {
                            let text = cell(section.label(g.red), seat(Side::Red));
                            if ui.selectable_label(false, text).clicked() {
                                clicked = Some((i, false));
                            }
                        });
                        row.col(|ui| {
                            ui.label(game_result_text(g, section.settings.game, lang));
                        });
                        row.col(|ui| {
                            let text = cell(section.label(g.black), seat(Side::Black));
                            if ui.selectable_label(false, text).clicked() {
                                clicked = Some((i, true));
                            }
                        });
                        row.col(|ui| {
                            // A match game has no engine note: its phase says what it is.
                            let n = match note(g.board) {
                                "" => phase_text(g.phase, lang),
                                n => n,
                            };
                            // Shown once: in full, or cut with the whole on hover.
                            super::widgets::cell_text(ui, egui::RichText::new(n).weak());
                        });
                    });
                });
        });
        if let Some((row, black)) = clicked {
            (self.row, self.side_black) = (row, black);
        }
    }
}

impl PairingsTab {
    /// The grid's keys (only when no text field has the focus and nothing waits for a
    /// confirmation).
    fn keys(&mut self, ui: &mut egui::Ui, desk: &mut Desk, section: &Section, round: &Round) {
        use egui::{Key, Modifiers};
        if self.proposal.is_some() || self.confirm_unpair.is_some() || self.compare.is_some() {
            return;
        }
        if ui.memory(|m| m.focused().is_some()) {
            return;
        }
        // The grid's keys in the order they were typed (fast typing puts several in one
        // frame), taken out of the input so no other widget acts on them too.
        let keys: Vec<Key> = ui.input_mut(|i| {
            let mut keys = Vec::new();
            i.events.retain(|e| match e {
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } if *modifiers == Modifiers::NONE
                    && matches!(
                        key,
                        Key::PageUp
                            | Key::PageDown
                            | Key::ArrowUp
                            | Key::ArrowDown
                            | Key::ArrowLeft
                            | Key::ArrowRight
                            | Key::Escape
                            | Key::Enter
                            | Key::C
                            | Key::M
                    ) =>
                {
                    keys.push(*key);
                    false
                }
                _ => true,
            });
            keys
        });
        let rows = round.games.len() + round.byes.len();
        for key in keys {
            let here = seat_at(round, self.row.min(rows.saturating_sub(1)), self.side_black)
                .filter(|_| rows > 0);
            let mut edit = None;
            match key {
                Key::M => {
                    self.toggle_manual(desk, section);
                    return;
                }
                // The phase holds the last round.
                Key::PageUp | Key::PageDown if self.manual.is_some() => {}
                Key::PageUp | Key::PageDown => {
                    step_round(
                        section,
                        &mut self.round,
                        if key == Key::PageUp { -1 } else { 1 },
                    );
                    self.marked = None;
                    // The rows below belong to the round shown before.
                    return;
                }
                Key::ArrowDown => {
                    self.row = (self.row + 1).min(rows.saturating_sub(1));
                    self.scroll = true;
                }
                Key::ArrowUp => {
                    self.row = self.row.saturating_sub(1);
                    self.scroll = true;
                }
                Key::ArrowLeft => self.side_black = false,
                Key::ArrowRight => self.side_black = true,
                Key::Escape => self.marked = None,
                Key::Enter => {
                    if let Some(here) = here {
                        match self.marked.take() {
                            None => self.marked = Some(here),
                            Some(m) => edit = Some(PairingEdit::Swap(m, here)),
                        }
                    }
                }
                _ => {
                    if let Some(Seat::Board { board, .. }) = here {
                        edit = Some(PairingEdit::SwapColours(board));
                    }
                }
            }
            if let Some(edit) = edit
                && let Some((_, draft)) = self.manual.as_mut()
            {
                // In the phase: the draft changes; the rules are weighed on leaving it.
                match apply_edit(draft, edit) {
                    Ok(next) => {
                        self.draft_warnings = crate::app::edit_warnings(section, &next);
                        *draft = next;
                    }
                    Err(e) => desk.error(&e),
                }
                continue;
            }
            if let Some(edit) = edit {
                if let Some(preview) =
                    desk.act(|tour| tour.preview_edit(section.id, round.number, edit))
                {
                    self.proposal = Some((section.id, round.number, edit, preview));
                }
                // What follows answers the confirmation, not the grid.
                return;
            }
        }
    }

    /// The round to show: the draft while the manual pairing phase holds this round.
    fn draft_or(&self, section: &Section, round: Round) -> Round {
        match &self.manual {
            Some((sid, draft)) if *sid == section.id && draft.number == round.number => {
                draft.clone()
            }
            _ => round,
        }
    }

    /// Enters the manual pairing phase on the last round, or leaves it for the comparison.
    /// 申请轮空 of a Dutch section: a line to record one (number, round — the next when left
    /// empty —, kind; Enter or the button), and the requests for rounds not paired yet, each
    /// with a button that takes it back.
    fn requested_byes(&mut self, ui: &mut egui::Ui, desk: &mut Desk, section: &Section) {
        use crate::model::ByeKind;
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let next = crate::conduct::next_round_number(section);
        let mut add = false;
        ui.horizontal_wrapped(|ui| {
            ui.label(t(T::ByeRequests));
            let l = ui.label(t(T::Number));
            let n = ui
                .add(egui::TextEdit::singleline(&mut self.bye_number).desired_width(48.0))
                .labelled_by(l.id);
            let l = ui.label(t(T::Round));
            let r = ui
                .add(
                    egui::TextEdit::singleline(&mut self.bye_round)
                        .desired_width(40.0)
                        .hint_text(next.to_string()),
                )
                .labelled_by(l.id);
            let kind = self.bye_half.get_or_insert(ByeKind::Half);
            for k in [ByeKind::Half, ByeKind::Full, ByeKind::Zero] {
                ui.radio_value(kind, k, crate::i18n::bye_kind_text(k, lang));
            }
            let enter =
                (n.lost_focus() || r.lost_focus()) && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button(t(T::ByeRequestAdd)).clicked() || enter {
                add = true;
            }
        });
        if add {
            let round = match self.bye_round.trim() {
                "" => Some(next),
                text => text.parse().ok(),
            };
            let number = self.bye_number.trim().parse::<u32>().ok();
            let kind = self.bye_half.unwrap_or(ByeKind::Half);
            let done = match (number, round) {
                (Some(number), Some(round)) => desk
                    .act(|tour| {
                        let who = tour.entrant_by_number(section.id, number)?;
                        tour.request_bye(section.id, round, who, kind)
                    })
                    .is_some(),
                _ => {
                    desk.message = Some((true, t(T::ByeRequestHelp).to_string()));
                    false
                }
            };
            if done {
                self.bye_number.clear();
            }
        }
        let waiting: Vec<_> = section
            .settings
            .requested_byes
            .iter()
            .filter(|b| section.round(b.round).is_none())
            .copied()
            .collect();
        if waiting.is_empty() {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            for b in waiting {
                ui.label(format!(
                    "{} {} {}",
                    fill(t(T::RoundN), &[&b.round]),
                    section.label(b.entrant),
                    crate::i18n::bye_kind_text(b.kind, lang)
                ));
                if ui.small_button(t(T::ByeRequestCancel)).clicked() {
                    desk.act(|tour| tour.cancel_bye(section.id, b.round, b.entrant));
                }
                ui.separator();
            }
        });
    }

    /// Asks whether to adjourn the last round's unfinished games so that the next round can
    /// be paired; Enter adjourns them and pairs, Esc goes back.
    fn adjourn_modal(&mut self, ui: &mut egui::Ui, desk: &mut Desk, section: &Section) {
        let Some((sid, round, boards)) = self.adjourn_ask.clone() else {
            return;
        };
        if sid != section.id {
            self.adjourn_ask = None;
            return;
        }
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("adjourn_and_pair")).show(ui.ctx(), |ui| {
            ui.heading(fill(t(T::AdjournAndPairTitle), &[&round]));
            let list: Vec<String> = boards.iter().map(u32::to_string).collect();
            let boards_text = fill(t(T::BoardsList), &[&list.join(t(T::ListSeparator))]);
            ui.label(fill(t(T::AdjournAndPairHelp), &[&boards_text]));
            let enter = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
            let esc = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
            ui.horizontal(|ui| {
                if ui
                    .button(format!("{} (Enter)", t(T::AdjournAndPair)))
                    .clicked()
                    || enter
                {
                    answer = Some(true);
                }
                if ui.button(format!("{} (Esc)", t(T::CancelButton))).clicked() || esc {
                    answer = Some(false);
                }
            });
        });
        let Some(yes) = answer else { return };
        self.adjourn_ask = None;
        if yes
            && desk
                .act(|tour| tour.adjourn_boards(sid, round, &boards))
                .is_some()
        {
            // The section as it now stands, its games adjourned.
            if let Some(s) = desk
                .tournament
                .as_ref()
                .and_then(|t| t.event().section(sid))
            {
                let s = s.clone();
                self.start_pairing(&s, ui.ctx());
            }
        }
    }

    fn toggle_manual(&mut self, desk: &mut Desk, section: &Section) {
        match &self.manual {
            Some((sid, draft)) => {
                let (sid, draft) = (*sid, draft.clone());
                if let Some(c) = desk.act(|tour| tour.compare_manual(sid, &draft)) {
                    self.compare = Some((sid, c));
                }
            }
            None => {
                let Some(last) = section.rounds.last() else {
                    return;
                };
                self.round = last.number;
                self.marked = None;
                self.draft_warnings.clear();
                self.manual = Some((section.id, last.clone()));
            }
        }
    }

    /// The comparison on leaving the manual pairing phase: the engine's pairing beside the
    /// arbiter's, every difference, the rules broken; confirm (Enter) stores and logs it,
    /// Esc goes back to editing, and the draft can be thrown away.
    fn compare_modal(&mut self, ui: &mut egui::Ui, desk: &mut Desk, section: &Section) {
        let Some((sid, c)) = self.compare.clone() else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let mut answer = None;
        let pair = |r: &Round, board: u32| {
            r.games.iter().find(|g| g.board == board).map_or_else(
                || t(T::NoBoard).to_string(),
                |g| format!("{} — {}", section.label(g.red), section.label(g.black)),
            )
        };
        egui::Modal::new(egui::Id::unique("manual_compare")).show(ui.ctx(), |ui| {
            ui.set_min_width(640.0);
            ui.heading(fill(t(T::ManualCompareTitle), &[&c.arbiter.number]));
            let mut boards: Vec<u32> = c
                .engine
                .games
                .iter()
                .chain(&c.arbiter.games)
                .map(|g| g.board)
                .collect();
            boards.sort_unstable();
            boards.dedup();
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    egui::Grid::new("manual_compare_grid")
                        .striped(true)
                        .show(ui, |ui| {
                            ui.strong(t(T::Board));
                            ui.strong(t(T::ManualEngineColumn));
                            ui.strong(t(T::ManualArbiterColumn));
                            ui.end_row();
                            for b in boards {
                                let (e, a) = (pair(&c.engine, b), pair(&c.arbiter, b));
                                ui.label(b.to_string());
                                if e == a {
                                    ui.label(e);
                                    ui.label(a);
                                } else {
                                    ui.strong(e);
                                    ui.colored_label(ui.visuals().warn_fg_color, a);
                                }
                                ui.end_row();
                            }
                        });
                });
            ui.separator();
            if c.differences.is_empty() {
                ui.label(t(T::ManualNoDifference));
            } else {
                ui.label(fill(t(T::ManualDifferences), &[&c.differences.len()]));
                for d in &c.differences {
                    ui.label(difference_text(d, lang));
                }
            }
            if !c.warnings.is_empty() {
                ui.colored_label(ui.visuals().warn_fg_color, t(T::WarningsHeading));
                for w in &c.warnings {
                    ui.colored_label(ui.visuals().error_fg_color, warning_text(section, w, lang));
                }
            }
            ui.weak(t(T::EnterConfirmEscCancel));
            ui.horizontal(|ui| {
                let enter =
                    ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
                if ui.button(t(T::ManualConfirm)).clicked() || enter {
                    answer = Some(0);
                }
                let esc = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
                if ui.button(t(T::ManualBackToEdit)).clicked() || esc {
                    answer = Some(1);
                }
                if ui.button(t(T::ManualDiscard)).clicked() {
                    answer = Some(2);
                }
            });
        });
        match answer {
            Some(0) => {
                let stored = desk
                    .act(|tour| tour.confirm_manual_pairing(sid, &c.arbiter, &c.warnings))
                    .is_some();
                self.compare = None;
                if stored {
                    self.manual = None;
                    desk.info(t(T::ManualStored));
                }
            }
            Some(1) => self.compare = None,
            Some(_) => {
                self.compare = None;
                self.manual = None;
            }
            None => {}
        }
    }

    /// The confirmation of a manual change, with the rule book's warnings.
    fn proposal_modal(&mut self, ui: &mut egui::Ui, desk: &mut Desk, section: &Section) {
        let Some((sid, r, edit, preview)) = self.proposal.clone() else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let mut close = false;
        egui::Modal::new(egui::Id::unique("confirm_edit")).show(ui.ctx(), |ui| {
            ui.set_min_width(440.0);
            ui.heading(t(T::ConfirmEdit));
            let changed: Vec<u32> = match edit {
                PairingEdit::Swap(a, b) => [a, b]
                    .into_iter()
                    .filter_map(|s| match s {
                        Seat::Board { board, .. } => Some(board),
                        Seat::Bye(_) => None,
                    })
                    .collect(),
                PairingEdit::SwapColours(b) => vec![b],
            };
            for g in preview
                .round
                .games
                .iter()
                .filter(|g| changed.contains(&g.board))
            {
                ui.label(format!(
                    "{}  {}  —  {}",
                    fill(t(T::BoardN), &[&g.board]),
                    section.label(g.red),
                    section.label(g.black)
                ));
            }
            for b in &preview.round.byes {
                ui.label(format!("{}: {}", t(T::Bye), section.label(b.entrant)));
            }
            ui.separator();
            if preview.warnings.is_empty() {
                ui.label(t(T::NoWarnings));
            } else {
                ui.colored_label(ui.visuals().warn_fg_color, t(T::WarningsHeading));
                for w in &preview.warnings {
                    ui.colored_label(ui.visuals().error_fg_color, warning_text(section, w, lang));
                }
            }
            ui.weak(t(T::EnterConfirmEscCancel));
            ui.horizontal(|ui| {
                let enter =
                    ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
                if ui.button(t(T::Confirm)).clicked() || enter {
                    desk.act(|tour| tour.edit_pairing(sid, r, edit, &preview.warnings));
                    close = true;
                }
                let esc = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
                if ui.button(t(T::Cancel)).clicked() || esc {
                    close = true;
                }
            });
        });
        if close {
            self.proposal = None;
        }
    }
}

/// Writes one document of a round to `path` and says where it went.
fn export(
    desk: &mut Desk,
    section: SectionId,
    doc: RoundDocument,
    round: u32,
    path: &std::path::Path,
    replace: bool,
) {
    let lang = desk.lang;
    if desk
        .act(|tour| tour.export_round_document(doc, section, round, path, lang, replace))
        .is_some()
    {
        desk.info(format!("{} {}", T::Exported.get(lang), path.display()));
    }
}

/// One difference of the comparison in words, by pairing numbers ("第3台：编排程序 5-12，人工 5-9").
fn difference_text(d: &crate::model::FideLogLine, lang: Lang) -> String {
    let t = |k: T| k.get(lang);
    let text = |p: &Option<crate::model::fide::BoardPair>| match p {
        None => t(T::NoBoard).to_string(),
        Some((w, Some(b))) => format!("{w}-{b}"),
        Some((w, None)) => w.to_string(),
    };
    match d {
        crate::model::FideLogLine::ManualPairing {
            board: 0,
            engine,
            arbiter,
            ..
        } => fill(t(T::ManualByeDifference), &[&text(engine), &text(arbiter)]),
        crate::model::FideLogLine::ManualPairing {
            board,
            engine,
            arbiter,
            ..
        } => fill(
            t(T::ManualDifference),
            &[board, &text(engine), &text(arbiter)],
        ),
        _ => String::new(),
    }
}
