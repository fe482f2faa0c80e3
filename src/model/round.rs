//! Rounds (轮次), games (对局) on their boards (台次), outcome codes and byes (轮空).

use super::{EntrantId, PointSystem, Points};
use serde::{Deserialize, Serialize};

/// Which side of a game: 红方/先手 (chess: white) or 黑方/后手.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Red,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }
}

/// The outcome code of a game. Points are never stored; they follow from the code and the
/// section's [`PointSystem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// 红胜 (chess 1-0).
    RedWin,
    /// 和棋.
    Draw,
    /// 黑胜 (chess 0-1).
    BlackWin,
    /// 黑方弃权 — black did not play; red wins by forfeit (TRF "+").
    RedWinByForfeit,
    /// 红方弃权 — red did not play; black wins by forfeit.
    BlackWinByForfeit,
    /// 双方弃权 — neither played (also 无实际对局的协议和棋); both score the forfeit loss.
    DoubleForfeit,
}

/// The result of one board: its outcome (`None` clears it) and the fouls (犯规) of red and
/// black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardResult {
    pub board: u32,
    pub outcome: Option<Outcome>,
    pub fouls: (u8, u8),
}

impl Outcome {
    pub const ALL: [Outcome; 6] = [
        Outcome::RedWin,
        Outcome::Draw,
        Outcome::BlackWin,
        Outcome::RedWinByForfeit,
        Outcome::BlackWinByForfeit,
        Outcome::DoubleForfeit,
    ];

    /// Stable code used in files: "1-0", "=", "0-1", "+-", "-+", "--".
    pub fn code(self) -> &'static str {
        match self {
            Outcome::RedWin => "1-0",
            Outcome::Draw => "=",
            Outcome::BlackWin => "0-1",
            Outcome::RedWinByForfeit => "+-",
            Outcome::BlackWinByForfeit => "-+",
            Outcome::DoubleForfeit => "--",
        }
    }

    pub fn from_code(code: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.code() == code)
    }

    /// Was the game played over the board (not a forfeit)?
    pub fn is_played(self) -> bool {
        matches!(self, Outcome::RedWin | Outcome::Draw | Outcome::BlackWin)
    }

    /// The winner's side, if there is one (forfeit wins included).
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::RedWin | Outcome::RedWinByForfeit => Some(Side::Red),
            Outcome::BlackWin | Outcome::BlackWinByForfeit => Some(Side::Black),
            Outcome::Draw | Outcome::DoubleForfeit => None,
        }
    }

    /// The outcome when `side` forfeits and the other side came: the other side wins by
    /// forfeit (迟到判负 of a late player is this outcome).
    pub fn forfeit_of(side: Side) -> Outcome {
        match side {
            Side::Red => Outcome::BlackWinByForfeit,
            Side::Black => Outcome::RedWinByForfeit,
        }
    }

    /// Is it a forfeit of one side or both (no game played)?
    pub fn is_forfeit(self) -> bool {
        !self.is_played()
    }

    /// Did this side forfeit (fail to appear)?
    pub fn forfeited_by(self, side: Side) -> bool {
        match self {
            Outcome::RedWinByForfeit => side == Side::Black,
            Outcome::BlackWinByForfeit => side == Side::Red,
            Outcome::DoubleForfeit => true,
            _ => false,
        }
    }

    /// Points scored by `side` under `ps`.
    pub fn points(self, side: Side, ps: &PointSystem) -> Points {
        let wdl = match side {
            Side::Red => &ps.red,
            Side::Black => &ps.black,
        };
        match self {
            Outcome::Draw => wdl.draw,
            Outcome::RedWin | Outcome::BlackWin => {
                if self.winner() == Some(side) {
                    wdl.win
                } else {
                    wdl.loss
                }
            }
            Outcome::RedWinByForfeit | Outcome::BlackWinByForfeit => {
                if self.winner() == Some(side) {
                    ps.forfeit_win
                } else {
                    ps.forfeit_loss
                }
            }
            Outcome::DoubleForfeit => ps.forfeit_loss,
        }
    }
}

/// What kind of game this is (对局性质). Games of the section's own system (a Swiss or
/// round-robin round) are `Regular`; the games of a knockout or playoff match carry their phase,
/// so a match's tie-break games can share a round with other games and are never counted as
/// Swiss or round-robin results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GamePhase {
    /// A game of the section's own system; counts in its standings.
    #[default]
    Regular,
    /// 慢棋 — a slow game of a knockout or playoff match.
    Slow,
    /// 快棋 / 超快棋 — a rapid tie-break game of a match.
    Rapid,
    /// 超快棋加赛（直至分出胜负）— a sudden-death tie-break game: the first decisive game wins.
    SuddenDeath,
    /// 附加赛 — Armageddon: a draw counts as a win for black.
    Armageddon,
}

impl GamePhase {
    pub const ALL: [GamePhase; 5] = [
        GamePhase::Regular,
        GamePhase::Slow,
        GamePhase::Rapid,
        GamePhase::SuddenDeath,
        GamePhase::Armageddon,
    ];

    /// Stable code used in files: "regular", "slow", "rapid", "sudden-death", "armageddon".
    pub fn code(self) -> &'static str {
        match self {
            GamePhase::Regular => "regular",
            GamePhase::Slow => "slow",
            GamePhase::Rapid => "rapid",
            GamePhase::SuddenDeath => "sudden-death",
            GamePhase::Armageddon => "armageddon",
        }
    }

    pub fn from_code(code: &str) -> Option<GamePhase> {
        GamePhase::ALL.into_iter().find(|p| p.code() == code)
    }

    /// Is this a game of a knockout or playoff match (not of the section's own system)?
    pub fn is_match_game(self) -> bool {
        self != GamePhase::Regular
    }
}

/// A game on a board. `red` moves first (chess: white).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// 台次, from 1.
    pub board: u32,
    pub red: EntrantId,
    pub black: EntrantId,
    /// `None` while the game is in progress.
    pub outcome: Option<Outcome>,
    /// 犯规 recorded against red in this game.
    pub fouls_red: u8,
    /// 犯规 recorded against black in this game.
    pub fouls_black: u8,
    /// Regular game, or which phase of a knockout/playoff match.
    #[serde(default)]
    pub phase: GamePhase,
    /// 暂停对局 — adjourned: the game has no result yet and the next round may be paired
    /// meanwhile, counting it as a draw ([`Game::pairing_outcome`]); its standings points wait
    /// for the result. Entering a result ends the adjournment.
    #[serde(default)]
    pub adjourned: bool,
    /// 迟到判负 — the forfeit was for lateness: the side (or sides) that forfeited came after
    /// the section's limit ([`super::Lateness`]). Only a forfeit outcome carries it; any other
    /// result entered clears it.
    #[serde(default)]
    pub late: bool,
}

impl Game {
    pub fn new(board: u32, red: EntrantId, black: EntrantId) -> Game {
        Game {
            board,
            red,
            black,
            outcome: None,
            fouls_red: 0,
            fouls_black: 0,
            phase: GamePhase::Regular,
            adjourned: false,
            late: false,
        }
    }

    /// The result the pairing of a later round counts: the outcome, or a draw while the game is
    /// adjourned (FIDE C.04: an adjourned game is a draw for pairing purposes).
    pub fn pairing_outcome(&self) -> Option<Outcome> {
        if self.adjourned && self.outcome.is_none() {
            Some(Outcome::Draw)
        } else {
            self.outcome
        }
    }

    pub fn side_of(&self, who: EntrantId) -> Option<Side> {
        if self.red == who {
            Some(Side::Red)
        } else if self.black == who {
            Some(Side::Black)
        } else {
            None
        }
    }

    pub fn player(&self, side: Side) -> EntrantId {
        match side {
            Side::Red => self.red,
            Side::Black => self.black,
        }
    }

    pub fn fouls(&self, side: Side) -> u8 {
        match side {
            Side::Red => self.fouls_red,
            Side::Black => self.fouls_black,
        }
    }

    /// The side whose fouls have lost this game ([`FOULS_FOR_LOSS`]) while the result entered
    /// gives it a win or a draw (red first when both have lost). `None` without a result.
    pub fn foul_conflict(&self) -> Option<Side> {
        let outcome = self.outcome?;
        [Side::Red, Side::Black].into_iter().find(|&side| {
            let loses = match side {
                Side::Red => matches!(
                    outcome,
                    Outcome::BlackWin | Outcome::BlackWinByForfeit | Outcome::DoubleForfeit
                ),
                Side::Black => matches!(
                    outcome,
                    Outcome::RedWin | Outcome::RedWinByForfeit | Outcome::DoubleForfeit
                ),
            };
            self.fouls(side) >= FOULS_FOR_LOSS && !loses
        })
    }
}

/// 犯规判负 — the fouls in one game that lose it: “违反行棋规定判犯规1次，同一盘棋2次违反行棋
/// 规定判负” (seed 000 补充细则 四), “第一次记犯规，第二次判负” (seed 001); rules.md §6.
pub const FOULS_FOR_LOSS: u8 = 2;

/// Kinds of bye (TRF codes in brackets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeKind {
    /// 轮空 — pairing-allocated bye (U), worth the point system's bye value.
    Pairing,
    /// Requested full-point bye (F).
    Full,
    /// Requested half-point bye (H).
    Half,
    /// Not paired, zero points (Z): absent, withdrawn for the round.
    Zero,
}

impl ByeKind {
    pub const ALL: [ByeKind; 4] = [
        ByeKind::Pairing,
        ByeKind::Full,
        ByeKind::Half,
        ByeKind::Zero,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ByeKind::Pairing => "U",
            ByeKind::Full => "F",
            ByeKind::Half => "H",
            ByeKind::Zero => "Z",
        }
    }

    pub fn from_code(code: &str) -> Option<ByeKind> {
        ByeKind::ALL.into_iter().find(|k| k.code() == code)
    }

    pub fn points(self, ps: &PointSystem) -> Points {
        match self {
            ByeKind::Pairing => ps.bye,
            ByeKind::Full => ps.forfeit_win,
            ByeKind::Half => ps.half_bye,
            ByeKind::Zero => Points::ZERO,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    pub entrant: EntrantId,
    pub kind: ByeKind,
}

/// One round of a section: its games in board order and its byes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// 轮次, from 1.
    pub number: u32,
    pub games: Vec<Game>,
    pub byes: Vec<Bye>,
}

impl Round {
    /// Every game has an outcome, match games included.
    pub fn is_complete(&self) -> bool {
        self.games.iter().all(|g| g.outcome.is_some())
    }

    /// Every game of the section's own system has an outcome: what the next Swiss or
    /// round-robin round waits for. A knockout or playoff match game still being played beside
    /// it (a tie-break) does not hold the system up.
    pub fn regular_games_complete(&self) -> bool {
        self.regular_games().all(|g| g.outcome.is_some())
    }

    /// Every game of the section's own system has a result or is adjourned: the next round may
    /// be paired.
    pub fn regular_games_settled(&self) -> bool {
        self.regular_games()
            .all(|g| g.outcome.is_some() || g.adjourned)
    }

    /// The games of the section's own system still without a result and not adjourned.
    pub fn unfinished_boards(&self) -> Vec<u32> {
        self.regular_games()
            .filter(|g| g.outcome.is_none() && !g.adjourned)
            .map(|g| g.board)
            .collect()
    }

    /// The games of the section's own system (not knockout or playoff match games).
    pub fn regular_games(&self) -> impl Iterator<Item = &Game> {
        self.games.iter().filter(|g| !g.phase.is_match_game())
    }

    /// The round as the section's own system sees it: its regular games and byes, without the
    /// knockout or playoff match games played beside them.
    pub fn without_match_games(&self) -> Round {
        Round {
            number: self.number,
            games: self.regular_games().cloned().collect(),
            byes: self.byes.clone(),
        }
    }

    /// The game `who` plays in the section's own system this round (a match game of a knockout
    /// or playoff is not one: a player may have several in a round, and they score nothing in
    /// the Swiss or round robin).
    pub fn game_of(&self, who: EntrantId) -> Option<&Game> {
        self.regular_games()
            .find(|g| g.red == who || g.black == who)
    }

    /// Does `who` play any game this round, match games included?
    pub fn plays(&self, who: EntrantId) -> bool {
        self.games.iter().any(|g| g.side_of(who).is_some())
    }

    pub fn bye_of(&self, who: EntrantId) -> Option<&Bye> {
        self.byes.iter().find(|b| b.entrant == who)
    }

    /// Points `who` scored in this round in the section's own system (0 if absent or the game
    /// is unfinished; match games score nothing here).
    pub fn points_of(&self, who: EntrantId, ps: &PointSystem) -> Points {
        if let Some(g) = self.game_of(who) {
            match (g.outcome, g.side_of(who)) {
                (Some(o), Some(side)) => o.points(side, ps),
                _ => Points::ZERO,
            }
        } else if let Some(b) = self.bye_of(who) {
            b.kind.points(ps)
        } else {
            Points::ZERO
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PointSystemPreset;

    #[test]
    fn outcome_points_follow_the_six_value_table() {
        let ps = PointSystemPreset::ThreeOneZeroBlackDrawTwo.system();
        assert_eq!(Outcome::Draw.points(Side::Red, &ps), Points::whole(1));
        assert_eq!(Outcome::Draw.points(Side::Black, &ps), Points::whole(2));
        assert_eq!(Outcome::BlackWin.points(Side::Black, &ps), Points::whole(3));
        assert_eq!(Outcome::BlackWin.points(Side::Red, &ps), Points::ZERO);
        assert_eq!(
            Outcome::RedWinByForfeit.points(Side::Red, &ps),
            Points::whole(3)
        );
        assert_eq!(
            Outcome::DoubleForfeit.points(Side::Black, &ps),
            Points::ZERO
        );
        assert!(Outcome::BlackWinByForfeit.forfeited_by(Side::Red));
        assert!(!Outcome::BlackWinByForfeit.is_played());
    }

    #[test]
    fn match_games_beside_a_swiss_game_score_nothing_in_the_round() {
        // Round 8 of seed 000: 3 v 4 in the Swiss, 1 v 2 a playoff semi-final drawn in the slow
        // game and won by 2 in the rapid game.
        let (p1, p2, p3, p4) = (EntrantId(1), EntrantId(2), EntrantId(3), EntrantId(4));
        let game = |board, red, black, phase, outcome| Game {
            phase,
            outcome,
            ..Game::new(board, red, black)
        };
        let r = Round {
            number: 8,
            games: vec![
                game(1, p3, p4, GamePhase::Regular, Some(Outcome::RedWin)),
                game(2, p1, p2, GamePhase::Slow, Some(Outcome::Draw)),
                game(3, p2, p1, GamePhase::Rapid, None),
            ],
            byes: vec![],
        };
        let ps = PointSystemPreset::ThreeOneZero.system();
        assert_eq!(r.points_of(p3, &ps), Points::whole(3));
        assert_eq!(r.points_of(p1, &ps), Points::ZERO, "the drawn slow game");
        assert!(r.game_of(p1).is_none() && r.game_of(p3).is_some());
        assert!(r.plays(p1) && r.plays(p4));
        assert!(
            r.regular_games_complete(),
            "the rapid game does not hold the Swiss"
        );
        assert!(!r.is_complete());
        assert_eq!(r.without_match_games().games.len(), 1);
    }

    #[test]
    fn codes_round_trip() {
        for o in Outcome::ALL {
            assert_eq!(Outcome::from_code(o.code()), Some(o));
        }
        for k in ByeKind::ALL {
            assert_eq!(ByeKind::from_code(k.code()), Some(k));
        }
        for p in GamePhase::ALL {
            assert_eq!(GamePhase::from_code(p.code()), Some(p));
        }
    }
}
