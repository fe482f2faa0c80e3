//! 第一轮 — round 1 of a xiangqi Swiss: the seeds' pattern over the drawn numbers (1-2, 4-3,
//! 5-6, 8-7 …, rules.md §1.4.1.2) or the rule book's pattern (rating halves paired by lot,
//! colours by lot, [XQ-APPX] 三(一)), followed by same-unit avoidance by the swap procedure of
//! rules.md §1.4.3. Of the two ways the rule book allows, Bianpai keeps the drawn numbers and
//! changes only round-1 opponents; every swap is recorded in the round's note (for the 秩序册).
//! The rule book's fallback (re-drawing the numbers) is not needed: over every assignment of
//! three units to 6 and 8 players the swap scan reaches the unavoidable minimum of same-unit
//! tables (half of what the largest unit holds beyond the rest of the field), which a re-draw
//! could not beat; the unavoidable tables are counted in the note.

use super::XiangqiSwissOptions;
use super::explain::RoundOneNote;
use super::state::PlayerState;
use crate::model::{EntrantId, FirstRoundPattern, Lots, Round, Section, same_unit};
use crate::pairing::PairingError;
use crate::pairing::round_one::{
    avoid_clashes, avoid_same_unit, pattern_tables, round_from_tables,
};
use std::collections::HashMap;

type Tables = (Vec<(EntrantId, EntrantId)>, Option<EntrantId>);

/// The rule book's pattern: players by rating (unrated after rated, in number order, which is
/// an order by lot), upper half against a lot-drawn order of the lower half, colours by lot.
/// With an odd number the last of the order has the bye.
pub fn rating_halves(
    players: &[&PlayerState],
    rating: &HashMap<EntrantId, i32>,
    seed: u64,
) -> Tables {
    let mut order: Vec<&PlayerState> = players.to_vec();
    order.sort_by_key(|p| (rating.get(&p.id).map(|r| -r).unwrap_or(i32::MAX), p.number));
    let bye = (order.len() % 2 == 1)
        .then(|| order.pop().map(|p| p.id))
        .flatten();
    let half = order.len() / 2;
    let mut lower: Vec<EntrantId> = order[half..].iter().map(|p| p.id).collect();
    let mut lots = Lots::new(seed);
    lots.shuffle(&mut lower);
    let tables = order[..half]
        .iter()
        .zip(lower)
        .map(|(u, l)| {
            if lots.below(2) == 0 {
                (u.id, l)
            } else {
                (l, u.id)
            }
        })
        .collect();
    (tables, bye)
}

/// Pairs round 1. `players` are those to pair, in number order. A table of two players whose
/// pairing the section prohibits is then undone by the same swap procedure (never making a
/// same-unit table where units are avoided); when one is left, round 1 cannot be paired.
pub fn pair_first_round(
    section: &Section,
    players: &[&PlayerState],
    options: &XiangqiSwissOptions,
) -> Result<(Round, RoundOneNote), PairingError> {
    let seed = section.lot_seed.unwrap_or_default();
    let rating: HashMap<EntrantId, i32> = section
        .entrants
        .iter()
        .filter_map(|e| e.rating.map(|r| (e.id, r)))
        .collect();
    let unit: HashMap<EntrantId, String> = players.iter().map(|p| (p.id, p.unit.clone())).collect();
    let unit_of = |id: EntrantId| unit.get(&id).cloned().unwrap_or_default();
    let ids: Vec<EntrantId> = players.iter().map(|p| p.id).collect();
    let make = |ids: &[EntrantId]| -> Tables {
        match section.settings.first_round {
            FirstRoundPattern::AdjacentAlternating => pattern_tables(ids),
            FirstRoundPattern::RatingHalves => rating_halves(players, &rating, seed),
        }
    };
    let (mut tables, bye) = make(&ids);
    let mut note = RoundOneNote::default();
    if options.avoids_units_in(1) {
        let (swaps, left) = avoid_same_unit(&mut tables, unit_of);
        note.swaps = swaps;
        note.unavoidable_same_unit = left;
    }
    let prohibited = |a: EntrantId, b: EntrantId| section.settings.prohibits(1, a, b);
    if tables.iter().any(|&(a, b)| prohibited(a, b)) {
        let units = options.avoids_units_in(1);
        let clash = |a: EntrantId, b: EntrantId| {
            prohibited(a, b) || (units && same_unit(&unit_of(a), &unit_of(b)))
        };
        let (swaps, _) = avoid_clashes(&mut tables, clash);
        note.swaps.extend(swaps);
        if tables.iter().any(|&(a, b)| prohibited(a, b)) {
            return Err(PairingError::NoValidPairing(1));
        }
    }
    Ok((round_from_tables(1, &tables, bye), note))
}
