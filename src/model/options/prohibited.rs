//! 禁止配对 — prohibited pairings: two entrants of a section who must not be paired with each
//! other (siblings, coach and pupil, club mates beyond the same-unit rule), in every round or in
//! a span of rounds. Both the FIDE Dutch system and the xiangqi Swiss treat one as an absolute
//! criterion, as they treat a rematch. TRF-2026 writes them as record 260.

use crate::model::EntrantId;
use serde::{Deserialize, Serialize};

/// One prohibited pairing. The two entrants are kept in order (`first < second`), so a pair is
/// written one way only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ProhibitedPair {
    pub first: EntrantId,
    pub second: EntrantId,
    /// The first round it holds in (1: from the start).
    #[serde(default = "first_round")]
    pub from_round: u32,
    /// The last round it holds in; `None`: to the end.
    #[serde(default)]
    pub to_round: Option<u32>,
}

fn first_round() -> u32 {
    1
}

impl ProhibitedPair {
    /// The pair of `a` and `b` in every round; `None` when they are the same entrant.
    pub fn new(a: EntrantId, b: EntrantId) -> Option<ProhibitedPair> {
        (a != b).then(|| ProhibitedPair {
            first: a.min(b),
            second: a.max(b),
            from_round: 1,
            to_round: None,
        })
    }

    /// Does it hold in round `round`?
    pub fn holds_in(&self, round: u32) -> bool {
        round >= self.from_round && self.to_round.is_none_or(|last| round <= last)
    }

    /// Is it the pair of `a` and `b` (either way round)?
    pub fn is(&self, a: EntrantId, b: EntrantId) -> bool {
        (self.first, self.second) == (a.min(b), a.max(b))
    }

    /// The other entrant of the pair, if `who` is one of them.
    pub fn partner(&self, who: EntrantId) -> Option<EntrantId> {
        if who == self.first {
            Some(self.second)
        } else if who == self.second {
            Some(self.first)
        } else {
            None
        }
    }
}

/// Does `list` prohibit `a` and `b` from meeting in round `round`?
pub fn prohibited(list: &[ProhibitedPair], round: u32, a: EntrantId, b: EntrantId) -> bool {
    list.iter().any(|p| p.is(a, b) && p.holds_in(round))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_holds_either_way_round_in_its_rounds() {
        let (a, b, c) = (EntrantId(7), EntrantId(3), EntrantId(5));
        let p = ProhibitedPair::new(a, b).unwrap();
        assert_eq!((p.first, p.second), (b, a));
        assert!(ProhibitedPair::new(a, a).is_none());
        assert!(prohibited(&[p], 1, a, b) && prohibited(&[p], 9, b, a));
        assert!(!prohibited(&[p], 1, a, c));
        assert_eq!(p.partner(a), Some(b));
        assert_eq!(p.partner(c), None);
        let span = ProhibitedPair {
            from_round: 2,
            to_round: Some(3),
            ..p
        };
        assert!(!span.holds_in(1) && span.holds_in(2) && span.holds_in(3) && !span.holds_in(4));
        // Stored before the round span was written: every round.
        let old: ProhibitedPair = serde_json::from_str(r#"{"first":3,"second":7}"#).unwrap();
        assert_eq!(old, p);
    }
}
