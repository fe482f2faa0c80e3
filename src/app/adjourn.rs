//! 暂停对局 — adjourned games through the app. A game of the section's own system that has no
//! result may be adjourned: the next round can then be paired, counting it as a draw
//! ([`crate::model::Game::pairing_outcome`]), while its standings points, the final standings,
//! the result book and the TRF wait for its result. Entering the result ends the adjournment;
//! a result other than a draw after a later round was paired is a warning against the rules
//! (`write_board`). Taking an adjournment back is possible only while no later round is paired.

use super::{AppError, Inverse, Tournament};
use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::model::{Game, Outcome, PairingSystem, RuleWarning, Section, SectionId};
use crate::store;

/// The warning a result raises on an adjourned game that a later round was paired counting as
/// a draw, when it is not one.
pub(super) fn adjourned_result_warning(
    s: &Section,
    round: u32,
    g: &Game,
    outcome: Option<Outcome>,
) -> Option<RuleWarning> {
    let last = s.rounds.last().map_or(0, |r| r.number);
    let o = outcome.filter(|&o| o != Outcome::Draw)?;
    (g.adjourned && g.outcome.is_none() && round < last).then(|| RuleWarning::AdjournedResult {
        round,
        board: g.board,
        result: o.code().to_string(),
    })
}

/// The first adjourned game of a section as an error for a document that must wait for it.
pub(super) fn refuse_open_adjournment(s: &Section) -> Result<(), AppError> {
    match s.adjourned_games().first() {
        Some(&(round, board)) => Err(AppError::AdjournedOpen(s.name.clone(), round, board)),
        None => Ok(()),
    }
}

impl Tournament {
    /// Adjourns `boards` of `round` as one action, journaled and undone as one. Each must be a
    /// game of the section's own system without a result; one already adjourned stays so.
    pub fn adjourn_boards(
        &mut self,
        section: SectionId,
        round: u32,
        boards: &[u32],
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        let r = s.round(round).ok_or(AppError::NoSuch(T::Round))?;
        let mut undo = Vec::new();
        let mut fresh = Vec::new();
        for &board in boards {
            let g = r
                .games
                .iter()
                .find(|g| g.board == board)
                .ok_or(AppError::NoSuchBoard(board))?;
            if g.phase.is_match_game() || s.settings.system == PairingSystem::Knockout {
                return Err(AppError::AdjournMatchGame(board));
            }
            if g.outcome.is_some() {
                return Err(AppError::AdjournHasResult(board));
            }
            if g.adjourned || fresh.contains(&board) {
                continue;
            }
            fresh.push(board);
            undo.push(Inverse::Board {
                section,
                round,
                board,
                outcome: None,
                fouls: (g.fouls_red, g.fouls_black),
                adjourned: false,
                late: false,
            });
        }
        if fresh.is_empty() {
            return Ok(());
        }
        let entry = JournalEntry::Adjourned {
            section: s.name.clone(),
            round,
            boards: fresh.clone(),
        };
        self.act("result.adjourn", entry, Inverse::Sequence(undo), |tx| {
            for &board in &fresh {
                store::set_adjourned(tx, section, round, board, true)?;
            }
            Ok(())
        })
    }

    /// Adjourns every board of the section's last round that has no result yet, so that the
    /// next round can be paired. Returns the boards adjourned.
    pub fn adjourn_unfinished(&mut self, section: SectionId) -> Result<Vec<u32>, AppError> {
        let s = self.section(section)?;
        let Some(last) = s.rounds.last() else {
            return Ok(Vec::new());
        };
        let (round, boards) = (last.number, last.unfinished_boards());
        self.adjourn_boards(section, round, &boards)?;
        Ok(boards)
    }

    /// Takes an adjournment back (the game goes on, unfinished), while no later round is paired.
    pub fn resume_board(
        &mut self,
        section: SectionId,
        round: u32,
        board: u32,
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        let g = self.game(super::BoardRef::new(section, round, board))?;
        if !g.adjourned {
            return Ok(());
        }
        if s.rounds.last().is_some_and(|r| r.number > round) {
            return Err(AppError::AdjournedPaired(round, board));
        }
        let entry = JournalEntry::Resumed {
            section: s.name.clone(),
            round,
            board,
        };
        let before = Inverse::Board {
            section,
            round,
            board,
            outcome: g.outcome,
            fouls: (g.fouls_red, g.fouls_black),
            adjourned: true,
            late: g.late,
        };
        self.act("result.resume", entry, before, |tx| {
            store::set_adjourned(tx, section, round, board, false).map(|_| ())
        })
    }
}
