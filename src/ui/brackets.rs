//! 对阵图 — the bracket of a knockout section, or of a Swiss section's playoff (交叉赛): each
//! stage a column of matches with both players (seed, number and name), the games played with
//! their phase (慢棋, 快棋 …) and result, and where the match stands; the places once known.
//! Ctrl+P pairs the next games — a stage's first games, or a tie-break after a level match. A
//! player who chooses a colour is asked in a small dialog: R red (W white in chess), B black,
//! Esc cancels. Results of match games are entered in the Results tab like any other board.
//! Pairing the next games reads the bracket and searches nothing, so it runs on the window's
//! thread. Text is the body size throughout, to be read on a projector.

use super::widgets::chosen_section;
use super::{Desk, Tab};
use crate::app::{BracketKind, PairNext, SectionBracket};
use crate::i18n::outcome_text;
use crate::i18n::phase_text;
use crate::i18n::{Lang, T, fill};
use crate::model::{EntrantId, GameKind, Section, SectionId, Side};
use crate::pairing::knockout::{Match, MatchStatus, Place};

/// Colours being asked before the next games can be paired.
struct Choosing {
    section: SectionId,
    /// Who must choose, in the rule book's order.
    waiting: Vec<EntrantId>,
    /// What has been chosen so far.
    chosen: Vec<(EntrantId, Side)>,
}

/// The bracket of a section (none: the section has neither a knockout nor a playoff), or the
/// words saying why it cannot be shown yet.
type Derived = Result<Option<SectionBracket>, String>;

#[derive(Default)]
pub struct BracketTab {
    /// What was derived for (revision, section).
    cache: Option<((u64, SectionId), Derived)>,
    choosing: Option<Choosing>,
}

/// The width of a match's box, at most: a bracket of few stages keeps it, a wider one's boxes
/// narrow (down to [`MATCH_MIN_WIDTH`]) so that its final still fits the window.
const MATCH_WIDTH: f32 = 360.0;
const MATCH_MIN_WIDTH: f32 = 230.0;
/// A column's width beyond its boxes (the frame's margins).
const COLUMN_PAD: f32 = 16.0;

/// The name of a stage by its number of matches: 决赛, 半决赛, 四分之一决赛, 16强 …
fn stage_title(matches: usize, last: bool, lang: Lang) -> String {
    let t = |k: T| k.get(lang);
    match matches {
        _ if last => t(T::StageFinal).to_string(),
        2 => t(T::StageSemiFinal).to_string(),
        4 => t(T::StageQuarterFinal).to_string(),
        m => fill(t(T::StageRoundOf), &[&(2 * m)]),
    }
}

/// "5–8" or "3".
fn place_text(p: &Place, lang: Lang) -> String {
    if p.first == p.last {
        fill(T::PlaceSingle.get(lang), &[&p.first])
    } else {
        fill(T::PlaceRange.get(lang), &[&p.first, &p.last])
    }
}

impl BracketTab {
    /// Pairs the next games with the colours chosen so far; asks for the colours still missing.
    fn pair(&mut self, desk: &mut Desk, section: SectionId, chosen: Vec<(EntrantId, Side)>) {
        let lang = desk.lang;
        self.choosing = None;
        match desk.act(|tour| tour.pair_next_games(section, &chosen)) {
            Some(PairNext::Paired { round, boards }) => {
                desk.fresh_games = boards.first().map(|&b| (section, round, b));
                desk.info(fill(
                    T::PairedGamesInRound.get(lang),
                    &[&boards.len(), &round],
                ));
                desk.backup_warning(round);
            }
            Some(PairNext::ChooseColour(waiting)) => {
                self.choosing = Some(Choosing {
                    section,
                    waiting,
                    chosen,
                });
            }
            None => {}
        }
    }

    /// The colour dialog: one chooser at a time; the games are paired once all have chosen.
    fn colour_modal(&mut self, ui: &mut egui::Ui, desk: &mut Desk, section: &Section) {
        let Some(c) = &self.choosing else { return };
        if c.section != section.id {
            self.choosing = None;
            return;
        }
        let Some(&who) = c
            .waiting
            .iter()
            .find(|w| !c.chosen.iter().any(|(x, _)| x == *w))
        else {
            // Everyone asked has chosen (the event changed meanwhile): start again.
            self.choosing = None;
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let chess = section.settings.game == GameKind::Chess;
        let mut pick = None;
        let mut cancel = false;
        egui::Modal::new(egui::Id::unique("choose_colour")).show(ui.ctx(), |ui| {
            ui.set_min_width(420.0);
            let key =
                |ui: &mut egui::Ui, k| ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, k));
            let first_key = if chess { egui::Key::W } else { egui::Key::R };
            let (red_key, black_key, esc) = (
                key(ui, first_key),
                key(ui, egui::Key::B),
                key(ui, egui::Key::Escape),
            );
            ui.heading(t(T::ChooseColourTitle));
            ui.label(fill(t(T::ChooseColourFor), &[&section.label(who)]));
            ui.horizontal(|ui| {
                let first = if chess { T::TakeWhite } else { T::TakeRed };
                if ui.button(t(first)).clicked() || red_key {
                    pick = Some(Side::Red);
                }
                if ui.button(t(T::TakeBlack)).clicked() || black_key {
                    pick = Some(Side::Black);
                }
                if ui.button(t(T::Cancel)).clicked() || esc {
                    cancel = true;
                }
            });
            ui.weak(t(if chess {
                T::ChooseColourKeysChess
            } else {
                T::ChooseColourKeys
            }));
        });
        if cancel {
            self.choosing = None;
            return;
        }
        let Some(side) = pick else { return };
        let Some(c) = self.choosing.as_mut() else {
            return;
        };
        c.chosen.push((who, side));
        if c.waiting
            .iter()
            .all(|w| c.chosen.iter().any(|(x, _)| x == w))
        {
            let chosen = std::mem::take(&mut c.chosen);
            self.pair(desk, section.id, chosen);
        }
    }
}

/// One match: both players, its games and where it stands.
fn match_ui(
    ui: &mut egui::Ui,
    section: &Section,
    b: &SectionBracket,
    m: &Match,
    width: f32,
    lang: Lang,
) {
    let t = |k: T| k.get(lang);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(width);
        let winner = m.winner();
        for p in [m.high, m.low] {
            let text = match p {
                Some(id) => format!(
                    "[{}] {}",
                    b.seed_of(id).unwrap_or_default(),
                    section.label(id)
                ),
                None if m.bye => t(T::MatchBye).to_string(),
                None => "—".to_string(),
            };
            let rt = egui::RichText::new(text);
            if p.is_some() && p == winner {
                ui.label(rt.strong());
            } else {
                ui.label(rt);
            }
        }
        for g in &m.games {
            ui.label(format!(
                "{} · {} {}  {}  {}",
                phase_text(g.phase, lang),
                fill(t(T::BoardN), &[&g.board]),
                section.label(g.red),
                match outcome_text(g.outcome, section.settings.game, lang) {
                    "" => "…",
                    o => o,
                },
                section.label(g.black)
            ));
        }
        let status = match m.status {
            MatchStatus::Waiting => t(T::MatchWaiting).to_string(),
            MatchStatus::InProgress => t(T::MatchInProgress).to_string(),
            MatchStatus::NeedsGame { phase, .. } => fill(
                t(T::MatchNeedsGame),
                &[&b.format
                    .phases
                    .get(phase)
                    .map_or("", |p| phase_text(p.kind, lang))],
            ),
            MatchStatus::Won(w) if m.bye => format!("{} — {}", t(T::MatchBye), section.label(w)),
            MatchStatus::Won(w) => fill(t(T::MatchWon), &[&section.label(w)]),
            MatchStatus::ChainExhausted => t(T::MatchExhausted).to_string(),
        };
        if m.status == MatchStatus::ChainExhausted {
            ui.colored_label(ui.visuals().error_fg_color, status);
        } else {
            ui.weak(status);
        }
    });
}

impl Tab for BracketTab {
    fn title(&self) -> T {
        T::TabBracket
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(section) = chosen_section(ui, desk) else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let pair_key = ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::P));
        // A Swiss section without a playoff has nothing to pair here.
        let applies = section.settings.system == crate::model::PairingSystem::Knockout
            || section.settings.playoff.players > 0;
        ui.horizontal(|ui| {
            let idle = self.choosing.is_none() && applies;
            let button = ui.add_enabled(
                idle,
                egui::Button::new(format!("{} (Ctrl+P)", t(T::PairNextGames))),
            );
            if idle && (button.clicked() || pair_key) {
                self.pair(desk, section.id, Vec::new());
            }
            ui.weak(t(T::BracketKeysHelp));
        });
        self.colour_modal(ui, desk, &section);
        // Show the stored state (after this frame's actions), derived once per change.
        let Some(section) = desk.section().cloned() else {
            return;
        };
        let key = (desk.revision(), section.id);
        if self.cache.as_ref().is_none_or(|(k, _)| *k != key) {
            let derived = desk
                .tournament
                .as_ref()
                .map(|tour| tour.bracket(section.id).map_err(|e| e.message(lang)))
                .unwrap_or(Ok(None));
            self.cache = Some((key, derived));
        }
        let Some((_, derived)) = &self.cache else {
            return;
        };
        let b = match derived {
            Ok(Some(b)) => b,
            Ok(None) => {
                ui.label(t(T::ErrNoBracket));
                return;
            }
            Err(message) => {
                ui.label(message);
                return;
            }
        };
        ui.separator();
        match b.kind {
            BracketKind::Knockout => ui.heading(t(T::KnockoutHeading)),
            BracketKind::Playoff => ui.heading(fill(
                t(T::PlayoffHeading),
                &[
                    &section.settings.playoff.players,
                    &section.settings.playoff.after_round,
                ],
            )),
        };
        // The columns share the window's width (the final in view, not cut at the edge);
        // only a bracket too wide even with narrow boxes scrolls sideways.
        let stages = b.bracket.stages.len().max(1) as f32;
        let gap = ui.spacing().item_spacing.x;
        let room = ui.available_width() - ui.spacing().scroll.bar_width - 8.0;
        let width = ((room - gap * (stages - 1.0)) / stages - COLUMN_PAD)
            .clamp(MATCH_MIN_WIDTH, MATCH_WIDTH);
        egui::ScrollArea::both()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    let last = b.bracket.stages.len() - 1;
                    for (i, stage) in b.bracket.stages.iter().enumerate() {
                        ui.vertical(|ui| {
                            ui.set_min_width(width + COLUMN_PAD);
                            ui.set_max_width(width + COLUMN_PAD);
                            ui.strong(fill(
                                t(T::StageInRound),
                                &[
                                    &stage_title(stage.len(), i == last, lang),
                                    &b.round_of_stage(i as u32 + 1),
                                ],
                            ));
                            for m in stage {
                                match_ui(ui, &section, b, m, width, lang);
                            }
                            if i == last
                                && let Some(third) = &b.bracket.third_place
                            {
                                ui.add_space(12.0);
                                ui.strong(t(T::ThirdPlaceMatch));
                                match_ui(ui, &section, b, third, width, lang);
                            }
                        });
                    }
                });
                ui.add_space(12.0);
                let (title, places) = match (&b.final_places, b.kind) {
                    (Some(f), BracketKind::Playoff) => (
                        fill(
                            t(T::FinalPlacesHeading),
                            &[&section.settings.playoff.players],
                        ),
                        f,
                    ),
                    (Some(f), BracketKind::Knockout) => (t(T::FinalStandings).to_string(), f),
                    (None, _) => (t(T::PlacesSoFar).to_string(), &b.places),
                };
                if !places.is_empty() {
                    ui.heading(title);
                    egui::Grid::new("bracket_places")
                        .striped(true)
                        .show(ui, |ui| {
                            for p in places {
                                ui.label(place_text(p, lang));
                                ui.label(section.label(p.entrant));
                                ui.end_row();
                            }
                        });
                }
            });
    }
}
