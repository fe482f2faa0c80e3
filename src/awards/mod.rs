//! 奖励与录取 — awards at the end of a section: how many places are awarded (录取名次), the prize
//! money per place and per sub-ranking (奖金), titles (等级称号), promotions in grade events
//! (级位晋升) with their early-stopping rule, and qualification lists (参赛资格).
//!
//! The rule book is pure: the final ranking comes in as an ordered list of entrants (the
//! tiebreak engine makes it unique), sub-rankings (e.g. 境外运动员) as sets of entrants, and
//! every rule is a value in [`AwardOptions`], held by the section's settings. Money is whole
//! yuan (`i64`); whether a table is before or after tax is only a label.

mod prizes;
mod promotion;
mod titles;

pub use crate::model::{
    AwardOptions, AwardPreset, EarlyStop, PlacesRule, PrizeBand, PrizeTable, PromotionOptions,
    PromotionStep, SpecialPrize, TaxBasis, TitleRule,
};
pub use prizes::{Prize, PrizeKind, PrizeList, prizes, team_prizes};
pub use promotion::{Promotion, Target, promotions, required_points, stopped_players, targets};
pub use titles::{Counted, Title, places_awarded, players_who_played, qualifiers, titles};

use crate::model::EntrantId;

/// Why awards could not be computed from the given ranking and options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AwardError {
    #[error("entrant {0:?} appears twice in the ranking")]
    DuplicateInRanking(EntrantId),
    #[error("team “{0}” appears twice in the team ranking")]
    DuplicateTeam(String),
    #[error("entrant {0:?} is ranked but is not in the section")]
    UnknownEntrant(EntrantId),
    #[error(
        "a band of places must run from place 1 or later to a place not before it ({from}–{to})"
    )]
    BadBand { from: u32, to: u32 },
    #[error("place {0} is paid by two bands of one prize table")]
    OverlappingBands(u32),
    #[error("no sub-ranking named “{0}” was given for its special prize")]
    MissingSubList(String),
}
