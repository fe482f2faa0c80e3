//! 奖项 — what a section awards after a round, from the rule book in one place: the standings,
//! each sub-ranking (女子, 境外 …), the team standings, the individual and team prizes, the
//! titles, the qualifiers and the grade promotions. Pure: both faces and the documents read
//! the same values. A knockout, or a Swiss whose playoff is over, ranks by its final places
//! (1, 2, 3, 4, 5–8 shared …; the playoff's 1…k before the Swiss ranking) instead of points.

use super::bracket::bracket_places_after;
use super::qualification::{qualified_list, stage_places};
use super::sub_lists::sub_list_filter;
use crate::awards::{self, AwardError, Prize, PrizeList, Promotion, Title};
use crate::model::{EntrantId, Section};
use crate::pairing::knockout::Place;
use crate::standings::subrank::{SubStanding, sub_standings};
use crate::standings::team::{TeamStanding, team_standings};
use crate::standings::{self, Standing};
use std::collections::{BTreeMap, BTreeSet};

/// Everything a section awards after `round`.
#[derive(Clone, Debug, PartialEq)]
pub struct SectionAwards {
    pub round: u32,
    pub standings: Vec<Standing>,
    /// Each sub-ranking of the section's settings, by name, in its order.
    pub sub_rankings: Vec<(String, Vec<SubStanding>)>,
    pub teams: Vec<TeamStanding>,
    pub prizes: Result<PrizeList<EntrantId>, AwardError>,
    pub team_prizes: Result<PrizeList<String>, AwardError>,
    pub titles: Result<Vec<Title>, AwardError>,
    pub qualifiers: Result<Vec<EntrantId>, AwardError>,
    pub promotions: Vec<Promotion>,
    /// The players still in play in an unfinished knockout or playoff: they share the places
    /// above those decided, and no prize, title, qualification or certificate claims one.
    pub undecided: Vec<EntrantId>,
}

impl SectionAwards {
    /// The individual prizes, or none when the rules could not be applied.
    pub fn prize_lines(&self) -> &[Prize<EntrantId>] {
        self.prizes
            .as_ref()
            .map(|p| p.prizes.as_slice())
            .unwrap_or(&[])
    }
}

/// The standings in the order of the places, each line ranked at the first place of its range;
/// entrants without a place follow in their standings order, sharing a place where the
/// standings share one.
fn in_final_order(table: Vec<Standing>, places: &[Place]) -> Vec<Standing> {
    let (mut placed, rest): (Vec<Standing>, Vec<Standing>) = table
        .into_iter()
        .partition(|s| places.iter().any(|p| p.entrant == s.entrant));
    let first = |s: &Standing| {
        places
            .iter()
            .find(|p| p.entrant == s.entrant)
            .map_or(u32::MAX, |p| p.first)
    };
    placed.sort_by_key(|s| first(s));
    for s in &mut placed {
        s.rank = first(s);
        // Placed by the bracket or the stages, not by a drawing of lots.
        s.by_lot = false;
    }
    let after = placed.len() as u32;
    let mut previous: Option<(u32, u32)> = None;
    for (i, mut s) in rest.into_iter().enumerate() {
        let rank = match previous {
            Some((was, now)) if was == s.rank => now,
            _ => after + 1 + i as u32,
        };
        previous = Some((s.rank, rank));
        s.rank = rank;
        placed.push(s);
    }
    placed
}

/// The standings after `round` as the section ranks: by points and tiebreaks; for a knockout,
/// or a Swiss once its playoff has begun, by the bracket ([`bracket_places_after`]); with
/// qualification stages (seed 002), the players who qualified first, stage by stage
/// ([`stage_places`]).
pub fn final_standings(section: &Section, round: u32) -> Vec<Standing> {
    ranked(section, round).0
}

/// [`final_standings`] and the players whose places are not decided yet.
fn ranked(section: &Section, round: u32) -> (Vec<Standing>, Vec<EntrantId>) {
    let table = standings::standings(section, round);
    if let Some(b) = bracket_places_after(section, round) {
        return (in_final_order(table, &b.places), b.undecided);
    }
    let staged = stage_places(section, round);
    if staged.is_empty() {
        (table, Vec::new())
    } else {
        (in_final_order(table, &staged), Vec::new())
    }
}

/// The awards of `section` after `round` (its own settings throughout).
pub fn section_awards(section: &Section, round: u32) -> SectionAwards {
    let settings = &section.settings.standings;
    let options = &section.settings.awards;
    let (table, undecided) = ranked(section, round);
    // The players still in play hold the top places between them: nothing is awarded by
    // place until the bracket has decided them.
    let ranking: Vec<EntrantId> = if undecided.is_empty() {
        table.iter().map(|s| s.entrant).collect()
    } else {
        Vec::new()
    };
    let sub_rankings: Vec<(String, Vec<SubStanding>)> = settings
        .sub_rankings
        .iter()
        .map(|s| (s.name.clone(), sub_standings(section, &table, &s.filter)))
        .collect();
    let sub_lists = special_prize_lists(section);
    let teams = team_standings(section, &table, &settings.team);
    let team_ranking: Vec<String> = if undecided.is_empty() {
        teams.iter().map(|t| t.team.clone()).collect()
    } else {
        Vec::new()
    };
    SectionAwards {
        round,
        prizes: awards::prizes(
            options,
            &ranking,
            &sub_lists,
            &awards::Counted::of(section, options.field),
        ),
        team_prizes: awards::team_prizes(options, &team_ranking),
        titles: awards::titles(section, options, &ranking),
        // With qualification stages (seed 002) the qualified list is theirs, in order of
        // qualification; otherwise the award rules' top places.
        qualifiers: if section.settings.qualification.stages.is_empty() {
            awards::qualifiers(section, options, &ranking)
        } else {
            Ok(qualified_list(section).entrants())
        },
        promotions: awards::promotions(section, options),
        standings: table,
        sub_rankings,
        teams,
        undecided,
    }
}

/// Who may win each special prize of the section, by the prize's name. A prize whose list
/// cannot be told is left out, so that [`awards::prizes`] names it.
fn special_prize_lists(section: &Section) -> BTreeMap<String, BTreeSet<EntrantId>> {
    section
        .settings
        .awards
        .special_prizes
        .iter()
        .filter_map(|sp| {
            let filter = sub_list_filter(section, &sp.name)?;
            let members = section
                .entrants
                .iter()
                .filter(|e| filter.accepts(e))
                .map(|e| e.id)
                .collect();
            Some((sp.name.clone(), members))
        })
        .collect()
}
