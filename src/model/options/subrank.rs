//! 分组排名设置 — which entrants a sub-ranking (女子, 境外运动员, U12 …) takes.

use crate::model::{Entrant, Sex};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// Which entrants a sub-ranking takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Filter {
    /// 男子 / 女子.
    Sex(Sex),
    /// Born on or after `from` and on or before `to` (an age group such as U12).
    BornBetween {
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
    },
    /// 境外运动员.
    Overseas,
    /// 会员.
    Member,
    /// 级别 equal to the text.
    Grade(String),
    /// A free flag of the entrant (e.g. "会员").
    Flag(String),
    /// Every condition holds.
    All(Vec<Filter>),
}

impl Filter {
    pub fn accepts(&self, e: &Entrant) -> bool {
        match self {
            Filter::Sex(s) => e.sex == *s,
            Filter::BornBetween { from, to } => e
                .birth_date
                .is_some_and(|d| from.is_none_or(|f| d >= f) && to.is_none_or(|t| d <= t)),
            Filter::Overseas => e.overseas,
            Filter::Member => e.member,
            Filter::Grade(g) => e.grade == *g,
            Filter::Flag(f) => e.flags.iter().any(|x| x == f),
            Filter::All(fs) => fs.iter().all(|f| f.accepts(e)),
        }
    }
}

/// A named sub-ranking of a section (e.g. "女子", "境外").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubRanking {
    pub name: String,
    pub filter: Filter,
}
