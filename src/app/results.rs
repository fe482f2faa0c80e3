//! 录入成绩 — results as the command line enters them: one board with its fouls, or a whole
//! round at once (a results file), all of its boards in one transaction with one journal row,
//! so that a bad line leaves the round as it was.

use super::{AppError, Confirmation, FoulWarning, Inverse, Tournament};
use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::interchange::results::{ResultProblem, ResultsFileError, read_results};
use crate::model::{BoardResult, SectionId};
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
        let bytes = crate::interchange::entrants::read_bytes(path)
            .map_err(|e| AppError::Import(e.into()))?;
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
