//! Issue 25 acceptance: manual pairing as a phase of the Pairings tab, driven by keys only.
//! The arbiter enters it (M), swaps the blacks of boards 1 and 2 and the colours of board 3,
//! leaves it (M), sees the engine's pairing beside theirs with each of the three differences,
//! confirms (Enter); the round is stored as changed, journaled, and the TRF export written by
//! the command line carries one `### MPA` line per changed board.

use crate::common;
use crate::common::window;
use crate::common::window::{key, last_journal, no_error, shown_section, tab};
use crate::common::{SectionBuilder, ok};
use bianpai::conduct::JournalEntry;
use bianpai::model::{Round, SectionSettings};
use bianpai::ui::TabKind;
use egui::Key;

/// The round's boards as (board, white's number, black's number).
fn boards(s: &bianpai::model::Section, r: &Round) -> Vec<(u32, u32, u32)> {
    let n = |id| s.entrant(id).and_then(|e| e.number).unwrap();
    r.games
        .iter()
        .map(|g| (g.board, n(g.red), n(g.black)))
        .collect()
}

#[test]
fn manual_pairing_is_compared_with_the_engine_confirmed_and_logged_in_the_trf() {
    let (dir, t, _) = common::chess_event("人工编排", 8, 5);
    let path = t.path().to_path_buf();
    let mut h = window::harness(t);
    h.run();
    window::pair_next_round(&mut h);
    let s = shown_section(&h);
    let engine = boards(&s, &s.rounds[0]);
    assert_eq!(engine.len(), 4);
    let [(_, w1, b1), (_, w2, b2), (_, w3, b3), _] = engine[..] else {
        panic!("{engine:?}");
    };

    tab(&mut h, TabKind::Pairings);
    key(&mut h, Key::M);
    assert!(window::shows(&h, "人工编排中"), "the phase is on");
    // Board 1's black seat marked, then board 2's black seat: the two change places.
    key(&mut h, Key::ArrowRight);
    key(&mut h, Key::Enter);
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::Enter);
    // Board 3: colours swapped.
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::C);
    no_error(&h, "editing the draft");
    // Nothing is stored while the phase is on.
    assert_eq!(
        boards(&shown_section(&h), &shown_section(&h).rounds[0]),
        engine
    );

    key(&mut h, Key::M);
    assert!(window::shows(&h, "人工编排与编排程序对比（第1轮）"));
    assert!(window::shows(&h, "不同之处（3处）："));
    for line in [
        format!("第1台：编排程序 {w1}-{b1}，人工 {w1}-{b2}"),
        format!("第2台：编排程序 {w2}-{b2}，人工 {w2}-{b1}"),
        format!("第3台：编排程序 {w3}-{b3}，人工 {b3}-{w3}"),
    ] {
        assert!(window::shows(&h, &line), "{line}");
    }
    key(&mut h, Key::Enter);
    no_error(&h, "confirming the manual pairing");
    let s = shown_section(&h);
    assert_eq!(
        boards(&s, &s.rounds[0]),
        vec![(1, w1, b2), (2, w2, b1), (3, b3, w3), engine[3]]
    );
    let (action, entry) = last_journal(&h);
    assert_eq!(action, "round.manual");
    let JournalEntry::ManualPairing {
        round, differences, ..
    } = entry
    else {
        panic!("{entry:?}");
    };
    assert_eq!(round, 1);
    assert_eq!(differences.len(), 3);
    // The window closes the file; the command line exports the TRF.
    drop(h);
    let trf = dir.path().join("open.trf");
    ok(&[
        "export",
        "standings",
        path.to_str().unwrap(),
        "-s",
        "公开组",
        "--format",
        "trf",
        "-o",
        trf.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&trf).unwrap();
    let mpa: Vec<&str> = text.lines().filter(|l| l.starts_with("### MPA")).collect();
    assert_eq!(
        mpa,
        vec![
            format!("### MPA @ Round 1: board 1 engine {w1}-{b1} arbiter {w1}-{b2}"),
            format!("### MPA @ Round 1: board 2 engine {w2}-{b2} arbiter {w2}-{b1}"),
            format!("### MPA @ Round 1: board 3 engine {w3}-{b3} arbiter {b3}-{w3}"),
        ],
        "{text}"
    );
}

/// Inside the phase each change is weighed at once: a swap that makes two players meet again
/// shows the rematch under the banner, before the phase is left.
#[test]
fn a_rematch_made_in_the_phase_is_shown_at_once() {
    let (_dir, mut t) = common::create(&common::event("人工编排", vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .settings(SectionSettings::chess())
        .named("选手", 4)
        .lot_seed(5)
        .enter(&mut t);
    t.pair_next_round(s).unwrap();
    common::finish_round(&mut t, s, 1, |_, _| bianpai::model::Outcome::Draw);
    t.pair_next_round(s).unwrap();
    let section = t.event().sections[0].clone();
    let met = |a, b| {
        section.rounds[0]
            .games
            .iter()
            .any(|g| (g.red == a && g.black == b) || (g.red == b && g.black == a))
    };
    let r2 = &section.rounds[1].games;
    // Of the two other ways to pair four players, one is round 1's: the blacks swapped, or
    // board 1's black with board 2's white.
    let blacks_swapped = met(r2[0].red, r2[1].black);
    let mut h = window::harness(t);
    h.run();
    tab(&mut h, TabKind::Pairings);
    key(&mut h, Key::M);
    key(&mut h, Key::ArrowRight);
    key(&mut h, Key::Enter);
    key(&mut h, Key::ArrowDown);
    if !blacks_swapped {
        key(&mut h, Key::ArrowLeft);
    }
    key(&mut h, Key::Enter);
    no_error(&h, "editing the draft");
    assert!(
        window::shows(&h, "第1台：两人已交过手（重复对局）"),
        "the rematch is named in the phase"
    );
    // Nothing is stored yet.
    assert_eq!(&shown_section(&h).rounds[1].games, r2);
}
