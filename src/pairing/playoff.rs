//! 交叉赛 — a playoff after a Swiss (rules.md §1.10, seed 000): after a given round the top k of
//! the Swiss ranking play a knockout, 1 v 4 and 2 v 3 for k = 4, the winners the final and the
//! losers the match for third place. The matches use the knockout engine
//! ([`super::knockout`]); seed 000's chain is one slow game in which the higher-ranked player
//! chooses colour, if drawn one rapid game with colours swapped, if drawn again an Armageddon
//! whose chooser is drawn by lot (和棋黑胜). Places 1…k come from the playoff, the rest from the
//! Swiss ranking; whether the other players play on in the Swiss is a setting.

use super::knockout::{self, Bracket, KnockoutError};
use crate::model::{EntrantId, Round};
pub use crate::model::{PlayoffOptions, seed_000_format};

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
