//! Issue 25: the free checker and the random tournament generator. 200 tournaments generated
//! by `rtg dutch`'s generator (small fields, both editions, with byes, absences and forfeits)
//! pass `check --dutch` untouched; with one board altered in one round (two boards' opponents
//! swapped, or one board's colours), the checker finds the alteration and names that round
//! first — the rounds before it are the file's own, so they must still agree. Tournaments with
//! many requested byes and the Baku acceleration carry them as TRF-2026 records 240 and 250
//! and pass the checker too.

use crate::common;
use bianpai::cli::dutch::{check_report, rtg_trf};
use bianpai::interchange::TrfFile;
use bianpai::model::{ByeKind, DutchEdition, Lots, Outcome, Section};
use bianpai::pairing::dutch::rtg::{DutchRtgConfig, generate};

fn config(seed: u64) -> DutchRtgConfig {
    DutchRtgConfig {
        players: 6 + (seed % 9) as u32,
        rounds: 4 + (seed % 3) as u32,
        edition: if seed % 4 == 3 {
            DutchEdition::Fide2017
        } else {
            DutchEdition::Fide2026
        },
        ..DutchRtgConfig::default()
    }
}

/// The outcome with the sides exchanged: each player keeps his result.
fn mirrored(o: Option<Outcome>) -> Option<Outcome> {
    o.map(|o| match o {
        Outcome::RedWin => Outcome::BlackWin,
        Outcome::BlackWin => Outcome::RedWin,
        Outcome::RedWinByForfeit => Outcome::BlackWinByForfeit,
        Outcome::BlackWinByForfeit => Outcome::RedWinByForfeit,
        other => other,
    })
}

/// Alters one board of one round of `s`; returns the round.
fn alter(s: &mut Section, lots: &mut Lots) -> u32 {
    let k = lots.below(s.rounds.len() as u64) as usize;
    let round = &mut s.rounds[k];
    let n = round.games.len() as u64;
    let i = lots.below(n) as usize;
    if n >= 2 && lots.below(2) == 0 {
        // Swap the black players of two boards.
        let j = (i + 1 + lots.below(n - 1) as usize) % n as usize;
        let b = round.games[i].black;
        round.games[i].black = round.games[j].black;
        round.games[j].black = b;
    } else {
        let g = &mut round.games[i];
        std::mem::swap(&mut g.red, &mut g.black);
        g.outcome = mirrored(g.outcome);
    }
    round.number
}

fn trf_of(section: &Section, cfg: &DutchRtgConfig, seed: u64) -> TrfFile {
    TrfFile::parse(&rtg_trf(section, cfg, seed).unwrap()).unwrap()
}

#[test]
fn the_checker_passes_200_generated_tournaments_and_names_every_altered_round() {
    let started = std::time::Instant::now();
    let mut lots = Lots::new(25);
    let mut rounds_checked = 0;
    for seed in 1..=200u64 {
        let cfg = config(seed);
        let g = generate(&cfg, seed).unwrap();
        assert!(!g.section.rounds.is_empty(), "seed {seed}");
        let edition = Some(cfg.edition);
        let file = trf_of(&g.section, &cfg, seed);
        let (report, differing) = check_report(&file, "rtg", edition).unwrap();
        assert!(differing.is_empty(), "seed {seed}: unaltered\n{report}");
        rounds_checked += g.section.rounds.len();

        let mut altered = g.section.clone();
        let r = alter(&mut altered, &mut lots);
        let file = trf_of(&altered, &cfg, seed);
        let (report, differing) = check_report(&file, "rtg", edition).unwrap();
        assert_eq!(
            differing.first(),
            Some(&r),
            "seed {seed}: round {r} altered\n{report}"
        );
        assert!(report.contains(&format!("rtg: Round #{r}\n  ")), "{report}");
    }
    eprintln!(
        "200 tournaments, {rounds_checked} rounds, generated and checked twice in {:?}",
        started.elapsed()
    );
}

#[test]
fn generated_tournaments_with_requested_byes_and_baku_acceleration_pass_the_checker() {
    let mut with_byes = 0;
    for seed in 1..=40u64 {
        let cfg = DutchRtgConfig {
            players: 8 + (seed % 13) as u32,
            rounds: 5 + (seed % 3) as u32,
            edition: if seed % 5 == 4 {
                DutchEdition::Fide2017
            } else {
                DutchEdition::Fide2026
            },
            half_bye_permille: 120,
            absent_permille: 50,
            baku: seed % 4 != 0,
            ..DutchRtgConfig::default()
        };
        let g = generate(&cfg, seed).unwrap();
        let text = rtg_trf(&g.section, &cfg, seed).unwrap();
        let file = TrfFile::parse(&text).unwrap();
        // Every requested bye of the section is in a record 240 of its round.
        let records = file.bye_records().unwrap();
        for round in &g.section.rounds {
            for b in round.byes.iter().filter(|b| b.kind != ByeKind::Pairing) {
                let n = g.section.entrant(b.entrant).unwrap().number.unwrap();
                assert!(
                    records.iter().any(|r| r.round == round.number
                        && r.kind == b.kind
                        && r.players.iter().any(|p| p.0 == n)),
                    "seed {seed}: round {} bye of {n}\n{text}",
                    round.number
                );
                with_byes += 1;
            }
        }
        // The acceleration is stated in records 250 and reads back as Baku.
        assert_eq!(
            !file.accelerations().unwrap().is_empty(),
            cfg.baku,
            "seed {seed}"
        );
        assert_eq!(file.to_section().unwrap().settings.dutch.baku, cfg.baku);
        let (report, differing) = check_report(&file, "rtg", Some(cfg.edition)).unwrap();
        assert!(differing.is_empty(), "seed {seed}\n{report}\n{text}");
    }
    assert!(with_byes > 100, "only {with_byes} requested byes");
}

#[test]
fn rtg_dutch_writes_byes_and_baku_as_records_240_and_250_that_check_passes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("baku.trf");
    let path = out.to_str().unwrap();
    let made = common::command()
        .args([
            "rtg",
            "dutch",
            "--players",
            "14",
            "--rounds",
            "7",
            "--seed",
            "3",
            "--baku",
            "--half-bye-permille",
            "150",
            "--zero-bye-permille",
            "60",
            "-o",
            path,
        ])
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    // Fourteen players: group A = 2·⌈14/4⌉ = 8; seven rounds: ⌈7/2⌉ = 4 accelerated, the first
    // ⌈4/2⌉ = 2 by a point.
    let acc: Vec<&str> = text.lines().filter(|l| l.starts_with("250")).collect();
    assert_eq!(
        acc,
        [
            "250       1.0   1   2    1    8",
            "250       0.5   3   4    1    8"
        ]
    );
    assert!(
        text.lines().any(|l| l == "192 FIDE_DUTCH_2026_BAKU"),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("240 H")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("240 Z")), "{text}");
    let checked = common::command()
        .args(["check", "--dutch", path])
        .output()
        .unwrap();
    assert!(checked.status.success(), "{checked:?}\n{text}");
}

#[test]
fn rtg_dutch_writes_a_trf_that_check_passes_and_an_altered_one_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.trf");
    let bianpai = |args: &[&str]| common::command().args(args).output().expect("runs");
    let path = out.to_str().unwrap();
    let args = [
        "rtg",
        "dutch",
        "--players",
        "9",
        "--rounds",
        "5",
        "--seed",
        "7",
        "-o",
        path,
    ];
    let made = bianpai(&args);
    assert!(made.status.success(), "{made:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    let file = TrfFile::parse(&text).unwrap();
    assert_eq!(file.players().count(), 9);
    assert_eq!(file.rounds_present(), 5);
    assert_eq!(file.planned_rounds(), Some(5));
    // Starting ranks follow the ratings, highest first.
    let ratings: Vec<u32> = file.players().filter_map(|p| p.rating).collect();
    assert_eq!(ratings.len(), 9);
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    // The same seed writes the same file; an existing file needs --force.
    assert_eq!(bianpai(&args).status.code(), Some(2));
    let mut forced = args.to_vec();
    forced.push("--force");
    assert!(bianpai(&forced).status.success());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);

    let checked = bianpai(&["check", "--dutch", path]);
    assert!(checked.status.success(), "{checked:?}");

    // Round 3's first game with its colours swapped in the players' lines.
    let mut altered = file.clone();
    let (white, black) = file
        .players()
        .find_map(|p| {
            let e = p.round(3)?;
            (e.colour == bianpai::interchange::TrfColour::White)
                .then_some((p.start_rank, e.opponent))
        })
        .unwrap();
    let black = black.unwrap();
    for rec in &mut altered.records {
        if let bianpai::interchange::trf::TrfRecord::Player(p) = rec
            && (p.start_rank == white || p.start_rank == black)
            && let Some(Some(e)) = p.rounds.get_mut(2)
        {
            e.colour = if p.start_rank == white {
                bianpai::interchange::TrfColour::Black
            } else {
                bianpai::interchange::TrfColour::White
            };
        }
    }
    std::fs::write(&out, altered.write()).unwrap();
    let checked = bianpai(&["check", "--dutch", path]);
    assert!(!checked.status.success());
    let stdout = String::from_utf8_lossy(&checked.stdout);
    let stderr = String::from_utf8_lossy(&checked.stderr);
    assert!(
        stdout.contains(&format!("  file only: {black} {white}")),
        "{stdout}"
    );
    assert!(stderr.contains("与荷兰制编排不同：第3"), "{stderr}");
}

/// The generator's unusual results and tie-break list (checklist: generator options): double
/// forfeits come out as two `-` against each other in one round, the list as record 202 (in
/// TRF-2026 spelling, BH/C1), and
/// the checker passes the file — its pairings, and its standings under the file's own list
/// (no `--tiebreaks` given).
#[test]
fn rtg_dutch_writes_double_forfeits_and_a_tiebreak_list_that_check_passes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("u.trf");
    let path = out.to_str().unwrap();
    let bianpai = |args: &[&str]| common::command().args(args).output().expect("runs");
    let made = bianpai(&[
        "rtg",
        "dutch",
        "--players",
        "24",
        "--rounds",
        "7",
        "--seed",
        "5",
        "--double-forfeit-permille",
        "80",
        "--tiebreaks",
        "BH-C1,BH,SB",
        "-o",
        path,
    ]);
    assert!(made.status.success(), "{made:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    let file = TrfFile::parse(&text).unwrap();
    assert_eq!(
        file.header("202").map(|l| l.replace(' ', "")),
        Some("BH/C1,BH,SB".to_string()),
        "{text}"
    );
    assert!(text.contains("--double-forfeit-permille 80"), "{text}");
    // Some round holds two players who forfeited against each other.
    let forfeited = |rank: u32, round: u32| {
        file.players()
            .find(|p| p.start_rank == rank)
            .and_then(|p| p.round(round))
            .is_some_and(|e| e.result == bianpai::interchange::trf::TrfResult::ForfeitLoss)
    };
    let doubles = file
        .players()
        .flat_map(|p| (1..=7).map(move |r| (p.start_rank, r, p.round(r).and_then(|e| e.opponent))))
        .filter(|&(me, r, opp)| opp.is_some_and(|o| me < o && forfeited(me, r) && forfeited(o, r)))
        .count();
    assert!(doubles > 0, "no double forfeit in\n{text}");
    let checked = bianpai(&["check", "--dutch", path]);
    assert!(checked.status.success(), "{checked:?}");
    let standings = bianpai(&["check", "--standings", path]);
    assert!(standings.status.success(), "{standings:?}");
    // A list the program does not know is refused in the arbiter's language.
    let bad = bianpai(&[
        "rtg",
        "dutch",
        "--tiebreaks",
        "BH,XYZ",
        "-o",
        path,
        "--force",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("XYZ"), "{err}");
}
