//! The chief accepts by keys (issue 41): results sent from phones show at the top of the
//! Results tab, marked by who sent them; Alt+Enter accepts the one picked, Alt+Delete rejects
//! one, Alt+A accepts every one that is no conflict; Ctrl+Z undoes an acceptance.

use super::{deputy, settle, two_sections};
use crate::common::window::{self, ctrl, tab};
use bianpai::app::{Hands, Submission, local_now};
use bianpai::model::{EntryState, Outcome};
use bianpai::ui::TabKind;
use egui::{Key, Modifiers};

#[test]
fn the_chief_accepts_phones_results_by_keys() {
    let (_dir, mut t, open, _) = two_sections();
    let hands = Hands::new();
    let (li, _) = deputy(&mut t, "李裁判", &[open], None);
    t.publish_hands(&hands).unwrap();
    for (i, (board, outcome)) in [
        (1, Outcome::RedWin),
        (2, Outcome::Draw),
        (3, Outcome::BlackWin),
        (4, Outcome::RedWin),
    ]
    .into_iter()
    .enumerate()
    {
        hands.submit(Submission {
            submission: format!("g{i}"),
            role: li,
            section: open,
            round: 1,
            board,
            outcome: Some(outcome),
            fouls: (0, 0),
            note: String::new(),
            at: local_now(),
        });
    }
    settle(&mut t, &hands);
    let mut h = window::harness(t);
    h.run();
    tab(&mut h, TabKind::Results);
    assert!(
        window::shows(&h, "李裁判（副裁判长/裁判员，设备1）"),
        "marked by who sent it"
    );
    let alt = |h: &mut window::Window, k: Key| {
        h.key_press_modifiers(Modifiers::ALT, k);
        h.run();
    };
    let outcomes = |h: &window::Window| -> Vec<Option<Outcome>> {
        window::event(h).section(open).unwrap().rounds[0].games[..4]
            .iter()
            .map(|g| g.outcome)
            .collect()
    };
    // The first picked: accepted.
    alt(&mut h, Key::Enter);
    assert_eq!(outcomes(&h), vec![Some(Outcome::RedWin), None, None, None]);
    // The next (board 2) rejected.
    alt(&mut h, Key::Delete);
    assert_eq!(outcomes(&h), vec![Some(Outcome::RedWin), None, None, None]);
    // The rest at once.
    alt(&mut h, Key::A);
    assert_eq!(
        outcomes(&h),
        vec![
            Some(Outcome::RedWin),
            None,
            Some(Outcome::BlackWin),
            Some(Outcome::RedWin)
        ]
    );
    // Ctrl+Z undoes the last acceptance: board 4 is open again and its entry waits.
    ctrl(&mut h, Key::Z);
    assert_eq!(
        outcomes(&h),
        vec![Some(Outcome::RedWin), None, Some(Outcome::BlackWin), None]
    );
    let t = h.state().desk.tournament.as_ref().unwrap();
    let waiting: Vec<(u32, EntryState)> = t
        .phone_entries(true)
        .unwrap()
        .iter()
        .map(|e| (e.board, e.state))
        .collect();
    assert_eq!(waiting, vec![(4, EntryState::Pending)]);
    window::no_error(&h, "accepting");
}
