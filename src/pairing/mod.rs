//! 编排 — pairing. Each system is a small file over shared pieces: the drawing of pairing
//! numbers ([`draw_numbers`]) and the round-1 patterns ([`round_one`]) come first; [`house`]
//! decides whether a house player (补双选手) is in a Swiss round; [`rtg`] plays random
//! tournaments with any system's engine. The weighted Swiss systems ([`xiangqi`], [`dutch`])
//! stand on [`matching`] (the weighted blossom) and [`swiss`] (weight widths, fields and the
//! pricing of left-out pairs over the blossom forest).
//!
//! Every function here is pure: who is paired is an input, randomness comes in as a seed.

pub mod dutch;
pub mod house;
pub mod knockout;
mod lots_draw;
pub mod matching;
pub mod playoff;
pub mod qualification;
mod round_one;
pub mod round_robin;
pub mod rtg;
pub mod swiss;
pub mod team;
pub mod xiangqi;

pub use lots_draw::draw_numbers;
pub use round_one::pair_round_one;

use crate::model::EntrantId;

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("no entrants to pair")]
    NoEntrants,
    #[error("pairing numbers have not been drawn (entrant {0:?} has none)")]
    NotDrawn(EntrantId),
    #[error("round {0} is already paired")]
    AlreadyPaired(u32),
    #[error("round {0}: no pairing respects the absolute rules")]
    NoValidPairing(u32),
    #[error("matching failed: {0}")]
    Matching(String),
}
