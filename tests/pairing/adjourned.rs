//! Issue 25: adjourned games (暂停对局), as FIDE C.04 and the endorsement checklist (Q157–169)
//! ask: a game may stay unfinished; the next round is paired counting it as a draw; its
//! standings points, the final documents and the TRF wait for its result; a result other than a
//! draw after a later round was paired is a warning (confirm in FIDE mode) logged in the TRF as
//! `### Adjournment @ Round n: …`; pairing while an older game is still adjourned is a notice.
//! Through the app services, as the window and the command line call them, and through the
//! command line itself.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{AppError, Confirmation, ListFormat, ListKind, Tournament, list_file};
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::i18n::Lang;
use bianpai::model::{
    Outcome, PairingSystem, Points, RuleWarning, SectionId, SectionSettings, WarningLevel,
};

fn chess(n: u32) -> (tempfile::TempDir, Tournament, SectionId) {
    common::chess_event("暂停", n, 5)
}

fn trf(t: &Tournament) -> Result<String, AppError> {
    let s = &t.event().sections[0];
    list_file(
        t.event(),
        s,
        ListKind::Entrants,
        None,
        ListFormat::Trf,
        Lang::Zh,
    )
    .map(|b| String::from_utf8(b).unwrap())
}

/// Round 1 of eight players, every board but the last with a result (white wins on board 1,
/// draws elsewhere); the last board's players.
fn round_one_but_last(t: &mut Tournament, s: SectionId) -> u32 {
    t.pair_next_round(s).unwrap();
    let games = t.event().sections[0].rounds[0].games.clone();
    let last = games.last().unwrap().board;
    for g in &games[..games.len() - 1] {
        let o = if g.board == 1 {
            Outcome::RedWin
        } else {
            Outcome::Draw
        };
        t.enter_result(BoardRef::new(s, 1, g.board), ResultEntry::result(Some(o)))
            .unwrap();
    }
    last
}

#[test]
fn an_adjourned_game_is_a_draw_for_the_pairing_and_nothing_for_the_standings_yet() {
    let (_dir, mut t, s) = chess(8);
    let last = round_one_but_last(&mut t, s);
    // Without a result on every board the next round waits.
    assert!(matches!(
        t.pair_next_round(s),
        Err(AppError::RoundIncomplete(1))
    ));
    // The same event with the last game drawn: the pairing the rule says round 2 must get.
    let mut drawn = t.event().sections[0].clone();
    drawn.rounds[0]
        .games
        .iter_mut()
        .find(|g| g.board == last)
        .unwrap()
        .outcome = Some(Outcome::Draw);
    let expected = bianpai::app::plan_next_round(&drawn).unwrap().round;
    assert_eq!(t.adjourn_unfinished(s).unwrap(), vec![last]);
    let g = t.event().sections[0].rounds[0]
        .games
        .iter()
        .find(|g| g.board == last)
        .unwrap()
        .clone();
    assert!(g.adjourned && g.outcome.is_none());
    t.pair_next_round(s).unwrap();
    let paired = &t.event().sections[0].rounds[1];
    assert_eq!(paired.games, expected.games);
    assert_eq!(paired.byes, expected.byes);
    // The adjourned players have no points from it yet, and the results are not final.
    let section = &t.event().sections[0];
    let ps = &section.settings.points;
    assert_eq!(section.rounds[0].points_of(g.red, ps), Points::ZERO);
    assert_eq!(section.rounds[0].points_of(g.black, ps), Points::ZERO);
    assert!(bianpai::app::results_provisional(section, 2));
    // The reopened file still holds the adjournment.
    let path = t.path().to_path_buf();
    drop(t);
    let t = Tournament::open(&path).unwrap();
    assert_eq!(t.event().sections[0].adjourned_games(), vec![(1, last)]);
}

#[test]
fn the_trf_and_the_result_book_wait_and_a_result_other_than_a_draw_is_confirmed_and_logged() {
    let (_dir, mut t, s) = chess(8);
    let last = round_one_but_last(&mut t, s);
    t.adjourn_unfinished(s).unwrap();
    t.pair_next_round(s).unwrap();
    // The rating report waits for the result, naming the game.
    let err = trf(&t).unwrap_err();
    assert!(matches!(&err, AppError::AdjournedOpen(name, 1, b) if name == "公开组" && *b == last));
    assert!(err.message(Lang::Zh).contains(&format!("第1轮第{last}台")));
    // A white win, after round 2 was paired counting a draw: confirm first (level 3, FIDE
    // mode); nothing is written until then.
    let warning = RuleWarning::AdjournedResult {
        round: 1,
        board: last,
        result: "1-0".into(),
    };
    let journal = t.journal().unwrap().len();
    match t.enter_result(
        BoardRef::new(s, 1, last),
        ResultEntry::result(Some(Outcome::RedWin)),
    ) {
        Err(AppError::RuleWarnings(list)) => {
            assert_eq!(list, vec![(warning.clone(), WarningLevel::Warning)])
        }
        other => panic!("expected the warning, got {other:?}"),
    }
    assert_eq!(t.journal().unwrap().len(), journal);
    t.enter_result(
        BoardRef::new(s, 1, last),
        ResultEntry::result(Some(Outcome::RedWin)).confirmed(
            Confirmation {
                typed: None,
                accepted: vec![warning],
            }
            .clone(),
        ),
    )
    .unwrap();
    let g = t.event().sections[0].rounds[0]
        .games
        .iter()
        .find(|g| g.board == last)
        .unwrap()
        .clone();
    assert!(!g.adjourned);
    assert_eq!(g.outcome, Some(Outcome::RedWin));
    let text = trf(&t).unwrap();
    assert!(
        text.lines()
            .any(|l| l == format!("### Adjournment @ Round 1: board {last} result 1-0")),
        "{text}"
    );
    // Undo puts the adjournment back, and the log line goes with it.
    t.undo().unwrap();
    assert_eq!(t.event().sections[0].adjourned_games(), vec![(1, last)]);
    assert!(
        !t.event().sections[0]
            .settings
            .fide
            .trf_comments()
            .iter()
            .any(|l| l.starts_with("### Adjournment"))
    );
    // A draw, as the pairing counted it: no warning at all.
    t.enter_result(
        BoardRef::new(s, 1, last),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    assert!(t.event().sections[0].adjourned_games().is_empty());
    assert!(trf(&t).is_ok());
}

#[test]
fn an_adjournment_is_taken_back_only_before_the_next_round_and_only_a_game_without_result() {
    let (_dir, mut t, s) = chess(8);
    let last = round_one_but_last(&mut t, s);
    assert!(matches!(
        t.adjourn_boards(s, 1, &[1]),
        Err(AppError::AdjournHasResult(1))
    ));
    t.adjourn_boards(s, 1, &[last]).unwrap();
    t.resume_board(s, 1, last).unwrap();
    assert!(t.event().sections[0].adjourned_games().is_empty());
    t.adjourn_boards(s, 1, &[last]).unwrap();
    t.pair_next_round(s).unwrap();
    assert!(matches!(
        t.resume_board(s, 1, last),
        Err(AppError::AdjournedPaired(1, b)) if b == last
    ));
}

/// Q168: pairing a round while a game of a round before the last complete one is still
/// adjourned is a notice (level 2); the previous round's own adjournment is not.
#[test]
fn pairing_with_an_older_adjourned_game_is_a_notice() {
    let (_dir, mut t, s) = chess(8);
    let last = round_one_but_last(&mut t, s);
    t.adjourn_unfinished(s).unwrap();
    assert!(bianpai::app::pairing_notices(&t.event().sections[0]).is_empty());
    t.pair_next_round(s).unwrap();
    common::finish_round(&mut t, s, 2, |_, _| Outcome::Draw);
    let notices = bianpai::app::pairing_notices(&t.event().sections[0]);
    assert_eq!(
        notices,
        vec![RuleWarning::AdjournmentStillOpen {
            round: 1,
            board: last
        }]
    );
    assert_eq!(notices[0].level(true), WarningLevel::Notice);
    t.pair_next_round(s).unwrap();
    assert_eq!(t.event().sections[0].rounds.len(), 3);
}

/// A xiangqi Swiss adjourns the same way: the xiangqi engine counts the game as a draw, and a
/// later win is only a notice outside FIDE mode (no confirmation, no TRF log).
#[test]
fn a_xiangqi_swiss_pairs_over_an_adjourned_game_as_a_draw() {
    let (_dir, mut t) = common::create(&common::event("暂停", vec![]));
    let s = SectionBuilder::new()
        .name("象棋组")
        .settings(SectionSettings {
            system: PairingSystem::XiangqiSwiss,
            rounds: 5,
            ..SectionSettings::default()
        })
        .named("棋手", 10)
        .lot_seed(2)
        .enter(&mut t);
    let last = round_one_but_last(&mut t, s);
    let mut drawn = t.event().sections[0].clone();
    drawn.rounds[0]
        .games
        .iter_mut()
        .find(|g| g.board == last)
        .unwrap()
        .outcome = Some(Outcome::Draw);
    let expected = bianpai::app::plan_next_round(&drawn).unwrap().round;
    t.adjourn_unfinished(s).unwrap();
    t.pair_next_round(s).unwrap();
    assert_eq!(t.event().sections[0].rounds[1].games, expected.games);
    t.enter_result(
        BoardRef::new(s, 1, last),
        ResultEntry::result(Some(Outcome::BlackWin)),
    )
    .unwrap();
    assert!(
        t.event().sections[0]
            .settings
            .fide
            .trf_comments()
            .is_empty()
    );
}

#[test]
fn the_command_line_adjourns_pairs_over_it_and_holds_the_trf() {
    use common::{ok, refused};
    let (dir, mut t, s) = chess(8);
    let last = round_one_but_last(&mut t, s);
    let path = t.path().to_str().unwrap().to_string();
    drop(t);
    // Without --adjourn the round waits, saying so.
    let err = refused(&["pair", &path, "-s", "公开组"]);
    assert!(err.contains("第1轮还有未录入的成绩"), "{err}");
    ok(&["pair", &path, "-s", "公开组", "--adjourn"]);
    let out = dir.path().join("out.trf");
    let export = [
        "export",
        "results",
        &path,
        "-s",
        "公开组",
        "--format",
        "trf",
        "-o",
        out.to_str().unwrap(),
    ];
    let err = refused(&export);
    assert!(err.contains(&format!("第1轮第{last}台是暂停对局")), "{err}");
    assert!(!out.exists());
    // So does the result book (FIDE mode).
    let book = dir.path().join("成绩册.pdf");
    let err = refused(&["export", "result-book", &path, "-o", book.to_str().unwrap()]);
    assert!(err.contains("成绩录入后才能导出"), "{err}");
    assert!(!book.exists());
    // The result as the command line enters it; a white win needs the section's name.
    let board = last.to_string();
    let err = refused(&[
        "result",
        &path,
        "-s",
        "公开组",
        "-r",
        "1",
        "-b",
        &board,
        "1-0",
    ]);
    assert!(err.contains("暂停对局的成绩不是和棋"), "{err}");
    ok(&[
        "result",
        &path,
        "-s",
        "公开组",
        "-r",
        "1",
        "-b",
        &board,
        "1-0",
        "--confirm",
        "公开组",
    ]);
    ok(&export);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains(&format!(
        "### Adjournment @ Round 1: board {last} result 1-0"
    )));
    // `adj` adjourns one board of the new round.
    ok(&["result", &path, "-s", "公开组", "-r", "2", "-b", "1", "adj"]);
    let t = Tournament::open(std::path::Path::new(&path)).unwrap();
    assert_eq!(t.event().sections[0].adjourned_games(), vec![(2, 1)]);
}

#[test]
fn the_venue_page_shows_an_adjourned_game_as_adjourned() {
    let (_dir, mut t, s) = chess(8);
    let last = round_one_but_last(&mut t, s);
    t.adjourn_unfinished(s).unwrap();
    let g = t.event().sections[0].rounds[0]
        .games
        .iter()
        .find(|g| g.board == last)
        .unwrap()
        .clone();
    let snapshot = t.venue_snapshot().unwrap();
    let section = &snapshot.zh.sections[0];
    let board = section
        .round
        .as_ref()
        .unwrap()
        .boards
        .iter()
        .find(|b| b.board == last)
        .unwrap();
    assert_eq!(board.result, "暂停");
    for who in [g.red, g.black] {
        let player = section.players.iter().find(|p| p.id == who).unwrap();
        assert_eq!(player.games[0].result, "暂停", "{}", player.name);
    }
    // The other boards keep their results (white won board 1; the rest were drawn).
    for b in &section.round.as_ref().unwrap().boards {
        let expected = match b.board {
            1 => "白胜",
            n if n == last => "暂停",
            _ => "和",
        };
        assert_eq!(b.result, expected, "board {}", b.board);
    }
}
