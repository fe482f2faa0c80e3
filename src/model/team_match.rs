//! 团体对抗 — team matches as data. A team event is teams (队, numbered as the pairing numbers
//! of an individual event), a number of boards (台数) and, round by round, matches of one
//! team's boards against the other's, team byes and forfeited matches. A match's result is
//! never stored: 局分 (game points) is the sum of its boards, 场分 (match points) follows from
//! comparing the two sums under [`MatchPoints`] (2-1-0 by default, rules.md §1.8; 3-1-0 as a
//! preset; TRF record 362 states it).
//!
//! Board colours: `first_colour` is the colour of the first-named team on board 1; the other
//! boards follow the event's board pattern (TRF record 352, `WBWB` alternating by default).
//! A forfeited match (TRF record 330) gives the winner every board, the loser none; a double
//! forfeit gives neither anything. Team byes (TRF record 240 and 320): full-point (the boards
//! all won, a match win), half-point (every board drawn, a match draw), zero-point and the
//! pairing-allocated bye, whose match and game points the event states.
//!
//! Who sat where (optional, for board prizes and the team paper): the event's players
//! ([`TeamPlayer`], each of one team) and, per round and team, the line-up ([`BoardLineup`]: the
//! player on each board). An event read without them has both lists empty.

use super::{ByeKind, EntrantId, Points, Side};
use serde::{Deserialize, Serialize};

/// A team's number in the event (TRF 310 `SSS`), 1-based.
pub type TeamNo = u32;

/// 场分制 — what a match won, drawn or lost is worth, and what a pairing-allocated bye gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchPoints {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
}

impl Default for MatchPoints {
    /// 2-1-0, the xiangqi rule book's and FIDE's usual values.
    fn default() -> Self {
        MatchPoints::TWO_ONE_ZERO
    }
}

impl MatchPoints {
    /// 胜2 和1 负0.
    pub const TWO_ONE_ZERO: MatchPoints = MatchPoints {
        win: Points::whole(2),
        draw: Points::whole(1),
        loss: Points::ZERO,
    };
    /// 胜3 和1 负0 (a preset some leagues use).
    pub const THREE_ONE_ZERO: MatchPoints = MatchPoints {
        win: Points::whole(3),
        draw: Points::whole(1),
        loss: Points::ZERO,
    };

    /// The match points of a side that scored `own` game points against `other`.
    pub fn of(&self, own: Points, other: Points) -> Points {
        match own.cmp(&other) {
            std::cmp::Ordering::Greater => self.win,
            std::cmp::Ordering::Equal => self.draw,
            std::cmp::Ordering::Less => self.loss,
        }
    }
}

/// One team (队).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub number: TeamNo,
    /// 队名.
    pub name: String,
    /// A short code (TRF 310 `FFFFF`: federation or abbreviation).
    pub code: String,
}

/// One board of a match (台次): what each side scored there, and the colour the first-named
/// team had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardGame {
    /// 台次, 1-based.
    pub board: u32,
    /// The first-named team's colour on this board.
    pub first_colour: Side,
    /// 局分 of the first-named team on this board (1, ½, 0 in chess).
    pub first: Points,
    /// 局分 of the second-named team on this board.
    pub second: Points,
    /// Not played over the board (one side or both did not come).
    pub forfeit: bool,
}

/// A match forfeited as a whole (TRF record 330 `+-`, `-+`, `--`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchForfeit {
    /// The first-named team wins by forfeit.
    FirstWins,
    /// The second-named team wins by forfeit.
    SecondWins,
    /// Neither team came: both lose.
    Both,
}

/// 一场团体对抗 — one match of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    pub round: u32,
    /// The first-named team (white/red on board 1 unless `first_colour` says otherwise).
    pub first: TeamNo,
    pub second: TeamNo,
    /// The first-named team's colour on board 1.
    pub first_colour: Side,
    /// The boards, in board order, as recorded; a match forfeited as a whole may have none
    /// (its `forfeit` decides its points whatever its boards say).
    pub boards: Vec<BoardGame>,
    pub forfeit: Option<MatchForfeit>,
}

impl TeamMatch {
    /// 局分 of both sides: the sum of the boards, or for a forfeited match every one of
    /// `boards` boards to the winner.
    pub fn game_points(&self, boards: u32) -> (Points, Points) {
        let all = Points::whole(boards as i32);
        match self.forfeit {
            Some(MatchForfeit::FirstWins) => (all, Points::ZERO),
            Some(MatchForfeit::SecondWins) => (Points::ZERO, all),
            Some(MatchForfeit::Both) => (Points::ZERO, Points::ZERO),
            None => (
                self.boards.iter().map(|b| b.first).sum(),
                self.boards.iter().map(|b| b.second).sum(),
            ),
        }
    }

    /// 场分 of both sides under `mp`; a double forfeit is a loss for both.
    pub fn match_points(&self, mp: &MatchPoints, boards: u32) -> (Points, Points) {
        if self.forfeit == Some(MatchForfeit::Both) {
            return (mp.loss, mp.loss);
        }
        let (a, b) = self.game_points(boards);
        (mp.of(a, b), mp.of(b, a))
    }

    /// Does `team` play in this match?
    pub fn has(&self, team: TeamNo) -> bool {
        self.first == team || self.second == team
    }
}

/// 团体轮空 — a round without a match for one team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamBye {
    pub round: u32,
    pub team: TeamNo,
    pub kind: ByeKind,
}

/// Everything the team rule book reads: the teams, the boards, the scoring and the rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamEvent {
    pub teams: Vec<Team>,
    /// 台数 — boards a match is played on.
    pub boards: u32,
    /// Rounds planned.
    pub rounds: u32,
    pub match_points: MatchPoints,
    /// 场分 of a pairing-allocated bye (TRF 320 `MMMM`; a draw's by default).
    pub pairing_bye_mp: Points,
    /// 局分 of a pairing-allocated bye (TRF 320 `GGGG`; half the boards by default).
    pub pairing_bye_gp: Points,
    pub matches: Vec<TeamMatch>,
    pub byes: Vec<TeamBye>,
    /// 队员 — the players of the teams, when known (empty otherwise).
    #[serde(default)]
    pub players: Vec<TeamPlayer>,
    /// 上场名单 — each team's line-up round by round, when known (empty otherwise).
    #[serde(default)]
    pub lineups: Vec<BoardLineup>,
}

/// One player of a team (队员).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamPlayer {
    /// The player's number in the event (TRF 001 start number), unique in the event.
    pub id: u32,
    pub team: TeamNo,
    pub name: String,
}

/// 上场名单 — who played on which board for `team` in `round`: `boards[k]` is the player
/// (a [`TeamPlayer::id`]) on board k+1, `None` for a board left empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardLineup {
    pub round: u32,
    pub team: TeamNo,
    pub boards: Vec<Option<u32>>,
}

impl TeamEvent {
    /// An event of `boards` boards and `rounds` rounds with no teams yet, scored 2-1-0.
    pub fn new(boards: u32, rounds: u32) -> TeamEvent {
        TeamEvent {
            teams: Vec::new(),
            boards,
            rounds,
            match_points: MatchPoints::default(),
            pairing_bye_mp: MatchPoints::default().draw,
            pairing_bye_gp: Points(boards as i32),
            matches: Vec::new(),
            byes: Vec::new(),
            players: Vec::new(),
            lineups: Vec::new(),
        }
    }

    /// 场分 and 局分 a bye of `kind` gives: a full-point bye is a match won with every board,
    /// a half-point bye a match drawn with every board drawn, a zero-point bye nothing.
    pub fn bye_points(&self, kind: ByeKind) -> (Points, Points) {
        let all = Points::whole(self.boards as i32);
        match kind {
            ByeKind::Full => (self.match_points.win, all),
            ByeKind::Half => (self.match_points.draw, Points(self.boards as i32)),
            ByeKind::Zero => (self.match_points.loss, Points::ZERO),
            ByeKind::Pairing => (self.pairing_bye_mp, self.pairing_bye_gp),
        }
    }

    /// The team numbered `n`.
    pub fn team(&self, n: TeamNo) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == n)
    }

    /// The player numbered `id`.
    pub fn player(&self, id: u32) -> Option<&TeamPlayer> {
        self.players.iter().find(|p| p.id == id)
    }

    /// `team`'s line-up in `round`, when known.
    pub fn lineup(&self, round: u32, team: TeamNo) -> Option<&BoardLineup> {
        self.lineups
            .iter()
            .find(|l| l.round == round && l.team == team)
    }
}

// ---- a team section as the arbiter keeps it: teams with their players, line-ups, matches ----

/// 参赛队 — a team of a team section as registered: its number (the team's pairing number,
/// 1, 2, … in the order the teams were entered), 队名, 单位, 领队/队长, and its players (entrants
/// of the section) in the team's order (队员顺序), the reserves (替补) after the boards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamEntry {
    pub number: TeamNo,
    pub name: String,
    pub unit: String,
    pub captain: String,
    pub players: Vec<EntrantId>,
}

/// 出场名单 — who of a team plays a round, board 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    pub round: u32,
    pub team: TeamNo,
    pub players: Vec<EntrantId>,
}

/// One match of a paired round as stored: its table (场次 / 桌号), the first-named team (先走:
/// red on odd boards) and the second, and a forfeit of the whole match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub round: u32,
    pub table: u32,
    pub first: TeamNo,
    pub second: TeamNo,
    pub forfeit: Option<MatchForfeit>,
}

/// Everything a team section keeps besides its entrants and games: teams, line-ups, matches
/// and team byes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRecords {
    pub teams: Vec<TeamEntry>,
    pub lineups: Vec<Lineup>,
    pub matches: Vec<MatchRecord>,
    pub byes: Vec<TeamBye>,
}

impl TeamRecords {
    pub fn team(&self, n: TeamNo) -> Option<&TeamEntry> {
        self.teams.iter().find(|t| t.number == n)
    }

    /// The team `who` plays for.
    pub fn team_of(&self, who: EntrantId) -> Option<&TeamEntry> {
        self.teams.iter().find(|t| t.players.contains(&who))
    }

    /// The line-up stored for `team` in `round`.
    pub fn lineup(&self, round: u32, team: TeamNo) -> Option<&Lineup> {
        self.lineups
            .iter()
            .find(|l| l.round == round && l.team == team)
    }

    /// The matches of `round` in table order.
    pub fn matches_of(&self, round: u32) -> Vec<MatchRecord> {
        let mut m: Vec<MatchRecord> = self
            .matches
            .iter()
            .filter(|m| m.round == round)
            .copied()
            .collect();
        m.sort_by_key(|m| m.table);
        m
    }
}

/// The game row of board `board` of table `table` when a match has `boards` boards: the games
/// of a round are numbered through, table by table ((table − 1) × boards + board), so that a
/// board of a team round is entered, printed and sent from a phone as any board is.
pub fn board_number(table: u32, board: u32, boards: u32) -> u32 {
    (table.max(1) - 1) * boards + board
}

/// The (table, board) of game row `number` ([`board_number`] backwards).
pub fn table_and_board(number: u32, boards: u32) -> (u32, u32) {
    let boards = boards.max(1);
    let i = number.max(1) - 1;
    (i / boards + 1, i % boards + 1)
}

/// What is wrong with a line-up (出场名单). Boards are 1-based; players are named by id, the
/// face puts names to them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineupError {
    /// Not exactly one player a board.
    Count { given: u32, boards: u32 },
    /// The player on `board` is not on the team.
    NotOnTeam { board: u32, player: EntrantId },
    /// The player is named twice (the second time on `board`).
    Twice { board: u32, player: EntrantId },
    /// The player on `board` stands above `above` (on the board before) in the team's order:
    /// the order of a team never changes.
    OutOfOrder {
        board: u32,
        player: EntrantId,
        above: EntrantId,
    },
    /// The player on `board` is withdrawn or excluded.
    NotInPlay { board: u32, player: EntrantId },
    /// `board` is one a woman must play (女子台), and `player` is not known to be one.
    NotAWoman { board: u32, player: EntrantId },
}

/// The default line-up: the first `boards` players in the team's order who are in play (a
/// player out of play is passed over, the ones below him move up a board).
pub fn default_lineup(
    players: &[EntrantId],
    boards: u32,
    in_play: impl Fn(EntrantId) -> bool,
) -> Vec<EntrantId> {
    players
        .iter()
        .copied()
        .filter(|&p| in_play(p))
        .take(boards as usize)
        .collect()
}

/// Checks a line-up against the regulation's boards for women (女子台): each of
/// `women_boards` must be played by a player `is_woman` says is one.
pub fn check_women_boards(
    lineup: &[EntrantId],
    women_boards: &[u32],
    is_woman: impl Fn(EntrantId) -> bool,
) -> Result<(), LineupError> {
    for &board in women_boards {
        if let Some(&player) = lineup.get(board as usize - 1)
            && !is_woman(player)
        {
            return Err(LineupError::NotAWoman { board, player });
        }
    }
    Ok(())
}

/// Checks a line-up against the team's order: exactly `boards` players of the team, each
/// once, in play, and in the team's order — a reserve who plays takes his place in that order
/// and moves the players below him down a board; nobody may be put above a player listed
/// before him.
pub fn check_lineup(
    players: &[EntrantId],
    lineup: &[EntrantId],
    boards: u32,
    in_play: impl Fn(EntrantId) -> bool,
) -> Result<(), LineupError> {
    let position = |p: EntrantId| players.iter().position(|&x| x == p);
    let mut last: Option<(usize, EntrantId)> = None;
    for (i, &p) in lineup.iter().enumerate() {
        let board = i as u32 + 1;
        if lineup[..i].contains(&p) {
            return Err(LineupError::Twice { board, player: p });
        }
        let Some(at) = position(p) else {
            return Err(LineupError::NotOnTeam { board, player: p });
        };
        if !in_play(p) {
            return Err(LineupError::NotInPlay { board, player: p });
        }
        if let Some((before, above)) = last
            && at < before
        {
            return Err(LineupError::OutOfOrder {
                board,
                player: p,
                above,
            });
        }
        last = Some((at, p));
    }
    if lineup.len() as u32 != boards {
        return Err(LineupError::Count {
            given: lineup.len() as u32,
            boards,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: u32, a: i32, b: i32) -> BoardGame {
        BoardGame {
            board: n,
            first_colour: if n % 2 == 1 { Side::Red } else { Side::Black },
            first: Points(a),
            second: Points(b),
            forfeit: false,
        }
    }

    #[test]
    fn a_match_is_the_sum_of_its_boards_and_2_1_0_by_default() {
        // 1 = 0 1 on four boards: 2½ – 1½, a win worth 2 match points.
        let m = TeamMatch {
            round: 1,
            first: 1,
            second: 2,
            first_colour: Side::Red,
            boards: vec![
                board(1, 2, 0),
                board(2, 1, 1),
                board(3, 0, 2),
                board(4, 2, 0),
            ],
            forfeit: None,
        };
        assert_eq!(m.game_points(4), (Points(5), Points(3)));
        let mp = MatchPoints::default();
        assert_eq!(m.match_points(&mp, 4), (Points::whole(2), Points::ZERO));
        assert_eq!(
            m.match_points(&MatchPoints::THREE_ONE_ZERO, 4),
            (Points::whole(3), Points::ZERO)
        );
    }

    #[test]
    fn forfeited_matches_give_the_winner_every_board_and_a_double_forfeit_nothing() {
        let mut m = TeamMatch {
            round: 2,
            first: 3,
            second: 4,
            first_colour: Side::Red,
            boards: Vec::new(),
            forfeit: Some(MatchForfeit::SecondWins),
        };
        let mp = MatchPoints::default();
        assert_eq!(m.game_points(4), (Points::ZERO, Points::whole(4)));
        assert_eq!(m.match_points(&mp, 4), (Points::ZERO, Points::whole(2)));
        m.forfeit = Some(MatchForfeit::Both);
        assert_eq!(m.match_points(&mp, 4), (Points::ZERO, Points::ZERO));
    }

    #[test]
    fn byes_score_a_win_a_draw_nothing_or_what_the_event_states() {
        let mut e = TeamEvent::new(4, 9);
        assert_eq!(
            e.bye_points(ByeKind::Full),
            (Points::whole(2), Points::whole(4))
        );
        assert_eq!(
            e.bye_points(ByeKind::Half),
            (Points::whole(1), Points::whole(2))
        );
        assert_eq!(e.bye_points(ByeKind::Zero), (Points::ZERO, Points::ZERO));
        e.pairing_bye_mp = Points::whole(2);
        e.pairing_bye_gp = Points::whole(3);
        assert_eq!(
            e.bye_points(ByeKind::Pairing),
            (Points::whole(2), Points::whole(3))
        );
    }

    fn ids(v: &[i64]) -> Vec<EntrantId> {
        v.iter().map(|&i| EntrantId(i)).collect()
    }

    #[test]
    fn a_reserve_takes_his_place_in_the_team_order_and_the_order_never_changes() {
        // 甲乙丙丁戊 (1–5), four boards, 戊 the reserve.
        let team = ids(&[1, 2, 3, 4, 5]);
        let all = |_| true;
        assert_eq!(default_lineup(&team, 4, all), ids(&[1, 2, 3, 4]));
        // 乙 withdrawn: 丙 and 丁 move up a board, 戊 plays board 4.
        assert_eq!(
            default_lineup(&team, 4, |p| p != EntrantId(2)),
            ids(&[1, 3, 4, 5])
        );
        assert_eq!(check_lineup(&team, &ids(&[1, 3, 4, 5]), 4, all), Ok(()));
        // 戊 put on board 2 above 丙 and 丁: refused at board 3, where 丙 comes after 戊.
        assert_eq!(
            check_lineup(&team, &ids(&[1, 5, 3, 4]), 4, all),
            Err(LineupError::OutOfOrder {
                board: 3,
                player: EntrantId(3),
                above: EntrantId(5)
            })
        );
        assert_eq!(
            check_lineup(&team, &ids(&[1, 2, 3]), 4, all),
            Err(LineupError::Count {
                given: 3,
                boards: 4
            })
        );
        assert_eq!(
            check_lineup(&team, &ids(&[1, 2, 9, 4]), 4, all),
            Err(LineupError::NotOnTeam {
                board: 3,
                player: EntrantId(9)
            })
        );
        assert_eq!(
            check_lineup(&team, &ids(&[1, 2, 2, 4]), 4, all),
            Err(LineupError::Twice {
                board: 3,
                player: EntrantId(2)
            })
        );
        assert_eq!(
            check_lineup(&team, &ids(&[1, 2, 3, 4]), 4, |p| p != EntrantId(4)),
            Err(LineupError::NotInPlay {
                board: 4,
                player: EntrantId(4)
            })
        );
    }

    #[test]
    fn a_board_for_women_takes_a_woman_only() {
        // Board 4 a woman's: 丁 (4) is a man, 戊 (5) a woman.
        let woman = |p: EntrantId| p == EntrantId(5);
        assert_eq!(check_women_boards(&ids(&[1, 2, 3, 5]), &[4], woman), Ok(()));
        assert_eq!(
            check_women_boards(&ids(&[1, 2, 3, 4]), &[4], woman),
            Err(LineupError::NotAWoman {
                board: 4,
                player: EntrantId(4)
            })
        );
        assert_eq!(check_women_boards(&ids(&[1, 2, 3, 4]), &[], woman), Ok(()));
    }

    #[test]
    fn boards_are_numbered_through_the_round_table_by_table() {
        // Four boards a match: table 3 holds boards 9–12.
        assert_eq!(board_number(1, 1, 4), 1);
        assert_eq!(board_number(3, 1, 4), 9);
        assert_eq!(board_number(3, 4, 4), 12);
        for n in 1..=40 {
            let (t, b) = table_and_board(n, 4);
            assert_eq!(board_number(t, b, 4), n);
            assert!((1..=4).contains(&b));
        }
    }
}
