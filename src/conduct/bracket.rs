//! 对阵图 — a knockout section (淘汰制, rules.md §5) and the playoff after a Swiss (交叉赛,
//! rules.md §1.10) as a section holds it. The pairing rules ([`crate::pairing::knockout`]) read a
//! bracket from seeds and rounds; here both come from the section.
//!
//! **Seeds.** A knockout seeds its players in pairing-number order (序号, from the drawing of
//! lots): the active entrants until stage 1 is paired, then the players of round 1 — its games
//! and the bracket byes, which are stored there as byes — so that a later withdrawal does not
//! reshuffle the bracket (the withdrawn player's next match is entered as a forfeit). A playoff
//! seeds the top k of the Swiss ranking after its `after_round`.
//!
//! **Lots.** Colours drawn by lot (猜先) and the lot that names a chooser come from the section's
//! lot seed — the seed of its drawing of numbers, stored in the file, printed in the order book
//! and fixed once round 1 is paired — mixed by the rule book with the stage, the match and the
//! game, so that asking again gives the same colours.
//!
//! **Rounds.** Stage s of a knockout is round s; stage s of a playoff is round after_round + s,
//! beside the Swiss games of the others. Tie-break games go into their stage's round when the
//! arbiter pairs the next games after a level match.

use super::ConductError;
use super::progress::next_round_number;
use crate::model::{EntrantId, PairingSystem, Round, Section};
use crate::pairing::knockout::{self, Bracket, KnockoutOptions, Place};
use crate::pairing::playoff;
use crate::standings;

/// A knockout section, or a Swiss section's playoff.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BracketKind {
    Knockout,
    Playoff,
}

/// The bracket of a section as it stands, with the places it gives.
#[derive(Clone, Debug, PartialEq)]
pub struct SectionBracket {
    pub kind: BracketKind,
    /// The section round that holds stage 1.
    pub first_round: u32,
    /// The match format: phases and the match for third place.
    pub format: KnockoutOptions,
    /// Best first.
    pub seeds: Vec<EntrantId>,
    pub bracket: Bracket,
    /// The places given so far ([`knockout::places`]), best first.
    pub places: Vec<Place>,
    /// 最终名次 once the section is over: a knockout's places when every match is decided; a
    /// playoff's places 1…k followed by the Swiss ranking after its last round
    /// ([`playoff::final_places`]) once every game of the section has its result.
    pub final_places: Option<Vec<Place>>,
}

impl SectionBracket {
    /// The section round that holds stage `stage` (from 1).
    pub fn round_of_stage(&self, stage: u32) -> u32 {
        self.first_round + stage.max(1) - 1
    }

    /// The seed (from 1) of a player in the bracket.
    pub fn seed_of(&self, id: EntrantId) -> Option<u32> {
        self.seeds
            .iter()
            .position(|&s| s == id)
            .map(|i| i as u32 + 1)
    }
}

/// The Swiss ranking a playoff is seeded from: the standings after its `after_round`, which
/// must be paired and have every result of its own.
pub fn playoff_ranking(s: &Section) -> Result<Vec<EntrantId>, ConductError> {
    let after = s.settings.playoff.after_round;
    match s.round(after) {
        Some(r) if r.regular_games_complete() => {}
        _ => return Err(ConductError::PlayoffNotYet(after)),
    }
    Ok(standings::standings(s, after)
        .iter()
        .map(|x| x.entrant)
        .collect())
}

/// A knockout's seeds in pairing-number order (see the module's note on seeds).
fn knockout_seeds(s: &Section) -> Result<Vec<EntrantId>, ConductError> {
    let by_number = s.entrants_by_number();
    if let Some(r1) = s.round(1) {
        return Ok(by_number
            .iter()
            .filter(|e| r1.plays(e.id) || r1.bye_of(e.id).is_some())
            .map(|e| e.id)
            .collect());
    }
    let active: Vec<_> = by_number.into_iter().filter(|e| e.is_active()).collect();
    if let Some(e) = active.iter().find(|e| e.number.is_none()) {
        return Err(ConductError::NotDrawn(e.name.clone()));
    }
    Ok(active.iter().map(|e| e.id).collect())
}

/// The match games of stages 1, 2, … as the rule book reads them: stage s at index s − 1.
pub fn stage_rounds(s: &Section, first_round: u32) -> Vec<Round> {
    let last = s.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    (first_round..=last)
        .map(|number| Round {
            number,
            games: s
                .round(number)
                .map(|r| {
                    r.games
                        .iter()
                        .filter(|g| g.phase.is_match_game())
                        .cloned()
                        .collect()
                })
                .unwrap_or_default(),
            byes: Vec::new(),
        })
        .collect()
}

/// The knockout or playoff of `s` as it stands; `None` when the section has neither. A playoff
/// whose Swiss has not reached its `after_round` is [`ConductError::PlayoffNotYet`].
pub fn section_bracket(s: &Section) -> Result<Option<SectionBracket>, ConductError> {
    let (kind, first_round, format, seeds) = if s.settings.system == PairingSystem::Knockout {
        let seeds = knockout_seeds(s)?;
        (BracketKind::Knockout, 1, s.settings.knockout.clone(), seeds)
    } else if s.settings.playoff.players > 0 {
        let p = &s.settings.playoff;
        let seeds = playoff::playoff_seeds(p, &playoff_ranking(s)?);
        (
            BracketKind::Playoff,
            p.first_round(),
            p.format.clone(),
            seeds,
        )
    } else {
        return Ok(None);
    };
    let bracket = knockout::bracket(&format, &seeds, &stage_rounds(s, first_round))?;
    let places = knockout::places(&bracket);
    let final_places = match kind {
        BracketKind::Knockout => (places.len() == bracket.players as usize).then(|| places.clone()),
        BracketKind::Playoff => {
            let p = &s.settings.playoff;
            let swiss_over = !p.others_play_on || next_round_number(s) > s.settings.rounds;
            let all_in = s.rounds.iter().all(Round::is_complete);
            let last = s.rounds.last().map_or(0, |r| r.number);
            let ranking: Vec<EntrantId> = standings::standings(s, last)
                .iter()
                .map(|x| x.entrant)
                .collect();
            playoff::final_places(p, &bracket, &ranking).filter(|_| swiss_over && all_in)
        }
    };
    Ok(Some(SectionBracket {
        kind,
        first_round,
        format,
        seeds,
        bracket,
        places,
        final_places,
    }))
}

/// 名次 of a knockout or playoff section after a round.
#[derive(Clone, Debug, PartialEq)]
pub struct BracketPlaces {
    /// Every ranked player's place range, best first.
    pub places: Vec<Place>,
    /// The players still in play: they share the places above those decided so far, and no
    /// award may claim one of those places for them.
    pub undecided: Vec<EntrantId>,
}

/// The places of a knockout section, or of a Swiss section once its playoff has begun (a
/// round after its `after_round`), after `round`: the final places when the section is over;
/// before that the places decided so far (rules.md §5.2: the losers of a stage share a range),
/// the players still in play sharing the places above them, and, after a playoff's k players,
/// the others in the order of the Swiss standings after `round`. `None` for other sections.
pub fn bracket_places_after(s: &Section, round: u32) -> Option<BracketPlaces> {
    let playoff = &s.settings.playoff;
    if s.settings.system != PairingSystem::Knockout
        && (playoff.players == 0 || round <= playoff.after_round)
    {
        return None;
    }
    let mut view = s.clone();
    view.rounds.retain(|r| r.number <= round);
    let b = section_bracket(&view).ok().flatten()?;
    if let Some(places) = b.final_places {
        return Some(BracketPlaces {
            places,
            undecided: Vec::new(),
        });
    }
    let undecided: Vec<EntrantId> = b
        .seeds
        .iter()
        .copied()
        .filter(|e| !b.places.iter().any(|p| p.entrant == *e))
        .collect();
    let shared = undecided.len() as u32;
    let mut places: Vec<Place> = undecided
        .iter()
        .map(|&entrant| Place {
            entrant,
            first: 1,
            last: shared,
        })
        .collect();
    places.extend(b.places.iter().copied());
    let after = b.seeds.len() as u32;
    let others = standings::standings(&view, round)
        .into_iter()
        .map(|x| x.entrant)
        .filter(|e| !b.seeds.contains(e));
    places.extend(others.zip(after + 1..).map(|(entrant, place)| Place {
        entrant,
        first: place,
        last: place,
    }));
    Some(BracketPlaces { places, undecided })
}
