//! 申请轮空 — a bye a player asks for before a round is paired: a half-point bye in a chess
//! open, a full-point one where the regulations grant it, or an absence announced in advance
//! (zero points). He is left out of that round's pairing (FIDE C.04: requested byes are not
//! paired) and scores the bye's points. The request stays with the section: pairing the round
//! puts the bye into it, and unpairing the round and pairing it again keeps it. TRF-2026 writes
//! requests for rounds not paired yet as record 240.

use crate::model::{ByeKind, EntrantId};
use serde::{Deserialize, Serialize};

/// One player's requested bye in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RequestedBye {
    pub entrant: EntrantId,
    /// 轮次 — the round the player sits out.
    pub round: u32,
    /// Full, half or zero points (never the pairing-allocated bye).
    pub kind: ByeKind,
}
