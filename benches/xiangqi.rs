//! Pairing a round of a 9-round xiangqi Swiss at 1,000 and 5,000 players (issue 3, acceptance
//! 4; issue 24): rounds 2 and 3 (few, very large score groups), 6 and 9 (many levels), under
//! 2-1-0 and 3-1-0. The rounds before are generated once per case (random results from a
//! seed), then the round is paired repeatedly.
//!
//! The peer, run in the same process: the 1,000-player round 6 (3-1-0) solved the textbook way,
//! one blossom over every allowed pair (`Problem::solve_exact`), against which the priced
//! solve of the engine is quoted as a ratio.

use bianpai::model::{PointSystemPreset, Section};
use bianpai::pairing::xiangqi::optimiser::Problem;
use bianpai::pairing::xiangqi::rtg::{RtgConfig, generate};
use bianpai::pairing::xiangqi::state::{PlayerState, states_before};
use bianpai::pairing::xiangqi::{XiangqiSwissOptions, eligibility, pair_round, scorer};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

/// A 9-round section of `players` with the rounds before `round` played.
fn before(players: u32, points: PointSystemPreset, round: u32) -> Section {
    let cfg = RtgConfig {
        players,
        rounds: round - 1,
        points: points.system(),
        units: 50,
        forfeit_permille: 10,
        withdraw_permille: 2,
        late_entries: 0,
        options: XiangqiSwissOptions::default(),
    };
    let mut section = generate(&cfg, 6).expect("generated").section;
    assert_eq!(section.rounds.len() as u32, round - 1);
    section.settings.rounds = 9;
    section
}

fn rounds(c: &mut Criterion) {
    let options = XiangqiSwissOptions::default();
    for (name, points) in [
        ("2-1-0", PointSystemPreset::TwoOneZero),
        ("3-1-0", PointSystemPreset::ThreeOneZero),
    ] {
        let mut group = c.benchmark_group(format!("xiangqi_{name}"));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(4));
        for players in [1000u32, 5000] {
            for round in [2, 3, 6, 9] {
                let section = before(players, points, round);
                group.bench_function(format!("{players}_players_round_{round}"), |b| {
                    b.iter(|| pair_round(black_box(&section), round, &options).expect("pairable"))
                });
            }
        }
        group.finish();
    }
}

fn peer(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi_round_6_of_9");
    group.sample_size(10);
    let options = XiangqiSwissOptions::default();
    let section = before(1000, PointSystemPreset::ThreeOneZero, 6);
    group.bench_function("1000_players", |b| {
        b.iter(|| pair_round(black_box(&section), 6, &options).expect("pairable"))
    });
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
    group.finish();
}

criterion_group!(benches, rounds, peer);
criterion_main!(benches);
