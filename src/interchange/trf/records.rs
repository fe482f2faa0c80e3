//! The TRF-2026 records around the players' lines, read into the rule-book model and written
//! from it: the tournament header (`012` … `202`), byes (`240`), acceleration (`250`), points
//! bonuses and penalties (`299`) and teams (`310`). Columns are those of the TRF-2026 text
//! (FIDE Handbook C.02.03 Annexure A); a field that does not read is an error naming its line
//! and column.
//!
//! What the model does not hold is left out rather than made up: the federation (`032`), the
//! deputy arbiters (`112`), the time control (`122`, `222`), the starting-rank method and the
//! national rating records (`172` and the federation-coded lines: one rating per entrant goes
//! into the player's line), the pairing controller (`182`), the scoring record (`162`), the
//! team strength, match and game points and team rank (`310` columns 42–71). In a team
//! tournament (`192` naming a `TEAM` system) the records 240, 250, 260, 299 and 310 name teams,
//! which the model does not pair: they are kept in the file but not read into the section.

use super::{
    TrfError, TrfField, TrfFile, TrfProblem, TrfRecord, field, parse_num, points_text, put,
};
use crate::model::{
    Bye, ByeKind, DutchEdition, Entrant, Event, PairingSystem, Points, PointsAdjustment, Round,
    Section, Side, Tiebreak,
};
use crate::pairing::dutch::baku;
use std::collections::{BTreeMap, HashSet};

/// A record `240`: one kind of bye in one round for the players it names (type in column 5,
/// round in 7–9, starting ranks from column 11, five columns each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfByeRecord {
    pub kind: ByeKind,
    pub round: u32,
    /// The starting ranks named, each with the column it is written at.
    pub players: Vec<(u32, usize)>,
    /// The record's text line.
    pub line: usize,
}

/// A record `250`: acceleration points (columns 10–13) in rounds 15–17 to 19–21 for the
/// starting ranks 23–26 to 28–31; columns 5–8 (match points) are blank in an individual
/// tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfAcceleration {
    pub points: Points,
    pub rounds: (u32, u32),
    pub players: (u32, u32),
    pub line: usize,
}

/// A record `310`: team number (columns 5–7), name (9–40) and the members' starting ranks
/// (from column 74, five columns each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfTeam {
    pub number: u32,
    pub name: String,
    pub members: Vec<u32>,
    pub line: usize,
}

/// The whitespace-separated words of `chars` from column `from` on, each with its column.
fn words_from(chars: &[char], from: usize) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, &c) in chars.iter().enumerate().skip(from.saturating_sub(1)) {
        if c.is_whitespace() {
            out.extend(current.take());
        } else {
            current
                .get_or_insert_with(|| (i + 1, String::new()))
                .1
                .push(c);
        }
    }
    out.extend(current);
    out
}

/// A number at `cols` that must be written and be at least 1.
fn required_num(
    chars: &[char],
    cols: (usize, usize),
    line: usize,
    what: TrfField,
) -> Result<u32, TrfError> {
    match parse_num(chars, cols, line, what)? {
        None => Err(TrfError::at(line, cols.0, TrfProblem::Missing(what))),
        Some(0) => Err(TrfError::at(
            line,
            cols.0,
            TrfProblem::Unreadable {
                field: what,
                text: field(chars, cols),
            },
        )),
        Some(n) => Ok(n),
    }
}

/// Points at `cols` (`None` when blank).
fn points_at(
    chars: &[char],
    cols: (usize, usize),
    line: usize,
    what: TrfField,
) -> Result<Option<Points>, TrfError> {
    let text = field(chars, cols);
    if text.is_empty() {
        return Ok(None);
    }
    Points::parse(&text)
        .map(Some)
        .ok_or_else(|| TrfError::at(line, cols.0, TrfProblem::Unreadable { field: what, text }))
}

/// Columns 5–8 of record 250, 6–11 of record 299: match points, blank (or zero) for
/// individuals.
fn no_match_points(chars: &[char], cols: (usize, usize), line: usize) -> Result<(), TrfError> {
    let text = field(chars, cols);
    if text.is_empty() || Points::parse(&text) == Some(Points::ZERO) {
        Ok(())
    } else {
        Err(TrfError::at(
            line,
            cols.0,
            TrfProblem::Unreadable {
                field: TrfField::MatchPoints,
                text,
            },
        ))
    }
}

/// The starting ranks written as words from column `from`, each one of `ranks`.
fn ranks_from(
    chars: &[char],
    from: usize,
    line: usize,
    ranks: &HashSet<u32>,
) -> Result<Vec<(u32, usize)>, TrfError> {
    let mut out = Vec::new();
    for (col, word) in words_from(chars, from) {
        let rank: u32 = word.parse().ok().filter(|&r| r > 0).ok_or_else(|| {
            TrfError::at(
                line,
                col,
                TrfProblem::Unreadable {
                    field: TrfField::StartRank,
                    text: word.clone(),
                },
            )
        })?;
        if !ranks.contains(&rank) {
            return Err(TrfError::at(line, col, TrfProblem::NoSuchPlayer(rank)));
        }
        out.push((rank, col));
    }
    if out.is_empty() {
        return Err(TrfError::at(
            line,
            from + 1,
            TrfProblem::Missing(TrfField::StartRank),
        ));
    }
    Ok(out)
}

/// A tiebreak as MTB26 (TRF-2026 record 202) codes it: FIDE acronyms with `/` modifiers (`BH/C1`,
/// `DE/P`, `KS/L+1`), other tiebreaks as `OTHER_` and Bianpai's acronym.
pub fn mtb_code(tb: Tiebreak) -> String {
    let cuts = |base: &str, low: u8, high: u8| match (low, high) {
        (0, 0) => Some(base.to_string()),
        (l, 0) => Some(format!("{base}/C{l}")),
        (l, h) if l == h => Some(format!("{base}/M{l}")),
        _ => None,
    };
    let fide = match tb {
        Tiebreak::Buchholz { low, high } => cuts("BH", low, high),
        Tiebreak::ForeBuchholz { low, high } => cuts("FB", low, high),
        Tiebreak::AverageRatingOpponents { low, high } => cuts("ARO", low, high),
        Tiebreak::SonnebornBerger { cut } => cuts("SB", cut, 0),
        Tiebreak::Progressive { cut } => cuts("PS", cut, 0),
        Tiebreak::AverageOpponentsBuchholz => Some("AOB".into()),
        Tiebreak::Wins {
            byes: true,
            forfeits: true,
        } => Some("WIN".into()),
        Tiebreak::Wins {
            byes: false,
            forfeits: false,
        } => Some("WON".into()),
        Tiebreak::BlackGames => Some("BPG".into()),
        Tiebreak::BlackWins => Some("BWG".into()),
        Tiebreak::ElectedToPlay => Some("REP".into()),
        Tiebreak::DirectEncounter { forfeits: false } => Some("DE".into()),
        Tiebreak::DirectEncounter { forfeits: true } => Some("DE/P".into()),
        Tiebreak::Koya { limit: 0 } => Some("KS".into()),
        Tiebreak::Koya { limit } => Some(format!("KS/L{limit:+}")),
        Tiebreak::PerformanceRating => Some("TPR".into()),
        Tiebreak::PerfectPerformance => Some("PTP".into()),
        Tiebreak::AveragePerformanceOpponents => Some("APRO".into()),
        Tiebreak::AveragePerfectPerformanceOpponents => Some("APPO".into()),
        Tiebreak::Rating => Some("RTNG".into()),
        _ => None,
    };
    fide.unwrap_or_else(|| format!("OTHER_{}", tb.acronym()))
}

/// Reads an MTB26 code back ([`mtb_code`]).
pub fn from_mtb_code(code: &str) -> Option<Tiebreak> {
    let code = code.trim();
    let upper = code.to_ascii_uppercase();
    let bare = upper.strip_prefix("OTHER_").unwrap_or(&upper);
    // Koya's limit is a modifier in MTB26 (`KS/L+1`), a sign in Bianpai's acronym (`KS+1`).
    let bare = match bare.strip_prefix("KS/L") {
        Some(limit) => format!("KS{limit}"),
        None => bare.to_string(),
    };
    // Team scores (`:MP`, `:GP`) are no tiebreak of an individual tournament.
    if bare.contains(':') {
        return None;
    }
    bare.parse().ok()
}

/// The date of a round as its schedule text begins (`2026-08-29 09:00`, `2026/8/29`,
/// `2026年8月29日`, or `8月29日` in the year of the event's start, the next year when that would
/// fall before the start).
fn round_date(text: &str, start: Option<chrono::NaiveDate>) -> Option<chrono::NaiveDate> {
    use chrono::Datelike;
    let first = text.split_whitespace().next()?;
    let full = ["%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%Y年%m月%d日"]
        .iter()
        .find_map(|f| chrono::NaiveDate::parse_from_str(first, f).ok());
    if full.is_some() {
        return full;
    }
    let start = start?;
    let (month, rest) = first.split_once('月')?;
    let day = rest.split('日').next()?;
    let (month, day): (u32, u32) = (month.parse().ok()?, day.parse().ok()?);
    let date = chrono::NaiveDate::from_ymd_opt(start.year(), month, day)?;
    if date < start {
        chrono::NaiveDate::from_ymd_opt(start.year() + 1, month, day)
    } else {
        Some(date)
    }
}

/// Record 192: the pairing system as the ETT26 table codes it.
fn system_code(section: &Section) -> Option<String> {
    let s = &section.settings;
    Some(match s.system {
        PairingSystem::Dutch => {
            let year = match s.dutch.edition {
                DutchEdition::Fide2026 => "2026",
                DutchEdition::Fide2017 => "2017",
            };
            let baku = if s.dutch.baku { "_BAKU" } else { "" };
            format!("FIDE_DUTCH_{year}{baku}")
        }
        PairingSystem::RoundRobin => match s.round_robin.cycles {
            1 => "FIDE_ROUNDROBIN".into(),
            2 => "FIDE_DOUBLEROUNDROBIN".into(),
            _ => return None,
        },
        PairingSystem::XiangqiSwiss => "CUSTOM_SWISS".into(),
        PairingSystem::Knockout => "CUSTOM_KNOCKOUT".into(),
    })
}

/// The members of a unit's team as the team standings count them: not a house player, and on
/// the team entry form when only registered members count.
fn in_team(e: &Entrant, section: &Section) -> bool {
    !e.house && (!section.settings.standings.team.registered_only || e.team_member)
}

impl TrfFile {
    /// The text lines of the records named `code` (other than player records), with their
    /// characters.
    fn named(&self, code: &str) -> Vec<(usize, Vec<char>)> {
        self.records
            .iter()
            .enumerate()
            .filter_map(|(k, r)| match r {
                TrfRecord::Other(s) if s.starts_with(code) => {
                    Some((self.line_of_record(k), s.chars().collect()))
                }
                _ => None,
            })
            .collect()
    }

    fn rank_set(&self) -> HashSet<u32> {
        self.players().map(|p| p.start_rank).collect()
    }

    /// Is this a team tournament: a `TEAM` system in record 192 or 092, or team records of
    /// TRF-16 (013)? Its records 240–310 name teams.
    pub fn is_team_tournament(&self) -> bool {
        let team = |code| {
            self.header(code)
                .is_some_and(|t| t.to_ascii_uppercase().contains("TEAM"))
        };
        team("192") || team("092") || self.header("013").is_some()
    }

    /// The edition of the Dutch rules record 192 names (`FIDE_DUTCH_2017…`, `FIDE_DUTCH_2026…`;
    /// the draft's `2025` is the 2026 text), if it names one.
    pub fn dutch_edition(&self) -> Option<DutchEdition> {
        let code = self.header("192")?.to_ascii_uppercase();
        if !code.starts_with("FIDE_DUTCH") {
            return None;
        }
        if code.contains("2017") {
            Some(DutchEdition::Fide2017)
        } else if code.contains("2026") || code.contains("2025") {
            Some(DutchEdition::Fide2026)
        } else {
            None
        }
    }

    /// Byes (TRF-2026 record 240): type `F`, `H`, `Z` (or `U`, the pairing-allocated bye) in
    /// column 5, the round in 7–9, the starting ranks from column 11. A rank that names no
    /// player is an error at its column.
    pub fn bye_records(&self) -> Result<Vec<TrfByeRecord>, TrfError> {
        let ranks = self.rank_set();
        let mut out = Vec::new();
        for (line, chars) in self.named("240") {
            let t = field(&chars, (5, 5));
            let kind = match t.to_ascii_uppercase().as_str() {
                "F" => ByeKind::Full,
                "H" => ByeKind::Half,
                "Z" => ByeKind::Zero,
                "U" => ByeKind::Pairing,
                "" => {
                    return Err(TrfError::at(
                        line,
                        5,
                        TrfProblem::Missing(TrfField::ByeType),
                    ));
                }
                _ => {
                    return Err(TrfError::at(
                        line,
                        5,
                        TrfProblem::Unreadable {
                            field: TrfField::ByeType,
                            text: t,
                        },
                    ));
                }
            };
            let round = required_num(&chars, (7, 9), line, TrfField::Round)?;
            let players = ranks_from(&chars, 10, line, &ranks)?;
            out.push(TrfByeRecord {
                kind,
                round,
                players,
                line,
            });
        }
        Ok(out)
    }

    /// Acceleration (TRF-2026 record 250), in an individual tournament: match points (5–8)
    /// blank, acceleration points (10–13) not zero, rounds 15–17 to 19–21, starting ranks
    /// 23–26 to 28–31.
    pub fn accelerations(&self) -> Result<Vec<TrfAcceleration>, TrfError> {
        let mut out = Vec::new();
        for (line, chars) in self.named("250") {
            no_match_points(&chars, (5, 8), line)?;
            let points =
                points_at(&chars, (10, 13), line, TrfField::VirtualPoints)?.ok_or_else(|| {
                    TrfError::at(line, 10, TrfProblem::Missing(TrfField::VirtualPoints))
                })?;
            if points == Points::ZERO {
                return Err(TrfError::at(
                    line,
                    10,
                    TrfProblem::Unreadable {
                        field: TrfField::VirtualPoints,
                        text: field(&chars, (10, 13)),
                    },
                ));
            }
            let pair = |a: (usize, usize), b: (usize, usize), what| {
                let first = required_num(&chars, a, line, what)?;
                let last = required_num(&chars, b, line, what)?;
                if first > last {
                    return Err(TrfError::at(
                        line,
                        a.0,
                        TrfProblem::Backwards {
                            field: what,
                            first,
                            last,
                        },
                    ));
                }
                Ok((first, last))
            };
            let rounds = pair((15, 17), (19, 21), TrfField::Round)?;
            let players = pair((23, 26), (28, 31), TrfField::StartRank)?;
            out.push(TrfAcceleration {
                points,
                rounds,
                players,
                line,
            });
        }
        Ok(out)
    }

    /// Points bonuses and penalties (TRF-2026 record 299 with a blank type in column 5): match
    /// points (6–11) blank, the points in 12–17 (`-0.5`), the round after which they count in
    /// 18–22 (`000` or blank: from the start), the starting ranks from column 23; as (starting
    /// rank, round, points). Another type (a team's abnormal result) is an error.
    pub fn points_adjustments(&self) -> Result<Vec<(u32, u32, Points)>, TrfError> {
        let ranks = self.rank_set();
        let mut out = Vec::new();
        for (line, chars) in self.named("299") {
            let t = field(&chars, (5, 5));
            if !t.is_empty() {
                return Err(TrfError::at(
                    line,
                    5,
                    TrfProblem::Unreadable {
                        field: TrfField::AdjustmentType,
                        text: t,
                    },
                ));
            }
            no_match_points(&chars, (6, 11), line)?;
            let points = points_at(&chars, (12, 17), line, TrfField::Points)?
                .ok_or_else(|| TrfError::at(line, 12, TrfProblem::Missing(TrfField::Points)))?;
            let round = parse_num(&chars, (18, 22), line, TrfField::Round)?.unwrap_or(0);
            for (rank, _) in ranks_from(&chars, 23, line, &ranks)? {
                out.push((rank, round, points));
            }
        }
        Ok(out)
    }

    /// Teams (TRF-2026 record 310): number (5–7), name (9–40), the members' starting ranks
    /// from column 74.
    pub fn teams(&self) -> Result<Vec<TrfTeam>, TrfError> {
        let ranks = self.rank_set();
        let mut out = Vec::new();
        for (line, chars) in self.named("310") {
            let number = required_num(&chars, (5, 7), line, TrfField::Team)?;
            let name = field(&chars, (9, 40));
            if name.is_empty() {
                return Err(TrfError::at(
                    line,
                    9,
                    TrfProblem::Missing(TrfField::TeamName),
                ));
            }
            let members = ranks_from(&chars, 72, line, &ranks)?
                .into_iter()
                .map(|(r, _)| r)
                .collect();
            out.push(TrfTeam {
                number,
                name,
                members,
                line,
            });
        }
        Ok(out)
    }

    /// The tiebreak list of record 202 (MTB26 codes, comma-separated), if the file has one. A
    /// code Bianpai does not compute is an error at its column.
    pub fn tiebreaks(&self) -> Result<Option<Vec<Tiebreak>>, TrfError> {
        let Some((line, chars)) = self.named("202").into_iter().next() else {
            return Ok(None);
        };
        let mut list = Vec::new();
        let mut col = 5;
        let text: String = chars.iter().skip(4).collect();
        for item in text.split(',') {
            let lead = item.chars().take_while(|c| c.is_whitespace()).count();
            let code = item.trim();
            if !code.is_empty() {
                let tb = from_mtb_code(code).ok_or_else(|| {
                    TrfError::at(
                        line,
                        col + lead,
                        TrfProblem::Unreadable {
                            field: TrfField::Tiebreak,
                            text: code.to_string(),
                        },
                    )
                })?;
                list.push(tb);
            }
            col += item.chars().count() + 1;
        }
        Ok((!list.is_empty()).then_some(list))
    }

    /// The round dates of record 132 (`YY/MM/DD`, in the columns of the rounds' blocks), round
    /// 1 first; `None` for a round without one.
    pub fn round_dates(&self) -> Result<Vec<Option<chrono::NaiveDate>>, TrfError> {
        let Some((line, chars)) = self.named("132").into_iter().next() else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for (col, word) in words_from(&chars, 4) {
            let date = chrono::NaiveDate::parse_from_str(&word, "%y/%m/%d").map_err(|_| {
                TrfError::at(
                    line,
                    col,
                    TrfProblem::Unreadable {
                        field: TrfField::Date,
                        text: word.clone(),
                    },
                )
            })?;
            // A round's date sits in its block's columns (92 + 10·(r − 1)); a file that writes
            // them one column off still names them in order.
            let round = (col + 1).saturating_sub(super::COL_ROUNDS) / 10;
            if out.len() < round {
                out.resize(round, None);
            }
            out.push(Some(date));
        }
        Ok(out)
    }

    /// The header fields the section is paired by must read: the rounds (`142`, `XXR`: a whole
    /// number from 1) and the initial colour (`152`: `W` or `B`).
    pub(super) fn check_header(&self) -> Result<(), TrfError> {
        for code in ["142", "XXR"] {
            for (line, chars) in self.named(code) {
                let text = field(&chars, (5, chars.len().max(5)));
                let first = text.split_whitespace().next().unwrap_or_default();
                if first.parse::<u32>().ok().filter(|&n| n > 0).is_none() {
                    let problem = if first.is_empty() {
                        TrfProblem::Missing(TrfField::Round)
                    } else {
                        TrfProblem::Unreadable {
                            field: TrfField::Round,
                            text: first.to_string(),
                        }
                    };
                    return Err(TrfError::at(line, 5, problem));
                }
            }
        }
        for (line, chars) in self.named("152") {
            let text = field(&chars, (5, chars.len().max(5)));
            if !matches!(text.to_ascii_uppercase().as_str(), "W" | "B") {
                return Err(TrfError::at(
                    line,
                    5,
                    TrfProblem::Unreadable {
                        field: TrfField::Colour,
                        text,
                    },
                ));
            }
        }
        Ok(())
    }

    /// Reads the TRF-2026 records 132, 202, 240, 250, 299 and 310 of an individual tournament
    /// into `section`, whose entrants and rounds come from the players' lines.
    pub(super) fn read_records(&self, section: &mut Section) -> Result<(), TrfError> {
        let dates = self.round_dates()?;
        if !dates.is_empty() {
            section.settings.round_times = dates
                .iter()
                .map(|d| {
                    d.map(|d| d.format("%Y-%m-%d").to_string())
                        .unwrap_or_default()
                })
                .collect();
        }
        if self.is_team_tournament() {
            return Ok(());
        }
        if let Some(list) = self.tiebreaks()? {
            section.settings.standings.tiebreaks = list;
        }
        self.read_byes(section)?;
        section.settings.points_adjustments = self
            .points_adjustments()?
            .into_iter()
            .map(|(rank, round, points)| PointsAdjustment {
                entrant: crate::model::EntrantId(i64::from(rank)),
                round,
                points,
            })
            .collect();
        for team in self.teams()? {
            for rank in &team.members {
                if let Some(e) = section
                    .entrants
                    .iter_mut()
                    .find(|e| e.number == Some(*rank))
                {
                    e.unit = team.name.clone();
                    e.team_member = true;
                }
            }
        }
        self.read_acceleration(section)
    }

    /// Record 240 into the section's rounds: a bye the players' lines already hold is the same
    /// bye; one for a round not paired yet (a requested bye, an absence announced) goes into
    /// that round, which then has byes only. A bye against a game or another bye in the
    /// player's line is an error.
    fn read_byes(&self, section: &mut Section) -> Result<(), TrfError> {
        let planned = section.settings.rounds;
        for rec in self.bye_records()? {
            if rec.round > planned {
                return Err(TrfError::at(
                    rec.line,
                    7,
                    TrfProblem::RoundBeyond {
                        round: rec.round,
                        planned,
                    },
                ));
            }
            let at = match section.rounds.iter().position(|r| r.number >= rec.round) {
                Some(i) if section.rounds[i].number == rec.round => i,
                Some(i) => {
                    section.rounds.insert(
                        i,
                        Round {
                            number: rec.round,
                            ..Round::default()
                        },
                    );
                    i
                }
                None => {
                    section.rounds.push(Round {
                        number: rec.round,
                        ..Round::default()
                    });
                    section.rounds.len() - 1
                }
            };
            let round = &mut section.rounds[at];
            for &(rank, col) in &rec.players {
                let entrant = crate::model::EntrantId(i64::from(rank));
                let conflict = TrfError::at(
                    rec.line,
                    col,
                    TrfProblem::ByeConflict {
                        round: rec.round,
                        player: rank,
                    },
                );
                if round.game_of(entrant).is_some() {
                    return Err(conflict);
                }
                match round.bye_of(entrant) {
                    Some(b) if b.kind == rec.kind => {}
                    Some(_) => return Err(conflict),
                    None => round.byes.push(Bye {
                        entrant,
                        kind: rec.kind,
                    }),
                }
            }
        }
        Ok(())
    }

    /// Record 250: the acceleration the file states must be the Baku method's for this
    /// section ([`baku::section_virtual_points`]): then the section is accelerated by Baku.
    /// Any other acceleration is an error at the line that states it (or, for points Baku
    /// gives that no line states, at the first record 250): the Dutch engine can pair no other.
    fn read_acceleration(&self, section: &mut Section) -> Result<(), TrfError> {
        let records = self.accelerations()?;
        let Some(first) = records.first() else {
            return Ok(());
        };
        let numbers: HashSet<u32> = section.entrants.iter().filter_map(|e| e.number).collect();
        let mut stated: BTreeMap<(u32, u32), (Points, usize)> = BTreeMap::new();
        for a in &records {
            for rank in (a.players.0..=a.players.1).filter(|r| numbers.contains(r)) {
                for round in a.rounds.0..=a.rounds.1 {
                    stated.insert((rank, round), (a.points, a.line));
                }
            }
        }
        let baku: BTreeMap<(u32, u32), Points> = baku::section_virtual_points(section)
            .into_iter()
            .map(|(n, r, p)| ((n, r), p))
            .collect();
        for (&(player, round), &(points, line)) in &stated {
            let expected = baku.get(&(player, round)).copied().unwrap_or(Points::ZERO);
            if expected != points {
                return Err(TrfError::at(
                    line,
                    10,
                    TrfProblem::NotBaku {
                        round,
                        player,
                        stated: points,
                        baku: expected,
                    },
                ));
            }
        }
        if let Some((&(player, round), &points)) =
            baku.iter().find(|(k, _)| !stated.contains_key(k))
        {
            return Err(TrfError::at(
                first.line,
                10,
                TrfProblem::NotBaku {
                    round,
                    player,
                    stated: Points::ZERO,
                    baku: points,
                },
            ));
        }
        section.settings.dutch.baku = true;
        Ok(())
    }

    /// The header records of `section` of `event`, in TRF-2026 order: name (012: the event's and
    /// the section's), place (022: the venue), dates (042, 052), players and rated players
    /// (062, 072), type (092), chief arbiter (102), round dates (132, from the schedule where
    /// it names dates), rounds (142), initial colour (152, Dutch), pairing system (192, ETT26
    /// codes) and tiebreaks (202, MTB26 codes).
    pub(super) fn header_records(event: &Event, section: &Section) -> Vec<String> {
        let s = &section.settings;
        let mut out = Vec::new();
        let name = [event.name.trim(), section.name.trim()]
            .into_iter()
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        out.push(format!("012 {name}").trim_end().to_string());
        let mut text = |code: &str, value: &str| {
            if !value.trim().is_empty() {
                out.push(format!("{code} {}", value.trim()));
            }
        };
        text("022", &event.venue);
        let date = |d: Option<chrono::NaiveDate>| {
            d.map(|d| d.format("%Y/%m/%d").to_string())
                .unwrap_or_default()
        };
        text("042", &date(event.start_date));
        text("052", &date(event.end_date));
        text("062", &section.entrants.len().to_string());
        let rated = section
            .entrants
            .iter()
            .filter(|e| e.rating.is_some_and(|r| r > 0))
            .count();
        text("072", &rated.to_string());
        text(
            "092",
            match s.system {
                PairingSystem::Dutch => "Individual: Swiss-System (FIDE Dutch)",
                PairingSystem::XiangqiSwiss => "Individual: Swiss-System (xiangqi)",
                PairingSystem::RoundRobin => "Individual: Round-Robin",
                PairingSystem::Knockout => "Individual: Knockout",
            },
        );
        text("102", &event.chief_arbiter);
        let dates: Vec<Option<chrono::NaiveDate>> = (1..=s.rounds)
            .map(|r| {
                s.round_time(r)
                    .and_then(|t| round_date(t, event.start_date))
            })
            .collect();
        if dates.iter().any(Option::is_some) {
            let mut b: Vec<char> = "132".chars().collect();
            for (k, d) in dates.iter().enumerate() {
                if let Some(d) = d {
                    let col = super::COL_ROUNDS + 10 * k;
                    put(
                        &mut b,
                        (col, col + 7),
                        &d.format("%y/%m/%d").to_string(),
                        true,
                    );
                }
            }
            out.push(b.into_iter().collect());
        }
        out.push(format!("142 {}", s.rounds));
        if s.system == PairingSystem::Dutch {
            out.push(
                match s.dutch.initial_colour {
                    Side::Red => "152 W",
                    Side::Black => "152 B",
                }
                .to_string(),
            );
        }
        if let Some(code) = system_code(section) {
            out.push(format!("192 {code}"));
        }
        if !s.standings.tiebreaks.is_empty() {
            let list: Vec<String> = s.standings.tiebreaks.iter().map(|&t| mtb_code(t)).collect();
            out.push(format!("202 {}", list.join(",")));
        }
        out
    }

    /// The records that follow the players' lines: teams (310), byes (240) and acceleration
    /// (250). `number` gives an entrant's starting rank.
    pub(super) fn team_bye_acceleration_records(
        section: &Section,
        number_of: &dyn Fn(crate::model::EntrantId) -> Option<u32>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        // 310: a team per unit, numbered in the order of its best-numbered member, when the
        // section has a team competition.
        if section.has_team_competition() {
            let mut teams: Vec<(&str, Vec<u32>)> = Vec::new();
            for e in section.entrants_by_number() {
                let (Some(unit), Some(n)) = (crate::model::unit_key(&e.unit), e.number) else {
                    continue;
                };
                if !in_team(e, section) {
                    continue;
                }
                match teams.iter_mut().find(|(u, _)| *u == unit) {
                    Some((_, members)) => members.push(n),
                    None => teams.push((unit, vec![n])),
                }
            }
            for (k, (unit, members)) in teams.iter().enumerate() {
                let mut b: Vec<char> = "310".chars().collect();
                put(&mut b, (5, 7), &(k + 1).to_string(), true);
                put(&mut b, (9, 40), unit, false);
                for (m, n) in members.iter().enumerate() {
                    let col = 74 + 5 * m;
                    put(&mut b, (col, col + 3), &n.to_string(), true);
                }
                out.push(b.into_iter().collect::<String>().trim_end().to_string());
            }
        }
        // 240: one record per round and kind of requested bye (F, H, Z), ranks in order: the
        // byes of the rounds paired, and the requests for rounds not paired yet. The
        // pairing-allocated bye is the players' line's alone.
        let mut byes: BTreeMap<u32, Vec<(ByeKind, crate::model::EntrantId)>> = BTreeMap::new();
        for round in &section.rounds {
            byes.entry(round.number)
                .or_default()
                .extend(round.byes.iter().map(|b| (b.kind, b.entrant)));
        }
        for b in &section.settings.requested_byes {
            if section.round(b.round).is_none() {
                byes.entry(b.round).or_default().push((b.kind, b.entrant));
            }
        }
        for (number, list) in &byes {
            for kind in [ByeKind::Full, ByeKind::Half, ByeKind::Zero] {
                let mut ranks: Vec<u32> = list
                    .iter()
                    .filter(|b| b.0 == kind)
                    .filter_map(|b| number_of(b.1))
                    .collect();
                if ranks.is_empty() {
                    continue;
                }
                ranks.sort_unstable();
                let mut line = format!("240 {} {:>3}", kind.code(), number);
                for r in ranks {
                    line.push_str(&format!(" {r:>4}"));
                }
                out.push(line);
            }
        }
        // 250: the Baku virtual points as the engine gives them, one record per run of rounds
        // with the same points over group A's range of starting ranks.
        if section.settings.dutch.baku && section.settings.system == PairingSystem::Dutch {
            let vp = baku::section_virtual_points(section);
            let first = vp.iter().map(|v| v.0).min();
            let last = vp.iter().map(|v| v.0).max();
            if let (Some(first), Some(last)) = (first, last) {
                let mut by_round: BTreeMap<u32, Points> = BTreeMap::new();
                for &(_, r, p) in &vp {
                    by_round.insert(r, p);
                }
                let mut runs: Vec<(u32, u32, Points)> = Vec::new();
                for (&r, &p) in &by_round {
                    match runs.last_mut() {
                        Some(run) if run.2 == p && run.1 + 1 == r => run.1 = r,
                        _ => runs.push((r, r, p)),
                    }
                }
                for (r1, r2, p) in runs {
                    out.push(format!(
                        "250      {:>4} {r1:>3} {r2:>3} {first:>4} {last:>4}",
                        points_text(p)
                    ));
                }
            }
        }
        out
    }

    /// Points bonuses and penalties: one record 299 each, blank type and match points, the
    /// points in columns 12–17, the round in 20–22, the starting rank in 24–27.
    pub(super) fn adjustment_records(
        section: &Section,
        number: &dyn Fn(crate::model::EntrantId) -> Option<u32>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        for a in &section.settings.points_adjustments {
            let Some(rank) = number(a.entrant) else {
                continue;
            };
            out.push(format!(
                "299 {:7}{:>6}  {:>3} {rank:>4}",
                "",
                points_text(a.points),
                a.round
            ));
        }
        out
    }
}
