//! 随机赛事 — what every random tournament generator shares: a section played round by round,
//! each round paired by a system's engine and given seeded random results, until the rounds
//! are done or no pairing respects the absolute rules. Each system says how it pairs, how a
//! game ends and what happens between rounds ([`Play`]); the xiangqi Swiss
//! ([`super::xiangqi::rtg`]) and the FIDE Dutch system ([`super::dutch::rtg`]) each have one.

use super::PairingError;
use crate::model::{Game, Outcome, Round, Section};

/// One system's way of playing a random tournament.
pub trait Play {
    /// Before round `r` is paired: late entries, requested byes (a round that holds only byes).
    fn before_round(&mut self, _section: &mut Section, _r: u32) {}
    /// Pairs round `r` of `section`.
    fn pair(&mut self, section: &Section, r: u32) -> Result<Round, PairingError>;
    /// How `game` ends.
    fn outcome(&mut self, section: &Section, game: &Game) -> Outcome;
    /// After round `r` is played: withdrawals.
    fn after_round(&mut self, _section: &mut Section, _r: u32) {}
}

/// Plays rounds 1..=`section.settings.rounds` of `section` with `play`; returns the round at
/// which pairing stopped because no pairing respected the absolute rules (or no one was left),
/// if it did.
pub fn play_rounds(
    section: &mut Section,
    play: &mut impl Play,
) -> Result<Option<u32>, PairingError> {
    for r in 1..=section.settings.rounds {
        play.before_round(section, r);
        let mut round = match play.pair(section, r) {
            Ok(round) => round,
            Err(PairingError::NoValidPairing(_)) | Err(PairingError::NoEntrants) => {
                section.rounds.retain(|x| x.number != r);
                return Ok(Some(r));
            }
            Err(e) => return Err(e),
        };
        let outcomes: Vec<Outcome> = round
            .games
            .iter()
            .map(|g| play.outcome(section, g))
            .collect();
        for (g, o) in round.games.iter_mut().zip(outcomes) {
            g.outcome = Some(o);
        }
        section.rounds.retain(|x| x.number != r);
        section.rounds.push(round);
        play.after_round(section, r);
    }
    Ok(None)
}
