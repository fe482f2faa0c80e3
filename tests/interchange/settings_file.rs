//! The settings file (`bianpai settings --export/--import`): docs/settings.md describes every
//! key the program writes.

use bianpai::app::Tournament;
use bianpai::i18n::Lang;
use bianpai::interchange::settings::key_paths;
use bianpai::model::{Points, SectionId, SectionSettings};
use chrono::NaiveDate;

/// Every key of the defaults, of a chess section, of a team section and of the demo event's
/// sections (which set optional keys) is named in docs/settings.md as `key`.
#[test]
fn docs_settings_md_describes_every_key() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/settings.md"))
        .expect("docs/settings.md");
    let team = SectionSettings {
        team_section: Some(bianpai::model::TeamSectionOptions {
            women_boards: vec![4],
            board_prize_min_games: Some(5),
            ..Default::default()
        }),
        ..SectionSettings::default()
    };
    let mut samples = vec![SectionSettings::default(), SectionSettings::chess(), team];
    samples.extend(
        bianpai::app::demo_event()
            .sections
            .into_iter()
            .map(|s| s.settings),
    );
    let mut missing: Vec<String> = samples
        .iter()
        .flat_map(|s| key_paths(&s.to_stored()))
        .filter(|k| !doc.contains(&format!("`{k}`")))
        .collect();
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "not in docs/settings.md: {missing:#?}");
}

/// A section of `settings` in an event of its own, the rest of the event empty.
fn section_with(settings: SectionSettings) -> (tempfile::TempDir, Tournament, SectionId) {
    let (dir, mut t) = crate::common::create(&crate::common::event("设置", vec![]));
    let id = t.add_section("组别", &settings).expect("section added");
    (dir, t, id)
}

fn settings_of(t: &Tournament, id: SectionId) -> SectionSettings {
    t.event().section(id).expect("the section").settings.clone()
}

/// Settings unlike any defaults, so that a key left out that falls back to a default shows.
fn set_apart(mut s: SectionSettings) -> SectionSettings {
    s.rounds = 5;
    s.points.bye = Points(3);
    s.eligibility.grades = vec!["无级".into()];
    s.eligibility.born_from = NaiveDate::from_ymd_opt(2010, 1, 1);
    s.record_moves.boards = 4;
    s.round_times = vec!["1月10日 15:30".into()];
    s.awards.promotion.byes_count = false;
    s
}

/// The issue's file (`game`, `system`, `rounds`) into a chess section and `rounds` alone into
/// a xiangqi section: every other setting is what it was, compared whole.
#[test]
fn a_minimal_file_changes_its_keys_and_nothing_else_in_a_chess_and_a_xiangqi_section() {
    let cases = [
        (
            set_apart(SectionSettings::chess()),
            "game = \"Chess\"\nsystem = \"Dutch\"\nrounds = 7\n",
        ),
        (set_apart(SectionSettings::default()), "rounds = 9\n"),
    ];
    for (before, file) in cases {
        let (_dir, mut t, id) = section_with(before.clone());
        t.import_settings_file(id, file).expect(file);
        let mut want = before;
        want.rounds = if file.contains("7") { 7 } else { 9 };
        assert_eq!(settings_of(&t, id), want, "{file}");
    }
}

/// `[points]` with one key sets that key; the rest of the table, and of `[points.red]`, stays.
#[test]
fn a_partial_table_sets_only_its_keys() {
    let before = set_apart(SectionSettings::chess());
    let (_dir, mut t, id) = section_with(before.clone());
    t.import_settings_file(id, "[points]\nforfeit_win = 4\n\n[points.red]\nwin = 3\n")
        .unwrap();
    let mut want = before;
    want.points.forfeit_win = Points(4);
    want.points.red.win = Points(3);
    assert_eq!(settings_of(&t, id), want);
    // A table named by a variant keeps the variant's other values when it is the same one,
    // and is the whole value when it names another.
    use bianpai::model::PlacesRule;
    let seed_004 = "[awards.places.BySize]\nthreshold = 80\nup_to_places = 8\nabove_places = 16\n";
    t.import_settings_file(id, seed_004).unwrap();
    t.import_settings_file(id, "[awards.places.BySize]\nabove_places = 12\n")
        .unwrap();
    assert_eq!(
        settings_of(&t, id).awards.places,
        PlacesRule::BySize {
            threshold: 80,
            up_to_places: 8,
            above_places: 12
        }
    );
    t.import_settings_file(id, "[awards.places.Fixed]\nplaces = 6\n")
        .unwrap();
    assert_eq!(
        settings_of(&t, id).awards.places,
        PlacesRule::Fixed { places: 6 }
    );
}

/// Dates as TOML writes them (unquoted), as the document shows them, and in quotes.
#[test]
fn toml_dates_are_read_as_dates() {
    let (_dir, mut t, id) = section_with(SectionSettings::chess());
    let file = "[eligibility]\nborn_from = 1951-01-01\nborn_to = \"2008-01-31\"\n\
                any_of = [{ grades = [\"上海1级\"] }, { born_to = 2008-01-31 }]\n";
    t.import_settings_file(id, file).unwrap();
    let e = settings_of(&t, id).eligibility;
    assert_eq!(e.born_from, NaiveDate::from_ymd_opt(1951, 1, 1));
    assert_eq!(e.born_to, NaiveDate::from_ymd_opt(2008, 1, 31));
    assert_eq!(e.any_of[1].born_to, NaiveDate::from_ymd_opt(2008, 1, 31));
    // A date with a time is no birth date: refused, naming its line and key.
    let bad = "[eligibility]\nborn_from = 1951-01-01T08:00:00\n";
    let m = t
        .import_settings_file(id, bad)
        .unwrap_err()
        .message(Lang::En);
    assert!(
        m.contains("line 2") && m.contains("eligibility.born_from"),
        "{m}"
    );
}

/// A key that names no setting is still refused with its line, inside a partial table too,
/// and nothing changes.
#[test]
fn a_key_that_is_no_setting_is_refused_with_its_line() {
    let before = set_apart(SectionSettings::chess());
    let (_dir, mut t, id) = section_with(before.clone());
    let m = t
        .import_settings_file(id, "rounds = 9\n[points]\nbye = 2\nbyes = 2\n")
        .unwrap_err()
        .message(Lang::En);
    assert!(m.contains("line 4") && m.contains("points.byes"), "{m}");
    let m = t
        .import_settings_file(id, "rounds = 9\n[points.red]\nwin = \"two\"\n")
        .unwrap_err()
        .message(Lang::En);
    assert!(m.contains("line 3") && m.contains("points.red.win"), "{m}");
    assert_eq!(settings_of(&t, id), before);
}

/// The ```toml blocks of docs/settings.md, each with the line it starts on.
fn doc_examples() -> Vec<(usize, String)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/settings.md"))
        .expect("docs/settings.md");
    let mut out = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in doc.lines().enumerate() {
        match &mut open {
            None if line.trim() == "```toml" => open = Some((i + 1, String::new())),
            Some(_) if line.trim() == "```" => out.extend(open.take()),
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
            None => {}
        }
    }
    out
}

/// A TOML value as the settings' stored form holds it: a date as its text.
fn stored_form(v: &toml::Value) -> serde_json::Value {
    match v {
        toml::Value::String(s) => s.clone().into(),
        toml::Value::Integer(i) => (*i).into(),
        toml::Value::Float(f) => (*f).into(),
        toml::Value::Boolean(b) => (*b).into(),
        toml::Value::Datetime(d) => d.to_string().into(),
        toml::Value::Array(items) => items.iter().map(stored_form).collect(),
        toml::Value::Table(t) => t
            .iter()
            .map(|(k, v)| (k.clone(), stored_form(v)))
            .collect::<serde_json::Map<_, _>>()
            .into(),
    }
}

/// Does the stored value hold what was written: the same value, a table with the keys written
/// (an item of a list may leave keys out, which take their defaults)?
fn holds(stored: &serde_json::Value, written: &serde_json::Value) -> bool {
    use serde_json::Value as J;
    match (stored, written) {
        (J::Object(s), J::Object(w)) => w
            .iter()
            .all(|(k, v)| s.get(k).is_some_and(|sv| holds(sv, v))),
        (J::Array(s), J::Array(w)) => {
            s.len() == w.len() && s.iter().zip(w).all(|(a, b)| holds(a, b))
        }
        _ => stored == written,
    }
}

/// Every key a block sets, as a pointer into the stored form, with its value: tables are
/// gone into, anything else (a list too) is one value.
fn leaves(table: &toml::Table, path: &str, out: &mut Vec<(String, serde_json::Value)>) {
    for (k, v) in table {
        let p = format!("{path}/{k}");
        match v {
            toml::Value::Table(t) => leaves(t, &p, out),
            other => out.push((p, stored_form(other))),
        }
    }
}

/// Each example of docs/settings.md, as written, imports into a chess and a xiangqi section,
/// and every key it writes then holds the value it wrote.
#[test]
fn every_example_in_docs_settings_md_imports_as_written() {
    let examples = doc_examples();
    assert!(
        examples.len() >= 6,
        "examples in docs/settings.md: {examples:?}"
    );
    for (line, text) in examples {
        let table: toml::Table =
            toml::from_str(&text).unwrap_or_else(|e| panic!("docs/settings.md line {line}: {e}"));
        let mut set = Vec::new();
        leaves(&table, "", &mut set);
        assert!(!set.is_empty(), "line {line}: an empty example");
        for start in [SectionSettings::chess(), SectionSettings::default()] {
            let (_dir, mut t, id) = section_with(start);
            t.import_settings_file(id, &text)
                .unwrap_or_else(|e| panic!("line {line}: {}\n{text}", e.message(Lang::En)));
            let stored = settings_of(&t, id).to_stored();
            for (pointer, value) in &set {
                let now = stored.pointer(pointer);
                assert!(
                    now.is_some_and(|now| holds(now, value)),
                    "docs/settings.md line {line}: {pointer} is {now:?}, written {value}"
                );
            }
        }
    }
}
