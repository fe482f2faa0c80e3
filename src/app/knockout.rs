//! 对阵图 through the app: pairing the next games of a knockout stage, or of the playoff after a
//! Swiss, is one arbiter action with its undo and a backup copy. The bracket itself — seeds,
//! stages, places — is worked out by [`crate::conduct::section_bracket`].

use super::{AppError, Inverse, Tournament};
use crate::conduct::{BracketKind, JournalEntry, SectionBracket, section_bracket, stage_rounds};
use crate::i18n::T;
use crate::model::{Bye, ByeKind, EntrantId, Round, Section, SectionId, Side};
use crate::pairing::knockout::{self, MatchStatus};
use crate::store;

/// What asking for the next games gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairNext {
    /// The games were added to round `round`, on these boards.
    Paired { round: u32, boards: Vec<u32> },
    /// Nothing was written: these players choose their colour first (the higher seed, or the
    /// winner of a lot); ask them and call again with their choices.
    ChooseColour(Vec<EntrantId>),
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
        Ok(section_bracket(self.section(section)?)?)
    }

    /// Are there games of the knockout or the playoff to pair now (or colours to choose before
    /// them)? Nothing is written. A section with no bracket, or one not begun (the playoff
    /// before its round), has none.
    pub fn games_waiting(&self, section: SectionId) -> bool {
        let Ok(s) = self.section(section) else {
            return false;
        };
        let Ok(Some(b)) = section_bracket(s) else {
            return false;
        };
        let seed = s.lot_seed.unwrap_or_default();
        knockout::next_games(
            &b.format,
            &b.seeds,
            &stage_rounds(s, b.first_round),
            seed,
            &[],
        )
        .is_ok_and(|next| !next.games.is_empty() || !next.awaiting_choice.is_empty())
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
        let entry = JournalEntry::Knockout {
            section: s.name.clone(),
            round: number,
            boards: added
                .iter()
                .map(|g| (g.board, s.label(g.red), s.label(g.black), g.phase))
                .collect(),
        };
        match opened {
            None => {
                let before = Inverse::RemoveRound {
                    section,
                    round: number,
                };
                self.act("knockout.pair", entry.clone(), before, |tx| {
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
                self.act("knockout.pair", entry, before, |tx| {
                    store::replace_round(tx, section, &round, &notes)
                })?;
            }
        }
        self.backup_after_pairing(section, number);
        Ok(PairNext::Paired {
            round: number,
            boards,
        })
    }
}
