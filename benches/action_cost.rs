//! What it costs that the event file is whole after every action (issue 34): each action ends
//! with a checkpoint that copies the write-ahead log into the file. Measured in one run, on a
//! file on disk:
//!
//! - `result` — one result entered through the app services (what the window and `bianpai
//!   result` do), with the checkpoint, as the program runs now;
//! - `commit` and `commit+checkpoint` — the same kind of write (one row changed, one journal row
//!   added, in one transaction, WAL, synchronous FULL, the file locked exclusively) on a bare
//!   SQLite file, without and with the checkpoint (PASSIVE, as the store does; TRUNCATE, which
//!   also empties the log file, for comparison): their ratio is the checkpoint's cost.
//!
//! Run: `cargo bench --profile dev --bench action_cost` (or without `--profile dev` for the
//! release build).

use bianpai::app::Tournament;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{Event, Outcome, Section, SectionSettings};
use criterion::{Criterion, criterion_group, criterion_main};
use rusqlite::Connection;

fn event_of(players: u32) -> Event {
    let entrants = (1..=players)
        .map(|k| bianpai::model::Entrant {
            name: format!("选手{k}"),
            unit: format!("单位{}", k % 10),
            ..Default::default()
        })
        .collect();
    Event {
        name: "代价".into(),
        sections: vec![Section {
            name: "公开组".into(),
            settings: SectionSettings::chess(),
            entrants,
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// A bare SQLite file set up as the store sets up an event file.
fn bare(path: &std::path::Path) -> Connection {
    let c = Connection::open(path).unwrap();
    c.pragma_update(None, "locking_mode", "EXCLUSIVE").unwrap();
    c.pragma_update_and_check(None, "journal_mode", "WAL", |_| Ok(()))
        .unwrap();
    c.pragma_update(None, "synchronous", "FULL").unwrap();
    c.execute_batch(
        "CREATE TABLE game (board INTEGER PRIMARY KEY, outcome TEXT);
         CREATE TABLE journal (id INTEGER PRIMARY KEY, at TEXT, action TEXT, detail TEXT);",
    )
    .unwrap();
    for b in 1..=100 {
        c.execute("INSERT INTO game (board) VALUES (?1)", [b])
            .unwrap();
    }
    c
}

fn write_one(c: &mut Connection, n: u64, checkpoint: Option<&str>) {
    let tx = c.transaction().unwrap();
    tx.execute(
        "UPDATE game SET outcome = ?1 WHERE board = ?2",
        rusqlite::params![
            if n.is_multiple_of(2) { "1-0" } else { "0-1" },
            (n % 100 + 1) as i64
        ],
    )
    .unwrap();
    tx.execute(
        "INSERT INTO journal (at, action, detail) VALUES (datetime('now'), 'result', ?1)",
        [n.to_string()],
    )
    .unwrap();
    tx.commit().unwrap();
    if let Some(mode) = checkpoint {
        c.query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |_| Ok(()))
            .unwrap();
    }
}

fn bench(c: &mut Criterion) {
    // Under the working folder, not /tmp: on many machines /tmp is memory, not a disk.
    let dir = tempfile::tempdir_in(env!("CARGO_MANIFEST_DIR")).unwrap();
    let mut g = c.benchmark_group("action_cost");
    g.sample_size(60);

    let mut t = Tournament::create(&dir.path().join("e.bianpai"), &event_of(200)).unwrap();
    let s = t.event().sections[0].id;
    t.draw_lots(s, 1).unwrap();
    t.pair_next_round(s).unwrap();
    let mut n = 0u64;
    g.bench_function("result", |b| {
        b.iter(|| {
            n += 1;
            let o = if n.is_multiple_of(2) {
                Outcome::RedWin
            } else {
                Outcome::BlackWin
            };
            t.enter_result(
                BoardRef::new(s, 1, (n % 100 + 1) as u32),
                ResultEntry::result(Some(o)),
            )
            .unwrap();
        })
    });

    for (name, checkpoint) in [
        ("commit", None),
        ("commit+checkpoint", Some("PASSIVE")),
        ("commit+checkpoint(truncate)", Some("TRUNCATE")),
    ] {
        let mut conn = bare(&dir.path().join(format!("{name}.db")));
        let mut n = 0u64;
        g.bench_function(name, |b| {
            b.iter(|| {
                n += 1;
                write_one(&mut conn, n, checkpoint);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
