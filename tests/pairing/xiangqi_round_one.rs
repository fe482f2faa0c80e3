//! Round 1 of the xiangqi Swiss: the seeds' pattern (1-2, 4-3, 5-6, 8-7 …, seeds 000/001), the
//! same-unit swap of rules.md §1.4.3, and the rule book's rating-halves pattern ([XQ-APPX]).

use crate::common::SectionBuilder;
use bianpai::model::{Entrant, EntrantId, FirstRoundPattern, Section};
use bianpai::pairing::xiangqi::{XiangqiSwissOptions, pair_round};

/// One entrant per unit given, numbered 1, 2, … (ids 1001, 1002, …), rated 2000 − 10 × number.
fn section(units: &[&str]) -> Section {
    SectionBuilder::new()
        .lot_seed(2026)
        .ids_from(1000)
        .entrants(units.iter().zip(1..).map(|(u, n)| Entrant {
            unit: (*u).to_string(),
            rating: Some(2000 - 10 * n),
            ..Entrant::default()
        }))
        .build()
}

fn nums(s: &Section, pairs: impl Iterator<Item = (EntrantId, EntrantId)>) -> Vec<(u32, u32)> {
    let n = |id| s.entrant(id).unwrap().number.unwrap();
    pairs.map(|(a, b)| (n(a), n(b))).collect()
}

#[test]
fn seed_pattern_without_units_is_1_2_4_3_5_6_8_7() {
    let s = section(&["", "", "", "", "", "", "", "", ""]);
    let p = pair_round(&s, 1, &XiangqiSwissOptions::default()).unwrap();
    let got = nums(&s, p.round.games.iter().map(|g| (g.red, g.black)));
    assert_eq!(got, vec![(1, 2), (4, 3), (5, 6), (8, 7)]);
    // Odd field: the last number has the bye.
    assert_eq!(s.entrant(p.round.byes[0].entrant).unwrap().number, Some(9));
    assert!(p.round_one.unwrap().swaps.is_empty());
}

#[test]
fn same_unit_in_round_one_is_avoided_by_swapping_and_recorded() {
    // 同队队员首轮回避 (seed 000): 1 and 2 are team-mates, so are 7 and 8.
    let s = section(&["甲", "甲", "", "", "", "", "乙", "乙"]);
    let p = pair_round(&s, 1, &XiangqiSwissOptions::default()).unwrap();
    let got = nums(&s, p.round.games.iter().map(|g| (g.red, g.black)));
    // Table 1 (1-2) swaps second players with table 2 (4-3) → 1-3, 4-2; table 4 (8-7) has no
    // later table and swaps with table 3 (5-6) → 5-7, 8-6.
    assert_eq!(got, vec![(1, 3), (4, 2), (5, 7), (8, 6)]);
    let note = p.round_one.unwrap();
    assert_eq!(note.swaps, vec![(1, 2), (4, 3)]);
    assert_eq!(note.unavoidable_same_unit, 0);
    // Switched off, the pattern stands.
    let off = XiangqiSwissOptions {
        same_unit_to: 0,
        ..XiangqiSwissOptions::default()
    };
    let p = pair_round(&s, 1, &off).unwrap();
    let got = nums(&s, p.round.games.iter().map(|g| (g.red, g.black)));
    assert_eq!(got, vec![(1, 2), (4, 3), (5, 6), (8, 7)]);
}

#[test]
fn rating_halves_pair_the_upper_half_with_the_lower_half_by_lot() {
    let mut s = section(&["", "", "", "", "", "", "", "", "", ""]);
    s.entrants.push(Entrant {
        id: EntrantId(2000),
        number: Some(11),
        ..Entrant::default()
    });
    s.settings.first_round = FirstRoundPattern::RatingHalves;
    let p = pair_round(&s, 1, &XiangqiSwissOptions::default()).unwrap();
    // Ratings fall with the number; the unrated 11 is last and takes the bye; 1–5 are the
    // upper half, 6–10 the lower.
    assert_eq!(p.round.byes[0].entrant, EntrantId(2000));
    let got = nums(&s, p.round.games.iter().map(|g| (g.red, g.black)));
    assert_eq!(got.len(), 5);
    for (a, b) in &got {
        assert!((*a <= 5) != (*b <= 5), "{a}-{b} crosses the halves");
    }
    // The draw is fixed by the lot seed, and a different seed draws differently.
    let again = pair_round(&s, 1, &XiangqiSwissOptions::default()).unwrap();
    assert_eq!(again.round, p.round);
    let draws: std::collections::HashSet<Vec<(u32, u32)>> = (0..8)
        .map(|seed| {
            s.lot_seed = Some(seed);
            let p = pair_round(&s, 1, &XiangqiSwissOptions::default()).unwrap();
            nums(&s, p.round.games.iter().map(|g| (g.red, g.black)))
        })
        .collect();
    assert!(draws.len() > 1);
}
