//! 选手状态 — what the engine knows about each entrant before a round: score, opponents met,
//! colour sequence, byes, floats and forfeits, all read from the rounds already paired
//! (rules.md §1.4.2 “Player state kept per round”).

use super::XiangqiSwissOptions;
use crate::model::{ByeKind, EntrantId, Points, Section, Side};
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
}

/// The state of every entrant of `section` before round `round` (rounds numbered below it).
pub fn states_before(
    section: &Section,
    round: u32,
    options: &XiangqiSwissOptions,
) -> HashMap<EntrantId, PlayerState> {
    let ps = &section.settings.points;
    let mut st: HashMap<EntrantId, PlayerState> = section
        .entrants
        .iter()
        .map(|e| {
            let s = PlayerState {
                id: e.id,
                number: e.number.unwrap_or(u32::MAX),
                unit: e.unit.trim().to_string(),
                score: Points::ZERO,
                colours: Vec::new(),
                met: BTreeSet::new(),
                byes: 0,
                floats: Vec::new(),
                forfeit_rounds: Vec::new(),
                summary: OnceLock::new(),
            };
            (e.id, s)
        })
        .collect();
    let mut rounds: Vec<_> = section.rounds.iter().filter(|r| r.number < round).collect();
    rounds.sort_by_key(|r| r.number);
    for r in rounds {
        let before: HashMap<EntrantId, Points> = st.iter().map(|(k, v)| (*k, v.score)).collect();
        let score = |id: &EntrantId| before.get(id).copied().unwrap_or_default();
        for g in r.regular_games() {
            let played = g.outcome.is_none_or(|o| o.is_played());
            let met = played || options.forfeit_counts_as_met;
            let (fr, fb) = match score(&g.red).cmp(&score(&g.black)) {
                std::cmp::Ordering::Greater => (Float::Down, Float::Up),
                std::cmp::Ordering::Less => (Float::Up, Float::Down),
                std::cmp::Ordering::Equal => (Float::None, Float::None),
            };
            for (me, other, side, fl) in [
                (g.red, g.black, Side::Red, fr),
                (g.black, g.red, Side::Black, fb),
            ] {
                if let Some(p) = st.get_mut(&me) {
                    if met {
                        p.met.insert(other);
                    }
                    if played {
                        p.colours.push(side);
                    }
                    if g.outcome.is_some_and(|o| o.forfeited_by(side)) {
                        p.forfeit_rounds.push(r.number);
                    }
                    p.floats.push(fl);
                    if let Some(o) = g.outcome {
                        p.score += o.points(side, ps);
                    }
                }
            }
        }
        for b in &r.byes {
            if let Some(p) = st.get_mut(&b.entrant) {
                p.score += b.kind.points(ps);
                if b.kind == ByeKind::Pairing {
                    p.byes += 1;
                    p.floats.push(Float::Down);
                }
            }
        }
    }
    st
}
