//! 组别设置的各项选项 — every option type a section's settings hold, one file per concern. They
//! live on the ground floor so that the model imports nothing from the floors above it: the
//! pairing systems, the standings and the awards read these values and hold the rules that
//! use them.

mod adjustment;
mod award_rules;
mod awards;
mod desk;
mod dutch;
mod fees;
mod knockout;
mod list_text;
mod prohibited;
mod qualification;
mod requested_bye;
mod round_robin;
mod subrank;
mod team_section;
mod tiebreak;
mod xiangqi;

pub use adjustment::{PointsAdjustment, adjustment_after};
pub use award_rules::{
    CertificateFee, EarlyStop, FieldCount, PlacesRule, PrizeBand, PrizeTable, PromotionOptions,
    PromotionStep, SpecialPrize, SpecialPrizeError, TaxBasis, TitleRule,
};
pub use awards::{AwardOptions, AwardPreset, seed_004_certificate_fees};
pub use desk::{CheckInOptions, Lateness};
pub use dutch::{DutchEdition, DutchOptions};
pub use fees::{FeeBasis, FeeOptions, MAX_FEE, UnitFee};
pub use knockout::{ColourRule, KnockoutOptions, MatchPhase, PlayoffOptions, seed_000_format};
pub use list_text::{ItemProblem, LIST_SEPARATORS, ListItemError, list_items};
pub use prohibited::{ProhibitedPair, prohibited};
pub use qualification::{
    QualificationOptions, QualificationStage, SubListQuota, WILDCARD_FLAG, is_wildcard,
};
pub use requested_bye::RequestedBye;
pub use round_robin::RoundRobinOptions;
pub use subrank::{Filter, FilterWords, SubRanking, SubRankingError};
pub use team_section::{BoardPointsReading, board_prize_default_min, xiangqi_team_preset};
pub use team_section::{TeamSectionOptions, TeamTiebreak, TeamTiebreakSpec, parse_team_list};
pub use tiebreak::{
    ByeOpponentScore, Direction, FideEdition, ForfeitOpponentScore, MissingMemberRank, Preset,
    StandingsSettings, TeamSettings, Tiebreak, TiebreakParseError, parse_list, print_list,
};
pub use xiangqi::{ByePolicy, ForfeitCount, PositionalRule, XiangqiSwissOptions};
