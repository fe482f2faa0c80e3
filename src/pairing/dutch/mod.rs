//! 荷兰制 — the FIDE (Dutch) Swiss system, C.04.3 in its two editions (rules.md §2.3–2.4): as in
//! force from February 2026, made to give the pairings of the FIDE-endorsed engine bbpPairings
//! 6, and as in force from 2017 to January 2026, made to give those of bbpPairings 5.0.1. The
//! section's [`DutchOptions::edition`] chooses; a tournament is finished under the edition it
//! began with.
//!
//! [`player`] reads what the rules need about each player from the section (scores, colour
//! preferences, floats, bye eligibility), [`engine`] chooses the pairs by a sequence of
//! maximum-weight matchings, [`colour`] allocates the colours (E.1–E.5) and [`baku`] gives the
//! virtual points of the Baku acceleration. [`pair_dutch`] puts them together for a section;
//! [`rtg`] plays random tournaments with it.

pub mod baku;
mod colour;
mod engine;
mod first_round;
mod player;
pub mod rtg;

pub use crate::model::{DutchEdition, DutchOptions};
#[cfg(test)]
pub(crate) use engine::{TUNING, Tuning, pair_from};
pub use player::{Field, Float, Player, Strength};

use super::PairingError;
use crate::model::{Bye, ByeKind, Game, Round, Section, Side};

/// The colour `field.players[a]` gets against `field.players[b]` by E.1–E.5.
pub fn colour_of(field: &Field, a: usize, b: usize) -> Side {
    colour::colour_of(field, a, b)
}

/// Pairs the next round of `section` by the Dutch system with the section's Dutch options.
///
/// The round to pair follows the last round that has games. If `section.rounds` already holds
/// that round with byes only (absences, requested byes), those players are left out and their
/// byes are kept in the result. Games come in board order: the higher score of the pair, then
/// the lower score, then the rank of the pair's higher player — scores without the Baku
/// virtual points, the higher player the one with more of them (then the better rank), as the
/// endorsed engine orders them; the pairing-allocated bye is last. The scores count the
/// section's points bonuses and penalties (TRF-2026 record 299).
pub fn pair_dutch(section: &Section) -> Result<Round, PairingError> {
    let options = section.settings.dutch;
    let field = Field::from_section(section, &options);
    let number = field.played_rounds as u32 + 1;
    // Round 1 as one plain bracket needs no search.
    let outcome = match first_round::direct(&field) {
        Some(direct) => direct,
        None => engine::pair(&field)?,
    };
    let mut pairs = outcome.pairs;
    let key = |&(w, b): &(usize, usize)| {
        // The higher of the pair by the score without acceleration, then by rank: under Baku
        // acceleration a player of group A with fewer points may rank before his opponent for
        // the pairing, but not for the board.
        let (pw, pb) = (&field.players[w], &field.players[b]);
        let w_higher = (std::cmp::Reverse(pw.raw_score), pw.rank_index)
            < (std::cmp::Reverse(pb.raw_score), pb.rank_index);
        let (hi, lo) = if w_higher { (w, b) } else { (b, w) };
        let (ph, pl) = (&field.players[hi], &field.players[lo]);
        (
            std::cmp::Reverse(ph.raw_score.max(pl.raw_score)),
            std::cmp::Reverse(ph.raw_score.min(pl.raw_score)),
            ph.rank_index,
        )
    };
    pairs.sort_by_key(key);
    let mut round = Round {
        number,
        ..Round::default()
    };
    for (k, (w, b)) in pairs.into_iter().enumerate() {
        round.games.push(Game::new(
            k as u32 + 1,
            field.players[w].id,
            field.players[b].id,
        ));
    }
    if let Some(pending) = section.rounds.iter().find(|r| r.number == number) {
        round.byes.extend(pending.byes.iter().cloned());
    }
    if let Some(b) = outcome.bye {
        round.byes.push(Bye {
            entrant: field.players[b].id,
            kind: ByeKind::Pairing,
        });
    }
    Ok(round)
}
