//! Entrants (参赛选手): who they are and whether they are still paired.

use chrono::{NaiveDate, NaiveDateTime};
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
    /// 会员 — member of the association (some events rank or admit members apart).
    #[serde(default)]
    pub member: bool,
    /// 境外运动员 — ranked apart in seed 002.
    #[serde(default)]
    pub overseas: bool,
    /// On the team entry form (团体赛报名表): counts for the team ranking.
    #[serde(default)]
    pub team_member: bool,
    /// Free flags for sub-rankings (e.g. "会员").
    #[serde(default)]
    pub flags: Vec<String>,
    /// 补双选手 — the house player the organiser adds to make an odd field even (rules.md §6):
    /// in a Swiss he plays only in rounds where the other players to pair are odd in number;
    /// he is not ranked and wins no prize, title or promotion, but his games count for his
    /// opponents' scores and tiebreaks.
    #[serde(default)]
    pub house: bool,
    /// 签到 / 检录 — when the entrant checked in at the registration desk; `None`: not yet.
    #[serde(default)]
    pub checked_in: Option<NaiveDateTime>,
    /// 缴费 — his payment of the section's fee; changed only by the fee actions
    /// (`Tournament::record_payment`, `refund`), kept as it is by an edit.
    #[serde(default)]
    pub payment: super::Payment,
}

/// The longest text each field takes, in characters: far beyond any real name, unit or
/// title, and short enough that every sheet lays it out at once. A name (and a grade, a flag,
/// a section's name) takes [`MAX_NAME`], a unit or another line of text [`MAX_TEXT`].
pub const MAX_NAME: usize = 50;
pub const MAX_TEXT: usize = 200;

/// A character that shows nothing and only hides in a name: a control character, a zero-width
/// space or joiner, a direction mark or override, a variation selector, a byte-order mark.
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c as u32,
            0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
            | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
            | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF)
}

/// `text` without its invisible characters ([`is_invisible`]) and outer white space, and the
/// characters taken out.
pub fn without_invisible(text: &str) -> (String, Vec<char>) {
    let removed: Vec<char> = text.chars().filter(|&c| is_invisible(c)).collect();
    let kept: String = text.chars().filter(|&c| !is_invisible(c)).collect();
    (kept.trim().to_string(), removed)
}

impl Entrant {
    /// Does the organiser give this entrant a wildcard (外卡, the flag of
    /// [`super::is_wildcard`])?
    pub fn is_wildcard(&self) -> bool {
        self.flags.iter().any(|f| super::is_wildcard(f))
    }

    /// The entrant with the invisible characters taken out of every text typed for it (name,
    /// unit, grade, flags), and the characters taken out.
    pub fn cleaned(&self) -> (Entrant, Vec<char>) {
        let mut e = self.clone();
        let mut removed = vec![];
        let mut clean = |text: &mut String| {
            let (kept, mut gone) = without_invisible(text);
            *text = kept;
            removed.append(&mut gone);
        };
        clean(&mut e.name);
        clean(&mut e.unit);
        clean(&mut e.grade);
        for f in &mut e.flags {
            clean(f);
        }
        (e, removed)
    }

    /// "12 周喆" — pairing number and name (the name alone before the draw).
    pub fn label(&self) -> String {
        match self.number {
            Some(n) => format!("{n} {}", self.name),
            None => self.name.clone(),
        }
    }

    /// The name the house player is entered under.
    pub const HOUSE_NAME: &'static str = "补双";
    /// His unit when the event names no organiser.
    pub const HOUSE_UNIT: &'static str = "承办单位";

    /// Is this entrant to be paired in the next round?
    pub fn is_active(&self) -> bool {
        self.status == EntrantStatus::Active
    }

    /// A house player (补双) of `unit` (the organiser's; [`Entrant::HOUSE_UNIT`] if empty).
    pub fn house_player(unit: &str) -> Entrant {
        let unit = unit.trim();
        Entrant {
            name: Entrant::HOUSE_NAME.to_string(),
            unit: if unit.is_empty() {
                Entrant::HOUSE_UNIT.to_string()
            } else {
                unit.to_string()
            },
            house: true,
            ..Entrant::default()
        }
    }
}

/// The unit (单位) as the same-unit rules (同队回避) read it: trimmed, and `None` when empty — an
/// entrant without a unit is nobody's team-mate.
pub fn unit_key(unit: &str) -> Option<&str> {
    Some(unit.trim()).filter(|u| !u.is_empty())
}

/// 同队 — are two entrants of these units team-mates? Units are compared trimmed; an empty unit
/// never matches, not even another empty one.
pub fn same_unit(a: &str, b: &str) -> bool {
    unit_key(a).is_some_and(|u| unit_key(b) == Some(u))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_match_trimmed_and_an_empty_unit_never_matches() {
        assert!(same_unit("上海", " 上海 "));
        assert!(!same_unit("上海", "北京"));
        assert!(!same_unit("", ""));
        assert!(!same_unit("  ", " "));
        assert_eq!(unit_key(" 北京\t"), Some("北京"));
        assert_eq!(unit_key(" "), None);
    }
}

#[cfg(test)]
mod invisible_tests {
    use super::*;

    #[test]
    fn invisible_characters_are_taken_out_of_names() {
        let (kept, gone) = without_invisible("\u{200B}张\u{200D}三\u{202E}\t");
        assert_eq!(kept, "张三");
        assert_eq!(gone, vec!['\u{200B}', '\u{200D}', '\u{202E}', '\t']);
        // Visible rare characters stay, private-use ones too (the documents name them).
        let (kept, gone) = without_invisible("张𠮷\u{E000}");
        assert_eq!((kept.as_str(), gone.len()), ("张𠮷\u{E000}", 0));
    }
}
