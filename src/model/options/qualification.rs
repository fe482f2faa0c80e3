//! 分阶段晋级设置 — staged qualification from a Swiss (seed 002, rules.md §1.9): the stages,
//! the sub-list quotas and the wildcards.

use serde::{Deserialize, Serialize};

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
}
