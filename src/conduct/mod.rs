//! 赛事进程 — the conduct of a section, as pure rules over its settings and stored rounds: the
//! number of its next round, the section as its pairing system sees it (who has left the field
//! through a playoff or a qualification stage), the round a system pairs, the bracket of a
//! knockout or playoff and the places it gives, the qualified list, the sub-lists of special
//! prizes, and the final standings and awards. Nothing here is stored: a corrected result or an
//! undo changes every value as it changes the standings. The app services call these functions
//! and write what they decide; both faces and the documents read the same values. The journal's
//! entries ([`JournalEntry`]) say as data what each action did.

mod awards;
mod bracket;
mod finished;
pub mod journal;
pub mod notes;
mod progress;
mod qualification;
mod rounds;
mod sub_lists;

pub use awards::{SectionAwards, final_standings, section_awards};
pub use bracket::{
    BracketKind, BracketPlaces, SectionBracket, bracket_places_after, playoff_ranking,
    section_bracket, stage_rounds,
};
pub use finished::{results_provisional, section_over, standings_round};
pub use journal::{BackupCopy, CopyKind, EditChange, JournalEntry};
pub use notes::PairingNote;
pub use progress::next_round_number;
pub use qualification::{WILDCARD_FLAG, left_the_field, qualified_list};
pub use rounds::{PlannedRound, plan_next_round};
pub use sub_lists::sub_list_filter;

use crate::pairing::PairingError;
use crate::pairing::knockout::KnockoutError;
use crate::pairing::round_robin::RoundRobinError;

/// Why the conduct of a section cannot go on as asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConductError {
    #[error(transparent)]
    Pairing(#[from] PairingError),
    #[error(transparent)]
    Knockout(#[from] KnockoutError),
    #[error(transparent)]
    RoundRobin(#[from] RoundRobinError),
    /// Round `0` has boards without a result.
    #[error("round {0} has boards without a result")]
    RoundIncomplete(u32),
    /// Every one of the section's `0` rounds is paired.
    #[error("all {0} rounds are paired")]
    AllRoundsPaired(u32),
    #[error("a knockout is paired in the bracket tab")]
    KnockoutInBracketTab,
    /// The Swiss ended after round `0`; the playoff goes on.
    #[error("the Swiss ends after round {0}; the playoff goes on in the bracket tab")]
    SwissEnded(u32),
    /// The playoff begins once round `0` is complete.
    #[error("the playoff begins once round {0} is complete")]
    PlayoffNotYet(u32),
    /// The pairing numbers are not drawn: this player (named) has none.
    #[error("pairing numbers not drawn ({0} has none)")]
    NotDrawn(String),
}
