//! 编排检查 — checks a stored round of a xiangqi Swiss: every absolute rule (rematch, second
//! bye, colour limits, same-unit avoidance, players excluded by forfeits, a player on two
//! boards, the house player in a round he should sit out or out of one he should play), and whether a pairing better under the quality order exists (a lower bye, or
//! pairs with a smaller lexicographic cost).
//!
//! The better-pairing search re-solves the round exactly (the optimiser is exact at any size)
//! and compares the stored pairs, with the colours they were actually given, against the
//! optimum.

use super::colour::{allowed, unmet};
use super::eligibility::excluded_by_forfeits;
use super::explain::Criterion;
use super::optimiser::Problem;
use super::state::{PlayerState, states_before};
use super::weights::{Barrier, Cost, MILD, STRONG, Scorer};
use super::{XiangqiSwissOptions, bye, scorer};
use crate::model::{ByeKind, EntrantId, Round, Section, Side};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// A break of an absolute rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Break {
    /// Two players met again (board number).
    Rematch { board: u32 },
    /// 同队回避 broken.
    SameUnit { board: u32 },
    /// 禁止配对 — a pairing the section prohibits.
    Prohibited { board: u32 },
    /// 禁连三 / 禁多三 broken for this player.
    ColourLimit { board: u32, player: EntrantId },
    /// A second pairing-allocated bye.
    SecondBye { player: EntrantId },
    /// A player excluded by the forfeit rule was paired.
    Excluded { player: EntrantId },
    /// A player appears twice in the round, or is not an entrant.
    Duplicate { player: EntrantId },
    /// The house player (补双) is in the round although the other players are even in number.
    HouseNotNeeded { player: EntrantId },
    /// The other players are odd in number and one of them had the bye, while the house player
    /// (补双), active, sat the round out.
    HouseLeftOut { player: EntrantId },
    /// Each player of the board has the colour the other is due: swapping the board's colours
    /// would give both their preference. A change by hand is warned of it ([`crossed_preferences`]);
    /// [`breaks`] never reports it (an engine may have to leave a preference unmet).
    ColourPreference { board: u32 },
}

impl Break {
    /// The player the break is about, if it names one (a rematch or a same-unit board names
    /// only the board).
    pub fn player(&self) -> Option<EntrantId> {
        match *self {
            Break::Rematch { .. }
            | Break::SameUnit { .. }
            | Break::Prohibited { .. }
            | Break::ColourPreference { .. } => None,
            Break::ColourLimit { player, .. }
            | Break::SecondBye { player }
            | Break::Excluded { player }
            | Break::Duplicate { player }
            | Break::HouseNotNeeded { player }
            | Break::HouseLeftOut { player } => Some(player),
        }
    }
}

/// A better pairing exists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Better {
    /// The bye should go to this player: a lower score group (or fewer byes) still lets the
    /// others pair, or the others pair better with him out (Q2–Q5), or as well and he has the
    /// higher number (rules.md §1.4.3 Q1).
    Bye { instead: EntrantId },
    /// A pairing of the same players is better, first on `criterion`.
    Pairs { criterion: Criterion },
}

/// The report on one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckReport {
    pub round: u32,
    pub breaks: Vec<Break>,
    pub better: Option<Better>,
}

/// Why a round could not be checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error("round {0} does not exist")]
    NoSuchRound(u32),
}

/// What a check of round `round` looks at: the round without a playoff's match games beside
/// the Swiss (not the Swiss's to check), the players' states before it, and its scorer.
fn in_view<'a>(
    section: &Section,
    round: u32,
    options: &'a XiangqiSwissOptions,
) -> Result<(Round, HashMap<EntrantId, PlayerState>, Scorer<'a>), CheckError> {
    let r = section
        .round(round)
        .ok_or(CheckError::NoSuchRound(round))?
        .without_match_games();
    Ok((
        r,
        states_before(section, round, options),
        scorer(section, round, options),
    ))
}

/// The players given the pairing-allocated bye in round `r`.
fn pairing_byes(r: &Round) -> Vec<EntrantId> {
    r.byes
        .iter()
        .filter(|b| b.kind == ByeKind::Pairing)
        .map(|b| b.entrant)
        .collect()
}

/// Checks round `round` of `section`.
pub fn check_round(
    section: &Section,
    round: u32,
    options: &XiangqiSwissOptions,
) -> Result<CheckReport, CheckError> {
    let breaks = breaks(section, round, options)?;
    if round == 1 || !breaks.is_empty() {
        return Ok(CheckReport {
            round,
            breaks,
            better: None,
        });
    }
    let (r, states, sc) = in_view(section, round, options)?;
    let r = &r;
    let pab = pairing_byes(r);
    quality(r, &states, sc, &pab, options, breaks)
}

/// The absolute rules only (no search for a better pairing): cheap enough to run on every
/// manual edit of a round.
/// The boards of round `round` whose players each have the colour the other is due (see
/// [`super::colour::preference`]), as (board, red, black).
pub fn crossed_preferences(
    section: &Section,
    round: u32,
    options: &XiangqiSwissOptions,
) -> Vec<(u32, EntrantId, EntrantId)> {
    let Some(r) = section.round(round) else {
        return Vec::new();
    };
    let states = states_before(section, round, options);
    let due = |id: &EntrantId| {
        states
            .get(id)
            .and_then(super::colour::preference)
            .map(|(side, _)| side)
    };
    r.without_match_games()
        .games
        .iter()
        .filter(|g| due(&g.red) == Some(Side::Black) && due(&g.black) == Some(Side::Red))
        .map(|g| (g.board, g.red, g.black))
        .collect()
}

pub fn breaks(
    section: &Section,
    round: u32,
    options: &XiangqiSwissOptions,
) -> Result<Vec<Break>, CheckError> {
    let (r, states, sc) = in_view(section, round, options)?;
    let r = &r;
    let mut breaks = Vec::new();
    let mut seen = HashSet::new();
    let mut see = |id: EntrantId, breaks: &mut Vec<Break>| {
        if !seen.insert(id) || !states.contains_key(&id) {
            breaks.push(Break::Duplicate { player: id });
        }
    };
    for g in &r.games {
        see(g.red, &mut breaks);
        see(g.black, &mut breaks);
    }
    for b in &r.byes {
        see(b.entrant, &mut breaks);
    }
    if !breaks.is_empty() {
        return Ok(breaks);
    }
    for g in &r.games {
        let (red, black) = (&states[&g.red], &states[&g.black]);
        match sc.barrier(red, black) {
            Some(Barrier::AlreadyMet) => breaks.push(Break::Rematch { board: g.board }),
            Some(Barrier::SameUnit) => breaks.push(Break::SameUnit { board: g.board }),
            Some(Barrier::Prohibited) => breaks.push(Break::Prohibited { board: g.board }),
            _ => {}
        }
        if round > 1 {
            for (p, side) in [(red, Side::Red), (black, Side::Black)] {
                if !allowed(p, side, options) {
                    breaks.push(Break::ColourLimit {
                        board: g.board,
                        player: p.id,
                    });
                }
            }
        }
    }
    if round == 1 {
        forgive_unavoidable_units(r, &states, &mut breaks);
    }
    let pab = pairing_byes(r);
    for id in &pab {
        if states[id].byes > 0 {
            breaks.push(Break::SecondBye { player: *id });
        }
    }
    let paired = r
        .games
        .iter()
        .flat_map(|g| [g.red, g.black])
        .chain(pab.iter().copied());
    for id in paired {
        if excluded_by_forfeits(&states[&id], options) {
            breaks.push(Break::Excluded { player: id });
        }
    }
    house_breaks(section, r, &pab, &states, options, &mut breaks);
    Ok(breaks)
}

/// The house player (补双, rules.md §6) plays exactly when the others in the round are odd in
/// number (see [`crate::pairing::house`]).
fn house_breaks(
    section: &Section,
    r: &crate::model::Round,
    pab: &[EntrantId],
    states: &HashMap<EntrantId, PlayerState>,
    options: &XiangqiSwissOptions,
    breaks: &mut Vec<Break>,
) {
    let is_house = |id: &EntrantId| section.entrant(*id).is_some_and(|e| e.house);
    let in_round: Vec<EntrantId> = r
        .games
        .iter()
        .flat_map(|g| [g.red, g.black])
        .chain(pab.iter().copied())
        .collect();
    let others = in_round.iter().filter(|id| !is_house(id)).count();
    if others % 2 == 0 {
        for &player in in_round.iter().filter(|id| is_house(id)) {
            breaks.push(Break::HouseNotNeeded { player });
        }
    } else if !pab.is_empty() {
        let could_play = section.entrants.iter().filter(|e| {
            e.house
                && e.is_active()
                && !in_round.contains(&e.id)
                && states
                    .get(&e.id)
                    .is_none_or(|p| !excluded_by_forfeits(p, options))
        });
        for e in could_play {
            breaks.push(Break::HouseLeftOut { player: e.id });
        }
    }
}

/// Is there a better pairing of a round that breaks no absolute rule?
fn quality(
    r: &crate::model::Round,
    states: &HashMap<EntrantId, PlayerState>,
    sc: super::weights::Scorer<'_>,
    pab: &[EntrantId],
    options: &XiangqiSwissOptions,
    breaks: Vec<Break>,
) -> Result<CheckReport, CheckError> {
    let round = r.number;
    let players: Vec<&PlayerState> = r
        .games
        .iter()
        .flat_map(|g| [g.red, g.black])
        .map(|id| &states[&id])
        .collect();
    // The pairs as given, colours included: the colour fields of what was actually allocated.
    let actual_cost = |problem: &Problem, pairs: &[(usize, usize)]| -> Option<Cost> {
        pairs
            .iter()
            .map(|&(a, b)| {
                let (mut c, _) = problem.cost(a, b).ok()?;
                let (s1, m1) = unmet(problem.players[a], Side::Red);
                let (s2, m2) = unmet(problem.players[b], Side::Black);
                c.rest[STRONG] = s1 + s2;
                c.rest[MILD] = m1 + m2;
                Some(c)
            })
            .sum()
    };
    // Pairs of the games as indices of `players` (red, black of each game in turn).
    let pairs: Vec<(usize, usize)> = (0..players.len()).step_by(2).map(|i| (i, i + 1)).collect();
    let mut better = None;
    // Quality: the bye first (Q1, and Q2–Q5 of the others, which choose among its group),
    // then the pairs. The seat problem over everyone chooses the holder exactly: its class
    // first; inside a class of several players the others' score levels are those of everyone,
    // so its Q2–Q5 are those of the others' best pairing; then the number.
    if let [holder] = pab[..] {
        let mut all = players.clone();
        all.push(&states[&holder]);
        let seat = bye::seat(&all, options.bye_policy);
        let problem = Problem::with_seat(all.clone(), options.positional, sc, seat);
        let everyone: Vec<usize> = (0..all.len()).collect();
        let seat_index = problem.seat_index();
        let best_holder = problem.solve_subset(&everyone).and_then(|(_, pairs)| {
            pairs.iter().find_map(|&(a, b)| {
                (b == seat_index)
                    .then_some(a)
                    .or((a == seat_index).then_some(b))
            })
        });
        if let Some(h) = best_holder
            && all[h].id != holder
        {
            better = Some(Better::Bye { instead: all[h].id });
        }
    }
    if better.is_none() {
        let problem = Problem::new(players, options.positional, sc);
        let all: Vec<usize> = (0..problem.players.len()).collect();
        if let Some(actual) = actual_cost(&problem, &pairs)
            && let Some(f) = problem
                .solve_subset(&all)
                .and_then(|(best, _)| actual.first_worse_field(&best))
        {
            better = Some(Better::Pairs {
                criterion: Criterion::of_field(f),
            });
        }
    }
    Ok(CheckReport {
        round,
        breaks,
        better,
    })
}

/// Round 1: when one unit holds more than half of the players, some same-unit tables cannot be
/// avoided (rules.md §1.4.3: “minimise the number of same-team tables”); they are breaks only
/// beyond that minimum.
fn forgive_unavoidable_units(
    r: &crate::model::Round,
    states: &HashMap<EntrantId, PlayerState>,
    breaks: &mut Vec<Break>,
) {
    let mut count: HashMap<&str, usize> = HashMap::new();
    let players: Vec<EntrantId> = r.games.iter().flat_map(|g| [g.red, g.black]).collect();
    for id in &players {
        if let Some(u) = crate::model::unit_key(&states[id].unit) {
            *count.entry(u).or_default() += 1;
        }
    }
    let largest = count.values().copied().max().unwrap_or(0);
    let minimum = (2 * largest).saturating_sub(players.len()) / 2;
    let same = breaks
        .iter()
        .filter(|b| matches!(b, Break::SameUnit { .. }))
        .count();
    if same <= minimum {
        breaks.retain(|b| !matches!(b, Break::SameUnit { .. }));
    }
}
