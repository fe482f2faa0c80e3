//! An event file written by an earlier version opens and reads the same today.
//!
//! `tests/data/old_file/demo-schema3.bianpai` was written on 2026-12-02 (schema 3, settings as
//! an unversioned JSON blob) from the demo event, with its first section given the seed 000
//! men's award table and the 14.3.2 tiebreak list, round 2 paired and played, fouls entered and,
//! last of all, a settings change (so the journal's newest undo row holds old settings too).
//! `reading.txt` beside it is the standings and prize lines that version read from the file;
//! `settings.json` the settings, entrants and rounds it read. The test copies the file, opens it with today's program and compares:
//! every entrant, round, standing and award line must read the same; every value of a setting, an entrant or a round read
//! then must still read the same (new fields may be added beside them); undo of the last
//! action must still bring the earlier settings back.

use bianpai::app::{Tournament, final_standings, section_awards};
use bianpai::conduct::JournalEntry;
use bianpai::i18n::Lang;
use serde_json::Value;
use std::path::Path;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/old_file");

/// What a reader sees of the event: the standings and prize lines of every section.
pub fn reading(t: &Tournament) -> String {
    let mut out = String::new();
    let ev = t.event();
    out += &format!("event {:?}\n", ev.name);
    for s in &ev.sections {
        out += &format!("section {:?} {:?}\n", s.id, s.name);
        let last = s.rounds.len() as u32;
        for st in final_standings(s, last) {
            out += &format!("  standing {st:?}\n");
        }
        let a = section_awards(s, last);
        for p in a.prize_lines() {
            out += &format!("  prize {p:?}\n");
        }
    }
    out
}

/// Every section's settings, entrants and rounds as data, keyed by section name.
pub fn settings(t: &Tournament) -> Value {
    Value::Object(
        t.event()
            .sections
            .iter()
            .map(|s| {
                let v = serde_json::json!({
                    "settings": s.settings,
                    "entrants": s.entrants,
                    "rounds": s.rounds,
                });
                (s.name.clone(), v)
            })
            .collect(),
    )
}

/// Is every value of `old` present in `new` with the same value (new keys allowed)?
fn holds(old: &Value, new: &Value, at: &str, errors: &mut Vec<String>) {
    match (old, new) {
        (Value::Object(o), Value::Object(n)) => {
            for (k, v) in o {
                match n.get(k) {
                    Some(w) => holds(v, w, &format!("{at}.{k}"), errors),
                    None => errors.push(format!("{at}.{k} is gone")),
                }
            }
        }
        (Value::Array(o), Value::Array(n)) if o.len() == n.len() => {
            for (i, (v, w)) in o.iter().zip(n).enumerate() {
                holds(v, w, &format!("{at}[{i}]"), errors);
            }
        }
        _ if old == new => {}
        _ => errors.push(format!("{at}: was {old}, now {new}")),
    }
}

fn open_copy(dir: &Path) -> Tournament {
    let path = dir.join("old.bianpai");
    std::fs::copy(Path::new(DIR).join("demo-schema3.bianpai"), &path).unwrap();
    Tournament::open(&path).expect("the old file opens")
}

#[test]
fn an_old_event_file_reads_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let t = open_copy(dir.path());
    let expected = std::fs::read_to_string(Path::new(DIR).join("reading.txt")).unwrap();
    let now = reading(&t);
    for (i, (a, b)) in expected.lines().zip(now.lines()).enumerate() {
        assert_eq!(a, b, "line {} of the reading differs", i + 1);
    }
    assert_eq!(expected.lines().count(), now.lines().count());

    let old: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(DIR).join("settings.json")).unwrap(),
    )
    .unwrap();
    let mut errors = vec![];
    holds(&old, &settings(&t), "settings", &mut errors);
    assert!(errors.is_empty(), "the file reads differently: {errors:#?}");
}

#[test]
fn undo_in_an_old_file_brings_back_the_old_settings() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = open_copy(dir.path());
    let first = t.event().sections[0].clone();
    assert!(
        first.settings.awards.prizes.bands.len() > 1,
        "the seed 000 table is there"
    );
    let (action, entry) = t.undo().unwrap().expect("the settings change is undone");
    assert_eq!(action, "section.update");
    // The old file journaled text: it reads back as text and shows as it was written.
    let JournalEntry::Text(text) = &entry else {
        panic!("an old entry is text: {entry:?}");
    };
    assert!(text.starts_with("男子组"), "{text}");
    assert_eq!(bianpai::i18n::journal_entry(&entry, Lang::En), *text);
    assert!(
        t.journal()
            .unwrap()
            .iter()
            .any(|(_, a, e)| a == "create" && matches!(e, JournalEntry::Text(_)))
    );
    let back = &t.event().sections[0];
    assert_ne!(back.settings, first.settings);
    assert_eq!(
        back.settings.rounds, 9,
        "the settings before the last change"
    );
}
