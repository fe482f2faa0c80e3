//! 参赛资格 — a section's entry rules: the birth-date range of its age group, the grades
//! (级别) it admits, a sex if it is a men's or women's section, and the cap on entries
//! (限报人数). The rule book only says whether one entrant meets them; the importer applies
//! them row by row and counts the cap.

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
