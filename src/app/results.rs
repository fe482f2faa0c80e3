//! 录入成绩 — results: one board's result and fouls entered or corrected (an earlier round, with
//! a reason) and the warnings they raise (two fouls and a win, an adjourned game ending
//! otherwise, a change against the rules); or a whole round at once (a results file), all of
//! its boards in one transaction with one journal row, so that a bad line leaves the round as
//! it was.

use super::{
    AppError, Confirmation, FoulWarning, Inverse, MAX_REASON, Tournament, adjourn, check_length,
    fide,
};
use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::interchange::results::{ResultProblem, ResultsFileError, read_results};
use crate::model::{BoardResult, Outcome, SectionId};
use crate::store;
use std::path::Path;

impl Tournament {
    /// Enters the outcome and the fouls of one board as one action. A board of an earlier
    /// round that has a result already needs [`Tournament::correct_board`] and its reason.
    /// A result that goes against two fouls in the game is stored and named in the warning;
    /// one against the rules needs `confirm` ([`Tournament::set_result_confirmed`]).
    pub fn enter_result(
        &mut self,
        section: SectionId,
        round: u32,
        result: BoardResult,
        confirm: &Confirmation,
    ) -> Result<Option<FoulWarning>, AppError> {
        self.write_board(
            section,
            round,
            result.board,
            result.outcome,
            result.fouls,
            None,
            confirm,
        )
    }

    /// Enters the results of several boards of a round as one action: every board must exist
    /// and none may be a correction, or nothing is written.
    pub fn enter_round_results(
        &mut self,
        section: SectionId,
        round: u32,
        results: &[BoardResult],
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        let old = s.round(round).ok_or(AppError::NoSuch(T::Round))?.clone();
        let mut warnings = Vec::new();
        for r in results {
            let Some(g) = old.games.iter().find(|g| g.board == r.board) else {
                return Err(AppError::NoSuchBoard(r.board));
            };
            if self.is_correction(section, round, r.board) {
                return Err(AppError::ReasonRequired(round));
            }
            warnings.extend(super::adjourn::adjourned_result_warning(
                s, round, g, r.outcome,
            ));
        }
        // An adjourned game ending otherwise than the draw a later round counted is entered on
        // its own, where the warning can be confirmed.
        if !warnings.is_empty() {
            return Err(AppError::RuleWarnings(super::fide::weigh(
                warnings,
                s.settings.fide_mode(),
            )));
        }
        let entry = JournalEntry::RoundResults {
            section: s.name.clone(),
            round,
            boards: results.len() as u32,
        };
        let before = Inverse::ReplaceRound {
            section,
            round: old,
            notes: self.store.round_notes(section, round)?,
        };
        self.act("results.round", entry, before, |tx| {
            for r in results {
                store::set_result(tx, section, round, r.board, r.outcome, r.fouls)?;
            }
            Ok(())
        })
    }

    /// Enters a round's results from a results file ([`read_results`]) as one action: a bad
    /// line, or a board the round lacks, is named with its line and nothing is written.
    /// Returns the number of boards entered.
    pub fn enter_results_file(
        &mut self,
        section: SectionId,
        round: u32,
        path: &Path,
    ) -> Result<usize, AppError> {
        let in_file = |error| AppError::ResultsFile {
            path: path.to_path_buf(),
            error,
        };
        let bytes = std::fs::read(path).map_err(|e| {
            AppError::Store(store::StoreError::Io {
                path: path.to_path_buf(),
                source: e,
            })
        })?;
        let lines = read_results(&bytes).map_err(in_file)?;
        let results: Vec<BoardResult> = lines.iter().map(|(_, r)| *r).collect();
        self.enter_round_results(section, round, &results)
            .map_err(|e| match e {
                AppError::NoSuchBoard(board) => {
                    let line = lines
                        .iter()
                        .find(|(_, r)| r.board == board)
                        .map_or(0, |(l, _)| *l);
                    in_file(ResultsFileError::AtLine {
                        line,
                        problem: ResultProblem::NoSuchBoard(board),
                    })
                }
                other => other,
            })?;
        Ok(results.len())
    }
}

impl Tournament {
    /// Enters (or clears, with `None`) the result of one board, keeping its fouls. A result
    /// that gives a player with two fouls in the game a win or a draw is entered and warned of.
    pub fn set_result(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
    ) -> Result<Option<FoulWarning>, AppError> {
        self.set_result_confirmed(section, round, board, outcome, &Default::default())
    }

    /// As [`Tournament::set_result`], with the arbiter's confirmation of the warnings the
    /// result raises (an adjourned game that a later round counted as a draw, ending
    /// otherwise).
    pub fn set_result_confirmed(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
        confirm: &fide::Confirmation,
    ) -> Result<Option<FoulWarning>, AppError> {
        let g = self.game(section, round, board)?;
        let fouls = (g.fouls_red, g.fouls_black);
        self.write_board(section, round, board, outcome, fouls, None, confirm)
    }

    /// Corrects the result and fouls of a board in a round that is no longer the latest. The
    /// reason is required and journaled with the change. Warns as [`Tournament::set_result`].
    pub fn correct_board(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
        fouls: (u8, u8),
        reason: &str,
    ) -> Result<Option<FoulWarning>, AppError> {
        let reason = reason.trim();
        check_length(T::Reason, reason, MAX_REASON)?;
        if reason.is_empty() {
            return Err(AppError::FieldEmpty(T::Reason));
        }
        self.write_board(
            section,
            round,
            board,
            outcome,
            fouls,
            Some(reason),
            &Default::default(),
        )
    }

    /// Is a change to `board` of `round` a correction: the round is earlier than the section's
    /// last and the board already has a result? (The first result of a board is no correction:
    /// a playoff's tie-break game may still be played while the Swiss beside it has moved on.)
    pub fn is_correction(&self, section: SectionId, round: u32, board: u32) -> bool {
        let Ok(s) = self.section(section) else {
            return false;
        };
        let earlier = s.rounds.last().is_some_and(|last| round < last.number);
        earlier
            && s.round(round)
                .and_then(|r| r.games.iter().find(|g| g.board == board))
                .is_some_and(|g| g.outcome.is_some())
    }

    /// Sets the fouls (犯规) recorded for red and black on one board; warns as
    /// [`Tournament::set_result`] when the result entered no longer agrees with them.
    pub fn set_fouls(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        fouls: (u8, u8),
    ) -> Result<Option<FoulWarning>, AppError> {
        let outcome = self.game(section, round, board)?.outcome;
        self.write_board(
            section,
            round,
            board,
            outcome,
            fouls,
            None,
            &Default::default(),
        )
    }

    pub(super) fn game(
        &self,
        section: SectionId,
        round: u32,
        board: u32,
    ) -> Result<&crate::model::Game, AppError> {
        self.section(section)?
            .round(round)
            .and_then(|r| r.games.iter().find(|g| g.board == board))
            .ok_or(AppError::NoSuch(T::Board))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn write_board(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
        fouls: (u8, u8),
        reason: Option<&str>,
        confirm: &fide::Confirmation,
    ) -> Result<Option<FoulWarning>, AppError> {
        if reason.is_none() && self.is_correction(section, round, board) {
            return Err(AppError::ReasonRequired(round));
        }
        let s = self.section(section)?;
        let old = self.game(section, round, board)?;
        let last = s.rounds.last().map_or(0, |r| r.number);
        let mut warnings = Vec::new();
        // A correction two or more rounds back goes against the rules (FIDE mode refuses it);
        // its reason is its confirmation.
        if reason.is_some() && crate::model::fide::two_rounds_back(round, last) {
            warnings.push(crate::model::RuleWarning::OldResultChanged { round, board });
        }
        // An adjourned game a later round counted as a draw, ending otherwise.
        warnings.extend(adjourn::adjourned_result_warning(s, round, old, outcome));
        let weighed = fide::weigh(warnings, s.settings.fide_mode());
        let mut confirm = confirm.clone();
        if reason.is_some() {
            confirm.accepted.extend(
                weighed
                    .iter()
                    .filter(|(w, _)| {
                        matches!(w, crate::model::RuleWarning::OldResultChanged { .. })
                    })
                    .map(|(w, _)| w.clone()),
            );
        }
        fide::check_confirmed(&weighed, &confirm, &s.name)?;
        // Journaled with its level, and logged for a chess section's TRF.
        let overridden = weighed.first().cloned();
        let entry = JournalEntry::Result {
            section: s.name.clone(),
            round,
            board,
            outcome,
            fouls,
            reason: reason.map(str::to_string),
            game: s.settings.game,
            overridden,
        };
        let logged = (!weighed.is_empty() && s.settings.game == crate::model::GameKind::Chess)
            .then(|| {
                let mut settings = s.settings.clone();
                settings
                    .fide
                    .log
                    .extend(weighed.iter().map(|(warning, level)| {
                        crate::model::FideLogLine::Overridden {
                            round: last,
                            warning: warning.clone(),
                            level: *level,
                        }
                    }));
                (s.name.clone(), settings, s.settings.clone())
            });
        let old = self.game(section, round, board)?;
        let mut before = Inverse::Board {
            section,
            round,
            board,
            outcome: old.outcome,
            fouls: (old.fouls_red, old.fouls_black),
            adjourned: old.adjourned,
        };
        if let Some((name, _, old_settings)) = &logged {
            before = Inverse::Sequence(vec![
                before,
                Inverse::SectionSettings {
                    section,
                    name: name.clone(),
                    settings: old_settings.clone(),
                },
            ]);
        }
        let action = if reason.is_some() {
            "result.correct"
        } else {
            "result.set"
        };
        let found = self.act(action, entry, before, |tx| {
            if let Some((name, settings, _)) = &logged {
                store::update_section(tx, section, name, settings)?;
            }
            store::set_result(tx, section, round, board, outcome, fouls)
        })?;
        if !found {
            return Err(AppError::NoSuch(T::Board));
        }
        let g = self.game(section, round, board)?;
        Ok(g.foul_conflict().map(|side| FoulWarning {
            board,
            side,
            player: g.player(side),
            fouls: g.fouls(side),
        }))
    }
}
