//! Entrants (参赛选手): who they are and whether they are still paired.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// A stable identity for an entrant, independent of the pairing number drawn by lot.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct EntrantId(pub i64);

/// 性别.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sex {
    #[default]
    Unknown,
    Male,
    Female,
}

impl Sex {
    pub const ALL: [Sex; 3] = [Sex::Male, Sex::Female, Sex::Unknown];

    /// The stored code: "M", "F" or "".
    pub fn code(self) -> &'static str {
        match self {
            Sex::Male => "M",
            Sex::Female => "F",
            Sex::Unknown => "",
        }
    }

    pub fn from_code(code: &str) -> Option<Sex> {
        match code {
            "M" => Some(Sex::Male),
            "F" => Some(Sex::Female),
            "" => Some(Sex::Unknown),
            _ => None,
        }
    }
}

/// Whether the entrant is still paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EntrantStatus {
    #[default]
    Active,
    /// 退出 — withdrew; results so far stand, not paired from the next round on.
    Withdrawn,
    /// 取消比赛资格 — excluded (e.g. after two forfeits); not paired again.
    Excluded,
}

/// 参赛选手.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub id: EntrantId,
    /// 序号 — the pairing number, drawn by lot; `None` before the draw.
    pub number: Option<u32>,
    /// 姓名.
    pub name: String,
    pub sex: Sex,
    /// 出生日期.
    pub birth_date: Option<NaiveDate>,
    /// 单位 / 代表队.
    pub unit: String,
    /// 等级分 (rating), if any.
    pub rating: Option<i32>,
    /// 级别 / 等级称号 (e.g. "二级棋士", "三级运动员").
    pub grade: String,
    pub status: EntrantStatus,
}

impl Entrant {
    /// Is this entrant to be paired in the next round?
    pub fn is_active(&self) -> bool {
        self.status == EntrantStatus::Active
    }
}
