//! 录取名次与奖金 — how many places a section awards and what each place is paid, by place
//! bands (seed 000: 9–12 名 300 元 each), plus special prizes for a sub-ranking (seed 002:
//! 境外运动员前8名) that either stack with the place prize (可兼得) or not.

use super::AwardError;
use super::Counted;
use crate::model::{AwardOptions, EntrantId, PlacesRule, PrizeTable, TaxBasis};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::hash::Hash;

impl PlacesRule {
    /// The places the rule would award to a full field of `entrants`, before any reduction.
    fn nominal(&self, entrants: u32) -> u32 {
        match *self {
            PlacesRule::ReduceIfFewer { places } | PlacesRule::Fixed { places } => places,
            PlacesRule::BySize {
                threshold,
                up_to_places,
                above_places,
            } => {
                if entrants <= threshold {
                    up_to_places
                } else {
                    above_places
                }
            }
        }
    }

    /// 录取名次 — places awarded when `entrants` take part.
    pub fn places_awarded(&self, entrants: u32) -> u32 {
        match *self {
            PlacesRule::ReduceIfFewer { places } => places.min(entrants.saturating_sub(1)),
            PlacesRule::BySize { .. } | PlacesRule::Fixed { .. } => {
                self.nominal(entrants).min(entrants)
            }
        }
    }

    /// Is `place` cut by the reduction (one of the places the full field would have awarded but
    /// this field does not)? Places beyond the nominal count (seed 000: 9–16 名 money) are
    /// never cut: they are paid whenever someone holds them.
    pub(super) fn is_cut(&self, place: u32, entrants: u32) -> bool {
        place > self.places_awarded(entrants) && place <= self.nominal(entrants)
    }
}

impl PrizeTable {
    /// Checks that every band is a proper range from place 1 on and that no place is paid twice.
    pub fn validate(&self) -> Result<(), AwardError> {
        let mut seen = BTreeSet::new();
        for b in &self.bands {
            if b.from == 0 || b.from > b.to {
                return Err(AwardError::BadBand {
                    from: b.from,
                    to: b.to,
                });
            }
            for p in b.from..=b.to {
                if !seen.insert(p) {
                    return Err(AwardError::OverlappingBands(p));
                }
            }
        }
        Ok(())
    }

    /// The amount for `place`, if the table pays it.
    pub fn amount_for(&self, place: u32) -> Option<i64> {
        self.bands
            .iter()
            .find(|b| (b.from..=b.to).contains(&place))
            .map(|b| b.amount)
    }

    /// 奖金合计 — what the table pays when every listed place is held.
    pub fn full_total(&self) -> i64 {
        self.bands
            .iter()
            .map(|b| i64::from(b.to - b.from + 1) * b.amount)
            .sum()
    }
}

/// What a prize is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrizeKind {
    /// 名次奖 — the place in the section's ranking.
    Place,
    /// A special prize, by its sub-ranking's name.
    Special(String),
}

/// One prize paid to one winner (an entrant, or a team for team prizes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prize<K> {
    pub winner: K,
    /// The place in the ranking the prize is for (within the sub-ranking for special prizes).
    pub place: u32,
    /// 元.
    pub amount: i64,
    pub kind: PrizeKind,
}

/// 获奖名单 — the prizes of one section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrizeList<K> {
    pub prizes: Vec<Prize<K>>,
    pub tax: TaxBasis,
}

impl<K: PartialEq> PrizeList<K> {
    /// 奖金合计.
    pub fn total(&self) -> i64 {
        self.prizes.iter().map(|p| p.amount).sum()
    }

    /// What one winner receives in all.
    pub fn total_of(&self, winner: &K) -> i64 {
        self.prizes
            .iter()
            .filter(|p| &p.winner == winner)
            .map(|p| p.amount)
            .sum()
    }
}

fn check_unique<K: Clone + Eq + Hash>(
    ranking: &[K],
    dup: impl Fn(K) -> AwardError,
) -> Result<(), AwardError> {
    let mut seen = HashSet::new();
    for k in ranking {
        if !seen.insert(k) {
            return Err(dup(k.clone()));
        }
    }
    Ok(())
}

/// Place prizes for an ordered ranking: place p is paid by the table when someone holds it and
/// the places rule, reading a field of `field`, has not cut it.
fn place_prizes<K: Clone>(
    table: &PrizeTable,
    rule: &PlacesRule,
    ranking: &[K],
    field: u32,
) -> Vec<Prize<K>> {
    let n = field;
    ranking
        .iter()
        .zip(1u32..)
        .filter(|&(_, place)| !rule.is_cut(place, n))
        .filter_map(|(k, place)| {
            table.amount_for(place).map(|amount| Prize {
                winner: k.clone(),
                place,
                amount,
                kind: PrizeKind::Place,
            })
        })
        .collect()
}

/// 个人奖金 — the prizes of a section from its final ranking (ordered, unique) and the
/// sub-rankings named by the special prizes. The places rules read their field from those of
/// the ranking (or of the sub-list) whom `counted` counts.
///
/// A special prize with places of its own (seed 001 U14组: 男子录取前八名、女子录取前七名) awards
/// them within its list by its own rule over its own field, at the table's amount or none; the
/// places its rule cuts are not paid.
pub fn prizes(
    options: &AwardOptions,
    ranking: &[EntrantId],
    sub_lists: &BTreeMap<String, BTreeSet<EntrantId>>,
    counted: &Counted,
) -> Result<PrizeList<EntrantId>, AwardError> {
    check_unique(ranking, AwardError::DuplicateInRanking)?;
    options.prizes.validate()?;
    let field = counted.among(ranking);
    let mut list = place_prizes(&options.prizes, &options.places, ranking, field);
    for special in &options.special_prizes {
        special.table.validate()?;
        let members = sub_lists
            .get(&special.name)
            .ok_or_else(|| AwardError::MissingSubList(special.name.clone()))?;
        let sub: Vec<EntrantId> = ranking
            .iter()
            .copied()
            .filter(|e| members.contains(e))
            .collect();
        let list_field = counted.among(&sub);
        for (who, place) in sub.into_iter().zip(1u32..) {
            let amount = match &special.places {
                Some(rule) if place <= rule.places_awarded(list_field) => {
                    special.table.amount_for(place).unwrap_or(0)
                }
                Some(rule) if rule.is_cut(place, list_field) => continue,
                _ => match special.table.amount_for(place) {
                    Some(amount) => amount,
                    None => continue,
                },
            };
            let prize = Prize {
                winner: who,
                place,
                amount,
                kind: PrizeKind::Special(special.name.clone()),
            };
            if special.stacks {
                list.push(prize);
                continue;
            }
            // One prize per player: keep the larger.
            match list.iter().position(|p| p.winner == who) {
                None => list.push(prize),
                Some(i) if list[i].amount < amount => list[i] = prize,
                Some(_) => {}
            }
        }
    }
    Ok(PrizeList {
        prizes: list,
        tax: options.prizes.tax,
    })
}

/// 团体奖金 — team prizes from the team ranking (teams named by their 单位), by the team places
/// rule and team prize table.
pub fn team_prizes(
    options: &AwardOptions,
    team_ranking: &[String],
) -> Result<PrizeList<String>, AwardError> {
    check_unique(team_ranking, AwardError::DuplicateTeam)?;
    options.team_prizes.validate()?;
    Ok(PrizeList {
        prizes: place_prizes(
            &options.team_prizes,
            &options.team_places,
            team_ranking,
            team_ranking.len() as u32,
        ),
        tax: options.team_prizes.tax,
    })
}
