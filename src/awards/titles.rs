//! 等级称号与参赛资格 — titles granted by place (三级运动员 to the top 8 when at least 15
//! players actually played; 上海棋协大师 to places 1–3) and the list of players who qualify for
//! a further event (seed 000: 男子个人前三十二名).

use super::AwardError;
use crate::model::{AwardOptions, EntrantId, FieldCount, Section};
use std::collections::HashSet;

/// A title granted to an entrant for a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Title {
    pub entrant: EntrantId,
    pub place: u32,
    pub title: String,
}

/// 上场比赛人数 — entrants of the section with at least one game played over the board
/// (forfeits and byes do not count; a knockout's match games do). A house player (补双) is no
/// competitor and is not counted.
pub fn players_who_played(section: &Section) -> usize {
    section
        .entrants
        .iter()
        .filter(|e| !e.house && played_a_game(section, e.id))
        .count()
}

/// Who a places rule counts in its field (see [`FieldCount`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Every entrant of the ranking or list (报名).
    Everyone,
    /// Only these (参赛: those who played a game over the board).
    Only(HashSet<EntrantId>),
}

impl Counted {
    /// Who counts in `section` under `count`.
    pub fn of(section: &Section, count: FieldCount) -> Counted {
        match count {
            FieldCount::Entered => Counted::Everyone,
            FieldCount::Played => Counted::Only(
                section
                    .entrants
                    .iter()
                    .filter(|e| !e.house && played_a_game(section, e.id))
                    .map(|e| e.id)
                    .collect(),
            ),
        }
    }

    /// The field of a ranking or a list: how many of `ids` count.
    pub fn among<'a>(&self, ids: impl IntoIterator<Item = &'a EntrantId>) -> u32 {
        let n = match self {
            Counted::Everyone => ids.into_iter().count(),
            Counted::Only(who) => ids.into_iter().filter(|id| who.contains(id)).count(),
        };
        u32::try_from(n).unwrap_or(u32::MAX)
    }
}

/// 录取名次 of a section's main ranking: the places its rule awards over the field of
/// `ranking` that its settings count, and that field.
pub fn places_awarded<'a>(
    section: &Section,
    ranking: impl IntoIterator<Item = &'a EntrantId>,
) -> (u32, u32) {
    let options = &section.settings.awards;
    let field = Counted::of(section, options.field).among(ranking);
    (options.places.places_awarded(field), field)
}

/// Did `who` play at least one game over the board (forfeits and byes aside)?
fn played_a_game(section: &Section, who: EntrantId) -> bool {
    section
        .rounds
        .iter()
        .flat_map(|r| &r.games)
        .any(|g| g.side_of(who).is_some() && g.outcome.is_some_and(|o| o.is_played()))
}

/// Checks that the ranking names each entrant of the section at most once and no one else.
fn check_ranking(section: &Section, ranking: &[EntrantId]) -> Result<(), AwardError> {
    let mut seen = HashSet::new();
    for &id in ranking {
        if section.entrant(id).is_none() {
            return Err(AwardError::UnknownEntrant(id));
        }
        if !seen.insert(id) {
            return Err(AwardError::DuplicateInRanking(id));
        }
    }
    Ok(())
}

/// 等级称号 — the titles granted in a section from its final ranking.
pub fn titles(
    section: &Section,
    options: &AwardOptions,
    ranking: &[EntrantId],
) -> Result<Vec<Title>, AwardError> {
    check_ranking(section, ranking)?;
    let played = players_who_played(section);
    let mut out = Vec::new();
    for rule in &options.titles {
        if rule.from == 0 || rule.from > rule.to {
            return Err(AwardError::BadBand {
                from: rule.from,
                to: rule.to,
            });
        }
        if played < rule.min_played as usize {
            continue;
        }
        for (&entrant, place) in ranking.iter().zip(1u32..) {
            if (rule.from..=rule.to).contains(&place) {
                out.push(Title {
                    entrant,
                    place,
                    title: rule.title.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// 参赛资格名单 — the top `options.qualifiers` of the final ranking, in ranking order.
pub fn qualifiers(
    section: &Section,
    options: &AwardOptions,
    ranking: &[EntrantId],
) -> Result<Vec<EntrantId>, AwardError> {
    check_ranking(section, ranking)?;
    Ok(ranking
        .iter()
        .copied()
        .take(options.qualifiers as usize)
        .collect())
}
