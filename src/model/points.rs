//! 记分 — point systems. A point system is the six-value table red/black × win/draw/loss of the
//! xiangqi rule book (13.1, 13.3) plus the values of byes and forfeits; [`PointCell`] lays it
//! out as the table the arbiter edits.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A number of points, kept exactly in half-points so that chess ½ and xiangqi 3-1-0 are both
/// integers inside. `Points(3)` is 1½ points.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Points(pub i32);

impl Points {
    pub const ZERO: Points = Points(0);

    /// Whole points, e.g. `Points::whole(2)` = 2 points.
    pub const fn whole(n: i32) -> Points {
        Points(n * 2)
    }

    /// Half-points count (the raw value).
    pub const fn halves(self) -> i32 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }

    /// Parses "2", "1.5", "0.5", "½", "1½" (what an arbiter types).
    pub fn parse(text: &str) -> Option<Points> {
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        if let Some(whole) = t.strip_suffix('½') {
            let w: i32 = if whole.is_empty() {
                0
            } else {
                whole.parse().ok()?
            };
            return (w >= 0).then_some(Points(w * 2 + 1));
        }
        match t.split_once('.') {
            None => t.parse::<i32>().ok().map(Points::whole),
            Some((w, f)) => {
                let neg = w.starts_with('-');
                let w: i32 = if w.is_empty() || w == "-" {
                    0
                } else {
                    w.parse().ok()?
                };
                let half = match f.trim_end_matches('0') {
                    "" => 0,
                    "5" => 1,
                    _ => return None,
                };
                let v = w.abs() * 2 + half;
                Some(Points(if neg { -v } else { v }))
            }
        }
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    /// "3", "1.5", "0.5", "-1".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.abs();
        if a % 2 == 0 {
            write!(f, "{sign}{}", a / 2)
        } else {
            write!(f, "{sign}{}.5", a / 2)
        }
    }
}

/// Points for one side's win, draw and loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
}

impl Wdl {
    pub const fn new(win: i32, draw: i32, loss: i32) -> Wdl {
        Wdl {
            win: Points(win),
            draw: Points(draw),
            loss: Points(loss),
        }
    }
}

/// 胜 / 和 / 负 — a column of a side's row in the point table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointColumn {
    Win,
    Draw,
    Loss,
}

impl Wdl {
    fn get_mut(&mut self, column: PointColumn) -> &mut Points {
        match column {
            PointColumn::Win => &mut self.win,
            PointColumn::Draw => &mut self.draw,
            PointColumn::Loss => &mut self.loss,
        }
    }
}

/// 记分表 — one value of the point table as the event tab lays it out: a row for red and one
/// for black with the columns win, draw and loss, then a row each for the bye, the forfeit win
/// and the forfeit loss ([`PointCell::TABLE`]). The half-point bye has no cell: it is worth
/// red's draw ([`PointSystem::from_table`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointCell {
    /// 红方 — red's points (chess: white).
    Red(PointColumn),
    /// 黑方 — black's points.
    Black(PointColumn),
    /// 轮空.
    Bye,
    /// 对方弃权 — the player whose opponent did not appear.
    ForfeitWin,
    /// 弃权 — the absent player.
    ForfeitLoss,
}

impl PointCell {
    /// The cells in the order the table shows them, row by row.
    pub const TABLE: [PointCell; 9] = [
        PointCell::Red(PointColumn::Win),
        PointCell::Red(PointColumn::Draw),
        PointCell::Red(PointColumn::Loss),
        PointCell::Black(PointColumn::Win),
        PointCell::Black(PointColumn::Draw),
        PointCell::Black(PointColumn::Loss),
        PointCell::Bye,
        PointCell::ForfeitWin,
        PointCell::ForfeitLoss,
    ];
}

/// 局分模式 — the point system of a section: what red (white) and black score for a win, a draw
/// and a loss, and what byes and forfeits are worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointSystem {
    /// 红方 (chess: white).
    pub red: Wdl,
    /// 黑方.
    pub black: Wdl,
    /// 轮空 — a pairing-allocated bye (xiangqi 14.4: scored as a win).
    pub bye: Points,
    /// A requested half-point bye (chess).
    pub half_bye: Points,
    /// 对方弃权 — the points of the player whose opponent did not appear.
    pub forfeit_win: Points,
    /// 弃权 — the points of the absent player.
    pub forfeit_loss: Points,
}

/// The named point systems the seeds and the rule book use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PointSystemPreset {
    /// 胜2 和1 负0 — xiangqi rule 13.1 (default).
    TwoOneZero,
    /// 胜3 和1 负0 — seed 000.
    ThreeOneZero,
    /// 胜3 和: 先手1 后手2 负0 — rule 13.3's colour-asymmetric draw.
    ThreeOneZeroBlackDrawTwo,
    /// 1 – ½ – 0 — chess.
    Chess,
}

impl PointSystemPreset {
    pub const ALL: [PointSystemPreset; 4] = [
        PointSystemPreset::TwoOneZero,
        PointSystemPreset::ThreeOneZero,
        PointSystemPreset::ThreeOneZeroBlackDrawTwo,
        PointSystemPreset::Chess,
    ];

    /// The short label arbiters write, e.g. "3-1-0".
    pub fn label(self) -> &'static str {
        match self {
            PointSystemPreset::TwoOneZero => "2-1-0",
            PointSystemPreset::ThreeOneZero => "3-1-0",
            PointSystemPreset::ThreeOneZeroBlackDrawTwo => "3-1(2)-0",
            PointSystemPreset::Chess => "1-½-0",
        }
    }

    pub fn system(self) -> PointSystem {
        let (red, black) = match self {
            PointSystemPreset::TwoOneZero => (Wdl::new(4, 2, 0), Wdl::new(4, 2, 0)),
            PointSystemPreset::ThreeOneZero => (Wdl::new(6, 2, 0), Wdl::new(6, 2, 0)),
            PointSystemPreset::ThreeOneZeroBlackDrawTwo => (Wdl::new(6, 2, 0), Wdl::new(6, 4, 0)),
            PointSystemPreset::Chess => (Wdl::new(2, 1, 0), Wdl::new(2, 1, 0)),
        };
        PointSystem {
            red,
            black,
            bye: red.win,
            half_bye: red.draw,
            forfeit_win: red.win,
            forfeit_loss: Points::ZERO,
        }
    }
}

impl PointSystem {
    /// The preset this system equals, if any.
    pub fn preset(&self) -> Option<PointSystemPreset> {
        PointSystemPreset::ALL
            .into_iter()
            .find(|p| p.system() == *self)
    }

    fn cell_mut(&mut self, cell: PointCell) -> &mut Points {
        match cell {
            PointCell::Red(column) => self.red.get_mut(column),
            PointCell::Black(column) => self.black.get_mut(column),
            PointCell::Bye => &mut self.bye,
            PointCell::ForfeitWin => &mut self.forfeit_win,
            PointCell::ForfeitLoss => &mut self.forfeit_loss,
        }
    }

    /// The value in one cell of the point table.
    pub fn cell(&self, cell: PointCell) -> Points {
        let mut copy = *self;
        *copy.cell_mut(cell)
    }

    /// The point table's values, in the order of [`PointCell::TABLE`].
    pub fn table(&self) -> [Points; 9] {
        PointCell::TABLE.map(|cell| self.cell(cell))
    }

    /// The point system a filled-in table gives, values in the order of [`PointCell::TABLE`].
    /// The table has no cell for the half-point bye (半分请假): it is worth what red scores for a
    /// draw, as in every preset (chess: ½).
    pub fn from_table(values: [Points; 9]) -> PointSystem {
        let mut s = PointSystem {
            red: Wdl::new(0, 0, 0),
            black: Wdl::new(0, 0, 0),
            bye: Points::ZERO,
            half_bye: Points::ZERO,
            forfeit_win: Points::ZERO,
            forfeit_loss: Points::ZERO,
        };
        for (cell, value) in PointCell::TABLE.into_iter().zip(values) {
            *s.cell_mut(cell) = value;
        }
        s.half_bye = s.red.draw;
        s
    }

    /// The most a player can score in one round (for score-rate and topscorer rules).
    pub fn max_per_round(&self) -> Points {
        [
            self.red.win,
            self.red.draw,
            self.black.win,
            self.black.draw,
            self.bye,
            self.forfeit_win,
        ]
        .into_iter()
        .max()
        .unwrap_or_default()
    }

    /// Label for printouts: the preset name, or the six values.
    pub fn label(&self) -> String {
        match self.preset() {
            Some(p) => p.label().to_string(),
            None => format!(
                "{}-{}-{} / {}-{}-{}",
                self.red.win,
                self.red.draw,
                self.red.loss,
                self.black.win,
                self.black.draw,
                self.black.loss
            ),
        }
    }
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystemPreset::TwoOneZero.system()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_match_the_rule_book_tables() {
        // 13.1: win 2, draw 1, loss 0.
        let s = PointSystemPreset::TwoOneZero.system();
        assert_eq!(
            (s.red.win, s.red.draw, s.red.loss),
            (Points::whole(2), Points::whole(1), Points::ZERO)
        );
        assert_eq!(s.bye, Points::whole(2), "14.4: the bye scores as a win");
        // 13.3: 3-1-0 with the second mover's draw worth 2.
        let s = PointSystemPreset::ThreeOneZeroBlackDrawTwo.system();
        assert_eq!(s.red.draw, Points::whole(1));
        assert_eq!(s.black.draw, Points::whole(2));
        assert_eq!(s.black.win, Points::whole(3));
        // Chess.
        let s = PointSystemPreset::Chess.system();
        assert_eq!(s.red.draw.to_string(), "0.5");
        assert_eq!(s.max_per_round(), Points::whole(1));
        assert_eq!(
            PointSystemPreset::ThreeOneZero.system().max_per_round(),
            Points::whole(3)
        );
    }

    #[test]
    fn the_table_names_each_value_and_gives_the_presets_back() {
        let s = PointSystemPreset::ThreeOneZeroBlackDrawTwo.system();
        assert_eq!(s.cell(PointCell::Red(PointColumn::Draw)), Points::whole(1));
        assert_eq!(
            s.cell(PointCell::Black(PointColumn::Draw)),
            Points::whole(2)
        );
        assert_eq!(s.cell(PointCell::Black(PointColumn::Loss)), Points::ZERO);
        assert_eq!(s.cell(PointCell::Bye), Points::whole(3));
        for p in PointSystemPreset::ALL {
            let s = p.system();
            assert_eq!(PointSystem::from_table(s.table()), s, "{}", p.label());
        }
        // Row by row: red 3-1-0, black 4-2-1, bye 2, forfeit win 3, forfeit loss −1; the
        // half-point bye follows red's draw.
        let table = [6, 2, 0, 8, 4, 2, 4, 6, -2].map(Points);
        let s = PointSystem::from_table(table);
        assert_eq!(s.red, Wdl::new(6, 2, 0));
        assert_eq!(s.black, Wdl::new(8, 4, 2));
        assert_eq!(
            (s.bye, s.half_bye, s.forfeit_win, s.forfeit_loss),
            (Points(4), Points(2), Points(6), Points(-2))
        );
        assert_eq!(s.table(), table);
    }

    #[test]
    fn points_parse_and_print() {
        assert_eq!(Points::parse("1.5"), Some(Points(3)));
        assert_eq!(Points::parse("½"), Some(Points(1)));
        assert_eq!(Points::parse("2½"), Some(Points(5)));
        assert_eq!(Points::parse("3"), Some(Points(6)));
        assert_eq!(Points::parse("0.25"), None);
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points(7).to_string(), "3.5");
        assert_eq!(Points(-2).to_string(), "-1");
    }
}
