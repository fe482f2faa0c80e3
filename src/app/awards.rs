//! 奖项 — what a section awards after a round, from the rule book in one place: the standings,
//! each sub-ranking (女子, 境外 …), the team standings, the individual and team prizes, the
//! titles, the qualifiers and the grade promotions. Pure: both faces and the documents read
//! the same values.

use crate::awards::{self, AwardError, Prize, PrizeList, Promotion, Title};
use crate::model::{EntrantId, Section};
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

/// The awards of `section` after `round` (its own settings throughout).
pub fn section_awards(section: &Section, round: u32) -> SectionAwards {
    let settings = &section.settings.standings;
    let options = &section.settings.awards;
    let table = standings::standings(section, round);
    let ranking: Vec<EntrantId> = table.iter().map(|s| s.entrant).collect();
    let sub_rankings: Vec<(String, Vec<SubStanding>)> = settings
        .sub_rankings
        .iter()
        .map(|s| (s.name.clone(), sub_standings(section, &table, &s.filter)))
        .collect();
    let sub_lists: BTreeMap<String, BTreeSet<EntrantId>> = sub_rankings
        .iter()
        .map(|(name, rows)| (name.clone(), rows.iter().map(|r| r.entrant).collect()))
        .collect();
    let teams = team_standings(section, &table, &settings.team);
    let team_ranking: Vec<String> = teams.iter().map(|t| t.team.clone()).collect();
    SectionAwards {
        round,
        prizes: awards::prizes(options, &ranking, &sub_lists),
        team_prizes: awards::team_prizes(options, &team_ranking),
        titles: awards::titles(section, options, &ranking),
        qualifiers: awards::qualifiers(section, options, &ranking),
        promotions: awards::promotions(section, options),
        standings: table,
        sub_rankings,
        teams,
    }
}
