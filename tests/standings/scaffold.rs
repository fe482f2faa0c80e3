//! A plain Swiss pairer for two seed scenarios of this binary (`seed_000_playoff`,
//! `seed_002_qualification_knockout`). They check what follows a Swiss — a playoff, staged
//! qualification, a knockout bracket — and need Swiss rounds whose ranking can be worked out by
//! hand, whatever the engines of `src/pairing` would pair; this is not one of those engines and
//! checks nothing of them (their own tests are in the pairing binary).
//!
//! - Pairing: players sorted by (points desc, pairing number asc) are paired from the top, each
//!   with the first player below not met before, backtracking when the rest cannot be paired.
//!   The player with fewer reds so far plays red; on equal reds the better-sorted one.
//! - Results: pairing numbers within 2 of each other draw; otherwise the lower number wins.
//! - Ranking: `standings::by_points`, ties broken by pairing number (lower first).

use crate::common::number_of;
use bianpai::model::{EntrantId, Game, Outcome, Points, Round, Section};
use bianpai::standings::by_points;
use std::collections::HashSet;

/// The scaffold's result for a game between pairing numbers `red` and `black`.
pub fn scripted_outcome(red: u32, black: u32) -> Outcome {
    if red.abs_diff(black) <= 2 {
        Outcome::Draw
    } else if red < black {
        Outcome::RedWin
    } else {
        Outcome::BlackWin
    }
}

/// Enters the scaffold's results for the unfinished regular games of `round`.
pub fn play(s: &Section, round: &mut Round) {
    for g in &mut round.games {
        if g.outcome.is_none() && !g.phase.is_match_game() {
            g.outcome = Some(scripted_outcome(number_of(s, g.red), number_of(s, g.black)));
        }
    }
}

/// Ranking after `rounds` rounds: by points, then pairing number.
pub fn ranking(s: &Section, rounds: u32) -> Vec<EntrantId> {
    let mut rows: Vec<(Points, u32, EntrantId)> = by_points(s, rounds)
        .into_iter()
        .map(|st| (st.points, number_of(s, st.entrant), st.entrant))
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    rows.into_iter().map(|r| r.2).collect()
}

fn met(s: &Section) -> HashSet<(EntrantId, EntrantId)> {
    let mut m = HashSet::new();
    for g in s.rounds.iter().flat_map(|r| &r.games) {
        m.insert((g.red, g.black));
        m.insert((g.black, g.red));
    }
    m
}

fn reds(s: &Section, who: EntrantId) -> usize {
    s.rounds
        .iter()
        .flat_map(|r| &r.games)
        .filter(|g| !g.phase.is_match_game() && g.red == who)
        .count()
}

fn pair_rest(
    list: &[EntrantId],
    used: &mut Vec<bool>,
    met: &HashSet<(EntrantId, EntrantId)>,
    out: &mut Vec<(EntrantId, EntrantId)>,
) -> bool {
    let Some(i) = used.iter().position(|u| !u) else {
        return true;
    };
    used[i] = true;
    for j in (i + 1)..list.len() {
        if used[j] || met.contains(&(list[i], list[j])) {
            continue;
        }
        used[j] = true;
        out.push((list[i], list[j]));
        if pair_rest(list, used, met, out) {
            return true;
        }
        out.pop();
        used[j] = false;
    }
    used[i] = false;
    false
}

/// Pairs round `number` among `players` (an even number) after the rounds already in `s`.
pub fn pair(s: &Section, players: &[EntrantId], number: u32) -> Round {
    assert!(
        players.len().is_multiple_of(2),
        "scaffold pairs even fields"
    );
    let done = number - 1;
    let order: Vec<EntrantId> = ranking(s, done)
        .into_iter()
        .filter(|e| players.contains(e))
        .collect();
    let mut used = vec![false; order.len()];
    let mut pairs = Vec::new();
    assert!(
        pair_rest(&order, &mut used, &met(s), &mut pairs),
        "scaffold found no pairing for round {number}"
    );
    let games = pairs
        .into_iter()
        .enumerate()
        .map(|(i, (a, b))| {
            let board = i as u32 + 1;
            if reds(s, b) < reds(s, a) {
                Game::new(board, b, a)
            } else {
                Game::new(board, a, b)
            }
        })
        .collect();
    Round {
        number,
        games,
        byes: vec![],
    }
}
