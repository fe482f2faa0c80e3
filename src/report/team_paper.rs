//! 团体赛文书 — the team paper's input and the book that binds it: [`TeamPaper`] is everything
//! the team documents print (event and section names, the [`TeamEvent`] with its teams,
//! matches, players and line-ups, the units, the tie-break list), filled by the app from the
//! store or by the command line from a team TRF (`team_book` binds the documents into one
//! PDF). [`team_tiebreak_label`] names a team tie-break for a column head: in Chinese its
//! regulation name (对手分, 直胜, 台次分 …), in English its code.

use crate::i18n::{Lang, T, fill};
use crate::model::{
    BoardPointsReading, FideEdition, TeamEvent, TeamNo, TeamTiebreak, TeamTiebreakSpec,
};
use std::collections::BTreeMap;

/// Everything the team documents print.
#[derive(Clone, Debug)]
pub struct TeamPaper {
    pub event: String,
    pub section: String,
    /// The time line of the header.
    pub when: String,
    pub teams: TeamEvent,
    /// 单位 of each team, where it has one.
    pub units: BTreeMap<TeamNo, String>,
    /// The team tie-breaks after 场分.
    pub tiebreaks: Vec<TeamTiebreakSpec>,
    pub edition: FideEdition,
    /// The documents show the event after this round.
    pub rounds: u32,
    /// Games on a board a board prize needs.
    pub board_prize_min_games: u32,
    /// Chess (白方/黑方) rather than xiangqi (红方/黑方).
    pub chess: bool,
}

impl TeamPaper {
    /// The name of team `n` ("" for an unknown number).
    pub fn team_name(&self, n: TeamNo) -> &str {
        self.teams.team(n).map_or("", |t| t.name.as_str())
    }

    /// The unit of team `n` ("" where none).
    pub fn unit(&self, n: TeamNo) -> &str {
        self.units.get(&n).map_or("", String::as_str)
    }
}

/// A team tie-break as a column head names it.
pub fn team_tiebreak_label(spec: TeamTiebreakSpec, lang: Lang) -> String {
    if lang == Lang::En {
        return spec.tiebreak.code();
    }
    let name = |k: T| k.get(lang).to_string();
    let cut = |base: T, c: u8| {
        if c == 0 {
            name(base)
        } else {
            format!("{}{}", name(base), fill(T::TeamTbCut.get(lang), &[&c]))
        }
    };
    match spec.tiebreak {
        TeamTiebreak::ExtendedDirectEncounter => name(T::TeamTbEdet),
        TeamTiebreak::DirectEncounter => name(T::TeamTbDe),
        TeamTiebreak::Emgsb { cut: c } => cut(T::TeamTbEmgsb, c),
        TeamTiebreak::BuchholzMp { cut: c } => cut(T::TeamTbBhMp, c),
        TeamTiebreak::SonnebornBergerMp { cut: c } => cut(T::TeamTbSbMp, c),
        TeamTiebreak::MpVsGp => name(T::TeamTbMpVsGp),
        TeamTiebreak::GamePoints => name(T::TeamTbGp),
        TeamTiebreak::BoardPoints(BoardPointsReading::Weighted) => name(T::TeamTbBw),
        TeamTiebreak::BoardPoints(BoardPointsReading::BoardByBoard) => name(T::TeamTbBwL),
    }
}

/// A tie-break value as printed: "9", "7.5", "66.67".
pub fn number_text(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}
