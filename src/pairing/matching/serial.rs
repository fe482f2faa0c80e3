//! 依序择优 — among the maximum-weight assignments of a bipartite graph, the one in which the
//! first left vertex gets the partner it prefers most, then the second, and so on.
//!
//! A Dutch bracket's S1 players choose their opponents in this way once S1 and S2 are fixed:
//! the weights settle everything the criteria can tell apart, and the S1 players' order breaks
//! the remaining ties. Deciding it with a matching per player (or per few players) costs a
//! repair of the whole round's matching each time; here it costs a search per player over the
//! *tight* edges only:
//!
//! - From one optimal assignment `M`, potentials `π` on the right vertices (and so `y` on the
//!   left, `y(l) = w(l, M(l)) − π(M(l))`) with `y(l) + π(r) ≥ w(l, r)` on every edge are found
//!   by longest paths (no path gains anything round a cycle, as `M` is optimal). They make `M`
//!   tight, and by complementary slackness every maximum-weight assignment uses tight edges
//!   only, and every assignment of tight edges has maximum weight.
//! - So an edge `l–r` lies in some optimal assignment exactly when it is tight and an
//!   alternating cycle of tight edges runs through it: from `r`, through `r`'s partner, along
//!   tight edges and partners, back to `M(l)`. The first left vertex takes the most preferred
//!   `r` reached so, `M` turns along that cycle (still optimal), and both leave the problem; the
//!   potentials stay valid for what is left, and the next vertex chooses.

use super::Weight;
use std::collections::VecDeque;

/// The assignment in which left vertices `0..choosers` in turn get the lowest-numbered right
/// vertex any maximum-weight assignment still allows them.
///
/// Left and right vertices are `0..n` with `n = mate.len()`; `mate[l]` is the right vertex of
/// left vertex `l` in a maximum-weight assignment (a bijection). `edges[l]` lists left vertex
/// `l`'s edges as (right vertex, weight); every `l`–`mate[l]` edge must be listed. `start` is a
/// first guess at the potentials (doubled units, as the matching solver's duals: any values
/// within the weight bound do; good ones save work). Returns `None` — and the caller decides
/// another way — when `mate` is not a bijection of maximum weight or the potentials would leave
/// the weight type's safe range.
pub fn serial_choice<W: Weight>(
    mate: &[usize],
    edges: &[Vec<(usize, W)>],
    choosers: usize,
    start: Vec<W>,
) -> Option<Vec<usize>> {
    let n = mate.len();
    if choosers > n {
        return None;
    }
    let Potentials { mut owner, own, pi } = potentials(mate, edges, start)?;
    // Tight edges, from each left vertex in order of the right vertex, and into each right one.
    let mut from_left: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut into_right: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (l, list) in edges.iter().enumerate() {
        let y = own[l].sub(pi[mate[l]]);
        for &(r, w) in list {
            if y.add(pi[r]) == w.add(w) {
                from_left[l].push(r);
                into_right[r].push(l);
            }
        }
        from_left[l].sort_unstable();
    }
    let mut mate = mate.to_vec();
    let mut gone = vec![false; n];
    let mut seen = vec![usize::MAX; n];
    let mut toward = vec![usize::MAX; n];
    let mut queue = Vec::new();
    for l in 0..choosers {
        let target = mate[l];
        // Its partner the first right vertex left to it over a tight edge: nothing better can
        // be reached, and nothing turns (in a big bracket, the usual case: no search).
        if from_left[l].iter().find(|&&r| !gone[r]) == Some(&target) {
            gone[target] = true;
            continue;
        }
        // The right vertices from which an alternating path of tight edges leads to M(l).
        seen[target] = l;
        queue.clear();
        queue.push(target);
        let mut i = 0;
        while i < queue.len() {
            let c = queue[i];
            i += 1;
            for &k in &into_right[c] {
                let p = mate[k];
                if gone[p] || seen[p] == l {
                    continue;
                }
                seen[p] = l;
                toward[p] = c;
                queue.push(p);
            }
        }
        let choice = *from_left[l]
            .iter()
            .find(|&&r| !gone[r] && seen[r] == l)
            .unwrap_or(&target);
        // Turn M along the cycle l → choice → … → target → l.
        let mut cur = choice;
        let mut moved = Vec::new();
        while cur != target {
            let next = toward[cur];
            moved.push((owner[cur], next));
            cur = next;
        }
        for (k, r) in moved {
            mate[k] = r;
            owner[r] = k;
        }
        mate[l] = choice;
        owner[choice] = l;
        gone[choice] = true;
    }
    Some(mate)
}

/// An optimal assignment's potentials: `owner[r]` the left vertex of right vertex `r`,
/// `own[l]` the doubled weight of left vertex `l`'s edge to its partner, and `pi` on the right
/// vertices with `own[l] − pi[mate[l]] + pi[r] ≥ 2w(l, r)` on every edge (equality on the
/// assignment's own).
struct Potentials<W> {
    owner: Vec<usize>,
    own: Vec<W>,
    pi: Vec<W>,
}

/// The potentials of assignment `mate` over `edges`, by longest paths from `start`; `None`
/// when `mate` is not a bijection of maximum weight with every partner's edge listed, or the
/// values would leave the weight type's safe range.
fn potentials<W: Weight>(
    mate: &[usize],
    edges: &[Vec<(usize, W)>],
    start: Vec<W>,
) -> Option<Potentials<W>> {
    let n = mate.len();
    if edges.len() != n || start.len() != n {
        return None;
    }
    let mut owner = vec![usize::MAX; n];
    for (l, &r) in mate.iter().enumerate() {
        if r >= n || owner[r] != usize::MAX {
            return None;
        }
        owner[r] = l;
    }
    // Doubled weight of l's edge to its partner.
    let mut own = Vec::with_capacity(n);
    for (l, list) in edges.iter().enumerate() {
        let w = list.iter().find(|&&(r, _)| r == mate[l])?.1;
        own.push(w.add(w));
    }
    let within = |x: W| x <= W::BOUND && x >= W::NEG_BOUND;
    // Longest paths: π(r) ≥ π(M(l)) + 2w(l, r) − 2w(l, M(l)) for every edge l–r.
    let mut pi = start;
    if !pi.iter().all(|&p| within(p)) {
        return None;
    }
    let mut queued = vec![true; n];
    let mut raised = vec![0usize; n];
    let mut queue: VecDeque<usize> = (0..n).collect();
    while let Some(c) = queue.pop_front() {
        queued[c] = false;
        let l = owner[c];
        let base = pi[c].sub(own[l]);
        for &(r, w) in &edges[l] {
            let candidate = base.add(w).add(w);
            if candidate > pi[r] {
                if !within(candidate) {
                    return None;
                }
                pi[r] = candidate;
                raised[r] += 1;
                // A vertex raised more than n times sits on a cycle that gains weight.
                if raised[r] > n {
                    return None;
                }
                if !queued[r] {
                    queued[r] = true;
                    queue.push_back(r);
                }
            }
        }
    }
    Some(Potentials { owner, own, pi })
}

/// For each right vertex `r`, how much less (doubled, as the weights) the best assignment in
/// which left vertex `s` takes `r` weighs than the maximum-weight assignment `mate`: `Some(0)`
/// for `mate[s]` and for any `r` that `s` could take in some optimal assignment, `None` where
/// no assignment gives `r` to `s` at all. Arguments as [`serial_choice`]'s; `None` in place of
/// the whole answer when `mate` is not optimal or a value would leave the weight type's safe
/// range.
///
/// With the potentials, every edge has a reduced cost `y(l) + π(r) − 2w(l, r) ≥ 0`, zero on
/// the assignment's own; an assignment differs from `mate` by alternating cycles and weighs
/// less by the reduced costs of its edges. `s` taking `r` closes the cycle `s → r`, `r`'s
/// owner to another right vertex, and so on until one takes `mate[s]`: the cheapest such
/// chains to `mate[s]`, for every `r` at once, are one run of Dijkstra's shortest paths
/// backwards from `mate[s]`.
pub fn forced_losses<W: Weight>(
    mate: &[usize],
    edges: &[Vec<(usize, W)>],
    s: usize,
    start: Vec<W>,
) -> Option<Vec<Option<W>>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = mate.len();
    if s >= n {
        return None;
    }
    let Potentials { own, pi, .. } = potentials(mate, edges, start)?;
    let within = |x: W| x <= W::BOUND && x >= W::ZERO;
    let reduced = |l: usize, r: usize, w: W| own[l].sub(pi[mate[l]]).add(pi[r]).sub(w.add(w));
    let mut into: Vec<Vec<(usize, W)>> = vec![Vec::new(); n];
    for (l, list) in edges.iter().enumerate() {
        if l == s {
            continue;
        }
        for &(r, w) in list {
            into[r].push((l, w));
        }
    }
    // dist[c]: the least reduced cost of moving c's owner off c, along a chain that ends in
    // mate[s].
    let mut dist: Vec<Option<W>> = vec![None; n];
    let mut done = vec![false; n];
    let mut heap = BinaryHeap::new();
    dist[mate[s]] = Some(W::ZERO);
    heap.push(Reverse((W::ZERO, mate[s])));
    while let Some(Reverse((d, r))) = heap.pop() {
        if done[r] {
            continue;
        }
        done[r] = true;
        for &(l, w) in &into[r] {
            let c = mate[l];
            if done[c] {
                continue;
            }
            let nd = d.add(reduced(l, r, w));
            if !within(nd) {
                return None;
            }
            if dist[c].is_none_or(|old| nd < old) {
                dist[c] = Some(nd);
                heap.push(Reverse((nd, c)));
            }
        }
    }
    let mut loss = vec![None; n];
    for &(r, w) in &edges[s] {
        if let Some(d) = dist[r] {
            let total = d.add(reduced(s, r, w));
            if !within(total) {
                return None;
            }
            loss[r] = Some(total);
        }
    }
    Some(loss)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of `n` left to `n` right vertices over the edges, by brute force.
    fn assignments(n: usize, w: &[Vec<Option<i64>>]) -> Vec<(i64, Vec<usize>)> {
        fn go(
            l: usize,
            w: &[Vec<Option<i64>>],
            used: &mut Vec<bool>,
            cur: &mut Vec<usize>,
            total: i64,
            out: &mut Vec<(i64, Vec<usize>)>,
        ) {
            if l == w.len() {
                out.push((total, cur.clone()));
                return;
            }
            for r in 0..w.len() {
                if let (false, Some(x)) = (used[r], w[l][r]) {
                    used[r] = true;
                    cur.push(r);
                    go(l + 1, w, used, cur, total + x, out);
                    cur.pop();
                    used[r] = false;
                }
            }
        }
        let mut out = Vec::new();
        go(0, w, &mut vec![false; n], &mut Vec::new(), 0, &mut out);
        out
    }

    /// The rule itself: among the assignments of largest weight, the first choosers' partners
    /// compared in turn, lowest first.
    fn expected(n: usize, choosers: usize, w: &[Vec<Option<i64>>]) -> Option<Vec<usize>> {
        let all = assignments(n, w);
        let best = all.iter().map(|a| a.0).max()?;
        all.into_iter()
            .filter(|a| a.0 == best)
            .map(|a| a.1)
            .min_by(|a, b| a[..choosers].cmp(&b[..choosers]))
    }

    fn random_case(seed: &mut u64, n: usize) -> Vec<Vec<Option<i64>>> {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        let x = next();
                        // Few distinct weights, so that many assignments tie.
                        (x % 5 != 0).then_some((x >> 8) as i64 % 4)
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_choosers_get_what_the_rule_gives() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0;
        for case in 0..3000 {
            let n = 1 + case % 7;
            let w = random_case(&mut seed, n);
            let Some(any) = assignments(n, &w).into_iter().max_by_key(|a| a.0) else {
                continue;
            };
            let edges: Vec<Vec<(usize, i64)>> = w
                .iter()
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .filter_map(|(r, x)| x.map(|x| (r, x)))
                        .collect()
                })
                .collect();
            // All choose, or the last one or two are dummies that do not.
            let choosers = n.saturating_sub(case / 7 % 3);
            let got = serial_choice(&any.1, &edges, choosers, vec![0; n]).expect("optimal");
            let want = expected(n, choosers, &w).expect("an assignment");
            assert_eq!(got[..choosers], want[..choosers], "case {case}: {w:?}");
            let weight: i64 = got
                .iter()
                .enumerate()
                .map(|(l, &r)| w[l][r].expect("edge"))
                .sum();
            assert_eq!(weight, any.0, "case {case}: not of maximum weight");
            checked += 1;
        }
        assert!(checked > 2000, "only {checked} cases had an assignment");
    }

    /// The losses against brute force: for each right vertex, the best assignment giving it
    /// to the last left vertex, subtracted from the best of all, doubled; none where no
    /// assignment gives it.
    #[test]
    fn the_forced_losses_are_what_brute_force_finds() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut checked = 0;
        for case in 0..2000 {
            let n = 1 + case % 7;
            let w = random_case(&mut seed, n);
            let all = assignments(n, &w);
            let Some(any) = all.iter().max_by_key(|a| a.0).cloned() else {
                continue;
            };
            let edges: Vec<Vec<(usize, i64)>> = w
                .iter()
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .filter_map(|(r, x)| x.map(|x| (r, x)))
                        .collect()
                })
                .collect();
            let s = n - 1;
            let got = forced_losses(&any.1, &edges, s, vec![0; n]).expect("optimal");
            for (r, &loss) in got.iter().enumerate() {
                let want = all
                    .iter()
                    .filter(|a| a.1[s] == r)
                    .map(|a| 2 * (any.0 - a.0))
                    .min();
                assert_eq!(loss, want, "case {case}, right vertex {r}: {w:?}");
            }
            checked += 1;
        }
        assert!(checked > 1500, "only {checked} cases had an assignment");
        // Not optimal: refused, as by the serial choice.
        let edges: Vec<Vec<(usize, i64)>> = vec![vec![(0, 1), (1, 5)], vec![(0, 5), (1, 1)]];
        assert_eq!(forced_losses(&[0, 1], &edges, 1, vec![0, 0]), None);
        // 0–1 and 1–0 weigh 5 each: giving right vertex 1 to left vertex 1 loses 2·(10 − 2).
        assert_eq!(
            forced_losses(&[1, 0], &edges, 1, vec![0, 0]),
            Some(vec![Some(0), Some(16)])
        );
    }

    #[test]
    fn a_matching_that_is_not_optimal_is_refused() {
        // 0–0 and 1–1 weigh 1 each, 0–1 and 1–0 weigh 5 each.
        let edges: Vec<Vec<(usize, i64)>> = vec![vec![(0, 1), (1, 5)], vec![(0, 5), (1, 1)]];
        assert_eq!(serial_choice(&[0, 1], &edges, 2, vec![0, 0]), None);
        assert_eq!(
            serial_choice(&[1, 0], &edges, 2, vec![0, 0]),
            Some(vec![1, 0])
        );
        // Not a bijection, or no edge to the partner.
        assert_eq!(serial_choice(&[1, 1], &edges, 2, vec![0, 0]), None);
        assert_eq!(
            serial_choice(&[0], &[vec![(0, 1i64)]], 1, vec![0]),
            Some(vec![0])
        );
        assert_eq!(serial_choice(&[0], &[vec![]], 1, vec![0i64]), None);
    }
}
