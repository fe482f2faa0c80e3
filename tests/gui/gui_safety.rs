//! Nothing lost, round two, in the window (issue 34): fifty results typed in the Results tab,
//! the `.bianpai` file copied while the window still has it open, and the copy opened by the
//! command line holds all fifty; an event that cannot be written opens with a banner saying
//! why, and a result typed into it is refused in words.

use crate::common;
use crate::common::window;

use bianpai::app::Tournament;
use bianpai::model::Outcome;
use bianpai::ui::TabKind;
use window::{enter_results, harness, key, result_key, shows, tab};

#[test]
fn fifty_results_typed_are_all_in_a_copy_taken_while_the_window_is_open() {
    let (dir, mut t, sec) = common::chess_event("复制", 100, 11);
    t.pair_next_round(sec).unwrap();
    let path = t.path().to_path_buf();
    let mut h = harness(t);
    h.run();
    let typed = enter_results(&mut h, |_, g| {
        if g.board % 2 == 0 {
            Outcome::RedWin
        } else {
            Outcome::BlackWin
        }
    });
    assert_eq!(typed.len(), 50);
    // The window is still open (it holds the file): copy the one file, as to a USB stick.
    let copy = dir.path().join("U盘副本.bianpai");
    std::fs::copy(&path, &copy).unwrap();
    let table = common::ok(&["standings", copy.to_str().unwrap(), "-s", "1"]);
    // Chess: 1 for a win. Fifty decisive games: fifty points among the players.
    let points: f64 = table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').nth(2).unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(points, 50.0, "{table}");
    drop(h);
}

#[test]
fn a_read_only_event_says_why_in_the_window_and_refuses_a_result() {
    let (dir, mut t, sec) = common::chess_event("只读", 10, 3);
    t.pair_next_round(sec).unwrap();
    let path = t.path().to_path_buf();
    drop(t);
    let mut perm = std::fs::metadata(&path).unwrap().permissions();
    perm.set_readonly(true);
    std::fs::set_permissions(&path, perm).unwrap();
    let before = std::fs::read(&path).unwrap();
    let t = Tournament::open(&path).unwrap();
    let mut h = harness(t);
    h.run();
    assert!(shows(&h, "只读：文件设为只读"), "the banner says why");
    assert!(!shows(&h, "每次操作即已保存"));
    tab(&mut h, TabKind::Results);
    key(&mut h, result_key(Outcome::Draw));
    let message = h.state().desk.message.clone();
    assert!(
        message
            .as_ref()
            .is_some_and(|(error, m)| *error && m.contains("只读")),
        "{message:?}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    drop(dir);
}
