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
    /// The grades this way admits; "二级棋士及以上" admits that grade and every one above it
    /// ([`grade_admitted`]).
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
        dates && grade_admitted(&self.grades, &e.grade)
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
            .split(|c: char| c.is_whitespace() || super::options::LIST_SEPARATORS.contains(&c))
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

/// 及以上 — "or above", after a grade in a list of grades admitted (in either language).
const OR_ABOVE: [&str; 3] = ["及以上", "or above", "and above"];

/// A grade admitted "or above": the grade without its suffix.
fn or_above(admitted: &str) -> Option<&str> {
    OR_ABOVE.iter().find_map(|suffix| {
        let cut = admitted.len().checked_sub(suffix.len())?;
        (admitted.is_char_boundary(cut) && admitted[cut..].eq_ignore_ascii_case(suffix))
            .then(|| admitted[..cut].trim_end())
    })
}

/// The grade ladders, lowest first, in the words [`canonical_grade`] brings a grade to: the
/// 棋士 grades of a chess association (中国象棋协会 / 中国国际象棋协会, or 上海's own, kept
/// apart by the body), and the 运动员 grades of the sports administration.
const LADDERS: [&[&str]; 2] = [
    &[
        "十级棋士",
        "九级棋士",
        "八级棋士",
        "七级棋士",
        "六级棋士",
        "五级棋士",
        "四级棋士",
        "三级棋士",
        "二级棋士",
        "一级棋士",
        "候补棋协大师",
        "棋协大师",
    ],
    &[
        "三级运动员",
        "二级运动员",
        "一级运动员",
        "运动健将",
        "国际级运动健将",
    ],
];

/// 无级 — no grade, as [`canonical_grade`] spells it.
pub const UNGRADED: &str = "无级";

/// Is `grade` no grade at all (无级)? A grade left blank, and one written 无, 无级, 无级别, 未定级
/// or 暂无 (or none, ungraded), is the one grade 无级: a 无级组 admits it, and a promotion row
/// from 无级 and its early stop reach it (seed 004 十一(三): 无级组).
pub fn is_ungraded(grade: &str) -> bool {
    let g: String = grade.split_whitespace().collect::<String>().to_lowercase();
    matches!(
        g.as_str(),
        "" | "无" | "无级" | "无级别" | "未定级" | "暂无" | "-" | "—" | "/" | "none" | "ungraded"
    )
}

/// A grade as regulations and entry forms write it, brought to one spelling: "中国象棋协会2级
/// 棋士", "棋协二级棋士" and "二级棋士证书" are all "二级棋士"; "上海1级级位证书" is "上海一级棋士"
/// (上海's grades stay apart from the national ones); "侯补" is read as "候补"; no grade (blank,
/// 无 …, [`is_ungraded`]) is [`UNGRADED`].
pub fn canonical_grade(grade: &str) -> String {
    if is_ungraded(grade) {
        return UNGRADED.to_string();
    }
    let mut g: String = grade.split_whitespace().collect();
    for (from, to) in [
        ("侯补", "候补"),
        ("级位", "级"),
        ("证书", ""),
        ("级级", "级"),
        ("10", "十"),
    ] {
        g = g.replace(from, to);
    }
    const DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    g = g
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d @ 1..=9) => DIGITS[d as usize - 1],
            _ => c,
        })
        .collect();
    let shanghai = g.starts_with("上海");
    for body in [
        "上海市象棋协会",
        "上海象棋协会",
        "上海市",
        "上海",
        "中国国际象棋协会",
        "中国象棋协会",
        "国际象棋",
    ] {
        if let Some(rest) = g.strip_prefix(body) {
            g = rest.to_string();
        }
    }
    if g.ends_with('级') {
        g.push_str("棋士");
    }
    g = match g.as_str() {
        "棋协候补大师" | "候补大师" => "候补棋协大师".to_string(),
        "大师" => "棋协大师".to_string(),
        _ => g.strip_prefix("棋协").map_or(g.clone(), |rest| {
            if rest.ends_with("棋士") {
                rest.to_string()
            } else {
                g.clone()
            }
        }),
    };
    if shanghai { format!("上海{g}") } else { g }
}

/// Where a grade stands: (上海 or not, which ladder, how high).
fn rung(grade: &str) -> Option<(bool, usize, usize)> {
    let g = canonical_grade(grade);
    let (shanghai, g) = match g.strip_prefix("上海") {
        Some(rest) => (true, rest),
        None => (false, g.as_str()),
    };
    LADDERS.iter().enumerate().find_map(|(l, ladder)| {
        ladder
            .iter()
            .position(|x| *x == g)
            .map(|r| (shanghai, l, r))
    })
}

/// Does a list of grades admitted take `grade`? An empty list takes any grade, even none; a
/// listed grade takes the same grade however it is spelled ([`canonical_grade`]); one written
/// "二级棋士及以上" also every grade above it on its ladder (the same body's).
pub fn grade_admitted(admitted: &[String], grade: &str) -> bool {
    admitted.is_empty()
        || admitted.iter().any(|a| {
            let a = a.trim();
            match or_above(a) {
                Some(base) => match (rung(base), rung(grade)) {
                    (Some((sa, la, ra)), Some((se, le, re))) => sa == se && la == le && re >= ra,
                    _ => canonical_grade(base) == canonical_grade(grade),
                },
                None => a == grade.trim() || canonical_grade(a) == canonical_grade(grade),
            }
        })
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
        if !grade_admitted(&self.grades, &e.grade) {
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

    /// Seed 000 十.2(2): “中国象棋协会 2 级棋士或上海象棋协会 2 级棋士或三级运动员及以上”.
    #[test]
    fn seed_000_youth_grades_or_above_on_their_own_ladders() {
        let admitted: Vec<String> = ["二级棋士及以上", "上海二级棋士及以上", "三级运动员及以上"]
            .map(String::from)
            .to_vec();
        for grade in [
            "中国象棋协会2级棋士",
            "二级棋士",
            "棋协一级棋士",
            "候补棋协大师",
            "上海象棋协会2级棋士",
            "上海一级棋士",
            "三级运动员",
            "运动健将",
        ] {
            assert!(grade_admitted(&admitted, grade), "{grade} is admitted");
        }
        for grade in [
            "三级棋士",
            "中国象棋协会3级棋士",
            "上海三级棋士",
            "十级棋士",
            "",
            "业余",
        ] {
            assert!(!grade_admitted(&admitted, grade), "{grade} is not");
        }
    }

    /// Seed 004 公开组 (1) “上海1级级位证书及以上” and (2) “中国国际象棋协会国际象棋一级棋士证书
    /// 及以上”: 上海's grades and the national ones are different ladders.
    #[test]
    fn seed_004_open_grades_keep_the_bodies_apart() {
        let shanghai = vec!["上海1级级位证书及以上".to_string()];
        let national = vec!["中国国际象棋协会国际象棋一级棋士证书及以上".to_string()];
        assert!(grade_admitted(&shanghai, "上海一级棋士"));
        assert!(grade_admitted(&shanghai, "上海棋协候补大师"));
        assert!(!grade_admitted(&shanghai, "上海二级棋士"));
        assert!(!grade_admitted(&shanghai, "棋协一级棋士"));
        assert!(grade_admitted(&national, "棋协一级棋士"));
        assert!(grade_admitted(&national, "棋协大师"));
        assert!(grade_admitted(&national, "侯补棋协大师"));
        assert!(!grade_admitted(&national, "上海一级棋士"));
        assert!(!grade_admitted(&national, "棋协二级棋士"));
    }

    /// The English window's words for it.
    #[test]
    fn or_above_in_english() {
        let admitted = vec!["二级棋士 or above".to_string()];
        assert!(grade_admitted(&admitted, "一级棋士"));
        assert!(!grade_admitted(&admitted, "三级棋士"));
        assert!(grade_admitted(
            &["二级棋士 And Above".to_string()],
            "二级棋士"
        ));
    }

    /// A grade listed without 及以上 admits that grade alone, however it is spelled.
    #[test]
    fn blank_wu_and_wuji_are_one_grade() {
        for g in ["", "  ", "无", "无级", " 无级别 ", "暂无", "None"] {
            assert!(is_ungraded(g), "{g:?}");
            assert_eq!(canonical_grade(g), "无级", "{g:?}");
            // Seed 004 十一(三) 无级组: 身体健康的国际象棋爱好者均可参加.
            assert!(grade_admitted(&["无级".into()], g), "{g:?}");
        }
        for g in ["十级棋士", "无锡", "一级"] {
            assert!(!is_ungraded(g), "{g:?}");
            assert!(!grade_admitted(&["无级".into()], g), "{g:?}");
        }
        // No grade is no grade of a ladder.
        assert!(!grade_admitted(&["十级棋士及以上".into()], ""));
    }

    #[test]
    fn a_plain_grade_admits_itself_in_any_spelling() {
        let nine = vec!["棋协九级棋士".to_string()];
        assert!(grade_admitted(&nine, "九级棋士"));
        assert!(grade_admitted(&nine, "中国国际象棋协会9级棋士"));
        assert!(!grade_admitted(&nine, "八级棋士"));
        assert!(!grade_admitted(&nine, "十级棋士"));
        assert!(grade_admitted(&[], "随便什么"));
        assert!(grade_admitted(&["业余爱好者".to_string()], " 业余爱好者 "));
    }
}
