//! Pairing one round of a 200-team, 4-board team Swiss of 9 rounds (issue 42, acceptance: well
//! under a second): rounds 1, 5 and 9, by each team system (the xiangqi team Swiss and FIDE
//! C.04.6). The rounds before are generated once per case by the same system (random board
//! results from a seed, `tests/pairing/team_gen.rs`, teams of 20 units, a few absences and
//! forfeits), then the round is paired repeatedly.

#[path = "../tests/pairing/team_gen.rs"]
mod team_gen;

use bianpai::pairing::team::TeamPairingInput;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use team_gen::{Engine, Generated, TeamGenConfig, play_until};

fn config() -> TeamGenConfig {
    let mut cfg = TeamGenConfig::new(200, 9);
    cfg.units = 20;
    cfg.absent_permille = 10;
    cfg.forfeit_permille = 10;
    cfg
}

fn rounds(c: &mut Criterion) {
    let systems: [(&str, Engine); 2] = [
        ("xiangqi", bianpai::pairing::team::xiangqi::pair),
        ("fide_c0406", bianpai::pairing::team::fide::pair),
    ];
    let cfg = config();
    for (name, engine) in systems {
        let mut group = c.benchmark_group(format!("team_{name}_200_teams"));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(4));
        for round in [1u32, 5, 9] {
            let g: Generated = play_until(&cfg, 42, engine, round);
            assert_eq!(
                g.pairings.len() as u32,
                round - 1,
                "rounds before generated"
            );
            let teams = g
                .teams
                .last()
                .cloned()
                .unwrap_or_else(|| team_gen::teams(&cfg, &mut bianpai::model::Lots::new(42)));
            let teams: Vec<_> = teams
                .into_iter()
                .map(|mut t| {
                    t.absent = false;
                    t
                })
                .collect();
            group.bench_function(format!("round_{round}"), |b| {
                b.iter(|| {
                    let input = TeamPairingInput {
                        event: &g.event,
                        round,
                        teams: black_box(&teams),
                        settings: &g.settings,
                        seed: 7,
                    };
                    engine(&input).expect("pairable")
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, rounds);
criterion_main!(benches);
