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
use crate::model::{BoardResult, Outcome, SectionId, Side};
use crate::store;
use std::path::Path;

impl Tournament {
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
            if self.is_correction(BoardRef::new(section, round, r.board)) {
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
                store::set_result(tx, section, round, r.board, r.outcome, r.fouls, false)?;
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

/// 台次 — one board: its section, round and board number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardRef {
    pub section: SectionId,
    pub round: u32,
    pub board: u32,
}

impl BoardRef {
    pub fn new(section: SectionId, round: u32, board: u32) -> BoardRef {
        BoardRef {
            section,
            round,
            board,
        }
    }
}

/// What one entry on a board says, as the window, the command line and (later) a phone give
/// it: the result (or its clearing), the fouls (犯规), for a board of an earlier round that has
/// a result already the reason of the correction, and the warnings the arbiter confirmed. What
/// an entry leaves out stays as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResultEntry {
    /// `Some(None)` clears the result; `None` keeps it.
    pub outcome: Option<Option<Outcome>>,
    /// Red's and black's fouls; `None` keeps them.
    pub fouls: Option<(u8, u8)>,
    /// 更正理由 — needed, and journaled, for a correction.
    pub reason: Option<String>,
    pub confirm: Confirmation,
    /// 迟到判负 — the forfeit entered is for lateness (the result must be a forfeit). An entry
    /// that keeps the result keeps this too; any other result clears it.
    pub late: bool,
}

impl ResultEntry {
    /// The result (or `None`: cleared), the fouls kept.
    pub fn result(outcome: Option<Outcome>) -> ResultEntry {
        ResultEntry {
            outcome: Some(outcome),
            ..ResultEntry::default()
        }
    }

    /// 迟到判负 — `side` came after the lateness limit: the other side wins by forfeit, and
    /// the journal and the result book say why.
    pub fn late(side: Side) -> ResultEntry {
        ResultEntry {
            late: true,
            ..ResultEntry::result(Some(Outcome::forfeit_of(side)))
        }
    }

    /// 双方迟到 — neither came in time: both lose by forfeit, for lateness.
    pub fn both_late() -> ResultEntry {
        ResultEntry {
            late: true,
            ..ResultEntry::result(Some(Outcome::DoubleForfeit))
        }
    }

    /// The fouls, the result kept.
    pub fn fouls(fouls: (u8, u8)) -> ResultEntry {
        ResultEntry {
            fouls: Some(fouls),
            ..ResultEntry::default()
        }
    }

    /// The same entry with its fouls.
    pub fn with_fouls(self, fouls: (u8, u8)) -> ResultEntry {
        ResultEntry {
            fouls: Some(fouls),
            ..self
        }
    }

    /// The same entry as a correction, for `reason`.
    pub fn because(self, reason: &str) -> ResultEntry {
        ResultEntry {
            reason: Some(reason.to_string()),
            ..self
        }
    }

    /// The same entry with the warnings `confirm` covers confirmed.
    pub fn confirmed(self, confirm: Confirmation) -> ResultEntry {
        ResultEntry { confirm, ..self }
    }
}

impl Tournament {
    /// Enters what `entry` says on the board `at`, as one action: every face enters a result
    /// here. A board of an earlier round that has a result already is a correction and needs a
    /// reason ([`AppError::ReasonRequired`]); a result against the rules needs the warning
    /// confirmed ([`AppError::RuleWarnings`]). A result that gives a player with two fouls in
    /// the game a win or a draw is stored and returned as a warning.
    pub fn enter_result(
        &mut self,
        at: BoardRef,
        entry: ResultEntry,
    ) -> Result<Option<FoulWarning>, AppError> {
        let g = self.game(at)?;
        let outcome = entry.outcome.unwrap_or(g.outcome);
        let fouls = entry.fouls.unwrap_or((g.fouls_red, g.fouls_black));
        // Lateness goes with a forfeit only; a result kept keeps it.
        let late = match entry.outcome {
            None => g.late,
            Some(_) => entry.late,
        };
        if late && !outcome.is_some_and(Outcome::is_forfeit) {
            return Err(AppError::LateNeedsForfeit(at.board));
        }
        let reason = match entry.reason.as_deref().map(str::trim) {
            Some("") => return Err(AppError::FieldEmpty(T::Reason)),
            Some(r) => {
                check_length(T::Reason, r, MAX_REASON)?;
                Some(r)
            }
            None => None,
        };
        self.write_board(at, (outcome, late), fouls, reason, &entry.confirm, None)
    }

    /// [`Tournament::enter_result`] for an entry sent from a phone and accepted: journaled with
    /// who sent it (person, role, device), and with the phones' entries `marks` names set to
    /// their new state in the same action (undo puts back the old).
    pub(super) fn enter_result_by(
        &mut self,
        at: BoardRef,
        entry: ResultEntry,
        hand: &super::pending::ByHand,
    ) -> Result<Option<FoulWarning>, AppError> {
        let g = self.game(at)?;
        let outcome = entry.outcome.unwrap_or(g.outcome);
        let fouls = entry.fouls.unwrap_or((g.fouls_red, g.fouls_black));
        // A phone sends no lateness: a result kept keeps it, a new one has none.
        let late = entry.outcome.is_none() && g.late;
        self.write_board(at, (outcome, late), fouls, None, &entry.confirm, Some(hand))
    }

    /// Is a change to the board `at` a correction: its round is earlier than the section's
    /// last and the board already has a result? (The first result of a board is no correction:
    /// a playoff's tie-break game may still be played while the Swiss beside it has moved on.)
    pub fn is_correction(&self, at: BoardRef) -> bool {
        let Ok(s) = self.section(at.section) else {
            return false;
        };
        let earlier = s.rounds.last().is_some_and(|last| at.round < last.number);
        earlier && self.game(at).is_ok_and(|g| g.outcome.is_some())
    }

    /// The game on the board `at`.
    pub(super) fn game(&self, at: BoardRef) -> Result<&crate::model::Game, AppError> {
        self.section(at.section)?
            .round(at.round)
            .and_then(|r| r.games.iter().find(|g| g.board == at.board))
            .ok_or(AppError::NoSuch(T::Board))
    }

    /// Writes one board's result and fouls, after the checks and warnings of
    /// [`Tournament::enter_result`].
    fn write_board(
        &mut self,
        at: BoardRef,
        (outcome, late): (Option<Outcome>, bool),
        fouls: (u8, u8),
        reason: Option<&str>,
        confirm: &fide::Confirmation,
        hand: Option<&super::pending::ByHand>,
    ) -> Result<Option<FoulWarning>, AppError> {
        let BoardRef {
            section,
            round,
            board,
        } = at;
        if reason.is_none() && self.is_correction(at) {
            return Err(AppError::ReasonRequired(round));
        }
        let s = self.section(section)?;
        let old = self.game(at)?;
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
            late,
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
        let old = self.game(at)?;
        let mut before = Inverse::Board {
            section,
            round,
            board,
            outcome: old.outcome,
            fouls: (old.fouls_red, old.fouls_black),
            adjourned: old.adjourned,
            late: old.late,
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
        if let Some(hand) = hand {
            before = Inverse::Sequence(vec![before, hand.inverse()]);
        }
        let action = if reason.is_some() {
            "result.correct"
        } else {
            "result.set"
        };
        let by = hand.map(|h| h.by.clone());
        let found = self.act_by(action, entry, before, by.as_deref(), |tx| {
            if let Some((name, settings, _)) = &logged {
                store::update_section(tx, section, name, settings)?;
            }
            if let Some(hand) = hand {
                hand.mark(tx)?;
            }
            store::set_result(tx, section, round, board, outcome, fouls, late)
        })?;
        if !found {
            return Err(AppError::NoSuch(T::Board));
        }
        let g = self.game(at)?;
        Ok(g.foul_conflict().map(|side| FoulWarning {
            board,
            side,
            player: g.player(side),
            fouls: g.fouls(side),
        }))
    }
}
