//! Round 1 by the seeds' pattern (seeds 000 and 001): numbers pair in twos, 1-2, 4-3, 5-6,
//! 8-7 …, and the first-named plays red — on odd boards the smaller number, on even boards the
//! larger. With an odd number of players the last number has the bye (轮空).

use super::PairingError;
use crate::model::{Bye, ByeKind, Game, Round, Section};

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
    let mut round = Round {
        number: 1,
        ..Round::default()
    };
    for (i, pair) in players.chunks(2).enumerate() {
        let board = i as u32 + 1;
        match pair {
            [a, b] if board % 2 == 1 => round.games.push(Game::new(board, a.id, b.id)),
            [a, b] => round.games.push(Game::new(board, b.id, a.id)),
            [last] => round.byes.push(Bye {
                entrant: last.id,
                kind: ByeKind::Pairing,
            }),
            _ => unreachable!("chunks(2)"),
        }
    }
    Ok(round)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entrant, EntrantId, EntrantStatus};

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
}
