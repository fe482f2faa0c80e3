//! Round 1 by the seeds' pattern (seeds 000 and 001): numbers pair in twos, 1-2, 4-3, 5-6,
//! 8-7 …, and the first-named plays red — on odd boards the smaller number, on even boards the
//! larger. With an odd number of players the last number has the bye (轮空).
//!
//! Same-unit avoidance in round 1 (同队队员首轮回避, seed 000) is the swap procedure of
//! rules.md §1.4.3: scan the tables in order; when a table pairs two team-mates, swap its second
//! player with the second player of the nearest later table (then earlier table) such that
//! neither table has team-mates afterwards.

use super::PairingError;
use crate::model::{Bye, ByeKind, EntrantId, Game, Round, Section, same_unit};

/// Pairs round 1 of `section` among its active entrants, in pairing-number order.
pub fn pair_round_one(section: &Section) -> Result<Round, PairingError> {
    if !section.rounds.is_empty() {
        return Err(PairingError::AlreadyPaired(1));
    }
    let mut players: Vec<_> = section.entrants.iter().filter(|e| e.is_active()).collect();
    if players.is_empty() {
        return Err(PairingError::NoEntrants);
    }
    if let Some(e) = players.iter().find(|e| e.number.is_none()) {
        return Err(PairingError::NotDrawn(e.id));
    }
    players.sort_by_key(|e| e.number);
    let ids: Vec<EntrantId> = players.iter().map(|e| e.id).collect();
    let (tables, bye) = pattern_tables(&ids);
    Ok(round_from_tables(1, &tables, bye))
}

/// The seeds' pattern over players in number order: tables `(red, black)` and the bye.
pub fn pattern_tables(
    in_number_order: &[EntrantId],
) -> (Vec<(EntrantId, EntrantId)>, Option<EntrantId>) {
    let mut tables = Vec::with_capacity(in_number_order.len() / 2);
    let mut bye = None;
    for (i, pair) in in_number_order.chunks(2).enumerate() {
        match pair {
            [a, b] if i.is_multiple_of(2) => tables.push((*a, *b)),
            [a, b] => tables.push((*b, *a)),
            [last] => bye = Some(*last),
            _ => {}
        }
    }
    (tables, bye)
}

/// A round from tables `(red, black)` in board order and an optional pairing bye.
pub fn round_from_tables(
    number: u32,
    tables: &[(EntrantId, EntrantId)],
    bye: Option<EntrantId>,
) -> Round {
    Round {
        number,
        games: tables
            .iter()
            .enumerate()
            .map(|(i, (r, b))| Game::new(i as u32 + 1, *r, *b))
            .collect(),
        byes: bye
            .map(|entrant| Bye {
                entrant,
                kind: ByeKind::Pairing,
            })
            .into_iter()
            .collect(),
    }
}

/// 同队回避 by swapping (rules.md §1.4.3). Changes `tables` in place and returns the swaps made
/// as 1-based table pairs, and the number of same-unit tables left. `unit` gives an entrant's
/// unit, compared by [`same_unit`].
pub fn avoid_same_unit(
    tables: &mut [(EntrantId, EntrantId)],
    unit: impl Fn(EntrantId) -> String,
) -> (Vec<(u32, u32)>, u32) {
    avoid_clashes(tables, |a, b| same_unit(&unit(a), &unit(b)))
}

/// The swap procedure of [`avoid_same_unit`] for any pairs that should not meet (`clash`):
/// returns the swaps made (tables, from 1) and the tables still clashing.
pub fn avoid_clashes(
    tables: &mut [(EntrantId, EntrantId)],
    clash: impl Fn(EntrantId, EntrantId) -> bool,
) -> (Vec<(u32, u32)>, u32) {
    let mut swaps = Vec::new();
    for t in 0..tables.len() {
        if !clash(tables[t].0, tables[t].1) {
            continue;
        }
        let later = (t + 1..tables.len()).map(Some);
        let earlier = (0..t).rev().map(Some);
        let found = later
            .chain(earlier)
            .flatten()
            .find(|&u| !clash(tables[t].0, tables[u].1) && !clash(tables[u].0, tables[t].1));
        if let Some(u) = found {
            let (bt, bu) = (tables[t].1, tables[u].1);
            tables[t].1 = bu;
            tables[u].1 = bt;
            swaps.push((t as u32 + 1, u as u32 + 1));
        }
    }
    let left = tables.iter().filter(|(a, b)| clash(*a, *b)).count() as u32;
    (swaps, left)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entrant, EntrantStatus};

    fn section(n: u32) -> Section {
        let mut s = Section::default();
        for k in 1..=n {
            // ids deliberately differ from numbers
            s.entrants.push(Entrant {
                id: EntrantId(100 + i64::from(k)),
                number: Some(n + 1 - k),
                ..Entrant::default()
            });
        }
        s
    }

    fn numbers(s: &Section, r: &Round) -> Vec<(u32, u32)> {
        let num = |id| s.entrant(id).and_then(|e| e.number).unwrap();
        r.games.iter().map(|g| (num(g.red), num(g.black))).collect()
    }

    #[test]
    fn eight_players_pair_1_2_4_3_5_6_8_7() {
        let s = section(8);
        let r = pair_round_one(&s).unwrap();
        assert_eq!(numbers(&s, &r), vec![(1, 2), (4, 3), (5, 6), (8, 7)]);
        assert!(r.byes.is_empty());
        assert_eq!(
            r.games.iter().map(|g| g.board).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
    }

    #[test]
    fn red_numbers_are_those_with_n_mod_4_in_0_1() {
        let s = section(40);
        let r = pair_round_one(&s).unwrap();
        for (red, black) in numbers(&s, &r) {
            assert!(red % 4 == 0 || red % 4 == 1, "red {red}");
            assert!(black % 4 == 2 || black % 4 == 3, "black {black}");
        }
    }

    #[test]
    fn odd_field_gives_the_last_number_the_bye() {
        let s = section(15);
        let r = pair_round_one(&s).unwrap();
        assert_eq!(r.games.len(), 7);
        // Board 7 is odd, so its smaller number plays red.
        assert_eq!(numbers(&s, &r).last(), Some(&(13, 14)));
        let bye = &r.byes[0];
        assert_eq!(s.entrant(bye.entrant).unwrap().number, Some(15));
        assert_eq!(bye.kind, ByeKind::Pairing);
    }

    #[test]
    fn withdrawn_players_are_not_paired_and_undrawn_fields_refused() {
        let mut s = section(5);
        s.entrants
            .iter_mut()
            .find(|e| e.number == Some(2))
            .unwrap()
            .status = EntrantStatus::Withdrawn;
        let r = pair_round_one(&s).unwrap();
        // Remaining numbers 1,3,4,5 pair as 1-3, 5-4.
        assert_eq!(numbers(&s, &r), vec![(1, 3), (5, 4)]);
        s.entrants[0].number = None;
        assert!(matches!(pair_round_one(&s), Err(PairingError::NotDrawn(_))));
    }

    #[test]
    fn same_unit_tables_are_repaired_by_swapping_second_players() {
        // Numbers 1..8; 1 and 2 are team-mates (table 1), 5 and 6 too (table 3).
        let ids: Vec<EntrantId> = (1..=8).map(EntrantId).collect();
        let (mut tables, bye) = pattern_tables(&ids);
        assert!(bye.is_none());
        let unit = |id: EntrantId| match id.0 {
            1 | 2 => "A".to_string(),
            5 | 6 => "B".to_string(),
            _ => String::new(),
        };
        let (swaps, left) = avoid_same_unit(&mut tables, unit);
        // Table 1 (1-2) swaps its second player with table 2's (4-3): 1-3, 4-2.
        // Table 3 (5-6) swaps with table 4 (8-7): 5-7, 8-6.
        assert_eq!(swaps, vec![(1, 2), (3, 4)]);
        assert_eq!(left, 0);
        let got: Vec<(i64, i64)> = tables.iter().map(|(a, b)| (a.0, b.0)).collect();
        assert_eq!(got, vec![(1, 3), (4, 2), (5, 7), (8, 6)]);
        // The last table looks back when no later table helps: 7 and 8 team-mates.
        let mut t2 = pattern_tables(&ids).0;
        let (swaps, left) =
            avoid_same_unit(
                &mut t2,
                |id| {
                    if id.0 >= 7 { "C".into() } else { String::new() }
                },
            );
        assert_eq!((swaps, left), (vec![(4, 3)], 0));
        // One unit holding more than half the field cannot be kept apart.
        let mut t3 = pattern_tables(&ids).0;
        let (_, left) =
            avoid_same_unit(
                &mut t3,
                |id| {
                    if id.0 <= 6 { "D".into() } else { String::new() }
                },
            );
        assert_eq!(left, 2);
    }
}
