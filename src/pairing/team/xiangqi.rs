//! 团体积分编排 — the team Swiss of Chinese xiangqi team events (团体赛积分编排制). The rule as
//! Bianpai applies it, written down before it was coded, with its sources:
//!
//! **Sources.** [XQ2011] 13.2 (rules.md §1.2, §1.8): a match is scored twice, 场分 (the team's
//! score, "团体分": win 2, draw 1, loss 0, or the section's 场分制) and 局分 (the sum of the
//! boards); ranking goes by 场分, then 局分. [XQ-OLD] 13.3 (rules.md §1.5): in a team Swiss the
//! team that "先走" has red on the odd boards and black on the even ones. [XQ-APPX] (rules.md
//! §1.4.0), the rule book's Swiss appendix, is written for players *and teams* ("参赛者（队）宜
//! 为双数"; round 1 orders teams by their average rating): same score first (同分者编对), then
//! the nearest score (近分者编对), no rematch (相遇过的对手不再编对), colours balanced after
//! score. The seeds (../shared/seeds/000, 001) give the round-1 pattern 1-2, 4-3 … with the
//! first-named moving first, and 同队回避 for players of one unit. Everything else is the
//! individual xiangqi Swiss (rules.md §1.4.2–1.4.3, `pairing::xiangqi`), which this module runs
//! with a team in each player's place rather than a second engine.
//!
//! **The rule.**
//!
//! - T1 *Who.* Every team of the section not marked absent is paired; an absent team has
//!   neither a match nor a bye.
//! - T2 *Score groups.* A team's score is its 场分 over the rounds played (a bye counts what the
//!   event gives it, [`TeamEvent::bye_points`]). A score group is the teams of equal 场分.
//!   局分 does not split a group, it orders it (T3). Chosen, no source says it outright: 13.2
//!   makes 场分 the team's score and 局分 its second criterion, and with four boards 局分 takes
//!   up to nine values a match, so groups split by it would hold one or two teams and 同分相遇
//!   would become pairing down the standings.
//! - T3 *The team's place.* Teams are ordered by 场分, then 局分 (both descending), then the
//!   initial order (pairing number, ascending); a team's place in that order is what its
//!   number is to a player in the individual rules: it orders a score group before the
//!   positional rule reads it, gives a team without colours its row (odd places due 先走),
//!   settles the colours of two teams of identical history (odd round: the better place moves
//!   first) and ranks the bye candidates (the worst place first).
//! - T4 *Absolute rules*, as the section's xiangqi options say for players: A1 no rematch (a
//!   match forfeited as a whole counts as met when forfeits do); A2 no second team bye — under
//!   every bye policy (chosen: a team bye is a whole match won without play, and the brief of
//!   issue 42 says never twice); A3 teams of one unit (a club's 一队 and 二队) are kept apart
//!   in the rounds the same-unit setting names; A4 the 先走 limits, 禁连三 and 禁多三, on the
//!   team's 先走/后走 sequence.
//! - T5 *先走.* A team's colour in a match is 先走 (red on board 1 and every odd board) or 后走;
//!   its sequence over the matches played is its colour history (a match forfeited as a whole
//!   and a bye leave none, as a forfeit and a bye leave no colour to a player, rules.md
//!   §1.6.5). 先走 is balanced exactly as red is for players: strong preference from an
//!   imbalance, mild from alternation, the allocation of [PHP-BP] (rules.md §1.4.2) with its
//!   后三轮 rule, the leader being the team with more 场分 by at least one drawn match's value.
//! - T6 *Quality.* Among the pairings that keep T4, the best under the order Q1–Q6 of rules.md
//!   §1.4.3 with 场分 for the score and the place for the number: the bye to the lowest score
//!   group that lets the others pair; fewest and lowest floaters, nearest scores; 先走
//!   preferences; float balance (a team floats down when it meets a team of fewer 场分 or has
//!   the bye); the worst-placed candidate for the bye; the section's positional rule. The
//!   individual engine's optimiser finds it exactly (`pairing::xiangqi::pair_players`).
//! - T7 *Round 1*: the section's first-round pattern over the teams present in pairing-number
//!   order — 1-2, 4-3, 5-6 … with the first-named moving first and the last number's bye (the
//!   seeds), or [XQ-APPX] 三(一): teams by rating (the team's rating: the mean of its top
//!   boards) in halves paired by lot, 先走 by lot — then 同队回避 by the swap procedure of
//!   rules.md §1.4.3 when the options avoid units in round 1.
//! - T8 *Table order* (rules.md §1.4.2 “Table order”): the higher 场分 of the match
//!   (descending), the lower 场分 (descending), then the better place of the two; the bye
//!   after the last match.

use super::{PairedMatch, PairingTeam, TeamPairing, TeamPairingError, TeamPairingInput};
use crate::model::{
    ByeKind, ByePolicy, EntrantId, FirstRoundPattern, MatchForfeit, Points, Side, TeamEvent,
    TeamNo, XiangqiSwissOptions,
};
use crate::pairing::matching::{Graph, Options, max_weight_matching};
use crate::pairing::round_one::{avoid_same_unit, pattern_tables};
use crate::pairing::xiangqi::boards::{BoardKey, board_order};
use crate::pairing::xiangqi::colour::ColourContext;
use crate::pairing::xiangqi::pair_players;
use crate::pairing::xiangqi::round1::rating_halves;
use crate::pairing::xiangqi::state::{Float, PlayerState};
use crate::pairing::xiangqi::weights::Scorer;
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// Pairs round `input.round` of a team section by the team Swiss of xiangqi team events (see
/// the module's rule). `Err` names the teams the absolute rules (T4) leave without a partner.
pub fn pair(input: &TeamPairingInput) -> Result<TeamPairing, TeamPairingError> {
    let options = team_options(&input.settings.xiangqi);
    let mut present: Vec<&PairingTeam> = input.teams.iter().filter(|t| !t.absent).collect();
    present.sort_by_key(|t| t.number);
    if input.round == 0 {
        return Err(TeamPairingError {
            round: 0,
            unpaired: present.iter().map(|t| t.number).collect(),
        });
    }
    if present.is_empty() {
        return Ok(TeamPairing::default());
    }
    let states = team_states(input, &present, &options);
    let refs: Vec<&PlayerState> = states.iter().collect();
    if input.round == 1 {
        return Ok(round_one(input, &refs, &options));
    }
    let scorer = Scorer {
        options: &options,
        ctx: colour_context(input),
    };
    let Some((bye, _, problem, pairs)) = pair_players(&refs, &options, scorer) else {
        return Err(unpaired(input.round, &refs, scorer));
    };
    let mut items = Vec::with_capacity(pairs.len());
    for &(a, b) in &pairs {
        let (pa, pb) = (problem.players[a], problem.players[b]);
        let Ok((_, alloc)) = problem.cost(a, b) else {
            return Err(unpaired(input.round, &refs, scorer));
        };
        let (first, second) = if alloc.first_red { (pa, pb) } else { (pb, pa) };
        let key = BoardKey {
            high: pa.score.max(pb.score),
            low: pa.score.min(pb.score),
            order: pa.number.min(pb.number) as usize,
        };
        items.push((
            key,
            PairedMatch {
                first: team_of(first.id),
                second: team_of(second.id),
            },
        ));
    }
    board_order(&mut items);
    Ok(TeamPairing {
        matches: items.into_iter().map(|(_, m)| m).collect(),
        bye: bye.map(|p| team_of(p.id)),
    })
}

/// The section's xiangqi options as the team Swiss reads them: all of them, but never a
/// second bye (T4 A2).
pub fn team_options(section: &XiangqiSwissOptions) -> XiangqiSwissOptions {
    XiangqiSwissOptions {
        bye_policy: ByePolicy::LowestNeverHadBye,
        ..section.clone()
    }
}

/// The colour context of the round: the rounds planned, and one drawn match's 场分 as the
/// leader's gap of the last three rounds (T5).
fn colour_context(input: &TeamPairingInput) -> ColourContext {
    let mp = input.event.match_points;
    ColourContext {
        round: input.round,
        total_rounds: if input.event.rounds > 0 {
            input.event.rounds
        } else {
            input.settings.rounds
        },
        leader_gap: if mp.draw.0 > 0 { mp.draw } else { Points(1) },
    }
}

/// The entrant id standing for team `n` inside the individual engine.
fn id_of(n: TeamNo) -> EntrantId {
    EntrantId(i64::from(n))
}

fn team_of(id: EntrantId) -> TeamNo {
    id.0 as TeamNo
}

/// What the rounds before `before` say of one team (T2, T4, T5).
#[derive(Clone, Debug, Default)]
pub struct TeamRecord {
    /// 场分.
    pub match_points: Points,
    /// 局分.
    pub game_points: Points,
    /// 先走 (`Red`) or 后走 (`Black`) of each match played, in round order.
    pub colours: Vec<Side>,
    /// Teams met (a match forfeited as a whole included when `forfeit_counts_as_met`).
    pub met: BTreeSet<TeamNo>,
    /// Pairing-allocated byes.
    pub byes: u32,
    /// The float of each round with an opponent or a pairing bye.
    pub floats: Vec<Float>,
    /// Rounds the team lost by forfeit as a whole.
    pub forfeit_rounds: Vec<u32>,
}

/// The record of every team named in `event`'s rounds before `before` (rounds ascending).
pub fn records_before(
    event: &TeamEvent,
    before: u32,
    forfeit_counts_as_met: bool,
) -> HashMap<TeamNo, TeamRecord> {
    let mut out: HashMap<TeamNo, TeamRecord> = HashMap::new();
    let mut rounds: Vec<u32> = event
        .matches
        .iter()
        .map(|m| m.round)
        .chain(event.byes.iter().map(|b| b.round))
        .filter(|&r| r < before)
        .collect();
    rounds.sort_unstable();
    rounds.dedup();
    for r in rounds {
        let score = |out: &HashMap<TeamNo, TeamRecord>, t| {
            out.get(&t).map_or(Points::ZERO, |x| x.match_points)
        };
        let before: HashMap<TeamNo, Points> = event
            .matches
            .iter()
            .filter(|m| m.round == r)
            .flat_map(|m| [m.first, m.second])
            .map(|t| (t, score(&out, t)))
            .collect();
        for m in event.matches.iter().filter(|m| m.round == r) {
            let (ga, gb) = m.game_points(event.boards);
            let (ma, mb) = m.match_points(&event.match_points, event.boards);
            let first_moves = m.first_colour == Side::Red;
            for (me, other, gp, mp, first) in [
                (m.first, m.second, ga, ma, true),
                (m.second, m.first, gb, mb, false),
            ] {
                let rec = out.entry(me).or_default();
                rec.match_points += mp;
                rec.game_points += gp;
                if m.forfeit.is_none() {
                    rec.colours.push(if first == first_moves {
                        Side::Red
                    } else {
                        Side::Black
                    });
                }
                if m.forfeit.is_none() || forfeit_counts_as_met {
                    rec.met.insert(other);
                }
                let lost_by_forfeit = match m.forfeit {
                    Some(MatchForfeit::Both) => true,
                    Some(MatchForfeit::FirstWins) => !first,
                    Some(MatchForfeit::SecondWins) => first,
                    None => false,
                };
                if lost_by_forfeit {
                    rec.forfeit_rounds.push(r);
                }
                rec.floats.push(match before[&me].cmp(&before[&other]) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                });
            }
        }
        for b in event.byes.iter().filter(|b| b.round == r) {
            let (mp, gp) = event.bye_points(b.kind);
            let rec = out.entry(b.team).or_default();
            rec.match_points += mp;
            rec.game_points += gp;
            if b.kind == ByeKind::Pairing {
                rec.byes += 1;
                rec.floats.push(Float::Down);
            }
        }
    }
    out
}

/// The teams present as the individual engine's players (T3: the place stands for the number),
/// in pairing-number order.
fn team_states(
    input: &TeamPairingInput,
    present: &[&PairingTeam],
    options: &XiangqiSwissOptions,
) -> Vec<PlayerState> {
    let records = records_before(input.event, input.round, options.forfeit_counts_as_met);
    let empty = TeamRecord::default();
    let rec = |t: &PairingTeam| records.get(&t.number).unwrap_or(&empty);
    let mut by_place: Vec<&PairingTeam> = present.to_vec();
    by_place.sort_by(|a, b| {
        let (ra, rb) = (rec(a), rec(b));
        rb.match_points
            .cmp(&ra.match_points)
            .then(rb.game_points.cmp(&ra.game_points))
            .then(a.number.cmp(&b.number))
    });
    let place: HashMap<TeamNo, u32> = by_place
        .iter()
        .enumerate()
        .map(|(k, t)| (t.number, k as u32 + 1))
        .collect();
    present
        .iter()
        .map(|t| {
            let r = rec(t);
            PlayerState {
                id: id_of(t.number),
                number: place[&t.number],
                unit: t.unit.trim().to_string(),
                score: r.match_points,
                colours: r.colours.clone(),
                met: r.met.iter().map(|&n| id_of(n)).collect(),
                prohibited: BTreeSet::new(),
                byes: r.byes,
                floats: r.floats.clone(),
                forfeit_rounds: r.forfeit_rounds.clone(),
                summary: OnceLock::new(),
            }
        })
        .collect()
}

/// Round 1 (T7). `teams` are in pairing-number order, and with no round played their places
/// are that order too.
fn round_one(
    input: &TeamPairingInput,
    teams: &[&PlayerState],
    options: &XiangqiSwissOptions,
) -> TeamPairing {
    let ids: Vec<EntrantId> = teams.iter().map(|p| p.id).collect();
    let (mut tables, bye) = match input.settings.first_round {
        FirstRoundPattern::AdjacentAlternating => pattern_tables(&ids),
        FirstRoundPattern::RatingHalves => {
            let rating: HashMap<EntrantId, i32> = input
                .teams
                .iter()
                .filter_map(|t| {
                    t.rating
                        .map(|r| (id_of(t.number), r.min(i32::MAX as u32) as i32))
                })
                .collect();
            rating_halves(teams, &rating, input.seed)
        }
    };
    if options.avoids_units_in(1) {
        let unit: HashMap<EntrantId, String> =
            teams.iter().map(|p| (p.id, p.unit.clone())).collect();
        avoid_same_unit(&mut tables, |id| unit.get(&id).cloned().unwrap_or_default());
    }
    TeamPairing {
        matches: tables
            .iter()
            .map(|&(a, b)| PairedMatch {
                first: team_of(a),
                second: team_of(b),
            })
            .collect(),
        bye: bye.map(team_of),
    }
}

/// The teams left without a partner when no pairing keeps the absolute rules: those a largest
/// set of allowed matches leaves out (in an odd field, more than the one bye, or the one who
/// may not take it).
fn unpaired(round: u32, teams: &[&PlayerState], scorer: Scorer) -> TeamPairingError {
    let n = teams.len();
    let mut graph: Graph<i64> = Graph::new(n);
    for a in 0..n {
        for b in a + 1..n {
            if scorer.barrier(teams[a], teams[b]).is_none() {
                // Every allowed match weighs the same: only the number of matches counts.
                let _ = graph.add_edge(a, b, 1);
            }
        }
    }
    let mate = max_weight_matching(
        &graph,
        Options {
            max_cardinality: true,
        },
    )
    .unwrap_or_else(|_| vec![None; n]);
    let mut left: Vec<TeamNo> = (0..n)
        .filter(|&k| mate[k].is_none())
        .map(|k| team_of(teams[k].id))
        .collect();
    if left.is_empty() {
        left = teams.iter().map(|p| team_of(p.id)).collect();
    }
    left.sort_unstable();
    TeamPairingError {
        round,
        unpaired: left,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{BoardGame, TeamBye, TeamMatch};

    fn boards(first: [i32; 4], first_colour: Side) -> Vec<BoardGame> {
        (0..4)
            .map(|k| BoardGame {
                board: k as u32 + 1,
                first_colour: if k % 2 == 0 {
                    first_colour
                } else {
                    first_colour.other()
                },
                first: Points(first[k]),
                second: Points(2 - first[k]),
                forfeit: false,
            })
            .collect()
    }

    #[test]
    fn a_record_reads_first_move_forfeits_byes_and_floats_from_the_matches() {
        // Round 1: 1 v 2 with 2 red on board 1 (so 2 moved first), 1 winning 3–1; 3 has the
        // bye (a draw's 场分, half the boards). Round 2: 3 v 1 forfeited, 1 winning.
        let mut e = TeamEvent::new(4, 7);
        e.matches = vec![
            TeamMatch {
                round: 1,
                first: 1,
                second: 2,
                first_colour: Side::Black,
                boards: boards([2, 2, 1, 1], Side::Black),
                forfeit: None,
            },
            TeamMatch {
                round: 2,
                first: 3,
                second: 1,
                first_colour: Side::Red,
                boards: Vec::new(),
                forfeit: Some(MatchForfeit::SecondWins),
            },
        ];
        e.byes = vec![TeamBye {
            round: 1,
            team: 3,
            kind: ByeKind::Pairing,
        }];
        let r = records_before(&e, 3, true);
        let one = &r[&1];
        assert_eq!(
            (one.match_points, one.game_points),
            (Points::whole(4), Points::whole(7))
        );
        assert_eq!(one.colours, vec![Side::Black]);
        assert_eq!(one.met, BTreeSet::from([2, 3]));
        // Round 1 at equal scores, round 2 against a team of fewer 场分 (2 v 1).
        assert_eq!(one.floats, vec![Float::None, Float::Down]);
        let two = &r[&2];
        assert_eq!(two.colours, vec![Side::Red]);
        assert_eq!(two.match_points, Points::ZERO);
        let three = &r[&3];
        assert_eq!(
            (three.match_points, three.game_points, three.byes),
            (Points::whole(1), Points::whole(2), 1)
        );
        assert!(three.colours.is_empty());
        assert_eq!(three.floats, vec![Float::Down, Float::Up]);
        assert_eq!(three.forfeit_rounds, vec![2]);
        // When forfeits do not count as met, the forfeited match is no rematch bar.
        let r = records_before(&e, 3, false);
        assert_eq!(r[&1].met, BTreeSet::from([2]));
        assert!(r[&3].met.is_empty());
        // Only rounds before the one asked for are read.
        assert_eq!(
            records_before(&e, 2, true)[&1].match_points,
            Points::whole(2)
        );
    }
}
