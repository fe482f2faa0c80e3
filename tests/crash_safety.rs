//! Acceptance (issue 2, point 5): a child process keeps entering results and reports each one
//! after its transaction commits; it is killed with SIGKILL at 20 random moments. After each
//! kill the file passes `PRAGMA integrity_check` and holds every result the child reported.
//!
//! The child is this test binary itself, re-run on the ignored test `child_enters_results`.

mod common;

use bianpai::app::Tournament;
use bianpai::model::{Event, Lots, Outcome};
use bianpai::pairing::pair_round_one;
use common::SectionBuilder;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const FILE_VAR: &str = "BIANPAI_CRASH_TEST_FILE";
const SEED_VAR: &str = "BIANPAI_CRASH_TEST_SEED";

/// One section of 600 entrants, round 1 paired, no results yet: 300 empty boards.
fn big_event() -> Event {
    let mut s = SectionBuilder::new()
        .name("公开组")
        .named("棋手", 600)
        .build();
    let r = pair_round_one(&s).unwrap();
    s.rounds.push(r);
    common::event("断电测试", vec![s])
}

/// The child: fills empty boards in a random order, printing `board code` after each commit.
#[test]
#[ignore = "run by crash_safety as a child process"]
fn child_enters_results() {
    let Ok(file) = std::env::var(FILE_VAR) else {
        return;
    };
    let seed: u64 = std::env::var(SEED_VAR)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut t = Tournament::open(Path::new(&file)).unwrap();
    let section = t.event().sections[0].id;
    let mut lots = Lots::new(seed);
    let mut out = std::io::stdout().lock();
    loop {
        let empty: Vec<u32> = t.event().sections[0].rounds[0]
            .games
            .iter()
            .filter(|g| g.outcome.is_none())
            .map(|g| g.board)
            .collect();
        if empty.is_empty() {
            writeln!(out, "full").unwrap();
            out.flush().unwrap();
            std::thread::sleep(Duration::from_secs(60));
            return;
        }
        let board = empty[lots.below(empty.len() as u64) as usize];
        let outcome = Outcome::ALL[lots.below(6) as usize];
        t.set_result(section, 1, board, Some(outcome)).unwrap();
        writeln!(out, "committed {board} {}", outcome.code()).unwrap();
        out.flush().unwrap();
    }
}

#[test]
fn killed_twenty_times_loses_no_committed_result() {
    let (_dir, t) = common::create(&big_event());
    let path = t.path().to_path_buf();
    drop(t);
    let me = std::env::current_exe().unwrap();
    let mut lots = Lots::new(20261130);
    let mut reported: Vec<(u32, Outcome)> = Vec::new();
    for kill in 0..20 {
        let mut child = Command::new(&me)
            .args([
                "--exact",
                "child_enters_results",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(FILE_VAR, &path)
            .env(SEED_VAR, (kill + 1).to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        // Read the reports on a thread so the pipe never blocks the child.
        let reader = std::thread::spawn(move || {
            let mut lines = Vec::new();
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => lines.push(l),
                    Err(_) => break,
                }
            }
            lines
        });
        // Wait for the first commit, then a random further moment (0–150 ms).
        let start = Instant::now();
        std::thread::sleep(Duration::from_millis(150 + lots.below(150)));
        assert!(start.elapsed() < Duration::from_secs(60));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        for line in reader.join().unwrap() {
            let parts: Vec<&str> = line.split_whitespace().collect();
            if let ["committed", board, code] = parts.as_slice() {
                reported.push((board.parse().unwrap(), Outcome::from_code(code).unwrap()));
            }
        }
        let t = Tournament::open(&path).unwrap();
        assert_eq!(t.integrity_check().unwrap(), "ok", "after kill {kill}");
        let round = &t.event().sections[0].rounds[0];
        for (board, outcome) in &reported {
            let g = round.games.iter().find(|g| g.board == *board).unwrap();
            assert_eq!(
                g.outcome,
                Some(*outcome),
                "kill {kill}: board {board} lost its committed result"
            );
        }
    }
    eprintln!(
        "{} results reported committed over 20 kills",
        reported.len()
    );
    assert!(
        reported.len() >= 20,
        "the child committed only {} results",
        reported.len()
    );
}
