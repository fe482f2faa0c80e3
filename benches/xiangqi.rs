//! Pairing round 6 of 9 of a xiangqi Swiss at 1,000 and 5,000 players (issue 3, acceptance 4).
//! The first five rounds are generated once (random results from a seed), then round 6 is
//! paired repeatedly.
//!
//! The peer, run in the same process: the same 1,000-player round solved the textbook way, one
//! blossom over every allowed pair (`Problem::solve_exact`), against which the priced solve of
//! the engine is quoted as a ratio.

use bianpai::model::PointSystemPreset;
use bianpai::pairing::xiangqi::optimiser::Problem;
use bianpai::pairing::xiangqi::rtg::{RtgConfig, generate};
use bianpai::pairing::xiangqi::state::{PlayerState, states_before};
use bianpai::pairing::xiangqi::{XiangqiSwissOptions, eligibility, pair_round, scorer};
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
        if players == 1000 {
            let states = states_before(&section, 6, &options);
            let ids = eligibility::players_to_pair(&section, &states, &options, &[]);
            let mut all: Vec<&PlayerState> = ids.iter().map(|id| &states[id]).collect();
            all.truncate(all.len() / 2 * 2);
            let problem = Problem::new(all, options.positional, scorer(&section, 6, &options));
            let everyone: Vec<usize> = (0..problem.players.len()).collect();
            group.bench_function("1000_players_priced_solve", |b| {
                b.iter(|| {
                    problem
                        .solve_subset(black_box(&everyone))
                        .expect("pairable")
                })
            });
            group.bench_function("1000_players_one_blossom_over_all_pairs_peer", |b| {
                b.iter(|| problem.solve_exact(black_box(&everyone)).expect("pairable"))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, round_six);
criterion_main!(benches);
