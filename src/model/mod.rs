//! The rule-book model: plain data for an event (赛事), its sections (组别), entrants, rounds and
//! games, and the point system that turns outcome codes into points.
//!
//! Everything here is pure: no I/O, no clock, no GUI. Results are stored as [`Outcome`] codes,
//! never as points, so a change of [`PointSystem`] recomputes every score.

mod dates;
mod eligibility;
mod entrant;
mod event;
pub mod fide;
mod history;
mod lots;
pub mod options;
mod payment;
pub mod points;
mod role;
mod round;
mod settings;
mod team_match;

pub use dates::parse_date;
pub use eligibility::{
    Eligibility, EntryRoute, Ineligibility, RouteError, UNGRADED, canonical_grade, grade_admitted,
    is_ungraded,
};
pub use entrant::{
    Entrant, EntrantId, EntrantStatus, MAX_NAME, MAX_TEXT, Sex, is_invisible, same_unit, unit_key,
    without_invisible,
};
pub use event::{Event, EventDetails, MAX_LONG_TEXT, Section, SectionId};
pub use fide::{FideLogLine, FideRecord, LeaveReason, RuleWarning, WarningLevel};
pub use history::{Appearance, History, PlayerHistory, RoundEntry};
pub use lots::Lots;
pub use options::*;
pub use payment::{FeeFigures, Payment, PaymentMethod, PaymentState};
pub use points::{PointSystem, PointSystemPreset, Points};
pub use role::{EntryState, PhoneEntry, Role, RoleKind, RoleScope, parse_boards};
pub use round::{BoardResult, Bye, ByeKind, FOULS_FOR_LOSS, Game, GamePhase, Outcome, Round, Side};
pub use settings::{
    FirstRoundPattern, GameKind, PairingSystem, RecordMoves, SETTINGS_VERSION, SectionSettings,
    SettingsFormError, goes_into, lay_over, stored_form,
};
pub use team_match::{
    BoardGame, MatchForfeit, MatchPoints, Team, TeamBye, TeamEvent, TeamMatch, TeamNo,
};
pub use team_match::{
    BoardLineup, Lineup, LineupError, MatchRecord, TeamEntry, TeamPlayer, TeamRecords,
    board_number, check_lineup, check_women_boards, default_lineup, table_and_board,
};
