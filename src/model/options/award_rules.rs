//! 录取与奖励规则 — the parts of a section's award rules: places awarded, prize tables,
//! special prizes, the promotion table of grade events and titles by place. What the rules
//! give for a ranking is computed by the awards rules. Prize bands and titles by place are
//! typed on one line ([`PrizeBand::list_text`], [`TitleRule::list_text`],
//! [`PromotionStep::list_text`]).

use super::list_text::{
    ItemProblem, ListItemError, PART, items_text, place_range, place_range_text, read_items,
};
use crate::model::Points;
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

/// Who counts for the field a places rule reads (“不足9人参赛的，减一录取名次”): the entrants who
/// played, or every entry. Seed 001 (十二(三)) tells those who entered (报名) from those who
/// took part (参赛), and the places follow those who took part: the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FieldCount {
    /// 参赛人数 — entrants with at least one game played over the board (a no-show counts
    /// not), house player (补双) aside.
    #[default]
    Played,
    /// 报名人数 — every entry, house player aside.
    Entered,
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

    /// "1:2000, 2:1200, 4-6:500" — the bands of a prize table as the arbiter types them:
    /// places, then the amount for each.
    pub fn list_text(bands: &[PrizeBand]) -> String {
        items_text(
            bands
                .iter()
                .map(|b| format!("{}:{}", place_range_text(b.from, b.to), b.amount)),
        )
    }

    /// Reads [`PrizeBand::list_text`] back (also with Chinese punctuation).
    pub fn parse_list(text: &str) -> Result<Vec<PrizeBand>, ListItemError> {
        read_items(text, |item| {
            let (places, amount) = item.split_once(PART).ok_or(ItemProblem::NoColon)?;
            let (from, to) = place_range(places).ok_or(ItemProblem::Places)?;
            match amount.trim().parse::<i64>() {
                Ok(amount) if amount >= 0 => Ok(PrizeBand { from, to, amount }),
                _ => Err(ItemProblem::Amount),
            }
        })
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
    /// 录取名次 within the list, by its own rule over its own field (seed 001 U14组: 男子录取
    /// 前八名、女子录取前七名): the places it awards are each a prize of the table's amount or
    /// none, and a certificate. `None`: the table alone says which places win.
    #[serde(default)]
    pub places: Option<PlacesRule>,
}

/// A special prize typed on a line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecialPrizeError {
    /// A name and no prize bands.
    NoBands,
    /// A prize band that cannot be read.
    Band(ListItemError),
}

impl SpecialPrize {
    /// The prize as a line: the sub-list's name, its places (前7名, 固定前7名, 前8名/80人以上前16名)
    /// when it awards its own, its bands, and the word for 可兼得 when the winner keeps both
    /// ("境外运动员 1-8:1000 可兼得", "女子 前7名").
    pub fn text(&self, stacks_word: &str) -> String {
        let mut words = vec![self.name.clone()];
        if let Some(rule) = &self.places {
            words.push(match *rule {
                PlacesRule::ReduceIfFewer { places } => format!("前{places}名"),
                PlacesRule::Fixed { places } => format!("固定前{places}名"),
                PlacesRule::BySize {
                    threshold,
                    up_to_places,
                    above_places,
                } => format!("前{up_to_places}名/{threshold}人以上前{above_places}名"),
            });
        }
        if !self.table.bands.is_empty() {
            words.push(PrizeBand::list_text(&self.table.bands));
        }
        if self.stacks {
            words.push(stacks_word.to_string());
        }
        words.join(" ")
    }

    /// A places word of [`SpecialPrize::text`]: 前N名 (one fewer when fewer take part, as
    /// `ReduceIfFewer`), 固定前N名, or 前N名/M人以上前K名; `top8` and `fixed8` in English.
    fn places_word(word: &str) -> Option<PlacesRule> {
        let number = |t: &str| t.parse::<u32>().ok();
        let lower = word.to_lowercase();
        if let Some(n) = lower.strip_prefix("top").and_then(number) {
            return Some(PlacesRule::ReduceIfFewer { places: n });
        }
        if let Some(n) = lower.strip_prefix("fixed").and_then(number) {
            return Some(PlacesRule::Fixed { places: n });
        }
        if let Some(rest) = word.strip_prefix("固定前") {
            return Some(PlacesRule::Fixed {
                places: number(rest.strip_suffix('名')?)?,
            });
        }
        let rest = word.strip_prefix('前')?;
        match rest.split_once('/') {
            None => Some(PlacesRule::ReduceIfFewer {
                places: number(rest.strip_suffix('名')?)?,
            }),
            Some((up, above)) => {
                let (threshold, above) = above.split_once("人以上前")?;
                Some(PlacesRule::BySize {
                    threshold: number(threshold)?,
                    up_to_places: number(up.strip_suffix('名')?)?,
                    above_places: number(above.strip_suffix('名')?)?,
                })
            }
        }
    }

    /// Reads [`SpecialPrize::text`]'s form; 可兼得 (or "stacks") at the end says the winner
    /// keeps both prizes. The bands are in the prize table's own form; the tax basis is the
    /// caller's to set.
    pub fn parse(line: &str) -> Result<SpecialPrize, SpecialPrizeError> {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        let stacks = words
            .last()
            .is_some_and(|w| matches!(w.to_lowercase().as_str(), "可兼得" | "stacks"));
        if stacks {
            words.pop();
        }
        let places = words.get(1).and_then(|w| SpecialPrize::places_word(w));
        let first_band = if places.is_some() { 2 } else { 1 };
        if words.len() < first_band.max(2) {
            return Err(SpecialPrizeError::NoBands);
        }
        let bands = PrizeBand::parse_list(&words[first_band..].join(" "))
            .map_err(SpecialPrizeError::Band)?;
        if bands.is_empty() && places.is_none() {
            return Err(SpecialPrizeError::NoBands);
        }
        Ok(SpecialPrize {
            name: words[0].to_string(),
            table: PrizeTable {
                bands,
                ..PrizeTable::default()
            },
            stacks,
            places,
        })
    }
}

/// One row of the promotion table (各级晋升得分率): from `from_grade` to `to_grade` with a score
/// rate of at least `rate_percent` %, or, where the regulation gives points (seed 004 精英组:
/// 4.5分), at least `points`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromotionStep {
    /// 原级别, matched against the entrant's grade (surrounding spaces ignored).
    pub from_grade: String,
    /// 晋升级别.
    pub to_grade: String,
    /// 得分率, in whole percent; reached means at least this rate.
    pub rate_percent: u32,
    /// 晋升分数 — points to reach instead of a rate (over the section's rounds as scheduled).
    #[serde(default)]
    pub points: Option<Points>,
}

impl PromotionStep {
    /// The table as the arbiter types it: "原级别>晋升级别:65%" or ":4.5分" for points,
    /// items separated as in every one-line list, e.g.
    /// "上海棋协候补大师>上海棋协大师:4.5分, 棋协二级棋士>棋协一级棋士:65%".
    pub fn list_text(steps: &[PromotionStep]) -> String {
        items_text(steps.iter().map(|s| {
            let need = match s.points {
                Some(p) => format!("{}分", p.as_f64()),
                None => format!("{}%", s.rate_percent),
            };
            format!("{}>{}:{need}", s.from_grade, s.to_grade)
        }))
    }

    /// Reads [`PromotionStep::list_text`]'s form ("→" also parts the grades, "％", "points"
    /// and "pts" are read too); the first item that cannot be read is the error.
    pub fn parse_list(text: &str) -> Result<Vec<PromotionStep>, ListItemError> {
        read_items(text, |item| {
            let (grades, need) = item.rsplit_once(PART).ok_or(ItemProblem::NoColon)?;
            let (from, to) = grades
                .split_once(['>', '→', '＞'])
                .map(|(a, b)| (a.trim(), b.trim()))
                .filter(|(a, b)| !a.is_empty() && !b.is_empty())
                .ok_or(ItemProblem::Grades)?;
            let need = need.trim();
            let (rate_percent, points) =
                if let Some(rate) = need.strip_suffix('%').or_else(|| need.strip_suffix('％')) {
                    let rate: u32 = rate.trim().parse().map_err(|_| ItemProblem::Rate)?;
                    if rate > 100 {
                        return Err(ItemProblem::Rate);
                    }
                    (rate, None)
                } else {
                    let p = need
                        .strip_suffix('分')
                        .or_else(|| need.strip_suffix("points"))
                        .or_else(|| need.strip_suffix("pts"))
                        .and_then(|n| Points::parse(n.trim()))
                        .filter(|p| p.halves() >= 0)
                        .ok_or(ItemProblem::Rate)?;
                    (0, Some(p))
                };
            Ok(PromotionStep {
                from_grade: from.to_string(),
                to_grade: to.to_string(),
                rate_percent,
                points,
            })
        })
    }
}

/// 证书费用 — what the certificate office (办证处) charges for the certificate of one grade, paid
/// by each player promoted to it (seed 004: "棋协一级棋士150元、…、棋协七至十级25元").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertificateFee {
    /// The grade of the certificate (the grade reached), matched however it is spelled.
    pub grade: String,
    /// Whole yuan.
    pub fee: i64,
}

impl CertificateFee {
    /// The fee table as the arbiter types it: "棋协一级棋士:150, 棋协二级棋士:135".
    pub fn list_text(fees: &[CertificateFee]) -> String {
        items_text(fees.iter().map(|f| format!("{}:{}", f.grade, f.fee)))
    }

    /// Reads [`CertificateFee::list_text`] back (also with Chinese punctuation and "元").
    pub fn parse_list(text: &str) -> Result<Vec<CertificateFee>, ListItemError> {
        read_items(text, |item| {
            let (grade, fee) = item.rsplit_once(PART).ok_or(ItemProblem::NoColon)?;
            let grade = grade.trim();
            if grade.is_empty() {
                return Err(ItemProblem::Grades);
            }
            let fee = fee.trim();
            match fee.strip_suffix('元').unwrap_or(fee).trim().parse::<i64>() {
                Ok(fee) if fee >= 0 => Ok(CertificateFee {
                    grade: grade.to_string(),
                    fee,
                }),
                _ => Err(ItemProblem::Amount),
            }
        })
    }
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
    /// 证书费用 by the grade reached, for the certificate office's list (办证处).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub certificate_fees: Vec<CertificateFee>,
}

impl PromotionOptions {
    /// The certificate fee of `grade` (however it is spelled), if the table names it.
    pub fn certificate_fee(&self, grade: &str) -> Option<i64> {
        let grade = crate::model::canonical_grade(grade);
        self.certificate_fees
            .iter()
            .find(|f| crate::model::canonical_grade(&f.grade) == grade)
            .map(|f| f.fee)
    }
}

impl Default for PromotionOptions {
    fn default() -> Self {
        PromotionOptions {
            table: Vec::new(),
            early_stop: EarlyStop::Never,
            byes_count: true,
            certificate_fees: Vec::new(),
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

impl TitleRule {
    /// "1-8:三级运动员:15" — the titles granted by place as the arbiter types them: places,
    /// title, and the number of players who must have played (left out when there is no such
    /// minimum).
    pub fn list_text(rules: &[TitleRule]) -> String {
        items_text(rules.iter().map(|r| {
            let places = place_range_text(r.from, r.to);
            match r.min_played {
                0 => format!("{places}:{}", r.title),
                m => format!("{places}:{}:{m}", r.title),
            }
        }))
    }

    /// Reads [`TitleRule::list_text`] back (also with Chinese punctuation).
    pub fn parse_list(text: &str) -> Result<Vec<TitleRule>, ListItemError> {
        read_items(text, |item| {
            let mut parts = item.split(PART).map(str::trim);
            let (Some(places), Some(title)) = (parts.next(), parts.next()) else {
                return Err(ItemProblem::NoColon);
            };
            let min_played = match parts.next() {
                Some(m) => m.parse::<u32>().map_err(|_| ItemProblem::Count)?,
                None => 0,
            };
            if parts.next().is_some() {
                return Err(ItemProblem::ExtraPart);
            }
            let (from, to) = place_range(places)
                .filter(|&(from, to)| from >= 1 && from <= to)
                .ok_or(ItemProblem::Places)?;
            if title.is_empty() {
                return Err(ItemProblem::Title);
            }
            Ok(TitleRule {
                title: title.to_string(),
                from,
                to,
                min_played,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{AwardOptions, AwardPreset};

    #[test]
    fn prize_tables_read_back_as_shown_and_bad_items_are_named() {
        for p in AwardPreset::ALL {
            let bands = AwardOptions::preset(p).prizes.bands;
            assert_eq!(
                PrizeBand::parse_list(&PrizeBand::list_text(&bands)),
                Ok(bands)
            );
        }
        assert_eq!(
            PrizeBand::parse_list("1：2000，2:1200、4-6:500"),
            Ok(vec![
                PrizeBand::place(1, 2000),
                PrizeBand::place(2, 1200),
                PrizeBand::range(4, 6, 500)
            ])
        );
        assert_eq!(PrizeBand::parse_list(""), Ok(vec![]));
        let bad = |item, text: &str, problem| {
            Err(ListItemError {
                item,
                text: text.into(),
                problem,
            })
        };
        assert_eq!(
            PrizeBand::parse_list("1:2000, 二:100"),
            bad(2, "二:100", ItemProblem::Places)
        );
        assert_eq!(
            PrizeBand::parse_list("1:-5"),
            bad(1, "1:-5", ItemProblem::Amount)
        );
        assert_eq!(
            PrizeBand::parse_list("1 2000"),
            bad(1, "1 2000", ItemProblem::NoColon)
        );
    }

    #[test]
    fn promotion_tables_read_back_as_shown_and_bad_items_are_named() {
        // Seed 004's tables (精英组 in points, 棋士组 in rates) read back as written.
        for p in AwardPreset::ALL {
            let table = AwardOptions::preset(p).promotion.table;
            assert_eq!(
                PromotionStep::parse_list(&PromotionStep::list_text(&table)),
                Ok(table)
            );
        }
        // Seed 004 精英组: "上海棋协候补大师 4.5分", from 上海一级棋士 to 上海棋协候补大师.
        let step = |from: &str, to: &str, rate, points| PromotionStep {
            from_grade: from.into(),
            to_grade: to.into(),
            rate_percent: rate,
            points,
        };
        assert_eq!(
            PromotionStep::parse_list(
                "上海一级棋士→上海棋协候补大师：4.5分；棋协九级棋士>棋协七级棋士:70％"
            ),
            Ok(vec![
                step("上海一级棋士", "上海棋协候补大师", 0, Some(Points(9))),
                step("棋协九级棋士", "棋协七级棋士", 70, None),
            ])
        );
        let problem = |text| PromotionStep::parse_list(text).unwrap_err().problem;
        assert_eq!(problem("棋协九级棋士:70%"), ItemProblem::Grades);
        assert_eq!(problem(">棋协七级棋士:70%"), ItemProblem::Grades);
        assert_eq!(problem("甲>乙 70%"), ItemProblem::NoColon);
        assert_eq!(problem("甲>乙:170%"), ItemProblem::Rate);
        assert_eq!(problem("甲>乙:4.3分"), ItemProblem::Rate);
        assert_eq!(problem("甲>乙:4.5"), ItemProblem::Rate);
        assert_eq!(
            PromotionStep::parse_list("A>B:4.5 points").map(|v| v[0].points),
            Ok(Some(Points(9)))
        );
    }

    #[test]
    fn special_prizes_read_back_as_shown() {
        // Seed 002 海选赛: "另奖境外运动员前8名各0.1万元（可兼得）".
        for p in AwardPreset::ALL {
            for sp in AwardOptions::preset(p).special_prizes {
                let back = SpecialPrize::parse(&sp.text("可兼得")).unwrap();
                assert_eq!(
                    (&back.name, &back.table.bands, back.stacks),
                    (&sp.name, &sp.table.bands, sp.stacks)
                );
            }
        }
        let p = SpecialPrize::parse("境外运动员 1-8:1000 可兼得").unwrap();
        assert_eq!(
            (p.name.as_str(), p.table.bands, p.stacks),
            ("境外运动员", vec![PrizeBand::range(1, 8, 1000)], true)
        );
        let p = SpecialPrize::parse("女子 1:500, 2-3:300").unwrap();
        assert_eq!(p.table.bands.len(), 2);
        assert!(!p.stacks);
        assert_eq!(SpecialPrize::parse("女子"), Err(SpecialPrizeError::NoBands));
        assert!(matches!(
            SpecialPrize::parse("女子 一:500"),
            Err(SpecialPrizeError::Band(_))
        ));
        // Seed 001 U14组: 男子录取前八名、女子录取前七名 — places of the list's own, no money.
        let women = SpecialPrize::parse("女子 前7名").unwrap();
        assert_eq!(
            (women.places.clone(), women.table.bands.is_empty()),
            (Some(PlacesRule::ReduceIfFewer { places: 7 }), true)
        );
        assert_eq!(women.text("可兼得"), "女子 前7名");
        let cases = [
            ("男子 fixed8 1-3:100", PlacesRule::Fixed { places: 8 }),
            ("女子 top7", PlacesRule::ReduceIfFewer { places: 7 }),
            (
                "U12 前8名/80人以上前16名",
                PlacesRule::BySize {
                    threshold: 80,
                    up_to_places: 8,
                    above_places: 16,
                },
            ),
        ];
        for (line, rule) in cases {
            let p = SpecialPrize::parse(line).unwrap();
            assert_eq!(p.places, Some(rule), "{line}");
            assert_eq!(SpecialPrize::parse(&p.text("可兼得")).unwrap(), p, "{line}");
        }
    }

    #[test]
    fn titles_read_back_as_shown_and_bad_items_are_named() {
        // Seed 000 men: places 1–8 become 三级运动员 if at least 15 played.
        let rules = AwardOptions::preset(AwardPreset::Seed000Men).titles;
        assert_eq!(TitleRule::list_text(&rules), "1-8:三级运动员:15");
        assert_eq!(
            TitleRule::parse_list(&TitleRule::list_text(&rules)),
            Ok(rules)
        );
        let rule = |title: &str, from, to| TitleRule {
            title: title.into(),
            from,
            to,
            min_played: 0,
        };
        assert_eq!(
            TitleRule::parse_list("1：一级棋士，2-3：二级棋士"),
            Ok(vec![rule("一级棋士", 1, 1), rule("二级棋士", 2, 3)])
        );
        let problem = |text| TitleRule::parse_list(text).map_err(|e| (e.item, e.text, e.problem));
        assert_eq!(
            problem("3-1:三级运动员"),
            Err((1, "3-1:三级运动员".into(), ItemProblem::Places))
        );
        assert_eq!(problem("0:三级运动员").unwrap_err().2, ItemProblem::Places);
        assert_eq!(problem("1-8:").unwrap_err().2, ItemProblem::Title);
        assert_eq!(problem("1-8").unwrap_err().2, ItemProblem::NoColon);
        assert_eq!(
            problem("1-8:三级运动员:十五").unwrap_err().2,
            ItemProblem::Count
        );
        assert_eq!(
            problem("1-8:三级运动员:15:2").unwrap_err().2,
            ItemProblem::ExtraPart
        );
    }

    #[test]
    fn seed_004_s_certificate_fees_are_found_by_the_grade_reached_however_spelled() {
        let p = super::super::AwardOptions::preset(super::super::AwardPreset::Seed004GradeEvent)
            .promotion;
        // 证书费用：棋协一级棋士150元、棋协二级棋士135元、棋协三级棋士65元、棋协四级棋士60元、
        // 棋协五级棋士55元、棋协六级棋士30元、棋协七至十级25元.
        for (grade, fee) in [
            ("棋协一级棋士", 150),
            ("二级棋士", 135),
            ("中国国际象棋协会3级棋士", 65),
            ("棋协四级棋士", 60),
            ("棋协五级棋士", 55),
            ("棋协六级棋士", 30),
            ("棋协七级棋士", 25),
            ("棋协八级棋士", 25),
            ("九级棋士", 25),
            ("棋协十级棋士", 25),
        ] {
            assert_eq!(p.certificate_fee(grade), Some(fee), "{grade}");
        }
        // The regulation names no fee for the masters' certificates.
        assert_eq!(p.certificate_fee("候补棋协大师"), None);
        let fees = CertificateFee::parse_list("棋协一级棋士：150元, 棋协二级棋士:135").unwrap();
        assert_eq!(
            CertificateFee::list_text(&fees),
            "棋协一级棋士:150, 棋协二级棋士:135"
        );
        let bad = CertificateFee::parse_list("棋协一级棋士:150, 二级:一百").unwrap_err();
        assert_eq!((bad.item, bad.problem), (2, ItemProblem::Amount));
    }
}
