//! 对阵图 — a knockout section (淘汰制, rules.md §5) and the playoff after a Swiss (交叉赛,
//! rules.md §1.10) through the app. The rule book ([`crate::pairing::knockout`]) reads a bracket
//! from seeds and rounds; here both come from the section, and pairing the next games of a stage
//! is one arbiter action with its undo and a backup copy.
//!
//! **Seeds.** A knockout seeds its players in pairing-number order (序号, from the drawing of
//! lots): the active entrants until stage 1 is paired, then the players of round 1 — its games
//! and the bracket byes, which are stored there as byes — so that a later withdrawal does not
//! reshuffle the bracket (the withdrawn player's next match is entered as a forfeit). A playoff
//! seeds the top k of the Swiss ranking after its `after_round`.
//!
//! **Lots.** Colours drawn by lot (猜先) and the lot that names a chooser come from the section's
//! lot seed — the seed of its drawing of numbers, stored in the file, printed in the order book
//! and fixed once round 1 is paired — mixed by the rule book with the stage, the match and the
//! game, so that asking again gives the same colours.
//!
//! **Rounds.** Stage s of a knockout is round s; stage s of a playoff is round after_round + s,
//! beside the Swiss games of the others. Tie-break games go into their stage's round when the
//! arbiter pairs the next games after a level match.

use super::rounds::next_round_number;
use super::{AppError, Inverse, Tournament};
use crate::i18n::T;
use crate::model::{Bye, ByeKind, EntrantId, PairingSystem, Round, Section, SectionId, Side};
use crate::pairing::knockout::{self, Bracket, KnockoutOptions, MatchStatus, Place};
use crate::pairing::{PairingError, playoff};
use crate::standings;
use crate::store;

/// A knockout section, or a Swiss section's playoff.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BracketKind {
    Knockout,
    Playoff,
}

/// The bracket of a section as it stands, with the places it gives.
#[derive(Clone, Debug, PartialEq)]
pub struct SectionBracket {
    pub kind: BracketKind,
    /// The section round that holds stage 1.
    pub first_round: u32,
    /// The match format: phases and the match for third place.
    pub format: KnockoutOptions,
    /// Best first.
    pub seeds: Vec<EntrantId>,
    pub bracket: Bracket,
    /// The places given so far ([`knockout::places`]), best first.
    pub places: Vec<Place>,
    /// 最终名次 once the section is over: a knockout's places when every match is decided; a
    /// playoff's places 1…k followed by the Swiss ranking after its last round
    /// ([`playoff::final_places`]) once every game of the section has its result.
    pub final_places: Option<Vec<Place>>,
}

impl SectionBracket {
    /// The section round that holds stage `stage` (from 1).
    pub fn round_of_stage(&self, stage: u32) -> u32 {
        self.first_round + stage.max(1) - 1
    }

    /// The seed (from 1) of a player in the bracket.
    pub fn seed_of(&self, id: EntrantId) -> Option<u32> {
        self.seeds
            .iter()
            .position(|&s| s == id)
            .map(|i| i as u32 + 1)
    }
}

/// What asking for the next games gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairNext {
    /// The games were added to round `round`, on these boards.
    Paired { round: u32, boards: Vec<u32> },
    /// Nothing was written: these players choose their colour first (the higher seed, or the
    /// winner of a lot); ask them and call again with their choices.
    ChooseColour(Vec<EntrantId>),
}

/// The Swiss ranking a playoff is seeded from: the standings after its `after_round`, which
/// must be paired and have every result of its own.
pub(super) fn playoff_ranking(s: &Section) -> Result<Vec<EntrantId>, AppError> {
    let after = s.settings.playoff.after_round;
    match s.round(after) {
        Some(r) if r.regular_games_complete() => {}
        _ => return Err(AppError::PlayoffNotYet(after)),
    }
    Ok(standings::standings(s, after)
        .iter()
        .map(|x| x.entrant)
        .collect())
}

/// A knockout's seeds in pairing-number order (see the module's note on seeds).
fn knockout_seeds(s: &Section) -> Result<Vec<EntrantId>, AppError> {
    let by_number = s.entrants_by_number();
    if let Some(r1) = s.round(1) {
        return Ok(by_number
            .iter()
            .filter(|e| r1.plays(e.id) || r1.bye_of(e.id).is_some())
            .map(|e| e.id)
            .collect());
    }
    let active: Vec<_> = by_number.into_iter().filter(|e| e.is_active()).collect();
    if let Some(e) = active.iter().find(|e| e.number.is_none()) {
        return Err(PairingError::NotDrawn(e.id).into());
    }
    Ok(active.iter().map(|e| e.id).collect())
}

/// The match games of stages 1, 2, … as the rule book reads them: stage s at index s − 1.
fn stage_rounds(s: &Section, first_round: u32) -> Vec<Round> {
    let last = s.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    (first_round..=last)
        .map(|number| Round {
            number,
            games: s
                .round(number)
                .map(|r| {
                    r.games
                        .iter()
                        .filter(|g| g.phase.is_match_game())
                        .cloned()
                        .collect()
                })
                .unwrap_or_default(),
            byes: Vec::new(),
        })
        .collect()
}

/// The knockout or playoff of `s` as it stands; `None` when the section has neither. A playoff
/// whose Swiss has not reached its `after_round` is [`AppError::PlayoffNotYet`].
pub fn section_bracket(s: &Section) -> Result<Option<SectionBracket>, AppError> {
    let (kind, first_round, format, seeds) = if s.settings.system == PairingSystem::Knockout {
        let seeds = knockout_seeds(s)?;
        (BracketKind::Knockout, 1, s.settings.knockout.clone(), seeds)
    } else if s.settings.playoff.players > 0 {
        let p = &s.settings.playoff;
        let seeds = playoff::playoff_seeds(p, &playoff_ranking(s)?);
        (
            BracketKind::Playoff,
            p.first_round(),
            p.format.clone(),
            seeds,
        )
    } else {
        return Ok(None);
    };
    let bracket = knockout::bracket(&format, &seeds, &stage_rounds(s, first_round))?;
    let places = knockout::places(&bracket);
    let final_places = match kind {
        BracketKind::Knockout => (places.len() == bracket.players as usize).then(|| places.clone()),
        BracketKind::Playoff => {
            let p = &s.settings.playoff;
            let swiss_over = !p.others_play_on || next_round_number(s) > s.settings.rounds;
            let all_in = s.rounds.iter().all(Round::is_complete);
            let last = s.rounds.last().map_or(0, |r| r.number);
            let ranking: Vec<EntrantId> = standings::standings(s, last)
                .iter()
                .map(|x| x.entrant)
                .collect();
            playoff::final_places(p, &bracket, &ranking).filter(|_| swiss_over && all_in)
        }
    };
    Ok(Some(SectionBracket {
        kind,
        first_round,
        format,
        seeds,
        bracket,
        places,
        final_places,
    }))
}

/// The final places of a knockout or playoff section after `round`, if it was over by then:
/// what the awards and the result book rank by instead of the Swiss standings.
pub fn final_places_after(s: &Section, round: u32) -> Option<Vec<Place>> {
    if s.settings.system != PairingSystem::Knockout && s.settings.playoff.players == 0 {
        return None;
    }
    let mut view = s.clone();
    view.rounds.retain(|r| r.number <= round);
    section_bracket(&view).ok().flatten()?.final_places
}

/// Why nothing can be paired now: every match decided, a match level after its whole chain,
/// or games of the stage still being played.
fn nothing_to_pair(s: &Section, b: &SectionBracket) -> AppError {
    let Some(stage) = b.bracket.current_stage() else {
        return AppError::BracketDecided;
    };
    let level: Vec<String> = b
        .bracket
        .stage_matches(stage)
        .filter(|m| m.status == MatchStatus::ChainExhausted)
        .filter_map(|m| Some(format!("{} – {}", s.label(m.high?), s.label(m.low?))))
        .collect();
    if level.is_empty() {
        AppError::StageInProgress(b.round_of_stage(stage as u32 + 1))
    } else {
        AppError::ChainExhausted(level.join("、"))
    }
}

impl Tournament {
    /// The knockout or playoff of a section as it stands (see [`section_bracket`]).
    pub fn bracket(&self, section: SectionId) -> Result<Option<SectionBracket>, AppError> {
        section_bracket(self.section(section)?)
    }

    /// 编排下一场 — pairs the next game of every match of the stage being played that needs
    /// one: the first games of a stage, or a tie-break game after a level phase, into the
    /// stage's round. When a player must choose a colour first, nothing is written and the
    /// choosers are returned; `choices` carries what they chose on the next call.
    pub fn pair_next_games(
        &mut self,
        section: SectionId,
        choices: &[(EntrantId, Side)],
    ) -> Result<PairNext, AppError> {
        let s = self.section(section)?;
        let b = section_bracket(s)?.ok_or(AppError::NoBracket)?;
        let seed = s.lot_seed.unwrap_or_default();
        let next = knockout::next_games(
            &b.format,
            &b.seeds,
            &stage_rounds(s, b.first_round),
            seed,
            choices,
        )?;
        if !next.awaiting_choice.is_empty() {
            return Ok(PairNext::ChooseColour(next.awaiting_choice));
        }
        if next.games.is_empty() {
            return Err(nothing_to_pair(s, &b));
        }
        let stage = next.stage;
        let number = b.round_of_stage(stage);
        let opened = s.round(number).cloned();
        let mut rounds: Vec<Round> = opened.iter().cloned().collect();
        knockout::add_next_games(&mut rounds, b.first_round, next);
        let mut round = rounds
            .into_iter()
            .find(|r| r.number == number)
            .ok_or(AppError::NoSuch(T::Round))?;
        if opened.is_none() && b.kind == BracketKind::Knockout && stage == 1 {
            // The bracket byes of stage 1 are kept with round 1: they fix who was seeded.
            round.byes = b.bracket.stages[0]
                .iter()
                .filter(|m| m.bye)
                .filter_map(|m| m.high)
                .map(|entrant| Bye {
                    entrant,
                    kind: ByeKind::Pairing,
                })
                .collect();
        }
        let before_max = opened
            .as_ref()
            .and_then(|r| r.games.iter().map(|g| g.board).max())
            .unwrap_or(0);
        let added: Vec<_> = round
            .games
            .iter()
            .filter(|g| g.board > before_max)
            .collect();
        let boards: Vec<u32> = added.iter().map(|g| g.board).collect();
        let detail = format!(
            "{}: round {number}: {}",
            s.name,
            added
                .iter()
                .map(|g| format!(
                    "board {} {} – {} ({})",
                    g.board,
                    s.label(g.red),
                    s.label(g.black),
                    g.phase.code()
                ))
                .collect::<Vec<_>>()
                .join("; ")
        );
        match opened {
            None => {
                let before = Inverse::RemoveRound {
                    section,
                    round: number,
                };
                self.act("knockout.pair", &detail, before, |tx| {
                    store::insert_round(tx, section, &round)
                })?;
            }
            Some(old) => {
                let notes = self.store.round_notes(section, number)?;
                let before = Inverse::ReplaceRound {
                    section,
                    round: old,
                    notes: notes.clone(),
                };
                self.act("knockout.pair", &detail, before, |tx| {
                    store::replace_round(tx, section, &round, &notes)
                })?;
            }
        }
        self.backup(&format!("r{number}-paired"))?;
        Ok(PairNext::Paired {
            round: number,
            boards,
        })
    }
}
