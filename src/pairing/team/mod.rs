//! 团体编排 — pairing the teams of a team section (团体赛). What every team system reads is one
//! [`TeamPairingInput`]: the [`TeamEvent`] so far (matches, byes, 场分 and 局分 follow from it),
//! the teams in pairing-number order with their unit and rating, and who is absent from the
//! round. What it gives is one [`TeamPairing`]: matches in table order, the first-named team
//! taking the first board's first move (red / white), and at most one team bye. The boards of a
//! match follow from the two line-ups and the board-colour rule (rules.md §1.8: the first-named
//! team has odd boards red); that is not the pairing's business.

pub mod fide;
pub mod round_robin;
pub mod xiangqi;

use crate::model::{PairingSystem, SectionSettings, TeamEvent, TeamNo};

/// One team as a pairing system sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingTeam {
    pub number: TeamNo,
    /// 单位 — teams of one unit (a club's 一队 and 二队) may be kept apart as players are.
    pub unit: String,
    /// The team's rating (the mean of its top boards' ratings), if any.
    pub rating: Option<u32>,
    /// Absent from this round (withdrawn or excused): not paired, no bye.
    pub absent: bool,
}

/// Everything a team pairing system reads for one round.
#[derive(Clone, Debug)]
pub struct TeamPairingInput<'a> {
    /// The rounds played so far (only rounds before `round` are read).
    pub event: &'a TeamEvent,
    /// The round to pair, 1-based.
    pub round: u32,
    /// Every team of the section in pairing-number order (1, 2, …).
    pub teams: &'a [PairingTeam],
    /// The section's settings (system, team options, same-unit and colour rules, lot seed).
    pub settings: &'a SectionSettings,
    /// The seed of any lot the system draws (the section's lot seed and the round).
    pub seed: u64,
}

/// One match of a round: `first` is named first and has the first move on board 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairedMatch {
    pub first: TeamNo,
    pub second: TeamNo,
}

/// A round of a team section: its matches in table order, and the team with the
/// pairing-allocated bye, if the number of teams present is odd.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TeamPairing {
    pub matches: Vec<PairedMatch>,
    pub bye: Option<TeamNo>,
}

/// Why a round could not be paired: the teams the system's absolute rules left unpaired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamPairingError {
    pub round: u32,
    pub unpaired: Vec<TeamNo>,
}

/// Why [`pair_team_round`] paired nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamRoundError {
    /// The system's rules left these teams unpaired.
    Unpaired(TeamPairingError),
    /// The section's system has no team pairing in this program (yet): the system.
    NoTeamSystem(PairingSystem),
}

/// Pairs round `input.round` of a team section by its system: 循环 by the Berger table
/// ([`round_robin::pair`]); FIDE's Swiss for teams (C.04.6, [`fide::pair`]) for `Dutch`; the
/// xiangqi team Swiss ([`xiangqi::pair`]) for `XiangqiSwiss`; a knockout of teams is not paired
/// by this program.
pub fn pair_team_round(input: &TeamPairingInput) -> Result<TeamPairing, TeamRoundError> {
    let system = input.settings.system;
    match system {
        PairingSystem::RoundRobin => round_robin::pair(input).map_err(TeamRoundError::Unpaired),
        PairingSystem::Dutch => fide::pair(input).map_err(TeamRoundError::Unpaired),
        PairingSystem::XiangqiSwiss => xiangqi::pair(input).map_err(TeamRoundError::Unpaired),
        PairingSystem::Knockout => Err(TeamRoundError::NoTeamSystem(system)),
    }
}
