//! 分阶段晋级 — staged qualification from a Swiss (seed 002, rules.md §1.9): "after round r the
//! top k not yet qualified qualify and leave the field", repeated per stage; then quotas for
//! sub-lists such as overseas players (境外运动员), taken in the sub-list's own ranking order and
//! passing over players who already qualified ("如与(1)重复，则按境外运动员排名顺延"); then
//! wildcards (外卡) added by hand. The result is the qualified list in order of qualification.
//!
//! The ranking is an input (an ordered list of entrants, best first, from the standings engine);
//! so is membership of a sub-list. Players who have qualified leave the field: the Swiss pairs
//! only [`QualifiedList::still_in_field`].

use crate::model::EntrantId;
pub use crate::model::{QualificationOptions, QualificationStage, SubListQuota};

/// How a player qualified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// In the stage after this round.
    Stage { after_round: u32 },
    /// Through the sub-list quota with this index in [`QualificationOptions::sub_lists`].
    SubList(usize),
    /// 外卡.
    Wildcard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Qualifier {
    pub entrant: EntrantId,
    pub route: Route,
}

/// Why a qualification step was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QualificationError {
    #[error("no qualification stage after round {0}")]
    NoStage(u32),
    #[error("the stage after round {0} has already been applied")]
    StageApplied(u32),
    #[error("no sub-list number {0}")]
    NoSubList(usize),
    #[error("the quota of sub-list number {0} has already been applied")]
    SubListApplied(usize),
    #[error("entrant {0:?} has already qualified")]
    AlreadyQualified(EntrantId),
    #[error("all {0} wildcards are used")]
    NoWildcardLeft(u32),
}

/// 晋级名单 — the qualified list in order of qualification.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QualifiedList {
    pub entries: Vec<Qualifier>,
}

impl QualifiedList {
    pub fn contains(&self, who: EntrantId) -> bool {
        self.entries.iter().any(|q| q.entrant == who)
    }

    /// The qualified entrants in order.
    pub fn entrants(&self) -> Vec<EntrantId> {
        self.entries.iter().map(|q| q.entrant).collect()
    }

    /// Applies the stage after round `round`, given the ranking after that round (best first,
    /// players who left earlier included or not): its best `count` players not yet qualified
    /// qualify. Returns them in ranking order.
    pub fn qualify_after_round(
        &mut self,
        options: &QualificationOptions,
        round: u32,
        ranking: &[EntrantId],
    ) -> Result<Vec<EntrantId>, QualificationError> {
        let stage = options
            .stages
            .iter()
            .find(|s| s.after_round == round)
            .ok_or(QualificationError::NoStage(round))?;
        let route = Route::Stage { after_round: round };
        if self.entries.iter().any(|q| q.route == route) {
            return Err(QualificationError::StageApplied(round));
        }
        Ok(self.take_best(ranking, stage.count, route, |_| true))
    }

    /// Applies the quota of sub-list `index`: its members in `ranking` order, passing over those
    /// who already qualified, up to the quota. Returns them in ranking order.
    pub fn qualify_sub_list(
        &mut self,
        options: &QualificationOptions,
        index: usize,
        ranking: &[EntrantId],
        is_member: impl Fn(EntrantId) -> bool,
    ) -> Result<Vec<EntrantId>, QualificationError> {
        let quota = options
            .sub_lists
            .get(index)
            .ok_or(QualificationError::NoSubList(index))?;
        let route = Route::SubList(index);
        if self.entries.iter().any(|q| q.route == route) {
            return Err(QualificationError::SubListApplied(index));
        }
        Ok(self.take_best(ranking, quota.count, route, is_member))
    }

    /// Adds a wildcard (外卡) chosen by the organiser.
    pub fn add_wildcard(
        &mut self,
        options: &QualificationOptions,
        who: EntrantId,
    ) -> Result<(), QualificationError> {
        if self.contains(who) {
            return Err(QualificationError::AlreadyQualified(who));
        }
        let used = self
            .entries
            .iter()
            .filter(|q| q.route == Route::Wildcard)
            .count() as u32;
        if used >= options.wildcards {
            return Err(QualificationError::NoWildcardLeft(options.wildcards));
        }
        self.entries.push(Qualifier {
            entrant: who,
            route: Route::Wildcard,
        });
        Ok(())
    }

    /// The players of `field` who have not qualified: those the Swiss still pairs.
    pub fn still_in_field(&self, field: &[EntrantId]) -> Vec<EntrantId> {
        field
            .iter()
            .copied()
            .filter(|&e| !self.contains(e))
            .collect()
    }

    fn take_best(
        &mut self,
        ranking: &[EntrantId],
        count: u32,
        route: Route,
        eligible: impl Fn(EntrantId) -> bool,
    ) -> Vec<EntrantId> {
        let mut taken = Vec::new();
        for &e in ranking {
            if taken.len() as u32 >= count {
                break;
            }
            if eligible(e) && !self.contains(e) {
                self.entries.push(Qualifier { entrant: e, route });
                taken.push(e);
            }
        }
        taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[i64]) -> Vec<EntrantId> {
        v.iter().copied().map(EntrantId).collect()
    }

    #[test]
    fn seed_002_men_fill_32_places() {
        assert_eq!(QualificationOptions::seed_002_men().places(), 32);
    }

    #[test]
    fn sub_list_falls_through_past_players_already_qualified() {
        let o = QualificationOptions {
            stages: vec![QualificationStage {
                after_round: 3,
                count: 2,
            }],
            sub_lists: vec![SubListQuota {
                name: "境外运动员".into(),
                count: 2,
            }],
            wildcards: 1,
        };
        let mut q = QualifiedList::default();
        // Ranking 5, 7, 1, 9, 3; overseas: 7, 9, 3.
        let ranking = ids(&[5, 7, 1, 9, 3]);
        assert_eq!(q.qualify_after_round(&o, 3, &ranking), Ok(ids(&[5, 7])));
        let overseas = |e: EntrantId| [7, 9, 3].contains(&e.0);
        // 7 already qualified → the next overseas players, 9 and 3.
        assert_eq!(
            q.qualify_sub_list(&o, 0, &ranking, overseas),
            Ok(ids(&[9, 3]))
        );
        assert_eq!(
            q.add_wildcard(&o, EntrantId(9)),
            Err(QualificationError::AlreadyQualified(EntrantId(9)))
        );
        assert_eq!(q.add_wildcard(&o, EntrantId(1)), Ok(()));
        assert_eq!(
            q.add_wildcard(&o, EntrantId(8)),
            Err(QualificationError::NoWildcardLeft(1))
        );
        assert_eq!(q.entrants(), ids(&[5, 7, 9, 3, 1]));
        assert_eq!(
            q.qualify_after_round(&o, 3, &ranking),
            Err(QualificationError::StageApplied(3))
        );
    }
}
