//! 参加编排的选手 — who is paired in a round: active entrants, minus players excluded after N
//! forfeits (连续/累计弃权, rules.md §1.3), minus players the caller holds out (qualified out,
//! stopped by a promotion rule, rules.md §1.9 / §3.4).

use super::XiangqiSwissOptions;
use super::state::PlayerState;
use crate::model::ForfeitCount;
use crate::model::{EntrantId, Section};
use std::collections::HashMap;

/// Has this player reached the forfeit exclusion before `round`?
pub fn excluded_by_forfeits(p: &PlayerState, options: &XiangqiSwissOptions) -> bool {
    let n = options.forfeit_exclusion as usize;
    if n == 0 {
        return false;
    }
    match options.forfeit_exclusion_count {
        ForfeitCount::Total => p.forfeit_rounds.len() >= n,
        ForfeitCount::Consecutive => p
            .forfeit_rounds
            .windows(n)
            .any(|w| w.windows(2).all(|ab| ab[1] == ab[0] + 1)),
    }
}

/// The entrants to pair in the next round, in pairing-number order.
pub fn players_to_pair(
    section: &Section,
    states: &HashMap<EntrantId, PlayerState>,
    options: &XiangqiSwissOptions,
    held_out: &[EntrantId],
) -> Vec<EntrantId> {
    section
        .entrants_by_number()
        .into_iter()
        .filter(|e| e.is_active() && !held_out.contains(&e.id))
        .filter(|e| {
            states
                .get(&e.id)
                .is_none_or(|p| !excluded_by_forfeits(p, options))
        })
        .map(|e| e.id)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Points, Side};

    fn player(forfeits: &[u32]) -> PlayerState {
        PlayerState {
            id: EntrantId(1),
            number: 1,
            unit: String::new(),
            score: Points::ZERO,
            colours: vec![Side::Red],
            met: Default::default(),
            prohibited: Default::default(),
            byes: 0,
            floats: vec![],
            forfeit_rounds: forfeits.to_vec(),
            summary: Default::default(),
        }
    }

    #[test]
    fn two_consecutive_forfeits_exclude_under_sh_and_any_two_under_bj() {
        let sh = XiangqiSwissOptions::default();
        let bj = XiangqiSwissOptions {
            forfeit_exclusion_count: ForfeitCount::Total,
            ..sh.clone()
        };
        // 连续两轮弃权者，取消比赛资格 (seed 000).
        assert!(excluded_by_forfeits(&player(&[3, 4]), &sh));
        assert!(!excluded_by_forfeits(&player(&[2, 4]), &sh));
        assert!(!excluded_by_forfeits(&player(&[4]), &sh));
        // 如有选手弃权两轮，则自下一轮起不再进行编排 (seed 001).
        assert!(excluded_by_forfeits(&player(&[2, 4]), &bj));
        assert!(!excluded_by_forfeits(&player(&[4]), &bj));
        let off = XiangqiSwissOptions {
            forfeit_exclusion: 0,
            ..sh
        };
        assert!(!excluded_by_forfeits(&player(&[1, 2, 3]), &off));
    }
}
