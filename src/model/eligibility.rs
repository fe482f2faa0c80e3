//! 参赛资格 — a section's entry rules: the birth-date range of its age group, the grades
//! (级别) it admits, a sex if it is a men's or women's section, the cap on entries
//! (限报人数), and the ways in of which one must hold (符合以下要求之一: seed 004 公开组 admits a
//! grade, another grade, or anyone of 18). The rule book only says whether one entrant meets
//! them; the importer applies them row by row and counts the cap.

use super::{Entrant, Sex};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// The entry rules of one section. Every rule is off when left at its default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Eligibility {
    /// 出生日期 from (inclusive), e.g. U12 of seed 001: 2014-01-01.
    pub born_from: Option<NaiveDate>,
    /// 出生日期 to (inclusive), e.g. U12 of seed 001: 2015-12-31.
    pub born_to: Option<NaiveDate>,
    /// 允许的级别 — the grades admitted; empty admits any grade, even none.
    pub grades: Vec<String>,
    /// 男子组 / 女子组: the only sex admitted.
    pub sex: Option<Sex>,
    /// 限报人数 — at most this many entrants (seed 001: 300).
    pub cap: Option<u32>,
    /// 符合以下要求之一 — when not empty, an entrant must meet at least one of these besides
    /// the rules above.
    pub any_of: Vec<EntryRoute>,
}

/// One way into a section, of several: every condition it gives holds (an empty one is no
/// condition). Seed 004 公开组: (1) 上海1级 or above, (2) 一级棋士 or above, (3) 年满18周岁.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EntryRoute {
    pub born_from: Option<NaiveDate>,
    pub born_to: Option<NaiveDate>,
    /// The grades this way admits (a grade "or above" is its list written out).
    pub grades: Vec<String>,
}

/// A way in typed on a line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RouteError {
    /// A date that is no date (the text).
    Date(String),
    /// Neither dates nor grades.
    Empty,
}

/// One end of a birth-date range as typed in a settings line: 2008-01-31, 2008/1/31 or
/// 2008.1.31; empty is no bound (`Some(None)`), anything else no date (`None`).
pub(crate) fn day_or_none(text: &str) -> Option<Option<NaiveDate>> {
    let t = text.trim();
    if t.is_empty() {
        return Some(None);
    }
    match t.split(['-', '/', '.']).collect::<Vec<_>>().as_slice() {
        [y, m, d] => {
            NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?).map(Some)
        }
        _ => None,
    }
}

impl EntryRoute {
    /// Does `e` come in this way?
    pub fn admits(&self, e: &Entrant) -> bool {
        let dates = (self.born_from.is_none() && self.born_to.is_none())
            || e.birth_date.is_some_and(|d| {
                self.born_from.is_none_or(|f| d >= f) && self.born_to.is_none_or(|t| d <= t)
            });
        let grade =
            self.grades.is_empty() || self.grades.iter().any(|g| g.trim() == e.grade.trim());
        dates && grade
    }

    /// The way in as typed: the birth dates as "1951-01-01~2008-01-31" (either end may be
    /// left out), then the grades separated by 、; either part may be missing.
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if self.born_from.is_some() || self.born_to.is_some() {
            let day = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
            parts.push(format!("{}~{}", day(self.born_from), day(self.born_to)));
        }
        if !self.grades.is_empty() {
            parts.push(self.grades.join("、"));
        }
        parts.join(" ")
    }

    /// Reads [`EntryRoute::text`]'s form: a part holding "~" is the birth dates, every other
    /// part (split by spaces, 、 or commas) a grade. Dates are written 2008-01-31, 2008/1/31 or
    /// 2008.1.31.
    pub fn parse(line: &str) -> Result<EntryRoute, RouteError> {
        let mut route = EntryRoute::default();
        for part in line
            .split([' ', '\u{3000}', '、', ',', '，', ';', '；'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            match part.split_once(['~', '～']) {
                Some((from, to)) => {
                    let date = |t: &str| {
                        day_or_none(t).ok_or_else(|| RouteError::Date(t.trim().to_string()))
                    };
                    route.born_from = date(from)?;
                    route.born_to = date(to)?;
                }
                None => route.grades.push(part.to_string()),
            }
        }
        if route == EntryRoute::default() {
            return Err(RouteError::Empty);
        }
        Ok(route)
    }
}

/// Why an entrant does not meet a section's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ineligibility {
    /// The section has an age range and the entrant's birth date is not known.
    BirthDateMissing,
    /// Born before the range starts (too old).
    BornBefore(NaiveDate),
    /// Born after the range ends (too young).
    BornAfter(NaiveDate),
    /// The grade is not among those admitted.
    GradeNotAdmitted,
    /// The section admits only this sex.
    SexNotAdmitted(Sex),
    /// Meets none of the ways in (符合以下要求之一).
    NoRoute,
}

impl Eligibility {
    /// Does this section have an age range?
    pub fn has_age_range(&self) -> bool {
        self.born_from.is_some() || self.born_to.is_some()
    }

    /// Every rule `e` breaks (the cap is not a rule of one entrant and is not checked here).
    pub fn check(&self, e: &Entrant) -> Vec<Ineligibility> {
        let mut out = Vec::new();
        if self.has_age_range() {
            match e.birth_date {
                None => out.push(Ineligibility::BirthDateMissing),
                Some(d) => {
                    if let Some(from) = self.born_from
                        && d < from
                    {
                        out.push(Ineligibility::BornBefore(from));
                    }
                    if let Some(to) = self.born_to
                        && d > to
                    {
                        out.push(Ineligibility::BornAfter(to));
                    }
                }
            }
        }
        if !self.grades.is_empty() && !self.grades.iter().any(|g| g.trim() == e.grade.trim()) {
            out.push(Ineligibility::GradeNotAdmitted);
        }
        if !self.any_of.is_empty() && !self.any_of.iter().any(|r| r.admits(e)) {
            out.push(Ineligibility::NoRoute);
        }
        if let Some(sex) = self.sex
            && e.sex != sex
        {
            out.push(Ineligibility::SexNotAdmitted(sex));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    /// Seed 001: "U12组：2014年1月1日至2015年12月31日出生。"
    fn u12() -> Eligibility {
        Eligibility {
            born_from: Some(d(2014, 1, 1)),
            born_to: Some(d(2015, 12, 31)),
            ..Eligibility::default()
        }
    }

    fn born(date: Option<NaiveDate>) -> Entrant {
        Entrant {
            name: "张三".into(),
            birth_date: date,
            ..Entrant::default()
        }
    }

    #[test]
    fn seed_001_u12_range_is_inclusive_at_both_ends() {
        let r = u12();
        assert!(r.check(&born(Some(d(2014, 1, 1)))).is_empty());
        assert!(r.check(&born(Some(d(2015, 12, 31)))).is_empty());
        assert_eq!(
            r.check(&born(Some(d(2013, 12, 31)))),
            vec![Ineligibility::BornBefore(d(2014, 1, 1))]
        );
        assert_eq!(
            r.check(&born(Some(d(2016, 1, 1)))),
            vec![Ineligibility::BornAfter(d(2015, 12, 31))]
        );
        assert_eq!(r.check(&born(None)), vec![Ineligibility::BirthDateMissing]);
    }

    /// Seed 004 公开组 (the event begins 2026-01-31), "须符合以下要求之一：(1)上海1级级位证书及
    /// 以上；(2)中国国际象棋协会国际象棋一级棋士证书及以上；(3)年满18周岁".
    #[test]
    fn seed_004_open_admits_one_way_or_another() {
        let r = Eligibility {
            any_of: vec![
                EntryRoute::parse("上海1级、上海候补大师、上海大师").unwrap(),
                EntryRoute::parse("一级棋士 候补大师 大师").unwrap(),
                EntryRoute::parse("~2008-01-31").unwrap(),
            ],
            ..Eligibility::default()
        };
        let player = |grade: &str, born: NaiveDate| Entrant {
            grade: grade.into(),
            birth_date: Some(born),
            ..Entrant::default()
        };
        // A 12-year-old 上海1级, a 14-year-old 一级棋士, an adult of no grade: in.
        assert!(r.check(&player("上海1级", d(2014, 3, 1))).is_empty());
        assert!(r.check(&player("候补大师", d(2012, 3, 1))).is_empty());
        assert!(r.check(&player("", d(2008, 1, 31))).is_empty());
        // A 17-year-old 二级棋士: none of the three.
        assert_eq!(
            r.check(&player("二级棋士", d(2008, 2, 1))),
            vec![Ineligibility::NoRoute]
        );
        // Each way reads back as written.
        for route in &r.any_of {
            assert_eq!(EntryRoute::parse(&route.text()).as_ref(), Ok(route));
        }
        assert_eq!(r.any_of[2].text(), "~2008-01-31");
        assert_eq!(
            EntryRoute::parse("1951-01-01～2008-12-31 三级运动员"),
            Ok(EntryRoute {
                born_from: Some(d(1951, 1, 1)),
                born_to: Some(d(2008, 12, 31)),
                grades: vec!["三级运动员".into()],
            })
        );
        assert_eq!(
            EntryRoute::parse("2008-13-01~"),
            Err(RouteError::Date("2008-13-01".into()))
        );
        assert_eq!(EntryRoute::parse(" 、 "), Err(RouteError::Empty));
    }

    #[test]
    fn no_rules_admit_everyone() {
        assert!(Eligibility::default().check(&born(None)).is_empty());
    }

    #[test]
    fn grades_and_sex() {
        let r = Eligibility {
            grades: vec!["三级运动员".into(), "二级运动员".into()],
            sex: Some(Sex::Female),
            ..Eligibility::default()
        };
        let mut e = born(None);
        e.grade = "三级运动员".into();
        e.sex = Sex::Female;
        assert!(r.check(&e).is_empty());
        e.grade = String::new();
        e.sex = Sex::Male;
        assert_eq!(
            r.check(&e),
            vec![
                Ineligibility::GradeNotAdmitted,
                Ineligibility::SexNotAdmitted(Sex::Female)
            ]
        );
    }
}
