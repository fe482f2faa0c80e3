//! 循环制设置 — the options of a round-robin section (rules.md §1.5, FIDE C.05).

use serde::{Deserialize, Serialize};

/// Round-robin options of a section (循环制设置).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RoundRobinOptions {
    /// 循环次数 — 1 = single round robin (单循环), 2 = double (双循环): the second cycle repeats
    /// the first with colours reversed.
    pub cycles: u32,
    /// In a double round robin, play the last two rounds of the first cycle in reverse order, so
    /// nobody has the same colour three times across the cycle boundary (FIDE C.05 advice).
    pub swap_last_two_rounds_of_first_cycle: bool,
}

impl Default for RoundRobinOptions {
    fn default() -> Self {
        RoundRobinOptions {
            cycles: 1,
            swap_last_two_rounds_of_first_cycle: false,
        }
    }
}
