//! 最优配对 — exact minimum-cost perfect matching over a small set of players, the building
//! block of the optimiser. Up to `EXHAUSTIVE_LIMIT` players it is an exhaustive dynamic
//! programme over subsets (always pair the lowest unpaired player; O(2ⁿ·n)), which doubles as
//! the brute-force reference of the tests.

use super::weights::Cost;

/// The largest problem solved by the subset programme.
pub const EXHAUSTIVE_LIMIT: usize = 16;

/// A symmetric cost table: `cost[i][j]` is the cost of pairing i with j, `None` when forbidden.
pub type CostTable = Vec<Vec<Option<Cost>>>;

/// The cheapest perfect matching of `0..n` under `cost`, as a partner array, or `None` when no
/// perfect matching exists. `n` must be at most `EXHAUSTIVE_LIMIT`.
pub fn exhaustive(cost: &CostTable) -> Option<(Cost, Vec<usize>)> {
    let n = cost.len();
    if n % 2 == 1 || n > EXHAUSTIVE_LIMIT {
        return None;
    }
    let full = (1usize << n) - 1;
    // best[mask] = cheapest matching of the players in `mask`.
    let mut best: Vec<Option<(Cost, u8)>> = vec![None; 1 << n];
    best[0] = Some((Cost::default(), 0));
    for mask in 1..=full {
        if mask.count_ones() % 2 == 1 {
            continue;
        }
        let i = mask.trailing_zeros() as usize;
        let mut here: Option<(Cost, u8)> = None;
        let mut rest = mask & !(1 << i);
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (Some(c), Some((sub, _))) = (cost[i][j], best[mask & !(1 << i) & !(1 << j)]) else {
                continue;
            };
            let total = sub + c;
            if here.is_none_or(|(h, _)| total < h) {
                here = Some((total, j as u8));
            }
        }
        best[mask] = here;
    }
    let (total, _) = best[full]?;
    let mut mate = vec![usize::MAX; n];
    let mut mask = full;
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        let (_, j) = best[mask]?;
        let j = j as usize;
        mate[i] = j;
        mate[j] = i;
        mask &= !(1 << i) & !(1 << j);
    }
    Some((total, mate))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::xiangqi::weights::POS;

    fn c(v: u32) -> Option<Cost> {
        let mut x = Cost::default();
        x.0[POS] = v;
        Some(x)
    }

    #[test]
    fn finds_the_cheapest_perfect_matching_or_none() {
        // 0-1 is cheap but forces 2-3 which is dear; 0-2 + 1-3 is cheaper overall.
        let t = vec![
            vec![None, c(0), c(1), c(5)],
            vec![c(0), None, c(5), c(1)],
            vec![c(1), c(5), None, c(9)],
            vec![c(5), c(1), c(9), None],
        ];
        let (total, mate) = exhaustive(&t).unwrap();
        assert_eq!(total.0[POS], 2);
        assert_eq!(mate, vec![2, 3, 0, 1]);
        let blocked = vec![
            vec![None, c(0), None, None],
            vec![c(0), None, None, None],
            vec![None, None, None, None],
            vec![None, None, None, None],
        ];
        assert!(exhaustive(&blocked).is_none());
    }
}
