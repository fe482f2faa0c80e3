//! Benchmark of the maximum-weight matching solver on random dense graphs (complete graphs
//! with random weights), the shape a Swiss pairing produces: 100, 300 and 1000 vertices with
//! `i64` weights, in both modes, the 256-bit weight type on the same graphs, and weights with
//! many ties (0..10), as pairing criteria give.

use bianpai::pairing::matching::{Graph, I256, Options, Weight, max_weight_matching};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// splitmix64, so the graphs are the same on every run.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The complete graph on `n` vertices with weights drawn from `0..range`.
fn dense_graph<W: Weight>(n: usize, seed: u64, range: u64, conv: impl Fn(i64) -> W) -> Graph<W> {
    let mut state = seed;
    let mut g = Graph::new(n);
    for u in 0..n {
        for v in u + 1..n {
            let w = (next(&mut state) % range) as i64;
            if g.add_edge(u, v, conv(w)).is_err() {
                unreachable!("weights are small and vertices in range");
            }
        }
    }
    g
}

fn bench_matching(c: &mut Criterion) {
    let mut group = c.benchmark_group("dense");
    group.sample_size(10);
    for &n in &[100usize, 300, 1000] {
        let g = dense_graph(n, n as u64, 1_000_000, |w| w);
        for (name, maxc) in [("i64", false), ("i64_maxcard", true)] {
            let opts = Options {
                max_cardinality: maxc,
            };
            group.bench_with_input(BenchmarkId::new(name, n), &g, |b, g| {
                b.iter(|| max_weight_matching(black_box(g), opts))
            });
        }
        let ties = dense_graph(n, n as u64, 10, |w| w);
        group.bench_with_input(BenchmarkId::new("i64_ties", n), &ties, |b, g| {
            b.iter(|| max_weight_matching(black_box(g), Options::default()))
        });
        if n <= 300 {
            let g = dense_graph(n, n as u64, 1_000_000, I256::from_i64);
            group.bench_with_input(BenchmarkId::new("i256", n), &g, |b, g| {
                b.iter(|| max_weight_matching(black_box(g), Options::default()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_matching);
criterion_main!(benches);
