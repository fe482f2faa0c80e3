//! Section settings (组别设置): everything a rule needs, named in the rule's own terms.
//! New settings get `#[serde(default)]` so that files written before them still open.

use super::{DutchOptions, PointSystem, PointSystemPreset};
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
    pub round_robin: crate::pairing::round_robin::RoundRobinOptions,
    /// 淘汰制 options.
    pub knockout: crate::pairing::knockout::KnockoutOptions,
    /// 交叉赛 (playoff after the Swiss) options.
    pub playoff: crate::pairing::playoff::PlayoffOptions,
    /// 分阶段晋级 options.
    pub qualification: crate::pairing::qualification::QualificationOptions,
    /// 录取与奖励办法: places, prizes, titles, promotions, qualification (boxed: it is large
    /// and settings travel inside the undo journal's enum).
    pub awards: Box<crate::awards::AwardOptions>,
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
        }
    }
}

impl SectionSettings {
    /// Defaults for a chess section: FIDE Dutch, 1-½-0.
    pub fn chess() -> Self {
        SectionSettings {
            game: GameKind::Chess,
            system: PairingSystem::Dutch,
            points: PointSystemPreset::Chess.system(),
            ..SectionSettings::default()
        }
    }
}
