//! 第一轮 — round 1 of the Dutch system paired without a search. With no game played every player
//! to pair has the same score: one homogeneous bracket with no history, whose pairing the rules
//! fix outright (C.04.3 B, in both editions): when the number is odd the lowest-ranked player
//! takes the pairing-allocated bye (he is the one whose leaving out keeps the best pairs), and
//! the rest are paired S1 against S2 — the first half in rank order against the second, first
//! with first — colours by E.5 (the initial colour to the higher-ranked player of an odd rank).
//!
//! The general engine would find the same pairing (a property test compares them), after a
//! matching over every pair of players: seconds and gigabytes for thousands. Anything that makes
//! round 1 other than one plain bracket — Baku virtual points or a bonus that splits the scores,
//! a prohibited pairing, a player the bye may not go to — is left to the engine.

use super::engine::RoundPairs;
use super::player::Field;
use crate::model::Side;

/// Round 1 paired by the rules alone, or `None` when it is not one plain bracket.
pub fn direct(field: &Field) -> Option<RoundPairs> {
    if field.played_rounds != 0 {
        return None;
    }
    let mut sorted: Vec<usize> = (0..field.players.len())
        .filter(|&i| field.players[i].to_pair)
        .collect();
    let first = *sorted.first()?;
    let plain = sorted.iter().all(|&i| {
        let p = &field.players[i];
        p.score == field.players[first].score
            && p.preference.is_none()
            && p.met.is_empty()
            && p.prohibited.is_empty()
    });
    if !plain || sorted.len() < 2 {
        return None;
    }
    sorted.sort_by_key(|&i| field.players[i].rank_index);
    let bye = if sorted.len() % 2 == 1 {
        let last = sorted.pop()?;
        if !field.players[last].bye_eligible {
            return None;
        }
        Some(last)
    } else {
        None
    };
    let (s1, s2) = sorted.split_at(sorted.len() / 2);
    let pairs = s1
        .iter()
        .zip(s2)
        .map(|(&a, &b)| match super::colour::colour_of(field, a, b) {
            Side::Red => (a, b),
            Side::Black => (b, a),
        })
        .collect();
    Some(RoundPairs { pairs, bye })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ByeKind, DutchEdition, DutchOptions, Lots};
    use crate::pairing::dutch::engine;
    use crate::pairing::dutch::player::tests::section;

    /// A round-1 field of `n` players, `absent` of them away (a zero-point bye announced for
    /// round 1), by `edition`, with the initial colour given.
    fn field_of(n: u32, absent: &[u32], edition: DutchEdition, initial: Side) -> Field {
        let byes: Vec<(u32, ByeKind)> = absent.iter().map(|&p| (p, ByeKind::Zero)).collect();
        let s = if byes.is_empty() {
            section(n, 9, &[])
        } else {
            section(n, 9, &[(&[], &byes)])
        };
        let options = DutchOptions {
            edition,
            initial_colour: initial,
            ..DutchOptions::default()
        };
        Field::from_section(&s, &options)
    }

    fn sorted(mut r: RoundPairs) -> (Vec<(usize, usize)>, Option<usize>) {
        r.pairs.sort();
        (r.pairs, r.bye)
    }

    #[test]
    fn round_one_is_s1_against_s2_the_last_player_out_when_odd() {
        // Seven players, the initial colour white: 1–4 (white, rank 1 odd), 2–5 (5 white: rank 2
        // even), 3–6, and 7 the bye. Indices are numbers − 1.
        let f = field_of(7, &[], DutchEdition::Fide2026, Side::Red);
        let r = direct(&f).expect("one plain bracket");
        assert_eq!(r.pairs, vec![(0, 3), (4, 1), (2, 5)]);
        assert_eq!(r.bye, Some(6));
    }

    #[test]
    fn the_direct_round_one_is_what_the_engine_finds() {
        // Random fields of 200 to 2,000 players (fewer and smaller in the debug profile's time:
        // the engine's matching over every pair is what the direct pairing saves), both
        // editions, both initial colours, some players away.
        let mut lots = Lots::new(38);
        let sizes: &[u32] = if cfg!(debug_assertions) {
            &[200, 201, 257, 460]
        } else {
            &[200, 201, 640, 999, 1_500, 2_000]
        };
        for &n in sizes {
            let away: Vec<u32> = (1..=n).filter(|_| lots.below(20) == 0).collect();
            let edition = if lots.below(2) == 0 {
                DutchEdition::Fide2026
            } else {
                DutchEdition::Fide2017
            };
            let initial = if lots.below(2) == 0 {
                Side::Red
            } else {
                Side::Black
            };
            let f = field_of(n, &away, edition, initial);
            let direct = direct(&f).expect("one plain bracket");
            let engine = engine::pair(&f).expect("the engine pairs round 1");
            assert_eq!(
                sorted(direct),
                sorted(engine),
                "{n} players, {} away, {edition:?}, {initial:?}",
                away.len()
            );
        }
    }

    #[test]
    fn anything_but_one_plain_bracket_is_left_to_the_engine() {
        // After round 1.
        let s = section(
            4,
            5,
            &[(
                &[
                    (1, 3, crate::model::Outcome::Draw),
                    (2, 4, crate::model::Outcome::Draw),
                ],
                &[],
            )],
        );
        assert!(direct(&Field::from_section(&s, &DutchOptions::default())).is_none());
        // Baku acceleration splits round 1 into two scores.
        let baku = DutchOptions {
            baku: true,
            ..DutchOptions::default()
        };
        assert!(direct(&Field::from_section(&section(20, 9, &[]), &baku)).is_none());
        // A prohibited pairing.
        let mut s = section(6, 5, &[]);
        s.settings.prohibited.push(crate::model::ProhibitedPair {
            first: crate::model::EntrantId(1),
            second: crate::model::EntrantId(4),
            from_round: 1,
            to_round: None,
        });
        assert!(direct(&Field::from_section(&s, &DutchOptions::default())).is_none());
    }
}
