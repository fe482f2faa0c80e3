//! 报到与检录 — the registration desk's settings of a section: how closing check-in (关闭签到)
//! treats those who did not come, and the lateness limit (迟到时限) after which a player who is
//! not at his board loses by forfeit.
//!
//! Closing check-in always takes the absent out of round 1 (they are marked withdrawn, one
//! action the arbiter may undo). Where the lots are drawn at the venue, as Chinese events do,
//! [`CheckInOptions::lots_among_present`] draws the pairing numbers only among those checked
//! in: the absent get no number and are not in the draw at all.

use serde::{Deserialize, Serialize};

/// 签到 settings of a section.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CheckInOptions {
    /// 只在已签到选手中抽签 — the numbers are drawn after check-in is closed, among those
    /// present only; off: the numbers are drawn beforehand (for the order book) and the absent
    /// keep theirs, unpaired.
    pub lots_among_present: bool,
}

/// 迟到时限 — minutes after the start of a round (as the arbiter announces it) after which a
/// player not at his board loses by forfeit; 0: the regulation sets none. Seed 000: "每轮比赛
/// 迟到 10 分钟按弃权处理" (10 and 10); seed 001: "首轮15分钟，其它轮次5分钟" (15 and 5); seed
/// 004: "第一轮棋手迟到15分钟作弃权，此后每轮迟到10分钟判负" (15 and 10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Lateness {
    /// Round 1's limit, in minutes.
    pub first_round: u32,
    /// The limit of every later round, in minutes.
    pub later_rounds: u32,
}

impl Lateness {
    /// The limit in round `round` (from 1), in minutes; `None` when none is set.
    pub fn limit(&self, round: u32) -> Option<u32> {
        let m = if round <= 1 {
            self.first_round
        } else {
            self.later_rounds
        };
        (m > 0).then_some(m)
    }

    /// Is any limit set?
    pub fn is_set(&self) -> bool {
        self.first_round > 0 || self.later_rounds > 0
    }

    /// Is it one limit for every round (seed 000), rather than one for round 1 and another
    /// after (seeds 001, 004)?
    pub fn same_every_round(&self) -> bool {
        self.first_round == self.later_rounds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seed_s_limit_reads_per_round_as_its_regulation_writes_it() {
        // Seed 000: 每轮比赛迟到 10 分钟.
        let s000 = Lateness {
            first_round: 10,
            later_rounds: 10,
        };
        assert_eq!((s000.limit(1), s000.limit(5)), (Some(10), Some(10)));
        assert!(s000.same_every_round());
        // Seed 001: 首轮15分钟，其它轮次5分钟.
        let s001 = Lateness {
            first_round: 15,
            later_rounds: 5,
        };
        assert_eq!(
            (s001.limit(1), s001.limit(2), s001.limit(9)),
            (Some(15), Some(5), Some(5))
        );
        assert!(!s001.same_every_round());
        // None set: no limit in any round.
        let none = Lateness::default();
        assert_eq!(
            (none.limit(1), none.limit(2), none.is_set()),
            (None, None, false)
        );
    }
}
