//! Baku acceleration (FIDE C.04.5.1, rules.md §2.5): in the first half of the rounds the top
//! 2·⌈N/4⌉ players (group A, by pairing number) get virtual points — one point in the first half
//! of the accelerated rounds, half a point in the rest — used only to form score groups, never
//! for standings.

use crate::model::{Points, Section};

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

/// The virtual points the engine gives in `section` when it accelerates: (pairing number, round,
/// points) for each entrant of group A and each round in which he has any, group A by
/// pairing number as [`group_a`] counts it among all the section's entrants. What TRF-2026
/// record 250 states.
pub fn section_virtual_points(section: &Section) -> Vec<(u32, u32, Points)> {
    let rounds = section.settings.rounds as usize;
    let win = section.settings.points.red.win.halves();
    let entrants = section.entrants_by_number();
    let mut out = Vec::new();
    for e in entrants.iter().take(group_a(entrants.len())) {
        let Some(number) = e.number else { continue };
        for round in 1..=rounds {
            let vp = virtual_points(round, rounds, win);
            if vp != 0 {
                out.push((number, round as u32, Points(vp)));
            }
        }
    }
    out
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
    fn a_section_of_nine_accelerates_its_top_six_for_three_rounds_of_five() {
        // N = 9: group A = 2·⌈9/4⌉ = 6; 5 rounds: ⌈5/2⌉ = 3 accelerated, ⌈3/2⌉ = 2 of them by 1.
        let mut s = Section {
            settings: crate::model::SectionSettings::chess(),
            ..Section::default()
        };
        s.settings.rounds = 5;
        for n in 1..=9 {
            s.entrants.push(crate::model::Entrant {
                id: crate::model::EntrantId(i64::from(n)),
                number: Some(n),
                ..Default::default()
            });
        }
        let vp = section_virtual_points(&s);
        assert_eq!(vp.len(), 6 * 3);
        assert!(vp.contains(&(1, 1, Points(2))) && vp.contains(&(6, 2, Points(2))));
        assert!(vp.contains(&(6, 3, Points(1))));
        assert!(!vp.iter().any(|&(n, r, _)| n > 6 || r > 3));
    }
}
