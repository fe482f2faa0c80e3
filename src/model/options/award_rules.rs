//! 录取与奖励规则 — the parts of a section's award rules: places awarded, prize tables,
//! special prizes, the promotion table of grade events and titles by place. What the rules
//! give for a ranking is computed in `crate::awards`.

use serde::{Deserialize, Serialize};

/// 录取名次 — the rule that gives the number of places awarded from the number of entrants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlacesRule {
    /// “取前八名，不足9人参赛，减一录取名次” (seeds 000, 001): `min(places, N − 1)`.
    ReduceIfFewer { places: u32 },
    /// “人数80名(含)以内录取前八名，80名以上录取前16名，不足八人则酌情减少” (seed 004):
    /// `up_to_places` when N ≤ `threshold`, else `above_places`; never more than N.
    BySize {
        threshold: u32,
        up_to_places: u32,
        above_places: u32,
    },
    /// A fixed count set by the regulations for this section (seed 001: 女子个人组 前六名);
    /// never more than N.
    Fixed { places: u32 },
}

impl Default for PlacesRule {
    /// The rule book's default (rules.md §1.9): eight places, one fewer below nine entrants.
    fn default() -> Self {
        PlacesRule::ReduceIfFewer { places: 8 }
    }
}

/// 税前 or 税后 — only printed beside the amounts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaxBasis {
    /// 税前.
    #[default]
    BeforeTax,
    /// 税后.
    AfterTax,
}

/// Places `from`..=`to` are each paid `amount` yuan (第9–12名各300元).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeBand {
    pub from: u32,
    pub to: u32,
    /// 元, for each place of the band.
    pub amount: i64,
}

impl PrizeBand {
    /// One place.
    pub const fn place(place: u32, amount: i64) -> PrizeBand {
        PrizeBand {
            from: place,
            to: place,
            amount,
        }
    }

    /// A range of places, each paid `amount`.
    pub const fn range(from: u32, to: u32, amount: i64) -> PrizeBand {
        PrizeBand { from, to, amount }
    }
}

/// 奖金标准 — the money per place of one ranking.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeTable {
    pub bands: Vec<PrizeBand>,
    pub tax: TaxBasis,
}

/// A prize for the best of a sub-ranking (seed 002: 另奖境外运动员前8名各0.1万元).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialPrize {
    /// The sub-ranking's name, e.g. "境外运动员"; the key of its list of entrants.
    pub name: String,
    /// Bands by place within the sub-ranking.
    pub table: PrizeTable,
    /// 可兼得 — the winner keeps both this and the place prize. When false, a player with both
    /// keeps only the larger (the place prize on equal amounts); the dropped prize is not passed
    /// on.
    pub stacks: bool,
}

/// One row of the promotion table (各级晋升得分率): from `from_grade` to `to_grade` with a score
/// rate of at least `rate_percent` %.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromotionStep {
    /// 原级别, matched against the entrant's grade (surrounding spaces ignored).
    pub from_grade: String,
    /// 晋升级别.
    pub to_grade: String,
    /// 得分率, in whole percent; reached means at least this rate.
    pub rate_percent: u32,
}

/// Who stops being paired during a grade event (rules.md §3.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EarlyStop {
    /// 全程参赛，中途没有淘汰 — everyone plays every round.
    #[default]
    Never,
    /// Stop once the lowest target is reached, or once no target can be reached.
    StopAtFirst,
    /// Stop once no target can be reached, or once a target is reached and no higher one can
    /// be (the rule book's default for two-target grades, open question Q8).
    ContinueWhileHigherReachable,
}

/// The promotion table and the early-stopping rule of a grade event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PromotionOptions {
    pub table: Vec<PromotionStep>,
    pub early_stop: EarlyStop,
    /// Whether byes count toward the score rate with their point value (the rule book's
    /// default, open question Q9) or count nothing.
    pub byes_count: bool,
}

impl Default for PromotionOptions {
    fn default() -> Self {
        PromotionOptions {
            table: Vec::new(),
            early_stop: EarlyStop::Never,
            byes_count: true,
        }
    }
}

/// Places `from`..=`to` may be granted `title`, if at least `min_played` players of the section
/// played a game over the board (0: no minimum).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TitleRule {
    /// e.g. 三级运动员.
    pub title: String,
    pub from: u32,
    pub to: u32,
    /// “须至少有15人上场比赛方可授予等级称号”.
    pub min_played: u32,
}
