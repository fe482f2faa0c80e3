//! Acceptance 4 of issue 6: the standings of a 1,000-player, 11-round xiangqi Swiss with the
//! seed 001 list (对手分, 胜局, 犯规, 后走局数, 后走胜局, 前一轮名次 — the last one ranks the field
//! again after every earlier round) must recompute in under 50 ms.
//!
//! Run: `CARGO_TARGET_DIR=/work/target-bench cargo bench --bench standings`.

use bianpai::model::{
    Bye, ByeKind, Entrant, EntrantId, Game, Lots, Outcome, PointSystemPreset, Round, Section,
};
use bianpai::standings::{Preset, StandingsSettings, standings_with};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// A field of `n` players over `rounds` rounds: each round pairs neighbours in the current
/// score order (a Swiss in shape), results drawn from a fixed seed, with a few forfeits and
/// fouls so every criterion has something to count.
fn field(n: usize, rounds: u32) -> Section {
    let mut s = Section::default();
    s.settings.points = PointSystemPreset::TwoOneZero.system();
    for k in 1..=n {
        s.entrants.push(Entrant {
            id: EntrantId(k as i64),
            number: Some(k as u32),
            ..Entrant::default()
        });
    }
    let mut lots = Lots::new(2026);
    let mut score = vec![0i32; n];
    for r in 1..=rounds {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (-score[i], i));
        let mut round = Round {
            number: r,
            ..Round::default()
        };
        for (b, pair) in order.chunks(2).enumerate() {
            let [a, c] = *pair else {
                round.byes.push(Bye {
                    entrant: EntrantId(pair[0] as i64 + 1),
                    kind: ByeKind::Pairing,
                });
                score[pair[0]] += 2;
                continue;
            };
            let (red, black) = if (r as usize + b).is_multiple_of(2) {
                (a, c)
            } else {
                (c, a)
            };
            let outcome = match lots.below(100) {
                0..=39 => Outcome::RedWin,
                40..=69 => Outcome::Draw,
                70..=97 => Outcome::BlackWin,
                98 => Outcome::RedWinByForfeit,
                _ => Outcome::BlackWinByForfeit,
            };
            let (pr, pb) = match outcome.winner() {
                Some(bianpai::model::Side::Red) => (2, 0),
                Some(bianpai::model::Side::Black) => (0, 2),
                None => (1, 1),
            };
            score[red] += pr;
            score[black] += pb;
            let mut g = Game::new(
                b as u32 + 1,
                EntrantId(red as i64 + 1),
                EntrantId(black as i64 + 1),
            );
            g.outcome = Some(outcome);
            g.fouls_red = u8::from(lots.below(50) == 0);
            round.games.push(g);
        }
        s.rounds.push(round);
    }
    s
}

fn bench(c: &mut Criterion) {
    let section = field(1000, 11);
    let settings = StandingsSettings::with_list(Preset::Xiangqi1431.list());
    c.bench_function("standings 1000 players 11 rounds 14.3.1", |b| {
        b.iter(|| standings_with(black_box(&section), black_box(&settings), 11))
    });
    let settings = StandingsSettings::with_list(Preset::Xiangqi1432.list());
    c.bench_function("standings 1000 players 11 rounds 14.3.2", |b| {
        b.iter(|| standings_with(black_box(&section), black_box(&settings), 11))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
