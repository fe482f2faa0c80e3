//! 最优配对 — exact minimum-cost perfect matching over a set of players, the building block of
//! the optimiser. Up to `SMALL` players it is an exhaustive dynamic programme over
//! subsets (always pair the lowest unpaired player; O(2ⁿ·n)), which doubles as the reference
//! the blossom path is tested against. Above that the lexicographic cost is packed into one wide
//! integer — each field gets as many bits as its sum over a whole matching can need, highest
//! field in the highest bits — and the maximum-cardinality maximum-weight matching of
//! [`crate::pairing::matching`] with weight `2^bits − cost` is the cheapest perfect matching.

use super::weights::{Cost, FIELDS};
use crate::pairing::matching::{Graph, I256, I512, Options, Weight, WideInt, max_weight_matching};

/// The largest problem the subset programme accepts.
pub const EXHAUSTIVE_LIMIT: usize = 16;

/// Problems up to this size go to the subset programme, larger ones to the blossom solver (in
/// a debug build, 12-player rounds paired twice as fast through the blossom).
pub const SMALL: usize = 8;

/// A symmetric cost table: `cost[i][j]` is the cost of pairing i with j, `None` when forbidden.
pub type CostTable = Vec<Vec<Option<Cost>>>;

/// The cheapest perfect matching of `0..n` under `cost`, as a partner array with its cost, or
/// `None` when no perfect matching exists.
pub fn cheapest_perfect_matching(cost: &CostTable) -> Option<(Cost, Vec<usize>)> {
    if cost.len() <= SMALL {
        return exhaustive(cost);
    }
    // Bits per field: enough for the field's largest edge value times the number of pairs.
    let pairs = (cost.len() / 2) as u64;
    let mut width = [0u32; FIELDS];
    for c in cost.iter().flatten().flatten() {
        for (w, v) in width.iter_mut().zip(c.0) {
            *w = (*w).max(64 - (u64::from(v) * pairs).leading_zeros());
        }
    }
    let total: u32 = width.iter().sum();
    if total + 6 <= 128 - 5 {
        blossom_i128(cost, &width)
    } else if total + 6 <= I256::BITS - 5 {
        blossom::<4>(cost, &width)
    } else if total + 6 <= I512::BITS - 5 {
        blossom::<8>(cost, &width)
    } else {
        None
    }
}

/// As [`blossom`] in native 128-bit integers, when the packed cost fits.
fn blossom_i128(cost: &CostTable, width: &[u32; FIELDS]) -> Option<(Cost, Vec<usize>)> {
    let total: u32 = width.iter().sum();
    let top = 1i128.checked_shl(total)?;
    let pack = |c: &Cost| -> i128 {
        let v = width
            .iter()
            .zip(c.0)
            .fold(0i128, |v, (&w, x)| (v << w) + i128::from(x));
        top - v
    };
    let mut g = Graph::<i128>::new(cost.len());
    for (i, row) in cost.iter().enumerate() {
        for (j, c) in row.iter().enumerate().skip(i + 1) {
            if let Some(c) = c {
                g.add_edge(i, j, pack(c)).ok()?;
            }
        }
    }
    finish(cost, &g)
}

/// Runs the solver and reads back a perfect matching with its cost.
fn finish<W: Weight>(cost: &CostTable, g: &Graph<W>) -> Option<(Cost, Vec<usize>)> {
    let mate = max_weight_matching(
        g,
        Options {
            max_cardinality: true,
        },
    )
    .ok()?;
    let mate: Vec<usize> = mate.into_iter().collect::<Option<Vec<usize>>>()?;
    let total = (0..mate.len())
        .filter(|&i| i < mate[i])
        .map(|i| cost[i][mate[i]])
        .sum::<Option<Cost>>()?;
    Some((total, mate))
}

fn blossom<const L: usize>(cost: &CostTable, width: &[u32; FIELDS]) -> Option<(Cost, Vec<usize>)>
where
    WideInt<L>: Weight,
{
    let total: u32 = width.iter().sum();
    let top = WideInt::<L>::pow2(total)?;
    let pack = |c: &Cost| -> Option<WideInt<L>> {
        let mut v = WideInt::<L>::ZERO;
        for (k, &w) in width.iter().enumerate() {
            v = v
                .checked_shl(w)?
                .checked_add(WideInt::from_u64(u64::from(c.0[k])))?;
        }
        top.checked_sub(v)
    };
    let n = cost.len();
    let mut g = Graph::<WideInt<L>>::new(n);
    for (i, row) in cost.iter().enumerate() {
        for (j, c) in row.iter().enumerate().skip(i + 1) {
            if let Some(c) = c {
                g.add_edge(i, j, pack(c)?).ok()?;
            }
        }
    }
    finish(cost, &g)
}

/// The subset programme behind [`cheapest_perfect_matching`] for at most `EXHAUSTIVE_LIMIT`
/// players.
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

    #[test]
    fn the_blossom_path_agrees_with_the_subset_programme() {
        use crate::model::Lots;
        use crate::pairing::xiangqi::weights::{MILD, STRONG};
        let mut lots = Lots::new(11);
        for _ in 0..30 {
            let n = 2 * (3 + lots.below(5) as usize);
            let mut t: CostTable = vec![vec![None; n]; n];
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect();
            for (i, j) in pairs {
                if lots.below(5) == 0 {
                    continue;
                }
                let mut c = Cost::default();
                c.0[0] = lots.below(2) as u32;
                c.0[STRONG] = lots.below(3) as u32;
                c.0[MILD] = lots.below(3) as u32;
                c.0[POS] = lots.below(50) as u32;
                t[i][j] = Some(c);
                t[j][i] = Some(c);
            }
            let exact = exhaustive(&t).map(|x| x.0);
            let width = {
                let mut w = [0u32; FIELDS];
                for c in t.iter().flatten().flatten() {
                    for (w, v) in w.iter_mut().zip(c.0) {
                        *w = (*w).max(64 - (u64::from(v) * n as u64).leading_zeros());
                    }
                }
                w
            };
            assert_eq!(blossom::<4>(&t, &width).map(|x| x.0), exact);
            assert_eq!(blossom::<8>(&t, &width).map(|x| x.0), exact);
            assert_eq!(blossom_i128(&t, &width).map(|x| x.0), exact);
        }
    }
}
