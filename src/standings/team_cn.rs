//! 台次奖 — the board prizes of a team event, what Chinese team regulations award beside the
//! team places. (The Chinese team tie-breaks are ranked in [`super::team_fide`]: 局分 is GP,
//! 对手分 BH:MP with no cut, 直胜 DE, and 台次分 BW is computed there; this file's tests check
//! them on a Chinese round robin worked by hand.)
//!
//! 台次奖 — the rule. For each board, the players who played at least `min_games` games on
//! that board over the board (a board won or lost by forfeit, or a match forfeited as a whole,
//! is no game, as FIDE's rating rules count none) are ranked by their percentage on that board
//! (points ÷ the points the games were worth), then by more games (ASTC and the European Team
//! Championship regulations B.7: at an equal percentage, the more games win), then shared. A
//! player who played on two boards competes on each with the games he played there. The
//! minimum is `TeamSectionOptions::board_prize_min_games` (70% of the rounds by default).

use crate::model::{Points, TeamEvent, TeamNo};

/// One player's line in a board's prize table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPrizeLine {
    /// Place on the board; equal for players tied on percentage and games.
    pub rank: u32,
    /// The player (`TeamPlayer::id`).
    pub player: u32,
    pub team: TeamNo,
    /// Games played over the board on this board.
    pub games: u32,
    /// Points scored in them.
    pub points: Points,
    /// What those games were worth (a win's points each), the percentage's denominator.
    pub possible: Points,
}

impl BoardPrizeLine {
    /// 得分率 in per cent.
    pub fn percent(&self) -> f64 {
        if self.possible.0 == 0 {
            0.0
        } else {
            100.0 * f64::from(self.points.0) / f64::from(self.possible.0)
        }
    }
}

/// The prize table of one board: the players with enough games there, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPrizeTable {
    pub board: u32,
    pub lines: Vec<BoardPrizeLine>,
}

/// 台次奖 after `rounds` rounds: per board, the players with at least `min_games` games on it,
/// by percentage, then games. Needs the event's line-ups; without them every table is empty.
pub fn board_prizes(event: &TeamEvent, rounds: u32, min_games: u32) -> Vec<BoardPrizeTable> {
    // (board, player) → (team, games, points, possible)
    let mut tally: std::collections::BTreeMap<(u32, u32), (TeamNo, u32, i32, i32)> =
        std::collections::BTreeMap::new();
    for m in &event.matches {
        if m.round == 0 || m.round > rounds || m.forfeit.is_some() {
            continue;
        }
        for (team, first) in [(m.first, true), (m.second, false)] {
            let Some(lineup) = event.lineup(m.round, team) else {
                continue;
            };
            for g in &m.boards {
                if g.forfeit || g.board == 0 {
                    continue;
                }
                let Some(Some(player)) = lineup.boards.get(g.board as usize - 1) else {
                    continue;
                };
                let own = if first { g.first } else { g.second };
                let e = tally.entry((g.board, *player)).or_insert((team, 0, 0, 0));
                e.1 += 1;
                e.2 += own.0;
                e.3 += g.first.0 + g.second.0;
            }
        }
    }
    (1..=event.boards)
        .map(|board| {
            let mut lines: Vec<BoardPrizeLine> = tally
                .iter()
                .filter(|((b, _), v)| *b == board && v.1 >= min_games)
                .map(
                    |(&(_, player), &(team, games, points, possible))| BoardPrizeLine {
                        rank: 0,
                        player,
                        team,
                        games,
                        points: Points(points),
                        possible: Points(possible),
                    },
                )
                .collect();
            // Percentage compared exactly: a/b against c/d as a·d against c·b.
            let better = |x: &BoardPrizeLine, y: &BoardPrizeLine| {
                let px = i64::from(x.points.0) * i64::from(y.possible.0.max(1));
                let py = i64::from(y.points.0) * i64::from(x.possible.0.max(1));
                py.cmp(&px).then(y.games.cmp(&x.games))
            };
            lines.sort_by(|x, y| {
                better(x, y)
                    .then(x.team.cmp(&y.team))
                    .then(x.player.cmp(&y.player))
            });
            for k in 0..lines.len() {
                lines[k].rank = if k > 0 && better(&lines[k - 1], &lines[k]).is_eq() {
                    lines[k - 1].rank
                } else {
                    k as u32 + 1
                };
            }
            BoardPrizeTable { board, lines }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        BoardGame, BoardLineup, FideEdition, MatchForfeit, Side, Team, TeamMatch, TeamPlayer,
        parse_team_list,
    };
    use crate::standings::team_fide::team_standings;
    use crate::standings::team_fide::{TeamTable, board_points_weighted, board_totals};

    /// A match on three boards; `r` is the first team's result per board: 2 won, 1 drawn,
    /// 0 lost (chess points, in halves: 1, ½, 0).
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

    /// Four teams, three boards, a round robin of three rounds, worked by hand:
    /// R1 1–2 (1 0 =) 1½–1½, 3–4 (= = =) 1½–1½;
    /// R2 1–3 (0 1 1) 2–1, 2–4 (1 1 0) 2–1;
    /// R3 1–4 (0 0 1) 1–2, 2–3 (1 0 1) 2–1.
    /// 场分 (2-1-0): 1: 1+2+0 = 3; 2: 1+2+2 = 5; 3: 1+0+0 = 1; 4: 1+0+2 = 3.
    /// 局分: 1: 1½+2+1 = 4½; 2: 1½+2+2 = 5½; 3: 1½+1+1 = 3½; 4: 1½+1+2 = 4½.
    /// Teams 1 and 4 tie on 3 场分 and 4½ 局分.
    fn rr() -> TeamEvent {
        let mut e = TeamEvent::new(3, 3);
        e.teams = (1..=4)
            .map(|n| Team {
                number: n,
                name: format!("T{n}"),
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
        e
    }

    #[test]
    fn board_points_are_weighted_three_two_one_on_three_boards() {
        let e = rr();
        let t = TeamTable::new(&e, 3);
        // Team 1's boards: b1 1+0+0 = 1, b2 0+1+0 = 1, b3 ½+1+1 = 2½ → 1×3 + 1×2 + 2½×1 = 7½.
        // Team 4's boards: b1 ½+0+1 = 1½, b2 ½+0+1 = 1½, b3 ½+1+0 = 1½ → 4½+3+1½ = 9.
        // Team 2: b1 0+1+1 = 2, b2 1+1+0 = 2, b3 ½+0+1 = 1½ → 6+4+1½ = 11½.
        // Team 3: b1 ½+1+0 = 1½, b2 ½+0+1 = 1½, b3 ½+0+0 = ½ → 4½+3+½ = 8.
        assert_eq!(board_points_weighted(&t, 3), [7.5, 11.5, 8.0, 9.0]);
        assert_eq!(board_totals(&t, 3)[0], [1.0, 1.0, 2.5]);
    }

    #[test]
    fn the_xiangqi_preset_ranks_by_game_points_opponents_direct_encounter_then_boards() {
        let e = rr();
        let list = parse_team_list("xiangqi").unwrap();
        let s = team_standings(&e, &list, FideEdition::E2026, 3);
        // 2 (5 场分) first, then 1 and 4 on 3 场分 and 4½ 局分: 对手分 (BH:MP, no cut) is
        // 5+1+3 = 9 for team 1 and 1+5+3 = 9 for team 4; 直胜: 4 beat 1 in round 3 → 4 ahead.
        let order: Vec<(u32, u32, Vec<f64>)> = s
            .iter()
            .map(|l| (l.rank, l.team, l.values.clone()))
            .collect();
        assert_eq!(
            order,
            [
                (1, 2, vec![5.5, 7.0, 0.0, 11.5]),
                (2, 4, vec![4.5, 9.0, 1.0, 9.0]),
                (3, 1, vec![4.5, 9.0, 2.0, 7.5]),
                (4, 3, vec![3.5, 11.0, 0.0, 8.0]),
            ]
        );
        // Without 直胜, 台次分 decides the other way round: 4's 9 against 1's 7½.
        let s = team_standings(
            &e,
            &parse_team_list("GP,BW").unwrap(),
            FideEdition::E2026,
            3,
        );
        assert_eq!(s[1].team, 4);
        // Read board by board: board 1 gives 4 1½ against 1's 1 → 4 ahead, place 1 of 2.
        let s = team_standings(
            &e,
            &parse_team_list("GP,BW/L").unwrap(),
            FideEdition::E2026,
            3,
        );
        assert_eq!(
            s.iter().map(|l| (l.team, l.values[1])).collect::<Vec<_>>(),
            [(2, 0.0), (4, 1.0), (1, 2.0), (3, 0.0)]
        );
    }

    #[test]
    fn a_forfeited_match_gives_its_boards_and_a_bye_spreads_its_game_points() {
        let mut e = rr();
        e.matches[5] = TeamMatch {
            boards: Vec::new(),
            forfeit: Some(MatchForfeit::SecondWins),
            ..m(3, 2, 3, [0, 0, 0])
        };
        let t = TeamTable::new(&e, 3);
        // Team 3 won round 3 by forfeit, every board 1: boards ½+1+1, ½+0+1, ½+0+1 =
        // 2½, 1½, 1½; weighted 2½×3 + 1½×2 + 1½ = 12.
        assert_eq!(board_points_weighted(&t, 3)[2], 12.0);
        // A full-point bye (3 局分) on three boards is one a board: the same weights, 6.
        let mut b = TeamEvent::new(3, 1);
        b.teams = e.teams.clone();
        b.byes = vec![crate::model::TeamBye {
            round: 1,
            team: 1,
            kind: crate::model::ByeKind::Full,
        }];
        let t = TeamTable::new(&b, 1);
        assert_eq!(board_points_weighted(&t, 3)[0], 6.0);
    }

    /// Line-ups for `rr()`: team t's players are 10t+1 … 10t+4; team 1 fields 11 12 13 in
    /// rounds 1 and 2 and 14 11 12 in round 3; every other team 1 2 3 in order.
    fn with_lineups() -> TeamEvent {
        let mut e = rr();
        for t in 1..=4u32 {
            for k in 1..=4 {
                e.players.push(TeamPlayer {
                    id: 10 * t + k,
                    team: t,
                    name: format!("P{}", 10 * t + k),
                });
            }
            for r in 1..=3 {
                let boards = if t == 1 && r == 3 {
                    vec![Some(14), Some(11), Some(12)]
                } else {
                    (1..=3).map(|k| Some(10 * t + k)).collect()
                };
                e.lineups.push(BoardLineup {
                    round: r,
                    team: t,
                    boards,
                });
            }
        }
        e
    }

    #[test]
    fn board_prizes_rank_by_percentage_then_games_among_players_with_enough_games() {
        let e = with_lineups();
        let tables = board_prizes(&e, 3, 2);
        let board1: Vec<(u32, u32, u32, Points)> = tables[0]
            .lines
            .iter()
            .map(|l| (l.rank, l.player, l.games, l.points))
            .collect();
        // Board 1 (min 2 games): 21 (team 2) 0+1+1 = 2/3; 41: ½+0+1 = 1½/3; 31: ½+1+0 =
        // 1½/3; 11: 1+0 = 1/2 = 50% → 21 67%, then 31 and 41 50% in 3 games, then 11 50% in 2;
        // 14 played one game (0) and is not ranked.
        assert_eq!(
            board1,
            [
                (1, 21, 3, Points(4)),
                (2, 31, 3, Points(3)),
                (2, 41, 3, Points(3)),
                (4, 11, 2, Points(2)),
            ]
        );
        // Board 2: 11 played round 3 there (0) but only one game: not ranked; 12 played two
        // (0 and 1) = 50%; with min 1, 11 is ranked at 0%, last.
        let b2 = &tables[1].lines;
        assert!(b2.iter().any(|l| l.player == 12 && l.games == 2));
        assert!(!b2.iter().any(|l| l.player == 11));
        let all = board_prizes(&e, 3, 1);
        assert_eq!(all[1].lines.last().map(|l| l.player), Some(11));
        assert!((all[0].lines[0].percent() - 200.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn forfeited_boards_are_no_games_for_the_board_prize() {
        let mut e = with_lineups();
        e.matches[0].boards[0].forfeit = true;
        e.matches[2] = TeamMatch {
            forfeit: Some(MatchForfeit::FirstWins),
            ..e.matches[2].clone()
        };
        let t = board_prizes(&e, 3, 1);
        // Team 1's board 1 player 11: round 1 forfeited on the board, round 2's match forfeited
        // as a whole: no game left.
        assert!(!t[0].lines.iter().any(|l| l.player == 11));
        assert!(t[0].lines.iter().any(|l| l.player == 14 && l.games == 1));
    }
}
