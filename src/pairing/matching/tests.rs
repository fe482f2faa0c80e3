//! Tests of the matching solver: exhaustive comparison with brute force on small graphs,
//! hand-built blossom cases whose optimum is worked out by hand, wide weights, and errors.

use super::blossom::{Solver, Stats};
use super::*;

/// splitmix64: a tiny deterministic generator so the tests need no seed plumbing.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A simple graph as an edge list, converted to any weight type by `conv`.
#[derive(Debug, Clone)]
struct Case {
    n: usize,
    edges: Vec<(usize, usize, i64)>,
}

impl Case {
    fn graph<W: Weight>(&self, conv: impl Fn(i64) -> W) -> Graph<W> {
        let mut g = Graph::new(self.n);
        for &(u, v, w) in &self.edges {
            assert_eq!(g.add_edge(u, v, conv(w)), Ok(()));
        }
        g
    }
}

/// Solves and also returns the solver's event counters.
fn solve_with_stats<W: Weight>(g: &Graph<W>, max_cardinality: bool) -> (Vec<Option<usize>>, Stats) {
    let mut solver = Solver::new(g, max_cardinality);
    assert_eq!(solver.solve(), Ok(()));
    (solver.mates(), solver.stats)
}

/// Checks that `mate` is a matching of `g` (symmetric, along edges) and returns its
/// cardinality and weight, summing weights with `add`.
fn check_matching<W: Weight>(g: &Graph<W>, mate: &[Option<usize>]) -> (usize, W) {
    assert_eq!(mate.len(), g.n);
    let mut card = 0;
    let mut weight = W::ZERO;
    for (v, m) in mate.iter().enumerate() {
        let Some(m) = *m else { continue };
        assert!(m < g.n, "mate out of range");
        assert_ne!(m, v, "vertex matched to itself");
        assert_eq!(mate[m], Some(v), "matching is not symmetric at {v}");
        if v < m {
            let best = g
                .edges
                .iter()
                .filter(|e| {
                    (e.0 as usize, e.1 as usize) == (v, m) || (e.0 as usize, e.1 as usize) == (m, v)
                })
                .map(|e| e.2)
                .max();
            let Some(w) = best else {
                panic!("{v}–{m} matched without an edge");
            };
            card += 1;
            weight = weight.add(w);
        }
    }
    (card, weight)
}

/// The best (cardinality, weight) over all matchings by exhaustive search: without
/// `max_cardinality` the largest weight (cardinality of some matching reaching it is not
/// compared), with it the lexicographic maximum of (cardinality, weight).
fn brute_force<W: Weight>(g: &Graph<W>, max_cardinality: bool) -> (usize, W) {
    let n = g.n;
    let mut w = vec![vec![None::<W>; n]; n];
    for &(u, v, x) in &g.edges {
        let (u, v) = (u as usize, v as usize);
        let cur = w[u][v];
        if cur.is_none_or(|c| x > c) {
            w[u][v] = Some(x);
            w[v][u] = Some(x);
        }
    }
    fn go<W: Weight>(
        w: &[Vec<Option<W>>],
        used: &mut Vec<bool>,
        i: usize,
        card: usize,
        total: W,
        maxc: bool,
        best: &mut (usize, W),
    ) {
        let n = used.len();
        let mut i = i;
        while i < n && used[i] {
            i += 1;
        }
        if i == n {
            let better = if maxc {
                (card, total) > *best
            } else {
                total > best.1
            };
            if better {
                *best = (card, total);
            }
            return;
        }
        used[i] = true;
        go(w, used, i + 1, card, total, maxc, best);
        for j in i + 1..n {
            if let (false, Some(x)) = (used[j], w[i][j]) {
                used[j] = true;
                go(w, used, i + 1, card + 1, total.add(x), maxc, best);
                used[j] = false;
            }
        }
        used[i] = false;
    }
    let mut best = (0, W::ZERO);
    go(
        &w,
        &mut vec![false; n],
        0,
        0,
        W::ZERO,
        max_cardinality,
        &mut best,
    );
    best
}

fn random_case(rng: &mut Rng, max_n: u64, max_w: i64, allow_negative: bool) -> Case {
    let n = 1 + rng.below(max_n) as usize;
    let density = 1 + rng.below(10);
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(10) < density {
                let mut w = rng.below(max_w as u64 + 1) as i64;
                if allow_negative && rng.below(4) == 0 {
                    w = -w;
                }
                // Shuffle the orientation too.
                if rng.below(2) == 0 {
                    edges.push((u, v, w));
                } else {
                    edges.push((v, u, w));
                }
            }
        }
    }
    // Shuffle the edge order.
    for i in (1..edges.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        edges.swap(i, j);
    }
    Case { n, edges }
}

/// Checks the solver against brute force on one graph; returns the solver's counters.
fn check_against_brute_force<W: Weight>(g: &Graph<W>, max_cardinality: bool) -> Stats {
    let (mate, stats) = solve_with_stats(g, max_cardinality);
    let got = check_matching(g, &mate);
    let want = brute_force(g, max_cardinality);
    if max_cardinality {
        assert_eq!(got, want, "graph {:?}", g.edges);
    } else {
        assert_eq!(got.1, want.1, "graph {:?}", g.edges);
    }
    let again = max_weight_matching(g, Options { max_cardinality }).ok();
    assert_eq!(again, Some(mate), "same input, same output");
    stats
}

fn add_stats(total: &mut Stats, s: Stats) {
    total.blossoms += s.blossoms;
    total.nested_blossoms += s.nested_blossoms;
    total.inner_expansions += s.inner_expansions;
    total.reached_children += s.reached_children;
    total.zero_dual_expansions += s.zero_dual_expansions;
    total.join_steps += s.join_steps;
}

/// Thousands of small random graphs, both modes, weights with many ties and zeros.
#[test]
fn random_small_graphs_match_brute_force() {
    let mut rng = Rng(0x5EED_0001);
    let mut total = Stats::default();
    for round in 0..3000 {
        let max_w = [1, 3, 10, 1000][round % 4];
        let case = random_case(&mut rng, 10, max_w, round % 3 == 0);
        let g = case.graph(|w| w);
        add_stats(&mut total, check_against_brute_force(&g, false));
        add_stats(&mut total, check_against_brute_force(&g, true));
    }
    // The corpus must actually exercise the blossom machinery.
    assert!(total.blossoms > 100, "{total:?}");
    assert!(total.nested_blossoms > 10, "{total:?}");
    assert!(total.inner_expansions > 10, "{total:?}");
    assert!(total.zero_dual_expansions > 10, "{total:?}");
    assert!(total.join_steps > 100, "{total:?}");
}

/// The same graphs in `i128` and in `I256` give optimal matchings too.
#[test]
fn other_weight_types_match_brute_force() {
    let mut rng = Rng(0x5EED_0002);
    for round in 0..500 {
        let case = random_case(&mut rng, 9, 20, round % 2 == 0);
        check_against_brute_force(&case.graph(|w| w as i128), round % 3 == 0);
        check_against_brute_force(&case.graph(I256::from_i64), round % 3 == 1);
    }
}

/// Weights that agree in their low 128 bits and differ only above bit 128: only exact wide
/// arithmetic can tell them apart.
#[test]
fn wide_weights_differing_beyond_bit_128() {
    let mut rng = Rng(0x5EED_0003);
    let low = I256::from_u128(u128::MAX >> 1);
    let to_wide = |w: i64| {
        I256::from_i64(w)
            .checked_shl(129)
            .and_then(|x| x.checked_add(low))
            .unwrap_or(I256::ZERO)
    };
    for _ in 0..300 {
        let case = random_case(&mut rng, 9, 12, false);
        let g = case.graph(to_wide);
        check_against_brute_force(&g, false);
        check_against_brute_force(&g, true);
    }
    // A fixed case: the path 0–1–2–3 with outer weights 2^129·(3, 3) and middle 2^129·5 plus
    // the same low part: 0–1 + 2–3 = 2^130·3 + 2·low beats 1–2 = 2^129·5 + low.
    let case = Case {
        n: 4,
        edges: vec![(0, 1, 3), (1, 2, 5), (2, 3, 3)],
    };
    let g = case.graph(to_wide);
    assert!(
        to_wide(1) > I256::from_u128(u128::MAX),
        "weights exceed 128 bits"
    );
    let mate = max_weight_matching(&g, Options::default());
    assert_eq!(mate, Ok(vec![Some(1), Some(0), Some(3), Some(2)]));
    // Shift the weights into a 512-bit type, far above bit 256.
    let mut g512 = Graph::new(4);
    for &(u, v, w) in &case.edges {
        let x = I512::from_i64(w).checked_shl(300).unwrap_or(I512::ZERO);
        assert_eq!(g512.add_edge(u, v, x), Ok(()));
    }
    assert_eq!(
        max_weight_matching(&g512, Options::default()),
        Ok(vec![Some(1), Some(0), Some(3), Some(2)])
    );
}

fn solve_case(case: &Case, max_cardinality: bool) -> (Vec<Option<usize>>, Stats) {
    let g = case.graph(|w| w);
    let (mate, stats) = solve_with_stats(&g, max_cardinality);
    check_matching(&g, &mate);
    (mate, stats)
}

fn pairs(mate: &[Option<usize>]) -> Vec<(usize, usize)> {
    mate.iter()
        .enumerate()
        .filter_map(|(v, m)| m.filter(|&m| v < m).map(|m| (v, m)))
        .collect()
}

#[test]
fn trivial_graphs() {
    let empty = Case {
        n: 0,
        edges: vec![],
    };
    assert_eq!(solve_case(&empty, false).0, vec![]);
    let lonely = Case {
        n: 3,
        edges: vec![],
    };
    assert_eq!(solve_case(&lonely, true).0, vec![None, None, None]);
    let one = Case {
        n: 2,
        edges: vec![(1, 0, 5)],
    };
    assert_eq!(solve_case(&one, false).0, vec![Some(1), Some(0)]);
    // A zero-weight edge adds nothing, but with max_cardinality it must be taken.
    let zero = Case {
        n: 2,
        edges: vec![(0, 1, 0)],
    };
    assert_eq!(solve_case(&zero, true).0, vec![Some(1), Some(0)]);
    // A negative edge is never worth taking, except to gain a pair.
    let neg = Case {
        n: 2,
        edges: vec![(0, 1, -4)],
    };
    assert_eq!(solve_case(&neg, false).0, vec![None, None]);
    assert_eq!(solve_case(&neg, true).0, vec![Some(1), Some(0)]);
}

/// Path 0–1–2–3 with weights 5, 7, 5 (hand: 5 + 5 = 10 > 7): the heavy middle edge is taken
/// first and must be given up along an augmenting path.
#[test]
fn path_prefers_two_lighter_edges() {
    let case = Case {
        n: 4,
        edges: vec![(0, 1, 5), (1, 2, 7), (2, 3, 5)],
    };
    assert_eq!(pairs(&solve_case(&case, false).0), vec![(0, 1), (2, 3)]);
    // With 5, 11, 5 the middle edge alone (11 > 10) wins without max_cardinality, while
    // max_cardinality insists on two pairs.
    let case = Case {
        n: 4,
        edges: vec![(0, 1, 5), (1, 2, 11), (2, 3, 5)],
    };
    assert_eq!(pairs(&solve_case(&case, false).0), vec![(1, 2)]);
    assert_eq!(pairs(&solve_case(&case, true).0), vec![(0, 1), (2, 3)]);
}

/// Triangle 0,1,2 (8, 9, 10 on 0–1, 0–2, 1–2) with a pendant 2–3 of weight 7. Hand: the
/// matchings are {1–2} = 10, {0–2} = 9, {0–1, 2–3} = 15, {0–1} = 8, {2–3} = 7 → 15. The
/// solver matches 1–2 first, then reaches 0 and 1 from the same root 0 and shrinks the
/// triangle into a blossom, and augments through it to 3.
#[test]
fn augment_through_blossom() {
    let case = Case {
        n: 4,
        edges: vec![(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)],
    };
    let (mate, stats) = solve_case(&case, false);
    assert_eq!(pairs(&mate), vec![(0, 1), (2, 3)]);
    assert!(stats.blossoms >= 1, "{stats:?}");
}

/// Two triangles A = {0, 1, 2} and B = {3, 4, 5}, all weights 6, joined by the bridge 0–3 of
/// weight 6. Hand: without the bridge each triangle yields one pair (12); with it, 0–3, 1–2,
/// 4–5 = 18 is the only perfect matching. All edges start tight; the greedy start pairs 0–1 and
/// 3–4 inside the triangles, so the solver must shrink triangle A into a blossom to reach
/// across the bridge, and dissolves that blossom (dual still zero) once the augmentation has
/// dissolved its tree.
#[test]
fn two_triangles_with_bridge() {
    let case = Case {
        n: 6,
        edges: vec![
            (0, 1, 6),
            (1, 2, 6),
            (0, 2, 6),
            (3, 4, 6),
            (4, 5, 6),
            (3, 5, 6),
            (0, 3, 6),
        ],
    };
    for maxc in [false, true] {
        let (mate, stats) = solve_case(&case, maxc);
        assert_eq!(pairs(&mate), vec![(0, 3), (1, 2), (4, 5)]);
        assert!(
            stats.blossoms >= 1 && stats.zero_dual_expansions >= 1,
            "{stats:?}"
        );
    }
}

/// A triangle 0, 1, 2 (weights 10) inside the 5-cycle 0–3–4–2 (0–3, 3–4, 2–4 of weight 8),
/// with vertex 5 hanging off 4 (weight 9). Hand: a perfect matching must pair 5 with its only
/// neighbour 4 (9), then 3 with 0 (8, its other neighbour being taken), then 1–2 (10): 27.
/// Leaving 5 out leaves five vertices, at most two pairs, at most 10 + 10 = 20. So 27.
#[test]
fn triangle_inside_five_cycle() {
    let case = Case {
        n: 6,
        edges: vec![
            (0, 1, 10),
            (1, 2, 10),
            (0, 2, 10),
            (0, 3, 8),
            (2, 4, 8),
            (3, 4, 8),
            (4, 5, 9),
        ],
    };
    let (mate, stats) = solve_case(&case, false);
    assert_eq!(pairs(&mate), vec![(0, 3), (1, 2), (4, 5)]);
    assert!(stats.blossoms >= 1, "{stats:?}");
    assert_eq!(brute_force(&case.graph(|w| w), false).1, 27);
}

/// Blossom expansion. Edges 0–1 = 8, 1–3 = 12, 1–4 = 9, 2–4 = 3, 3–4 = 7 (triangle 1, 3, 4
/// with pendants 0 at 1 and 2 at 4). Hand: five vertices give at most two pairs; the pairs
/// possible are 1–3 + 2–4 = 15, 0–1 + 3–4 = 15, 0–1 + 2–4 = 11, 1–4 alone = 9, so the optimum
/// is 15 with two pairs. The solver first shrinks the triangle, later meets it as an inner
/// blossom entered away from its base, and must expand it when its dual runs out.
#[test]
fn inner_blossom_is_expanded() {
    let case = Case {
        n: 5,
        edges: vec![(0, 1, 8), (1, 3, 12), (1, 4, 9), (2, 4, 3), (3, 4, 7)],
    };
    for maxc in [false, true] {
        let (mate, stats) = solve_case(&case, maxc);
        assert_eq!(check_matching(&case.graph(|w| w), &mate), (2, 15));
        assert!(stats.inner_expansions >= 1, "{stats:?}");
    }
}

/// Nested blossom. Edges 0–2 = 3, 0–3 = 5, 0–4 = 10, 1–2 = 8, 1–3 = 9, 3–4 = 12: the
/// triangle 0, 3, 4 and the odd cycle it forms with 2 and 1 (0–2–1–3). Hand: at most two
/// pairs; 3–4 + 1–2 = 20, 0–4 + 1–3 = 19, 0–4 + 1–2 = 18, 0–2 + 3–4 = 15, 0–3 + 1–2 = 13,
/// 0–2 + 1–3 = 12: the unique optimum is {1–2, 3–4}. The triangle is shrunk first and then
/// becomes a child of the outer blossom.
#[test]
fn blossom_inside_blossom() {
    let case = Case {
        n: 5,
        edges: vec![
            (0, 2, 3),
            (0, 3, 5),
            (0, 4, 10),
            (1, 2, 8),
            (1, 3, 9),
            (3, 4, 12),
        ],
    };
    for maxc in [false, true] {
        let (mate, stats) = solve_case(&case, maxc);
        assert_eq!(pairs(&mate), vec![(1, 2), (3, 4)]);
        assert!(stats.nested_blossoms >= 1, "{stats:?}");
    }
}

/// Expansion where a part of the inner blossom off the even path is reached by a tight edge
/// from an outer vertex and must be labelled rather than left free. Edges 0–1 = 10, 1–2 = 12,
/// 1–3 = 9, 1–4 = 12, 2–3 = 6, 2–4 = 9. Hand: 0's only neighbour is 1; with 0–1 (10) the rest
/// {2, 3, 4} adds 2–4 (9) or 2–3 (6): 19. Without 0–1: 1–4 + 2–3 = 18, 1–3 + 2–4 = 18, 1–2
/// alone = 12. The unique optimum is {0–1, 2–4} = 19.
#[test]
fn expanded_blossom_child_reached_by_tight_edge() {
    let case = Case {
        n: 5,
        edges: vec![
            (0, 1, 10),
            (1, 2, 12),
            (1, 3, 9),
            (1, 4, 12),
            (2, 3, 6),
            (2, 4, 9),
        ],
    };
    let (mate, stats) = solve_case(&case, false);
    assert_eq!(pairs(&mate), vec![(0, 1), (2, 4)]);
    assert!(
        stats.inner_expansions >= 1 && stats.reached_children >= 1,
        "{stats:?}"
    );
    let (mate, _) = solve_case(&case, true);
    assert_eq!(pairs(&mate), vec![(0, 1), (2, 4)]);
}

/// Sparse random graphs on 8–10 vertices (about 7 edges in 10 pairs) with weights 0–49: in
/// this family blossoms often outlive their tree with a positive dual and are later entered as
/// inner blossoms away from their base, so the solver must expand them mid-search and relabel
/// their parts. Every result is checked against brute force, and the test insists that such
/// expansions (and nested blossoms) really happened.
#[test]
fn inner_blossom_expansions_are_exercised() {
    let mut rng = Rng(0x5EED_0004);
    let mut total = Stats::default();
    for _ in 0..1000 {
        let n = 8 + rng.below(3) as usize;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.below(10) < 7 {
                    edges.push((u, v, rng.below(50) as i64));
                }
            }
        }
        let g = Case { n, edges }.graph(|w| w);
        add_stats(&mut total, check_against_brute_force(&g, false));
        add_stats(&mut total, check_against_brute_force(&g, true));
    }
    assert!(total.inner_expansions > 50, "{total:?}");
    assert!(total.nested_blossoms > 500, "{total:?}");
}

/// Larger random graphs (no brute force possible): the result must be a valid matching, agree
/// across weight types, and in maximum-cardinality mode on a complete graph be perfect.
#[test]
fn larger_graphs_are_consistent() {
    let mut rng = Rng(0x5EED_0005);
    for _ in 0..20 {
        let case = random_case(&mut rng, 60, 1_000_000, false);
        let g64 = case.graph(|w| w);
        let g256 = case.graph(I256::from_i64);
        for maxc in [false, true] {
            let opts = Options {
                max_cardinality: maxc,
            };
            let (Ok(m64), Ok(m256)) = (
                max_weight_matching(&g64, opts),
                max_weight_matching(&g256, opts),
            ) else {
                panic!("solver failed");
            };
            let (c64, w64) = check_matching(&g64, &m64);
            let (c256, w256) = check_matching(&g256, &m256);
            assert_eq!(c64, c256);
            assert_eq!(I256::from_i64(w64), w256);
        }
    }
    // Renumbering the vertices and reordering the edges cannot change the optimum.
    for _ in 0..20 {
        let case = random_case(&mut rng, 80, 50, false);
        let mut perm: Vec<usize> = (0..case.n).collect();
        for i in (1..perm.len()).rev() {
            perm.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut renamed = Case {
            n: case.n,
            edges: case
                .edges
                .iter()
                .map(|&(u, v, w)| (perm[v], perm[u], w))
                .collect(),
        };
        renamed.edges.reverse();
        for maxc in [false, true] {
            let (g1, g2) = (case.graph(|w| w), renamed.graph(|w| w));
            let opts = Options {
                max_cardinality: maxc,
            };
            let (Ok(m1), Ok(m2)) = (
                max_weight_matching(&g1, opts),
                max_weight_matching(&g2, opts),
            ) else {
                panic!("solver failed");
            };
            let (r1, r2) = (check_matching(&g1, &m1), check_matching(&g2, &m2));
            // Without max_cardinality, zero-weight pairs may come or go: compare the weight.
            assert_eq!(r1.1, r2.1);
            if maxc {
                assert_eq!(r1.0, r2.0);
            }
        }
    }
    let mut complete = Graph::new(40);
    for u in 0..40 {
        for v in u + 1..40 {
            assert_eq!(complete.add_edge(u, v, rng.below(5) as i64), Ok(()));
        }
    }
    let mate = max_weight_matching(
        &complete,
        Options {
            max_cardinality: true,
        },
    );
    assert!(mate.is_ok_and(|m| m.iter().all(Option::is_some)));
}

#[test]
fn bad_edges_are_rejected() {
    let mut g: Graph<i64> = Graph::new(3);
    assert_eq!(
        g.add_edge(0, 3, 1),
        Err(MatchingError::VertexOutOfRange { u: 0, v: 3, n: 3 })
    );
    assert_eq!(g.add_edge(1, 1, 1), Err(MatchingError::SelfLoop(1)));
    assert_eq!(g.add_edge(0, 1, 1 << 59), Ok(()));
    assert_eq!(
        g.add_edge(0, 1, (1 << 59) + 1),
        Err(MatchingError::WeightOutOfRange { u: 0, v: 1 })
    );
    assert_eq!(
        g.add_edge(0, 2, -(1 << 59) - 1),
        Err(MatchingError::WeightOutOfRange { u: 0, v: 2 })
    );
    let mut w: Graph<I256> = Graph::new(2);
    let limit = I256::pow2(251).unwrap_or(I256::ZERO);
    assert_eq!(w.add_edge(0, 1, limit), Ok(()));
    assert_eq!(
        w.add_edge(0, 1, limit.checked_add(I256::ONE).unwrap_or(I256::ZERO)),
        Err(MatchingError::WeightOutOfRange { u: 0, v: 1 })
    );
}

/// Weights at the top of the allowed range still give exact optimal results.
#[test]
fn extreme_weights_stay_exact() {
    let big = 1i64 << 59;
    let case = Case {
        n: 4,
        edges: vec![(0, 1, big - 1), (1, 2, big), (2, 3, big - 1), (0, 3, -big)],
    };
    // Hand: {0–1, 2–3} = 2·big − 2 > {1–2} = big; the negative edge is never useful.
    assert_eq!(pairs(&solve_case(&case, false).0), vec![(0, 1), (2, 3)]);
    assert_eq!(pairs(&solve_case(&case, true).0), vec![(0, 1), (2, 3)]);
}

/// Maximum-cardinality mode with negative weights is shifted internally; weights spanning
/// ±2^57 (a span of `BOUND / 4` for `i64`) stay exact. At the very limit of the weight type
/// the solver may run out of room for its duals, but then it says so instead of answering
/// wrongly.
#[test]
fn max_cardinality_near_the_limit_is_exact_or_reports_overflow() {
    let mut rng = Rng(0x5EED_0006);
    for round in 0..400 {
        let case = random_case(&mut rng, 9, 1000, true);
        let g = case.graph(|w| w * ((1i64 << 57) / 1000));
        check_against_brute_force(&g, true);
        let top = 1i64 << 59;
        let g = case.graph(|w| {
            if round % 2 == 0 {
                w * (top / 1000)
            } else {
                top - w.abs()
            }
        });
        match max_weight_matching(
            &g,
            Options {
                max_cardinality: true,
            },
        ) {
            Ok(mate) => assert_eq!(check_matching(&g, &mate), brute_force(&g, true)),
            Err(e) => assert_eq!(e, MatchingError::Overflow),
        }
    }
}

/// The certificate: on a random sub-graph of a complete graph (one that holds a perfect
/// matching), the duals make every edge of the sub-graph slack ≥ 0 and every matched edge tight;
/// and pricing is exact — when no edge of the complete graph has negative slack, the sub-graph's
/// matching weighs as much as the complete graph's best perfect matching (brute force), and when
/// the complete graph has a heavier one, some edge outside the sub-graph has negative slack.
#[test]
fn certificates_prove_optimality_on_edges_outside_the_graph() {
    let mut rng = Rng(0xC0FFEE);
    let (mut proved, mut priced_out) = (0, 0);
    for _ in 0..600 {
        let n = 2 * (2 + rng.below(4) as usize);
        // Every pair u < v with its weight, and whether the sub-graph holds it.
        let mut pairs: Vec<(usize, usize, i64, bool)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .map(|(u, v)| (u, v, rng.below(40) as i64 - 10, false))
            .collect();
        let index = |u: usize, v: usize| {
            let (u, v) = (u.min(v), u.max(v));
            u * (2 * n - u - 1) / 2 + (v - u - 1)
        };
        // A perfect matching of random pairs is always inside, plus a random share of the rest.
        let mut perm: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            perm.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for p in perm.chunks(2) {
            pairs[index(p[0], p[1])].3 = true;
        }
        let density = 1 + rng.below(8);
        for pair in &mut pairs {
            if rng.below(10) < density {
                pair.3 = true;
            }
        }
        let mut sub = Graph::<i64>::new(n);
        let mut full = Graph::<i64>::new(n);
        for &(u, v, w, inside) in &pairs {
            full.add_edge(u, v, w).unwrap();
            if inside {
                sub.add_edge(u, v, w).unwrap();
            }
        }
        let opts = Options {
            max_cardinality: true,
        };
        let (mate, cert) = max_weight_matching_certified(&sub, opts).unwrap();
        let (card, weight) = check_matching(&sub, &mate);
        assert_eq!(card, n / 2, "the sub-graph holds a perfect matching");
        let mut outside_negative = false;
        for &(u, v, w, inside) in &pairs {
            let s = cert.slack(u, v, w);
            if inside {
                assert!(s >= 0, "edge {u}–{v} of the graph has slack {s}");
                if mate[u] == Some(v) {
                    assert_eq!(s, 0, "matched edge {u}–{v} is not tight");
                }
            } else if s < 0 {
                outside_negative = true;
            }
        }
        // The blossoms holding a whole set of vertices add to the slack of every pair of it:
        // the bonus of the set's smallest common blossom never exceeds a pair's blossom terms.
        let set: Vec<usize> = (0..n).filter(|_| rng.below(2) == 0).collect();
        if !set.is_empty() {
            let bonus = cert.blossom_bonus(cert.enclosing(&set));
            assert!(bonus >= 0);
            for &(u, v, w, _) in pairs
                .iter()
                .filter(|p| set.contains(&p.0) && set.contains(&p.1))
            {
                let bound = cert.slack_bound(cert.vertex_dual(u), cert.vertex_dual(v), w);
                assert!(cert.slack(u, v, w) >= bound + bonus, "{u}–{v} in {set:?}");
            }
        }
        let best = brute_force(&full, true);
        assert_eq!(best.0, n / 2);
        if outside_negative {
            priced_out += 1;
        } else {
            assert_eq!(weight, best.1, "certified but not optimal: {pairs:?}");
            proved += 1;
        }
        if best.1 > weight {
            assert!(
                outside_negative,
                "a better matching exists, yet no edge is priced out"
            );
        }
    }
    assert!(
        proved > 50 && priced_out > 50,
        "{proved} proved, {priced_out} priced out"
    );
}

/// The incremental solver against a fresh solve after every batch of changes: random complete
/// graphs with few distinct weights (ties and blossoms, as pairing weights have), a few
/// modified vertices per batch (raised, lowered or removed edges), and pairs retired from the
/// matching as an engine does with decided pairs. The matchings may differ among optima; the
/// weight may not.
#[test]
fn incremental_matches_fresh_solves() {
    let mut rng = Rng(0xB1A5_50A1);
    for case in 0..300 {
        let n = 2 + rng.below(if case < 200 { 12 } else { 40 }) as usize;
        let range = [3i64, 10, 1000][case % 3];
        let mut g = Graph::new(n);
        for u in 0..n {
            for v in u + 1..n {
                let x = rng.below(range as u64 + 1) as i64;
                assert_eq!(g.add_edge(u, v, x), Ok(()));
            }
        }
        let mut w = vec![vec![0i64; n]; n];
        for &(u, v, x) in &g.edges {
            w[u as usize][v as usize] = x;
            w[v as usize][u as usize] = x;
        }
        let edge = |a: usize, b: usize| {
            let (i, j) = if a < b { (a, b) } else { (b, a) };
            i * n - i * (i + 1) / 2 + (j - i - 1)
        };
        let limit = 4 * range + 8;
        let Ok(mut inc) = Incremental::new(g, limit) else {
            panic!("limit within range");
        };
        let mut retired = vec![false; n];
        for step in 0..12 {
            assert_eq!(inc.solve(), Ok(()), "case {case} step {step}");
            let pairs = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v)));
            let mate = weigh_against_fresh(
                &inc,
                &w,
                pairs,
                &retired,
                &format!("case {case} step {step}"),
            );
            // Changes: a few modified vertices, sometimes a retired pair.
            let live: Vec<usize> = (0..n).filter(|&v| !retired[v]).collect();
            if live.len() < 2 {
                break;
            }
            if rng.below(3) == 0 {
                let a = live[rng.below(live.len() as u64) as usize];
                if let Some(b) = mate[a] {
                    inc.retire(a, b);
                    retired[a] = true;
                    retired[b] = true;
                    continue;
                }
            }
            for _ in 0..1 + rng.below(3) {
                let v = live[rng.below(live.len() as u64) as usize];
                for &x in &live {
                    if x == v || rng.below(3) == 0 {
                        continue;
                    }
                    let nw = match rng.below(4) {
                        0 => 0,
                        1 => (w[v][x] + 1 + rng.below(3) as i64).min(limit),
                        2 => (w[v][x] - 1).max(0),
                        _ => rng.below(range as u64 + 1) as i64,
                    };
                    w[v][x] = nw;
                    w[x][v] = nw;
                    assert_eq!(inc.set_weight(edge(v, x), v, nw), Ok(()));
                }
            }
        }
    }
}

/// Checks that the kept matching weighs what a fresh solve weighs of the `pairs` (with weights
/// `w`) that have no retired end and a positive weight; returns the kept matching.
fn weigh_against_fresh(
    inc: &Incremental<i64>,
    w: &[Vec<i64>],
    pairs: impl Iterator<Item = (usize, usize)>,
    retired: &[bool],
    what: &str,
) -> Vec<Option<usize>> {
    let n = retired.len();
    let mut fresh = Graph::new(n);
    for (u, v) in pairs {
        if !retired[u] && !retired[v] && w[u][v] > 0 {
            assert_eq!(fresh.add_edge(u, v, w[u][v]), Ok(()));
        }
    }
    let mate: Vec<Option<usize>> = (0..n)
        .map(|v| if retired[v] { None } else { inc.mate(v) })
        .collect();
    let (_, got) = check_matching(&fresh, &mate);
    let want = match max_weight_matching(&fresh, Options::default()) {
        Ok(m) => check_matching(&fresh, &m).1,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(got, want, "{what}");
    mate
}

/// Edges added between solves (an engine pricing the pairs it left out) are matched as if they
/// had been in the graph from the start: after every batch of additions, weight changes and
/// retirements the matching weighs what a fresh solve of the live edges weighs. Edges at
/// retired vertices, added or not, never count.
#[test]
#[allow(clippy::needless_range_loop)]
fn incremental_with_added_edges_matches_fresh_solves() {
    let mut rng = Rng(0x0ADD_ED6E);
    for case in 0..200 {
        let n = 2 + rng.below(if case < 120 { 12 } else { 36 }) as usize;
        let range = [3i64, 10, 1000][case % 3];
        let limit = 4 * range + 8;
        // Every pair gets a weight; only some start in the graph.
        let mut w = vec![vec![0i64; n]; n];
        let mut index: std::collections::HashMap<(usize, usize), usize> = Default::default();
        let mut g = Graph::new(n);
        for u in 0..n {
            for v in u + 1..n {
                let x = rng.below(range as u64 + 1) as i64;
                w[u][v] = x;
                w[v][u] = x;
                if rng.below(4) == 0 {
                    index.insert((u, v), g.edge_count());
                    assert_eq!(g.add_edge(u, v, x), Ok(()));
                }
            }
        }
        let Ok(mut inc) = Incremental::new(g, limit) else {
            panic!("limit within range");
        };
        let mut retired = vec![false; n];
        for step in 0..12 {
            assert_eq!(inc.solve(), Ok(()), "case {case} step {step}");
            let pairs = index.keys().copied();
            let mate = weigh_against_fresh(
                &inc,
                &w,
                pairs,
                &retired,
                &format!("case {case} step {step}"),
            );
            let live: Vec<usize> = (0..n).filter(|&v| !retired[v]).collect();
            if live.len() < 2 {
                break;
            }
            if rng.below(4) == 0 {
                let a = live[rng.below(live.len() as u64) as usize];
                if let Some(b) = mate[a] {
                    inc.retire(a, b);
                    retired[a] = true;
                    retired[b] = true;
                }
            }
            // Add a few missing pairs (some at retired vertices), change a few present ones.
            for _ in 0..1 + rng.below(4) {
                let (u, v) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
                let (u, v) = (u.min(v), u.max(v));
                if u == v {
                    continue;
                }
                match index.get(&(u, v)) {
                    None => {
                        let k = inc.add_edge(u, v, u, w[u][v]);
                        assert!(k.is_ok(), "case {case} step {step}");
                        index.insert((u, v), k.unwrap_or(0));
                    }
                    Some(&k) => {
                        let nw = rng.below(range as u64 + 1) as i64;
                        if !retired[u] && !retired[v] {
                            w[u][v] = nw;
                            w[v][u] = nw;
                        }
                        assert_eq!(inc.set_weight(k, v, nw), Ok(()));
                    }
                }
            }
        }
    }
}
