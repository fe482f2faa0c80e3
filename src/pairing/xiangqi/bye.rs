//! 轮空 — who receives the pairing-allocated bye (rules.md §1.4.1.5, §1.4.2 “Bye choice”,
//! §1.4.3 A2/Q1 and its “Q1 note”): a player of the lowest score group that still lets the
//! others be paired (then the fewest byes); which player of that group is decided by the
//! quality of the others' pairing (Q2–Q5), and only when that ties by the highest number.
//! Players who already had a bye are no candidates under the default policy (no second bye);
//! under `LowestFewestByes` they come after those with fewer byes at the same score. The bye
//! scores what the point system gives a bye (14.4: as a win).
//!
//! The choice is one minimum-cost matching with the bye seat ([`Seat`]): the seat costs a
//! candidate his class (above every other criterion) and his rank by number (below Q5), so the
//! cheapest perfect matching holds exactly the bye the rule asks for. In a large field the
//! seat problem is avoided when it can be: the others are paired without the likeliest holder
//! (the highest number of the lowest class), and the duals of that solve are extended to the
//! seat problem; when they extend, that pairing is the optimum of the seat problem too.

use super::colour::{Strength, preference};
use super::groups::{Placement, levels, row_of};
use super::optimiser::{Held, Problem, Seat};
use super::state::PlayerState;
use super::weights::{CAP, FLOATPOS, POS, Scorer};
use crate::model::{ByePolicy, EntrantId, Side};

/// The bye candidates in the order of their classes and ranks: lowest score first (then fewest
/// byes under `LowestFewestByes`), highest number first inside a class. Under the default
/// policy players who already had a bye are not candidates at all (no second bye).
pub fn candidates<'a>(players: &[&'a PlayerState], policy: ByePolicy) -> Vec<&'a PlayerState> {
    let seat = seat(players, policy);
    let mut v: Vec<(&(u32, u32), &PlayerState)> = seat
        .candidate
        .iter()
        .zip(players)
        .filter_map(|(c, p)| c.as_ref().map(|c| (c, *p)))
        .collect();
    v.sort_by_key(|(c, _)| **c);
    v.into_iter().map(|(_, p)| p).collect()
}

/// The bye seat of `players`: each candidate's class and rank (see [`Seat`]).
pub fn seat(players: &[&PlayerState], policy: ByePolicy) -> Seat {
    let mut order: Vec<(usize, (crate::model::Points, u32))> = players
        .iter()
        .enumerate()
        .filter(|(_, p)| policy == ByePolicy::LowestFewestByes || p.byes == 0)
        .map(|(k, p)| match policy {
            ByePolicy::LowestFewestByes => (k, (p.score, p.byes)),
            ByePolicy::LowestNeverHadBye => (k, (p.score, 0)),
        })
        .collect();
    order.sort_by_key(|&(k, key)| (key, std::cmp::Reverse(players[k].number)));
    let mut candidate = vec![None; players.len()];
    let (mut class, mut rank) = (0u32, 0u32);
    for (m, &(k, key)) in order.iter().enumerate() {
        if m > 0 && order[m - 1].1 != key {
            class += 1;
            rank = 0;
        }
        candidate[k] = Some((class, rank));
        rank += 1;
    }
    Seat {
        candidate,
        held: None,
    }
}

/// The bye and the pairing of the others.
pub struct Chosen<'a> {
    /// The bye holder (index into the players).
    pub holder: usize,
    /// The others, and their pairs (indices into `problem.players`).
    pub problem: Problem<'a>,
    pub pairs: Vec<(usize, usize)>,
    /// Candidates of lower classes: a bye for any of them leaves the others unpairable.
    pub passed_over: Vec<EntrantId>,
    /// The highest number of the holder's class, when the others pair better without the
    /// holder (Q2–Q5).
    pub instead_of: Option<EntrantId>,
}

/// Chooses the bye of an odd field and pairs the others; `None` when no bye lets the others
/// be paired.
///
/// One matching with the bye seat decides it. The likeliest holder is held out of the players
/// (see [`Held`]): when the matching gives him the bye, its other pairs are the others' best
/// pairing as it stands; when it gives the bye to someone else, the others are paired again
/// without that player. When the lowest class has one player only, he has the bye if the
/// others can be paired without him; else the seat problem over all players decides.
pub fn choose<'a>(players: &[&'a PlayerState], scorer: Scorer<'a>) -> Option<Chosen<'a>> {
    let options = scorer.options;
    let seat = seat(players, options.bye_policy);
    let guess = likeliest(players, &seat, scorer)?;
    let without = |h: usize| -> Vec<&'a PlayerState> {
        players
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != h)
            .map(|(_, p)| *p)
            .collect()
    };
    let alone = seat.candidate.iter().flatten().filter(|c| c.0 == 0).count() == 1;
    let mut problem = Problem::new(without(guess), options.positional, scorer);
    let found = if alone {
        problem.solve().map(|pairs| (guess, problem, pairs))
    } else {
        let mut rest_seat = Seat {
            candidate: seat.candidate.clone(),
            held: Some(held(players[guess], seat.candidate[guess]?, &problem)),
        };
        rest_seat.candidate.remove(guess);
        problem.seat = Some(rest_seat);
        let pairs = problem.solve()?;
        let n = problem.players.len();
        let holder = pairs
            .iter()
            .find_map(|&(a, b)| match (a.min(b), a.max(b)) {
                (x, y) if y == n && x < n => Some(if x < guess { x } else { x + 1 }),
                (x, y) if x == n && y == n + 1 => Some(guess),
                _ => None,
            })?;
        problem.seat = None;
        let pairs: Vec<(usize, usize)> =
            pairs.into_iter().filter(|&(a, b)| a < n && b < n).collect();
        Some((holder, problem, pairs))
    };
    let (holder, problem, pairs) = match found {
        Some((holder, problem, pairs)) if holder == guess => (holder, problem, pairs),
        Some((holder, _, _)) => {
            let problem = Problem::new(without(holder), options.positional, scorer);
            let pairs = problem.solve()?;
            (holder, problem, pairs)
        }
        None => {
            // The lone lowest candidate cannot have it: the seat problem over everyone.
            let all =
                Problem::with_seat(players.to_vec(), options.positional, scorer, seat.clone());
            let n = players.len();
            let holder = all
                .solve()?
                .iter()
                .find_map(|&(a, b)| match (a.min(b), a.max(b)) {
                    (x, y) if y == n => Some(x),
                    _ => None,
                })?;
            let problem = Problem::new(without(holder), options.positional, scorer);
            let pairs = problem.solve()?;
            (holder, problem, pairs)
        }
    };
    let (class, _) = seat.candidate[holder]?;
    let mut lower: Vec<((u32, u32), EntrantId)> = seat
        .candidate
        .iter()
        .zip(players)
        .filter_map(|(c, p)| c.map(|c| (c, p.id)))
        .filter(|(c, _)| c.0 < class)
        .collect();
    lower.sort_by_key(|(c, _)| *c);
    let instead_of = seat
        .candidate
        .iter()
        .position(|c| *c == Some((class, 0)))
        .filter(|&k| k != holder)
        .map(|k| players[k].id);
    Some(Chosen {
        holder,
        problem,
        pairs,
        passed_over: lower.into_iter().map(|(_, id)| id).collect(),
        instead_of,
    })
}

/// The likeliest bye holder (only the speed of [`choose`] depends on the guess). When the
/// lowest class and the score groups below it are small, the seat problem of those players
/// alone (and a few above, to make some 25) is solved exactly; otherwise, in a large group,
/// the guess is the candidate whose absence best evens out the colour rows of his score group
/// (from counts alone: the rows pair across, strong wants of the longer row first, and its
/// excess pairs inside itself, strong with mild first), then the highest number.
fn likeliest(players: &[&PlayerState], seat: &Seat, scorer: Scorer) -> Option<usize> {
    let first = seat.candidate.iter().position(|c| *c == Some((0, 0)))?;
    let score = players[first].score;
    let mut below: Vec<usize> = (0..players.len())
        .filter(|&k| players[k].score <= score)
        .collect();
    if below.len() <= 2 * NEAR_BOTTOM {
        // The players of the lowest groups, and the next ones up to about 25, an odd number.
        let mut up: Vec<usize> = (0..players.len())
            .filter(|&k| players[k].score > score)
            .collect();
        up.sort_by_key(|&k| players[k].score);
        let want = NEAR_BOTTOM.max(below.len()) | 1;
        below.extend(up.into_iter().take(want.saturating_sub(below.len())));
        if below.len().is_multiple_of(2) {
            below.pop();
        }
        let few: Vec<&PlayerState> = below.iter().map(|&k| players[k]).collect();
        let local = Seat {
            candidate: below.iter().map(|&k| seat.candidate[k]).collect(),
            held: None,
        };
        let problem = Problem::with_seat(few, scorer.options.positional, scorer, local);
        let n = problem.players.len();
        let holder = problem.solve().and_then(|pairs| {
            pairs.iter().find_map(|&(a, b)| match (a.min(b), a.max(b)) {
                (x, y) if y == n => Some(below[x]),
                _ => None,
            })
        });
        if let Some(h) = holder.filter(|&h| seat.candidate[h].is_some_and(|c| c.0 == 0)) {
            return Some(h);
        }
    }
    let kind = |p: &PlayerState| {
        preference(p).map(|(side, s)| {
            (
                usize::from(side == Side::Black),
                usize::from(s == Strength::Strong),
            )
        })
    };
    // Wants in the score group: [red, black] × [mild, strong], and players without one.
    let mut count = [[0i64; 2]; 2];
    let mut free = 0i64;
    for p in players.iter().filter(|p| p.score == score) {
        match kind(p) {
            Some((side, strong)) => count[side][strong] += 1,
            None => free += 1,
        }
    }
    // Preferences left unmet, (strong, mild).
    let unmet = |count: [[i64; 2]; 2], free: i64| -> (i64, i64) {
        let rows = [count[0][0] + count[0][1], count[1][0] + count[1][1]];
        let long = usize::from(rows[1] > rows[0]);
        let across = rows[1 - long] + free;
        let strong = (count[long][1] - across).max(0);
        let mild = (rows[long] - across).max(0) - strong;
        let mixed = strong.min(mild);
        ((strong - mixed) / 2, mixed + (mild - mixed) / 2)
    };
    let without = |k: usize| {
        let (mut c, mut f) = (count, free);
        match kind(players[k]) {
            Some((side, strong)) => c[side][strong] -= 1,
            None => f -= 1,
        }
        unmet(c, f)
    };
    seat.candidate
        .iter()
        .enumerate()
        .filter_map(|(k, c)| c.filter(|c| c.0 == 0).map(|c| (without(k), c.1, k)))
        .min()
        .map(|(_, _, k)| k)
}

/// About how many players near the bottom [`likeliest`] pairs to guess the bye.
const NEAR_BOTTOM: usize = 25;

/// The held-out candidate `g` of `problem` (the others): his costs against the others'
/// sequences, with the largest positional costs (see [`Held`]).
fn held(g: &PlayerState, class_rank: (u32, u32), problem: &Problem) -> Held {
    let size = problem.place.iter().map(|p| p.size).max().unwrap_or(0);
    let positional = (
        (2 * size).min(CAP as usize) as u32,
        size.saturating_mul(size).min(CAP as usize) as u32,
    );
    // His level among the others': a level of his own when he is alone on his score (he is
    // then the only candidate of his class, and only the order of his pairs' score fields
    // matters).
    let others = levels(&problem.players);
    let level = others
        .iter()
        .position(|s| *s == g.score)
        .unwrap_or_else(|| others.iter().filter(|s| **s > g.score).count());
    let place = Placement {
        level,
        idx: 0,
        size: size.max(1),
        row: row_of(g),
        row_idx: 0,
        window_key: 0,
    };
    let pairs = problem
        .players
        .iter()
        .zip(&problem.place)
        .map(|(p, pl)| {
            let (mut c, _) = problem.scorer.pair((g, &place), (p, pl)).ok()?;
            (c.rest[FLOATPOS], c.rest[POS]) = positional;
            Some(c)
        })
        .collect();
    Held {
        level,
        pairs,
        own: Seat::cost(class_rank),
        positional,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{EntrantId, Points, Side};
    use crate::pairing::xiangqi::colour::ColourContext;
    use crate::pairing::xiangqi::{XiangqiSwissOptions, pair_players};

    fn p(n: u32, score: i32, byes: u32) -> PlayerState {
        PlayerState {
            id: EntrantId(i64::from(n)),
            number: n,
            unit: String::new(),
            score: Points::whole(score),
            colours: vec![],
            met: Default::default(),
            prohibited: Default::default(),
            byes,
            floats: vec![],
            forfeit_rounds: vec![],
            summary: Default::default(),
        }
    }

    #[test]
    fn lowest_score_never_had_a_bye_highest_number_first() {
        let ps = [p(1, 0, 1), p(2, 0, 0), p(3, 2, 0), p(4, 0, 0), p(5, 1, 0)];
        let refs: Vec<&PlayerState> = ps.iter().collect();
        let order: Vec<u32> = candidates(&refs, ByePolicy::LowestNeverHadBye)
            .iter()
            .map(|p| p.number)
            .collect();
        // 1 had a bye: never a candidate. Lowest score 0: 4 then 2; then 5 (1 pt), 3 (2 pts).
        assert_eq!(order, vec![4, 2, 5, 3]);
        let order: Vec<u32> = candidates(&refs, ByePolicy::LowestFewestByes)
            .iter()
            .map(|p| p.number)
            .collect();
        assert_eq!(order, vec![4, 2, 1, 5, 3]);
    }

    /// `a` and `b` have met.
    fn met(ps: &mut [PlayerState], a: u32, b: u32) {
        let (ia, ib) = (EntrantId(i64::from(a)), EntrantId(i64::from(b)));
        for q in ps.iter_mut() {
            if q.id == ia {
                q.met.insert(ib);
            }
            if q.id == ib {
                q.met.insert(ia);
            }
        }
    }

    /// The bye holder, the pairs and the bye's explanation (passed over, instead of), all by
    /// number.
    type Paired = (u32, Vec<(u32, u32)>, Vec<u32>, Option<u32>);

    /// [`Paired`] of round `round` of 7 (pairs smaller number first, sorted).
    fn pair(ps: &[PlayerState], round: u32) -> Paired {
        let options = XiangqiSwissOptions::default();
        let scorer = Scorer {
            options: &options,
            ctx: ColourContext {
                round,
                total_rounds: 7,
                leader_gap: Points::whole(1),
            },
        };
        let refs: Vec<&PlayerState> = ps.iter().collect();
        let (bye, choice, problem, pairs) = pair_players(&refs, &options, scorer).unwrap();
        let mut pairs: Vec<(u32, u32)> = pairs
            .iter()
            .map(|&(a, b)| {
                let (x, y) = (problem.players[a].number, problem.players[b].number);
                (x.min(y), x.max(y))
            })
            .collect();
        pairs.sort();
        let number = |id: EntrantId| id.0 as u32;
        (
            bye.unwrap().number,
            pairs,
            choice.passed_over.into_iter().map(number).collect(),
            choice.instead_of.map(number),
        )
    }

    /// rules.md §1.4.3, the Q1 note: five players scored 5, 4, 3, 3, 0; the 0 (5) had the bye
    /// already; the 3 numbered 3 has met the 0. A bye for the higher-numbered 3 (4) leaves
    /// 1, 2, 3, 5: 1–2 and 3–5 is barred, so 5 v 3 and 4 v 0 (or 5 v 0 and 4 v 3) — a pair
    /// across the boundary 5|4, two across 4|3, one across 3|0. A bye for 3 leaves 1–2 (one
    /// across 5|4) and 4–5 (one across 3|0): nothing across 4|3, better on Q2, so 3 has it
    /// although 4 has the higher number.
    #[test]
    fn the_bye_goes_to_the_player_whose_absence_lets_the_others_pair_best() {
        let mut ps = vec![p(1, 5, 0), p(2, 4, 0), p(3, 3, 0), p(4, 3, 0), p(5, 0, 1)];
        met(&mut ps, 3, 5);
        assert_eq!(pair(&ps, 4), (3, vec![(1, 2), (4, 5)], vec![], Some(4)));
        // The mirror: the 3 numbered 4 has met the 0, so 4 has the bye (and is the highest
        // number of his group anyway).
        let mut ps = vec![p(1, 5, 0), p(2, 4, 0), p(3, 3, 0), p(4, 3, 0), p(5, 0, 1)];
        met(&mut ps, 4, 5);
        assert_eq!(pair(&ps, 4), (4, vec![(1, 2), (3, 5)], vec![], None));
    }

    /// When the others pair equally well whoever of the group has the bye, the highest number
    /// takes it (Q1's last tie-break).
    #[test]
    fn equal_pairings_leave_the_bye_to_the_highest_number() {
        let ps = vec![p(1, 5, 0), p(2, 4, 0), p(3, 3, 0), p(4, 3, 0), p(5, 0, 1)];
        assert_eq!(pair(&ps, 4), (4, vec![(1, 2), (3, 5)], vec![], None));
    }

    /// Q4 chooses the player: five players on one score, 1–3 due red (they had black), 4 and 5
    /// due black. A bye for 5 leaves three due red against one due black: one pair of two
    /// who want red, one preference unmet. A bye for any of 1–3 leaves two against two, every
    /// preference met; of those 3 has the highest number. Round 3 (odd): colour rows in number
    /// order, so 1 v 4 and 2 v 5.
    #[test]
    fn colour_preferences_choose_the_player_before_the_number() {
        let mut ps: Vec<PlayerState> = (1..=5).map(|n| p(n, 2, 0)).collect();
        for q in &mut ps {
            q.colours = vec![if q.number <= 3 {
                Side::Black
            } else {
                Side::Red
            }];
        }
        assert_eq!(pair(&ps, 3), (3, vec![(1, 4), (2, 5)], vec![], Some(5)));
    }

    /// A bye that leaves the others unpairable is no choice: 1 (2 points) has met 2, 3 and 4,
    /// so only 5 can play him, and 5's bye — the highest number of the lowest group — would
    /// strand him; 4 has it.
    #[test]
    fn a_bye_that_strands_the_others_passes_to_the_next_player_or_group() {
        let mut ps = vec![p(1, 2, 0), p(2, 2, 0), p(3, 1, 0), p(4, 0, 0), p(5, 0, 0)];
        for (a, b) in [(1, 2), (1, 3), (1, 4)] {
            met(&mut ps, a, b);
        }
        assert_eq!(pair(&ps, 4), (4, vec![(1, 5), (2, 3)], vec![], Some(5)));
        // When neither 0 works (1 can play only 4, 2 only 5), the bye goes up a group, to 3
        // (1 point), and both 0s are passed over, in the order they were due it.
        let mut ps = vec![p(1, 2, 0), p(2, 2, 0), p(3, 1, 0), p(4, 0, 0), p(5, 0, 0)];
        for (a, b) in [(1, 2), (1, 3), (1, 5), (2, 3), (2, 4)] {
            met(&mut ps, a, b);
        }
        assert_eq!(pair(&ps, 4), (3, vec![(1, 4), (2, 5)], vec![5, 4], None));
    }
}
