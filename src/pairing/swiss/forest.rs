//! 花森林 — the blossom forest of the solver's certificate, as pricing reads it.
//!
//! After a solve the duals price a pair the graph left out: its slack is `u(a) + u(b) − 2w`
//! plus `2z` of every blossom holding both ends, that is the bonus of the smallest such
//! blossom ([`Duals::blossom_bonus`]). A negative slack means the pair could make a better
//! matching and joins the graph. This module answers the question "which blossom holds both"
//! in the two shapes the engines ask it (see the layer's purpose paragraph, `super`):
//!
//! - for one pair at a time, in constant time after a linear set-up ([`Forest::common`];
//!   the xiangqi engine, which checks its pairs one by one);
//! - for all pairs at once, by the node of the forest where they meet ([`meetings`]; the
//!   Dutch engine, whose left-out pairs of a class weigh `c + h(a) + h(b)`, so that a pair's
//!   slack depends only on its two ends' reduced duals `r = u − 2h` and that node).

use crate::pairing::matching::{Duals, Weight};
use std::collections::HashMap;

/// The key of the unordered pair `a`–`b`: the smaller index in the high half, so that keys
/// sort as the pairs (smaller end, larger end) do.
#[inline]
pub fn pair_key(a: usize, b: usize) -> u64 {
    let (i, j) = if a < b { (a, b) } else { (b, a) };
    ((i as u64) << 32) | j as u64
}

/// The blossom forest of a certificate, for lowest common ancestors in constant time (an Euler
/// tour with a sparse table of depths): the blossom bonus of a pair is that of the smallest
/// blossom holding both ends, and deep nests of blossoms make walking up from each pair slow.
pub struct Forest {
    /// Position of each node's first visit in the tour (`u32::MAX`: not a live node).
    first: Vec<u32>,
    /// `table[k][i]`: the shallowest (depth, node) among tour positions `i..i + 2^k`.
    table: Vec<Vec<(u32, u32)>>,
}

impl Forest {
    const ROOT: u32 = u32::MAX;

    pub fn new<W: Weight>(cert: &Duals<W>) -> Forest {
        let n = cert.vertex_count();
        let mut children: Vec<Vec<u32>> = Vec::new();
        let mut live = vec![false; 2 * n + 1];
        let mut roots = Vec::new();
        for v in 0..n {
            let mut x = v;
            loop {
                if live[x] {
                    break;
                }
                live[x] = true;
                match cert.parent(x) {
                    Some(p) => {
                        if children.len() <= p {
                            children.resize(p + 1, Vec::new());
                        }
                        children[p].push(x as u32);
                        x = p;
                    }
                    None => {
                        roots.push(x as u32);
                        break;
                    }
                }
            }
        }
        let mut first = vec![u32::MAX; live.len()];
        let mut tour: Vec<(u32, u32)> = vec![(0, Self::ROOT)];
        // Iterative depth-first walk from a virtual root above the forest's roots.
        let mut stack: Vec<(u32, u32, usize)> = roots.iter().rev().map(|&r| (r, 1, 0)).collect();
        let mut path: Vec<(u32, u32)> = vec![(0, Self::ROOT)];
        while let Some((x, d, _)) = stack.pop() {
            while path.last().is_some_and(|&(pd, _)| pd >= d) {
                path.pop();
                if let Some(&top) = path.last() {
                    tour.push(top);
                }
            }
            first[x as usize] = tour.len() as u32;
            tour.push((d, x));
            path.push((d, x));
            if let Some(ch) = children.get(x as usize) {
                for &c in ch.iter().rev() {
                    stack.push((c, d + 1, 0));
                }
            }
        }
        let mut table = vec![tour];
        let mut k = 1;
        while (1 << k) <= table[0].len() {
            let prev = &table[k - 1];
            let half = 1 << (k - 1);
            let row: Vec<(u32, u32)> = (0..prev.len() - half)
                .map(|i| prev[i].min(prev[i + half]))
                .collect();
            table.push(row);
            k += 1;
        }
        Forest { first, table }
    }

    /// The smallest blossom holding both vertices, `None` when none does.
    #[inline]
    pub fn common(&self, a: usize, b: usize) -> Option<usize> {
        let (x, y) = (self.first[a], self.first[b]);
        let (l, r) = (x.min(y) as usize, x.max(y) as usize);
        let k = (usize::BITS - 1 - (r - l + 1).leading_zeros()) as usize;
        let (_, node) = self.table[k][l].min(self.table[k][r + 1 - (1 << k)]);
        (node != Self::ROOT).then_some(node as usize)
    }
}

/// The forest's nodes where two of a set of vertices can meet with a negative slack, found in
/// one sweep ([`meetings`]). Nodes are numbered as in the certificate — vertices `0..n`, then
/// blossoms below `2n` — and `2n` is the forest's own root, above its top-level nodes, with no
/// blossom terms.
pub struct Meetings<W> {
    /// For every node, the two smallest `r` of its vertices that lie in different children,
    /// each with the child it came through (the first is the node's smallest).
    pub best: Vec<[Option<(W, usize)>; 2]>,
    /// The nodes whose two best could meet below their limit, each with its vertices (in
    /// ascending `r`) and the child of the node each lies in.
    pub nodes: HashMap<usize, Vec<(usize, usize)>>,
    /// `c2`, the limit at the root.
    c2: W,
    root: usize,
}

impl<W: Weight> Meetings<W> {
    /// The limit a pair meeting at `node` must reach: `c2` less the node's blossom terms, so
    /// that `r(a) + r(b) < limit(node)` is a negative slack.
    pub fn limit(&self, cert: &Duals<W>, node: usize) -> W {
        if node == self.root {
            self.c2
        } else {
            self.c2.sub(cert.blossom_bonus(Some(node)))
        }
    }
}

/// Where the vertices `by_r` (in ascending order of their reduced dual `r`) can meet: a pair
/// of them meets at the smallest node of the forest holding both, in two different children
/// of it, and has slack `r(a) + r(b) − (c2 − bonus(node))`. Climbing from each vertex in
/// order of `r`, the first to reach a node from a child is that child's least, so one pass
/// finds every node's two least in different children; only the nodes where those two fall
/// below the limit can hold a negative slack, and only those are listed with their vertices.
pub fn meetings<W: Weight>(cert: &Duals<W>, by_r: &[usize], r: &[W], c2: W) -> Meetings<W> {
    let n = cert.vertex_count();
    let root = 2 * n;
    let up = |x: usize| cert.parent(x).unwrap_or(root);
    let limit_of = |node: usize| {
        if node == root {
            c2
        } else {
            c2.sub(cert.blossom_bonus(Some(node)))
        }
    };
    let mut best: Vec<[Option<(W, usize)>; 2]> = vec![[None, None]; 2 * n + 1];
    for &v in by_r {
        let mut child = v;
        loop {
            let x = up(child);
            let reached = best[x][0].is_some();
            match best[x] {
                [None, _] => best[x][0] = Some((r[v], child)),
                [Some((_, c)), None] if c != child => best[x][1] = Some((r[v], child)),
                _ => {}
            }
            if reached || x == root {
                break;
            }
            child = x;
        }
    }
    let suspect: Vec<bool> = (0..=2 * n)
        .map(|x| match best[x] {
            [Some((a, _)), Some((b, _))] => a.add(b) < limit_of(x),
            _ => false,
        })
        .collect();
    let mut nodes: HashMap<usize, Vec<(usize, usize)>> = HashMap::new();
    for &v in by_r {
        let mut child = v;
        loop {
            let x = up(child);
            if suspect[x] {
                nodes.entry(x).or_default().push((v, child));
            }
            if x == root {
                break;
            }
            child = x;
        }
    }
    Meetings {
        best,
        nodes,
        c2,
        root,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Lots;
    use crate::pairing::matching::{Graph, Options, max_weight_matching_certified};

    /// Certificates of solved random graphs, small weights with many ties so that blossoms
    /// stay at the optimum.
    fn certificates() -> Vec<Duals<i64>> {
        let mut lots = Lots::new(35);
        (0..150)
            .map(|_| {
                let n = 4 + lots.below(11) as usize;
                let mut g = Graph::<i64>::new(n);
                for a in 0..n {
                    for b in a + 1..n {
                        if lots.below(3) > 0 {
                            g.add_edge(a, b, lots.below(12) as i64).unwrap();
                        }
                    }
                }
                let options = Options {
                    max_cardinality: lots.below(2) == 0,
                };
                max_weight_matching_certified(&g, options).unwrap().1
            })
            .collect()
    }

    /// The node directly below `node` on the way up from vertex `v`.
    fn child_of(cert: &Duals<i64>, v: usize, node: usize) -> usize {
        let root = 2 * cert.vertex_count();
        let mut x = v;
        while cert.parent(x).unwrap_or(root) != node {
            x = cert.parent(x).unwrap();
        }
        x
    }

    /// The smallest blossom holding two vertices, by the constant-time forest, is the one found
    /// by climbing the certificate's parents from both; and some certificates have blossoms.
    #[test]
    fn the_forest_finds_the_smallest_blossom_holding_both() {
        let mut blossoms = 0;
        for cert in certificates() {
            let n = cert.vertex_count();
            let forest = Forest::new(&cert);
            for a in 0..n {
                blossoms += usize::from(cert.parent(a).is_some());
                for b in a + 1..n {
                    assert_eq!(forest.common(a, b), cert.common(a, b), "{a}–{b}");
                }
            }
        }
        assert!(blossoms > 50, "{blossoms} vertices in blossoms");
    }

    /// Every pair whose slack `r(a) + r(b) − (c2 − bonus)` is negative, where bonus is that of
    /// the smallest blossom holding both (none: the root, no bonus), is listed at that node,
    /// its two players in different children of it; and the node's limit is `c2 − bonus`.
    #[test]
    fn meetings_list_every_pair_of_negative_slack_where_it_meets() {
        let mut lots = Lots::new(7);
        let mut negative = 0;
        for cert in certificates() {
            let n = cert.vertex_count();
            let root = 2 * n;
            let r: Vec<i64> = (0..n)
                .map(|v| cert.vertex_dual(v) - lots.below(20) as i64)
                .collect();
            let mut by_r: Vec<usize> = (0..n).filter(|_| lots.below(5) > 0).collect();
            by_r.sort_by_key(|&v| r[v]);
            let c2 = lots.below(40) as i64;
            let meet = meetings(&cert, &by_r, &r, c2);
            for (i, &a) in by_r.iter().enumerate() {
                for &b in &by_r[i + 1..] {
                    let common = cert.common(a, b);
                    let node = common.unwrap_or(root);
                    let limit = c2 - cert.blossom_bonus(common);
                    assert_eq!(meet.limit(&cert, node), limit);
                    if r[a] + r[b] >= limit {
                        continue;
                    }
                    negative += 1;
                    let listed = &meet.nodes[&node];
                    let (ca, cb) = (child_of(&cert, a, node), child_of(&cert, b, node));
                    assert_ne!(ca, cb);
                    assert!(listed.contains(&(a, ca)) && listed.contains(&(b, cb)));
                }
            }
        }
        assert!(negative > 100, "{negative} pairs of negative slack");
    }

    /// The key of a pair is the same whichever end comes first, and keys sort as the pairs
    /// (smaller end, larger end) do: (1, 7) < (2, 3) < (2, 5).
    #[test]
    fn a_pair_key_is_unordered_and_sorts_by_the_smaller_end() {
        assert_eq!(pair_key(3, 2), pair_key(2, 3));
        assert_eq!(pair_key(2, 3), (2 << 32) | 3);
        assert!(pair_key(7, 1) < pair_key(2, 3));
        assert!(pair_key(2, 3) < pair_key(5, 2));
    }
}
