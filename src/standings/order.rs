//! 名次核对 — checks a published order of places against the tiebreak list: the standings are
//! computed again with the list ([`super::standings_with`], players still tied sharing their
//! place), and every two neighbours of the published order are compared. The published order
//! breaks the list where the lower of two neighbours is placed higher by it, or where two
//! neighbours share a place that the list tells apart. Two players the list cannot tell apart
//! may stand in either order (lots, or a criterion beyond the list, decided them).

use super::{StandingsSettings, standings_with};
use crate::model::{EntrantId, Section};
use std::collections::HashMap;

/// How the published order breaks the list at one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderBreakKind {
    /// The player is published below `above` but the list places him higher.
    ShouldBeAbove,
    /// The player shares the place of `above` but the list places him lower.
    WronglyShared,
}

/// One break of the published order.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderBreak {
    /// 1-based position in the published order.
    pub position: usize,
    pub entrant: EntrantId,
    /// The published place of the player.
    pub place: u32,
    /// The neighbour published just above.
    pub above: EntrantId,
    pub above_place: u32,
    pub kind: OrderBreakKind,
    /// The places the list gives the two (the player's, the neighbour's).
    pub computed: (u32, u32),
}

/// Checks `published` (entrants with their places, in published order) against the standings
/// of `section` after `rounds` rounds by `settings`' tiebreak list. Entrants the standings do not
/// hold are skipped.
pub fn order_breaks(
    section: &Section,
    settings: &StandingsSettings,
    rounds: u32,
    published: &[(EntrantId, u32)],
) -> Vec<OrderBreak> {
    let settings = StandingsSettings {
        shared_places: true,
        ..settings.clone()
    };
    let computed: HashMap<EntrantId, u32> = standings_with(section, &settings, rounds)
        .into_iter()
        .map(|s| (s.entrant, s.rank))
        .collect();
    let ranked: Vec<(usize, EntrantId, u32, u32)> = published
        .iter()
        .enumerate()
        .filter_map(|(k, &(id, place))| computed.get(&id).map(|&c| (k + 1, id, place, c)))
        .collect();
    let mut out = Vec::new();
    for w in ranked.windows(2) {
        let (_, above, above_place, c_above) = w[0];
        let (position, entrant, place, c) = w[1];
        let kind = if c < c_above {
            OrderBreakKind::ShouldBeAbove
        } else if place == above_place && c != c_above {
            OrderBreakKind::WronglyShared
        } else {
            continue;
        };
        out.push(OrderBreak {
            position,
            entrant,
            place,
            above,
            above_place,
            kind,
            computed: (c, c_above),
        });
    }
    out
}
