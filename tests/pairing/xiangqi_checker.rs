//! The checker reports every absolute break of a stored xiangqi round and a better pairing when
//! one exists; `bianpai check xiangqi` and `bianpai rtg xiangqi` run it from the command line.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::model::{ByeKind, EntrantId, Game, Outcome, SectionSettings};
use bianpai::pairing::xiangqi::XiangqiSwissOptions;
use bianpai::pairing::xiangqi::checker::{Better, Break, check_round};
use bianpai::pairing::xiangqi::explain::Criterion;

fn played(b: u32, r: i64, k: i64, o: Outcome) -> Game {
    Game {
        outcome: Some(o),
        ..Game::new(b, EntrantId(r), EntrantId(k))
    }
}

/// `n` players P1…Pn of a 9-round 男子组, numbered (and with ids) 1..=n.
fn section(n: u32) -> SectionBuilder {
    SectionBuilder::new()
        .name("男子组")
        .settings(SectionSettings {
            rounds: 9,
            ..SectionSettings::default()
        })
        .named("P", n)
}

#[test]
fn rematch_second_bye_colour_limits_and_forfeit_exclusion_are_breaks() {
    use Outcome::*;
    let mut s = section(5)
        .round(&[(1, 2, RedWin), (4, 3, RedWinByForfeit)])
        .bye(5, ByeKind::Pairing)
        .round(&[(1, 3, Draw), (2, 5, RedWin)])
        .bye(4, ByeKind::Pairing)
        .round(&[(4, 3, Draw), (1, 5, RedWin)])
        .bye(2, ByeKind::Pairing)
        .build();
    let o = XiangqiSwissOptions::default();
    // Round 3: 4–3 met in round 1 by forfeit (counts as met in xiangqi); 1 plays red a third
    // time running (禁连三).
    let rep = check_round(&s, 3, &o).unwrap();
    assert!(
        rep.breaks.contains(&Break::Rematch { board: 1 }),
        "{:?}",
        rep.breaks
    );
    assert!(rep.breaks.contains(&Break::ColourLimit {
        board: 2,
        player: EntrantId(1)
    }));
    // With forfeits not counted as met (chess practice) 4–3 is allowed.
    let chess_like = XiangqiSwissOptions {
        forfeit_counts_as_met: false,
        ..o.clone()
    };
    let rep = check_round(&s, 3, &chess_like).unwrap();
    assert!(!rep.breaks.contains(&Break::Rematch { board: 1 }));
    // A second bye.
    s.rounds[2].byes[0].entrant = EntrantId(5);
    s.rounds[2].games[1] = played(2, 2, 1, RedWin);
    let rep = check_round(&s, 3, &o).unwrap();
    assert!(rep.breaks.contains(&Break::SecondBye {
        player: EntrantId(5)
    }));
    // 3 forfeited round 1; forfeiting round 2 as well (consecutive) excludes him from round 3.
    s.rounds[1].games[0] = played(1, 1, 3, RedWinByForfeit);
    let rep = check_round(&s, 3, &o).unwrap();
    assert!(rep.breaks.contains(&Break::Excluded {
        player: EntrantId(3)
    }));
}

#[test]
fn a_worse_pairing_is_reported_with_the_criterion_that_gave_way() {
    use Outcome::*;
    // After round 1 (1 and 4 win, 2 and 3 lose), pairing 1–2 and 4–3 again would be rematches;
    // 1–4 and 3–2 keeps the score groups, 1–3 and 4–2 mixes them.
    let s = section(4)
        .round(&[(1, 2, RedWin), (4, 3, RedWin)])
        .round(&[(3, 1, Draw), (2, 4, Draw)])
        .build();
    let rep = check_round(&s, 2, &XiangqiSwissOptions::default()).unwrap();
    assert!(rep.breaks.is_empty());
    assert_eq!(
        rep.better,
        Some(Better::Pairs {
            criterion: Criterion::ScoreGroup
        })
    );
}

#[test]
fn the_cli_checks_a_generated_event_and_fails_on_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.bianpai");
    let out = common::command()
        .args(["rtg", "xiangqi"])
        .arg(&good)
        .args(["--players", "24", "--rounds", "7", "--seed", "3"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = common::command()
        .args(["check", "xiangqi"])
        .arg(&good)
        .args(["--section", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text.lines()
            .filter(|l| l.contains("没有违反绝对规则，也没有更好的编排"))
            .count(),
        7,
        "{text}"
    );

    use Outcome::*;
    let s = section(4)
        .round(&[(1, 2, RedWin), (4, 3, Draw)])
        .round(&[(2, 1, Draw), (3, 4, Draw)])
        .build();
    let (_bad_dir, t) = common::create(&common::event("x", vec![s]));
    let bad = t.path().to_path_buf();
    drop(t);
    let out = common::command()
        .args(["check", "xiangqi"])
        .arg(&bad)
        .args(["--section", "男子组", "--round", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    // In the arbiter's words, as the window says it (round and board, no internal ids).
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "第2轮：第1台：两人已交过手（重复对局）",
            "第2轮：第2台：两人已交过手（重复对局）"
        ],
        "{text}"
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("检查发现问题"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
