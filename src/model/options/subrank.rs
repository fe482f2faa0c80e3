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

/// The words a sub-ranking's conditions and a special prize's 可兼得 are typed in, in the
/// window's language (the reader takes the Chinese and the English ones alike).
#[derive(Clone, Copy, Debug)]
pub struct FilterWords {
    pub male: &'static str,
    pub female: &'static str,
    pub overseas: &'static str,
    pub member: &'static str,
    /// Before a grade: "级别:三级棋士".
    pub grade: &'static str,
    /// Before a free flag: "标记:外卡".
    pub flag: &'static str,
    /// 可兼得.
    pub stacks: &'static str,
}

/// A sub-ranking typed on a line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubRankingError {
    /// The line has a name and no condition.
    NoCondition,
    /// A condition that is none of the known words (the text).
    Unknown(String),
}

/// One condition word of a sub-ranking line, in either language.
fn condition(word: &str) -> Option<Filter> {
    let lower = word.to_lowercase();
    if let Some((from, to)) = word.split_once(['~', '～']) {
        return Some(Filter::BornBetween {
            from: crate::model::eligibility::day_or_none(from)?,
            to: crate::model::eligibility::day_or_none(to)?,
        });
    }
    if let Some((key, value)) = word.split_once([':', '：']) {
        let value = value.trim().to_string();
        return match key.trim().to_lowercase().as_str() {
            "级别" | "grade" if !value.is_empty() => Some(Filter::Grade(value)),
            "标记" | "flag" if !value.is_empty() => Some(Filter::Flag(value)),
            _ => None,
        };
    }
    match lower.as_str() {
        "男" | "男子" | "male" | "men" | "boys" => Some(Filter::Sex(Sex::Male)),
        "女" | "女子" | "female" | "women" | "girls" => Some(Filter::Sex(Sex::Female)),
        "境外" | "overseas" => Some(Filter::Overseas),
        "会员" | "member" => Some(Filter::Member),
        _ => None,
    }
}

impl Filter {
    /// The list a prize's or a quota's name says by itself, in either language: the men or the
    /// women for a name that is their word (男子, 女, women …), the overseas players for a name
    /// with 境外 or "overseas" (境外运动员, Overseas players), the members for one with 会员 or
    /// "member". The one place that reads a list from a name.
    pub fn said_by_name(name: &str) -> Option<Filter> {
        let lower = name.to_lowercase();
        // A name that is a sex's own word is that sex's list (seed 001: 男子、女子 placed apart).
        if let Some(sex @ Filter::Sex(_)) = condition(name.trim()) {
            return Some(sex);
        }
        if lower.contains("境外") || lower.contains("overseas") {
            Some(Filter::Overseas)
        } else if lower.contains("会员") || lower.contains("member") {
            Some(Filter::Member)
        } else {
            None
        }
    }

    /// The conditions as words, separated by spaces.
    pub fn text(&self, w: &FilterWords) -> String {
        match self {
            Filter::Sex(Sex::Female) => w.female.to_string(),
            Filter::Sex(_) => w.male.to_string(),
            Filter::BornBetween { from, to } => {
                let day = |d: &Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
                format!("{}~{}", day(from), day(to))
            }
            Filter::Overseas => w.overseas.to_string(),
            Filter::Member => w.member.to_string(),
            Filter::Grade(g) => format!("{}:{g}", w.grade),
            Filter::Flag(f) => format!("{}:{f}", w.flag),
            Filter::All(fs) => fs.iter().map(|f| f.text(w)).collect::<Vec<_>>().join(" "),
        }
    }
}

impl SubRanking {
    /// The sub-ranking as a line: its name, then its conditions ("U14女子 女 2012-01-01~").
    pub fn text(&self, w: &FilterWords) -> String {
        format!("{} {}", self.name, self.filter.text(w))
    }

    /// Reads [`SubRanking::text`]'s form: the first word is the name, every other word a
    /// condition (男/女, a birth-date range "2012-01-01~2013-12-31", 境外, 会员, "级别:…",
    /// "标记:…", or their English words); all of them must hold.
    pub fn parse(line: &str) -> Result<SubRanking, SubRankingError> {
        let mut words = line.split_whitespace();
        let name = words
            .next()
            .ok_or(SubRankingError::NoCondition)?
            .to_string();
        let mut filters = Vec::new();
        for w in words {
            filters.push(condition(w).ok_or_else(|| SubRankingError::Unknown(w.to_string()))?);
        }
        let filter = match filters.len() {
            0 => return Err(SubRankingError::NoCondition),
            1 => filters.remove(0),
            _ => Filter::All(filters),
        };
        Ok(SubRanking { name, filter })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ZH: FilterWords = FilterWords {
        male: "男",
        female: "女",
        overseas: "境外",
        member: "会员",
        grade: "级别",
        flag: "标记",
        stacks: "可兼得",
    };

    fn d(y: i32, m: u32, day: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(y, m, day)
    }

    #[test]
    fn sub_rankings_read_back_as_written() {
        // Seed 001 U14 (2012–2013), boys and girls placed apart; seed 002 境外运动员.
        let girls = SubRanking::parse("U14女子 女 2012-01-01~2013-12-31").unwrap();
        assert_eq!(
            girls,
            SubRanking {
                name: "U14女子".into(),
                filter: Filter::All(vec![
                    Filter::Sex(Sex::Female),
                    Filter::BornBetween {
                        from: d(2012, 1, 1),
                        to: d(2013, 12, 31)
                    },
                ]),
            }
        );
        for line in [
            "U14女子 女 2012-01-01~2013-12-31",
            "境外运动员 境外",
            "U18 2008-01-01~",
            "会员组 会员 级别:三级棋士 标记:外卡",
        ] {
            let s = SubRanking::parse(line).unwrap();
            assert_eq!(s.text(&ZH), line);
            assert_eq!(SubRanking::parse(&s.text(&ZH)), Ok(s));
        }
        assert_eq!(
            SubRanking::parse("Girls female").unwrap().filter,
            Filter::Sex(Sex::Female)
        );
        assert_eq!(SubRanking::parse("女子"), Err(SubRankingError::NoCondition));
        assert_eq!(
            SubRanking::parse("女子 女的"),
            Err(SubRankingError::Unknown("女的".into()))
        );
        assert_eq!(
            SubRanking::parse("U14 2012-13-01~"),
            Err(SubRankingError::Unknown("2012-13-01~".into()))
        );
    }

    #[test]
    fn a_name_says_its_list_in_either_language() {
        for name in ["境外运动员", "境外", "Overseas players", "OVERSEAS"] {
            assert_eq!(Filter::said_by_name(name), Some(Filter::Overseas), "{name}");
        }
        for name in ["会员奖", "Members' prize", "member"] {
            assert_eq!(Filter::said_by_name(name), Some(Filter::Member), "{name}");
        }
        // A sex's own word is its list (seed 001: 男子、女子 placed apart).
        for (name, sex) in [
            ("女子", Sex::Female),
            ("Women", Sex::Female),
            ("男子", Sex::Male),
        ] {
            assert_eq!(Filter::said_by_name(name), Some(Filter::Sex(sex)), "{name}");
        }
        for name in ["女子组冠军奖", "U12", "外卡", ""] {
            assert_eq!(Filter::said_by_name(name), None, "{name}");
        }
    }
}
