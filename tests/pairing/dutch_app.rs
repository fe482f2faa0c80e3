//! A chess section (FIDE Dutch) paired through the app services: round 1 is the top half of the
//! field against the bottom half with alternating colours (rules.md §2.3: with 8 players and
//! white as initial colour, 1–5, 6–2, 3–7, 8–4), and round 2 pairs the winners together, the
//! losers together, with no rematch and every player given the colour that alternates (A.6,
//! C12).

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::Tournament;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{Outcome, SectionSettings};

#[test]
fn a_chess_section_pairs_rounds_one_and_two_by_the_dutch_system() {
    let (_dir, mut t) = common::create(&common::event("国际象棋公开赛", vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .settings(SectionSettings::chess())
        .named("棋手", 8)
        .lot_seed(7)
        .enter(&mut t);
    assert_eq!(t.pair_next_round(s).unwrap(), 1);
    let num = |t: &Tournament, id| t.event().sections[0].entrant(id).unwrap().number.unwrap();
    let pairs = |t: &Tournament, r: usize| -> Vec<(u32, u32)> {
        t.event().sections[0].rounds[r]
            .games
            .iter()
            .map(|g| (num(t, g.red), num(t, g.black)))
            .collect()
    };
    assert_eq!(pairs(&t, 0), vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    // The higher-ranked player of each board wins.
    for (board, o) in [
        (1, Outcome::RedWin),
        (2, Outcome::BlackWin),
        (3, Outcome::RedWin),
        (4, Outcome::BlackWin),
    ] {
        t.enter_result(BoardRef::new(s, 1, board), ResultEntry::result(Some(o)))
            .unwrap();
    }
    assert_eq!(t.pair_next_round(s).unwrap(), 2);
    // Winners 1, 2, 3, 4: S1 = {1, 2}, S2 = {3, 4}. 1–3 would give two players who had white
    // the same preference (black), so the transposition 1–4, 2–3 grants every preference
    // (C12): 4 (black in round 1) takes white against 1, 2 (black) takes white against 3.
    // Losers 5, 6, 7, 8 likewise: 5–8 and 6–7, each with the colour that alternates.
    assert_eq!(pairs(&t, 1), vec![(4, 1), (2, 3), (5, 8), (7, 6)]);
}
