//! 随机赛事 (荷兰制) — random chess tournaments for checking a Dutch pairing engine, in the manner
//! of the FIDE random tournament generator that endorsement asks for: players with random
//! ratings, numbered by rating; every round paired by the Dutch engine; each game's result drawn
//! at random with chances that follow the rating difference; now and then a requested
//! half-point bye, an absence or a forfeit; the first rounds accelerated by the Baku method when
//! asked. Pure: the same configuration and seed give the same
//! tournament, which the command line writes out as a TRF.
//!
//! The result model: white's expected score is the Elo expectation
//! `E = 1 / (1 + 10^((Rb − Rw) / 400))`; a game is drawn with chance `2·D·min(E, 1 − E)` (`D`
//! is [`DutchRtgConfig::draw_share`], so equal players draw `D` of their games and a mismatch
//! rarely), and white wins with chance `E − draw / 2`, so that white's expected score is `E`.

use super::pair_dutch;
use crate::model::{
    Bye, ByeKind, DutchEdition, Entrant, EntrantId, Game, Lots, Outcome, Round, Section,
    SectionSettings,
};
use crate::pairing::PairingError;
use crate::pairing::rtg::{Play, play_rounds};

/// What to generate.
#[derive(Clone, Debug)]
pub struct DutchRtgConfig {
    pub players: u32,
    pub rounds: u32,
    /// The edition of the Dutch rules the rounds are paired by.
    pub edition: DutchEdition,
    /// Lowest rating; ratings are drawn uniformly from `min_rating..min_rating + rating_span`.
    pub min_rating: u32,
    pub rating_span: u32,
    /// Share of games drawn between equal players, in thousandths.
    pub draw_share: u32,
    /// Chance per game, in thousandths, that it is lost by forfeit (by either side alike).
    pub forfeit_permille: u32,
    /// Chance per game, in thousandths, that neither player appears (a double forfeit: both
    /// lose, the game counts as not played).
    pub double_forfeit_permille: u32,
    /// Chance per player and round, in thousandths, of a requested half-point bye (H); never in
    /// the last round.
    pub half_bye_permille: u32,
    /// Chance per player and round, in thousandths, of an absence announced before the round
    /// (Z, zero points).
    pub absent_permille: u32,
    /// Baku acceleration (C.04.7) of the first rounds.
    pub baku: bool,
}

impl Default for DutchRtgConfig {
    fn default() -> Self {
        DutchRtgConfig {
            players: 20,
            rounds: 7,
            edition: DutchEdition::Fide2026,
            min_rating: 1400,
            rating_span: 1300,
            draw_share: 400,
            forfeit_permille: 10,
            double_forfeit_permille: 0,
            half_bye_permille: 20,
            absent_permille: 10,
            baku: false,
        }
    }
}

/// A generated tournament: the section with every round paired and played, and the round at
/// which pairing stopped early because no pairing respected the absolute rules.
#[derive(Clone, Debug)]
pub struct DutchGenerated {
    pub section: Section,
    pub stopped_at: Option<u32>,
}

/// White's expected score against black, in millionths (the Elo expectation).
fn expected_millionths(white: i32, black: i32) -> u64 {
    let e = 1.0 / (1.0 + 10f64.powf(f64::from(black - white) / 400.0));
    (e * 1_000_000.0).round() as u64
}

/// The chances of a white win and of a draw, in millionths, by the model above.
pub fn chances(white: i32, black: i32, draw_share: u32) -> (u64, u64) {
    let e = expected_millionths(white, black);
    let draw = 2 * u64::from(draw_share) * e.min(1_000_000 - e) / 1000;
    (e - draw / 2, draw)
}

struct DutchPlay<'a> {
    cfg: &'a DutchRtgConfig,
    lots: Lots,
}

impl DutchPlay<'_> {
    fn roll(&mut self, permille: u32) -> bool {
        permille > 0 && self.lots.below(1000) < u64::from(permille)
    }
}

impl Play for DutchPlay<'_> {
    fn before_round(&mut self, s: &mut Section, r: u32) {
        let mut byes = Vec::new();
        let last = r == self.cfg.rounds;
        for e in s.entrants_by_number() {
            let kind = if !last && self.roll(self.cfg.half_bye_permille) {
                ByeKind::Half
            } else if self.roll(self.cfg.absent_permille) {
                ByeKind::Zero
            } else {
                continue;
            };
            byes.push(Bye {
                entrant: e.id,
                kind,
            });
        }
        if !byes.is_empty() {
            s.rounds.push(Round {
                number: r,
                games: Vec::new(),
                byes,
            });
        }
    }

    fn pair(&mut self, s: &Section, r: u32) -> Result<Round, PairingError> {
        let round = pair_dutch(s)?;
        debug_assert_eq!(round.number, r);
        Ok(round)
    }

    fn outcome(&mut self, s: &Section, g: &Game) -> Outcome {
        if self.roll(self.cfg.double_forfeit_permille) {
            return Outcome::DoubleForfeit;
        }
        if self.roll(self.cfg.forfeit_permille) {
            return if self.lots.below(2) == 0 {
                Outcome::RedWinByForfeit
            } else {
                Outcome::BlackWinByForfeit
            };
        }
        let rating = |id| s.entrant(id).and_then(|e| e.rating).unwrap_or(0);
        let (win, draw) = chances(rating(g.red), rating(g.black), self.cfg.draw_share);
        let roll = self.lots.below(1_000_000);
        if roll < win {
            Outcome::RedWin
        } else if roll < win + draw {
            Outcome::Draw
        } else {
            Outcome::BlackWin
        }
    }
}

/// Generates a tournament from `seed`.
pub fn generate(cfg: &DutchRtgConfig, seed: u64) -> Result<DutchGenerated, PairingError> {
    let mut lots = Lots::new(seed);
    let mut s = Section {
        settings: SectionSettings::chess(),
        ..Section::default()
    };
    s.settings.rounds = cfg.rounds;
    s.settings.dutch.edition = cfg.edition;
    s.settings.dutch.baku = cfg.baku;
    let span = u64::from(cfg.rating_span.max(1));
    let mut ratings: Vec<(i32, u32)> = (1..=cfg.players)
        .map(|k| ((u64::from(cfg.min_rating) + lots.below(span)) as i32, k))
        .collect();
    // Starting rank by rating, highest first; equal ratings in the order drawn.
    ratings.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (n, &(rating, k)) in ratings.iter().enumerate() {
        s.entrants.push(Entrant {
            // The id is the starting rank, as a TRF read back gives it.
            id: EntrantId(n as i64 + 1),
            number: Some(n as u32 + 1),
            name: format!("Player {k}"),
            rating: Some(rating),
            ..Entrant::default()
        });
    }
    let mut play = DutchPlay { cfg, lots };
    let stopped_at = play_rounds(&mut s, &mut play)?;
    Ok(DutchGenerated {
        section: s,
        stopped_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_players_score_half_and_draw_the_draw_share() {
        // E = 0.5: draws 2 · 0.4 · 0.5 = 0.4, white wins 0.5 − 0.2 = 0.3.
        assert_eq!(chances(2000, 2000, 400), (300_000, 400_000));
        // 400 points apart: E = 1/(1 + 10^-1) = 0.909091; draws 2 · 0.4 · 0.090909.
        let (win, draw) = chances(2400, 2000, 400);
        assert_eq!(draw, 72_727);
        assert_eq!(win, 909_091 - 36_363);
    }

    #[test]
    fn the_same_seed_gives_the_same_tournament_numbered_by_rating() {
        let cfg = DutchRtgConfig {
            players: 11,
            rounds: 5,
            ..DutchRtgConfig::default()
        };
        let a = generate(&cfg, 3).unwrap();
        assert_eq!(a.section, generate(&cfg, 3).unwrap().section);
        assert_ne!(a.section, generate(&cfg, 4).unwrap().section);
        let by_number = a.section.entrants_by_number();
        assert!(by_number.windows(2).all(|w| w[0].rating >= w[1].rating));
        assert_eq!(a.section.rounds.len(), 5);
        assert!(a.section.rounds.iter().all(|r| r.is_complete()));
        // Eleven players, one away or with a bye at most: every round has a bye of some kind.
        assert!(a.section.rounds.iter().all(|r| !r.byes.is_empty()));
    }
}
