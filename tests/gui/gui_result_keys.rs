//! Every result has a key in the Results tab — a result reachable only from the command line is
//! one an arbiter cannot enter at 10 pm. Round 1 of twelve players (six boards): 1, =, 0, +, -
//! and X on boards 1–6 give, in the order the rules name them, a win, a draw, a loss, the two
//! one-sided forfeits and the double forfeit (双方弃权: neither came, both lose); Del clears.

use crate::common;
use crate::common::window;
use crate::common::window::{key, no_error, shown_section, tab};
use bianpai::model::Outcome;
use bianpai::ui::TabKind;
use egui::Key;

#[test]
fn each_result_key_enters_its_result_and_x_is_the_double_forfeit() {
    let (_dir, t, _) = common::chess_event("成绩键", 12, 3);
    let mut h = window::harness(t);
    h.run();
    window::pair_next_round(&mut h);
    tab(&mut h, TabKind::Results);
    assert!(
        window::shows(&h, "X 双方弃权"),
        "the keys line names the key"
    );
    for k in [
        Key::Num1,
        Key::Equals,
        Key::Num0,
        Key::Plus,
        Key::Minus,
        Key::X,
    ] {
        key(&mut h, k);
    }
    no_error(&h, "entering results");
    let outcomes: Vec<Option<Outcome>> = shown_section(&h).rounds[0]
        .games
        .iter()
        .map(|g| g.outcome)
        .collect();
    assert_eq!(
        outcomes,
        [
            Some(Outcome::RedWin),
            Some(Outcome::Draw),
            Some(Outcome::BlackWin),
            Some(Outcome::RedWinByForfeit),
            Some(Outcome::BlackWinByForfeit),
            Some(Outcome::DoubleForfeit),
        ]
    );
    // The double forfeit is a result like the others: Del takes it away again.
    key(&mut h, Key::Delete);
    assert_eq!(shown_section(&h).rounds[0].games[5].outcome, None);
}
