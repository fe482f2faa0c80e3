//! 分阶段晋级设置 — staged qualification from a Swiss (seed 002, rules.md §1.9): the stages,
//! the sub-list quotas and the wildcards, typed on one line ([`QualificationOptions::text`]).

use super::list_text::{ItemProblem, ListItemError, PART, items_text, read_items};
use serde::{Deserialize, Serialize};

/// 外卡 — the flag an entrant carries to be given a wildcard; in the qualification text, the
/// key of the number of wildcards.
pub const WILDCARD_FLAG: &str = "外卡";

/// Does this word (a flag, a key of the qualification text) mean a wildcard: 外卡, or in
/// English "wildcard" in any case?
pub fn is_wildcard(word: &str) -> bool {
    let word = word.trim();
    word == WILDCARD_FLAG || word.eq_ignore_ascii_case("wildcard")
}

/// One stage: after round `after_round`, the best `count` players not yet qualified qualify.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QualificationStage {
    pub after_round: u32,
    pub count: u32,
}

/// A quota for a sub-list of the field (e.g. 境外运动员 — overseas players).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubListQuota {
    /// The sub-list's name as printed (e.g. "境外运动员").
    pub name: String,
    pub count: u32,
}

/// Qualification options of a section (晋级设置). Empty stages = no staged qualification.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct QualificationOptions {
    pub stages: Vec<QualificationStage>,
    pub sub_lists: Vec<SubListQuota>,
    /// 外卡 — places the organiser fills by hand.
    pub wildcards: u32,
}

impl QualificationOptions {
    /// Seed 002, men (男子个人公开组): 8 after round 9, 8 after round 10, 10 after round 11, the
    /// best 4 overseas players, 2 wildcards — 32 for the main event.
    pub fn seed_002_men() -> Self {
        QualificationOptions {
            stages: vec![
                QualificationStage {
                    after_round: 9,
                    count: 8,
                },
                QualificationStage {
                    after_round: 10,
                    count: 8,
                },
                QualificationStage {
                    after_round: 11,
                    count: 10,
                },
            ],
            sub_lists: vec![SubListQuota {
                name: "境外运动员".to_string(),
                count: 4,
            }],
            wildcards: 2,
        }
    }

    /// Total places: stages + sub-list quotas + wildcards.
    pub fn places(&self) -> u32 {
        self.stages.iter().map(|s| s.count).sum::<u32>()
            + self.sub_lists.iter().map(|s| s.count).sum::<u32>()
            + self.wildcards
    }

    /// "9:8, 10:8, 11:10, 境外运动员:4, 外卡:2" — a staged qualification as the arbiter types
    /// it: after round 9 the best 8 qualify, …; then the best 4 of the sub-list 境外运动员; then
    /// 2 wildcards, under `wildcard`, the window's word for them (外卡, wildcard).
    pub fn text(&self, wildcard: &str) -> String {
        let stages = self
            .stages
            .iter()
            .map(|s| format!("{}:{}", s.after_round, s.count));
        let lists = self
            .sub_lists
            .iter()
            .map(|l| format!("{}:{}", l.name, l.count));
        let wildcards = (self.wildcards > 0).then(|| format!("{wildcard}:{}", self.wildcards));
        items_text(stages.chain(lists).chain(wildcards))
    }

    /// Reads [`QualificationOptions::text`] back (also with Chinese punctuation).
    pub fn parse(text: &str) -> Result<QualificationOptions, ListItemError> {
        let mut q = QualificationOptions::default();
        read_items(text, |item| {
            let (key, count) = item.split_once(PART).ok_or(ItemProblem::NoColon)?;
            let key = key.trim();
            let count = count
                .trim()
                .parse::<u32>()
                .map_err(|_| ItemProblem::Count)?;
            match key.parse::<u32>() {
                Ok(0) => return Err(ItemProblem::RoundZero),
                Ok(after_round) => q.stages.push(QualificationStage { after_round, count }),
                Err(_) if is_wildcard(key) => q.wildcards = count,
                Err(_) if key.is_empty() => return Err(ItemProblem::Name),
                Err(_) => q.sub_lists.push(SubListQuota {
                    name: key.to_string(),
                    count,
                }),
            }
            Ok(())
        })?;
        Ok(q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualification_reads_back_as_shown_and_bad_items_are_named() {
        // Seed 002 men: 8 after round 9, 8 after 10, 10 after 11, 4 overseas, 2 wildcards.
        let q = QualificationOptions::seed_002_men();
        assert_eq!(q.text("外卡"), "9:8, 10:8, 11:10, 境外运动员:4, 外卡:2");
        assert_eq!(QualificationOptions::parse(&q.text("外卡")), Ok(q.clone()));
        assert_eq!(
            QualificationOptions::parse(&q.text("Wildcard")),
            Ok(q.clone())
        );
        assert_eq!(
            QualificationOptions::parse("9：8，10：8、11:10；境外运动员：4，外卡：2"),
            Ok(q)
        );
        assert_eq!(
            QualificationOptions::parse(""),
            Ok(QualificationOptions::default())
        );
        let problem =
            |text| QualificationOptions::parse(text).map_err(|e| (e.item, e.text, e.problem));
        assert_eq!(
            problem("9:8, 10:八"),
            Err((2, "10:八".into(), ItemProblem::Count))
        );
        assert_eq!(
            problem("0:8").unwrap_err().2,
            ItemProblem::RoundZero,
            "no stage after round 0"
        );
        assert_eq!(problem("：4").unwrap_err().2, ItemProblem::Name);
        assert_eq!(problem("9 8").unwrap_err().2, ItemProblem::NoColon);
    }
}
