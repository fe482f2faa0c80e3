//! 人工调整 — manual changes to the last paired round: swap two players (between boards, or
//! with the bye), or swap the colours of one board. The rule book's checker says which
//! absolute rules the change would break (rematch, colour limits, same unit, bye eligibility);
//! the change is written only once the arbiter has confirmed those warnings, as one journaled,
//! undoable action.

use super::{AppError, Inverse, Tournament};
use crate::conduct::notes::{self, PairingNote};
use crate::conduct::{EditChange, JournalEntry};
use crate::i18n::T;
use crate::model::{EntrantId, Round, Section, SectionId, Side};
use crate::pairing::xiangqi::checker::{self, Break};
use crate::store;
use serde::{Deserialize, Serialize};

/// A place in a round: one side of a board, or the bye of an entrant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    Board { board: u32, side: Side },
    Bye(crate::model::EntrantId),
}

/// One manual change to a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PairingEdit {
    /// The two players in these seats change places.
    Swap(Seat, Seat),
    /// Red and black of this board change sides.
    SwapColours(u32),
}

impl PairingEdit {
    /// The boards whose players change.
    fn boards(&self) -> Vec<u32> {
        let board = |s: &Seat| match s {
            Seat::Board { board, .. } => Some(*board),
            Seat::Bye(_) => None,
        };
        match self {
            PairingEdit::Swap(a, b) => [board(a), board(b)].into_iter().flatten().collect(),
            PairingEdit::SwapColours(b) => vec![*b],
        }
    }
}

/// The round with `edit` applied, or why it cannot be.
pub fn apply_edit(round: &Round, edit: PairingEdit) -> Result<Round, AppError> {
    let mut r = round.clone();
    for b in edit.boards() {
        let g = r
            .games
            .iter()
            .find(|g| g.board == b)
            .ok_or(AppError::NoSuch(T::Board))?;
        if g.outcome.is_some() {
            return Err(AppError::BoardHasResult(b));
        }
        // The players of a knockout or playoff match are fixed by the bracket; only the
        // colours of its game can be put right by hand.
        if g.phase.is_match_game() && matches!(edit, PairingEdit::Swap(..)) {
            return Err(AppError::MatchGameSwap(b));
        }
    }
    match edit {
        PairingEdit::SwapColours(b) => {
            if let Some(g) = r.games.iter_mut().find(|g| g.board == b) {
                std::mem::swap(&mut g.red, &mut g.black);
                std::mem::swap(&mut g.fouls_red, &mut g.fouls_black);
            }
        }
        PairingEdit::Swap(a, b) => {
            if a == b {
                return Err(AppError::SameSeat);
            }
            let x = occupant(&r, a)?;
            let y = occupant(&r, b)?;
            if x == y {
                return Err(AppError::SameSeat);
            }
            seat_player(&mut r, a, y);
            seat_player(&mut r, b, x);
        }
    }
    Ok(r)
}

fn occupant(r: &Round, seat: Seat) -> Result<crate::model::EntrantId, AppError> {
    match seat {
        Seat::Board { board, side } => r
            .games
            .iter()
            .find(|g| g.board == board)
            .map(|g| g.player(side))
            .ok_or(AppError::NoSuch(T::Board)),
        Seat::Bye(id) => r
            .byes
            .iter()
            .find(|b| b.entrant == id)
            .map(|b| b.entrant)
            .ok_or(AppError::NoSuch(T::Bye)),
    }
}

fn seat_player(r: &mut Round, seat: Seat, who: crate::model::EntrantId) {
    match seat {
        Seat::Board { board, side } => {
            if let Some(g) = r.games.iter_mut().find(|g| g.board == board) {
                match side {
                    Side::Red => g.red = who,
                    Side::Black => g.black = who,
                }
            }
        }
        Seat::Bye(id) => {
            if let Some(b) = r.byes.iter_mut().find(|b| b.entrant == id) {
                b.entrant = who;
            }
        }
    }
}

/// The absolute rules `edited` breaks that the round as stored does not, and the boards where
/// it gives both players the colour the other is due: what the arbiter must confirm. The xiangqi checker's rules apply to every system's rounds (a rematch, a second
/// bye or a colour run is worth a warning in any Swiss).
pub fn edit_warnings(section: &Section, edited: &Round) -> Vec<Break> {
    let options = &section.settings.xiangqi;
    let before = checker::breaks(section, edited.number, options).unwrap_or_default();
    let mut changed = section.clone();
    if let Some(r) = changed
        .rounds
        .iter_mut()
        .find(|r| r.number == edited.number)
    {
        *r = edited.clone();
    }
    // A board as stored keeps what it had: only the boards the edit made are warned of.
    let stored = section.round(edited.number);
    let made = |red: EntrantId, black: EntrantId| {
        !stored.is_some_and(|r| r.games.iter().any(|g| g.red == red && g.black == black))
    };
    checker::breaks(&changed, edited.number, options)
        .unwrap_or_default()
        .into_iter()
        .filter(|b| !before.contains(b))
        .chain(
            checker::crossed_preferences(&changed, edited.number, options)
                .into_iter()
                .filter(|&(_, red, black)| made(red, black))
                .map(|(board, _, _)| Break::ColourPreference { board }),
        )
        .collect()
}

/// Refused ([`AppError::UnconfirmedWarnings`], with how many) unless `confirmed` holds every
/// warning of `warnings`.
fn all_confirmed(warnings: &[Break], confirmed: &[Break]) -> Result<(), AppError> {
    match warnings.iter().filter(|w| !confirmed.contains(w)).count() {
        0 => Ok(()),
        n => Err(AppError::UnconfirmedWarnings(n)),
    }
}

/// What a planned edit does, for the confirmation: the round after it and its warnings.
#[derive(Clone, Debug, PartialEq)]
pub struct EditPreview {
    pub round: Round,
    pub warnings: Vec<Break>,
}

impl Tournament {
    /// The last round of a section with `edit` applied and the warnings it raises. Writes
    /// nothing.
    pub fn preview_edit(
        &self,
        section: SectionId,
        round: u32,
        edit: PairingEdit,
    ) -> Result<EditPreview, AppError> {
        let s = self.section(section)?;
        let Some(last) = s.rounds.last().filter(|r| r.number == round) else {
            return Err(AppError::EditNotLastRound);
        };
        let edited = apply_edit(last, edit)?;
        let warnings = edit_warnings(s, &edited);
        Ok(EditPreview {
            round: edited,
            warnings,
        })
    }

    /// Applies a manual edit to the last round. Refused while it raises warnings that
    /// `confirmed` does not cover: the face shows them and asks first. Journaled with the
    /// warnings accepted; undo puts the round back as it was.
    pub fn edit_pairing(
        &mut self,
        section: SectionId,
        round: u32,
        edit: PairingEdit,
        confirmed: &[Break],
    ) -> Result<(), AppError> {
        let preview = self.preview_edit(section, round, edit)?;
        all_confirmed(&preview.warnings, confirmed)?;
        let s = self.section(section)?;
        let old = s.round(round).cloned().ok_or(AppError::NoSuch(T::Round))?;
        let old_notes = self.store.round_notes(section, round)?;
        let change = describe(s, edit);
        // The engine's notes on the changed boards no longer hold: the change replaces them.
        let boards = edit.boards();
        let mut notes = notes::decode_by_board(&old_notes);
        notes.retain(|(b, _)| !boards.contains(b));
        let note = manual_note(&old, edit);
        notes.extend(boards.iter().map(|&b| (b, note.clone())));
        let notes = notes::encode_by_board(&notes);
        let mut players: Vec<EntrantId> =
            preview.warnings.iter().filter_map(Break::player).collect();
        players.dedup();
        let entry = JournalEntry::RoundEdit {
            section: s.name.clone(),
            round,
            change,
            players: players.into_iter().map(|id| (id, s.label(id))).collect(),
            warnings: preview.warnings,
        };
        let before = Inverse::ReplaceRound {
            section,
            round: old,
            notes: old_notes,
        };
        let edited = preview.round;
        self.act("round.edit", entry, before, |tx| {
            store::replace_round(tx, section, &edited, &notes)
        })
    }
}

/// The note a change by hand leaves on its boards: who changed places, or which board's colours.
fn manual_note(r: &Round, edit: PairingEdit) -> PairingNote {
    match edit {
        PairingEdit::Swap(a, b) => PairingNote::ManualSwap {
            first: occupant(r, a).ok(),
            second: occupant(r, b).ok(),
        },
        PairingEdit::SwapColours(board) => PairingNote::ManualColours { board },
    }
}

/// An edit as the journal keeps it: the players who changed places by number and name.
fn describe(s: &Section, edit: PairingEdit) -> EditChange {
    let r = s.rounds.last();
    let who = |seat: Seat| r.and_then(|r| occupant(r, seat).ok()).map(|id| s.label(id));
    match edit {
        PairingEdit::Swap(a, b) => EditChange::Swap {
            first: who(a),
            second: who(b),
        },
        PairingEdit::SwapColours(board) => EditChange::Colours { board },
    }
}

/// 人工编排 — the comparison shown when the arbiter leaves the manual pairing phase: the
/// engine's pairing of the round beside the arbiter's, every board that differs (as the MPA
/// lines of the conduct log), and the absolute rules the arbiter's pairing breaks.
#[derive(Clone, Debug, PartialEq)]
pub struct ManualComparison {
    /// The round as the engine pairs it now (the stored round where the engine cannot say).
    pub engine: Round,
    /// The round as the arbiter left it.
    pub arbiter: Round,
    /// Each board that differs, oldest board first.
    pub differences: Vec<crate::model::FideLogLine>,
    /// The rules the arbiter's round breaks that the stored round does not.
    pub warnings: Vec<Break>,
}

/// A round's boards by pairing number, a bye as board 0 with no black: what the MPA lines compare.
fn numbered(s: &Section, r: &Round) -> Vec<(u32, u32, Option<u32>)> {
    let n = |id: EntrantId| s.entrant(id).and_then(|e| e.number).unwrap_or(0);
    r.games
        .iter()
        .map(|g| (g.board, n(g.red), Some(n(g.black))))
        .chain(r.byes.iter().map(|b| (0, n(b.entrant), None)))
        .collect()
}

impl Tournament {
    /// The engine's pairing of the last round `round`: the section without it, paired again.
    /// Pure pairing, nothing written. Where the engine cannot pair it again (a knockout's
    /// match games, say) the stored round stands for it.
    pub fn engine_pairing(&self, section: SectionId, round: u32) -> Result<Round, AppError> {
        let s = self.section(section)?;
        let Some(last) = s.rounds.last().filter(|r| r.number == round) else {
            return Err(AppError::EditNotLastRound);
        };
        let mut before = s.clone();
        before.rounds.pop();
        Ok(super::plan_next_round(&before)
            .map(|p| p.round)
            .ok()
            .filter(|r| r.number == round)
            .unwrap_or_else(|| last.clone()))
    }

    /// The comparison of the arbiter's `draft` of the last round with the engine's pairing.
    pub fn compare_manual(
        &self,
        section: SectionId,
        draft: &Round,
    ) -> Result<ManualComparison, AppError> {
        let s = self.section(section)?;
        let engine = self.engine_pairing(section, draft.number)?;
        let differences = crate::model::fide::pairing_differences(
            draft.number,
            &numbered(s, &engine),
            &numbered(s, draft),
        );
        Ok(ManualComparison {
            warnings: edit_warnings(s, draft),
            engine,
            arbiter: draft.clone(),
            differences,
        })
    }

    /// Stores the arbiter's `draft` of the last round (made by [`apply_edit`] from it) as one
    /// action: the round replaced, the differences from the engine's pairing appended to the
    /// section's conduct log (the TRF's `### MPA` lines) and journaled. Refused while the
    /// draft breaks rules that `confirmed` does not cover. Undo puts round and log back.
    pub fn confirm_manual_pairing(
        &mut self,
        section: SectionId,
        draft: &Round,
        confirmed: &[Break],
    ) -> Result<ManualComparison, AppError> {
        let comparison = self.compare_manual(section, draft)?;
        all_confirmed(&comparison.warnings, confirmed)?;
        let s = self.section(section)?;
        let old = s
            .round(draft.number)
            .cloned()
            .ok_or(AppError::NoSuch(T::Round))?;
        // The draft is the stored round rearranged: the same players, no result touched.
        let players = |r: &Round| {
            let mut v: Vec<EntrantId> = r
                .games
                .iter()
                .flat_map(|g| [g.red, g.black])
                .chain(r.byes.iter().map(|b| b.entrant))
                .collect();
            v.sort_unstable_by_key(|e| e.0);
            v
        };
        if players(&old) != players(draft) || old.games.len() != draft.games.len() {
            return Err(AppError::ManualDraftStale);
        }
        for g in &draft.games {
            let before = old.games.iter().find(|o| o.board == g.board);
            if before.map(|o| o.outcome) != Some(g.outcome) {
                return Err(AppError::BoardHasResult(g.board));
            }
        }
        if *draft == old {
            return Ok(comparison);
        }
        let old_notes = self.store.round_notes(section, draft.number)?;
        // The engine's notes on the boards the arbiter changed no longer hold.
        let changed: Vec<u32> = draft
            .games
            .iter()
            .filter(|g| !old.games.contains(g))
            .map(|g| g.board)
            .collect();
        let mut notes = notes::decode_by_board(&old_notes);
        notes.retain(|(b, _)| !changed.contains(b));
        let notes = notes::encode_by_board(&notes);
        // The round's earlier manual pairing, if any, is replaced: the differences are always
        // counted from the engine's pairing.
        let mut settings = s.settings.clone();
        settings.fide.log.retain(|l| {
            !matches!(l, crate::model::FideLogLine::ManualPairing { round, .. } if *round == draft.number)
        });
        settings
            .fide
            .log
            .extend(comparison.differences.iter().cloned());
        let lines = crate::model::FideRecord {
            log: comparison.differences.clone(),
        }
        .trf_comments();
        let entry = JournalEntry::ManualPairing {
            section: s.name.clone(),
            round: draft.number,
            differences: lines
                .iter()
                .map(|l| l.trim_start_matches("### ").to_string())
                .collect(),
        };
        let name = s.name.clone();
        let before = Inverse::Sequence(vec![
            Inverse::ReplaceRound {
                section,
                round: old,
                notes: old_notes,
            },
            Inverse::SectionSettings {
                section,
                name: name.clone(),
                settings: s.settings.clone(),
            },
        ]);
        let draft = draft.clone();
        self.act("round.manual", entry, before, |tx| {
            store::replace_round(tx, section, &draft, &notes)?;
            store::update_section(tx, section, &name, &settings)
        })?;
        Ok(comparison)
    }
}
