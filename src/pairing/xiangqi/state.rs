//! 选手状态 — what the engine knows about each entrant before a round: score, opponents met,
//! colour sequence, byes, floats and forfeits, all read from the rounds already paired
//! (rules.md §1.4.2 “Player state kept per round”).

use super::XiangqiSwissOptions;
use crate::model::{EntrantId, History, Points, Section, Side};
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// Which way a player floated in a round (上调/下调).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    None,
    /// 下调 — met a lower scorer, or had the bye.
    Down,
    /// 上调 — met a higher scorer.
    Up,
}

/// The state of one entrant before the round being paired.
#[derive(Clone, Debug)]
pub struct PlayerState {
    pub id: EntrantId,
    /// 序号.
    pub number: u32,
    /// 单位.
    pub unit: String,
    /// 积分 before the round.
    pub score: Points,
    /// Colours of games played over the board, in round order (forfeits and byes leave none,
    /// rules.md §1.6.5).
    pub colours: Vec<Side>,
    /// Opponents met (incl. forfeits when the setting says so).
    pub met: BTreeSet<EntrantId>,
    /// Entrants he may not be paired with in the round (the section's prohibited pairings).
    pub prohibited: BTreeSet<EntrantId>,
    /// Pairing-allocated byes received.
    pub byes: u32,
    /// Float of each earlier round in which the player took part, in round order.
    pub floats: Vec<Float>,
    /// Rounds (numbers) in which the player forfeited.
    pub forfeit_rounds: Vec<u32>,
    /// Colour counts and streak, read once from `colours` (pairing asks for them many times).
    pub summary: OnceLock<ColourSummary>,
}

/// Counts read from a colour sequence.
#[derive(Clone, Copy, Debug)]
pub struct ColourSummary {
    pub reds: i32,
    pub blacks: i32,
    pub streak: Option<(Side, u32)>,
}

impl PlayerState {
    fn summary(&self) -> &ColourSummary {
        self.summary.get_or_init(|| {
            let reds = self.colours.iter().filter(|c| **c == Side::Red).count() as i32;
            let streak = self.colours.last().map(|&last| {
                let n = self
                    .colours
                    .iter()
                    .rev()
                    .take_while(|c| **c == last)
                    .count();
                (last, n as u32)
            });
            ColourSummary {
                reds,
                blacks: self.colours.len() as i32 - reds,
                streak,
            }
        })
    }

    pub fn reds(&self) -> i32 {
        self.summary().reds
    }

    pub fn blacks(&self) -> i32 {
        self.summary().blacks
    }

    /// reds − blacks.
    pub fn imbalance(&self) -> i32 {
        self.reds() - self.blacks()
    }

    /// The last colour and how many times running it was played.
    pub fn streak(&self) -> Option<(Side, u32)> {
        self.summary().streak
    }

    /// 上下差 — up-floats minus down-floats.
    pub fn float_balance(&self) -> i32 {
        self.floats
            .iter()
            .map(|f| match f {
                Float::Up => 1,
                Float::Down => -1,
                Float::None => 0,
            })
            .sum()
    }

    pub fn last_float(&self) -> Float {
        self.floats.last().copied().unwrap_or(Float::None)
    }

    pub fn has_met(&self, other: EntrantId) -> bool {
        self.met.contains(&other)
    }

    /// Is his pairing with `other` prohibited this round?
    pub fn may_not_meet(&self, other: EntrantId) -> bool {
        self.prohibited.contains(&other)
    }
}

/// The state of every entrant of `section` before round `round` (rounds numbered below it), read
/// from the section's [`History`]. A game still in progress counts as played over the board
/// (its colour and opponent count) and scores nothing yet.
pub fn states_before(
    section: &Section,
    round: u32,
    options: &XiangqiSwissOptions,
) -> HashMap<EntrantId, PlayerState> {
    let history = History::new(section, round.saturating_sub(1));
    section
        .entrants
        .iter()
        .zip(history.players())
        .map(|(e, h)| {
            let mut s = PlayerState {
                id: e.id,
                number: e.number.unwrap_or(u32::MAX),
                unit: e.unit.trim().to_string(),
                score: h.total(),
                colours: Vec::new(),
                met: BTreeSet::new(),
                prohibited: section
                    .settings
                    .prohibited
                    .iter()
                    .filter(|p| p.holds_in(round))
                    .filter_map(|p| p.partner(e.id))
                    .collect(),
                byes: h.pairing_byes(),
                floats: Vec::new(),
                forfeit_rounds: Vec::new(),
                summary: OnceLock::new(),
            };
            for (r, entry) in (1..).zip(h.rounds()) {
                let a = &entry.appearance;
                let met = if options.forfeit_counts_as_met {
                    a.opponent()
                } else {
                    a.opponent_over_the_board()
                };
                s.met.extend(met);
                s.colours.extend(a.colour());
                if a.is_forfeit() {
                    s.forfeit_rounds.push(r);
                }
                if a.opponent().is_some() {
                    let theirs = entry
                        .opponent_index
                        .map_or(Points::ZERO, |o| history.player_at(o).score_before(r));
                    s.floats.push(match h.score_before(r).cmp(&theirs) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    });
                } else if a.is_pairing_bye() {
                    s.floats.push(Float::Down);
                }
            }
            (e.id, s)
        })
        .collect()
}
