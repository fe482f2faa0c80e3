//! A generator of random team tournaments, played round by round through a team pairing
//! engine: teams of pairing numbers 1…n (their rating falls with the number, so results lean
//! towards the stronger team), some of one unit, some absent in a round or withdrawn for good,
//! random board results on `boards` boards (the first-named team red on the odd boards), now
//! and then a match forfeited as a whole. Shared by the team Swiss tests and the
//! `team_pairing` benchmark.

#![allow(dead_code)]

use bianpai::model::{
    BoardGame, ByeKind, FirstRoundPattern, Lots, MatchForfeit, MatchPoints, Points,
    SectionSettings, Side, Team, TeamBye, TeamEvent, TeamMatch, TeamNo, TeamSectionOptions,
    XiangqiSwissOptions,
};
use bianpai::pairing::team::{PairingTeam, TeamPairing, TeamPairingError, TeamPairingInput};

/// A pairing engine of team sections.
pub type Engine = fn(&TeamPairingInput) -> Result<TeamPairing, TeamPairingError>;

#[derive(Clone, Debug)]
pub struct TeamGenConfig {
    pub teams: u32,
    pub boards: u32,
    /// Rounds played (and planned).
    pub rounds: u32,
    /// Units the teams are drawn from (0: every team its own).
    pub units: u32,
    /// Chance (‰) that a team misses a round.
    pub absent_permille: u32,
    /// Chance (‰) that a team withdraws for good after a round.
    pub withdraw_permille: u32,
    /// Chance (‰) that a match is forfeited as a whole.
    pub forfeit_permille: u32,
    pub match_points: MatchPoints,
    pub first_round: FirstRoundPattern,
    pub options: XiangqiSwissOptions,
}

impl TeamGenConfig {
    /// `teams` teams of four boards, `rounds` rounds, the xiangqi defaults.
    pub fn new(teams: u32, rounds: u32) -> TeamGenConfig {
        TeamGenConfig {
            teams,
            boards: 4,
            rounds,
            units: 0,
            absent_permille: 0,
            withdraw_permille: 0,
            forfeit_permille: 0,
            match_points: MatchPoints::default(),
            first_round: FirstRoundPattern::AdjacentAlternating,
            options: XiangqiSwissOptions::default(),
        }
    }

    /// The section settings of the tournament.
    pub fn settings(&self) -> SectionSettings {
        SectionSettings {
            rounds: self.rounds,
            first_round: self.first_round,
            xiangqi: self.options.clone(),
            team_section: Some(TeamSectionOptions {
                boards: self.boards,
                match_points: self.match_points,
                ..TeamSectionOptions::default()
            }),
            ..SectionSettings::default()
        }
    }
}

/// A tournament played so far.
#[derive(Clone, Debug)]
pub struct Generated {
    pub event: TeamEvent,
    pub settings: SectionSettings,
    /// The teams as each round saw them (item 0: round 1), absent flags included.
    pub teams: Vec<Vec<PairingTeam>>,
    /// The engine's pairing of each round played.
    pub pairings: Vec<TeamPairing>,
    /// The round the engine could not pair, and its error.
    pub stopped: Option<TeamPairingError>,
    /// The teams as the refused round saw them.
    pub stopped_teams: Vec<PairingTeam>,
}

/// The teams of a fresh tournament.
pub fn teams(cfg: &TeamGenConfig, lots: &mut Lots) -> Vec<PairingTeam> {
    (1..=cfg.teams)
        .map(|n| PairingTeam {
            number: n,
            unit: if cfg.units == 0 {
                String::new()
            } else {
                format!("单位{}", lots.below(u64::from(cfg.units)))
            },
            rating: Some(2400 - 10 * n),
            absent: false,
        })
        .collect()
}

/// The boards of a match between `first` and `second`, leaning towards the better number.
fn boards(cfg: &TeamGenConfig, lots: &mut Lots, first: TeamNo, second: TeamNo) -> Vec<BoardGame> {
    let lean = (i64::from(second) - i64::from(first)).clamp(-10, 10);
    (1..=cfg.boards)
        .map(|b| {
            let r = lots.below(100) as i64 + lean * 2;
            let (f, s) = if r >= 62 {
                (2, 0)
            } else if r >= 32 {
                (1, 1)
            } else {
                (0, 2)
            };
            BoardGame {
                board: b,
                first_colour: if b % 2 == 1 { Side::Red } else { Side::Black },
                first: Points(f),
                second: Points(s),
                forfeit: false,
            }
        })
        .collect()
}

/// Plays `cfg.rounds` rounds through `engine` (stopping at a round it cannot pair).
pub fn play(cfg: &TeamGenConfig, seed: u64, engine: Engine) -> Generated {
    play_until(cfg, seed, engine, cfg.rounds + 1)
}

/// As [`play`], the rounds before `until` only.
pub fn play_until(cfg: &TeamGenConfig, seed: u64, engine: Engine, until: u32) -> Generated {
    let mut lots = Lots::new(seed);
    let mut roster = teams(cfg, &mut lots);
    let mut event = TeamEvent::new(cfg.boards, cfg.rounds);
    event.match_points = cfg.match_points;
    event.pairing_bye_mp = cfg.match_points.draw;
    event.teams = roster
        .iter()
        .map(|t| Team {
            number: t.number,
            name: format!("队{}", t.number),
            code: String::new(),
        })
        .collect();
    let settings = cfg.settings();
    let mut out = Generated {
        event,
        settings,
        teams: Vec::new(),
        pairings: Vec::new(),
        stopped: None,
        stopped_teams: Vec::new(),
    };
    let mut withdrawn = vec![false; cfg.teams as usize];
    for round in 1..until.min(cfg.rounds + 1) {
        for (k, t) in roster.iter_mut().enumerate() {
            t.absent = withdrawn[k] || lots.below(1000) < u64::from(cfg.absent_permille);
        }
        let input = TeamPairingInput {
            event: &out.event,
            round,
            teams: &roster,
            settings: &out.settings,
            seed: seed ^ u64::from(round),
        };
        let pairing = match engine(&input) {
            Ok(p) => p,
            Err(e) => {
                out.stopped = Some(e);
                out.stopped_teams = roster.clone();
                break;
            }
        };
        for m in &pairing.matches {
            let forfeit = (lots.below(1000) < u64::from(cfg.forfeit_permille)).then(|| {
                [
                    MatchForfeit::FirstWins,
                    MatchForfeit::SecondWins,
                    MatchForfeit::Both,
                ][lots.below(3) as usize]
            });
            out.event.matches.push(TeamMatch {
                round,
                first: m.first,
                second: m.second,
                first_colour: Side::Red,
                boards: if forfeit.is_some() {
                    Vec::new()
                } else {
                    boards(cfg, &mut lots, m.first, m.second)
                },
                forfeit,
            });
        }
        if let Some(team) = pairing.bye {
            out.event.byes.push(TeamBye {
                round,
                team,
                kind: ByeKind::Pairing,
            });
        }
        for t in roster.iter().filter(|t| t.absent) {
            if lots.below(2) == 0 {
                out.event.byes.push(TeamBye {
                    round,
                    team: t.number,
                    kind: ByeKind::Zero,
                });
            }
        }
        out.teams.push(roster.clone());
        out.pairings.push(pairing);
        for w in withdrawn.iter_mut() {
            *w = *w || lots.below(1000) < u64::from(cfg.withdraw_permille);
        }
    }
    out
}
