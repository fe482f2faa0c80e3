//! Speed of the Dutch engine on generated fields (issue 4, acceptance 4): a field of N players
//! after four rounds of a nine-round Swiss, round 5 paired by `pair_dutch`. Run with
//! `cargo bench --bench dutch [-- N …]`; prints the time per field and the peak memory.
//! `cargo bench --bench dutch -- trf N FILE` writes the same generated field of N players as a
//! TRF file instead, for timing the command line (`bianpai pair --dutch FILE -p OUT`) or
//! another engine on it.
//! `cargo bench --bench dutch -- cases` instead pairs the 400 generated cases of
//! shared/data/dutch_cases (2026 edition) and of shared/data/dutch2017_cases (2017 edition),
//! compares each with the endorsed engine's pairing and prints the number that agree and the
//! time taken. `-- fide2017 N …` times the 2017 edition on the generated fields.
//! `cargo bench --bench dutch -- round2` is a criterion benchmark (small sample) of round 2 of
//! a 3,000-player Dutch whose round 1 the random tournament generator played (issue 38: two
//! huge score groups, little history).
//!
//! The history is generated, not paired by the Dutch rules (that would make the generator as
//! slow as the thing measured): each round players are sorted by score and paired with the
//! nearest player not met yet, white to the one with fewer whites, results drawn from a seeded
//! source weighted by rating, a pairing-allocated bye to the lowest player without one.

use bianpai::model::{
    Bye, ByeKind, DutchEdition, Entrant, EntrantId, Game, Lots, Outcome, Round, Section,
    SectionSettings,
};
use bianpai::pairing::dutch::pair_dutch;
use std::collections::HashSet;
use std::time::Instant;

fn generate(n: u32, rounds: u32, seed: u64) -> Section {
    let mut lots = Lots::new(seed);
    let mut s = Section {
        settings: SectionSettings {
            rounds: 9,
            ..SectionSettings::chess()
        },
        ..Section::default()
    };
    for k in 1..=n {
        s.entrants.push(Entrant {
            id: EntrantId(i64::from(k)),
            number: Some(k),
            name: format!("P{k}"),
            rating: Some(2600 - k as i32),
            ..Entrant::default()
        });
    }
    let mut met: HashSet<(u32, u32)> = HashSet::new();
    let mut whites = vec![0i32; n as usize + 1];
    let mut had_bye = vec![false; n as usize + 1];
    for r in 1..=rounds {
        let ps = s.settings.points;
        let mut order: Vec<(i32, u32)> = (1..=n)
            .map(|k| {
                let id = EntrantId(i64::from(k));
                let pts: i32 = s.rounds.iter().map(|x| x.points_of(id, &ps).halves()).sum();
                (pts, k)
            })
            .collect();
        order.sort_by_key(|&(p, k)| (-p, k));
        let mut left: Vec<u32> = order.into_iter().map(|(_, k)| k).collect();
        let mut round = Round {
            number: r,
            ..Round::default()
        };
        if left.len() % 2 == 1 {
            let pos = left
                .iter()
                .rposition(|&k| !had_bye[k as usize])
                .unwrap_or(left.len() - 1);
            let k = left.remove(pos);
            had_bye[k as usize] = true;
            round.byes.push(Bye {
                entrant: EntrantId(i64::from(k)),
                kind: ByeKind::Pairing,
            });
        }
        while let Some(a) = left.first().copied() {
            left.remove(0);
            let pos = left
                .iter()
                .position(|&b| !met.contains(&(a.min(b), a.max(b))))
                .unwrap_or(0);
            let b = left.remove(pos);
            met.insert((a.min(b), a.max(b)));
            let (w, bl) = if whites[a as usize] <= whites[b as usize] {
                (a, b)
            } else {
                (b, a)
            };
            whites[w as usize] += 1;
            whites[bl as usize] -= 1;
            let roll = lots.below(100);
            let stronger_white = w < bl;
            let outcome = match (roll, stronger_white) {
                (0..45, true) | (70..100, false) => Outcome::RedWin,
                (45..75, _) | (40..70, false) => Outcome::Draw,
                _ => Outcome::BlackWin,
            };
            let mut g = Game::new(
                round.games.len() as u32 + 1,
                EntrantId(i64::from(w)),
                EntrantId(i64::from(bl)),
            );
            g.outcome = Some(outcome);
            round.games.push(g);
        }
        s.rounds.push(round);
    }
    s
}

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
}

/// Pairs every case of both editions' folders; prints disagreements, the count and the time.
fn cases() {
    for (folder, edition) in [
        ("dutch_cases", DutchEdition::Fide2026),
        ("dutch2017_cases", DutchEdition::Fide2017),
    ] {
        cases_of(folder, edition);
    }
}

fn cases_of(folder: &str, edition: DutchEdition) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(folder);
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .expect("dutch_cases folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    inputs.sort();
    let start = Instant::now();
    let mut agree = 0;
    for input in &inputs {
        let text = std::fs::read_to_string(input).expect("case");
        let want: Vec<String> = std::fs::read_to_string(input.with_extension("expected"))
            .expect("expected")
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|l| l.contains(' '))
            .collect();
        let got: Vec<String> = bianpai::interchange::TrfFile::parse(&text)
            .ok()
            .and_then(|f| bianpai::cli::dutch::pair_trf(&f, Some(edition)).ok())
            .map(|(s, r)| bianpai::cli::dutch::pairing_text(&s, &r))
            .unwrap_or_default()
            .lines()
            .skip(1)
            .map(str::to_string)
            .collect();
        if got == want {
            agree += 1;
        } else {
            println!("differs: {}", input.display());
        }
    }
    println!(
        "{folder} ({edition:?}): {agree} of {} agree with bbpPairings, {:.1} s",
        inputs.len(),
        start.elapsed().as_secs_f64()
    );
}

/// Criterion: round 2 of a 3,000-player Dutch of nine rounds, round 1 paired and played by
/// the random tournament generator.
fn round_two() {
    use bianpai::pairing::dutch::rtg::{DutchRtgConfig, generate as play};
    let cfg = DutchRtgConfig {
        players: 3_000,
        rounds: 1,
        ..DutchRtgConfig::default()
    };
    let mut section = play(&cfg, 1).expect("round 1 pairs").section;
    section.settings.rounds = 9;
    let mut c = criterion::Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(10))
        .without_plots();
    c.bench_function("dutch round 2, 3000 players", |b| {
        b.iter(|| pair_dutch(std::hint::black_box(&section)).expect("round 2 pairs"))
    });
    c.final_summary();
}

fn main() {
    if std::env::args().any(|a| a == "cases") {
        cases();
        return;
    }
    if std::env::args().any(|a| a == "round2") {
        round_two();
        return;
    }
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "trf") {
        let (Some(n), Some(path)) = (
            args.get(i + 1).and_then(|a| a.parse::<u32>().ok()),
            args.get(i + 2),
        ) else {
            panic!("usage: trf N FILE");
        };
        let section = generate(n, 4, u64::from(n));
        let file = bianpai::interchange::TrfFile::from_section(&section).expect("numbered");
        std::fs::write(path, file.write()).expect("writable");
        return;
    }
    let sizes: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() { vec![200] } else { sizes };
    let edition = if args.iter().any(|a| a == "fide2017") {
        DutchEdition::Fide2017
    } else {
        DutchEdition::Fide2026
    };
    for n in sizes {
        let mut section = generate(n, 4, u64::from(n));
        section.settings.dutch.edition = edition;
        let start = Instant::now();
        let round = pair_dutch(&section).expect("the generated field pairs");
        let took = start.elapsed();
        println!(
            "dutch ({edition:?}): {n} players, round 5 of 9: {:.3} s ({} boards), peak memory {} KiB",
            took.as_secs_f64(),
            round.games.len(),
            peak_memory_kib().map_or("?".into(), |k| k.to_string())
        );
    }
}
