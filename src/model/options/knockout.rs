//! 淘汰制与交叉赛设置 — the match format of a knockout section (rules.md §5) and of the top-k
//! playoff after a Swiss (交叉赛, rules.md §1.10), with seed 000's playoff format.

use crate::model::GamePhase;
use serde::{Deserialize, Serialize};

/// How the colours of the first game of a phase are settled; later games of the same phase
/// alternate colours (依次换先).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ColourRule {
    /// 猜先 / 抽签 — red is drawn by lot.
    #[default]
    Lot,
    /// 换先 — the reverse of the match's previous game (by lot if there is none).
    SwapPrevious,
    /// 名次靠前选手可选择先后手 — the higher seed chooses.
    HigherSeedChooses,
    /// 抽签决定，抽到大号选手可选择先后手 — a lot decides who chooses.
    LotWinnerChooses,
}

/// One phase of a match: its kind of game, how many games, and the colours of its first game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPhase {
    pub kind: GamePhase,
    /// Games in the phase; the phase is won on points over them. Sudden death ignores it: games
    /// go on until one is decisive. An Armageddon is one game.
    pub games: u32,
    pub first_colours: ColourRule,
}

/// Knockout options of a section (淘汰制设置).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct KnockoutOptions {
    /// The match proper (first phase, normally slow games) then the tie-break phases, in order.
    pub phases: Vec<MatchPhase>,
    /// 三四名决赛 — play a match for third place; otherwise the semi-final losers share 3–4.
    pub third_place_match: bool,
}

impl Default for KnockoutOptions {
    /// Seed 002's main event (两局分先制单败淘汰): two slow games, the first by lot and the second
    /// swapped; if level, two super-rapid games with colours swapped (换先加赛两局超快棋); if
    /// still level, sudden-death super-rapid games, the first by lot, then alternating. Its prize
    /// table pays places 3 and 4 differently, so a match for third place is played (rules.md
    /// §5.2).
    fn default() -> Self {
        KnockoutOptions {
            phases: vec![
                MatchPhase {
                    kind: GamePhase::Slow,
                    games: 2,
                    first_colours: ColourRule::Lot,
                },
                MatchPhase {
                    kind: GamePhase::Rapid,
                    games: 2,
                    first_colours: ColourRule::SwapPrevious,
                },
                MatchPhase {
                    kind: GamePhase::SuddenDeath,
                    games: 1,
                    first_colours: ColourRule::Lot,
                },
            ],
            third_place_match: true,
        }
    }
}

/// Playoff options of a section (前k名交叉赛设置). `players == 0` means no playoff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayoffOptions {
    /// The Swiss round after which the playoff starts (seed 000: 7).
    pub after_round: u32,
    /// k — how many of the top of the ranking play (seed 000: 4); 0 = no playoff.
    pub players: u32,
    /// Do the others play on in the Swiss for the remaining rounds? (rules.md Q6.)
    pub others_play_on: bool,
    /// The match format and the tie-break chain.
    pub format: KnockoutOptions,
}

impl Default for PlayoffOptions {
    /// No playoff; the format is seed 000's, ready to be switched on.
    fn default() -> Self {
        PlayoffOptions {
            after_round: 0,
            players: 0,
            others_play_on: true,
            format: seed_000_format(),
        }
    }
}

impl PlayoffOptions {
    /// The section round that holds the playoff's first stage (the round after `after_round`);
    /// pass it to [`knockout::add_next_games`]. Seed 000: semi-finals in round 8, final in 9.
    pub fn first_round(&self) -> u32 {
        self.after_round + 1
    }
}

/// Seed 000's top-4 cross (前四名交叉赛): slow game, the higher-ranked player choosing colour; if
/// drawn, one rapid game with colours swapped; if drawn again, an Armageddon in which the
/// player who draws the larger number chooses colour and a draw wins for black; a match for
/// third and fourth place.
pub fn seed_000_format() -> KnockoutOptions {
    KnockoutOptions {
        phases: vec![
            MatchPhase {
                kind: GamePhase::Slow,
                games: 1,
                first_colours: ColourRule::HigherSeedChooses,
            },
            MatchPhase {
                kind: GamePhase::Rapid,
                games: 1,
                first_colours: ColourRule::SwapPrevious,
            },
            MatchPhase {
                kind: GamePhase::Armageddon,
                games: 1,
                first_colours: ColourRule::LotWinnerChooses,
            },
        ],
        third_place_match: true,
    }
}
