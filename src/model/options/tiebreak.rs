//! 名次区分办法 — the tiebreak list of a section and its options. A list is an ordered vector of
//! [`Tiebreak`]s, written with the FIDE C.07 acronyms and modifiers (`BH-C1`, `PS`, `KS+1`,
//! `DE-P` …) or the xiangqi names (对手分, 累进分 …), and named presets for the rule-book orders
//! (xiangqi 14.3.1, 14.3.2, 14.1, the seed events, FIDE individual Swiss and round robin).
//! [`StandingsSettings`] is the one field of `SectionSettings` that holds all of it.

use super::subrank::SubRanking;
use crate::model::Sex;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One tiebreak (名次区分条件).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tiebreak {
    /// 对手分 — sum of the opponents' current totals, byes and forfeits by the xiangqi options
    /// of [`StandingsSettings`] (rules.md §1.6.2). Acronym `OPP`.
    OpponentScore,
    /// BH — FIDE Buchholz, unplayed rounds per edition; cut the `low` least and `high` most
    /// significant values (`BH-C1` = low 1, `BH-M1` = low 1 and high 1).
    Buchholz { low: u8, high: u8 },
    /// FB — Fore Buchholz: Buchholz as if every paired game of the last round were drawn.
    ForeBuchholz { low: u8, high: u8 },
    /// AOB — average of the Buchholz of the opponents met over the board.
    AverageOpponentsBuchholz,
    /// SB — Sonneborn-Berger (小分 in a round robin); `cut` least significant values removed.
    SonnebornBerger { cut: u8 },
    /// PS — 累进分, progressive score; the first `cut` rounds left out.
    Progressive { cut: u8 },
    /// 去除第一轮得分比较，再去除第二轮…… — progressive score without round 1, then without
    /// rounds 1–2, … (14.3.2). Acronym `RMR`.
    RemoveRounds,
    /// 胜局 / WIN / WON — wins; `byes` counts the pairing bye and full-point byes, `forfeits`
    /// counts forfeit wins. WIN = both, WON = neither.
    Wins { byes: bool, forfeits: bool },
    /// 犯规 — fouls recorded; fewer ranks higher. Acronym `FOUL`.
    Fouls,
    /// 后走局数 / BPG — games played with black over the board.
    BlackGames,
    /// 后走胜局 / BWG — games won with black over the board.
    BlackWins,
    /// REP (GE) — rounds the player elected to play: all but half/zero/full-point byes,
    /// forfeit losses and absences.
    ElectedToPlay,
    /// 前一轮名次 — the rank after round R−1, then R−2 … (2026 practice). Acronym `PREV`.
    PreviousRank,
    /// 前一轮成绩 — the score after round R−1, then R−2 … (2011 text). Acronym `PREVS`.
    PreviousScore,
    /// 直胜 / DE — direct encounter inside the tied group (C.07 art. 6). In a Swiss, forfeits
    /// are left out unless `forfeits` (`DE-P`); in a round robin they always count.
    DirectEncounter { forfeits: bool },
    /// 对局时后走 — of two tied players who met, the one who had black ranks first. `BLK`.
    BlackInMutualGame,
    /// KS — Koya: points against opponents with at least 50 % of the maximum score, the limit
    /// moved by `limit` draws (`KS+1`, `KS-1`).
    Koya { limit: i8 },
    /// ARO — average rating of opponents met over the board, `low`/`high` cut.
    AverageRatingOpponents { low: u8, high: u8 },
    /// TPR — tournament performance rating.
    PerformanceRating,
    /// PTP — perfect tournament performance.
    PerfectPerformance,
    /// APRO — average TPR of the opponents.
    AveragePerformanceOpponents,
    /// APPO — average PTP of the opponents.
    AveragePerfectPerformanceOpponents,
    /// RTNG — the player's own rating (higher first).
    Rating,
    /// KASH — Kashdan (USCF): 4 / 2 / 1 for a win / draw / loss played, 0 unplayed.
    Kashdan,
    /// KASH-P — Papi (FFE) Kashdan: every round by its points, 4 / 2 / 1.
    KashdanAllRounds,
    /// VBH — Buchholz of the FIDE 2009 text (virtual opponent; Papi), `low`/`high` cut.
    VirtualBuchholz { low: u8, high: u8 },
    /// PERF-FFE — the French federation's performance.
    FfePerformance,
}

/// Does a larger value rank higher?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    HigherFirst,
    LowerFirst,
}

impl Tiebreak {
    /// Fewer fouls are better; everything else is "more is better".
    pub fn direction(self) -> Direction {
        match self {
            Tiebreak::Fouls => Direction::LowerFirst,
            _ => Direction::HigherFirst,
        }
    }

    /// The acronym with modifiers, as parsed by [`Tiebreak::from_str`].
    pub fn acronym(self) -> String {
        fn cuts(base: &str, low: u8, high: u8) -> String {
            match (low, high) {
                (0, 0) => base.to_string(),
                (l, 0) => format!("{base}-C{l}"),
                (l, h) if l == h => format!("{base}-M{l}"),
                (l, h) => format!("{base}-C{l}-H{h}"),
            }
        }
        match self {
            Tiebreak::OpponentScore => "OPP".into(),
            Tiebreak::Buchholz { low, high } => cuts("BH", low, high),
            Tiebreak::ForeBuchholz { low, high } => cuts("FB", low, high),
            Tiebreak::AverageOpponentsBuchholz => "AOB".into(),
            Tiebreak::SonnebornBerger { cut } => cuts("SB", cut, 0),
            Tiebreak::Progressive { cut } => cuts("PS", cut, 0),
            Tiebreak::RemoveRounds => "RMR".into(),
            Tiebreak::Wins {
                byes: true,
                forfeits: true,
            } => "WIN".into(),
            Tiebreak::Wins {
                byes: false,
                forfeits: false,
            } => "WON".into(),
            Tiebreak::Wins {
                byes: false,
                forfeits: true,
            } => "WIN-NB".into(),
            Tiebreak::Wins {
                byes: true,
                forfeits: false,
            } => "WIN-NF".into(),
            Tiebreak::Fouls => "FOUL".into(),
            Tiebreak::BlackGames => "BPG".into(),
            Tiebreak::BlackWins => "BWG".into(),
            Tiebreak::ElectedToPlay => "REP".into(),
            Tiebreak::PreviousRank => "PREV".into(),
            Tiebreak::PreviousScore => "PREVS".into(),
            Tiebreak::DirectEncounter { forfeits: false } => "DE".into(),
            Tiebreak::DirectEncounter { forfeits: true } => "DE-P".into(),
            Tiebreak::BlackInMutualGame => "BLK".into(),
            Tiebreak::Koya { limit } => match limit {
                0 => "KS".into(),
                l if l > 0 => format!("KS+{l}"),
                l => format!("KS{l}"),
            },
            Tiebreak::AverageRatingOpponents { low, high } => cuts("ARO", low, high),
            Tiebreak::PerformanceRating => "TPR".into(),
            Tiebreak::PerfectPerformance => "PTP".into(),
            Tiebreak::AveragePerformanceOpponents => "APRO".into(),
            Tiebreak::AveragePerfectPerformanceOpponents => "APPO".into(),
            Tiebreak::Rating => "RTNG".into(),
            Tiebreak::Kashdan => "KASH".into(),
            Tiebreak::KashdanAllRounds => "KASH-P".into(),
            Tiebreak::VirtualBuchholz { low, high } => cuts("VBH", low, high),
            Tiebreak::FfePerformance => "PERF-FFE".into(),
        }
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.acronym())
    }
}

/// The names the rule book and the seed regulations give the tiebreaks (14.1, 14.3, seed 001
/// 七), in the words printed as column titles; where two words name one tiebreak, the first is
/// the one printed. The one home of these names: parsing reads them, documents print them.
/// The short words the standings tab once printed (去轮比较, 前轮名次, 前轮积分) are still read.
const CHINESE_NAMES: [(&str, Tiebreak); 18] = [
    ("对手分", Tiebreak::OpponentScore),
    ("累进分", Tiebreak::Progressive { cut: 0 }),
    ("去除第一轮", Tiebreak::RemoveRounds),
    ("去除首轮", Tiebreak::RemoveRounds),
    ("去轮比较", Tiebreak::RemoveRounds),
    (
        "胜局",
        Tiebreak::Wins {
            byes: true,
            forfeits: true,
        },
    ),
    ("犯规", Tiebreak::Fouls),
    ("后走局数", Tiebreak::BlackGames),
    ("后手局数", Tiebreak::BlackGames),
    ("后走胜局", Tiebreak::BlackWins),
    ("后手胜局", Tiebreak::BlackWins),
    ("前一轮名次", Tiebreak::PreviousRank),
    ("前轮名次", Tiebreak::PreviousRank),
    ("前一轮成绩", Tiebreak::PreviousScore),
    ("前轮积分", Tiebreak::PreviousScore),
    ("小分", Tiebreak::SonnebornBerger { cut: 0 }),
    ("直胜", Tiebreak::DirectEncounter { forfeits: false }),
    ("对局时后走", Tiebreak::BlackInMutualGame),
];

impl Tiebreak {
    /// The rule-book name (对手分, 累进分 …) if the regulations name this tiebreak; every
    /// variant of 胜局 and 直胜 prints as that word.
    pub fn chinese_name(self) -> Option<&'static str> {
        let key = match self {
            Tiebreak::Wins { .. } => Tiebreak::Wins {
                byes: true,
                forfeits: true,
            },
            Tiebreak::DirectEncounter { .. } => Tiebreak::DirectEncounter { forfeits: false },
            other => other,
        };
        CHINESE_NAMES
            .iter()
            .find(|(_, tb)| *tb == key)
            .map(|&(name, _)| name)
    }

    /// A tiebreak value as printed: whole numbers without decimals, others to two places.
    pub fn value_text(v: f64) -> String {
        if (v - v.round()).abs() < 1e-9 {
            format!("{}", v.round() as i64)
        } else {
            format!("{v:.2}")
        }
    }
}

/// A tiebreak name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TiebreakParseError {
    #[error("unknown tiebreak {0:?} (item {1} of the list)")]
    Unknown(String, usize),
    #[error("bad modifier {modifier:?} on {base} (item {item} of the list)")]
    Modifier {
        base: String,
        modifier: String,
        item: usize,
    },
    #[error("empty tiebreak list")]
    Empty,
}

/// Cut modifiers: `C<n>` (cut n lowest), `M<n>` (median: n lowest and n highest), `H<n>`.
fn parse_cuts(mods: &[&str]) -> Option<(u8, u8)> {
    let (mut low, mut high) = (0u8, 0u8);
    for m in mods {
        let (kind, n) = m.split_at(1);
        let n: u8 = n.parse().ok()?;
        match kind {
            "C" => low = n,
            "M" => {
                low = n;
                high = n;
            }
            "H" => high = n,
            _ => return None,
        }
    }
    Some((low, high))
}

fn parse_one(text: &str, item: usize) -> Result<Tiebreak, TiebreakParseError> {
    let t = text.trim();
    let simple = CHINESE_NAMES
        .iter()
        .find(|(name, _)| *name == t)
        .map(|&(_, tb)| tb);
    if let Some(tb) = simple {
        return Ok(tb);
    }
    let upper = t.to_ascii_uppercase();
    // KS+1 / KS-1 carry a sign rather than a dash-separated modifier.
    if let Some(rest) = upper.strip_prefix("KS") {
        let limit: i8 = if rest.is_empty() {
            0
        } else {
            rest.parse().map_err(|_| TiebreakParseError::Modifier {
                base: "KS".into(),
                modifier: rest.into(),
                item,
            })?
        };
        return Ok(Tiebreak::Koya { limit });
    }
    let mut parts = upper.split(['-', '/', '|']);
    let base = parts.next().unwrap_or_default();
    let mods: Vec<&str> = parts.filter(|p| !p.is_empty()).collect();
    let bad = |m: &[&str]| TiebreakParseError::Modifier {
        base: base.to_string(),
        modifier: m.join("-"),
        item,
    };
    let no_mods = |tb: Tiebreak| {
        if mods.is_empty() {
            Ok(tb)
        } else {
            Err(bad(&mods))
        }
    };
    match base {
        "BH" | "FB" | "VBH" | "ARO" | "AROC" => {
            let (low, high) = parse_cuts(&mods).ok_or_else(|| bad(&mods))?;
            Ok(match base {
                "BH" => Tiebreak::Buchholz { low, high },
                "FB" => Tiebreak::ForeBuchholz { low, high },
                "VBH" => Tiebreak::VirtualBuchholz { low, high },
                _ => Tiebreak::AverageRatingOpponents { low, high },
            })
        }
        "SB" | "PS" => {
            let (low, high) = parse_cuts(&mods).ok_or_else(|| bad(&mods))?;
            if high != 0 {
                return Err(bad(&mods));
            }
            Ok(if base == "SB" {
                Tiebreak::SonnebornBerger { cut: low }
            } else {
                Tiebreak::Progressive { cut: low }
            })
        }
        "DE" => match mods.as_slice() {
            [] => Ok(Tiebreak::DirectEncounter { forfeits: false }),
            ["P"] => Ok(Tiebreak::DirectEncounter { forfeits: true }),
            _ => Err(bad(&mods)),
        },
        "WIN" => match mods.as_slice() {
            [] => Ok(Tiebreak::Wins {
                byes: true,
                forfeits: true,
            }),
            ["NB"] => Ok(Tiebreak::Wins {
                byes: false,
                forfeits: true,
            }),
            ["NF"] => Ok(Tiebreak::Wins {
                byes: true,
                forfeits: false,
            }),
            _ => Err(bad(&mods)),
        },
        "WON" => no_mods(Tiebreak::Wins {
            byes: false,
            forfeits: false,
        }),
        "OPP" => no_mods(Tiebreak::OpponentScore),
        "AOB" => no_mods(Tiebreak::AverageOpponentsBuchholz),
        "RMR" => no_mods(Tiebreak::RemoveRounds),
        "FOUL" => no_mods(Tiebreak::Fouls),
        "BPG" => no_mods(Tiebreak::BlackGames),
        "BWG" => no_mods(Tiebreak::BlackWins),
        "REP" | "GE" => no_mods(Tiebreak::ElectedToPlay),
        "PREV" => no_mods(Tiebreak::PreviousRank),
        "PREVS" => no_mods(Tiebreak::PreviousScore),
        "BLK" => no_mods(Tiebreak::BlackInMutualGame),
        "TPR" => no_mods(Tiebreak::PerformanceRating),
        "PTP" => no_mods(Tiebreak::PerfectPerformance),
        "APRO" => no_mods(Tiebreak::AveragePerformanceOpponents),
        "APPO" => no_mods(Tiebreak::AveragePerfectPerformanceOpponents),
        "RTNG" => no_mods(Tiebreak::Rating),
        "KASH" => match mods.as_slice() {
            [] => Ok(Tiebreak::Kashdan),
            ["P"] => Ok(Tiebreak::KashdanAllRounds),
            _ => Err(bad(&mods)),
        },
        "PERF" => match mods.as_slice() {
            ["FFE"] => Ok(Tiebreak::FfePerformance),
            _ => Err(bad(&mods)),
        },
        _ => Err(TiebreakParseError::Unknown(t.to_string(), item)),
    }
}

impl FromStr for Tiebreak {
    type Err = TiebreakParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_one(s, 1)
    }
}

/// Named tiebreak lists of the rule book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// 《象棋竞赛规则》14.3.1 as seed 001 (北京 2026 七(一)) writes it: 对手分、胜局、犯规、后走局数、
    /// 后走胜局、前一轮名次 (rules.md §1.6.1 program default).
    Xiangqi1431,
    /// 14.3.2: 累进分、胜局、犯规、后走局数、后走胜局、去除第一轮…….
    Xiangqi1432,
    /// 14.1 single-game round robin: 小分、胜局、直胜、犯规、后走局数、对局时后走.
    Xiangqi141,
    /// Seed 001 round robin (七(二)): 小分、胜局、直胜、犯规、后走局数、对局时后走、后手胜局.
    Seed001RoundRobin,
    /// FIDE individual Swiss (rules.md §2.6.4): BH-C1, BH, SB, DE, WIN.
    FideSwiss,
    /// FIDE individual round robin (rules.md §2.6.4): DE, SB, WIN, KS.
    FideRoundRobin,
}

impl Preset {
    pub const ALL: [Preset; 6] = [
        Preset::Xiangqi1431,
        Preset::Xiangqi1432,
        Preset::Xiangqi141,
        Preset::Seed001RoundRobin,
        Preset::FideSwiss,
        Preset::FideRoundRobin,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Xiangqi1431 => "14.3.1",
            Preset::Xiangqi1432 => "14.3.2",
            Preset::Xiangqi141 => "14.1",
            Preset::Seed001RoundRobin => "seed001-rr",
            Preset::FideSwiss => "fide-swiss",
            Preset::FideRoundRobin => "fide-rr",
        }
    }

    pub fn list(self) -> Vec<Tiebreak> {
        use Tiebreak::*;
        let win = Wins {
            byes: true,
            forfeits: true,
        };
        match self {
            Preset::Xiangqi1431 => vec![
                OpponentScore,
                win,
                Fouls,
                BlackGames,
                BlackWins,
                PreviousRank,
            ],
            Preset::Xiangqi1432 => vec![
                Progressive { cut: 0 },
                win,
                Fouls,
                BlackGames,
                BlackWins,
                RemoveRounds,
            ],
            Preset::Xiangqi141 => vec![
                SonnebornBerger { cut: 0 },
                win,
                DirectEncounter { forfeits: false },
                Fouls,
                BlackGames,
                BlackInMutualGame,
            ],
            Preset::Seed001RoundRobin => vec![
                SonnebornBerger { cut: 0 },
                win,
                DirectEncounter { forfeits: false },
                Fouls,
                BlackGames,
                BlackInMutualGame,
                BlackWins,
            ],
            Preset::FideSwiss => vec![
                Buchholz { low: 1, high: 0 },
                Buchholz { low: 0, high: 0 },
                SonnebornBerger { cut: 0 },
                DirectEncounter { forfeits: false },
                win,
            ],
            Preset::FideRoundRobin => vec![
                DirectEncounter { forfeits: false },
                SonnebornBerger { cut: 0 },
                win,
                Koya { limit: 0 },
            ],
        }
    }

    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name.trim())
    }
}

/// Reads a list: a preset name, or comma-separated acronyms/names (`BH,BH-C1,SB,DE,WIN`).
pub fn parse_list(text: &str) -> Result<Vec<Tiebreak>, TiebreakParseError> {
    if let Some(p) = Preset::from_name(text) {
        return Ok(p.list());
    }
    let items: Vec<&str> = super::list_text::list_items(text).collect();
    if items.is_empty() {
        return Err(TiebreakParseError::Empty);
    }
    items
        .iter()
        .enumerate()
        .map(|(i, s)| parse_one(s, i + 1))
        .collect()
}

/// The list as the arbiter reads and types it back, joined by 、: each tiebreak by the word
/// `label` gives it where [`parse_list`] reads that word back as the same tiebreak, else by its
/// acronym. The words are the caller's (`i18n` gives them in the window's language).
pub fn print_list(list: &[Tiebreak], label: impl Fn(Tiebreak) -> String) -> String {
    list.iter()
        .map(|&tb| {
            let word = label(tb);
            if parse_list(&word).ok().as_deref() == Some(&[tb][..]) {
                word
            } else {
                tb.acronym()
            }
        })
        .collect::<Vec<_>>()
        .join("、")
}

/// Which text of FIDE C.07 rules unplayed rounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FideEdition {
    /// C.07 2023/2024: the dummy opponent of an unplayed round scores the player's own score.
    E2023,
    /// C.07 March 2026: that dummy score is capped by the scheduled opponent's score (forfeits)
    /// or by a draw in every round (byes).
    #[default]
    E2026,
}

/// 对手分 of a bye round (14.4 "有分棋手中的最低得分"), rules.md §1.6.2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeOpponentScore {
    /// Reading A: the lowest total among players who have scored.
    #[default]
    LowestScoring,
    /// Reading B: the lowest total among all players (may be 0).
    LowestOverall,
    /// Nothing.
    Zero,
}

/// 对手分 of a forfeit round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ForfeitOpponentScore {
    /// The scheduled opponent's score counts (Chinese practice).
    #[default]
    Opponent,
    /// A dummy opponent with the player's own score (FIDE 2023 style).
    OwnScore,
}

/// What a team member who did not finish ranked (or a missing member) counts as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MissingMemberRank {
    /// The number of ranked players + 1.
    #[default]
    AfterLast,
    /// The last place (number of ranked players).
    Last,
}

/// Team ranking from an individual event (团体名次, rules.md §1.8): which members of a unit
/// count in this section. Seed 000: the men's section counts 3 men, the women's 2 women, only
/// those on the team entry form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TeamSettings {
    /// Members counted per team (the best placed ones).
    pub members: u32,
    /// Only members of this sex count (`None`: any).
    pub sex: Option<Sex>,
    /// Only entrants marked as registered team members (附件一团体赛报名表) count.
    pub registered_only: bool,
    pub missing: MissingMemberRank,
}

impl Default for TeamSettings {
    fn default() -> Self {
        TeamSettings {
            members: 3,
            sex: None,
            registered_only: false,
            missing: MissingMemberRank::AfterLast,
        }
    }
}

/// Everything the standings of a section need beyond the crosstable: the tiebreak list and
/// its options. The one field `SectionSettings::standings`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StandingsSettings {
    /// Criteria after points, in order.
    pub tiebreaks: Vec<Tiebreak>,
    /// C.07 edition for BH/FB/SB/AOB of Swiss sections.
    pub edition: FideEdition,
    pub bye_opponent: ByeOpponentScore,
    pub forfeit_opponent: ForfeitOpponentScore,
    /// Players still tied after every criterion share the place (1, 2, 2, 4); otherwise the
    /// tie is broken by drawing lots (不能并列的名次抽签确定).
    pub shared_places: bool,
    /// The seed of that drawing of lots, recorded so reprints agree; `None` uses the
    /// section's lot seed.
    pub lots_seed: Option<u64>,
    /// Unrated opponents count with this rating in ARO/TPR/PTP (`None`: left out).
    pub unrated_rating: Option<i32>,
    pub team: TeamSettings,
    /// Sub-rankings printed besides the overall standings (女子, 境外 …).
    pub sub_rankings: Vec<SubRanking>,
}

impl Default for StandingsSettings {
    fn default() -> Self {
        StandingsSettings {
            tiebreaks: Preset::Xiangqi1431.list(),
            edition: FideEdition::E2026,
            bye_opponent: ByeOpponentScore::LowestScoring,
            forfeit_opponent: ForfeitOpponentScore::Opponent,
            shared_places: false,
            lots_seed: None,
            unrated_rating: None,
            team: TeamSettings::default(),
            sub_rankings: Vec::new(),
        }
    }
}

impl StandingsSettings {
    /// Settings with the given list and defaults otherwise.
    pub fn with_list(tiebreaks: Vec<Tiebreak>) -> Self {
        StandingsSettings {
            tiebreaks,
            ..StandingsSettings::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_chinese_names_are_the_regulation_words_and_parse_back() {
        for (name, tb) in CHINESE_NAMES {
            assert_eq!(name.parse::<Tiebreak>(), Ok(tb));
            let printed = tb.chinese_name().unwrap();
            assert_eq!(
                printed.parse::<Tiebreak>(),
                Ok(tb),
                "{name} prints as {printed}"
            );
        }
        let won = Tiebreak::Wins {
            byes: false,
            forfeits: false,
        };
        assert_eq!(won.chinese_name(), Some("胜局"));
        assert_eq!(Tiebreak::Koya { limit: 0 }.chinese_name(), None);
        assert_eq!(Tiebreak::value_text(12.0), "12");
        assert_eq!(Tiebreak::value_text(7.5), "7.50");
    }

    #[test]
    fn printed_lists_read_back_and_fall_back_to_acronyms() {
        let chinese = |tb: Tiebreak| {
            tb.chinese_name()
                .map_or_else(|| tb.acronym(), str::to_string)
        };
        for p in Preset::ALL {
            for text in [
                print_list(&p.list(), chinese),
                print_list(&p.list(), Tiebreak::acronym),
            ] {
                assert_eq!(parse_list(&text).ok(), Some(p.list()), "{text}");
            }
        }
        assert_eq!(
            print_list(&Preset::Xiangqi1431.list(), chinese),
            "对手分、胜局、犯规、后走局数、后走胜局、前一轮名次"
        );
        // 胜局 reads back as the 胜局 that counts byes and forfeits; the other kinds keep their
        // acronym, as does a word that names nothing.
        let won = Tiebreak::Wins {
            byes: false,
            forfeits: false,
        };
        assert_eq!(print_list(&[won], chinese), "WON");
        assert_eq!(
            print_list(&[Tiebreak::Fouls], |_| "?".into()),
            Tiebreak::Fouls.acronym()
        );
    }

    #[test]
    fn acronyms_with_modifiers_round_trip() {
        let list = parse_list("BH,BH-C1,BH-M1,SB-C1,PS-C1,DE,WIN,WON,KS+1,ARO-C1,GE").unwrap();
        assert_eq!(list[1], Tiebreak::Buchholz { low: 1, high: 0 });
        assert_eq!(list[2], Tiebreak::Buchholz { low: 1, high: 1 });
        assert_eq!(list[8], Tiebreak::Koya { limit: 1 });
        assert_eq!(list[10], Tiebreak::ElectedToPlay);
        for tb in &list {
            assert_eq!(tb.acronym().parse::<Tiebreak>().as_ref(), Ok(tb));
        }
        assert_eq!(
            parse_list("对手分、胜局、犯规").unwrap(),
            vec![
                Tiebreak::OpponentScore,
                Tiebreak::Wins {
                    byes: true,
                    forfeits: true
                },
                Tiebreak::Fouls
            ]
        );
        assert!(matches!(
            parse_list("BH,XYZ"),
            Err(TiebreakParseError::Unknown(_, 2))
        ));
        assert!(matches!(
            parse_list("SB-M1"),
            Err(TiebreakParseError::Modifier { .. })
        ));
        assert_eq!(parse_list("14.3.2").unwrap(), Preset::Xiangqi1432.list());
        assert_eq!(Tiebreak::Fouls.direction(), Direction::LowerFirst);
    }

    #[test]
    fn settings_survive_a_round_trip_and_old_files_get_the_defaults() {
        use crate::model::SectionSettings;
        let mut s = SectionSettings::default();
        s.standings.tiebreaks = parse_list("BH-C1,KS+1,DE-P,WIN-NB").unwrap();
        s.standings.edition = FideEdition::E2023;
        s.standings.team.sex = Some(Sex::Female);
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<SectionSettings>(&json).unwrap(), s);
        // A file written before the field existed: the 14.3.1 list and the defaults.
        let old = r#"{"rounds": 9}"#;
        let s: SectionSettings = serde_json::from_str(old).unwrap();
        assert_eq!(s.standings.tiebreaks, Preset::Xiangqi1431.list());
        assert_eq!(s.standings.edition, FideEdition::E2026);
        assert!(!s.standings.shared_places);
    }
}
