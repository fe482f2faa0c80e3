//! Issue 25: adjourned games (暂停对局) in the window, by keys only. Round 1 is entered but for
//! its last board; Ctrl+P asks whether to adjourn it, Enter adjourns and pairs round 2 (the
//! grid shows 暂停); the game's result comes in as a white win: the window shows the warning
//! with its level, Enter enters it; the TRF written by the command line logs the adjournment.
//! A also adjourns a board of the new round, and A again takes it back.

use crate::common;
use crate::common::ok;
use crate::common::window;
use crate::common::window::{key, no_error, shown_section, tab, wait_until};
use bianpai::model::Outcome;
use bianpai::ui::TabKind;
use egui::{Key, Modifiers};

#[test]
fn a_game_left_unfinished_is_adjourned_paired_as_a_draw_and_its_result_confirmed() {
    let (dir, t, _) = common::chess_event("暂停对局", 8, 5);
    let path = t.path().to_path_buf();
    let mut h = window::harness(t);
    h.run();
    window::pair_next_round(&mut h);

    // Round 1: boards 1–3 drawn by key; the cursor then sits on board 4, left open.
    tab(&mut h, TabKind::Results);
    for _ in 0..3 {
        key(&mut h, Key::Equals);
    }
    no_error(&h, "entering results");
    let last = shown_section(&h).rounds[0].games[3].clone();
    assert_eq!(last.outcome, None);

    // Ctrl+P: the round waits on board 4; the question names it.
    tab(&mut h, TabKind::Pairings);
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    wait_until(&mut h, "the question", |h| {
        window::shows(h, "第1轮尚有对局未结束")
    });
    assert!(window::shows(&h, "第4台尚无成绩"), "the board is named");
    key(&mut h, Key::Enter);
    wait_until(&mut h, "pairing", |h| shown_section(h).rounds.len() == 2);
    no_error(&h, "pairing over the adjournment");
    let s = shown_section(&h);
    assert_eq!(s.adjourned_games(), vec![(1, 4)]);

    // The grid of round 1 says 暂停 on board 4.
    tab(&mut h, TabKind::Results);
    key(&mut h, Key::PageUp);
    assert!(window::shows(&h, "暂停"), "the grid shows the adjournment");
    for _ in 0..3 {
        key(&mut h, Key::ArrowDown);
    }
    // A white win, though round 2 counted a draw: the warning at level 3, then Enter.
    key(&mut h, Key::Num1);
    assert!(window::shows(&h, "违反规则的操作"));
    assert!(window::shows(
        &h,
        "警告：暂停对局的成绩不是和棋（第1轮第4台），而之后一轮编排时已按和棋计"
    ));
    assert_eq!(shown_section(&h).rounds[0].games[3].outcome, None);
    key(&mut h, Key::Enter);
    no_error(&h, "confirming the result");
    let g = shown_section(&h).rounds[0].games[3].clone();
    assert_eq!(g.outcome, Some(Outcome::RedWin));
    assert!(!g.adjourned);

    // Round 2: A adjourns board 1, A again takes it back.
    key(&mut h, Key::PageDown);
    key(&mut h, Key::A);
    no_error(&h, "adjourning");
    assert_eq!(shown_section(&h).adjourned_games(), vec![(2, 1)]);
    key(&mut h, Key::A);
    assert!(shown_section(&h).adjourned_games().is_empty());

    drop(h);
    let trf = dir.path().join("out.trf");
    ok(&[
        "export",
        "results",
        path.to_str().unwrap(),
        "-s",
        "公开组",
        "--format",
        "trf",
        "-o",
        trf.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&trf).unwrap();
    assert!(
        text.lines()
            .any(|l| l == "### Adjournment @ Round 1: board 4 result 1-0"),
        "{text}"
    );
}
