//! Colour allocation (C.04.3 E.1–E.5) for a pair chosen by the Dutch system.
//!
//! E.1 grant both preferences; E.2 grant the stronger preference (both absolute: the wider colour
//! difference); E.3 alternate to the most recent round in which the two had different colours
//! (unplayed rounds skipped); E.4 grant the preference of the higher-ranked player; E.5 give the
//! higher-ranked player the initial colour if his rank is odd, the other colour if it is even.

use super::player::{Field, Player};
use crate::model::Side;

/// E.1–E.3: the colour of `p` against `q` when the preferences decide, `None` when they do not.
fn by_preferences(p: &Player, q: &Player) -> Option<Side> {
    let compatible =
        p.preference.is_none() || q.preference.is_none() || p.preference != q.preference;
    if compatible {
        return p.preference.or(q.preference.map(Side::other));
    }
    if p.absolute() && (p.imbalance > q.imbalance || !q.absolute()) {
        return p.preference;
    }
    if q.absolute() && (q.imbalance > p.imbalance || !p.absolute()) {
        return q.preference.map(Side::other);
    }
    if p.strong() && !q.strong() {
        return p.preference;
    }
    if q.strong() && !p.strong() {
        return q.preference.map(Side::other);
    }
    // E.3: walk back through the played games of both until their colours differ.
    let mine = p
        .history
        .iter()
        .rev()
        .filter(|r| r.played)
        .filter_map(|r| r.colour);
    let theirs = q
        .history
        .iter()
        .rev()
        .filter(|r| r.played)
        .filter_map(|r| r.colour);
    mine.zip(theirs).find(|(a, b)| a != b).map(|(_, b)| b)
}

/// The colour given to player `a` when paired with player `b` (indices into `field.players`).
pub fn colour_of(field: &Field, a: usize, b: usize) -> Side {
    let (p, q) = (&field.players[a], &field.players[b]);
    if let Some(side) = by_preferences(p, q) {
        return side;
    }
    let initial = if field.initial_white {
        Side::Red
    } else {
        Side::Black
    };
    let a_higher = field.ranks_before(a, b);
    match p.preference {
        // E.5 — the higher-ranked player's parity decides.
        None => {
            let higher_colour = if field.players[if a_higher { a } else { b }]
                .rank_index
                .is_multiple_of(2)
            {
                initial
            } else {
                initial.other()
            };
            if a_higher {
                higher_colour
            } else {
                higher_colour.other()
            }
        }
        // E.4 — both want the same colour: the higher-ranked player gets it.
        Some(pref) => {
            if a_higher {
                pref
            } else {
                pref.other()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Outcome::Draw;
    use crate::pairing::dutch::Strength;
    use crate::pairing::dutch::player::tests::{field, section};

    #[test]
    fn e1_both_preferences_granted() {
        // 1 had white (wants black), 2 had black (wants white).
        let s = section(4, 5, &[(&[(1, 3, Draw), (4, 2, Draw)], &[])]);
        let f = field(&s);
        assert_eq!(colour_of(&f, 0, 1), Side::Black);
        assert_eq!(colour_of(&f, 1, 0), Side::Red);
    }

    #[test]
    fn e2_the_stronger_preference_is_granted() {
        // 1: W, W (absolute black); 2: B, W (mild black). The absolute preference wins.
        let s = section(
            4,
            5,
            &[
                (&[(1, 2, Draw), (3, 4, Draw)], &[]),
                (&[(1, 3, Draw), (2, 4, Draw)], &[]),
            ],
        );
        let f = field(&s);
        assert_eq!(f.players[0].strength, Strength::Absolute);
        assert_eq!(f.players[1].strength, Strength::Mild);
        assert_eq!(colour_of(&f, 0, 1), Side::Black);
        assert_eq!(colour_of(&f, 1, 0), Side::Red);
    }

    #[test]
    fn e3_alternate_to_the_last_round_with_different_colours() {
        // 1: W, B, W, B and 2: B, W, W, B — both mild white. Going back, round 4 and round 3
        // had equal colours; in round 2, 1 had black and 2 white: alternate, 1 white.
        let s = section(
            8,
            7,
            &[
                (
                    &[(1, 5, Draw), (6, 2, Draw), (3, 7, Draw), (8, 4, Draw)],
                    &[],
                ),
                (
                    &[(6, 1, Draw), (2, 5, Draw), (7, 4, Draw), (3, 8, Draw)],
                    &[],
                ),
                (
                    &[(1, 7, Draw), (2, 8, Draw), (5, 3, Draw), (4, 6, Draw)],
                    &[],
                ),
                (
                    &[(4, 1, Draw), (3, 2, Draw), (6, 5, Draw), (8, 7, Draw)],
                    &[],
                ),
            ],
        );
        let f = field(&s);
        assert_eq!(f.players[0].preference, Some(Side::Red));
        assert_eq!(f.players[1].preference, Some(Side::Red));
        assert_eq!(colour_of(&f, 0, 1), Side::Red);
        assert_eq!(colour_of(&f, 1, 0), Side::Black);
    }

    #[test]
    fn e4_identical_histories_the_higher_ranked_gets_his_preference() {
        // 1 and 2 both played B, W (mild black); 4 and 5 both W, B (mild white).
        let s = section(
            6,
            5,
            &[
                (&[(3, 1, Draw), (4, 2, Draw), (5, 6, Draw)], &[]),
                (&[(1, 4, Draw), (2, 5, Draw), (6, 3, Draw)], &[]),
            ],
        );
        let f = field(&s);
        assert_eq!(colour_of(&f, 0, 1), Side::Black);
        assert_eq!(colour_of(&f, 1, 0), Side::Red);
        assert_eq!(f.players[3].preference, Some(Side::Red));
        assert_eq!(f.players[4].preference, Some(Side::Red));
        assert_eq!(colour_of(&f, 3, 4), Side::Red);
    }

    #[test]
    fn e5_initial_colour_by_the_parity_of_the_higher_ranked_player() {
        let s = section(4, 5, &[]);
        let f = field(&s);
        // Initial colour white: rank 1 (odd) gets white, rank 2 (even) black.
        assert_eq!(colour_of(&f, 0, 2), Side::Red);
        assert_eq!(colour_of(&f, 1, 3), Side::Black);
        assert_eq!(colour_of(&f, 3, 1), Side::Red);
        let mut black_first = s.clone();
        black_first.settings.dutch.initial_colour = Side::Black;
        let f = Field::from_section(&black_first, &black_first.settings.dutch);
        assert_eq!(colour_of(&f, 0, 2), Side::Black);
    }
}
