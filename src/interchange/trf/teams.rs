//! Team records of a TRF file (TRF-2025 draft and TRF-2026) read into the team rule book's
//! [`TeamEvent`], and the team round records written from it.
//!
//! Read: teams (`310`: number 5–7, name 9–40, code 42–46, match points 55–60, game points
//! 62–67, rank 69–71), the board colours (`352`, `WBWB`), the match points (`362`,
//! `TW 2 TD 1 TL 0`), the pairing-allocated byes (`320`: match and game points, then the team
//! of each round in four-column blocks from column 15), forfeited matches (`330`: `+-`, `-+`,
//! `--`, round, first and second team), the team byes (`240`), the tie-break list (`202`) and
//! each team's rounds (`801`: per round the opponent, its colour on board 1 and one result
//! character per board — `1`, `=`, `0`, `+`, `-` — then the line-up, or `FFFF`, `HHHH`,
//! `ZZZZ`, `UUUU` for a bye). The 801 records are what the matches are read from (fields split
//! by blanks, since TRF-2025 and TRF-2026 place the points differently); every match must read
//! the same from both teams' lines. Where the bye records (240, 320) say otherwise than the
//! 801 records, the reader keeps the 801 reading and reports the difference as a warning with
//! the bye record's line.
//!
//! The event's rounds are those the 801 records hold (the rounds played), not those planned.
//!
//! The players and line-ups, when the file has player records (001): each team's members are
//! its 310 line's starting ranks (from column 74), named by their 001 records; a match's
//! line-up digits in 801 (`1534`: board 1 the team's first member, board 2 its fifth …) say
//! who sat on which board (`0`: nobody). A digit beyond the team's members is an error at its
//! column.
//!
//! Written: the 801 and 802 records of every team, in the TRF-2025 layout, each match's
//! line-up by the players' places in their team (`1234…` when the event does not know it); and
//! for a team section ([`team_section_records`]) the records 202, 310, 352, 362, 320, 330 and
//! 240 before them.

use super::{TrfError, TrfField, TrfFile, TrfProblem, TrfRecord, field, put};
use crate::model::{
    BoardGame, ByeKind, MatchForfeit, MatchPoints, Points, Side, Team, TeamBye, TeamEvent,
    TeamMatch, TeamNo,
};
use crate::model::{BoardLineup, TeamPlayer};
use crate::model::{TeamTiebreak, TeamTiebreakSpec};
use std::collections::BTreeMap;

/// One team's line of record 310 as the file states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfTeamLine {
    pub number: TeamNo,
    pub match_points: Option<Points>,
    pub game_points: Option<Points>,
    /// The file's own rank (`RRR`).
    pub rank: Option<u32>,
    pub line: usize,
}

/// A team TRF read: the event, its start date (`042`), its tie-break list (`202`), the 310
/// lines and the warnings of records that disagree with the 801 records.
#[derive(Clone, Debug)]
pub struct TrfTeamFile {
    pub event: TeamEvent,
    pub start: Option<chrono::NaiveDate>,
    pub tiebreaks: Vec<TeamTiebreakSpec>,
    pub lines: Vec<TrfTeamLine>,
    pub warnings: Vec<TrfError>,
}

/// One round of an 801 record as read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Block {
    Bye(ByeKind),
    Match {
        opponent: TeamNo,
        white: bool,
        results: Vec<char>,
        /// The column of the block's first field, for errors.
        column: usize,
        /// The line-up digits and their column, when written.
        lineup: Option<(usize, String)>,
    },
}

fn unreadable(line: usize, column: usize, field: TrfField, text: &str) -> TrfError {
    TrfError::at(
        line,
        column,
        TrfProblem::Unreadable {
            field,
            text: text.to_string(),
        },
    )
}

/// The blank-separated words of `text` with their 1-based columns.
fn words(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut start = 0;
    for (k, c) in text.chars().enumerate() {
        if c.is_whitespace() {
            if !cur.is_empty() {
                out.push((start, std::mem::take(&mut cur)));
            }
        } else {
            if cur.is_empty() {
                start = k + 1;
            }
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push((start, cur));
    }
    out
}

fn points_of(word: &(usize, String), line: usize, what: TrfField) -> Result<Points, TrfError> {
    Points::parse(&word.1).ok_or_else(|| unreadable(line, word.0, what, &word.1))
}

fn number_of(word: &(usize, String), line: usize, what: TrfField) -> Result<u32, TrfError> {
    word.1
        .parse::<u32>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| unreadable(line, word.0, what, &word.1))
}

/// The game points of one board result character for the side that has it, and whether it
/// was a forfeit.
fn board_points(c: char) -> Option<(Points, bool)> {
    match c {
        '1' | 'W' => Some((Points::whole(1), false)),
        '=' | 'D' => Some((Points(1), false)),
        '0' | 'L' => Some((Points::ZERO, false)),
        '+' => Some((Points::whole(1), true)),
        '-' => Some((Points::ZERO, true)),
        _ => None,
    }
}

/// The character the other side of a board has.
fn mirror(c: char) -> char {
    match c {
        '1' => '0',
        '0' => '1',
        'W' => 'L',
        'L' => 'W',
        '+' => '-',
        '-' => '+',
        other => other,
    }
}

/// The game points of a side's board results.
fn board_sum(results: &[char]) -> Points {
    results
        .iter()
        .map(|&c| board_points(c).map_or(Points::ZERO, |p| p.0))
        .sum()
}

fn bye_kind(letter: char) -> Option<ByeKind> {
    match letter {
        'F' => Some(ByeKind::Full),
        'H' => Some(ByeKind::Half),
        'Z' => Some(ByeKind::Zero),
        'U' => Some(ByeKind::Pairing),
        _ => None,
    }
}

fn bye_letter(kind: ByeKind) -> char {
    match kind {
        ByeKind::Full => 'F',
        ByeKind::Half => 'H',
        ByeKind::Zero => 'Z',
        ByeKind::Pairing => 'U',
    }
}

impl TrfFile {
    /// The records named `code` with their text lines.
    fn team_records(&self, code: &str) -> Vec<(usize, &str)> {
        self.records
            .iter()
            .enumerate()
            .filter_map(|(k, r)| match r {
                TrfRecord::Other(s) if s.starts_with(code) => {
                    Some((self.line_of_record(k), s.as_str()))
                }
                _ => None,
            })
            .collect()
    }

    /// Reads the file as a team event (see the module text). An error names the line, the
    /// column and the field.
    pub fn team_event(&self) -> Result<TrfTeamFile, TrfError> {
        let mut teams = Vec::new();
        let mut lines = Vec::new();
        for (line, text) in self.team_records("310") {
            let chars: Vec<char> = text.chars().collect();
            let num = field(&chars, (5, 7));
            let number = num
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| unreadable(line, 5, TrfField::Team, &num))?;
            let name = field(&chars, (9, 40));
            if name.is_empty() {
                return Err(TrfError::at(
                    line,
                    9,
                    TrfProblem::Missing(TrfField::TeamName),
                ));
            }
            let opt_points = |cols: (usize, usize), what| {
                let t = field(&chars, cols);
                if t.is_empty() {
                    Ok(None)
                } else {
                    Points::parse(&t)
                        .map(Some)
                        .ok_or_else(|| unreadable(line, cols.0, what, &t))
                }
            };
            let match_points = opt_points((55, 60), TrfField::TeamMatchPoints)?;
            let game_points = opt_points((62, 67), TrfField::GamePoints)?;
            let r = field(&chars, (69, 71));
            let rank = if r.is_empty() {
                None
            } else {
                Some(
                    r.parse::<u32>()
                        .map_err(|_| unreadable(line, 69, TrfField::Rank, &r))?,
                )
            };
            if teams.iter().any(|t: &Team| t.number == number) {
                return Err(unreadable(line, 5, TrfField::Team, &num));
            }
            teams.push(Team {
                number,
                name,
                code: field(&chars, (42, 46)),
            });
            lines.push(TrfTeamLine {
                number,
                match_points,
                game_points,
                rank,
                line,
            });
        }
        let known = |n: TeamNo| teams.iter().any(|t| t.number == n);

        // 362: the match points.
        let mut mp = MatchPoints::default();
        if let Some((line, text)) = self.team_records("362").into_iter().next() {
            let w = words(&text[3..]);
            for pair in w.chunks(2) {
                let [key, value] = pair else {
                    return Err(unreadable(
                        line,
                        pair[0].0 + 3,
                        TrfField::TeamMatchPoints,
                        &pair[0].1,
                    ));
                };
                let v = points_of(
                    &(value.0 + 3, value.1.clone()),
                    line,
                    TrfField::TeamMatchPoints,
                )?;
                match key.1.to_ascii_uppercase().as_str() {
                    "TW" => mp.win = v,
                    "TD" => mp.draw = v,
                    "TL" => mp.loss = v,
                    _ => {
                        return Err(unreadable(
                            line,
                            key.0 + 3,
                            TrfField::TeamMatchPoints,
                            &key.1,
                        ));
                    }
                }
            }
        }
        // 352: the first-named team's colour board by board.
        let pattern: Option<Vec<Side>> = match self.team_records("352").into_iter().next() {
            None => None,
            Some((line, text)) => {
                let t = text[3..].trim();
                let sides: Option<Vec<Side>> = t
                    .chars()
                    .map(|c| match c.to_ascii_uppercase() {
                        'W' => Some(Side::Red),
                        'B' => Some(Side::Black),
                        _ => None,
                    })
                    .collect();
                Some(
                    sides
                        .filter(|s| !s.is_empty())
                        .ok_or_else(|| unreadable(line, 5, TrfField::Colour, t))?,
                )
            }
        };

        // 801: every team's rounds.
        let mut rounds_of: BTreeMap<TeamNo, (usize, Vec<Block>)> = BTreeMap::new();
        for (line, text) in self.team_records("801") {
            let w = words(text);
            if w.len() < 5 {
                return Err(TrfError::at(
                    line,
                    1,
                    TrfProblem::Missing(TrfField::TeamRound),
                ));
            }
            let team = number_of(&w[1], line, TrfField::Team)?;
            if !known(team) {
                return Err(TrfError::at(line, w[1].0, TrfProblem::UnknownTeam(team)));
            }
            points_of(&w[3], line, TrfField::TeamMatchPoints)?;
            points_of(&w[4], line, TrfField::GamePoints)?;
            let mut blocks = Vec::new();
            let mut k = 5;
            while k < w.len() {
                let (col, word) = &w[k];
                let first = word.chars().next().unwrap_or(' ');
                if let Some(kind) = bye_kind(first)
                    && word.chars().all(|c| c == first)
                {
                    blocks.push(Block::Bye(kind));
                    k += 1;
                    continue;
                }
                let opponent = number_of(&w[k], line, TrfField::Opponent)?;
                let colour = w.get(k + 1).ok_or_else(|| {
                    TrfError::at(line, *col, TrfProblem::Missing(TrfField::Colour))
                })?;
                let white = match colour.1.as_str() {
                    "w" | "W" => true,
                    "b" | "B" => false,
                    other => return Err(unreadable(line, colour.0, TrfField::Colour, other)),
                };
                let res = w.get(k + 2).ok_or_else(|| {
                    TrfError::at(line, *col, TrfProblem::Missing(TrfField::BoardResults))
                })?;
                let results: Vec<char> = res.1.chars().collect();
                if results.iter().any(|&c| board_points(c).is_none()) {
                    return Err(unreadable(line, res.0, TrfField::BoardResults, &res.1));
                }
                k += 3;
                // The line-up: digits as many as boards, not followed by a colour.
                let mut lineup = None;
                if let Some(next) = w.get(k)
                    && next.1.chars().all(|c| c.is_ascii_digit())
                    && next.1.len() == results.len()
                    && !w
                        .get(k + 1)
                        .is_some_and(|c| matches!(c.1.as_str(), "w" | "b" | "W" | "B"))
                {
                    lineup = Some(next.clone());
                    k += 1;
                }
                blocks.push(Block::Match {
                    opponent,
                    white,
                    results,
                    column: *col,
                    lineup,
                });
            }
            if rounds_of.insert(team, (line, blocks)).is_some() {
                return Err(unreadable(line, w[1].0, TrfField::Team, &w[1].1));
            }
        }
        if rounds_of.is_empty() {
            return Err(TrfError::at(1, 1, TrfProblem::Missing(TrfField::TeamRound)));
        }
        // The rounds the 801 records hold are the rounds ranked (at most as many as a table
        // has columns).
        let mut rounds = 0u32;
        for (line, blocks) in rounds_of.values() {
            let n = blocks.len() as u32;
            if n > crate::interchange::limits::MAX_COLUMNS as u32 {
                return Err(TrfError::at(
                    *line,
                    1,
                    TrfProblem::RoundBeyond {
                        round: n,
                        planned: crate::interchange::limits::MAX_COLUMNS as u32,
                    },
                ));
            }
            rounds = rounds.max(n);
        }
        let boards = match &pattern {
            Some(p) => p.len() as u32,
            None => rounds_of
                .values()
                .flat_map(|(_, b)| b.iter())
                .find_map(|b| match b {
                    Block::Match { results, .. } => Some(results.len() as u32),
                    Block::Bye(_) => None,
                })
                .unwrap_or(4),
        };
        let side_on = |board: u32, white: bool| {
            let s = match &pattern {
                Some(p) => p[(board as usize - 1) % p.len()],
                None if board % 2 == 1 => Side::Red,
                None => Side::Black,
            };
            if white { s } else { s.other() }
        };

        // 330: forfeited matches.
        let mut forfeits: BTreeMap<(u32, TeamNo, TeamNo), (MatchForfeit, usize)> = BTreeMap::new();
        for (line, text) in self.team_records("330") {
            let w = words(text);
            if w.len() < 5 {
                return Err(TrfError::at(line, 5, TrfProblem::Missing(TrfField::Team)));
            }
            let kind = match w[1].1.as_str() {
                "+-" => MatchForfeit::FirstWins,
                "-+" => MatchForfeit::SecondWins,
                "--" => MatchForfeit::Both,
                other => return Err(unreadable(line, w[1].0, TrfField::BoardResults, other)),
            };
            let round = number_of(&w[2], line, TrfField::Round)?;
            let a = number_of(&w[3], line, TrfField::Team)?;
            let b = number_of(&w[4], line, TrfField::Team)?;
            for (t, word) in [(a, &w[3]), (b, &w[4])] {
                if !known(t) {
                    return Err(TrfError::at(line, word.0, TrfProblem::UnknownTeam(t)));
                }
            }
            forfeits.insert((round, a, b), (kind, line));
        }

        // 802: each team's game points round by round (`f` marks a forfeit).
        let mut gp802: BTreeMap<TeamNo, (usize, Vec<Option<Points>>)> = BTreeMap::new();
        for (line, text) in self.team_records("802") {
            let w = words(text);
            if w.len() < 5 {
                return Err(TrfError::at(
                    line,
                    1,
                    TrfProblem::Missing(TrfField::TeamRound),
                ));
            }
            let team = number_of(&w[1], line, TrfField::Team)?;
            if !known(team) {
                return Err(TrfError::at(line, w[1].0, TrfProblem::UnknownTeam(team)));
            }
            let mut gps = Vec::new();
            let mut k = 5;
            while k < w.len() {
                let step = if matches!(w[k].1.as_str(), "FPB" | "HPB" | "ZPB" | "PAB") {
                    2
                } else {
                    number_of(&w[k], line, TrfField::Opponent)?;
                    3
                };
                let g = w.get(k + step - 1).ok_or_else(|| {
                    TrfError::at(line, w[k].0, TrfProblem::Missing(TrfField::GamePoints))
                })?;
                let text = g.1.trim_end_matches('f');
                let p = Points::parse(text)
                    .ok_or_else(|| unreadable(line, g.0, TrfField::GamePoints, &g.1))?;
                gps.push((step == 3 && !g.1.ends_with('f')).then_some(p));
                k += step;
            }
            gp802.insert(team, (line, gps));
        }
        // A side's boards as its 801 line gives them, unless they do not add up to its 802
        // game points where the other side's line does: then the other side's, with a warning.
        let mut warnings = Vec::new();
        let mut side_boards = |team: TeamNo,
                               opponent: TeamNo,
                               line: usize,
                               column: usize,
                               round: u32,
                               own: &[char],
                               other: &[char]|
         -> Result<Vec<char>, TrfError> {
            let Some((l802, gps)) = gp802.get(&team) else {
                return Ok(own.to_vec());
            };
            let Some(Some(g)) = gps.get(round as usize - 1) else {
                return Ok(own.to_vec());
            };
            if board_sum(own) == *g {
                return Ok(own.to_vec());
            }
            let mirrored: Vec<char> = other.iter().map(|&c| mirror(c)).collect();
            if board_sum(&mirrored) == *g {
                warnings.push(TrfError::at(
                    line,
                    column,
                    TrfProblem::TeamBoardsDisagree { round, team },
                ));
                return Ok(mirrored);
            }
            Err(TrfError::at(
                *l802,
                1,
                TrfProblem::TeamMatchDisagrees {
                    round,
                    team,
                    opponent,
                },
            ))
        };
        let mut matches = Vec::new();
        let mut byes = Vec::new();
        for (&team, (line, blocks)) in &rounds_of {
            for (r, b) in blocks.iter().enumerate() {
                let round = r as u32 + 1;
                match b {
                    Block::Bye(kind) => byes.push(TeamBye {
                        round,
                        team,
                        kind: *kind,
                    }),
                    Block::Match {
                        opponent,
                        white,
                        results,
                        column,
                        ..
                    } => {
                        let disagrees = || {
                            TrfError::at(
                                *line,
                                *column,
                                TrfProblem::TeamMatchDisagrees {
                                    round,
                                    team,
                                    opponent: *opponent,
                                },
                            )
                        };
                        let Some((_, other)) = rounds_of.get(opponent) else {
                            return Err(TrfError::at(
                                *line,
                                *column,
                                TrfProblem::UnknownTeam(*opponent),
                            ));
                        };
                        // Each side's points are its own line's: a board may be lost by
                        // both (0 and 0, both forfeited).
                        let (theirs, their_line) = match other.get(r) {
                            Some(Block::Match {
                                opponent: back,
                                white: w2,
                                results: res2,
                                ..
                            }) if *back == team && *w2 != *white && res2.len() == results.len() => {
                                (res2, rounds_of[opponent].0)
                            }
                            _ => return Err(disagrees()),
                        };
                        if !*white {
                            continue;
                        }
                        let forfeited = forfeits.contains_key(&(round, team, *opponent))
                            || forfeits.contains_key(&(round, *opponent, team));
                        let (results, theirs) = if forfeited {
                            (results.clone(), theirs.clone())
                        } else {
                            let col2 = match other.get(r) {
                                Some(Block::Match { column, .. }) => *column,
                                _ => 1,
                            };
                            (
                                side_boards(
                                    team, *opponent, *line, *column, round, results, theirs,
                                )?,
                                side_boards(
                                    *opponent, team, their_line, col2, round, theirs, results,
                                )?,
                            )
                        };
                        let forfeit = forfeits
                            .get(&(round, team, *opponent))
                            .map(|f| f.0)
                            .or_else(|| {
                                forfeits.get(&(round, *opponent, team)).map(|f| match f.0 {
                                    MatchForfeit::FirstWins => MatchForfeit::SecondWins,
                                    MatchForfeit::SecondWins => MatchForfeit::FirstWins,
                                    MatchForfeit::Both => MatchForfeit::Both,
                                })
                            });
                        // A forfeited match keeps the boards its lines record; the
                        // forfeit decides its points.
                        let board_games = {
                            results
                                .iter()
                                .enumerate()
                                .zip(theirs.iter())
                                .map(|((k, &c), &d)| {
                                    let (p, f) = board_points(c).unwrap_or((Points::ZERO, false));
                                    let (q, g) = board_points(d).unwrap_or((Points::ZERO, false));
                                    let f = f || g;
                                    BoardGame {
                                        board: k as u32 + 1,
                                        first_colour: side_on(k as u32 + 1, true),
                                        first: p,
                                        second: q,
                                        forfeit: f,
                                    }
                                })
                                .collect()
                        };
                        matches.push(TeamMatch {
                            round,
                            first: team,
                            second: *opponent,
                            first_colour: side_on(1, true),
                            boards: board_games,
                            forfeit,
                        });
                    }
                }
            }
        }
        // A 330 record whose match is not in the 801 records.
        for (&(round, a, b), &(_, line)) in &forfeits {
            if !matches
                .iter()
                .any(|m| m.round == round && m.has(a) && m.has(b))
            {
                return Err(TrfError::at(
                    line,
                    1,
                    TrfProblem::TeamMatchDisagrees {
                        round,
                        team: a,
                        opponent: b,
                    },
                ));
            }
        }
        matches.sort_by_key(|m| (m.round, m.first));
        byes.sort_by_key(|y| (y.round, y.team));

        let mut event = TeamEvent::new(boards, rounds);
        event.match_points = mp;
        event.pairing_bye_mp = mp.draw;
        // 320: the pairing-allocated byes and what they give.
        for (line, text) in self.team_records("320") {
            let chars: Vec<char> = text.chars().collect();
            let m = field(&chars, (5, 8));
            if !m.is_empty() {
                event.pairing_bye_mp = Points::parse(&m)
                    .ok_or_else(|| unreadable(line, 5, TrfField::TeamMatchPoints, &m))?;
            }
            let g = field(&chars, (10, 13));
            if !g.is_empty() {
                event.pairing_bye_gp = Points::parse(&g)
                    .ok_or_else(|| unreadable(line, 10, TrfField::GamePoints, &g))?;
            }
            let mut col = 15;
            let mut round = 1;
            while col <= chars.len() {
                let t = field(&chars, (col, col + 2));
                if !t.is_empty() {
                    let team = t
                        .parse::<u32>()
                        .map_err(|_| unreadable(line, col, TrfField::Team, &t))?;
                    check_bye(
                        &byes,
                        round,
                        team,
                        ByeKind::Pairing,
                        line,
                        col,
                        &mut warnings,
                    );
                }
                col += 4;
                round += 1;
            }
        }
        // 240: the byes, checked against the 801 records.
        for (line, text) in self.team_records("240") {
            let w = words(text);
            if w.len() < 3 {
                return Err(TrfError::at(
                    line,
                    5,
                    TrfProblem::Missing(TrfField::ByeType),
                ));
            }
            let kind = w[1]
                .1
                .chars()
                .next()
                .filter(|_| w[1].1.len() == 1)
                .and_then(|c| bye_kind(c.to_ascii_uppercase()))
                .ok_or_else(|| unreadable(line, w[1].0, TrfField::ByeType, &w[1].1))?;
            let round = number_of(&w[2], line, TrfField::Round)?;
            for word in &w[3..] {
                let team = number_of(word, line, TrfField::Team)?;
                check_bye(&byes, round, team, kind, line, word.0, &mut warnings);
            }
            // A team the 801 records give this kind of bye that the record does not name.
            for y in byes.iter().filter(|y| y.round == round && y.kind == kind) {
                let named = w[3..].iter().any(|x| x.1.parse::<u32>() == Ok(y.team));
                let elsewhere = self.team_records("240").iter().any(|(l, t)| {
                    *l != line && {
                        let v = words(t);
                        v.len() >= 3
                            && v[1].1.eq_ignore_ascii_case(&w[1].1)
                            && v[2].1.parse::<u32>() == Ok(round)
                            && v[3..].iter().any(|x| x.1.parse::<u32>() == Ok(y.team))
                    }
                });
                if !named && !elsewhere {
                    warnings.push(TrfError::at(
                        line,
                        1,
                        TrfProblem::TeamByeDisagrees {
                            round,
                            team: y.team,
                        },
                    ));
                }
            }
        }
        event.teams = teams;
        event.matches = matches;
        event.byes = byes;
        self.read_lineups(&rounds_of, &mut event)?;

        // 202: the tie-break list.
        let mut tiebreaks = Vec::new();
        if let Some((line, text)) = self.team_records("202").into_iter().next() {
            for (col, code) in words(&text[3..].replace(',', " ")) {
                let spec = TeamTiebreak::parse(&code)
                    .ok_or_else(|| unreadable(line, col + 3, TrfField::Tiebreak, &code))?;
                tiebreaks.push(spec);
            }
        }
        Ok(TrfTeamFile {
            event,
            start: self.start_date(),
            tiebreaks,
            lines,
            warnings,
        })
    }
}

impl TrfFile {
    /// The players (310 members named by 001) and the 801 line-ups, when the file has player
    /// records; nothing otherwise.
    fn read_lineups(
        &self,
        rounds_of: &BTreeMap<TeamNo, (usize, Vec<Block>)>,
        event: &mut TeamEvent,
    ) -> Result<(), TrfError> {
        let names: BTreeMap<u32, &str> = self
            .records
            .iter()
            .filter_map(|r| match r {
                TrfRecord::Player(p) => Some((p.start_rank, p.name.as_str())),
                _ => None,
            })
            .collect();
        if names.is_empty() {
            return Ok(());
        }
        let teams = self.teams()?;
        for t in &teams {
            for &id in &t.members {
                event.players.push(TeamPlayer {
                    id,
                    team: t.number,
                    name: names.get(&id).copied().unwrap_or_default().to_string(),
                });
            }
        }
        for (&team, (line, blocks)) in rounds_of {
            let Some(members) = teams
                .iter()
                .find(|t| t.number == team)
                .map(|t| &t.members)
                .filter(|m| !m.is_empty())
            else {
                continue;
            };
            for (r, b) in blocks.iter().enumerate() {
                let Block::Match {
                    lineup: Some((col, digits)),
                    ..
                } = b
                else {
                    continue;
                };
                let boards = digits
                    .chars()
                    .map(|c| match c.to_digit(10) {
                        Some(0) => Ok(None),
                        Some(d) => members
                            .get(d as usize - 1)
                            .copied()
                            .map(Some)
                            .ok_or_else(|| unreadable(*line, *col, TrfField::TeamRound, digits)),
                        None => Err(unreadable(*line, *col, TrfField::TeamRound, digits)),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                event.lineups.push(BoardLineup {
                    round: r as u32 + 1,
                    team,
                    boards,
                });
            }
        }
        Ok(())
    }
}

/// A bye record naming `team` in `round` with `kind`: a warning unless the 801 records say so.
fn check_bye(
    byes: &[TeamBye],
    round: u32,
    team: TeamNo,
    kind: ByeKind,
    line: usize,
    column: usize,
    warnings: &mut Vec<TrfError>,
) {
    if !byes
        .iter()
        .any(|y| y.round == round && y.team == team && y.kind == kind)
    {
        warnings.push(TrfError::at(
            line,
            column,
            TrfProblem::TeamByeDisagrees { round, team },
        ));
    }
}

/// The 801 and 802 records of `event`'s teams, in team order (TRF-2025 layout; a line-up by
/// the players' places in their team, `1234…` when not known).
pub fn team_round_lines(event: &TeamEvent) -> Vec<String> {
    let table = crate::standings::team_fide::TeamTable::new(event, event.rounds);
    let lineup: String = (1..=event.boards)
        .map(|b| char::from_digit(b % 10, 10).unwrap_or('0'))
        .collect();
    let mut r801 = Vec::new();
    let mut r802 = Vec::new();
    for (i, team) in event.teams.iter().enumerate() {
        let mp = table.match_points(i);
        let gp = table.game_points(i);
        let mut a = format!(
            "801 {:>2} {:<5} {:>2} {:>6}",
            team.number,
            team.code,
            mp,
            gp_text(gp)
        );
        let mut b = format!(
            "802 {:>3} {:<5} {:>4} {:>8}",
            team.number,
            team.code,
            mp,
            gp_text(gp)
        );
        for round in 1..=event.rounds {
            let m = event
                .matches
                .iter()
                .find(|m| m.round == round && m.has(team.number));
            let bye = event
                .byes
                .iter()
                .find(|y| y.round == round && y.team == team.number);
            match (m, bye) {
                (Some(m), _) => {
                    let first = m.first == team.number;
                    let opp = if first { m.second } else { m.first };
                    let colour = if first { 'w' } else { 'b' };
                    let results: String = match m.forfeit {
                        Some(f) if m.boards.is_empty() => {
                            let won = matches!(
                                (f, first),
                                (MatchForfeit::FirstWins, true) | (MatchForfeit::SecondWins, false)
                            );
                            std::iter::repeat_n(if won { '+' } else { '-' }, event.boards as usize)
                                .collect()
                        }
                        _ => m
                            .boards
                            .iter()
                            .map(|g| {
                                let (p, f) = if first {
                                    (g.first, g.forfeit)
                                } else {
                                    (g.second, g.forfeit)
                                };
                                match (p.halves(), f) {
                                    (2, true) => '+',
                                    (0, true) => '-',
                                    (2, false) => '1',
                                    (1, _) => '=',
                                    _ => '0',
                                }
                            })
                            .collect(),
                    };
                    let (ga, gb) = m.game_points(event.boards);
                    let own = if first { ga } else { gb };
                    let f = if m.forfeit.is_some() { "f" } else { " " };
                    if m.boards.is_empty() || results.chars().all(|c| c == '+' || c == '-') {
                        a.push_str(&format!("  {opp:>2} {colour} {results:<4}     "));
                    } else {
                        let seated = seated_digits(event, round, team.number)
                            .unwrap_or_else(|| lineup.clone());
                        a.push_str(&format!("  {opp:>2} {colour} {results} {seated}"));
                    }
                    b.push_str(&format!("  {opp:>3} {colour} {:>4}{f}", gp_text(own)));
                }
                (None, Some(y)) => {
                    let letter = bye_letter(y.kind);
                    let word: String = std::iter::repeat_n(letter, event.boards as usize).collect();
                    a.push_str(&format!("       {word}     "));
                    let (_, g) = event.bye_points(y.kind);
                    let code = match y.kind {
                        ByeKind::Full => "FPB",
                        ByeKind::Half => "HPB",
                        ByeKind::Zero => "ZPB",
                        ByeKind::Pairing => "PAB",
                    };
                    b.push_str(&format!(" {code}   {:>4} ", gp_text(g)));
                }
                (None, None) => {
                    let word: String = std::iter::repeat_n('Z', event.boards as usize).collect();
                    a.push_str(&format!("       {word}     "));
                    b.push_str(&format!(" ZPB   {:>4} ", gp_text(Points::ZERO)));
                }
            }
        }
        r801.push(a.trim_end().to_string());
        r802.push(b.trim_end().to_string());
    }
    r801.extend(r802);
    r801
}

/// Who sat on each board of `team` in `round`, as 801 writes it: the player's place among the
/// team's players (`1` its first), `0` for an empty board; `None` when the event does not know
/// the line-up or a player's place is beyond 9.
fn seated_digits(event: &TeamEvent, round: u32, team: TeamNo) -> Option<String> {
    let seats = event
        .lineups
        .iter()
        .find(|l| l.round == round && l.team == team)?;
    let members: Vec<u32> = event
        .players
        .iter()
        .filter(|p| p.team == team)
        .map(|p| p.id)
        .collect();
    if members.is_empty() || seats.boards.len() != event.boards as usize {
        return None;
    }
    seats
        .boards
        .iter()
        .map(|seat| match seat {
            None => Some('0'),
            Some(id) => {
                let k = members.iter().position(|m| m == id)? + 1;
                char::from_digit(k as u32, 10).filter(|_| k <= 9)
            }
        })
        .collect()
}

/// Game points as the 801/802 records write them: one decimal (`28.0`, `2.5`).
fn gp_text(p: Points) -> String {
    format!(
        "{}.{}",
        p.halves() / 2,
        if p.halves() % 2 == 0 { 0 } else { 5 }
    )
}

/// One team of a team section as record 310 writes it: its place and points after the rounds
/// ranked, and its players' starting ranks (the numbers of their 001 records) in the team's
/// order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamSectionLine {
    pub number: TeamNo,
    pub match_points: Points,
    pub game_points: Points,
    pub rank: u32,
    pub members: Vec<u32>,
}

/// The team records of a team section, to follow its players' 001 records: the tie-break list
/// (`202`), the teams (`310`), the first-named team's colour by board (`352`), the match points
/// (`362`), the pairing-allocated byes (`320`), the matches forfeited by both teams (`330`;
/// a match one team forfeits is its boards' `+` and `-`), the other team byes (`240`), and the
/// 801/802 records of [`team_round_lines`]. `event.rounds` is taken as the rounds written.
pub fn team_section_records(
    event: &TeamEvent,
    lines: &[TeamSectionLine],
    tiebreaks: &[TeamTiebreakSpec],
) -> Vec<String> {
    let mut out = Vec::new();
    if !tiebreaks.is_empty() {
        let codes: Vec<String> = tiebreaks
            .iter()
            .map(|s| match s.edition {
                None => s.tiebreak.code(),
                Some(crate::standings::FideEdition::E2026) => {
                    format!("{}/V2026", s.tiebreak.code())
                }
                Some(_) => format!("{}/V2024", s.tiebreak.code()),
            })
            .collect();
        out.push(format!("202 {}", codes.join(",")));
    }
    for team in &event.teams {
        let mut b: Vec<char> = "310".chars().collect();
        put(&mut b, (5, 7), &team.number.to_string(), true);
        put(&mut b, (9, 40), &team.name, false);
        put(&mut b, (42, 46), &team.code, false);
        if let Some(l) = lines.iter().find(|l| l.number == team.number) {
            put(&mut b, (55, 60), &gp_text(l.match_points), true);
            put(&mut b, (62, 67), &gp_text(l.game_points), true);
            put(&mut b, (69, 71), &l.rank.to_string(), true);
            for (m, n) in l.members.iter().enumerate() {
                let col = 74 + 5 * m;
                put(&mut b, (col, col + 3), &n.to_string(), true);
            }
        }
        out.push(b.into_iter().collect::<String>().trim_end().to_string());
    }
    // The first-named team is white (red) on odd boards and black on even ones.
    let colours: String = (1..=event.boards)
        .map(|b| if b % 2 == 1 { 'W' } else { 'B' })
        .collect();
    out.push(format!("352 {colours}"));
    let mp = event.match_points;
    out.push(format!("362 TW {} TD {} TL {}", mp.win, mp.draw, mp.loss));
    let mut r320: Vec<char> = "320".chars().collect();
    put(&mut r320, (5, 8), &gp_text(event.pairing_bye_mp), true);
    put(&mut r320, (10, 13), &gp_text(event.pairing_bye_gp), true);
    for y in event.byes.iter().filter(|y| y.kind == ByeKind::Pairing) {
        let col = 15 + 4 * (y.round as usize - 1);
        put(&mut r320, (col, col + 2), &y.team.to_string(), true);
    }
    out.push(r320.into_iter().collect::<String>().trim_end().to_string());
    for m in event.matches.iter().filter(|m| m.round <= event.rounds) {
        if m.forfeit == Some(MatchForfeit::Both) {
            out.push(format!(
                "330 -- {:>3} {:>3} {:>3}",
                m.round, m.first, m.second
            ));
        }
    }
    for round in 1..=event.rounds {
        for kind in [ByeKind::Full, ByeKind::Half, ByeKind::Zero] {
            let teams: Vec<String> = event
                .byes
                .iter()
                .filter(|y| y.round == round && y.kind == kind)
                .map(|y| format!("{:>3}", y.team))
                .collect();
            if !teams.is_empty() {
                out.push(format!(
                    "240 {} {round:>3} {}",
                    bye_letter(kind),
                    teams.join(" ")
                ));
            }
        }
    }
    out.extend(team_round_lines(event));
    out
}
