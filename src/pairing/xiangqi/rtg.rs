//! 随机赛事 — a random tournament generator for tests and benchmarks: draws numbers, pairs
//! every round with the engine and plays it with seeded random results, forfeits, withdrawals
//! and late entries. Pure: the same configuration and seed give the same tournament.

use super::{XiangqiSwissOptions, pair_round};
use crate::model::{
    Entrant, EntrantId, EntrantStatus, Game, Lots, Outcome, PointSystem, Round, Section,
};
use crate::pairing::rtg::{Play, play_rounds};
use crate::pairing::{PairingError, draw_numbers};

/// What to generate.
#[derive(Clone, Debug)]
pub struct RtgConfig {
    pub players: u32,
    pub rounds: u32,
    pub points: PointSystem,
    /// Number of units (单位) the players come from; 0 = no units.
    pub units: u32,
    /// Chance per game, in thousandths, that a player forfeits.
    pub forfeit_permille: u32,
    /// Chance per player and round, in thousandths, of withdrawing after the round.
    pub withdraw_permille: u32,
    /// Players who join after round 1 (each at a random round 2..=3).
    pub late_entries: u32,
    pub options: XiangqiSwissOptions,
}

impl Default for RtgConfig {
    fn default() -> Self {
        RtgConfig {
            players: 20,
            rounds: 7,
            points: PointSystem::default(),
            units: 5,
            forfeit_permille: 20,
            withdraw_permille: 10,
            late_entries: 0,
            options: XiangqiSwissOptions::default(),
        }
    }
}

/// A generated tournament: the section with every round paired and played, and the round at
/// which pairing stopped early because no pairing respected the absolute rules.
#[derive(Clone, Debug)]
pub struct Generated {
    pub section: Section,
    pub stopped_at: Option<u32>,
}

fn entrant(k: u32, number: u32, units: u32) -> Entrant {
    Entrant {
        id: EntrantId(i64::from(k)),
        number: Some(number),
        name: format!("P{k}"),
        unit: if units == 0 {
            String::new()
        } else {
            format!("U{}", k % units)
        },
        ..Entrant::default()
    }
}

/// A random outcome: red wins 40 %, draws 25 %, black wins 35 %, with forfeits at `ff`‰ a side.
fn outcome(lots: &mut Lots, ff: u32) -> Outcome {
    let red_ff = lots.below(1000) < u64::from(ff);
    let black_ff = lots.below(1000) < u64::from(ff);
    match (red_ff, black_ff) {
        (true, true) => Outcome::DoubleForfeit,
        (true, false) => Outcome::BlackWinByForfeit,
        (false, true) => Outcome::RedWinByForfeit,
        _ => match lots.below(100) {
            0..40 => Outcome::RedWin,
            40..65 => Outcome::Draw,
            _ => Outcome::BlackWin,
        },
    }
}

/// The xiangqi Swiss's way of playing: late entries join before their round, results as
/// [`outcome`] draws them, withdrawals after each round.
struct XiangqiPlay<'a> {
    cfg: &'a RtgConfig,
    lots: Lots,
    late: Vec<(u32, u32)>,
}

impl Play for XiangqiPlay<'_> {
    fn before_round(&mut self, s: &mut Section, r: u32) {
        for &(k, at) in &self.late {
            if at == r {
                s.entrants.push(entrant(k, k, self.cfg.units));
            }
        }
    }

    fn pair(&mut self, s: &Section, r: u32) -> Result<Round, PairingError> {
        pair_round(s, r, &self.cfg.options).map(|p| p.round)
    }

    fn outcome(&mut self, _: &Section, _: &Game) -> Outcome {
        outcome(&mut self.lots, self.cfg.forfeit_permille)
    }

    fn after_round(&mut self, s: &mut Section, _: u32) {
        for e in &mut s.entrants {
            if e.is_active() && self.lots.below(1000) < u64::from(self.cfg.withdraw_permille) {
                e.status = EntrantStatus::Withdrawn;
            }
        }
    }
}

/// Generates a tournament from `seed`.
pub fn generate(cfg: &RtgConfig, seed: u64) -> Result<Generated, PairingError> {
    let mut lots = Lots::new(seed);
    let mut s = Section::default();
    s.settings.rounds = cfg.rounds;
    s.settings.points = cfg.points;
    s.settings.xiangqi = cfg.options.clone();
    s.lot_seed = Some(seed);
    let ids: Vec<EntrantId> = (1..=cfg.players).map(|k| EntrantId(i64::from(k))).collect();
    for (id, n) in draw_numbers(&ids, seed) {
        s.entrants.push(entrant(id.0 as u32, n, cfg.units));
    }
    let late: Vec<(u32, u32)> = (0..cfg.late_entries)
        .map(|k| (cfg.players + 1 + k, 2 + lots.below(2) as u32))
        .collect();
    let mut play = XiangqiPlay { cfg, lots, late };
    let stopped_at = play_rounds(&mut s, &mut play)?;
    Ok(Generated {
        section: s,
        stopped_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_tournament() {
        let cfg = RtgConfig {
            players: 11,
            rounds: 5,
            late_entries: 1,
            ..RtgConfig::default()
        };
        let a = generate(&cfg, 7).unwrap();
        let b = generate(&cfg, 7).unwrap();
        assert_eq!(a.section, b.section);
        assert_eq!(a.section.entrants.len(), 12);
        let paired = a.section.rounds.len() as u32;
        assert_eq!(paired, a.stopped_at.map_or(5, |r| r - 1));
        assert!(a.section.rounds.iter().all(|r| r.is_complete()));
    }
}
