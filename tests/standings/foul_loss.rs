//! “违反行棋规定判犯规 1 次，同一盘棋 2 次违反行棋规定判负” (seed 000 补充细则 四; seed 001:
//! “第一次记犯规，第二次判负”; rules.md §6): a player with two fouls in one game has lost it.
//! Entering any other result for that game — a win or a draw for him — is allowed (the fouls
//! may be the mistake) but warned of, through the app and in the Results tab.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::Tournament;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{Outcome, SectionId, Side};

/// Two players, round 1 paired: number 1 has red on board 1.
fn one_game() -> (tempfile::TempDir, Tournament, SectionId) {
    let (dir, mut t) = common::create(&common::event("犯规", vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .names(&["红方甲", "黑方乙"])
        .lot_seed(3)
        .enter(&mut t);
    t.pair_next_round(s).unwrap();
    (dir, t, s)
}

#[test]
fn a_result_against_two_fouls_is_warned_of() {
    let (_dir, mut t, s) = one_game();
    let red = t.event().sections[0].round(1).unwrap().games[0].red;
    // One foul is only recorded: any result stands.
    assert_eq!(
        t.enter_result(BoardRef::new(s, 1, 1), ResultEntry::fouls((1, 0)))
            .unwrap(),
        None
    );
    assert_eq!(
        t.enter_result(
            BoardRef::new(s, 1, 1),
            ResultEntry::result(Some(Outcome::RedWin))
        )
        .unwrap(),
        None
    );
    // The second foul: red has lost, and the red win now contradicts it.
    let w = t
        .enter_result(BoardRef::new(s, 1, 1), ResultEntry::fouls((2, 0)))
        .unwrap()
        .expect("a warning");
    assert_eq!((w.side, w.player, w.fouls), (Side::Red, red, 2));
    for wrong in [Outcome::RedWin, Outcome::Draw, Outcome::RedWinByForfeit] {
        let w = t
            .enter_result(BoardRef::new(s, 1, 1), ResultEntry::result(Some(wrong)))
            .unwrap();
        assert_eq!(w.map(|w| w.side), Some(Side::Red), "{wrong:?}");
        // Allowed: the result is stored as entered.
        assert_eq!(
            t.event().sections[0].round(1).unwrap().games[0].outcome,
            Some(wrong)
        );
    }
    // The loss by the rules: no warning.
    assert_eq!(
        t.enter_result(
            BoardRef::new(s, 1, 1),
            ResultEntry::result(Some(Outcome::BlackWin))
        )
        .unwrap(),
        None
    );
    // Black's two fouls against a black win.
    t.enter_result(BoardRef::new(s, 1, 1), ResultEntry::fouls((0, 2)))
        .unwrap();
    let w = t
        .enter_result(
            BoardRef::new(s, 1, 1),
            ResultEntry::result(Some(Outcome::BlackWin)),
        )
        .unwrap();
    assert_eq!(w.map(|w| w.side), Some(Side::Black));
    assert_eq!(
        t.enter_result(
            BoardRef::new(s, 1, 1),
            ResultEntry::result(Some(Outcome::RedWin))
        )
        .unwrap(),
        None
    );
    // No result yet: nothing to contradict.
    assert_eq!(
        t.enter_result(BoardRef::new(s, 1, 1), ResultEntry::result(None))
            .unwrap(),
        None
    );
}

/// The Results tab: two fouls for red (F F), then a red win (1): the message line says red has
/// lost by two fouls; a black win (0) clears it.
#[test]
fn the_results_tab_warns_of_a_result_against_two_fouls() {
    use bianpai::ui::{BianpaiApp, TabKind};
    use egui::Key;
    use egui_kittest::{Harness, kittest::Queryable};

    let (_dir, t, _) = one_game();
    let red_name = {
        let sec = &t.event().sections[0];
        let g = &sec.round(1).unwrap().games[0];
        sec.entrant(g.red).unwrap().name.clone()
    };
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    h.run();
    h.state_mut().tab = TabKind::Results;
    h.run();
    for key in [Key::F, Key::F, Key::Num1] {
        h.key_press(key);
        h.run();
    }
    let game = h.state().desk.tournament.as_ref().unwrap().event().sections[0]
        .round(1)
        .unwrap()
        .games[0]
        .clone();
    assert_eq!((game.fouls_red, game.outcome), (2, Some(Outcome::RedWin)));
    let message = h.state().desk.message.clone();
    let (_, text) = message.expect("a warning");
    assert!(
        text.contains(&red_name) && text.contains("两次犯规") && text.contains("判负"),
        "{text}"
    );
    assert!(h.query_by_label_contains("两次犯规").is_some());
    // The result the rules give: no warning left.
    h.key_press(Key::ArrowUp);
    h.run();
    h.key_press(Key::Num0);
    h.run();
    assert!(h.query_by_label_contains("两次犯规").is_none());
}
