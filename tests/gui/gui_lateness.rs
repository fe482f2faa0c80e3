//! 迟到判负 (issue 40) through the window's keys. Seed 001's limit ("首轮15分钟，其它轮次5分钟
//! 未到赛桌就座者按弃权处理"): a player who came after it loses by forfeit, and the paper says
//! why. In the Results tab L marks red late (black wins by forfeit), Shift+L black late (red
//! wins by forfeit); the grid, the journal and the result book read 红方迟到判负 / 黑方迟到判负,
//! and Ctrl+Z takes the entry back like any result.

use crate::common;
use crate::common::SectionBuilder;
use crate::common::window::{self, ctrl, key, no_error, shown_section, tab};
use bianpai::app::{DocumentKind, DocumentRequest, make_document};
use bianpai::i18n::{Lang, journal_entry};
use bianpai::model::{Lateness, Outcome, SectionSettings};
use bianpai::ui::TabKind;
use egui::{Key, Modifiers};

#[test]
fn l_and_shift_l_enter_a_forfeit_for_lateness_that_the_journal_and_result_book_name() {
    let settings = SectionSettings {
        rounds: 5,
        lateness: Lateness {
            first_round: 15,
            later_rounds: 5,
        },
        ..SectionSettings::default()
    };
    let (dir, mut t) = common::create(&common::event("2026年北京市象棋锦标赛", vec![]));
    SectionBuilder::new()
        .name("男子个人组")
        .settings(settings)
        .named("棋手", 8)
        .lot_seed(1)
        .enter(&mut t);
    let mut h = window::harness(t);
    h.run();
    window::pair_next_round(&mut h);
    tab(&mut h, TabKind::Results);
    assert!(window::shows(&h, "L 红方迟到判负　Shift+L 黑方迟到判负"));
    // Boards 1 and 2 played; on board 3 red came late, on board 4 black did.
    key(&mut h, Key::Num1);
    key(&mut h, Key::Equals);
    key(&mut h, Key::L);
    h.key_press_modifiers(Modifiers::SHIFT, Key::L);
    h.run();
    no_error(&h, "entering lateness");
    let games = shown_section(&h).rounds[0].games.clone();
    let got: Vec<(Option<Outcome>, bool)> = games.iter().map(|g| (g.outcome, g.late)).collect();
    assert_eq!(
        got,
        [
            (Some(Outcome::RedWin), false),
            (Some(Outcome::Draw), false),
            // Red late: black wins by forfeit; black late: red wins by forfeit.
            (Some(Outcome::BlackWinByForfeit), true),
            (Some(Outcome::RedWinByForfeit), true),
        ]
    );
    assert!(window::shows(&h, "红方迟到判负") && window::shows(&h, "黑方迟到判负"));
    let (action, entry) = window::last_journal(&h);
    assert_eq!(action, "result.set");
    assert!(
        journal_entry(&entry, Lang::Zh).contains("第4台：黑方迟到判负"),
        "{}",
        journal_entry(&entry, Lang::Zh)
    );
    // Undone like any result: board 4 has no result and no lateness.
    ctrl(&mut h, Key::Z);
    let g4 = shown_section(&h).rounds[0].games[3].clone();
    assert_eq!((g4.outcome, g4.late), (None, false));
    // Entered again; a later key on the board that is no lateness clears it.
    h.key_press_modifiers(Modifiers::SHIFT, Key::L);
    h.run();
    let g4 = shown_section(&h).rounds[0].games[3].clone();
    assert_eq!(
        (g4.outcome, g4.late),
        (Some(Outcome::RedWinByForfeit), true)
    );
    // The file holds it: reopened, the result book prints why each forfeit was given.
    let event = window::event(&h).clone();
    let pdf = dir.path().join("成绩册.pdf");
    let book = make_document(
        &event,
        &DocumentRequest::event(DocumentKind::ResultBook, Lang::Zh),
    )
    .unwrap();
    std::fs::write(&pdf, &book.bytes).unwrap();
    let text = window::squeeze(&window::pdf_text(&pdf));
    assert!(text.contains("红方迟到判负"), "board 3 in the result book");
    assert!(text.contains("黑方迟到判负"), "board 4 in the result book");
    drop(h);
    let again = bianpai::app::Tournament::open(&dir.path().join("event.bianpai")).unwrap();
    let late: Vec<u32> = again.event().sections[0].rounds[0]
        .games
        .iter()
        .filter(|g| g.late)
        .map(|g| g.board)
        .collect();
    assert_eq!(late, [3, 4], "kept in the file");
}

#[test]
fn another_result_on_a_late_board_clears_the_lateness() {
    let (_dir, t, _) = common::chess_event("迟到", 8, 2);
    let mut h = window::harness(t);
    h.run();
    window::pair_next_round(&mut h);
    tab(&mut h, TabKind::Results);
    assert!(window::shows(&h, "L 白方迟到判负"));
    key(&mut h, Key::L);
    key(&mut h, Key::ArrowUp);
    let g = shown_section(&h).rounds[0].games[0].clone();
    assert_eq!(
        (g.outcome, g.late),
        (Some(Outcome::BlackWinByForfeit), true)
    );
    // The same forfeit typed as a plain one (-): no longer for lateness.
    key(&mut h, Key::Minus);
    let g = shown_section(&h).rounds[0].games[0].clone();
    assert_eq!(
        (g.outcome, g.late),
        (Some(Outcome::BlackWinByForfeit), false)
    );
}
