//! 交叉赛 — a playoff after a Swiss (rules.md §1.10, seed 000): after a given round the top k of
//! the Swiss ranking play a knockout, 1 v 4 and 2 v 3 for k = 4, the winners the final and the
//! losers the match for third place. The matches use the knockout engine
//! ([`super::knockout`]); seed 000's chain is one slow game in which the higher-ranked player
//! chooses colour, if drawn one rapid game with colours swapped, if drawn again an Armageddon
//! whose chooser is drawn by lot (和棋黑胜). Places 1…k come from the playoff, the rest from the
//! Swiss ranking; whether the other players play on in the Swiss is a setting.

use super::knockout::{self, Bracket, ColourRule, KnockoutError, KnockoutOptions, MatchPhase};
use crate::model::{EntrantId, GamePhase, Round};
use serde::{Deserialize, Serialize};

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

/// The playoff's seeds: the first k of the Swiss ranking after `after_round`, best first.
pub fn playoff_seeds(options: &PlayoffOptions, ranking: &[EntrantId]) -> Vec<EntrantId> {
    ranking
        .iter()
        .copied()
        .take(options.players as usize)
        .collect()
}

/// The players the Swiss still pairs once the playoff has begun: with `others_play_on`, the
/// `active` players other than the playoff's; otherwise nobody (the Swiss ends there).
pub fn swiss_field(
    options: &PlayoffOptions,
    ranking: &[EntrantId],
    active: &[EntrantId],
) -> Vec<EntrantId> {
    if !options.others_play_on {
        return Vec::new();
    }
    let playoff = playoff_seeds(options, ranking);
    active
        .iter()
        .copied()
        .filter(|e| !playoff.contains(e))
        .collect()
}

/// The playoff bracket from the Swiss ranking and the playoff's rounds (semi-finals first).
pub fn playoff_bracket(
    options: &PlayoffOptions,
    ranking: &[EntrantId],
    rounds: &[Round],
) -> Result<Bracket, KnockoutError> {
    knockout::bracket(&options.format, &playoff_seeds(options, ranking), rounds)
}

/// Final places (最终名次) once the playoff is decided: places 1…k from the playoff (shared
/// ranges where it gives them), then everyone else in the order of `final_ranking` (the Swiss
/// ranking after its last round), numbered from k + 1. Returns `None` while the playoff is
/// still being played.
pub fn final_places(
    options: &PlayoffOptions,
    bracket: &Bracket,
    final_ranking: &[EntrantId],
) -> Option<Vec<knockout::Place>> {
    let mut places = knockout::places(bracket);
    if places.len() != bracket.players as usize {
        return None;
    }
    places.sort_by_key(|p| (p.first, p.last));
    let k = options.players;
    let rest = final_ranking
        .iter()
        .filter(|e| !places.iter().any(|p| p.entrant == **e))
        .copied()
        .collect::<Vec<_>>();
    for (i, entrant) in rest.into_iter().enumerate() {
        let place = k + 1 + i as u32;
        places.push(knockout::Place {
            entrant,
            first: place,
            last: place,
        });
    }
    Some(places)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_four_cross_pairs_1_4_and_2_3() {
        let ranking: Vec<EntrantId> = (11..=20).map(EntrantId).collect();
        let o = PlayoffOptions {
            after_round: 7,
            players: 4,
            ..PlayoffOptions::default()
        };
        let b = playoff_bracket(&o, &ranking, &[]).unwrap();
        let pairs: Vec<(Option<EntrantId>, Option<EntrantId>)> =
            b.stages[0].iter().map(|m| (m.high, m.low)).collect();
        assert_eq!(
            pairs,
            vec![
                (Some(EntrantId(11)), Some(EntrantId(14))),
                (Some(EntrantId(12)), Some(EntrantId(13)))
            ]
        );
        assert!(final_places(&o, &b, &ranking).is_none(), "not played yet");
        let field = swiss_field(&o, &ranking, &ranking);
        assert_eq!(field, ranking[4..].to_vec(), "the others play on");
        let stop = PlayoffOptions {
            others_play_on: false,
            ..o
        };
        assert!(swiss_field(&stop, &ranking, &ranking).is_empty());
    }
}
