//! 团体赛设置 — what makes a section a team section (团体赛): how many boards a match is played
//! on (台数), how many reserves a team may name (替补), what a match won, drawn or lost is worth
//! (场分制, [`MatchPoints`]), and the list of team tie-breaks the regulation ranks by after 场分.
//! The pairing system is the section's own `system`: 循环 (Berger tables), 淘汰, the xiangqi
//! team Swiss (积分编排), and for `PairingSystem::Dutch` FIDE's Swiss for teams, C.04.6 (a team
//! section's "FIDE system"). Pure data; the rules that read it live in the pairing and standings
//! floors.

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
        }
    }
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
    /// `SB:MP`, `MPvGP`, `GP` (also `PTS:GP`), with modifiers `/C1` (a cut), `/P` (forfeits as
    /// played, the only reading here) and `/V2026` or `/V2024` (the edition). `None` for a code
    /// that is not a team tie-break.
    pub fn parse(code: &str) -> Option<TeamTiebreakSpec> {
        let mut parts = code.trim().split('/');
        let head = parts.next()?.trim().to_ascii_uppercase();
        let mut cut = 0u8;
        let mut edition = None;
        for m in parts {
            let m = m.trim().to_ascii_uppercase();
            if m == "P" {
                continue;
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
            "GP" | "PTS:GP" => TeamTiebreak::GamePoints,
            _ => return None,
        };
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
        }
    }
}

/// Reads a comma-separated list of team tie-break codes; the first code that does not read is
/// the error.
pub fn parse_team_list(text: &str) -> Result<Vec<TeamTiebreakSpec>, String> {
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
    fn a_partial_team_section_keeps_the_defaults_it_does_not_name() {
        let o: TeamSectionOptions = serde_json::from_str(r#"{"boards": 6}"#).unwrap();
        assert_eq!(o.boards, 6);
        assert_eq!(o.reserves, 1);
        assert_eq!(o.match_points, MatchPoints::TWO_ONE_ZERO);
    }
}
