//! The app's weighing of what phones send, without a page: each submission stored once, a
//! deputy's entry waiting for the chief (or standing at once when the chief says so), a
//! different second entry a conflict, a player's report confirmed by his opponent, refusals
//! for a revoked device and a board out of reach, and undo of an accepted entry.

use super::{deputy, player, settle, two_sections};
use bianpai::app::{Hands, Submission, local_now};
use bianpai::model::{EntryState, Outcome, SectionId};

fn sent(
    id: &str,
    role: i64,
    section: SectionId,
    board: u32,
    outcome: Outcome,
    fouls: (u8, u8),
) -> Submission {
    Submission {
        submission: id.into(),
        role,
        section,
        round: 1,
        board,
        outcome: Some(outcome),
        fouls,
        note: "对局正常".into(),
        at: local_now(),
    }
}

fn states(t: &bianpai::app::Tournament) -> Vec<(u32, EntryState)> {
    t.phone_entries(false)
        .unwrap()
        .iter()
        .map(|e| (e.board, e.state))
        .collect()
}

#[test]
fn a_deputy_s_entry_waits_for_the_chief_and_is_entered_with_who_sent_it() {
    let (_dir, mut t, open, _) = two_sections();
    let hands = Hands::new();
    let (li, _) = deputy(&mut t, "李裁判", &[open], Some((1, 6)));
    t.publish_hands(&hands).unwrap();
    assert_eq!(
        hands.submit(sent("a1", li, open, 2, Outcome::RedWin, (1, 0))),
        Some(true)
    );
    // The phone retries (its Wi-Fi dropped before the answer): queued once.
    assert_eq!(
        hands.submit(sent("a1", li, open, 2, Outcome::RedWin, (1, 0))),
        Some(false)
    );
    settle(&mut t, &hands);
    assert_eq!(states(&t), vec![(2, EntryState::Pending)]);
    let game =
        |t: &bianpai::app::Tournament| t.event().section(open).unwrap().rounds[0].games[1].clone();
    assert_eq!(
        game(&t).outcome,
        None,
        "nothing stands before the chief accepts"
    );
    // The same submission arriving again after it was stored (another run's queue).
    let again = Hands::new();
    t.publish_hands(&again).unwrap();
    assert_eq!(
        again.submit(sent("a1", li, open, 2, Outcome::RedWin, (1, 0))),
        Some(false),
        "the stored submission is known to the page"
    );
    let id = t.phone_entries(true).unwrap()[0].id;
    t.accept_entry(id).unwrap();
    let g = game(&t);
    assert_eq!(
        (g.outcome, g.fouls_red, g.fouls_black),
        (Some(Outcome::RedWin), 1, 0)
    );
    assert_eq!(states(&t), vec![(2, EntryState::Accepted)]);
    // The journal says who: the result row carries the deputy, his role and device.
    let hands_rows = t.journal_hands().unwrap();
    let (action, by) = hands_rows.last().unwrap();
    assert_eq!(action, "result.set");
    let by = by.as_ref().expect("who sent it");
    assert_eq!(
        (by.person.as_str(), by.role.as_str(), by.device),
        ("李裁判", "deputy", li)
    );
    // And the journal in words (the Journal tab's, `bianpai journal`'s) says it, in both
    // languages: the entry's arrival and its acceptance name the deputy; the rows before,
    // made on the laptop, name nobody; the device given its role is named in words.
    let zh = t.journal_lines(bianpai::i18n::Lang::Zh).unwrap();
    let by = format!("；手机送来：李裁判（副裁判长/裁判员，设备{li}）");
    let n = zh.len();
    assert_eq!(
        zh[n - 2][1..],
        [
            "手机送来成绩".to_string(),
            format!("公开组 第1轮 第2台：待确认{by}")
        ]
    );
    assert_eq!(
        zh[n - 1][1..],
        [
            "录入成绩".to_string(),
            format!("公开组 第1轮 第2台：红胜；犯规 红方1次 黑方0次{by}")
        ]
    );
    assert!(zh[..n - 2].iter().all(|[_, _, d]| !d.contains("手机送来")));
    assert!(
        zh.iter()
            .any(|[_, a, d]| a == "授权设备" && d == "副裁判长/裁判员 李裁判"),
        "{zh:?}"
    );
    let en = t.journal_lines(bianpai::i18n::Lang::En).unwrap();
    assert!(
        en[n - 1][2].ends_with(&format!(
            "; sent from a phone by 李裁判 (Deputy / arbiter, device {li})"
        )),
        "{:?}",
        en.last()
    );
    // Undo takes the result away and puts the entry back to wait.
    t.undo().unwrap();
    assert_eq!(game(&t).outcome, None);
    assert_eq!(states(&t), vec![(2, EntryState::Pending)]);
}

#[test]
fn a_different_second_entry_is_a_conflict_and_the_same_one_is_nothing_new() {
    let (_dir, mut t, open, _) = two_sections();
    let hands = Hands::new();
    let (a, _) = deputy(&mut t, "甲", &[open], None);
    let (b, _) = deputy(&mut t, "乙", &[open], None);
    t.publish_hands(&hands).unwrap();
    hands.submit(sent("x1", a, open, 3, Outcome::Draw, (0, 0)));
    hands.submit(sent("x2", b, open, 3, Outcome::Draw, (0, 0)));
    hands.submit(sent("x3", a, open, 4, Outcome::RedWin, (0, 0)));
    hands.submit(sent("x4", b, open, 4, Outcome::BlackWin, (0, 0)));
    settle(&mut t, &hands);
    assert_eq!(
        states(&t),
        vec![
            (3, EntryState::Pending),
            (3, EntryState::Same),
            (4, EntryState::Conflict),
            (4, EntryState::Conflict),
        ]
    );
    // Accept all takes the waiting one, never a conflict.
    assert_eq!(t.accept_all().unwrap(), 1);
    let games = &t.event().section(open).unwrap().rounds[0].games;
    assert_eq!(games[2].outcome, Some(Outcome::Draw));
    assert_eq!(games[3].outcome, None, "the conflict waits for the chief");
    // The chief decides the conflict: one accepted, the other stays a conflict, rejected.
    let open_entries = t.phone_entries(true).unwrap();
    assert_eq!(open_entries.len(), 2);
    t.accept_entry(open_entries[1].id).unwrap();
    t.reject_entry(open_entries[0].id).unwrap();
    assert_eq!(
        t.event().section(open).unwrap().rounds[0].games[3].outcome,
        Some(Outcome::BlackWin)
    );
    assert!(t.phone_entries(true).unwrap().is_empty());
    // An entry against the stored result is a conflict too; one agreeing with it is nothing.
    hands.submit(sent("x5", a, open, 4, Outcome::RedWin, (0, 0)));
    hands.submit(sent("x6", b, open, 4, Outcome::BlackWin, (0, 0)));
    settle(&mut t, &hands);
    let last: Vec<EntryState> = states(&t).iter().rev().take(2).map(|s| s.1).collect();
    assert_eq!(last, vec![EntryState::Same, EntryState::Conflict]);
}

#[test]
fn deputies_results_stand_at_once_when_the_chief_says_so() {
    let (_dir, mut t, open, _) = two_sections();
    let hands = Hands::new();
    let (a, _) = deputy(&mut t, "甲", &[open], None);
    t.set_deputies_stand(true).unwrap();
    t.publish_hands(&hands).unwrap();
    hands.submit(sent("s1", a, open, 1, Outcome::BlackWin, (0, 2)));
    settle(&mut t, &hands);
    let g = &t.event().section(open).unwrap().rounds[0].games[0];
    assert_eq!((g.outcome, g.fouls_black), (Some(Outcome::BlackWin), 2));
    assert_eq!(states(&t), vec![(1, EntryState::Accepted)]);
}

#[test]
fn a_player_s_report_waits_for_his_opponent() {
    let (_dir, mut t, open, _) = two_sections();
    let hands = Hands::new();
    let game = t.event().section(open).unwrap().rounds[0].games[4].clone();
    let number = |id| common_number(&t, open, id);
    let (red, black) = (number(game.red), number(game.black));
    let (me, _) = player(&mut t, open, red);
    let (them, _) = player(&mut t, open, black);
    t.publish_hands(&hands).unwrap();
    hands.submit(sent("p1", me, open, game.board, Outcome::RedWin, (0, 0)));
    settle(&mut t, &hands);
    assert_eq!(states(&t), vec![(game.board, EntryState::AwaitingOpponent)]);
    assert_eq!(
        t.event().section(open).unwrap().rounds[0].games[4].outcome,
        None
    );
    // A player reaches no other board.
    hands.submit(sent("p2", me, open, game.board + 1, Outcome::Draw, (0, 0)));
    settle(&mut t, &hands);
    assert_eq!(
        t.phone_entries(false).unwrap().len(),
        1,
        "another board: refused"
    );
    // The opponent reports the same: it stands.
    hands.submit(sent("p3", them, open, game.board, Outcome::RedWin, (0, 0)));
    settle(&mut t, &hands);
    assert_eq!(
        t.event().section(open).unwrap().rounds[0].games[4].outcome,
        Some(Outcome::RedWin)
    );
    assert_eq!(
        states(&t),
        vec![
            (game.board, EntryState::Accepted),
            (game.board, EntryState::Accepted)
        ]
    );
}

#[test]
fn a_revoked_device_and_a_board_out_of_reach_write_nothing() {
    let (_dir, mut t, open, women) = two_sections();
    let hands = Hands::new();
    let (a, _) = deputy(&mut t, "甲", &[open], Some((1, 5)));
    t.publish_hands(&hands).unwrap();
    hands.submit(sent("r1", a, open, 6, Outcome::Draw, (0, 0)));
    hands.submit(sent("r2", a, women, 1, Outcome::Draw, (0, 0)));
    settle(&mut t, &hands);
    assert!(t.phone_entries(false).unwrap().is_empty(), "out of reach");
    t.revoke_role(a).unwrap();
    hands.submit(sent("r3", a, open, 1, Outcome::Draw, (0, 0)));
    settle(&mut t, &hands);
    assert!(t.phone_entries(false).unwrap().is_empty(), "revoked");
    assert!(
        t.event()
            .sections
            .iter()
            .all(|s| s.rounds[0].games.iter().all(|g| g.outcome.is_none())),
        "no result written"
    );
}

fn common_number(t: &bianpai::app::Tournament, s: SectionId, id: bianpai::model::EntrantId) -> u32 {
    crate::common::number_of(t.event().section(s).unwrap(), id)
}
