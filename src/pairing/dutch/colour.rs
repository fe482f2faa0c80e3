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
