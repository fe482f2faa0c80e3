//! 申请轮空 — byes the players ask for before a round is paired (a chess open's half-point
//! byes, a zero-point absence announced in advance): entered by hand in the window and on the
//! command line, honoured by the Dutch pairing (the player is not paired and scores the bye),
//! kept through unpairing, written as TRF-2026 record 240 while the round is not paired, and
//! read back from such a record as a request.

use crate::common;
use crate::common::window;
use crate::common::{SectionBuilder, ok, refused};
use bianpai::app::{AppError, ListFormat, ListKind, Tournament, list_file};
use bianpai::i18n::Lang;
use bianpai::model::{ByeKind, EntrantId, Points, SectionId};
use bianpai::ui::TabKind;
use egui_kittest::kittest::Queryable;

fn chess(n: u32) -> (tempfile::TempDir, Tournament, SectionId) {
    common::chess_event("轮空", n, 4)
}

fn by_number(t: &Tournament, n: u32) -> EntrantId {
    t.event().sections[0]
        .entrants
        .iter()
        .find(|e| e.number == Some(n))
        .unwrap()
        .id
}

fn trf(t: &Tournament) -> String {
    let s = &t.event().sections[0];
    String::from_utf8(
        list_file(
            t.event(),
            s,
            ListKind::Entrants,
            None,
            ListFormat::Trf,
            Lang::Zh,
        )
        .unwrap(),
    )
    .unwrap()
}

#[test]
fn a_requested_half_point_bye_keeps_the_player_out_of_the_pairing_and_scores_half_a_point() {
    let (_dir, mut t, s) = chess(8);
    let three = by_number(&t, 3);
    t.request_bye(s, 1, three, ByeKind::Half).unwrap();
    t.pair_next_round(s).unwrap();
    let section = &t.event().sections[0];
    let r1 = &section.rounds[0];
    assert!(!r1.plays(three));
    assert_eq!(r1.bye_of(three).map(|b| b.kind), Some(ByeKind::Half));
    // The seven others: three boards and the pairing-allocated bye.
    assert_eq!(r1.games.len(), 3);
    assert_eq!(
        r1.byes
            .iter()
            .filter(|b| b.kind == ByeKind::Pairing)
            .count(),
        1
    );
    // 1-½-0: a half-point bye is worth half a point.
    assert_eq!(r1.points_of(three, &section.settings.points), Points(1));
    // Unpaired and paired again: the request still holds.
    t.unpair_round(s, 1).unwrap();
    t.pair_next_round(s).unwrap();
    assert_eq!(
        t.event().sections[0].rounds[0]
            .bye_of(three)
            .map(|b| b.kind),
        Some(ByeKind::Half)
    );
}

#[test]
fn a_request_for_a_later_round_is_written_as_record_240_and_read_back_as_a_request() {
    let (dir, mut t, s) = chess(8);
    t.pair_next_round(s).unwrap();
    let five = by_number(&t, 5);
    let two = by_number(&t, 2);
    t.request_bye(s, 3, five, ByeKind::Half).unwrap();
    t.request_bye(s, 3, two, ByeKind::Zero).unwrap();
    // The same player asking again for the round: the new kind replaces the old.
    t.request_bye(s, 3, two, ByeKind::Full).unwrap();
    assert_eq!(t.event().sections[0].settings.requested_byes.len(), 2);
    // The event's rounds are the rounds paired.
    assert_eq!(t.event().sections[0].rounds.len(), 1);
    let text = trf(&t);
    let byes: Vec<&str> = text.lines().filter(|l| l.starts_with("240")).collect();
    assert_eq!(byes, vec!["240 F   3    2", "240 H   3    5"], "{text}");
    // Read back into another event: requests, not a round.
    let file = dir.path().join("open.trf");
    std::fs::write(&file, &text).unwrap();
    let (_d2, mut other) = common::create(&common::event("另一赛事", vec![]));
    let id = other
        .add_section_from_trf(text.as_bytes(), Some("公开组"))
        .unwrap();
    let read = other.event().section(id).unwrap();
    assert_eq!(read.rounds.len(), 1);
    let mut requests: Vec<(u32, u32, ByeKind)> = read
        .settings
        .requested_byes
        .iter()
        .map(|b| {
            (
                b.round,
                read.entrant(b.entrant).unwrap().number.unwrap(),
                b.kind,
            )
        })
        .collect();
    requests.sort_by_key(|r| r.1);
    assert_eq!(requests, vec![(3, 2, ByeKind::Full), (3, 5, ByeKind::Half)]);
    // Taken back: gone from the TRF.
    assert!(t.cancel_bye(s, 3, five).unwrap());
    assert!(!t.cancel_bye(s, 3, five).unwrap());
    assert!(!trf(&t).lines().any(|l| l.starts_with("240 H")));
}

#[test]
fn requests_are_refused_for_a_round_paired_a_withdrawn_player_or_a_xiangqi_section() {
    let (_dir, mut t, s) = chess(6);
    t.pair_next_round(s).unwrap();
    let one = by_number(&t, 1);
    let err = t.request_bye(s, 1, one, ByeKind::Half).unwrap_err();
    assert!(matches!(err, AppError::ByeRequestRound(1, 2, _)));
    assert!(err.message(Lang::Zh).contains("只能申请尚未编排的第2轮"));
    assert!(t.request_bye(s, 99, one, ByeKind::Half).is_err());
    assert!(matches!(
        t.request_bye(s, 2, one, ByeKind::Pairing),
        Err(AppError::ByeRequestKind)
    ));
    let (_d, mut x) = common::create(&common::event("象棋", vec![]));
    let xs = SectionBuilder::new()
        .name("象棋组")
        .named("棋手", 6)
        .lot_seed(1)
        .enter(&mut x);
    let someone = x.event().sections[0].entrants[0].id;
    assert!(matches!(
        x.request_bye(xs, 1, someone, ByeKind::Half),
        Err(AppError::ByeRequestNotDutch)
    ));
}

#[test]
fn the_command_line_requests_lists_and_takes_back_a_bye() {
    let (_dir, t, _) = chess(8);
    let path = t.path().to_str().unwrap().to_string();
    drop(t);
    ok(&["bye", &path, "-s", "公开组", "-r", "1", "4"]);
    ok(&[
        "bye",
        &path,
        "-s",
        "公开组",
        "-r",
        "2",
        "6",
        "--kind",
        "zero",
    ]);
    let list = ok(&["bye", &path, "-s", "公开组"]);
    let lines: Vec<Vec<&str>> = list.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 2, "{list}");
    assert_eq!(lines[0][0], "1");
    assert_eq!(lines[0][1], "4");
    assert_eq!(lines[0][3], "半分轮空");
    assert_eq!(lines[1][3], "缺席");
    // `pair` leaves player 4 out of round 1.
    let boards = ok(&["pair", &path, "-s", "公开组"]);
    let lines: Vec<Vec<&str>> = boards.lines().map(|l| l.split('\t').collect()).collect();
    assert!(
        lines
            .iter()
            .filter(|f| f[0] != "0")
            .all(|f| f[1] != "4" && f[2] != "4"),
        "{boards}"
    );
    assert!(lines.contains(&vec!["0", "4", "0"]), "{boards}");
    ok(&["bye", &path, "-s", "公开组", "-r", "2", "6", "--cancel"]);
    let err = refused(&["bye", &path, "-s", "公开组", "-r", "1", "5"]);
    assert!(err.contains("只能申请尚未编排的"), "{err}");
    let t = Tournament::open(std::path::Path::new(&path)).unwrap();
    assert_eq!(t.event().sections[0].settings.requested_byes.len(), 1);
}

/// In the window: the Pairings tab's line takes a number (the round left empty: the next),
/// Enter records it; Ctrl+P pairs round 1 without him; the request is listed before.
#[test]
fn the_window_records_a_request_and_the_pairing_honours_it() {
    let (_dir, t, _) = chess(8);
    let mut h = window::harness(t);
    h.run();
    window::tab(&mut h, TabKind::Pairings);
    // Typed into the number field and entered with Enter, as an arbiter does.
    h.query_by_role_and_label(egui::accesskit::Role::TextInput, "序号")
        .unwrap()
        .focus();
    h.run();
    window::type_text(&mut h, "7");
    window::key(&mut h, egui::Key::Enter);
    window::no_error(&h, "requesting a bye");
    let s = window::shown_section(&h);
    assert_eq!(s.settings.requested_byes.len(), 1);
    assert!(window::shows(&h, "第1轮 7 选手"), "the request is listed");
    assert_eq!(s.settings.requested_byes[0].kind, ByeKind::Half);
    let seven = s.entrants.iter().find(|e| e.number == Some(7)).unwrap().id;
    window::pair_next_round(&mut h);
    let s = window::shown_section(&h);
    assert_eq!(
        s.rounds[0].bye_of(seven).map(|b| b.kind),
        Some(ByeKind::Half)
    );
}

/// The regulation's limits (a chess open's “at most two half-point byes, none in the last
/// round”): a request beyond them is refused, naming the player, the count and the limit;
/// nothing is written. Byes of the rounds paired count, as do requests for rounds not paired
/// yet; a request replacing one for the same round does not count itself; full- and
/// zero-point byes are not limited.
#[test]
fn half_point_byes_beyond_the_sections_limits_are_refused() {
    let (_dir, mut t, s) = chess(8);
    let mut settings = t.event().sections[0].settings.clone();
    settings.rounds = 5;
    settings.dutch.half_point_byes_max = Some(2);
    settings.dutch.half_point_byes_not_last = 1;
    t.update_section(s, "公开组", &settings).unwrap();
    let three = by_number(&t, 3);
    t.request_bye(s, 1, three, ByeKind::Half).unwrap();
    t.pair_next_round(s).unwrap();
    assert_eq!(
        t.event().sections[0].rounds[0]
            .bye_of(three)
            .map(|b| b.kind),
        Some(ByeKind::Half)
    );
    t.request_bye(s, 3, three, ByeKind::Half).unwrap();
    // The same round again replaces the request: still two.
    t.request_bye(s, 3, three, ByeKind::Half).unwrap();
    let before = t.event().sections[0].settings.clone();
    let err = t.request_bye(s, 2, three, ByeKind::Half).unwrap_err();
    assert!(matches!(err, AppError::HalfByeLimit(_, 2, 2)), "{err:?}");
    let label = t.event().sections[0].label(three);
    assert_eq!(
        err.message(Lang::Zh),
        format!("{label}已有2次半分轮空，本组每人最多2次（上限在“赛事”页的荷兰制选项中设置）。")
    );
    assert_eq!(t.event().sections[0].settings, before, "nothing written");
    // A zero-point bye (an absence) is no half-point bye.
    t.request_bye(s, 2, three, ByeKind::Zero).unwrap();
    // The last round takes no half-point bye, from anyone; a full-point one it takes.
    let four = by_number(&t, 4);
    let err = t.request_bye(s, 5, four, ByeKind::Half).unwrap_err();
    assert!(matches!(err, AppError::HalfByeLateRound(5, 1)), "{err:?}");
    assert_eq!(
        err.message(Lang::Zh),
        "第5轮不能申请半分轮空：本组最后1轮不接受半分轮空申请。"
    );
    t.request_bye(s, 4, four, ByeKind::Half).unwrap();
    t.request_bye(s, 5, four, ByeKind::Full).unwrap();
    // Taking a request back frees its place.
    assert!(t.cancel_bye(s, 3, three).unwrap());
    t.request_bye(s, 4, three, ByeKind::Half).unwrap();
}

/// The limits are set in the Event tab's Dutch options (and saved with Ctrl+S); a request
/// beyond them is refused on the Pairings tab in the arbiter's words. On the command line
/// `bianpai bye` says the same.
#[test]
fn the_window_sets_the_half_point_bye_limit_and_refuses_a_request_beyond_it() {
    let (_dir, t, _) = chess(8);
    let path = t.path().to_path_buf();
    let mut h = window::harness(t);
    h.run();
    window::tab(&mut h, TabKind::Event);
    window::retype(&mut h, "半分轮空每人最多次数", "1");
    window::retype(&mut h, "最后几轮不接受半分轮空", "1");
    window::click(
        &mut h,
        "巴库加速配对（前几轮给排序靠前的A组计虚拟分，只用于编排）",
    );
    window::save_section(&mut h);
    let d = window::shown_section(&h).settings.dutch;
    assert_eq!(d.half_point_byes_max, Some(1));
    assert_eq!(d.half_point_byes_not_last, 1);
    assert!(d.baku);
    window::tab(&mut h, TabKind::Pairings);
    for round in ["1", "2"] {
        window::retype(&mut h, "序号", "5");
        window::retype(&mut h, "轮次", round);
        window::click(&mut h, "申请");
    }
    let s = window::shown_section(&h);
    assert_eq!(s.settings.requested_byes.len(), 1, "the second is refused");
    let message = h.state().desk.message.clone().expect("a message");
    assert!(message.0, "shown as an error");
    assert!(
        message.1.contains("已有1次半分轮空，本组每人最多1次"),
        "{}",
        message.1
    );
    drop(h);
    let file = path.to_str().unwrap();
    let err = refused(&["bye", file, "-s", "公开组", "-r", "3", "5"]);
    assert!(err.contains("已有1次半分轮空，本组每人最多1次"), "{err}");
    let err = refused(&["bye", file, "-s", "公开组", "-r", "7", "6"]);
    assert!(err.contains("本组最后1轮不接受半分轮空申请"), "{err}");
}
