//! 成绩交叉表 — the crosstable view every tiebreak reads. It is built once from a [`Section`]
//! for the rounds counted (1..=R) and holds, per player and round, what happened (a game and
//! its result, a bye, or nothing) and the points scored under the section's point system. The
//! tiebreak functions never look at the section again, so a standings computation walks the
//! rounds only once.

use crate::model::{
    Appearance, ByeKind, EntrantId, History, Outcome, PointSystem, Points, Section, Side,
};
use std::collections::HashMap;
use std::rc::Rc;

/// The result of one game from one player's side, forfeits included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

/// What one player had in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A game with an outcome against the player at index `opponent`. `played` is false for
    /// forfeits (弃权), where the result is the forfeit result (a double forfeit is a loss for
    /// both).
    Game {
        opponent: usize,
        side: Side,
        result: GameResult,
        played: bool,
    },
    /// A game still in progress: it scores nothing yet and is ignored by tiebreaks.
    Pending { opponent: usize, side: Side },
    /// 轮空 or a requested bye.
    Bye(ByeKind),
    /// Not in the round at all (not paired, withdrawn, late entry).
    Absent,
}

impl Cell {
    /// The opponent met over the board, if any.
    pub fn played_opponent(&self) -> Option<usize> {
        match *self {
            Cell::Game {
                opponent,
                played: true,
                ..
            } => Some(opponent),
            _ => None,
        }
    }

    /// The scheduled opponent (over the board or by forfeit), if any.
    pub fn scheduled_opponent(&self) -> Option<usize> {
        match *self {
            Cell::Game { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// Was the game played over the board?
    pub fn is_played(&self) -> bool {
        matches!(self, Cell::Game { played: true, .. })
    }

    /// Did the player get the points of a win in this round, with or without playing (a game
    /// won, a forfeit win, the pairing-allocated bye or a full-point bye)?
    pub fn is_win_without_playing_too(&self) -> bool {
        matches!(
            self,
            Cell::Game {
                result: GameResult::Win,
                ..
            } | Cell::Bye(ByeKind::Pairing | ByeKind::Full)
        )
    }

    /// FIDE C.07 "voluntarily unplayed round" (VUR): no game over the board and not the points
    /// of a win — a half- or zero-point bye, a forfeit loss (also a double forfeit), absence.
    pub fn is_voluntarily_unplayed(&self) -> bool {
        match self {
            Cell::Game { played, result, .. } => !played && *result != GameResult::Win,
            Cell::Bye(k) => matches!(k, ByeKind::Half | ByeKind::Zero),
            Cell::Absent | Cell::Pending { .. } => true,
        }
    }

    /// A requested bye in the sense of C.07 16.2: half- or zero-point bye, or absence.
    pub fn is_requested_bye(&self) -> bool {
        matches!(
            self,
            Cell::Bye(ByeKind::Half | ByeKind::Zero) | Cell::Absent | Cell::Pending { .. }
        )
    }
}

impl Row {
    /// The bonuses and penalties counted after `rounds` rounds.
    pub fn adjustment_after(&self, rounds: u32) -> Points {
        self.adjustments
            .iter()
            .filter(|(r, _)| *r <= rounds)
            .map(|(_, p)| *p)
            .sum()
    }
}

/// One player's line of the crosstable.
#[derive(Clone, Debug)]
pub struct Row {
    pub id: EntrantId,
    /// 序号 — pairing (starting) number.
    pub number: Option<u32>,
    /// 等级分, used by the rating tiebreaks (ARO, TPR …).
    pub rating: Option<i32>,
    /// One cell per round counted, round 1 first.
    pub cells: Vec<Cell>,
    /// Points scored in each round counted.
    pub round_points: Vec<Points>,
    /// 犯规 recorded against the player in each round counted.
    pub round_fouls: Vec<u32>,
    /// 犯规 recorded against the player in the rounds counted.
    pub fouls: u32,
    /// 积分 — total after the rounds counted, points bonuses and penalties included.
    pub total: Points,
    /// 加减分 — the bonuses and penalties: (the round after which each counts, points).
    pub adjustments: Vec<(u32, Points)>,
    /// False for a house player (补双选手, rules.md §6): he gets no place, but his row stays
    /// here so that his games and his score count for his opponents' tiebreaks.
    pub ranked: bool,
}

/// The crosstable of a section after `rounds` rounds.
#[derive(Clone, Debug)]
pub struct Crosstable {
    /// Rounds counted (R).
    pub rounds: u32,
    /// Players in the section's entrant order.
    pub rows: Vec<Row>,
    /// Points of a win, a draw and a loss (red/white side: the values FIDE rules use).
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    /// Shared by the crosstable and its prefixes.
    index: Rc<HashMap<EntrantId, usize>>,
}

impl Crosstable {
    /// Reads rounds 1..=`rounds` of `section` (rounds not yet paired count as absent) from its
    /// [`History`]. A game against someone not in the section is left out (absent, no fouls).
    pub fn new(section: &Section, rounds: u32) -> Crosstable {
        let ps: &PointSystem = &section.settings.points;
        let history = History::new(section, rounds);
        let n_rounds = rounds as usize;
        let mut rows = Vec::with_capacity(section.entrants.len());
        for (e, h) in section.entrants.iter().zip(history.players()) {
            let mut row = Row {
                id: e.id,
                number: e.number,
                rating: e.rating,
                cells: Vec::with_capacity(n_rounds),
                round_points: Vec::with_capacity(n_rounds),
                round_fouls: Vec::with_capacity(n_rounds),
                fouls: 0,
                total: Points::ZERO,
                adjustments: section
                    .settings
                    .points_adjustments
                    .iter()
                    .filter(|a| a.entrant == e.id)
                    .map(|a| (a.round, a.points))
                    .collect(),
                ranked: !e.house,
            };
            for entry in h.rounds() {
                let (cell, points, fouls) = match entry.appearance {
                    Appearance::Game { side, outcome, .. } => match (entry.opponent_index, outcome)
                    {
                        (None, _) => (Cell::Absent, Points::ZERO, 0),
                        (Some(opponent), None) => {
                            (Cell::Pending { opponent, side }, entry.points, entry.fouls)
                        }
                        (Some(opponent), Some(o)) => {
                            let result = match o.winner() {
                                Some(s) if s == side => GameResult::Win,
                                Some(_) => GameResult::Loss,
                                None if o == Outcome::DoubleForfeit => GameResult::Loss,
                                None => GameResult::Draw,
                            };
                            let played = entry.appearance.is_played();
                            let cell = Cell::Game {
                                opponent,
                                side,
                                result,
                                played,
                            };
                            (cell, entry.points, entry.fouls)
                        }
                    },
                    Appearance::Bye(kind) => (Cell::Bye(kind), entry.points, entry.fouls),
                    Appearance::Absent => (Cell::Absent, Points::ZERO, 0),
                };
                row.cells.push(cell);
                row.round_points.push(points);
                row.round_fouls.push(fouls);
            }
            row.total =
                row.round_points.iter().copied().sum::<Points>() + row.adjustment_after(rounds);
            row.fouls = row.round_fouls.iter().sum();
            rows.push(row);
        }
        let index = Rc::new(history.into_index());
        Crosstable {
            rounds,
            rows,
            win: ps.red.win,
            draw: ps.red.draw,
            loss: ps.red.loss,
            index,
        }
    }

    /// The crosstable after the first `k` rounds of this one (cheaper than reading the
    /// section again, for the rankings after earlier rounds).
    pub fn prefix(&self, k: u32) -> Crosstable {
        let k = k.min(self.rounds);
        let n = k as usize;
        let rows = self
            .rows
            .iter()
            .map(|r| Row {
                id: r.id,
                number: r.number,
                rating: r.rating,
                cells: r.cells[..n].to_vec(),
                round_points: r.round_points[..n].to_vec(),
                round_fouls: r.round_fouls[..n].to_vec(),
                fouls: r.round_fouls[..n].iter().sum(),
                total: r.round_points[..n].iter().copied().sum::<Points>() + r.adjustment_after(k),
                adjustments: r.adjustments.clone(),
                ranked: r.ranked,
            })
            .collect();
        Crosstable {
            rounds: k,
            rows,
            win: self.win,
            draw: self.draw,
            loss: self.loss,
            index: Rc::clone(&self.index),
        }
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The row index of an entrant.
    pub fn index_of(&self, id: EntrantId) -> Option<usize> {
        self.index.get(&id).copied()
    }

    /// Total of player `i` after the first `k` rounds counted (bonuses and penalties included).
    pub fn total_after(&self, i: usize, k: u32) -> Points {
        let row = &self.rows[i];
        row.round_points[..k as usize]
            .iter()
            .copied()
            .sum::<Points>()
            + row.adjustment_after(k)
    }

    /// The share of a win a result is worth for Sonneborn-Berger-like sums: 1, ½ or 0.
    pub fn result_share(result: GameResult) -> f64 {
        match result {
            GameResult::Win => 1.0,
            GameResult::Draw => 0.5,
            GameResult::Loss => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, Entrant, Game, Round};

    #[test]
    fn cells_follow_outcome_codes_and_byes() {
        let mut s = Section::default();
        for n in 1..=3 {
            s.entrants.push(Entrant {
                id: EntrantId(n),
                number: Some(n as u32),
                ..Entrant::default()
            });
        }
        let mut g = Game::new(1, EntrantId(1), EntrantId(2));
        g.outcome = Some(Outcome::BlackWinByForfeit);
        g.fouls_black = 1;
        s.rounds.push(Round {
            number: 1,
            games: vec![g],
            byes: vec![Bye {
                entrant: EntrantId(3),
                kind: ByeKind::Pairing,
            }],
        });
        let ct = Crosstable::new(&s, 2);
        // Red (1) forfeited: a loss not played, a VUR; black (2) won by forfeit, not a VUR.
        assert_eq!(
            ct.rows[0].cells[0],
            Cell::Game {
                opponent: 1,
                side: Side::Red,
                result: GameResult::Loss,
                played: false
            }
        );
        assert!(ct.rows[0].cells[0].is_voluntarily_unplayed());
        assert!(!ct.rows[1].cells[0].is_voluntarily_unplayed());
        assert!(ct.rows[1].cells[0].is_win_without_playing_too());
        assert_eq!(ct.rows[1].fouls, 1);
        // 2-1-0: forfeit win and bye both score 2; round 2 not paired: absent.
        assert_eq!(ct.rows[1].total, Points::whole(2));
        assert_eq!(ct.rows[2].total, Points::whole(2));
        assert_eq!(ct.rows[2].cells[1], Cell::Absent);
        assert_eq!(ct.total_after(2, 1), Points::whole(2));
        // The prefix after round 1 is the crosstable read for one round.
        let p = ct.prefix(1);
        let one = Crosstable::new(&s, 1);
        for (a, b) in p.rows.iter().zip(&one.rows) {
            assert_eq!((&a.cells, a.total, a.fouls), (&b.cells, b.total, b.fouls));
        }
    }
}
