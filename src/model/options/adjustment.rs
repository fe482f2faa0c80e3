//! 加减分 — points bonuses and penalties: points the arbiter adds to or takes from an entrant's
//! score (积分) outside the games, from a given round on (a penalty for a breach of the rules, a
//! bonus a regulation grants). They count wherever the score counts: in the score groups of the
//! pairing systems and in the standings. TRF-2026 writes them as record 299 ("abnormal points
//! assignment" with a blank type).

use crate::model::{EntrantId, Points};
use serde::{Deserialize, Serialize};

/// One bonus (positive points) or penalty (negative points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PointsAdjustment {
    pub entrant: EntrantId,
    /// 轮次 — counted in the score after this round and later (0: from the start, before
    /// round 1).
    pub round: u32,
    /// In half-points, negative for a penalty.
    pub points: Points,
}

/// The bonuses and penalties of `list` that `who` has in his score after `rounds` rounds.
pub fn adjustment_after(list: &[PointsAdjustment], who: EntrantId, rounds: u32) -> Points {
    list.iter()
        .filter(|a| a.entrant == who && a.round <= rounds)
        .map(|a| a.points)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_penalty_counts_from_its_round_on() {
        let list = [
            PointsAdjustment {
                entrant: EntrantId(2),
                round: 1,
                points: Points(-1),
            },
            PointsAdjustment {
                entrant: EntrantId(2),
                round: 0,
                points: Points(2),
            },
            PointsAdjustment {
                entrant: EntrantId(3),
                round: 0,
                points: Points(4),
            },
        ];
        assert_eq!(adjustment_after(&list, EntrantId(2), 0), Points(2));
        assert_eq!(adjustment_after(&list, EntrantId(2), 1), Points(1));
        assert_eq!(adjustment_after(&list, EntrantId(2), 5), Points(1));
        assert_eq!(adjustment_after(&list, EntrantId(1), 5), Points::ZERO);
    }
}
