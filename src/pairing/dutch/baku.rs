//! Baku acceleration (FIDE C.04.5.1, rules.md §2.5): in the first half of the rounds the top
//! 2·⌈N/4⌉ players (group A, by pairing number) get virtual points — one point in the first half
//! of the accelerated rounds, half a point in the rest — used only to form score groups, never
//! for standings.

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

/// The size of group A among `players` players: 2·⌈N/4⌉, the top of the field by pairing number.
pub fn group_a(players: usize) -> usize {
    2 * players.div_ceil(4)
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
}
