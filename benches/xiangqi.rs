//! Pairing round 6 of 9 of a xiangqi Swiss at 1,000 and 5,000 players (issue 3, acceptance 4).
//! The first five rounds are generated once (random results from a seed), then round 6 is
//! paired repeatedly.

use bianpai::model::PointSystemPreset;
use bianpai::pairing::xiangqi::rtg::{RtgConfig, generate};
use bianpai::pairing::xiangqi::{XiangqiSwissOptions, pair_round};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn round_six(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi_round_6_of_9");
    group.sample_size(10);
    for players in [1000u32, 5000] {
        let cfg = RtgConfig {
            players,
            rounds: 5,
            points: PointSystemPreset::ThreeOneZero.system(),
            units: 50,
            forfeit_permille: 10,
            withdraw_permille: 2,
            late_entries: 0,
            options: XiangqiSwissOptions::default(),
        };
        let mut section = generate(&cfg, 6).expect("generated").section;
        assert_eq!(section.rounds.len(), 5);
        section.settings.rounds = 9;
        let options = XiangqiSwissOptions::default();
        group.bench_function(format!("{players}_players"), |b| {
            b.iter(|| pair_round(black_box(&section), 6, &options).expect("pairable"))
        });
    }
    group.finish();
}

criterion_group!(benches, round_six);
criterion_main!(benches);
