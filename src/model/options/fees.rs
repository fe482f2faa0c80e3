//! 报名费 / 参赛服务费 — the fee of a section as the regulation sets it: one amount for every
//! entrant, and lower amounts for those with a mark — members of the association (会员),
//! overseas players (境外), the players of a list of units — each with its own amount. Seed
//! 000: "参赛运动员每人须交纳赛事服务费 150 元；嘉定区象棋协会会员交纳赛事服务费 100 元"; seed
//! 002: "参赛服务费150元"; seed 004: "报名费：220元".
//!
//! The amount an entrant owes is decided here and only here ([`FeeOptions::due`]): the standard
//! amount, or the lowest of the reduced amounts whose mark he has — a registration desk gives a
//! player the most favourable rate he is entitled to, never two reductions added up. The
//! house player (补双) is the organiser's and owes nothing. Amounts are whole yuan (元), as the
//! regulations write them.

use super::super::{Entrant, unit_key};
use serde::{Deserialize, Serialize};

/// The highest amount a fee (or a payment) may have, in yuan: far beyond any entry fee.
pub const MAX_FEE: u32 = 1_000_000;

/// 费用 settings of a section.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FeeOptions {
    /// 费用名称 as the regulation words it (赛事服务费, 参赛服务费, 报名费); empty: 报名费.
    pub name: String,
    /// 金额 — the standard amount in yuan; `None`: the section charges no fee.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
    /// 会员 — the amount a member of the association pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member: Option<u32>,
    /// 境外 — the amount an overseas player pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overseas: Option<u32>,
    /// Units (单位) whose players pay an amount of their own.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<UnitFee>,
}

/// The players of these units (单位, compared trimmed) pay `amount`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct UnitFee {
    pub units: Vec<String>,
    pub amount: u32,
}

impl UnitFee {
    /// The line the Event tab shows: "承办俱乐部、协办学校=0".
    pub fn text(&self) -> String {
        format!("{}={}", self.units.join("、"), self.amount)
    }

    /// Reads a line written as [`UnitFee::text`] writes it: the units (separated by 、 , ， ;
    /// or ；) and, after the last = (or ＝), the amount in whole yuan. `None` when the line has
    /// no unit or no amount.
    pub fn parse(line: &str) -> Option<UnitFee> {
        let (units, amount) = line.rsplit_once(['=', '＝'])?;
        let amount = amount
            .trim()
            .trim_end_matches('元')
            .trim()
            .parse::<u32>()
            .ok()?;
        let units: Vec<String> = super::list_items(units).map(String::from).collect();
        (!units.is_empty() && amount <= MAX_FEE).then_some(UnitFee { units, amount })
    }
}

/// Why an entrant owes the amount he does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FeeBasis {
    /// The standard amount.
    Standard,
    /// 会员价.
    Member,
    /// 境外.
    Overseas,
    /// The amount of his unit (named as the settings write it).
    Unit(String),
}

impl FeeOptions {
    /// Does the section charge a fee?
    pub fn charged(&self) -> bool {
        self.amount.is_some()
    }

    /// What `e` owes and why: the standard amount, or the lowest reduced amount among the marks
    /// he has (a tie goes to the mark named first: member, overseas, then the unit lists in
    /// their order). `None`: no fee is charged, or he is the house player.
    pub fn due(&self, e: &Entrant) -> Option<(u32, FeeBasis)> {
        let standard = self.amount?;
        if e.house {
            return None;
        }
        let mut best = (standard, FeeBasis::Standard);
        let mut consider = |amount: Option<u32>, basis: FeeBasis| {
            if let Some(a) = amount
                && a < best.0
            {
                best = (a, basis);
            }
        };
        consider(self.member.filter(|_| e.member), FeeBasis::Member);
        consider(self.overseas.filter(|_| e.overseas), FeeBasis::Overseas);
        if let Some(unit) = unit_key(&e.unit) {
            for list in &self.units {
                if let Some(u) = list.units.iter().find(|u| unit_key(u) == Some(unit)) {
                    consider(Some(list.amount), FeeBasis::Unit(u.trim().to_string()));
                }
            }
        }
        Some(best)
    }

    /// The amounts beyond [`MAX_FEE`], and a unit list with no unit, are refused by the app's
    /// check of the settings: the first such problem, as (which amount, its value).
    pub fn problem(&self) -> Option<(&'static str, u32)> {
        let amounts = [
            ("amount", self.amount),
            ("member", self.member),
            ("overseas", self.overseas),
        ];
        for (key, a) in amounts {
            if let Some(a) = a.filter(|a| *a > MAX_FEE) {
                return Some((key, a));
            }
        }
        self.units
            .iter()
            .find(|u| u.amount > MAX_FEE || u.units.iter().all(|x| unit_key(x).is_none()))
            .map(|u| ("units", u.amount))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(member: bool, overseas: bool, unit: &str) -> Entrant {
        Entrant {
            name: "x".into(),
            member,
            overseas,
            unit: unit.into(),
            ..Entrant::default()
        }
    }

    /// Seed 000: "参赛运动员每人须交纳赛事服务费 150 元；嘉定区象棋协会会员交纳赛事服务费 100 元".
    fn seed_000() -> FeeOptions {
        FeeOptions {
            name: "赛事服务费".into(),
            amount: Some(150),
            member: Some(100),
            ..FeeOptions::default()
        }
    }

    #[test]
    fn seed_000_charges_150_and_a_member_100() {
        let f = seed_000();
        assert_eq!(
            f.due(&entrant(false, false, "嘉定区")),
            Some((150, FeeBasis::Standard))
        );
        assert_eq!(
            f.due(&entrant(true, false, "嘉定区")),
            Some((100, FeeBasis::Member))
        );
        // An overseas player has no rate of his own here: the standard one.
        assert_eq!(
            f.due(&entrant(false, true, "")),
            Some((150, FeeBasis::Standard))
        );
    }

    #[test]
    fn seeds_002_and_004_charge_everyone_one_amount_and_the_house_player_nothing() {
        // Seed 002: "参赛服务费150元"; seed 004: "报名费：220元".
        for (name, amount) in [("参赛服务费", 150), ("报名费", 220)] {
            let f = FeeOptions {
                name: name.into(),
                amount: Some(amount),
                ..FeeOptions::default()
            };
            assert_eq!(
                f.due(&entrant(true, true, "上海")),
                Some((amount, FeeBasis::Standard))
            );
            let house = Entrant::house_player("承办");
            assert_eq!(f.due(&house), None);
        }
        assert_eq!(
            FeeOptions::default().due(&entrant(true, false, "")),
            None,
            "no fee set: nothing owed"
        );
    }

    #[test]
    fn the_lowest_rate_a_player_is_entitled_to_is_the_one_he_pays() {
        let f = FeeOptions {
            amount: Some(200),
            member: Some(150),
            overseas: Some(120),
            units: vec![
                UnitFee {
                    units: vec!["承办俱乐部".into(), " 协办学校 ".into()],
                    amount: 0,
                },
                UnitFee {
                    units: vec!["友谊棋社".into()],
                    amount: 180,
                },
            ],
            ..FeeOptions::default()
        };
        assert_eq!(
            f.due(&entrant(true, true, "")),
            Some((120, FeeBasis::Overseas))
        );
        assert_eq!(
            f.due(&entrant(true, false, "协办学校")),
            Some((0, FeeBasis::Unit("协办学校".into())))
        );
        // 180 for the unit is more than 150 for a member: the member rate.
        assert_eq!(
            f.due(&entrant(true, false, "友谊棋社")),
            Some((150, FeeBasis::Member))
        );
        assert_eq!(
            f.due(&entrant(false, false, " 友谊棋社")),
            Some((180, FeeBasis::Unit("友谊棋社".into())))
        );
        // A reduced rate above the standard one is no reduction.
        let odd = FeeOptions {
            amount: Some(100),
            member: Some(150),
            ..FeeOptions::default()
        };
        assert_eq!(
            odd.due(&entrant(true, false, "")),
            Some((100, FeeBasis::Standard))
        );
    }

    #[test]
    fn a_unit_rate_reads_back_as_the_event_tab_writes_it() {
        let u = UnitFee {
            units: vec!["承办俱乐部".into(), "协办学校".into()],
            amount: 0,
        };
        assert_eq!(u.text(), "承办俱乐部、协办学校=0");
        assert_eq!(UnitFee::parse(&u.text()), Some(u));
        assert_eq!(
            UnitFee::parse(" 友谊棋社 ， 星光学校 ＝ 120元"),
            Some(UnitFee {
                units: vec!["友谊棋社".into(), "星光学校".into()],
                amount: 120
            })
        );
        for bad in ["友谊棋社", "=100", "友谊棋社=一百", "友谊棋社=-1"] {
            assert_eq!(UnitFee::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn amounts_out_of_reason_and_empty_unit_lists_are_problems() {
        assert_eq!(seed_000().problem(), None);
        let big = FeeOptions {
            member: Some(MAX_FEE + 1),
            ..seed_000()
        };
        assert_eq!(big.problem(), Some(("member", MAX_FEE + 1)));
        let empty = FeeOptions {
            units: vec![UnitFee {
                units: vec![" ".into()],
                amount: 50,
            }],
            ..seed_000()
        };
        assert_eq!(empty.problem(), Some(("units", 50)));
    }
}
