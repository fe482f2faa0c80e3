//! 团体赛设置 — what makes a section a team section (团体赛): how many boards a match is played
//! on (台数), how many reserves a team may name (替补), what a match won, drawn or lost is worth
//! (场分制, [`MatchPoints`]), and the list of team tie-breaks the regulation ranks by after 场分.
//! The pairing system is the section's own `system`: 循环 (Berger tables), 淘汰, the xiangqi
//! team Swiss (积分编排), and for `PairingSystem::Dutch` FIDE's Swiss for teams, C.04.6 (a team
//! section's "FIDE system"). Pure data; the rules that read it live in the pairing and standings
//! floors.
//!
//! The Chinese team tie-breaks are named here too, each once: 局分 is `GP`, 对手分 (the sum of
//! the opponents' 场分) is `BH:MP` with no cut, 直胜 is `DE`, and 台次分 (board points
//! weighted by board, `BW`; read board by board, `BW/L`) is the one Chinese practice adds.
//! [`xiangqi_team_preset`] is the list a xiangqi team regulation ranks by. Board prizes
//! (台次奖) need a minimum of games on the board, `board_prize_min_games`.

use super::FideEdition;
use crate::model::MatchPoints;
use serde::{Deserialize, Serialize};

/// A team section's options (`SectionSettings::team_section`; `None` in an individual section).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TeamSectionOptions {
    /// 台数 — boards a match is played on.
    pub boards: u32,
    /// 替补 — reserves a team may name beyond its boards.
    pub reserves: u32,
    /// 场分制 — 2-1-0 by default.
    pub match_points: MatchPoints,
    /// The team tie-breaks after 场分, in order (empty: 局分 alone, the xiangqi rule book's
    /// first criterion after 场分).
    pub tiebreaks: Vec<TeamTiebreakSpec>,
    /// 女子台 — the boards a woman must play, where the regulation of a mixed team says so
    /// (e.g. 第4台须为女棋手); empty: no such rule.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub women_boards: Vec<u32>,
    /// 台次奖 — games a player must have played on a board to be ranked for its prize;
    /// `None`: 70% of the rounds, rounded half up (European Team Championship regulations
    /// B.7.1.1 and the Olympiad's practice), e.g. 5 of 7, 7 of 9.
    pub board_prize_min_games: Option<u32>,
}

impl Default for TeamSectionOptions {
    /// Four boards, one reserve, 2-1-0, then 局分.
    fn default() -> Self {
        TeamSectionOptions {
            boards: 4,
            reserves: 1,
            match_points: MatchPoints::default(),
            tiebreaks: vec![TeamTiebreakSpec {
                tiebreak: TeamTiebreak::GamePoints,
                edition: None,
            }],
            women_boards: Vec::new(),
            board_prize_min_games: None,
        }
    }
}

impl TeamSectionOptions {
    /// The games a board prize needs after `rounds` rounds: the setting, or 70% of the
    /// rounds rounded half up (at least one).
    pub fn board_prize_min_games(&self, rounds: u32) -> u32 {
        self.board_prize_min_games
            .unwrap_or_else(|| board_prize_default_min(rounds))
    }
}

/// 70% of `rounds`, rounded half up, at least one game: 7 rounds → 5, 9 → 6 (6.3), 11 → 8
/// (7.7), 5 → 4 (3.5).
pub fn board_prize_default_min(rounds: u32) -> u32 {
    ((rounds * 7 + 5) / 10).max(1)
}

/// 台次分 — how board points weighted by board are compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardPointsReading {
    /// Σ board points × (boards + 1 − board): on four boards board 1 counts 4, board 4 counts
    /// 1 (the weighting the German leagues call Berliner Wertung). The default.
    #[default]
    Weighted,
    /// Board 1's points first; equal, board 2's; and so on (a regulation's "比较第一台成绩，
    /// 以此类推").
    BoardByBoard,
}

/// The list a xiangqi team regulation ranks by after 场分: 局分 → 对手分 → 直胜 → 台次分.
/// Where it comes from: 局分 right after 场分 is the xiangqi rule book's team ranking
/// (《象棋竞赛规则》14.5, rules.md §1.8); 对手分 as the first Swiss criterion is 14.3.1's;
/// 直胜 then the boards, board 1 first, is what published xiangqi team regulations write
/// (场分 → 局分 → 直胜 → 第一台成绩，以此类推). The list is the section's to change.
pub fn xiangqi_team_preset() -> Vec<TeamTiebreakSpec> {
    [
        TeamTiebreak::GamePoints,
        TeamTiebreak::BuchholzMp { cut: 0 },
        TeamTiebreak::DirectEncounter,
        TeamTiebreak::BoardPoints(BoardPointsReading::Weighted),
    ]
    .into_iter()
    .map(|tiebreak| TeamTiebreakSpec {
        tiebreak,
        edition: None,
    })
    .collect()
}

impl TryFrom<String> for TeamTiebreakSpec {
    type Error = String;
    fn try_from(code: String) -> Result<Self, String> {
        TeamTiebreak::parse(&code).ok_or(code)
    }
}

impl From<TeamTiebreakSpec> for String {
    /// The code with its edition modifier, as `TeamTiebreak::parse` reads it back.
    fn from(spec: TeamTiebreakSpec) -> String {
        let code = spec.tiebreak.code();
        match spec.edition {
            None => code,
            Some(FideEdition::E2023) => format!("{code}/V2024"),
            Some(FideEdition::E2026) => format!("{code}/V2026"),
        }
    }
}

/// A team tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamTiebreak {
    /// EDET — extended direct encounter (match points, game points, board by board).
    ExtendedDirectEncounter,
    /// DE — direct encounter on match points.
    DirectEncounter,
    /// EMGSB — Σ opponent's match points × own game points against him, `cut` lowest-scored
    /// opponents cut.
    Emgsb { cut: u8 },
    /// BH:MP — Buchholz of match points with `cut` lowest cut.
    BuchholzMp { cut: u8 },
    /// SB:MP — Σ opponent's match points × own match points against him.
    SonnebornBergerMp { cut: u8 },
    /// MPvGP — the secondary score: game points when match points rank first.
    MpVsGp,
    /// GP / 局分 — game points.
    GamePoints,
    /// BW / 台次分 — board points weighted by board (or read board by board).
    BoardPoints(BoardPointsReading),
}

/// One entry of a team tie-break list: the tie-break and the C.07 edition it is computed under
/// (`None`: the event's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TeamTiebreakSpec {
    pub tiebreak: TeamTiebreak,
    pub edition: Option<FideEdition>,
}

impl TeamTiebreak {
    /// Reads one code of a TRF 202 line or of `--tiebreaks`: `EDET`, `DE`, `EMGSB`, `BH:MP`,
    /// `SB:MP`, `MPvGP`, `GP` (also `PTS:GP`), `BW` (台次分), with modifiers `/C1` (a cut),
    /// `/P` (forfeits as played, the only reading here), `/V2026` or `/V2024` (the edition)
    /// and `/L` (台次分 read board by board). The Chinese names read too: 局分, 对手分, 直胜,
    /// 台次分. `None` for a code that is not a team tie-break.
    pub fn parse(code: &str) -> Option<TeamTiebreakSpec> {
        let mut parts = code.trim().split('/');
        let head = parts.next()?.trim().to_ascii_uppercase();
        let mut cut = 0u8;
        let mut edition = None;
        let mut by_board = false;
        for m in parts {
            let m = m.trim().to_ascii_uppercase();
            if m == "P" {
                continue;
            } else if m == "L" {
                by_board = true;
            } else if let Some(n) = m.strip_prefix('C') {
                cut = n.parse().ok().filter(|&n: &u8| n <= 9)?;
            } else if m == "V2026" {
                edition = Some(FideEdition::E2026);
            } else if m == "V2024" || m == "V2023" {
                edition = Some(FideEdition::E2023);
            } else {
                return None;
            }
        }
        let tiebreak = match head.as_str() {
            "EDET" | "EDE" => TeamTiebreak::ExtendedDirectEncounter,
            "DE" => TeamTiebreak::DirectEncounter,
            "EMGSB" => TeamTiebreak::Emgsb { cut },
            "BH:MP" => TeamTiebreak::BuchholzMp { cut },
            "SB:MP" => TeamTiebreak::SonnebornBergerMp { cut },
            "MPVGP" => TeamTiebreak::MpVsGp,
            "GP" | "PTS:GP" | "局分" => TeamTiebreak::GamePoints,
            "对手分" => TeamTiebreak::BuchholzMp { cut },
            "直胜" => TeamTiebreak::DirectEncounter,
            "BW" | "台次分" => TeamTiebreak::BoardPoints(if by_board {
                BoardPointsReading::BoardByBoard
            } else {
                BoardPointsReading::Weighted
            }),
            _ => return None,
        };
        if by_board && !matches!(tiebreak, TeamTiebreak::BoardPoints(_)) {
            return None;
        }
        let cuts = matches!(
            tiebreak,
            TeamTiebreak::Emgsb { .. }
                | TeamTiebreak::BuchholzMp { .. }
                | TeamTiebreak::SonnebornBergerMp { .. }
        );
        if cut > 0 && !cuts {
            return None;
        }
        Some(TeamTiebreakSpec { tiebreak, edition })
    }

    /// The code as C.07 and TRF 202 write it.
    pub fn code(self) -> String {
        let cut = |name: &str, c: u8| {
            if c == 0 {
                name.to_string()
            } else {
                format!("{name}/C{c}")
            }
        };
        match self {
            TeamTiebreak::ExtendedDirectEncounter => "EDET".into(),
            TeamTiebreak::DirectEncounter => "DE".into(),
            TeamTiebreak::Emgsb { cut: c } => cut("EMGSB", c),
            TeamTiebreak::BuchholzMp { cut: c } => cut("BH:MP", c),
            TeamTiebreak::SonnebornBergerMp { cut: c } => cut("SB:MP", c),
            TeamTiebreak::MpVsGp => "MPvGP".into(),
            TeamTiebreak::GamePoints => "GP".into(),
            TeamTiebreak::BoardPoints(BoardPointsReading::Weighted) => "BW".into(),
            TeamTiebreak::BoardPoints(BoardPointsReading::BoardByBoard) => "BW/L".into(),
        }
    }
}

/// Reads a comma-separated list of team tie-break codes (or `xiangqi`, 象棋: the
/// [`xiangqi_team_preset`]); the first code that does not read is the error.
pub fn parse_team_list(text: &str) -> Result<Vec<TeamTiebreakSpec>, String> {
    if matches!(text.trim(), "xiangqi" | "象棋") {
        return Ok(xiangqi_team_preset());
    }
    text.split([',', ' '])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(|c| TeamTiebreak::parse(c).ok_or_else(|| c.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiebreak_list_is_stored_as_its_codes_and_read_back() {
        let list = parse_team_list("EDET, EMGSB/C1/V2024, BH:MP/C1, MPvGP").unwrap();
        let json = serde_json::to_string(&list).unwrap();
        assert_eq!(json, r#"["EDET","EMGSB/C1/V2024","BH:MP/C1","MPvGP"]"#);
        assert_eq!(
            serde_json::from_str::<Vec<TeamTiebreakSpec>>(&json).unwrap(),
            list
        );
        assert!(serde_json::from_str::<TeamTiebreakSpec>(r#""XYZ""#).is_err());
    }

    #[test]
    fn the_chinese_team_tiebreaks_read_back_from_their_codes_and_names() {
        let list = parse_team_list("局分,对手分,直胜,台次分").unwrap();
        assert_eq!(list, xiangqi_team_preset());
        let codes: Vec<String> = list.iter().map(|s| s.tiebreak.code()).collect();
        assert_eq!(codes, ["GP", "BH:MP", "DE", "BW"]);
        assert_eq!(parse_team_list("xiangqi").unwrap(), list);
        let json = serde_json::to_string(&parse_team_list("BW/L, BW").unwrap()).unwrap();
        assert_eq!(json, r#"["BW/L","BW"]"#);
        assert_eq!(
            serde_json::from_str::<Vec<TeamTiebreakSpec>>(&json).unwrap()[0].tiebreak,
            TeamTiebreak::BoardPoints(BoardPointsReading::BoardByBoard)
        );
        assert_eq!(TeamTiebreak::parse("GP/L"), None);
        assert_eq!(TeamTiebreak::parse("BW/C1"), None);
    }

    #[test]
    fn a_board_prize_needs_seventy_percent_of_the_rounds_rounded_half_up() {
        // 7 × 0.7 = 4.9 → 5; 9 × 0.7 = 6.3 → 6; 5 × 0.7 = 3.5 → 4; 1 × 0.7 = 0.7 → 1.
        let o = TeamSectionOptions::default();
        assert_eq!(o.board_prize_min_games(7), 5);
        assert_eq!(o.board_prize_min_games(9), 6);
        assert_eq!(o.board_prize_min_games(5), 4);
        assert_eq!(o.board_prize_min_games(1), 1);
        let o = TeamSectionOptions {
            board_prize_min_games: Some(3),
            ..o
        };
        assert_eq!(o.board_prize_min_games(9), 3);
    }

    #[test]
    fn a_partial_team_section_keeps_the_defaults_it_does_not_name() {
        let o: TeamSectionOptions = serde_json::from_str(r#"{"boards": 6}"#).unwrap();
        assert_eq!(o.boards, 6);
        assert_eq!(o.reserves, 1);
        assert_eq!(o.match_points, MatchPoints::TWO_ONE_ZERO);
    }
}
