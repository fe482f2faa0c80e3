//! 补双选手 — the house player of a Swiss (rules.md §6). The organiser adds him to make an odd
//! field even. He plays a round only when the other players to pair are odd in number, so that
//! nobody needs a bye; when they are even he sits the round out: no game and no bye, he is not
//! in the round at all. In a round robin the table was built with him, so there he is an
//! ordinary participant and nothing here applies.
//!
//! [`field_for_round`] is the one place that decides: the app pairs the copy of the section it
//! returns, in which the house players who sit the round out are not active.

use super::dutch::Field;
use super::xiangqi::{eligibility, state};
use crate::model::{EntrantId, EntrantStatus, PairingSystem, Section};
use std::borrow::Cow;

/// Who of the house players plays the next round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HouseDecision {
    /// How many other players (not house players) the system pairs.
    pub others: usize,
    /// The house player who makes the field even (the first by pairing number).
    pub plays: Option<EntrantId>,
    /// House players who would be paired but sit the round out.
    pub sits_out: Vec<EntrantId>,
}

impl HouseDecision {
    /// Does the decision concern anyone?
    pub fn is_empty(&self) -> bool {
        self.plays.is_none() && self.sits_out.is_empty()
    }
}

/// The decision for `to_pair` — every entrant the system would pair next, house players
/// included, in pairing-number order: one house player plays when the others are odd, none
/// when they are even.
pub fn decide(section: &Section, to_pair: &[EntrantId]) -> HouseDecision {
    let is_house = |id: &EntrantId| section.entrant(*id).is_some_and(|e| e.house);
    let mut house = to_pair.iter().copied().filter(is_house);
    let others = to_pair.iter().filter(|id| !is_house(id)).count();
    let plays = if others % 2 == 1 { house.next() } else { None };
    HouseDecision {
        others,
        plays,
        sits_out: house.collect(),
    }
}

/// The entrants the section's Swiss system would pair next, in pairing-number order, as its
/// engine reads them: the xiangqi Swiss leaves out players excluded by forfeits, the Dutch
/// system players with a bye already entered for the round. `None` for the systems that do
/// not pair round by round from scores (round robin, knockout).
fn to_pair(section: &Section) -> Option<Vec<EntrantId>> {
    match section.settings.system {
        PairingSystem::XiangqiSwiss => {
            let options = &section.settings.xiangqi;
            let next = section.rounds.len() as u32 + 1;
            let states = state::states_before(section, next, options);
            Some(eligibility::players_to_pair(section, &states, options, &[]))
        }
        PairingSystem::Dutch => {
            let field = Field::from_section(section, &section.settings.dutch);
            let mut players: Vec<_> = field.players.iter().filter(|p| p.to_pair).collect();
            players.sort_by_key(|p| p.number);
            Some(players.into_iter().map(|p| p.id).collect())
        }
        PairingSystem::RoundRobin | PairingSystem::Knockout => None,
    }
}

/// The section as the next Swiss round is to be paired: unchanged when no house player sits
/// the round out, otherwise a copy in which those who sit out are not active. With the
/// decision, for the round's notes.
pub fn field_for_round(section: &Section) -> (Cow<'_, Section>, HouseDecision) {
    if !section.entrants.iter().any(|e| e.house) {
        return (Cow::Borrowed(section), HouseDecision::default());
    }
    let Some(ids) = to_pair(section) else {
        return (Cow::Borrowed(section), HouseDecision::default());
    };
    let decision = decide(section, &ids);
    if decision.sits_out.is_empty() {
        return (Cow::Borrowed(section), decision);
    }
    let mut copy = section.clone();
    for id in &decision.sits_out {
        if let Some(e) = copy.entrant_mut(*id) {
            e.status = EntrantStatus::Withdrawn;
        }
    }
    (Cow::Owned(copy), decision)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Entrant;

    fn section(players: u32, house: &[u32]) -> Section {
        let mut s = Section::default();
        for n in 1..=players {
            s.entrants.push(Entrant {
                id: EntrantId(i64::from(n)),
                number: Some(n),
                name: format!("P{n}"),
                house: house.contains(&n),
                ..Entrant::default()
            });
        }
        s
    }

    fn ids(v: &[i64]) -> Vec<EntrantId> {
        v.iter().map(|&i| EntrantId(i)).collect()
    }

    #[test]
    fn the_house_player_plays_only_beside_an_odd_number_of_others() {
        let s = section(8, &[8]);
        // Seven others: he makes eight.
        let d = decide(&s, &ids(&[1, 2, 3, 4, 5, 6, 7, 8]));
        assert_eq!(
            (d.others, d.plays, d.sits_out),
            (7, Some(EntrantId(8)), vec![])
        );
        // Six others (one withdrew): he sits out.
        let d = decide(&s, &ids(&[1, 2, 3, 4, 5, 6, 8]));
        assert_eq!((d.others, d.plays, d.sits_out), (6, None, ids(&[8])));
    }

    #[test]
    fn of_two_house_players_at_most_one_plays() {
        let s = section(9, &[8, 9]);
        let d = decide(&s, &ids(&[1, 2, 3, 4, 5, 6, 7, 8, 9]));
        assert_eq!((d.plays, d.sits_out), (Some(EntrantId(8)), ids(&[9])));
        let d = decide(&s, &ids(&[1, 2, 3, 4, 5, 6, 8, 9]));
        assert_eq!((d.plays, d.sits_out), (None, ids(&[8, 9])));
    }

    #[test]
    fn a_round_robin_pairs_its_house_player_like_anyone() {
        let mut s = section(4, &[4]);
        s.settings.system = PairingSystem::RoundRobin;
        let (field, d) = field_for_round(&s);
        assert!(matches!(field, Cow::Borrowed(_)));
        assert!(d.is_empty());
    }

    #[test]
    fn the_copy_withdraws_only_the_house_player_who_sits_out() {
        let mut s = section(7, &[7]);
        s.settings.system = PairingSystem::XiangqiSwiss;
        let (field, d) = field_for_round(&s);
        assert_eq!((d.others, d.sits_out.clone()), (6, ids(&[7])));
        assert!(!field.entrant(EntrantId(7)).unwrap().is_active());
        assert!(
            field
                .entrants
                .iter()
                .filter(|e| !e.house)
                .all(|e| e.is_active())
        );
        assert!(
            s.entrant(EntrantId(7)).unwrap().is_active(),
            "the section is untouched"
        );
    }
}
