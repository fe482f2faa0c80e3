//! Issue 42, the team paper: the team standings, the team crosstable and the board prizes of
//! a four-team, three-board round robin whose every figure is worked out here by hand, read
//! back from the PDF with `pdftotext` (poppler-utils).

use bianpai::i18n::Lang;
use bianpai::model::{
    BoardGame, BoardLineup, FideEdition, Points, Side, Team, TeamEvent, TeamMatch, TeamPlayer,
    xiangqi_team_preset,
};
use bianpai::report::layout::{Font, PaperSize};
use bianpai::report::team_book::render_standings_book;
use bianpai::report::team_paper::TeamPaper;
use std::process::Command;

/// A match on three boards; `r` is the first team's result per board in halves (2 won,
/// 1 drawn, 0 lost).
fn m(round: u32, first: u32, second: u32, r: [i32; 3]) -> TeamMatch {
    TeamMatch {
        round,
        first,
        second,
        first_colour: Side::Red,
        boards: r
            .iter()
            .enumerate()
            .map(|(k, &p)| BoardGame {
                board: k as u32 + 1,
                first_colour: if k % 2 == 0 { Side::Red } else { Side::Black },
                first: Points(p),
                second: Points(2 - p),
                forfeit: false,
            })
            .collect(),
        forfeit: None,
    }
}

const NAMES: [&str; 4] = ["东城队", "西城队", "南城队", "北城队"];

/// R1 1–2 (1 0 =) 1½:1½, 3–4 (= = =) 1½:1½; R2 1–3 (0 1 1) 2:1, 2–4 (1 1 0) 2:1;
/// R3 1–4 (0 0 1) 1:2, 2–3 (1 0 1) 2:1. Each team's players are 10t+1 … 10t+3 on boards
/// 1–3 in order, named 甲t1 ….
fn paper() -> TeamPaper {
    let mut e = TeamEvent::new(3, 3);
    e.teams = (1..=4)
        .map(|n| Team {
            number: n,
            name: NAMES[n as usize - 1].to_string(),
            code: String::new(),
        })
        .collect();
    e.matches = vec![
        m(1, 1, 2, [2, 0, 1]),
        m(1, 3, 4, [1, 1, 1]),
        m(2, 1, 3, [0, 2, 2]),
        m(2, 2, 4, [2, 2, 0]),
        m(3, 1, 4, [0, 0, 2]),
        m(3, 2, 3, [2, 0, 2]),
    ];
    for t in 1..=4u32 {
        for k in 1..=3 {
            e.players.push(TeamPlayer {
                id: 10 * t + k,
                team: t,
                name: format!("甲{}{}", t, k),
            });
        }
        for r in 1..=3 {
            e.lineups.push(BoardLineup {
                round: r,
                team: t,
                boards: (1..=3).map(|k| Some(10 * t + k)).collect(),
            });
        }
    }
    TeamPaper {
        event: "区象棋团体赛".into(),
        section: "小学组".into(),
        when: String::new(),
        teams: e,
        units: Default::default(),
        tiebreaks: xiangqi_team_preset(),
        edition: FideEdition::E2026,
        rounds: 3,
        board_prize_min_games: 3,
        chess: false,
    }
}

fn text(p: &TeamPaper, lang: Lang) -> String {
    let font = Font::bundled().unwrap();
    let pdf = render_standings_book(p, PaperSize::A4, font, lang, 0).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("team.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .unwrap_or_else(|e| panic!("pdftotext not found ({e}); install poppler-utils"));
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The cells of the printed line holding `needle` on the page whose text holds `page`.
fn cells(text: &str, page: &str, needle: &str) -> Vec<String> {
    let sheet = text
        .split('\x0c')
        .find(|p| p.contains(page))
        .unwrap_or_else(|| panic!("no page with {page}"));
    sheet
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle} in:\n{sheet}"))
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_team_standings_show_match_and_game_points_and_the_chinese_tiebreaks() {
    let t = text(&paper(), Lang::Zh);
    // Heads: the preset's criteria under their regulation names; 局分 once.
    let head = cells(&t, "第3轮后团体名次", "序号");
    assert_eq!(
        head,
        [
            "名次",
            "序号",
            "队名",
            "场分",
            "局分",
            "对手分",
            "直胜",
            "台次分"
        ]
    );
    // 场分 2-1-0: 西城 1+2+2 = 5, 东城 1+2+0 = 3, 北城 1+0+2 = 3, 南城 1+0+0 = 1.
    // 局分: 5½, 4½, 4½, 3½. 对手分 (opponents' 场分): 西城 3+3+1 = 7, 东城 5+1+3 = 9,
    // 北城 1+5+3 = 9, 南城 3+3+5 = 11. 东城 and 北城 tie on 场分, 局分 and 对手分; 北城 won
    // their match (round 3): 直胜 1 and 2. 台次分 (boards weighted 3-2-1): 西城 2×3 + 2×2 +
    // 1½ = 11.5, 北城 1½×3 + 1½×2 + 1½ = 9, 东城 1×3 + 1×2 + 2½ = 7.5, 南城 1½×3 + 1½×2 + ½
    // = 8.
    let page = "第3轮后团体名次";
    assert_eq!(
        cells(&t, page, "西城队"),
        ["1", "2", "西城队", "5", "5.5", "7", "11.5"]
    );
    assert_eq!(
        cells(&t, page, "北城队"),
        ["2", "4", "北城队", "3", "4.5", "9", "1", "9"]
    );
    assert_eq!(
        cells(&t, page, "东城队"),
        ["3", "1", "东城队", "3", "4.5", "9", "2", "7.5"]
    );
    assert_eq!(
        cells(&t, page, "南城队"),
        ["4", "3", "南城队", "1", "3.5", "11", "8"]
    );
}

#[test]
fn the_team_crosstable_gives_each_round_its_opponent_result_and_game_points() {
    let t = text(&paper(), Lang::Zh);
    let page = "第3轮后团体成绩交叉表";
    // 东城 (1): R1 against 2 drawn 1½, R2 against 3 won 2, R3 against 4 lost 1; 3 场分,
    // 4½ 局分, third.
    assert_eq!(
        cells(&t, page, "东城队"),
        [
            "1",
            "东城队",
            "2和",
            "1.5",
            "3胜",
            "2",
            "4负",
            "1",
            "3",
            "4.5",
            "3"
        ]
    );
    assert!(t.contains("场分制：胜2、和1、负0"));
}

#[test]
fn the_board_prizes_rank_each_board_by_percentage() {
    let t = text(&paper(), Lang::Zh);
    let page = "第3轮后台次奖";
    // Board 1: 甲21 (西城) 0 + 1 + 1 = 2 of 3, 66.7%, first; 甲31 and 甲41 1½ of 3 share
    // second; 甲11 1 of 3 fourth.
    assert_eq!(
        cells(&t, page, "甲21"),
        ["1", "甲21", "西城队", "3", "2", "66.7%"]
    );
    assert_eq!(cells(&t, page, "甲31")[0], "2");
    assert_eq!(cells(&t, page, "甲41")[0], "2");
    assert_eq!(
        cells(&t, page, "甲11"),
        ["4", "甲11", "东城队", "3", "1", "33.3%"]
    );
    assert!(t.contains("第1台") && t.contains("第3台"));
    // In English the heads are the codes.
    let en = text(&paper(), Lang::En);
    assert_eq!(
        cells(&en, "Team standings after round 3", "No."),
        ["Rank", "No.", "Team", "MP", "GP", "BH:MP", "DE", "BW"]
    );
}

fn read_back(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_team_pairing_sheet_lists_the_matches_then_each_match_board_by_board() {
    use bianpai::report::team_pairing_sheet::render;
    let p = paper();
    let font = Font::bundled().unwrap();
    let t = read_back(
        &render(&p, 3, PaperSize::A4, font, Lang::Zh, 0)
            .unwrap()
            .bytes,
    );
    // Round 3: 东城 (1) – 北城 (4), 西城 (2) – 南城 (3).
    assert_eq!(
        cells(&t, "第3轮团体对阵表", "1 东城队"),
        ["1", "1", "东城队", "4", "北城队"]
    );
    // Board 1: the first-named team red (xiangqi), board 2 black, board 3 red.
    assert_eq!(
        cells(&t, "第3轮团体对阵表", "甲11"),
        ["1", "红方", "甲11", "黑方", "甲41"]
    );
    assert_eq!(
        cells(&t, "第3轮团体对阵表", "甲12"),
        ["2", "黑方", "甲12", "红方", "甲42"]
    );
    assert_eq!(
        cells(&t, "第3轮团体对阵表", "甲33"),
        ["3", "红方", "甲23", "黑方", "甲33"]
    );
}

#[test]
fn a_match_slip_holds_both_line_ups_result_boxes_and_both_captains_signatures() {
    use bianpai::report::team_slips::render;
    let p = paper();
    let font = Font::bundled().unwrap();
    let pdf = render(&p, 3, font, Lang::Zh, 0).unwrap();
    // Two matches, two slips to a page: one page.
    assert_eq!(pdf.pages.len(), 1);
    let t = read_back(&pdf.bytes);
    assert!(t.contains("第1场") && t.contains("第2场"));
    assert_eq!(
        cells(&t, "第2场", "甲21"),
        [
            "第1台",
            "红方",
            "甲21",
            "黑方",
            "甲31",
            "□红胜",
            "□和",
            "□黑胜"
        ]
    );
    assert!(t.contains("东城队队长签名") && t.contains("北城队队长签名"));
    assert!(t.contains("西城队队长签名") && t.contains("南城队队长签名"));
}
