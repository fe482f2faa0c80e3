//! Board prizes (台次奖) and line-ups read from FIDE TEC's team sample (Grandmommy's Cup): the
//! 310 members and 001 names become the players, the 801 line-up digits who sat on which
//! board; a digit naming no member is refused at its line and column. The figures are read
//! off the file's own records by hand, not from the program.

use super::common::shared_data;
use bianpai::interchange::trf::TrfFile;
use bianpai::model::{Points, board_prize_default_min};
use bianpai::standings::team_cn::board_prizes;

fn sample() -> String {
    std::fs::read_to_string(shared_data("real_trf/grandmommys_cup_trf25_tec_sample.trf"))
        .expect("sample present")
}

#[test]
fn the_line_ups_name_the_members_board_by_board() {
    let file = TrfFile::read(sample().as_bytes()).unwrap();
    let e = file.team_event().unwrap().event;
    // 249 players in the 001 records, every one a member of a team.
    assert_eq!(e.players.len(), 249);
    // India (team 1): members 1, 5, 15, 28, 44 (its 310 line); round 3's line-up `1534` puts
    // member 1 on board 1, member 5 (44) on board 2, member 3 (15) on 3, member 4 (28) on 4.
    let l = e.lineup(3, 1).expect("round 3 line-up");
    assert_eq!(l.boards, [Some(1), Some(44), Some(15), Some(28)]);
    assert_eq!(e.player(44).map(|p| p.team), Some(1));
    assert_eq!(
        e.player(1).map(|p| p.name.as_str()),
        Some("Test0001 Player0001")
    );
}

#[test]
fn board_one_is_won_by_the_best_percentage_with_enough_games() {
    let file = TrfFile::read(sample().as_bytes()).unwrap();
    let e = file.team_event().unwrap().event;
    // 14 rounds: 70% is 9.8, so 10 games.
    let min = board_prize_default_min(e.rounds);
    assert_eq!(min, 10);
    let tables = board_prizes(&e, e.rounds, min);
    assert_eq!(tables.len(), 4);
    // Player 101 (Slovakia, team 22) played every game on board 1: his 001 record has 13
    // games over the board (one round unplayed) and 10.5 points, 80.8%.
    let top = &tables[0].lines[0];
    assert_eq!(
        (top.rank, top.player, top.team, top.games, top.points),
        (1, 101, 22, 13, Points::parse("10.5").unwrap())
    );
    assert!((top.percent() - 1050.0 / 13.0).abs() < 1e-9);
    // Nobody ranked has fewer than 10 games there.
    assert!(tables.iter().flat_map(|t| &t.lines).all(|l| l.games >= 10));
}

#[test]
fn a_line_up_digit_naming_no_member_is_refused_at_its_column() {
    // India has five members; a line-up `1294` names a ninth on board 2.
    let text = sample();
    let line = text
        .lines()
        .position(|l| l.starts_with("801  1 IND"))
        .unwrap();
    let at = text.lines().nth(line).unwrap().find("1234").unwrap();
    let bad: String = text
        .lines()
        .enumerate()
        .map(|(k, l)| {
            if k == line {
                format!("{}1294{}\n", &l[..at], &l[at + 4..])
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let err = TrfFile::read(bad.as_bytes())
        .unwrap()
        .team_event()
        .expect_err("member 9 of 5");
    assert_eq!((err.line, err.column), (line + 1, at + 1));
}
