//! 积分编排制 — the xiangqi Swiss engine (rules.md §1.4–1.6).
//!
//! `pair_round` pairs one round of a section: who is paired comes from entrant status and the
//! exclusion rules ([`eligibility`]); round 1 follows the chosen pattern with same-unit
//! avoidance ([`round1`]); later rounds take the bye first ([`bye`]) and then the pairing that
//! is best under the quality order of rules.md §1.4.3 ([`weights`]), found exactly by the
//! [`optimiser`]. Boards are ordered by [`boards`], and every board carries its explanation
//! ([`explain`]). The [`checker`] re-derives every absolute rule and the optimum for a stored
//! round; [`rtg`] generates random tournaments for tests.

pub mod boards;
pub mod bye;
pub mod checker;
pub mod colour;
pub mod eligibility;
pub mod explain;
pub mod groups;
pub mod optimiser;
pub mod round1;
pub mod rtg;
pub mod solver;
pub mod state;
pub mod weights;

pub use crate::model::{ByePolicy, ForfeitCount, PositionalRule, XiangqiSwissOptions};

use super::PairingError;
use crate::model::{Bye, ByeKind, EntrantId, Game, Points, Round, Section};
use boards::{BoardKey, board_order};
use colour::ColourContext;
use explain::{
    BoardExplanation, ByeExplanation, ColourNote, Criterion, FloatNote, RoundOneNote, WhyNot,
};
use optimiser::Problem;
use state::PlayerState;
use std::collections::HashMap;
use weights::Scorer;

/// A paired round with its explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedRound {
    pub round: Round,
    /// One explanation per board, in board order.
    pub boards: Vec<BoardExplanation>,
    pub bye: Option<ByeExplanation>,
    /// Round 1 only: same-unit swaps and re-drawn numbers.
    pub round_one: Option<RoundOneNote>,
}

/// Pairs round `round` of `section` (all rounds before it paired).
pub fn pair_round(
    section: &Section,
    round: u32,
    options: &XiangqiSwissOptions,
) -> Result<PairedRound, PairingError> {
    pair_round_with(section, round, options, &[])
}

/// As [`pair_round`], with players the caller holds out (qualified out, stopped by a promotion
/// rule).
pub fn pair_round_with(
    section: &Section,
    round: u32,
    options: &XiangqiSwissOptions,
    held_out: &[EntrantId],
) -> Result<PairedRound, PairingError> {
    if section.round(round).is_some() {
        return Err(PairingError::AlreadyPaired(round));
    }
    let states = state::states_before(section, round, options);
    let ids = eligibility::players_to_pair(section, &states, options, held_out);
    if ids.is_empty() {
        return Err(PairingError::NoEntrants);
    }
    if let Some(e) = ids.iter().find(|id| states[id].number == u32::MAX) {
        return Err(PairingError::NotDrawn(*e));
    }
    let players: Vec<&PlayerState> = ids.iter().map(|id| &states[id]).collect();
    if round == 1 {
        let (r, note) = round1::pair_first_round(section, &players, options)?;
        let boards = r
            .games
            .iter()
            .map(|g| BoardExplanation {
                board: g.board,
                red: g.red,
                black: g.black,
                red_score: Points::ZERO,
                black_score: Points::ZERO,
                float: None,
                colour: ColourNote::Pattern,
                gave_way: Vec::new(),
                why_not: None,
            })
            .collect();
        let bye = r.byes.first().map(|b| ByeExplanation {
            entrant: b.entrant,
            score: Points::ZERO,
            passed_over: Vec::new(),
            instead_of: None,
        });
        return Ok(PairedRound {
            round: r,
            boards,
            bye,
            round_one: Some(note),
        });
    }
    let scorer = scorer(section, round, options);
    let (bye, choice, problem, pairs) =
        pair_players(&players, options, scorer).ok_or(PairingError::NoValidPairing(round))?;
    Ok(assemble(round, &problem, &pairs, bye, choice))
}

/// The scorer of a round of `section`.
pub fn scorer<'a>(section: &Section, round: u32, options: &'a XiangqiSwissOptions) -> Scorer<'a> {
    let ps = &section.settings.points;
    let leader_gap = [ps.red.draw, ps.black.draw]
        .into_iter()
        .filter(|p| p.0 > 0)
        .min()
        .unwrap_or(Points(1));
    Scorer {
        options,
        ctx: ColourContext {
            round,
            total_rounds: section.settings.rounds,
            leader_gap,
        },
    }
}

/// Who had the bye and why (see [`ByeExplanation`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByeChoice {
    /// Candidates of lower classes, whose bye leaves the others unpairable.
    pub passed_over: Vec<EntrantId>,
    /// The highest number of the holder's class, when the others pair better without the
    /// holder.
    pub instead_of: Option<EntrantId>,
}

type Solved<'a> = (
    Option<&'a PlayerState>,
    ByeChoice,
    Problem<'a>,
    Vec<(usize, usize)>,
);

/// Takes the bye (if the number is odd) and pairs the rest.
pub fn pair_players<'a>(
    players: &[&'a PlayerState],
    options: &'a XiangqiSwissOptions,
    scorer: Scorer<'a>,
) -> Option<Solved<'a>> {
    if players.len().is_multiple_of(2) {
        let problem = Problem::new(players.to_vec(), options.positional, scorer);
        let pairs = problem.solve()?;
        return Some((None, ByeChoice::default(), problem, pairs));
    }
    let chosen = bye::choose(players, scorer)?;
    let choice = ByeChoice {
        passed_over: chosen.passed_over,
        instead_of: chosen.instead_of,
    };
    Some((
        Some(players[chosen.holder]),
        choice,
        chosen.problem,
        chosen.pairs,
    ))
}

fn assemble(
    round: u32,
    problem: &Problem,
    pairs: &[(usize, usize)],
    bye: Option<&PlayerState>,
    choice: ByeChoice,
) -> PairedRound {
    let order = problem.order();
    let rank: HashMap<usize, usize> = order.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let mate: HashMap<usize, usize> = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let mut items: Vec<(BoardKey, (usize, usize))> = pairs
        .iter()
        .map(|&(a, b)| {
            let (sa, sb) = (problem.players[a].score, problem.players[b].score);
            let key = BoardKey {
                high: sa.max(sb),
                low: sa.min(sb),
                order: rank[&a].min(rank[&b]),
            };
            (key, (a, b))
        })
        .collect();
    board_order(&mut items);
    let mut r = Round {
        number: round,
        ..Round::default()
    };
    let mut boards = Vec::new();
    for (k, (_, (a, b))) in items.iter().enumerate() {
        let Ok((cost, alloc)) = problem.cost(*a, *b) else {
            continue;
        };
        let (red, black) = if alloc.first_red { (*a, *b) } else { (*b, *a) };
        let (pr, pb) = (problem.players[red], problem.players[black]);
        let board = k as u32 + 1;
        r.games.push(Game::new(board, pr.id, pb.id));
        let float = (pr.score != pb.score).then(|| {
            let (down, up) = if pr.score > pb.score {
                (red, black)
            } else {
                (black, red)
            };
            FloatNote {
                down: problem.players[down].id,
                up: problem.players[up].id,
                levels: problem.place[down].level.abs_diff(problem.place[up].level) as u32,
            }
        });
        boards.push(BoardExplanation {
            board,
            red: pr.id,
            black: pb.id,
            red_score: pr.score,
            black_score: pb.score,
            float,
            colour: alloc.reason.into(),
            gave_way: Criterion::gave_way(&cost),
            why_not: neighbour_why_not(problem, &order, &rank, &mate, red),
        });
    }
    let bye_note = bye.map(|p| {
        r.byes.push(Bye {
            entrant: p.id,
            kind: ByeKind::Pairing,
        });
        ByeExplanation {
            entrant: p.id,
            score: p.score,
            passed_over: choice.passed_over,
            instead_of: choice.instead_of,
        }
    });
    PairedRound {
        round: r,
        boards,
        bye: bye_note,
        round_one: None,
    }
}

/// “Why not `x` v his next neighbour in the order?” answered two boards at a time: pairing x
/// with his neighbour c forces x's partner b onto c's partner d.
fn neighbour_why_not(
    problem: &Problem,
    order: &[usize],
    rank: &HashMap<usize, usize>,
    mate: &HashMap<usize, usize>,
    x: usize,
) -> Option<(EntrantId, WhyNot)> {
    let b = mate[&x];
    let c = order[rank[&x] + 1..]
        .iter()
        .chain(order[..rank[&x]].iter().rev())
        .copied()
        .find(|&c| c != b)?;
    let d = mate[&c];
    let id = problem.players[c].id;
    Some((id, two_board_why_not(problem, (x, b), (c, d))))
}

/// Compares boards x–b and c–d with x–c and b–d.
pub fn two_board_why_not(
    problem: &Problem,
    (x, b): (usize, usize),
    (c, d): (usize, usize),
) -> WhyNot {
    let xc = match problem.cost(x, c) {
        Ok((cost, _)) => cost,
        Err(bar) => return bar.into(),
    };
    let Ok((bd, _)) = problem.cost(b, d) else {
        return WhyNot::Strands;
    };
    let (Ok((xb, _)), Ok((cd, _))) = (problem.cost(x, b), problem.cost(c, d)) else {
        return WhyNot::Tie;
    };
    match (xc + bd).first_worse_field(&(xb + cd)) {
        Some(k) => WhyNot::Worse {
            criterion: Criterion::of_field(k),
        },
        None => WhyNot::Tie,
    }
}

/// “Why not `a` v `b`?” for a paired round of `section`: the absolute rule that forbids it, or
/// the first quality criterion on which the best round containing that board is worse than the
/// stored one: the round is re-solved exactly with the board forced.
pub fn why_not(
    section: &Section,
    round: u32,
    options: &XiangqiSwissOptions,
    a: EntrantId,
    b: EntrantId,
) -> WhyNot {
    let Some(r) = section.round(round) else {
        return WhyNot::NotPaired(a);
    };
    let states = state::states_before(section, round, options);
    let ids: Vec<EntrantId> = r.regular_games().flat_map(|g| [g.red, g.black]).collect();
    for x in [a, b] {
        if !ids.contains(&x) || !states.contains_key(&x) {
            return WhyNot::NotPaired(x);
        }
    }
    let players: Vec<&PlayerState> = ids.iter().map(|id| &states[id]).collect();
    let problem = Problem::new(players, options.positional, scorer(section, round, options));
    let (ia, ib) = (
        ids.iter().position(|x| *x == a),
        ids.iter().position(|x| *x == b),
    );
    let (Some(ia), Some(ib)) = (ia, ib) else {
        return WhyNot::NotPaired(a);
    };
    let mate = |i: usize| i ^ 1; // ids hold red, black of each game in turn
    if mate(ia) == ib {
        return WhyNot::ArePaired;
    }
    let forced = match problem.cost(ia, ib) {
        Ok((c, _)) => c,
        Err(bar) => return bar.into(),
    };
    let pairs: Vec<(usize, usize)> = (0..ids.len()).step_by(2).map(|i| (i, i + 1)).collect();
    let Some(actual) = problem.total(&pairs) else {
        return WhyNot::Tie;
    };
    let rest: Vec<usize> = (0..ids.len()).filter(|&i| i != ia && i != ib).collect();
    match problem.solve_subset(&rest) {
        None => WhyNot::Strands,
        Some((_, rest_pairs)) => {
            let Some(rest_cost) = problem.total(&rest_pairs) else {
                return WhyNot::Strands;
            };
            match (rest_cost + forced).first_worse_field(&actual) {
                Some(k) => WhyNot::Worse {
                    criterion: Criterion::of_field(k),
                },
                None => WhyNot::Tie,
            }
        }
    }
}
