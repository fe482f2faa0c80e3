//! 分阶段晋级 (seed 002, rules.md §1.9): the qualified list of a section worked
//! out from its settings and its stored rounds, never stored itself, so that a corrected result
//! or an undo changes it as it changes the standings. A stage is applied once its round has
//! every result of its own: the best players not yet qualified in the standings after that
//! round qualify and leave the field ([`left_the_field`]). Once every stage is applied, each sub-list quota (境外运动员
//! …) takes that sub-list's best players not yet qualified in the standings after the last
//! stage; then come the wildcards (外卡): the entrants the organiser marks with the flag "外卡",
//! in pairing-number order, as many as the settings allow.

use super::sub_lists::sub_list_filter;
use crate::model::{EntrantId, Filter, Section};
use crate::pairing::knockout::Place;
use crate::pairing::qualification::{QualifiedList, Route};
use crate::standings;

pub use crate::model::WILDCARD_FLAG;

/// The qualified list of `s` as its stored rounds stand (empty without qualification stages).
pub fn qualified_list(s: &Section) -> QualifiedList {
    let options = &s.settings.qualification;
    let mut list = QualifiedList::default();
    if options.stages.is_empty() {
        return list;
    }
    let mut stages = options.stages.clone();
    stages.sort_by_key(|st| st.after_round);
    let mut last_applied = None;
    for stage in &stages {
        let done = s
            .round(stage.after_round)
            .is_some_and(|r| r.regular_games_complete());
        if !done {
            break;
        }
        let ranking = ranking_after(s, stage.after_round);
        // A stage listed twice for the same round is applied once.
        let _ = list.qualify_after_round(options, stage.after_round, &ranking);
        last_applied = Some(stage.after_round);
    }
    if last_applied == stages.last().map(|st| st.after_round)
        && let Some(round) = last_applied
    {
        let ranking = ranking_after(s, round);
        for (index, quota) in options.sub_lists.iter().enumerate() {
            let filter =
                sub_list_filter(s, &quota.name).unwrap_or_else(|| Filter::Flag(quota.name.clone()));
            let member = |id: EntrantId| s.entrant(id).is_some_and(|e| filter.accepts(e));
            let _ = list.qualify_sub_list(options, index, &ranking, member);
        }
        for e in s.entrants_by_number() {
            if e.is_wildcard() {
                // Past the allowance, or already qualified: not added.
                let _ = list.add_wildcard(options, e.id);
            }
        }
    }
    list
}

/// The players who have left the field: those who qualified in a stage. (Sub-list quotas and
/// wildcards are named from the final standings and play on.)
pub fn left_the_field(s: &Section) -> Vec<EntrantId> {
    qualified_list(s)
        .entries
        .iter()
        .filter(|q| matches!(q.route, Route::Stage { .. }))
        .map(|q| q.entrant)
        .collect()
}

/// 分阶段晋级的名次 — the places of the players who qualified in a stage, as the stages stood
/// after `round`: the first to qualify hold places 1, 2, … in their order at their stage, the
/// next stage's the places after them, and so on (seed 002 pays its prize bands by stage:
/// “1-8名 … 9-16名 … 17-32名”). Their points are over fewer rounds than the others', so
/// points alone do not rank them. Empty without stages, or before the first is applied.
pub fn stage_places(s: &Section, round: u32) -> Vec<Place> {
    if s.settings.qualification.stages.is_empty() {
        return Vec::new();
    }
    let list = if s.rounds.iter().any(|r| r.number > round) {
        let mut view = s.clone();
        view.rounds.retain(|r| r.number <= round);
        qualified_list(&view)
    } else {
        qualified_list(s)
    };
    list.entries
        .iter()
        .filter(|q| matches!(q.route, Route::Stage { .. }))
        .zip(1u32..)
        .map(|(q, place)| Place {
            entrant: q.entrant,
            first: place,
            last: place,
        })
        .collect()
}

fn ranking_after(s: &Section, round: u32) -> Vec<EntrantId> {
    standings::standings(s, round)
        .iter()
        .map(|x| x.entrant)
        .collect()
}
