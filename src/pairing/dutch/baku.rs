//! Baku acceleration (FIDE C.04.5.1, rules.md §2.5): in the first half of the rounds the top
//! 2·⌈N/4⌉ players (group A, by pairing number) get virtual points — one point in the first half
//! of the accelerated rounds, half a point in the rest — used only to form score groups, never
//! for standings.

use super::player::Field;

/// Virtual points, in half-points, of a group-A player when round `round` (from 1) is paired.
pub fn virtual_points(round: usize, total_rounds: usize, win: i32) -> i32 {
    let accelerated = total_rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    if round <= full {
        win
    } else if round <= accelerated {
        win / 2
    } else {
        0
    }
}

/// Fills the virtual points of every round paired so far and of the round being paired.
pub fn apply(field: &mut Field) {
    let n = field.players.len();
    let group_a = 2 * n.div_ceil(4);
    let (rounds, total, win) = (field.played_rounds, field.total_rounds, field.win);
    let mut by_number: Vec<usize> = (0..n).collect();
    by_number.sort_by_key(|&i| field.players[i].number);
    for &i in by_number.iter().take(group_a) {
        let vp = &mut field.players[i].virtual_points;
        for (r, v) in vp.iter_mut().enumerate().take(rounds + 1) {
            *v = virtual_points(r + 1, total, win);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_md_example_twenty_players_seven_rounds() {
        // rules.md §2.5: VP = 1, 1, 0.5, 0.5, 0, 0, 0 (chess: a win is 2 half-points).
        let vp: Vec<i32> = (1..=7).map(|r| virtual_points(r, 7, 2)).collect();
        assert_eq!(vp, vec![2, 2, 1, 1, 0, 0, 0]);
    }

    #[test]
    fn group_a_is_the_top_half_rounded_to_an_even_number() {
        // 20 players: group A = players 1–10, who start round 1 on one virtual point.
        let mut s = crate::pairing::dutch::player::tests::section(20, 7, &[]);
        s.settings.dutch.baku = true;
        let f = Field::from_section(&s, &s.settings.dutch, &[]);
        let scores: Vec<i32> = f.players.iter().map(|p| p.score).collect();
        assert_eq!(scores[..10], [2; 10]);
        assert_eq!(scores[10..], [0; 10]);
        assert!(
            f.players.iter().all(|p| p.raw_score == 0),
            "standings unaffected"
        );
    }
}
