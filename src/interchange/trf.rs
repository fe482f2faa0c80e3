//! FIDE TRF (Tournament Report File) reading and writing, TRF-16 and TRF-2026 layouts.
//!
//! A TRF file is a list of fixed-column records, one per line, named by their first three
//! characters. Player records (`001`) carry the starting rank, the identity of the player and one
//! ten-column block per round (`oooo c r`: opponent, colour, result). Every other record (header
//! lines `012`…`362`, the pairing-program extensions `XXR`/`XXC`/`BBW`…, TRF-2026 records such as
//! `142`/`152`/`240`/`260`/`299`, team records, comments `###`) is kept verbatim, so that a file read and
//! written back has the same players, rounds and results and the same header.
//!
//! [`TrfFile::to_section`] maps a file onto the rule-book model (`white` = the model's red side),
//! and [`TrfFile::from_event_section`] writes a section out in TRF-2026: the header records,
//! the players' lines, teams (310), byes (240), acceleration (250), prohibited pairings (260)
//! and points bonuses and penalties (299); [`records`] reads and writes the records around the
//! players' lines. A team tournament's records (310, 320, 330, 240, 352, 362, 801, 802) are
//! read into the team rule book's [`crate::model::TeamEvent`] by [`TrfFile::team_event`], and
//! its 801/802 lines written by [`team_round_lines`] (module `teams`). Errors name the line
//! and column.

mod records;
mod teams;

pub use records::{TrfAcceleration, TrfByeRecord, TrfTeam, from_mtb_code, mtb_code};
pub use teams::{
    TeamSectionLine, TrfTeamFile, TrfTeamLine, team_round_lines, team_section_records,
};

use crate::i18n::{Lang, T, fill};
use crate::model::{
    Bye, ByeKind, Entrant, EntrantId, Event, Game, Outcome, PairingSystem, Points, ProhibitedPair,
    Round, Section, SectionSettings, Sex,
};
use std::collections::BTreeMap;

/// A TRF reading error: where it happened (1-based line and column) and what was wrong, as
/// data; [`TrfError::message`] puts it into the reader's language (the `Display` form is the
/// English one, for scripts and logs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    pub line: usize,
    pub column: usize,
    pub problem: TrfProblem,
}

/// A field of a TRF record that a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfField {
    /// 起始序号 — columns 5–8 of a player record (or a rank named by record 299).
    StartRank,
    /// 等级分 — columns 49–52.
    Rating,
    /// 积分 — columns 81–84 (or the points of record 299).
    Points,
    /// 名次 — columns 86–89.
    Rank,
    /// 对手序号 — the first four columns of a round block.
    Opponent,
    /// 先后手 — the colour column of a round block.
    Colour,
    /// 结果 — the result column of a round block.
    Result,
    /// 轮次 — the round of a record (240, 250, 260, 299).
    Round,
    /// 轮空类型 — column 5 of record 240.
    ByeType,
    /// 场分 — the match points of record 250 or 299 (a team tournament's).
    MatchPoints,
    /// 加速虚拟分 — the acceleration points of record 250.
    VirtualPoints,
    /// 类型 — column 5 of record 299.
    AdjustmentType,
    /// 队号 — the team number of record 310.
    Team,
    /// 队名 — the team name of record 310.
    TeamName,
    /// 场分 — the match points of a team record (310, 320, 362, 801).
    TeamMatchPoints,
    /// 局分 — the game points of a team record (310, 320, 801, 802).
    GamePoints,
    /// 团体轮次 — a team's rounds (record 801).
    TeamRound,
    /// 台次结果 — a match's board results (801) or a forfeited match's type (330).
    BoardResults,
    /// 名次区分 — a tiebreak code of record 202.
    Tiebreak,
    /// 日期 — a round date of record 132.
    Date,
}

/// What was wrong with a TRF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfProblem {
    /// A control character: the bytes are not text.
    NotText,
    /// Not one player record (`001`).
    NoPlayers,
    /// A field left blank that must be written.
    Missing(TrfField),
    /// A field whose text does not read.
    Unreadable { field: TrfField, text: String },
    /// A starting rank a second time (the line of the first).
    RankTwice { rank: u32, first_line: usize },
    /// A round block names an opponent who has no player record.
    UnknownOpponent { round: u32, opponent: u32 },
    /// A round block names the player himself as his opponent.
    OwnOpponent { round: u32 },
    /// `player` names `opponent` in a round, who names someone else or no one.
    NotReciprocal {
        round: u32,
        player: u32,
        opponent: u32,
    },
    /// The two result codes of one game contradict each other.
    ResultsDisagree {
        round: u32,
        player: u32,
        opponent: u32,
        codes: (char, char),
    },
    /// The planned rounds (`XXR`, `142`) are fewer than the rounds the players' lines hold.
    RoundsBelowPlayed { planned: u32, played: u32 },
    /// A section written out has an entrant without a pairing number (his name).
    NoNumber(String),
    /// A record names a starting rank that no player has.
    NoSuchPlayer(u32),
    /// Record 240 gives a player a bye in a round where his line holds a game or another bye.
    ByeConflict { round: u32, player: u32 },
    /// A record names a round beyond the rounds planned.
    RoundBeyond { round: u32, planned: u32 },
    /// A range (of rounds, of starting ranks) that runs backwards.
    Backwards {
        field: TrfField,
        first: u32,
        last: u32,
    },
    /// Record 250 states acceleration points that are not the Baku method's: the points stated
    /// (zero when no record states any) and Baku's.
    NotBaku {
        round: u32,
        player: u32,
        stated: Points,
        baku: Points,
    },
    /// A team record names a team that has no 310 record.
    UnknownTeam(u32),
    /// A match reads otherwise from the other team's 801 record (or a 330 record names a
    /// match the 801 records do not have).
    TeamMatchDisagrees {
        round: u32,
        team: u32,
        opponent: u32,
    },
    /// A bye record (240, 320) and the team's 801 record disagree on its bye in that round.
    TeamByeDisagrees { round: u32, team: u32 },
    /// A team's board results (801) do not add up to its game points (802) where the other
    /// team's line does.
    TeamBoardsDisagree { round: u32, team: u32 },
}

impl TrfError {
    fn at(line: usize, column: usize, problem: TrfProblem) -> TrfError {
        TrfError {
            line,
            column,
            problem,
        }
    }

    /// The message to show the arbiter: the line, the column and what is wrong there.
    pub fn message(&self, lang: Lang) -> String {
        fill(
            T::ErrTrf.get(lang),
            &[&self.line, &self.column, &self.problem.message(lang)],
        )
    }
}

impl std::fmt::Display for TrfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for TrfError {}

impl TrfField {
    fn name(self) -> T {
        match self {
            TrfField::StartRank => T::TrfStartRank,
            TrfField::Rating => T::TrfRating,
            TrfField::Points => T::TrfPoints,
            TrfField::Rank => T::TrfRank,
            TrfField::Opponent => T::TrfOpponent,
            TrfField::Colour => T::TrfColour,
            TrfField::Result => T::TrfResultCode,
            TrfField::Round => T::TrfRound,
            TrfField::ByeType => T::TrfByeType,
            TrfField::MatchPoints => T::TrfMatchPoints,
            TrfField::VirtualPoints => T::TrfVirtualPoints,
            TrfField::AdjustmentType => T::TrfAdjustmentType,
            TrfField::Team => T::TrfTeam,
            TrfField::TeamName => T::TrfTeamName,
            TrfField::TeamMatchPoints => T::TrfMatchPoints,
            TrfField::GamePoints => T::TrfGamePoints,
            TrfField::TeamRound => T::TrfTeamRound,
            TrfField::BoardResults => T::TrfBoardResults,
            TrfField::Tiebreak => T::TrfTiebreak,
            TrfField::Date => T::TrfDate,
        }
    }

    /// What the field must hold.
    fn expected(self) -> T {
        match self {
            TrfField::StartRank | TrfField::Opponent | TrfField::Team => T::TrfExpectRank,
            TrfField::Rating | TrfField::Rank | TrfField::Round => T::TrfExpectNumber,
            TrfField::Points => T::TrfExpectPoints,
            TrfField::Colour => T::TrfExpectColour,
            TrfField::Result => T::TrfExpectResult,
            TrfField::ByeType => T::TrfExpectByeType,
            TrfField::MatchPoints => T::TrfExpectBlank,
            TrfField::TeamName => T::TrfExpectText,
            TrfField::GamePoints | TrfField::TeamMatchPoints => T::TrfExpectPoints,
            TrfField::TeamRound => T::TrfExpectTeamRound,
            TrfField::BoardResults => T::TrfExpectBoardResults,
            TrfField::VirtualPoints => T::TrfExpectVirtualPoints,
            TrfField::AdjustmentType => T::TrfExpectBlankType,
            TrfField::Tiebreak => T::TrfExpectTiebreak,
            TrfField::Date => T::TrfExpectDate,
        }
    }
}

impl TrfProblem {
    /// What is wrong, in words.
    pub fn message(&self, lang: Lang) -> String {
        let t = |k: T| k.get(lang);
        match self {
            TrfProblem::NotText => t(T::TrfNotText).to_string(),
            TrfProblem::NoPlayers => t(T::TrfNoPlayers).to_string(),
            TrfProblem::Missing(field) => fill(t(T::TrfMissing), &[&t(field.name())]),
            TrfProblem::Unreadable { field, text } => fill(
                t(T::TrfUnreadable),
                &[&t(field.name()), text, &t(field.expected())],
            ),
            TrfProblem::RankTwice { rank, first_line } => {
                fill(t(T::TrfRankTwice), &[rank, first_line])
            }
            TrfProblem::UnknownOpponent { round, opponent } => {
                fill(t(T::TrfUnknownOpponent), &[round, opponent])
            }
            TrfProblem::OwnOpponent { round } => fill(t(T::TrfOwnOpponent), &[round]),
            TrfProblem::NotReciprocal {
                round,
                player,
                opponent,
            } => fill(t(T::TrfNotReciprocal), &[round, player, opponent]),
            TrfProblem::ResultsDisagree {
                round,
                player,
                opponent,
                codes,
            } => fill(
                t(T::TrfResultsDisagree),
                &[round, player, opponent, &codes.0, &codes.1],
            ),
            TrfProblem::RoundsBelowPlayed { planned, played } => {
                fill(t(T::TrfRoundsBelowPlayed), &[planned, played])
            }
            TrfProblem::NoNumber(name) => fill(t(T::TrfNoNumber), &[name]),
            TrfProblem::NoSuchPlayer(rank) => fill(t(T::TrfNoSuchPlayer), &[rank]),
            TrfProblem::ByeConflict { round, player } => {
                fill(t(T::TrfByeConflict), &[round, player])
            }
            TrfProblem::RoundBeyond { round, planned } => {
                fill(t(T::TrfRoundBeyond), &[round, planned])
            }
            TrfProblem::Backwards { field, first, last } => {
                fill(t(T::TrfBackwards), &[&t(field.name()), first, last])
            }
            TrfProblem::NotBaku {
                round,
                player,
                stated,
                baku,
            } => fill(t(T::TrfNotBaku), &[round, player, stated, baku]),
            TrfProblem::UnknownTeam(team) => fill(t(T::TrfUnknownTeam), &[team]),
            TrfProblem::TeamMatchDisagrees {
                round,
                team,
                opponent,
            } => fill(t(T::TrfTeamMatchDisagrees), &[round, team, opponent]),
            TrfProblem::TeamByeDisagrees { round, team } => {
                fill(t(T::TrfTeamByeDisagrees), &[round, team])
            }
            TrfProblem::TeamBoardsDisagree { round, team } => {
                fill(t(T::TrfTeamBoardsDisagree), &[round, team])
            }
        }
    }
}

/// The colour column of a round block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrfColour {
    White,
    Black,
    /// `-` (or blank): no colour, the game was not played with colours.
    None,
}

/// The result column of a round block (TRF codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrfResult {
    /// `+` forfeit win.
    ForfeitWin,
    /// `-` forfeit loss (or, without opponent, absent).
    ForfeitLoss,
    /// `W` win, not rated.
    UnratedWin,
    /// `D` draw, not rated.
    UnratedDraw,
    /// `L` loss, not rated.
    UnratedLoss,
    /// `1`.
    Win,
    /// `=`.
    Draw,
    /// `0`.
    Loss,
    /// `H` half-point bye.
    HalfBye,
    /// `F` full-point bye.
    FullBye,
    /// `U` pairing-allocated bye.
    PairingBye,
    /// `Z` zero-point bye.
    ZeroBye,
    /// blank: paired, no result yet.
    Pending,
}

impl TrfResult {
    const CODES: [(char, TrfResult); 13] = [
        ('+', TrfResult::ForfeitWin),
        ('-', TrfResult::ForfeitLoss),
        ('W', TrfResult::UnratedWin),
        ('D', TrfResult::UnratedDraw),
        ('L', TrfResult::UnratedLoss),
        ('1', TrfResult::Win),
        ('=', TrfResult::Draw),
        ('0', TrfResult::Loss),
        ('H', TrfResult::HalfBye),
        ('F', TrfResult::FullBye),
        ('U', TrfResult::PairingBye),
        ('Z', TrfResult::ZeroBye),
        (' ', TrfResult::Pending),
    ];

    pub fn from_char(c: char) -> Option<TrfResult> {
        let c = c.to_ascii_uppercase();
        Self::CODES.iter().find(|(k, _)| *k == c).map(|(_, r)| *r)
    }

    pub fn to_char(self) -> char {
        Self::CODES
            .iter()
            .find(|(_, r)| *r == self)
            .map(|(k, _)| *k)
            .unwrap_or(' ')
    }

    /// Was a game actually played over the board?
    pub fn is_played(self) -> bool {
        matches!(
            self,
            TrfResult::UnratedWin
                | TrfResult::UnratedDraw
                | TrfResult::UnratedLoss
                | TrfResult::Win
                | TrfResult::Draw
                | TrfResult::Loss
        )
    }
}

/// One round block of a player record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrfRoundEntry {
    /// The opponent's starting rank; `None` for `0000` or blank (bye, absence).
    pub opponent: Option<u32>,
    pub colour: TrfColour,
    pub result: TrfResult,
}

/// A player record (`001`). Text fields are kept trimmed; what the model has no place for (title,
/// federation, FIDE id, printed rank) lives here so the round trip is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfPlayer {
    /// Starting rank (pairing number), columns 5–8.
    pub start_rank: u32,
    /// Column 10: `m`, `w`, `f` or blank.
    pub sex: String,
    /// Columns 11–13.
    pub title: String,
    /// Columns 15–47.
    pub name: String,
    /// Columns 49–52.
    pub rating: Option<u32>,
    /// Columns 54–56.
    pub federation: String,
    /// Columns 58–68.
    pub fide_id: String,
    /// Columns 70–79, as written (`YYYY/MM/DD`, `YYYY.MM.DD`, …).
    pub birth_date: String,
    /// Columns 81–84, in half-points.
    pub points: Option<Points>,
    /// Columns 86–89.
    pub rank: Option<u32>,
    /// From column 92, ten columns per round; `rounds[k]` is round k+1. A round with no block is
    /// `None`.
    pub rounds: Vec<Option<TrfRoundEntry>>,
}

/// One line of a TRF file in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfRecord {
    Player(TrfPlayer),
    /// Any other record, kept as written (without trailing whitespace).
    Other(String),
}

/// A whole TRF file.
#[derive(Clone, Debug, Default)]
pub struct TrfFile {
    pub records: Vec<TrfRecord>,
    /// The 1-based text line of each record as read (blank lines are no records, so the two
    /// differ); empty for a file built in code, whose records are its lines.
    lines: Vec<usize>,
}

/// Two files are the same when their records are: where blank lines stood does not count.
impl PartialEq for TrfFile {
    fn eq(&self, other: &TrfFile) -> bool {
        self.records == other.records
    }
}

impl Eq for TrfFile {}

/// Column ranges (1-based, inclusive) of the player record.
const COL_RANK: (usize, usize) = (5, 8);
const COL_SEX: (usize, usize) = (10, 10);
const COL_TITLE: (usize, usize) = (11, 13);
const COL_NAME: (usize, usize) = (15, 47);
const COL_RATING: (usize, usize) = (49, 52);
const COL_FED: (usize, usize) = (54, 56);
const COL_ID: (usize, usize) = (58, 68);
const COL_BIRTH: (usize, usize) = (70, 79);
const COL_POINTS: (usize, usize) = (81, 84);
const COL_PLACE: (usize, usize) = (86, 89);
const COL_ROUNDS: usize = 92;

/// The characters of `line` in the 1-based inclusive column range, as a trimmed string.
fn field(chars: &[char], (from, to): (usize, usize)) -> String {
    let start = (from - 1).min(chars.len());
    let end = to.min(chars.len());
    chars[start..end]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

/// The field `what` at `cols` as a number (`None` when blank).
fn parse_num(
    chars: &[char],
    cols: (usize, usize),
    line: usize,
    what: TrfField,
) -> Result<Option<u32>, TrfError> {
    let t = field(chars, cols);
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u32>().map(Some).map_err(|_| {
        TrfError::at(
            line,
            cols.0,
            TrfProblem::Unreadable {
                field: what,
                text: t,
            },
        )
    })
}

fn parse_player(chars: &[char], line: usize) -> Result<TrfPlayer, TrfError> {
    let start_rank = parse_num(chars, COL_RANK, line, TrfField::StartRank)?
        .ok_or_else(|| TrfError::at(line, COL_RANK.0, TrfProblem::Missing(TrfField::StartRank)))?;
    if start_rank == 0 {
        return Err(TrfError::at(
            line,
            COL_RANK.0,
            TrfProblem::Unreadable {
                field: TrfField::StartRank,
                text: field(chars, COL_RANK),
            },
        ));
    }
    let points_text = field(chars, COL_POINTS);
    let points = if points_text.is_empty() {
        None
    } else {
        Some(Points::parse(&points_text).ok_or_else(|| {
            TrfError::at(
                line,
                COL_POINTS.0,
                TrfProblem::Unreadable {
                    field: TrfField::Points,
                    text: points_text.clone(),
                },
            )
        })?)
    };
    let mut rounds = Vec::new();
    let mut col = COL_ROUNDS;
    while col <= chars.len() {
        let block: Vec<char> = (0..8)
            .map(|k| chars.get(col - 1 + k).copied().unwrap_or(' '))
            .collect();
        if block.iter().all(|c| *c == ' ') {
            rounds.push(None);
            col += 10;
            continue;
        }
        let opp_text: String = block[0..4].iter().collect::<String>().trim().to_string();
        let opponent = if opp_text.is_empty() {
            None
        } else {
            let n: u32 = opp_text.parse().map_err(|_| {
                TrfError::at(
                    line,
                    col,
                    TrfProblem::Unreadable {
                        field: TrfField::Opponent,
                        text: opp_text.clone(),
                    },
                )
            })?;
            (n != 0).then_some(n)
        };
        let colour = match block[5].to_ascii_lowercase() {
            'w' => TrfColour::White,
            'b' => TrfColour::Black,
            '-' | ' ' => TrfColour::None,
            _ => {
                return Err(TrfError::at(
                    line,
                    col + 5,
                    TrfProblem::Unreadable {
                        field: TrfField::Colour,
                        text: block[5].to_string(),
                    },
                ));
            }
        };
        let result = TrfResult::from_char(block[7]).ok_or_else(|| {
            TrfError::at(
                line,
                col + 7,
                TrfProblem::Unreadable {
                    field: TrfField::Result,
                    text: block[7].to_string(),
                },
            )
        })?;
        rounds.push(Some(TrfRoundEntry {
            opponent,
            colour,
            result,
        }));
        col += 10;
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(TrfPlayer {
        start_rank,
        sex: field(chars, COL_SEX),
        title: field(chars, COL_TITLE),
        name: field(chars, COL_NAME),
        rating: parse_num(chars, COL_RATING, line, TrfField::Rating)?,
        federation: field(chars, COL_FED),
        fide_id: field(chars, COL_ID),
        birth_date: field(chars, COL_BIRTH),
        points,
        rank: parse_num(chars, COL_PLACE, line, TrfField::Rank)?,
        rounds,
    })
}

/// Writes `text` into `buf` (a line being built) at the 1-based columns, left- or right-aligned.
fn put(buf: &mut Vec<char>, (from, to): (usize, usize), text: &str, right: bool) {
    let width = to - from + 1;
    let chars: Vec<char> = text.chars().take(width).collect();
    if buf.len() < to {
        buf.resize(to, ' ');
    }
    let offset = if right { width - chars.len() } else { 0 };
    for (k, c) in chars.into_iter().enumerate() {
        buf[from - 1 + offset + k] = c;
    }
}

fn points_text(p: Points) -> String {
    let h = p.halves();
    let sign = if h < 0 { "-" } else { "" };
    let a = h.abs();
    format!("{sign}{}.{}", a / 2, if a % 2 == 1 { 5 } else { 0 })
}

impl TrfPlayer {
    /// The record as one line, in the standard columns, without trailing blanks.
    pub fn to_line(&self) -> String {
        let mut b: Vec<char> = "001".chars().collect();
        put(&mut b, COL_RANK, &self.start_rank.to_string(), true);
        put(&mut b, COL_SEX, &self.sex, false);
        put(&mut b, COL_TITLE, &self.title, true);
        put(&mut b, COL_NAME, &self.name, false);
        if let Some(r) = self.rating {
            put(&mut b, COL_RATING, &r.to_string(), true);
        }
        put(&mut b, COL_FED, &self.federation, false);
        put(&mut b, COL_ID, &self.fide_id, true);
        put(&mut b, COL_BIRTH, &self.birth_date, false);
        if let Some(p) = self.points {
            put(&mut b, COL_POINTS, &points_text(p), true);
        }
        if let Some(r) = self.rank {
            put(&mut b, COL_PLACE, &r.to_string(), true);
        }
        for (k, entry) in self.rounds.iter().enumerate() {
            let Some(e) = entry else { continue };
            let col = COL_ROUNDS + 10 * k;
            let opp = e.opponent.map_or("0000".to_string(), |o| o.to_string());
            put(&mut b, (col, col + 3), &opp, true);
            let colour = match e.colour {
                TrfColour::White => "w",
                TrfColour::Black => "b",
                TrfColour::None => "-",
            };
            put(&mut b, (col + 5, col + 5), colour, false);
            put(
                &mut b,
                (col + 7, col + 7),
                &e.result.to_char().to_string(),
                false,
            );
        }
        b.into_iter().collect::<String>().trim_end().to_string()
    }

    /// The round block of round `r` (from 1), if any.
    pub fn round(&self, r: u32) -> Option<&TrfRoundEntry> {
        let index = r.checked_sub(1)? as usize;
        self.rounds.get(index).and_then(|e| e.as_ref())
    }
}

impl TrfFile {
    /// Reads a TRF file from its bytes, the one way every command reads one: UTF-8 (a leading
    /// byte-order mark is skipped) or, when the bytes are not UTF-8, Windows-1252 (files of
    /// older Latin-script programs). Refused as not a TRF: bytes that are not text (a NUL or
    /// another control character) and a text without one player line (001).
    pub fn read(bytes: &[u8]) -> Result<TrfFile, TrfError> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let text = match std::str::from_utf8(bytes) {
            Ok(t) => std::borrow::Cow::Borrowed(t),
            Err(_) => {
                encoding_rs::WINDOWS_1252
                    .decode_without_bom_handling(bytes)
                    .0
            }
        };
        for (i, line) in text.split('\n').enumerate() {
            if let Some(col) = line
                .chars()
                .position(|c| c.is_control() && c != '\t' && c != '\r')
            {
                return Err(TrfError::at(i + 1, col + 1, TrfProblem::NotText));
            }
        }
        let file = TrfFile::parse(&text)?;
        if file.players().next().is_none() {
            return Err(TrfError::at(1, 1, TrfProblem::NoPlayers));
        }
        Ok(file)
    }

    /// Reads a TRF file. Lines may end in LF, CRLF or CR alone.
    pub fn parse(text: &str) -> Result<TrfFile, TrfError> {
        let mut records = Vec::new();
        let mut lines = Vec::new();
        let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
        let mut seen = BTreeMap::new();
        for (idx, raw) in normalised.split('\n').enumerate() {
            let line_no = idx + 1;
            let line = raw.trim_end();
            if line.is_empty() {
                continue;
            }
            if line.starts_with("001") {
                let chars: Vec<char> = line.chars().collect();
                let p = parse_player(&chars, line_no)?;
                if let Some(first) = seen.insert(p.start_rank, line_no) {
                    return Err(TrfError::at(
                        line_no,
                        COL_RANK.0,
                        TrfProblem::RankTwice {
                            rank: p.start_rank,
                            first_line: first,
                        },
                    ));
                }
                records.push(TrfRecord::Player(p));
            } else {
                records.push(TrfRecord::Other(line.to_string()));
            }
            lines.push(line_no);
        }
        let file = TrfFile { records, lines };
        file.check_opponents()?;
        Ok(file)
    }

    /// The 1-based text line of record `index`.
    fn line_of_record(&self, index: usize) -> usize {
        self.lines.get(index).copied().unwrap_or(index + 1)
    }

    /// The text line of the first record named `code`, if there is one.
    pub fn header_line(&self, code: &str) -> Option<usize> {
        self.records
            .iter()
            .position(|r| matches!(r, TrfRecord::Other(s) if s.starts_with(code)))
            .map(|i| self.line_of_record(i))
    }

    /// Every opponent named in a round block must be another player of the file.
    fn check_opponents(&self) -> Result<(), TrfError> {
        let ranks: std::collections::HashSet<u32> = self.players().map(|p| p.start_rank).collect();
        for (i, rec) in self.records.iter().enumerate() {
            let TrfRecord::Player(p) = rec else { continue };
            for (k, e) in p.rounds.iter().enumerate() {
                let Some(TrfRoundEntry {
                    opponent: Some(o), ..
                }) = e
                else {
                    continue;
                };
                let round = k as u32 + 1;
                let problem = if *o == p.start_rank {
                    TrfProblem::OwnOpponent { round }
                } else if !ranks.contains(o) {
                    TrfProblem::UnknownOpponent {
                        round,
                        opponent: *o,
                    }
                } else {
                    continue;
                };
                return Err(TrfError::at(
                    self.line_of_record(i),
                    COL_ROUNDS + 10 * k,
                    problem,
                ));
            }
        }
        Ok(())
    }

    /// Writes the file back, one record a line, LF line ends.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for rec in &self.records {
            match rec {
                TrfRecord::Player(p) => out.push_str(&p.to_line()),
                TrfRecord::Other(s) => out.push_str(s),
            }
            out.push('\n');
        }
        out
    }

    /// The player records in file order.
    pub fn players(&self) -> impl Iterator<Item = &TrfPlayer> {
        self.records.iter().filter_map(|r| match r {
            TrfRecord::Player(p) => Some(p),
            TrfRecord::Other(_) => None,
        })
    }

    /// The text after the three-character code of the first record named `code`.
    pub fn header(&self, code: &str) -> Option<&str> {
        self.records.iter().find_map(|r| match r {
            TrfRecord::Other(s) if s.starts_with(code) => Some(s[code.len()..].trim()),
            _ => None,
        })
    }

    /// Does record 092 (type of tournament) name a round robin ("Individual: Round-Robin"), or
    /// record 192 a round-robin system (`FIDE_ROUNDROBIN`, `BERGER_ROUNDROBIN` …)?
    pub fn is_round_robin(&self) -> bool {
        self.header("092").is_some_and(|t| {
            let t = t.to_lowercase();
            t.contains("round-robin") || t.contains("round robin") || t.contains("berger")
        }) || self
            .header("192")
            .is_some_and(|t| t.to_ascii_uppercase().contains("ROUNDROBIN"))
    }

    /// The number of rounds: `XXR` (bbpPairings extension) or `142` (TRF-2026).
    pub fn planned_rounds(&self) -> Option<u32> {
        self.header("XXR")
            .or_else(|| self.header("142"))
            .and_then(|t| t.split_whitespace().next())
            .and_then(|t| t.parse().ok())
    }

    /// The date the tournament began (record `042`), if it is written and reads as a date.
    pub fn start_date(&self) -> Option<chrono::NaiveDate> {
        self.header("042").and_then(parse_date)
    }

    /// The initial colour (white for the top player in round 1?): `XXC white1|black1` or `152 W|B`.
    pub fn initial_colour_white(&self) -> Option<bool> {
        if let Some(t) = self.header("XXC") {
            for tok in t.split_whitespace() {
                match tok {
                    "white1" => return Some(true),
                    "black1" => return Some(false),
                    _ => {}
                }
            }
        }
        match self.header("152").map(str::to_ascii_uppercase).as_deref() {
            Some("W") => Some(true),
            Some("B") => Some(false),
            _ => None,
        }
    }

    /// Prohibited pairings (TRF-2026 record `260`: first round in columns 5–7, last round in
    /// 9–11, then the starting ranks of two or more players, four columns each from column 13,
    /// none of whom may meet another of them in those rounds), as (first round, last round,
    /// starting ranks). A rank that names no player is an error at its record.
    pub fn prohibited_groups(&self) -> Result<Vec<(u32, u32, Vec<u32>)>, TrfError> {
        let ranks: std::collections::HashSet<u32> = self.players().map(|p| p.start_rank).collect();
        let mut out = Vec::new();
        for (k, rec) in self.records.iter().enumerate() {
            let TrfRecord::Other(line) = rec else {
                continue;
            };
            let Some(rest) = line.strip_prefix("260") else {
                continue;
            };
            let line = self.line_of_record(k);
            let bad = |field: TrfField, text: Option<&str>| {
                let problem = match text {
                    None => TrfProblem::Missing(field),
                    Some(t) => TrfProblem::Unreadable {
                        field,
                        text: t.to_string(),
                    },
                };
                TrfError::at(line, 4, problem)
            };
            let mut tokens = rest.split_whitespace();
            let mut round = || {
                let text = tokens.next();
                text.and_then(|t| t.parse::<u32>().ok())
                    .filter(|&r| r > 0)
                    .ok_or_else(|| bad(TrfField::Round, text))
            };
            let (first, last) = (round()?, round()?);
            let players = tokens
                .map(|t| {
                    t.parse::<u32>()
                        .ok()
                        .filter(|r| ranks.contains(r))
                        .ok_or_else(|| bad(TrfField::StartRank, Some(t)))
                })
                .collect::<Result<Vec<u32>, TrfError>>()?;
            if players.len() < 2 {
                return Err(bad(TrfField::StartRank, None));
            }
            out.push((first, last, players));
        }
        Ok(out)
    }

    /// The file as it stood when round `r` was about to be paired: the rounds before `r`, and of
    /// round `r` only what was known beforehand — requested byes and absences, not games and not
    /// the pairing-allocated bye. Records 240 of later rounds go too (those of round `r` stay,
    /// but for a pairing-allocated bye).
    pub fn before_round(&self, r: u32) -> TrfFile {
        let mut out = self.clone();
        let keep = r.saturating_sub(1) as usize;
        let mut kept_lines = Vec::new();
        let mut records = Vec::new();
        for (k, rec) in std::mem::take(&mut out.records).into_iter().enumerate() {
            if let TrfRecord::Other(line) = &rec
                && let Some(rest) = line.strip_prefix("240")
            {
                let chars: Vec<char> = rest.chars().collect();
                let kind = chars.get(1).map(|c| c.to_ascii_uppercase());
                let round = field(&chars, (4, 6)).parse::<u32>().ok();
                if round.is_some_and(|n| n > r) || (round == Some(r) && kind == Some('U')) {
                    continue;
                }
            }
            if let Some(&line) = self.lines.get(k) {
                kept_lines.push(line);
            }
            records.push(rec);
        }
        out.records = records;
        out.lines = kept_lines;
        for rec in out.records.iter_mut() {
            if let TrfRecord::Player(p) = rec {
                let pending = p
                    .round(r)
                    .filter(|e| e.opponent.is_none() && e.result != TrfResult::PairingBye)
                    .copied();
                p.rounds.truncate(keep);
                if pending.is_some() {
                    p.rounds.resize(keep, None);
                    p.rounds.push(pending);
                }
            }
        }
        out
    }

    /// The highest round that has a block for any player.
    pub fn rounds_present(&self) -> u32 {
        self.players()
            .map(|p| p.rounds.len() as u32)
            .max()
            .unwrap_or(0)
    }

    /// The rounds a section made from this file is planned for: the header's (`XXR`, `142`),
    /// or, when it names none, the rounds the players' lines hold (`None` when they hold none).
    /// A header that plans fewer rounds than the lines hold is an error at its line.
    pub fn section_rounds(&self) -> Result<Option<u32>, TrfError> {
        let played = self.rounds_present();
        match self.planned_rounds() {
            Some(planned) if planned < played => {
                let line = self
                    .header_line("XXR")
                    .or_else(|| self.header_line("142"))
                    .unwrap_or(1);
                Err(TrfError::at(
                    line,
                    5,
                    TrfProblem::RoundsBelowPlayed { planned, played },
                ))
            }
            Some(planned) => Ok(Some(planned)),
            None => Ok((played > 0).then_some(played)),
        }
    }

    /// Maps the file onto a rule-book section: entrant id and number = starting rank, white = red.
    /// A round block without opponent becomes a bye (`U` pairing-allocated, `F`/`+`/`1` full,
    /// `H`/`=` half, `Z`/`-`/`0` zero); two blocks naming each other become a game. The settings
    /// are the chess defaults ([`SectionSettings::chess`]) with what the header says: rounds
    /// (`XXR`, `142`), initial colour (`XXC`, `152`), system, edition and Baku (`092`, `192`),
    /// round dates (`132`), tiebreaks (`202`); then the byes of record 240 (a round not paired
    /// yet gets its requested byes), the acceleration of 250 (Baku's, or an error), the
    /// prohibited pairings of 260, the bonuses and penalties of 299 and the teams of 310
    /// (the members' unit, on the team entry form).
    pub fn to_section(&self) -> Result<Section, TrfError> {
        self.to_section_from(SectionSettings::chess())
    }

    /// As [`TrfFile::to_section`], the settings starting from `defaults`: what the file says
    /// is written over them.
    pub fn to_section_from(&self, defaults: SectionSettings) -> Result<Section, TrfError> {
        self.check_header()?;
        let mut section = Section {
            name: self.header("012").unwrap_or_default().to_string(),
            settings: defaults,
            ..Section::default()
        };
        if let Some(r) = self.planned_rounds() {
            section.settings.rounds = r;
        }
        match self.initial_colour_white() {
            Some(true) => section.settings.dutch.initial_colour = crate::model::Side::Red,
            Some(false) => section.settings.dutch.initial_colour = crate::model::Side::Black,
            None => {}
        }
        // TRF-2026 record 192 names the pairing system, e.g. FIDE_DUTCH_2026_BAKU, and the
        // edition of the Dutch rules; 092 or 192 a round robin.
        if self
            .header("192")
            .is_some_and(|s| s.to_ascii_uppercase().contains("BAKU"))
        {
            section.settings.dutch.baku = true;
        }
        if let Some(edition) = self.dutch_edition() {
            section.settings.dutch.edition = edition;
        }
        if self.is_round_robin() {
            section.settings.system = PairingSystem::RoundRobin;
            if self
                .header("192")
                .is_some_and(|s| s.to_ascii_uppercase().contains("DOUBLEROUNDROBIN"))
            {
                section.settings.round_robin.cycles = 2;
            }
        }
        // In a team tournament record 260 names teams.
        let groups = if self.is_team_tournament() {
            Vec::new()
        } else {
            self.prohibited_groups()?
        };
        for (first, last, ranks) in groups {
            let to_round = (last < section.settings.rounds).then_some(last);
            for (i, &a) in ranks.iter().enumerate() {
                for &b in &ranks[i + 1..] {
                    let pair =
                        ProhibitedPair::new(EntrantId(i64::from(a)), EntrantId(i64::from(b)));
                    if let Some(pair) = pair {
                        let pair = ProhibitedPair {
                            from_round: first,
                            to_round,
                            ..pair
                        };
                        if !section.settings.prohibited.contains(&pair) {
                            section.settings.prohibited.push(pair);
                        }
                    }
                }
            }
        }
        let lines = self.player_lines();
        for p in self.players() {
            section.entrants.push(Entrant {
                id: EntrantId(i64::from(p.start_rank)),
                number: Some(p.start_rank),
                name: p.name.clone(),
                sex: match p.sex.as_str() {
                    "m" | "M" => Sex::Male,
                    "w" | "W" | "f" | "F" => Sex::Female,
                    _ => Sex::Unknown,
                },
                birth_date: parse_date(&p.birth_date),
                unit: p.federation.clone(),
                rating: p.rating.and_then(|r| i32::try_from(r).ok()),
                ..Entrant::default()
            });
        }
        let by_rank: BTreeMap<u32, &TrfPlayer> =
            self.players().map(|p| (p.start_rank, p)).collect();
        for r in 1..=self.rounds_present() {
            let mut round = Round {
                number: r,
                ..Round::default()
            };
            for p in by_rank.values() {
                let Some(e) = p.round(r) else { continue };
                let line = lines.get(&p.start_rank).copied().unwrap_or(0);
                let col = COL_ROUNDS + 10 * (r as usize - 1);
                match e.opponent {
                    None => round.byes.push(Bye {
                        entrant: EntrantId(i64::from(p.start_rank)),
                        kind: bye_kind(e.result),
                    }),
                    Some(o) => {
                        let other = by_rank
                            .get(&o)
                            .and_then(|q| q.round(r))
                            .filter(|q| q.opponent == Some(p.start_rank))
                            .ok_or_else(|| {
                                TrfError::at(
                                    line,
                                    col,
                                    TrfProblem::NotReciprocal {
                                        round: r,
                                        player: p.start_rank,
                                        opponent: o,
                                    },
                                )
                            })?;
                        let white_first = match (e.colour, other.colour) {
                            (TrfColour::White, _) | (_, TrfColour::Black) => true,
                            (TrfColour::Black, _) | (_, TrfColour::White) => false,
                            (TrfColour::None, TrfColour::None) => p.start_rank < o,
                        };
                        if !white_first {
                            continue;
                        }
                        let outcome = game_outcome(e.result, other.result).ok_or_else(|| {
                            TrfError::at(
                                line,
                                col + 7,
                                TrfProblem::ResultsDisagree {
                                    round: r,
                                    player: p.start_rank,
                                    opponent: o,
                                    codes: (e.result.to_char(), other.result.to_char()),
                                },
                            )
                        })?;
                        let mut g = Game::new(
                            round.games.len() as u32 + 1,
                            EntrantId(i64::from(p.start_rank)),
                            EntrantId(i64::from(o)),
                        );
                        g.outcome = outcome;
                        round.games.push(g);
                    }
                }
            }
            section.rounds.push(round);
        }
        self.read_records(&mut section)?;
        Ok(section)
    }

    /// The text line of each player record, by starting rank.
    pub fn player_lines(&self) -> BTreeMap<u32, usize> {
        self.records
            .iter()
            .enumerate()
            .filter_map(|(i, r)| match r {
                TrfRecord::Player(p) => Some((p.start_rank, self.line_of_record(i))),
                TrfRecord::Other(_) => None,
            })
            .collect()
    }

    /// Writes a section as a TRF-2026 file without the event's details (name, place, dates,
    /// chief arbiter): [`TrfFile::from_event_section`] with an empty event.
    pub fn from_section(section: &Section) -> Result<TrfFile, TrfError> {
        TrfFile::from_event_section(&Event::default(), section)
    }

    /// Writes a section of `event` as a TRF-2026 file: the header records (`012` … `202`), one
    /// player record per entrant numbered by its pairing number (his points with his bonuses
    /// and penalties, and his place in the standings), then teams (310), byes (240), Baku acceleration (250), prohibited
    /// pairings (260), bonuses and penalties (299) and the FIDE-mode comments (`###`).
    /// Entrants without a number are an error.
    pub fn from_event_section(event: &Event, section: &Section) -> Result<TrfFile, TrfError> {
        let mut records: Vec<TrfRecord> = TrfFile::header_records(event, section)
            .into_iter()
            .map(TrfRecord::Other)
            .collect();
        let last_round = section.rounds.iter().map(|r| r.number).max().unwrap_or(0);
        let number = |id: EntrantId| section.entrant(id).and_then(|e| e.number);
        // Columns 86–89: the place in the standings after the last round paired, by the
        // section's tiebreak list (one place each: players who share one are written in the
        // standings' order); none before round 1.
        let places: std::collections::HashMap<EntrantId, u32> = if last_round > 0 {
            crate::standings::standings(section, last_round)
                .iter()
                .zip(1..)
                .map(|(s, place)| (s.entrant, place))
                .collect()
        } else {
            Default::default()
        };
        // Who the program held out of each round: the players no longer playing, and those a
        // grade event stopped early (seed 004) after the round before.
        let stops_early =
            section.settings.awards.promotion.early_stop != crate::model::EarlyStop::Never;
        let stopped: std::collections::HashMap<u32, Vec<EntrantId>> = section
            .rounds
            .iter()
            .filter(|_| stops_early)
            .map(|r| {
                let after = r.number.saturating_sub(1);
                (
                    r.number,
                    crate::awards::stopped_players(section, &section.settings.awards, after),
                )
            })
            .collect();
        let held_out = |e: &crate::model::Entrant, round: u32| {
            !e.is_active() || stopped.get(&round).is_some_and(|s| s.contains(&e.id))
        };
        for e in section.entrants_by_number() {
            let rank = e.number.ok_or_else(|| {
                TrfError::at(
                    records.len() + 1,
                    COL_RANK.0,
                    TrfProblem::NoNumber(e.name.clone()),
                )
            })?;
            let mut p = TrfPlayer {
                start_rank: rank,
                sex: match e.sex {
                    Sex::Male => "m",
                    Sex::Female => "w",
                    Sex::Unknown => "",
                }
                .to_string(),
                name: e.name.clone(),
                rating: e.rating.and_then(|r| u32::try_from(r).ok()),
                federation: e.unit.chars().take(3).collect(),
                birth_date: e
                    .birth_date
                    .map(|d| d.format("%Y/%m/%d").to_string())
                    .unwrap_or_default(),
                rank: places.get(&e.id).copied(),
                ..TrfPlayer::default()
            };
            let mut total = Points::ZERO;
            for r in &section.rounds {
                total += r.points_of(e.id, &section.settings.points);
                let entry = if let Some(g) = r.game_of(e.id) {
                    let side = g.side_of(e.id).unwrap_or(crate::model::Side::Red);
                    let opp = g.player(side.other());
                    Some(TrfRoundEntry {
                        opponent: number(opp),
                        colour: if side == crate::model::Side::Red {
                            TrfColour::White
                        } else {
                            TrfColour::Black
                        },
                        result: side_result(g.outcome, side),
                    })
                } else if r.bye_of(e.id).is_none() && held_out(e, r.number) {
                    // In no game and given no bye in a round that was paired because the
                    // program held him out (withdrawn, excluded, stopped early as a grade
                    // event stops its players): written `0000 - -`, absent, so that a checker
                    // pairing the round again leaves him out as the program did; left blank,
                    // it would pair him. A blank round the arbiter's own file had stays blank.
                    Some(TrfRoundEntry {
                        opponent: None,
                        colour: TrfColour::None,
                        result: TrfResult::ForfeitLoss,
                    })
                } else {
                    r.bye_of(e.id).map(|b| TrfRoundEntry {
                        opponent: None,
                        colour: TrfColour::None,
                        result: match b.kind {
                            ByeKind::Pairing => TrfResult::PairingBye,
                            ByeKind::Full => TrfResult::FullBye,
                            ByeKind::Half => TrfResult::HalfBye,
                            ByeKind::Zero => TrfResult::ZeroBye,
                        },
                    })
                };
                let idx = r.number as usize - 1;
                if p.rounds.len() <= idx {
                    p.rounds.resize(idx + 1, None);
                }
                p.rounds[idx] = entry;
            }
            p.points = Some(total + section.settings.adjustment_after(e.id, last_round));
            records.push(TrfRecord::Player(p));
        }
        records.extend(
            TrfFile::team_bye_acceleration_records(section, &number)
                .into_iter()
                .map(TrfRecord::Other),
        );
        // Record 260, one a pair, the lower starting rank first.
        for pair in &section.settings.prohibited {
            let (Some(a), Some(b)) = (number(pair.first), number(pair.second)) else {
                continue;
            };
            let last = pair.to_round.unwrap_or(section.settings.rounds);
            records.push(TrfRecord::Other(format!(
                "260 {:03} {:03} {:>4} {:>4}",
                pair.from_round,
                last,
                a.min(b),
                a.max(b)
            )));
        }
        records.extend(
            TrfFile::adjustment_records(section, &number)
                .into_iter()
                .map(TrfRecord::Other),
        );
        // FIDE mode: its leaving, the manual pairings and the overridden warnings, as `###`
        // comments (the form: crate::model::fide).
        records.extend(
            section
                .settings
                .fide
                .trf_comments()
                .into_iter()
                .map(TrfRecord::Other),
        );
        Ok(TrfFile {
            records,
            lines: Vec::new(),
        })
    }
}

fn parse_date(text: &str) -> Option<chrono::NaiveDate> {
    // Also `28. 07. 2005`, as some programs write the start date.
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    ["%Y/%m/%d", "%Y.%m.%d", "%Y-%m-%d", "%d.%m.%Y"]
        .iter()
        .find_map(|f| chrono::NaiveDate::parse_from_str(&text, f).ok())
}

fn bye_kind(result: TrfResult) -> ByeKind {
    match result {
        TrfResult::PairingBye => ByeKind::Pairing,
        TrfResult::FullBye | TrfResult::ForfeitWin | TrfResult::Win | TrfResult::UnratedWin => {
            ByeKind::Full
        }
        TrfResult::HalfBye | TrfResult::Draw | TrfResult::UnratedDraw => ByeKind::Half,
        _ => ByeKind::Zero,
    }
}

/// The model outcome of a game from the white and black result codes; `Some(None)` while the
/// game has no result yet, `None` when the two codes contradict each other.
fn game_outcome(white: TrfResult, black: TrfResult) -> Option<Option<Outcome>> {
    use TrfResult as R;
    Some(Some(match (white, black) {
        (R::Pending, R::Pending) => return Some(None),
        (R::Win | R::UnratedWin, R::Loss | R::UnratedLoss) => Outcome::RedWin,
        (R::Draw | R::UnratedDraw, R::Draw | R::UnratedDraw) => Outcome::Draw,
        (R::Loss | R::UnratedLoss, R::Win | R::UnratedWin) => Outcome::BlackWin,
        (R::ForfeitWin, R::ForfeitLoss) => Outcome::RedWinByForfeit,
        (R::ForfeitLoss, R::ForfeitWin) => Outcome::BlackWinByForfeit,
        (R::ForfeitLoss, R::ForfeitLoss) => Outcome::DoubleForfeit,
        _ => return None,
    }))
}

/// The TRF result code of `side` for a model outcome.
fn side_result(outcome: Option<Outcome>, side: crate::model::Side) -> TrfResult {
    let Some(o) = outcome else {
        return TrfResult::Pending;
    };
    if o.is_played() {
        match o.winner() {
            None => TrfResult::Draw,
            Some(w) if w == side => TrfResult::Win,
            Some(_) => TrfResult::Loss,
        }
    } else if o.forfeited_by(side) {
        TrfResult::ForfeitLoss
    } else {
        TrfResult::ForfeitWin
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "012 Test\nXXR 3\nXXC black1\n\
001    1 m  g Alpha, Ann                        2500 CHN    12345678 1990/01/02  1.5    1     2 w 1  0000 - H\n\
001    2 w    Beta, Bo                          2400 CHN                         0.0    2     1 b 0  0000 - Z\n";

    #[test]
    fn reads_the_fixed_columns() {
        let f = TrfFile::parse(SAMPLE).expect("valid");
        let p: Vec<_> = f.players().collect();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].start_rank, 1);
        assert_eq!(p[0].title, "g");
        assert_eq!(p[0].name, "Alpha, Ann");
        assert_eq!(p[0].rating, Some(2500));
        assert_eq!(p[0].federation, "CHN");
        assert_eq!(p[0].fide_id, "12345678");
        assert_eq!(p[0].points, Some(Points(3)));
        assert_eq!(
            p[0].round(1),
            Some(&TrfRoundEntry {
                opponent: Some(2),
                colour: TrfColour::White,
                result: TrfResult::Win
            })
        );
        assert_eq!(p[1].round(2).map(|e| e.result), Some(TrfResult::ZeroBye));
        assert_eq!(f.planned_rounds(), Some(3));
        assert_eq!(f.initial_colour_white(), Some(false));
        let s = f.to_section().unwrap();
        assert_eq!(s.settings.dutch.initial_colour, crate::model::Side::Black);
        assert!(!s.settings.dutch.baku);
        let baku = TrfFile::parse(&format!("192 FIDE_DUTCH_2026_BAKU\n{SAMPLE}")).unwrap();
        assert!(baku.to_section().unwrap().settings.dutch.baku);
    }

    #[test]
    fn writes_back_the_same_lines() {
        let f = TrfFile::parse(SAMPLE).expect("valid");
        assert_eq!(f.write(), SAMPLE);
    }

    #[test]
    fn before_round_keeps_requested_byes_only() {
        let f = TrfFile::parse(SAMPLE).unwrap();
        let before2 = f.before_round(2);
        let p: Vec<_> = before2.players().collect();
        assert_eq!(p[0].rounds.len(), 2, "round 2 H bye kept");
        assert_eq!(p[0].round(2).map(|e| e.result), Some(TrfResult::HalfBye));
        let before1 = f.before_round(1);
        assert!(
            before1.players().all(|p| p.rounds.is_empty()),
            "round-1 game dropped"
        );
    }

    #[test]
    fn maps_games_and_byes_to_the_model() {
        let s = TrfFile::parse(SAMPLE).unwrap().to_section().unwrap();
        assert_eq!(s.rounds.len(), 2);
        let g = &s.rounds[0].games[0];
        assert_eq!((g.red, g.black), (EntrantId(1), EntrantId(2)));
        assert_eq!(g.outcome, Some(Outcome::RedWin));
        assert_eq!(
            s.rounds[1].byes,
            vec![
                Bye {
                    entrant: EntrantId(1),
                    kind: ByeKind::Half
                },
                Bye {
                    entrant: EntrantId(2),
                    kind: ByeKind::Zero
                }
            ]
        );
        let back = TrfFile::from_section(&s).unwrap();
        let ps: Vec<_> = back.players().collect();
        assert_eq!(
            ps[0].rounds,
            TrfFile::parse(SAMPLE)
                .unwrap()
                .players()
                .next()
                .unwrap()
                .rounds
        );
        assert_eq!(ps[0].points, Some(Points(3)));
    }

    /// The second player line of [`SAMPLE`] with one substring replaced.
    fn second_line_with(from: &str, to: &str) -> String {
        let line = SAMPLE.lines().nth(4).expect("sample has five lines");
        assert!(line.contains(from));
        format!("012 x\n{}\n", line.replacen(from, to, 1))
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = TrfFile::parse(&second_line_with("1 b 0", "1 q 0")).unwrap_err();
        assert_eq!((e.line, e.column), (2, 97));
        let e = TrfFile::parse(&second_line_with("1 b 0", "7 b 0")).unwrap_err();
        assert_eq!((e.line, e.column), (2, 92));
        let e = TrfFile::parse(&second_line_with("001    2", "001    x")).unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
        let e = TrfFile::parse(&second_line_with("0.0", "z.5")).unwrap_err();
        assert_eq!((e.line, e.column), (2, 81));
        let e = TrfFile::parse(&second_line_with("- Z", "- Q")).unwrap_err();
        assert_eq!((e.line, e.column), (2, 109));
    }

    #[test]
    fn errors_are_put_into_words_with_the_field_in_either_language() {
        let e = TrfFile::parse(&second_line_with("2400", "24x0")).unwrap_err();
        assert_eq!((e.line, e.column), (2, 49));
        assert_eq!(
            e.message(Lang::Zh),
            "TRF 文件第2行第49列：等级分“24x0”无法识别（应为整数）"
        );
        assert_eq!(
            e.to_string(),
            "TRF line 2, column 49: rating “24x0” cannot be read (expected a whole number)"
        );
        let e = TrfFile::parse(&second_line_with("- Z", "- Q")).unwrap_err();
        assert!(e.message(Lang::Zh).contains("结果“Q”无法识别"), "{e}");
        let e = TrfFile::parse(&second_line_with("001    2", "001    0")).unwrap_err();
        assert_eq!(
            e.problem,
            TrfProblem::Unreadable {
                field: TrfField::StartRank,
                text: "0".into()
            }
        );
    }

    #[test]
    fn lines_are_counted_in_the_text_blank_lines_and_all() {
        // Two blank lines above the players: the broken record is the text's line 7, not the
        // 5th record.
        let text = SAMPLE.replacen("XXC black1\n", "XXC black1\n\n\n", 1);
        let broken = text.replacen("1 b 0", "1 q 0", 1);
        let e = TrfFile::parse(&broken).unwrap_err();
        assert_eq!((e.line, e.column), (7, 97));
        let unknown = text.replacen("1 b 0", "9 b 0", 1);
        assert_eq!(TrfFile::parse(&unknown).unwrap_err().line, 7);
        let disagree = text.replacen("1 b 0", "1 b 1", 1);
        let e = TrfFile::parse(&disagree).unwrap().to_section().unwrap_err();
        assert_eq!(e.line, 6, "reported at the white player's line");
        let f = TrfFile::parse(&text).unwrap();
        assert_eq!(
            f.player_lines().into_iter().collect::<Vec<_>>(),
            [(1, 6), (2, 7)]
        );
        assert_eq!(f.header_line("XXR"), Some(2));
        assert_eq!(
            f,
            TrfFile::parse(SAMPLE).unwrap(),
            "blank lines are no records"
        );
    }

    #[test]
    fn a_player_named_as_his_own_opponent_is_refused() {
        let e = TrfFile::parse(&second_line_with("1 b 0", "2 b 0")).unwrap_err();
        assert_eq!(e.problem, TrfProblem::OwnOpponent { round: 1 });
    }

    #[test]
    fn a_section_plans_the_header_rounds_or_those_the_lines_hold() {
        let f = TrfFile::parse(SAMPLE).unwrap();
        assert_eq!(f.section_rounds(), Ok(Some(3)));
        let none = TrfFile::parse(&SAMPLE.replacen("XXR 3\n", "", 1)).unwrap();
        assert_eq!(none.section_rounds(), Ok(Some(2)));
        let short = TrfFile::parse(&SAMPLE.replacen("XXR 3", "XXR 1", 1)).unwrap();
        let e = short.section_rounds().unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(
            e.problem,
            TrfProblem::RoundsBelowPlayed {
                planned: 1,
                played: 2
            }
        );
        assert_eq!(
            e.message(Lang::Zh),
            "TRF 文件第2行第5列：计划轮数1少于文件中已有的2轮"
        );
    }

    #[test]
    fn record_260_reads_as_prohibited_pairs_and_is_written_one_a_pair() {
        // A group of three: 1-2, 1-3 and 2-3 may not meet in rounds 1 to 3 (all of XXR 3).
        let third = TrfPlayer {
            start_rank: 3,
            name: "Gamma".into(),
            ..TrfPlayer::default()
        };
        let text = format!("{SAMPLE}{}\n260 001 003    1    2    3\n", third.to_line());
        let f = TrfFile::parse(&text).unwrap();
        assert_eq!(f.prohibited_groups().unwrap(), vec![(1, 3, vec![1, 2, 3])]);
        let s = f.to_section().unwrap();
        let ids = |a, b| ProhibitedPair::new(EntrantId(a), EntrantId(b)).unwrap();
        assert_eq!(s.settings.prohibited, vec![ids(1, 2), ids(1, 3), ids(2, 3)]);
        assert!(s.settings.prohibits(2, EntrantId(3), EntrantId(1)));
        let back = TrfFile::from_section(&s).unwrap().write();
        let written: Vec<&str> = back.lines().filter(|l| l.starts_with("260")).collect();
        assert_eq!(
            written,
            [
                "260 001 003    1    2",
                "260 001 003    1    3",
                "260 001 003    2    3"
            ]
        );
        // Rounds 2 to 2 only: kept as a span.
        let span = TrfFile::parse(&format!("{SAMPLE}260 002 002    1    2\n")).unwrap();
        let s = span.to_section().unwrap();
        assert_eq!(s.settings.prohibited[0].to_round, Some(2));
        assert!(!s.settings.prohibits(1, EntrantId(1), EntrantId(2)));
        // A rank that names no player, or a record of one player, is an error at its line.
        let e = TrfFile::parse(&format!("{SAMPLE}260 001 003    1    9\n"))
            .unwrap()
            .to_section()
            .unwrap_err();
        assert_eq!(e.line, 6);
        assert!(
            TrfFile::parse(&format!("{SAMPLE}260 001 003    1\n"))
                .unwrap()
                .prohibited_groups()
                .is_err()
        );
    }

    /// `n` players with no rounds, starting ranks 1..=n, after `head`.
    fn players_after(head: &str, n: u32) -> String {
        let mut text = head.to_string();
        for k in 1..=n {
            let p = TrfPlayer {
                start_rank: k,
                name: format!("P{k}"),
                ..TrfPlayer::default()
            };
            text.push_str(&p.to_line());
            text.push('\n');
        }
        text
    }

    /// The 1-based columns `from..=to` of `line`.
    fn cols(line: &str, from: usize, to: usize) -> String {
        line.chars().skip(from - 1).take(to + 1 - from).collect()
    }

    #[test]
    fn record_240_type_in_column_5_round_in_7_to_9_ranks_from_11() {
        // Player 1 of the sample has the half-point bye of round 2.
        let text = format!("{SAMPLE}240 H   2    1\n");
        let f = TrfFile::parse(&text).unwrap();
        let recs = f.bye_records().unwrap();
        assert_eq!(recs.len(), 1);
        assert_eq!(
            (recs[0].kind, recs[0].round, recs[0].players.clone()),
            (ByeKind::Half, 2, vec![(1, 14)])
        );
        // Player 1's line already holds it (0000 - H in round 2): the same bye, once.
        let s = f.to_section().unwrap();
        assert_eq!(s.rounds[1].byes.len(), 2);
        // A requested bye for round 3, not paired yet: round 3 holds it alone.
        let ahead = TrfFile::parse(&format!("{SAMPLE}240 H   3    2\n240 Z   3    1\n")).unwrap();
        let s = ahead.to_section().unwrap();
        assert_eq!(s.rounds.len(), 3);
        assert!(s.rounds[2].games.is_empty());
        assert_eq!(
            s.rounds[2].byes,
            vec![
                Bye {
                    entrant: EntrantId(2),
                    kind: ByeKind::Half
                },
                Bye {
                    entrant: EntrantId(1),
                    kind: ByeKind::Zero
                }
            ]
        );
        // Written back: one record per round and kind, ranks ascending; the U of the players'
        // lines is not repeated.
        let written = TrfFile::from_section(&s).unwrap().write();
        let byes: Vec<&str> = written.lines().filter(|l| l.starts_with("240")).collect();
        assert_eq!(
            byes,
            [
                "240 H   2    1",
                "240 Z   2    2",
                "240 H   3    2",
                "240 Z   3    1"
            ]
        );
        let line = byes[2];
        assert_eq!(
            (cols(line, 5, 5), cols(line, 7, 9), cols(line, 11, 14)),
            ("H".into(), "  3".into(), "   2".into())
        );
    }

    #[test]
    fn bad_240_lines_are_refused_naming_line_and_column() {
        let e = |extra: &str| {
            TrfFile::parse(&format!("{SAMPLE}{extra}\n"))
                .unwrap()
                .to_section()
                .unwrap_err()
        };
        let err = e("240 Q   2    1");
        assert_eq!((err.line, err.column), (6, 5));
        assert_eq!(
            err.to_string(),
            "TRF line 6, column 5: bye type “Q” cannot be read (expected F (full point), H (half point), Z (zero) or U (pairing bye))"
        );
        assert_eq!(
            err.message(Lang::Zh),
            "TRF 文件第6行第5列：轮空类型“Q”无法识别（应为F（1分）、H（半分）、Z（0分）或U（轮空））"
        );
        let err = e("240 H   x    1");
        assert_eq!((err.line, err.column), (6, 7));
        let err = e("240 H   2    9");
        assert_eq!(
            (err.line, err.column, err.problem),
            (6, 14, TrfProblem::NoSuchPlayer(9))
        );
        // Player 2 played player 1 in round 1: no bye there.
        let err = e("240 H   1    2");
        assert_eq!(
            (err.line, err.column, err.problem.clone()),
            (
                6,
                14,
                TrfProblem::ByeConflict {
                    round: 1,
                    player: 2
                }
            )
        );
        assert_eq!(
            err.message(Lang::Zh),
            "TRF 文件第6行第14列：第1轮：240记录给2号轮空，但2号的选手行该轮另有记录"
        );
        // Player 2 has a Z in round 2, not an F.
        let err = e("240 F   2    2");
        assert_eq!(
            err.problem,
            TrfProblem::ByeConflict {
                round: 2,
                player: 2
            }
        );
        let err = e("240 H   4    1");
        assert_eq!(
            (err.column, err.problem),
            (
                7,
                TrfProblem::RoundBeyond {
                    round: 4,
                    planned: 3
                }
            )
        );
        let err = e("240 H   2");
        assert_eq!(err.problem, TrfProblem::Missing(TrfField::StartRank));
    }

    #[test]
    fn record_250_points_in_10_to_13_rounds_15_to_21_ranks_23_to_31() {
        // Nine players, five rounds: Baku's group A is 2·⌈9/4⌉ = 6 players; ⌈5/2⌉ = 3 rounds are
        // accelerated, the first ⌈3/2⌉ = 2 by a point, the third by half a point.
        let head = "012 Baku\n142 5\n";
        let baku = "250       1.0   1   2    1    6\n250       0.5   3   3    1    6\n";
        let f = TrfFile::parse(&format!("{}{baku}", players_after(head, 9))).unwrap();
        let acc = f.accelerations().unwrap();
        assert_eq!(
            acc[0],
            TrfAcceleration {
                points: Points(2),
                rounds: (1, 2),
                players: (1, 6),
                line: 12
            }
        );
        assert_eq!((acc[1].points, acc[1].rounds), (Points(1), (3, 3)));
        let s = f.to_section().unwrap();
        assert!(s.settings.dutch.baku, "the Baku pattern reads as Baku");
        let written = TrfFile::from_section(&s).unwrap().write();
        let lines: Vec<&str> = written.lines().filter(|l| l.starts_with("250")).collect();
        assert_eq!(lines, baku.lines().collect::<Vec<_>>());
        let l = lines[0];
        assert_eq!(cols(l, 5, 8), "    ");
        assert_eq!(cols(l, 10, 13), " 1.0");
        assert_eq!(
            (cols(l, 15, 17), cols(l, 19, 21)),
            ("  1".into(), "  2".into())
        );
        assert_eq!(
            (cols(l, 23, 26), cols(l, 28, 31)),
            ("   1".into(), "   6".into())
        );
        assert!(
            written.contains("\n192 FIDE_DUTCH_2026_BAKU\n"),
            "{written}"
        );
    }

    #[test]
    fn acceleration_other_than_baku_is_refused_naming_the_line() {
        let file = |extra: &str| {
            TrfFile::parse(&format!("{}{extra}", players_after("142 5\n", 9)))
                .unwrap()
                .to_section()
        };
        // Half a point too much for rank 1 in round 3 (line 11 of the text).
        let err = file("250       1.0   1   3    1    6\n").unwrap_err();
        assert_eq!((err.line, err.column), (11, 10));
        assert_eq!(
            err.problem,
            TrfProblem::NotBaku {
                round: 3,
                player: 1,
                stated: Points(2),
                baku: Points(1)
            }
        );
        assert_eq!(
            err.to_string(),
            "TRF line 11, column 10: round 3: player 1 has 1 acceleration points where the Baku method gives 0.5; only Baku acceleration can be paired"
        );
        // Round 3 left out: Baku gives rank 1 half a point that no record states.
        let err = file("250       1.0   1   2    1    6\n").unwrap_err();
        assert_eq!(
            (err.line, err.problem),
            (
                11,
                TrfProblem::NotBaku {
                    round: 3,
                    player: 1,
                    stated: Points::ZERO,
                    baku: Points(1)
                }
            )
        );
        // Fields that do not read.
        let err = file("250  2.0  1.0   1   2    1    6\n").unwrap_err();
        assert_eq!(
            (err.column, err.problem.clone()),
            (
                5,
                TrfProblem::Unreadable {
                    field: TrfField::MatchPoints,
                    text: "2.0".into()
                }
            )
        );
        let err = file("250       0.0   1   2    1    6\n").unwrap_err();
        assert_eq!(err.column, 10);
        let err = file("250       1.0   2   1    1    6\n").unwrap_err();
        assert_eq!(
            (err.column, err.problem),
            (
                15,
                TrfProblem::Backwards {
                    field: TrfField::Round,
                    first: 2,
                    last: 1
                }
            )
        );
        let err = file("250       1.0   1   2    1\n").unwrap_err();
        assert_eq!(
            (err.column, err.problem),
            (28, TrfProblem::Missing(TrfField::StartRank))
        );
    }

    #[test]
    fn record_299_points_in_12_to_17_round_in_18_to_22_ranks_from_23() {
        // The bbpPairings (Sharly fork) test case: a penalty of half a point for player 2,
        // counted after round 1.
        let text = format!("{SAMPLE}299          -0.5    1    2\n");
        let f = TrfFile::parse(&text).unwrap();
        assert_eq!(f.points_adjustments().unwrap(), vec![(2, 1, Points(-1))]);
        let s = f.to_section().unwrap();
        assert_eq!(
            s.settings.points_adjustments,
            vec![crate::model::PointsAdjustment {
                entrant: EntrantId(2),
                round: 1,
                points: Points(-1)
            }]
        );
        let back = TrfFile::from_section(&s).unwrap();
        let written = back.write();
        let line = written.lines().find(|l| l.starts_with("299")).unwrap();
        assert_eq!(line, "299          -0.5    1    2");
        assert_eq!(cols(line, 12, 17), "  -0.5");
        // Player 2 lost round 1 and had a zero bye in round 2: 0 − ½.
        let p2 = back.players().find(|p| p.start_rank == 2).unwrap();
        assert_eq!(p2.points, Some(Points(-1)));
        let bad = |extra: &str| {
            TrfFile::parse(&format!("{SAMPLE}{extra}\n"))
                .unwrap()
                .points_adjustments()
                .unwrap_err()
        };
        assert_eq!(bad("299 H        -0.5    1    2").column, 5);
        assert_eq!(bad("299   1.0    -0.5    1    2").column, 6);
        assert_eq!(bad("299          -0.x    1    2").column, 12);
        assert_eq!(
            bad("299          -0.5    1    7").problem,
            TrfProblem::NoSuchPlayer(7)
        );
    }

    #[test]
    fn record_310_team_in_5_to_7_name_in_9_to_40_members_from_74() {
        let members = [1, 5, 15, 28, 44];
        let mut text = String::from("012 Teams\n");
        for k in members {
            let p = TrfPlayer {
                start_rank: k,
                name: format!("P{k}"),
                ..TrfPlayer::default()
            };
            text.push_str(&p.to_line());
            text.push('\n');
        }
        // A line of the TEC's team sample (Grandmommy's Cup), in an individual tournament.
        text.push_str("310   1 India                            IND     2486   15.0   28.0  11     1    5   15   28   44\n");
        let f = TrfFile::parse(&text).unwrap();
        let teams = f.teams().unwrap();
        assert_eq!(
            (
                teams[0].number,
                teams[0].name.as_str(),
                teams[0].members.clone()
            ),
            (1, "India", members.to_vec())
        );
        let mut s = f.to_section().unwrap();
        assert!(
            s.entrants
                .iter()
                .all(|e| e.unit == "India" && e.team_member)
        );
        assert!(s.has_team_competition());
        s.entrants[1].unit = "二队".into();
        let written = TrfFile::from_section(&s).unwrap().write();
        let lines: Vec<&str> = written.lines().filter(|l| l.starts_with("310")).collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(cols(lines[0], 5, 7), "  1");
        assert_eq!(cols(lines[0], 9, 40).trim_end(), "India");
        assert_eq!(cols(lines[0], 74, 77), "   1");
        assert_eq!(cols(lines[0], 79, 82), "  15");
        assert_eq!(cols(lines[1], 5, 7), "  2");
        assert_eq!(cols(lines[1], 9, 10), "二队");
        assert_eq!(cols(lines[1], 74, 77), "   5");
        let ghost = format!("{:<73}{:>4}", "310   2 Ghost", 9);
        let bad = TrfFile::parse(&format!("{text}{ghost}\n"))
            .unwrap()
            .teams()
            .unwrap_err();
        assert_eq!((bad.column, bad.problem), (77, TrfProblem::NoSuchPlayer(9)));
    }

    #[test]
    fn record_202_is_the_tiebreak_list_in_mtb26_codes() {
        let f = TrfFile::parse(&format!("202 BH/C1,BH,SB,DE,WIN\n{SAMPLE}")).unwrap();
        assert_eq!(
            f.tiebreaks().unwrap(),
            Some(crate::model::Preset::FideSwiss.list())
        );
        let s = f.to_section().unwrap();
        assert_eq!(
            s.settings.standings.tiebreaks,
            crate::model::Preset::FideSwiss.list()
        );
        // Koya's limit and Bianpai's own tiebreaks.
        let list = crate::model::parse_list("KS+1,DE-P,BH-M1,对手分,犯规").unwrap();
        let codes: Vec<String> = list.iter().map(|&t| mtb_code(t)).collect();
        assert_eq!(
            codes,
            ["KS/L+1", "DE/P", "BH/M1", "OTHER_OPP", "OTHER_FOUL"]
        );
        assert!(
            codes
                .iter()
                .zip(&list)
                .all(|(c, t)| from_mtb_code(c) == Some(*t))
        );
        let err = TrfFile::parse(&format!("202 BH/C1, EDET/P\n{SAMPLE}"))
            .unwrap()
            .to_section()
            .unwrap_err();
        assert_eq!((err.line, err.column), (1, 12));
        assert!(
            err.to_string().contains("tiebreak “EDET/P” cannot be read"),
            "{err}"
        );
    }

    /// The places written are the standings after the last round: 1 beat 3 and 2 drew with 4,
    /// so 1 (1 point) is first and 3 (0) last; 2 and 4 (½ each, each the other's only opponent)
    /// are equal on every tiebreak and take places 2 and 3, one each.
    #[test]
    fn each_player_line_carries_the_place_after_the_last_round() {
        let text = "012 Places\nXXR 3\n\
001    1      A                                 2400                             1.0          3 w 1\n\
001    2      B                                 2300                             0.5          4 w =\n\
001    3      C                                 2200                             0.0          1 b 0\n\
001    4      D                                 2100                             0.5          2 b =\n";
        let s = TrfFile::parse(text).unwrap().to_section().unwrap();
        let written = TrfFile::from_event_section(&Event::default(), &s).unwrap();
        let places: Vec<(u32, Option<u32>)> =
            written.players().map(|p| (p.start_rank, p.rank)).collect();
        assert_eq!(places[0], (1, Some(1)));
        assert_eq!(places[2], (3, Some(4)));
        let mut middle = vec![places[1].1, places[3].1];
        middle.sort();
        assert_eq!(middle, [Some(2), Some(3)]);
        // Before round 1 there is no place to write.
        let mut before = s.clone();
        before.rounds.clear();
        let written = TrfFile::from_event_section(&Event::default(), &before).unwrap();
        assert!(written.players().all(|p| p.rank.is_none()));
    }

    #[test]
    fn header_records_come_from_the_event_and_the_section() {
        let mut s = TrfFile::parse(SAMPLE).unwrap().to_section().unwrap();
        s.name = "男子组".into();
        s.settings.round_times = vec!["8月29日 09:00".into(), String::new(), "2026-09-02".into()];
        let event = Event {
            name: "2026年象棋公开赛".into(),
            venue: "北京棋院".into(),
            start_date: chrono::NaiveDate::from_ymd_opt(2026, 8, 29),
            end_date: chrono::NaiveDate::from_ymd_opt(2026, 9, 2),
            chief_arbiter: "张三".into(),
            ..Event::default()
        };
        let written = TrfFile::from_event_section(&event, &s).unwrap().write();
        let head: Vec<&str> = written
            .lines()
            .take_while(|l| !l.starts_with("001"))
            .collect();
        let mut dates = " ".repeat(88);
        dates.insert_str(0, "132");
        dates.push_str("26/08/29");
        dates.push_str(&" ".repeat(12));
        dates.push_str("26/09/02");
        assert_eq!(
            head,
            [
                "012 2026年象棋公开赛 男子组",
                "022 北京棋院",
                "042 2026/08/29",
                "052 2026/09/02",
                "062 2",
                "072 2",
                "092 Individual: Swiss-System (FIDE Dutch)",
                "102 张三",
                dates.as_str(),
                "142 3",
                "152 B",
                "192 FIDE_DUTCH_2026",
                "202 BH/C1,BH,SB,DE,WIN",
            ]
        );
        assert_eq!(cols(head[8], 92, 99), "26/08/29");
        assert_eq!(cols(head[8], 112, 119), "26/09/02");
        // Read back: the rounds, the initial colour, the edition, the round dates.
        let back = TrfFile::parse(&written).unwrap();
        assert_eq!(
            back.dutch_edition(),
            Some(crate::model::DutchEdition::Fide2026)
        );
        let again = back.to_section().unwrap();
        assert_eq!(again.settings.rounds, 3);
        assert_eq!(
            again.settings.dutch.initial_colour,
            crate::model::Side::Black
        );
        assert_eq!(again.settings.round_times, ["2026-08-29", "", "2026-09-02"]);
        let e2017 = TrfFile::parse(&written.replace("FIDE_DUTCH_2026", "FIDE_DUTCH_2017")).unwrap();
        assert_eq!(
            e2017.to_section().unwrap().settings.dutch.edition,
            crate::model::DutchEdition::Fide2017
        );
    }

    #[test]
    fn unreadable_rounds_and_initial_colour_are_refused() {
        let e = |head: &str| {
            TrfFile::parse(&format!("{head}\n{SAMPLE}"))
                .unwrap()
                .to_section()
                .unwrap_err()
        };
        let err = e("142 five");
        assert_eq!((err.line, err.column), (1, 5));
        assert_eq!(
            err.message(Lang::Zh),
            "TRF 文件第1行第5列：轮次“five”无法识别（应为整数）"
        );
        assert_eq!(
            e("152 X").problem,
            TrfProblem::Unreadable {
                field: TrfField::Colour,
                text: "X".into()
            }
        );
        assert!(
            TrfFile::parse(&format!("152 w\n{SAMPLE}"))
                .unwrap()
                .to_section()
                .is_ok()
        );
    }

    #[test]
    fn the_tec_swiss_in_trf_2026_dates_its_rounds() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/data/real_trf/tec_swiss_as_trf2026.trf"
        );
        let f = TrfFile::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let day = |d| chrono::NaiveDate::from_ymd_opt(2025, 9, d);
        assert_eq!(
            f.round_dates().unwrap(),
            [day(13), day(13), day(13), day(14), day(14)]
        );
    }

    #[test]
    fn contradicting_results_are_an_error_not_a_panic() {
        let text = SAMPLE.replacen("1 b 0", "1 b 1", 1);
        let e = TrfFile::parse(&text).unwrap().to_section().unwrap_err();
        assert_eq!((e.line, e.column), (4, 99));
    }
}
