//! Section settings (组别设置): everything a rule needs, named in the rule's own terms.
//! New settings get `#[serde(default)]` so that files written before them still open.

use super::options::{
    AwardOptions, DutchOptions, KnockoutOptions, PlayoffOptions, Preset, QualificationOptions,
    RoundRobinOptions, StandingsSettings, XiangqiSwissOptions,
};
use super::{Eligibility, PointSystem, PointSystemPreset};
use serde::{Deserialize, Serialize};

/// 象棋 or 国际象棋.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    #[default]
    Xiangqi,
    Chess,
}

/// The pairing system of a section (赛制).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PairingSystem {
    /// 积分编排制 by the xiangqi rule book.
    #[default]
    XiangqiSwiss,
    /// FIDE (Dutch) system, C.04.3.
    Dutch,
    /// 循环制 (Berger tables, FIDE C.05 Annex 1).
    RoundRobin,
    /// 淘汰制.
    Knockout,
}

/// How round 1 is paired from the pairing numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FirstRoundPattern {
    /// The seeds' pattern: 1-2, 4-3, 5-6, 8-7 …, the first-named plays red; with an odd number
    /// the last number has the bye (seeds 000, 001).
    #[default]
    AdjacentAlternating,
    /// The rule book's pattern ([XQ-APPX] 三(一)): rating order split into halves, one player of
    /// each half paired by lot, colours by lot.
    RatingHalves,
}

/// 录谱 — the boards whose moves must be recorded (seed 000 补充细则 六: 自第二轮起，男子组前12台、
/// 女子组前三台需录谱). `boards == 0`: none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecordMoves {
    /// The first round in which moves are recorded.
    pub from_round: u32,
    /// Boards 1..=`boards` record their moves.
    pub boards: u32,
}

impl RecordMoves {
    /// Must the moves of `board` in `round` be recorded?
    pub fn applies(&self, round: u32, board: u32) -> bool {
        self.boards > 0 && round >= self.from_round.max(1) && (1..=self.boards).contains(&board)
    }
}

/// The settings of one section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SectionSettings {
    pub game: GameKind,
    pub system: PairingSystem,
    /// 轮数 — rounds scheduled.
    pub rounds: u32,
    pub points: PointSystem,
    pub first_round: FirstRoundPattern,
    /// Options of the FIDE Dutch system (used when `system` is `Dutch`).
    pub dutch: DutchOptions,
    /// 循环制 options.
    pub round_robin: RoundRobinOptions,
    /// 淘汰制 options.
    pub knockout: KnockoutOptions,
    /// 交叉赛 (playoff after the Swiss) options.
    pub playoff: PlayoffOptions,
    /// 分阶段晋级 options.
    pub qualification: QualificationOptions,
    /// 录取与奖励办法: places, prizes, titles, promotions, qualification (boxed: it is large
    /// and settings travel inside the undo journal's enum).
    pub awards: Box<AwardOptions>,
    /// 参赛资格 — birth-date range, admitted grades, sex and cap.
    #[serde(default)]
    pub eligibility: Eligibility,
    /// 积分编排制设置 — options of the xiangqi Swiss engine.
    pub xiangqi: XiangqiSwissOptions,
    /// 名次区分 — tiebreak list and ranking options.
    pub standings: StandingsSettings,
    /// 录谱 — boards that record their moves (marked on the pairing sheet and the slips).
    pub record_moves: RecordMoves,
    /// 赛程 — when each round starts, as the regulations write it ("8月29日 09:00"); item 0 is
    /// round 1. Printed in the order book and on the round's pairing sheet.
    pub round_times: Vec<String>,
}

impl Default for SectionSettings {
    fn default() -> Self {
        SectionSettings {
            game: GameKind::Xiangqi,
            system: PairingSystem::XiangqiSwiss,
            rounds: 7,
            points: PointSystemPreset::TwoOneZero.system(),
            first_round: FirstRoundPattern::AdjacentAlternating,
            dutch: DutchOptions::default(),
            round_robin: Default::default(),
            knockout: Default::default(),
            playoff: Default::default(),
            qualification: Default::default(),
            awards: Default::default(),
            eligibility: Default::default(),
            xiangqi: Default::default(),
            standings: StandingsSettings::default(),
            record_moves: RecordMoves::default(),
            round_times: Vec::new(),
        }
    }
}

impl SectionSettings {
    /// When round `round` starts, if the schedule says.
    pub fn round_time(&self, round: u32) -> Option<&str> {
        let i = usize::try_from(round).ok()?.checked_sub(1)?;
        self.round_times
            .get(i)
            .map(|t| t.trim())
            .filter(|t| !t.is_empty())
    }

    /// Defaults for a chess section: FIDE Dutch, 1-½-0.
    pub fn chess() -> Self {
        SectionSettings {
            game: GameKind::Chess,
            system: PairingSystem::Dutch,
            points: PointSystemPreset::Chess.system(),
            standings: StandingsSettings::with_list(Preset::FideSwiss.list()),
            ..SectionSettings::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_000_men_record_boards_1_to_12_from_round_2() {
        let r = RecordMoves {
            from_round: 2,
            boards: 12,
        };
        assert!(!r.applies(1, 1));
        assert!(r.applies(2, 1) && r.applies(9, 12));
        assert!(!r.applies(2, 13) && !r.applies(2, 0));
        assert!(!RecordMoves::default().applies(5, 1));
        // Files written before the setting existed read as "no board records".
        let old: SectionSettings = serde_json::from_str("{}").unwrap();
        assert_eq!(old.record_moves, RecordMoves::default());
    }
}
