//! Issue 42: the team Swiss of xiangqi team events (`pairing::team::xiangqi`), over generated
//! team tournaments (`team_gen`) and the rule's worked examples.
//!
//! - Properties over tournaments of 6–16 teams on four boards with absent and withdrawn teams
//!   and forfeited matches: every team present is paired once or has the one bye, absent
//!   teams neither; no rematch; no second bye; a match's 局分 is the sum of its boards and its
//!   场分 follows from them (via `TeamEvent`); 先走 never three times running nor more than
//!   twice over 后走. A round the engine refuses is checked to have no pairing at all.
//! - Brute force on fields of at most 8 teams (9 with the bye): the rule T1–T6 of the module is
//!   the individual rule with 场分 for the score, 先走 for red and the place (场分, 局分,
//!   number) for the number; the team states are read here from the matches, independently of
//!   the engine, and handed to the individual brute force (`xiangqi_brute_force`), which tries
//!   every bye and every pairing and scores them by the criteria in order.
//!
//! `TEAM_BRUTE_CASES` and `TEAM_PROPERTY_CASES` set the numbers of tournaments.

use super::team_gen::{Generated, TeamGenConfig, play};
use super::xiangqi_brute_force::{Raw, Rules, brute, bye_classes, field};
use bianpai::model::{
    BoardGame, ByeKind, EntrantId, FirstRoundPattern, Lots, MatchForfeit, MatchPoints, Points,
    SectionSettings, Side, TeamBye, TeamEvent, TeamMatch, TeamNo, TeamSectionOptions,
    XiangqiSwissOptions, same_unit,
};
use bianpai::pairing::matching::{Graph, Options, max_weight_matching};
use bianpai::pairing::team::xiangqi::pair;
use bianpai::pairing::team::{PairedMatch, PairingTeam, TeamPairingInput};
use bianpai::pairing::xiangqi::{ByePolicy, PositionalRule};
use std::collections::{HashMap, HashSet};

fn id(n: TeamNo) -> EntrantId {
    EntrantId(i64::from(n))
}

/// 局分 of both sides, summed here from the boards (a forfeited match: every board to the
/// winner).
fn board_sums(m: &TeamMatch, boards: u32) -> (Points, Points) {
    let all = Points::whole(boards as i32);
    match m.forfeit {
        Some(MatchForfeit::FirstWins) => (all, Points::ZERO),
        Some(MatchForfeit::SecondWins) => (Points::ZERO, all),
        Some(MatchForfeit::Both) => (Points::ZERO, Points::ZERO),
        None => m
            .boards
            .iter()
            .fold((Points::ZERO, Points::ZERO), |(a, b), g| {
                (a + g.first, b + g.second)
            }),
    }
}

/// Every team's (场分, 局分) and its raw state before `round`, read from the matches.
fn raw_before(
    event: &TeamEvent,
    round: u32,
    options: &XiangqiSwissOptions,
) -> HashMap<TeamNo, (Raw, Points)> {
    let mut m: HashMap<TeamNo, (Raw, Points)> = event
        .teams
        .iter()
        .map(|t| (t.number, (Raw::default(), Points::ZERO)))
        .collect();
    let mp = event.match_points;
    for r in 1..round {
        let before: HashMap<TeamNo, Points> = m.iter().map(|(k, v)| (*k, v.0.score)).collect();
        for x in event.matches.iter().filter(|x| x.round == r) {
            let (ga, gb) = board_sums(x, event.boards);
            for (me, other, own, theirs, first) in [
                (x.first, x.second, ga, gb, true),
                (x.second, x.first, gb, ga, false),
            ] {
                let (p, gp) = m.get_mut(&me).unwrap();
                p.score += if x.forfeit == Some(MatchForfeit::Both) || own < theirs {
                    mp.loss
                } else if own > theirs {
                    mp.win
                } else {
                    mp.draw
                };
                *gp += own;
                if x.forfeit.is_none() {
                    let first_moves = x.first_colour == Side::Red;
                    p.colours.push(if first == first_moves {
                        Side::Red
                    } else {
                        Side::Black
                    });
                }
                if x.forfeit.is_none() || options.forfeit_counts_as_met {
                    p.met.insert(id(other));
                }
                p.floats.push(match before[&me].cmp(&before[&other]) {
                    std::cmp::Ordering::Greater => -1,
                    std::cmp::Ordering::Less => 1,
                    std::cmp::Ordering::Equal => 0,
                });
            }
        }
        for b in event.byes.iter().filter(|b| b.round == r) {
            let (p, gp) = m.get_mut(&b.team).unwrap();
            let (bm, bg) = match b.kind {
                ByeKind::Pairing => (event.pairing_bye_mp, event.pairing_bye_gp),
                ByeKind::Zero => (mp.loss, Points::ZERO),
                ByeKind::Full => (mp.win, Points::whole(event.boards as i32)),
                ByeKind::Half => (mp.draw, Points(event.boards as i32)),
            };
            p.score += bm;
            *gp += bg;
            if b.kind == ByeKind::Pairing {
                p.byes += 1;
                p.floats.push(-1);
            }
        }
    }
    m
}

/// The raw states of the teams present in `round`, with the place (场分, 局分, number) as the
/// number, and the teams of one unit as met when the round keeps units apart.
fn present_raw(
    event: &TeamEvent,
    round: u32,
    teams: &[PairingTeam],
    options: &XiangqiSwissOptions,
) -> (HashMap<EntrantId, Raw>, Vec<EntrantId>) {
    let all = raw_before(event, round, options);
    let mut present: Vec<&PairingTeam> = teams.iter().filter(|t| !t.absent).collect();
    present.sort_by(|a, b| {
        let (x, y) = (&all[&a.number], &all[&b.number]);
        y.0.score
            .cmp(&x.0.score)
            .then(y.1.cmp(&x.1))
            .then(a.number.cmp(&b.number))
    });
    let mut raw = HashMap::new();
    for (k, t) in present.iter().enumerate() {
        let mut r = all[&t.number].0.clone();
        r.number = k as u32 + 1;
        if options.avoids_units_in(round) {
            for o in &present {
                if o.number != t.number && same_unit(&o.unit, &t.unit) {
                    r.met.insert(id(o.number));
                }
            }
        }
        raw.insert(id(t.number), r);
    }
    let mut ids: Vec<EntrantId> = present.iter().map(|t| id(t.number)).collect();
    ids.sort();
    (raw, ids)
}

fn rules<'a>(g: &Generated, round: u32, options: &'a XiangqiSwissOptions) -> Rules<'a> {
    Rules {
        options,
        round,
        total_rounds: g.event.rounds,
        leader_gap: g.event.match_points.draw,
    }
}

/// The rule's options: the section's, never a second bye.
fn team_rule_options(o: &XiangqiSwissOptions) -> XiangqiSwissOptions {
    XiangqiSwissOptions {
        bye_policy: ByePolicy::LowestNeverHadBye,
        ..o.clone()
    }
}

/// Can `ids` be paired at all (one bye to a team that never had one, when odd)?
fn pairable(rules: &Rules, raw: &HashMap<EntrantId, Raw>, ids: &[EntrantId]) -> bool {
    let perfect = |ids: &[EntrantId]| {
        let n = ids.len();
        let mut graph: Graph<i64> = Graph::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if rules.may_meet(&raw[&ids[a]], ids[a], &raw[&ids[b]], ids[b]) {
                    graph.add_edge(a, b, 1).unwrap();
                }
            }
        }
        let mate = max_weight_matching(
            &graph,
            Options {
                max_cardinality: true,
            },
        )
        .unwrap();
        mate.iter().all(Option::is_some)
    };
    if ids.len().is_multiple_of(2) {
        return perfect(ids);
    }
    ids.iter().filter(|i| raw[i].byes == 0).any(|h| {
        let rest: Vec<EntrantId> = ids.iter().copied().filter(|i| i != h).collect();
        perfect(&rest)
    })
}

/// The engine's round `round` of `g` against the brute force of the rule.
fn check_against_brute(g: &Generated, round: u32, options: &XiangqiSwissOptions) {
    let options = team_rule_options(options);
    let rules = rules(g, round, &options);
    let teams = &g.teams[round as usize - 1];
    let pairing = &g.pairings[round as usize - 1];
    let (raw, all) = present_raw(&g.event, round, teams, &options);
    let best = brute(&rules, &raw, &all).expect("the engine paired the round");
    let ids: Vec<EntrantId> = pairing
        .matches
        .iter()
        .flat_map(|m| [id(m.first), id(m.second)])
        .collect();
    let f = field(&rules, &raw, &ids);
    let pairs: Vec<(usize, usize)> = (0..ids.len()).step_by(2).map(|k| (k, k + 1)).collect();
    for &(a, b) in &pairs {
        assert!(f.ok[a][b], "round {round}: an absolute rule broken");
    }
    let firsts = vec![true; pairs.len()];
    let bye = pairing.bye.map(|h| {
        *bye_classes(&raw, &all, options.bye_policy)
            .get(&id(h))
            .expect("the holder may take the bye")
    });
    let engine = f.vector(&rules, bye, &pairs, Some(&firsts));
    assert_eq!(
        engine, best,
        "round {round}: the engine's criterion vector is not the best (bye {:?})",
        pairing.bye
    );
}

fn random_config(k: u64, teams: (u64, u64), rounds: (u64, u64)) -> TeamGenConfig {
    let mut lots = Lots::new(0x7EA4 ^ (k << 12));
    let n = (teams.0 + lots.below(teams.1 - teams.0 + 1)) as u32;
    // A Swiss of n teams plays at most about n/2 + 1 rounds: beyond, the rematch ban alone
    // leaves many rounds without any pairing.
    let r = ((rounds.0 + lots.below(rounds.1 - rounds.0 + 1)) as u32).min(n / 2 + 1);
    let mut cfg = TeamGenConfig::new(n, r);
    cfg.units = [0, 3, 5][lots.below(3) as usize];
    cfg.absent_permille = [0, 30, 80][lots.below(3) as usize];
    cfg.withdraw_permille = [0, 20][lots.below(2) as usize];
    cfg.forfeit_permille = [0, 40][lots.below(2) as usize];
    cfg.match_points = if lots.below(3) == 0 {
        MatchPoints::THREE_ONE_ZERO
    } else {
        MatchPoints::TWO_ONE_ZERO
    };
    cfg.first_round = if lots.below(4) == 0 {
        FirstRoundPattern::RatingHalves
    } else {
        FirstRoundPattern::AdjacentAlternating
    };
    let to = [0, 1, r][lots.below(3) as usize];
    cfg.options = XiangqiSwissOptions {
        positional: [
            PositionalRule::ColourRows,
            PositionalRule::Adjacent,
            PositionalRule::TopHalfBottomHalf,
        ][lots.below(3) as usize],
        forfeit_counts_as_met: lots.below(5) != 0,
        same_unit_from: 1,
        same_unit_to: to,
        bye_policy: if lots.below(3) == 0 {
            ByePolicy::LowestFewestByes
        } else {
            ByePolicy::LowestNeverHadBye
        },
        last_three_rounds_leader: lots.below(4) != 0,
        float_balance: lots.below(4) != 0,
        no_three_in_a_row: lots.below(6) != 0,
        max_colour_difference_two: lots.below(6) != 0,
        ..XiangqiSwissOptions::default()
    };
    cfg
}

fn cases(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The properties of one generated tournament.
fn check_properties(cfg: &TeamGenConfig, g: &Generated) {
    let options = team_rule_options(&cfg.options);
    let mut met: HashSet<(TeamNo, TeamNo)> = HashSet::new();
    let mut byes: HashMap<TeamNo, u32> = HashMap::new();
    let mut firsts: HashMap<TeamNo, Vec<bool>> = HashMap::new();
    for (k, p) in g.pairings.iter().enumerate() {
        let round = k as u32 + 1;
        let teams = &g.teams[k];
        let present: HashSet<TeamNo> = teams
            .iter()
            .filter(|t| !t.absent)
            .map(|t| t.number)
            .collect();
        let mut seen: Vec<TeamNo> = p.matches.iter().flat_map(|m| [m.first, m.second]).collect();
        seen.extend(p.bye);
        let unique: HashSet<TeamNo> = seen.iter().copied().collect();
        assert_eq!(unique.len(), seen.len(), "round {round}: a team twice");
        assert_eq!(
            unique, present,
            "round {round}: not every team present is paired"
        );
        assert_eq!(
            p.bye.is_some(),
            present.len() % 2 == 1,
            "round {round}: the bye"
        );
        for m in &p.matches {
            let key = (m.first.min(m.second), m.first.max(m.second));
            assert!(!met.contains(&key), "round {round}: rematch {key:?}");
            if round > 1
                && options.avoids_units_in(round)
                && let (Some(a), Some(b)) = (
                    teams.iter().find(|t| t.number == m.first),
                    teams.iter().find(|t| t.number == m.second),
                )
            {
                assert!(!same_unit(&a.unit, &b.unit), "round {round}: one unit");
            }
        }
        if let Some(b) = p.bye {
            let n = byes.entry(b).or_default();
            *n += 1;
            assert_eq!(*n, 1, "round {round}: a second bye for {b}");
        }
        for x in g.event.matches.iter().filter(|x| x.round == round) {
            let key = (x.first.min(x.second), x.first.max(x.second));
            if x.forfeit.is_none() || options.forfeit_counts_as_met {
                met.insert(key);
            }
            if x.forfeit.is_none() {
                firsts.entry(x.first).or_default().push(true);
                firsts.entry(x.second).or_default().push(false);
            }
            // 局分 is the sum of the boards, 场分 follows from the two sums.
            let sums = board_sums(x, g.event.boards);
            assert_eq!(x.game_points(g.event.boards), sums);
            if x.forfeit.is_none() {
                let by_hand: Points = x.boards.iter().map(|b| b.first).sum();
                assert_eq!(sums.0, by_hand);
            }
            let (ma, mb) = x.match_points(&g.event.match_points, g.event.boards);
            let mp = g.event.match_points;
            let expect = |own: Points, theirs: Points| {
                if x.forfeit == Some(MatchForfeit::Both) || own < theirs {
                    mp.loss
                } else if own > theirs {
                    mp.win
                } else {
                    mp.draw
                }
            };
            assert_eq!((ma, mb), (expect(sums.0, sums.1), expect(sums.1, sums.0)));
        }
    }
    for (team, seq) in &firsts {
        let mut run = 0;
        let mut diff = 0i32;
        for (k, &f) in seq.iter().enumerate() {
            run = if k > 0 && seq[k - 1] == f { run + 1 } else { 1 };
            diff += if f { 1 } else { -1 };
            // Round 1 follows the pattern, the limits hold from round 2 on.
            if options.no_three_in_a_row {
                assert!(run <= 2, "team {team}: 先走 three times running: {seq:?}");
            }
            if options.max_colour_difference_two {
                assert!(diff.abs() <= 2, "team {team}: 先走 imbalance: {seq:?}");
            }
        }
    }
}

#[test]
fn generated_team_tournaments_keep_every_absolute_rule() {
    let n = cases("TEAM_PROPERTY_CASES", 400);
    let (mut rounds, mut stopped, mut with_bye) = (0, 0, 0);
    for k in 0..n {
        let cfg = random_config(k, (6, 16), (5, 9));
        let g = play(&cfg, 4200 + k, pair);
        check_properties(&cfg, &g);
        rounds += g.pairings.len();
        with_bye += g.pairings.iter().filter(|p| p.bye.is_some()).count();
        if let Some(e) = &g.stopped {
            stopped += 1;
            assert!(!e.unpaired.is_empty(), "case {k}: an error names no team");
            let options = team_rule_options(&cfg.options);
            let round = e.round;
            let (raw, ids) = present_raw(&g.event, round, &g.stopped_teams, &options);
            assert!(
                !pairable(&rules(&g, round, &options), &raw, &ids),
                "case {k}: round {round} refused, but a pairing exists"
            );
        }
    }
    eprintln!("{n} team tournaments: {rounds} rounds ({with_bye} with a bye), {stopped} stopped");
    assert!(rounds > 5 * n as usize && with_bye > rounds / 10);
    assert!(stopped * 5 <= n, "too many tournaments stopped: {stopped}");
}

#[test]
fn every_small_round_reaches_the_brute_force_optimum() {
    let n = cases("TEAM_BRUTE_CASES", 600);
    let (mut rounds, mut with_bye) = (0, 0);
    for k in 0..n {
        let cfg = random_config(k, (6, 9), (5, 8));
        let g = play(&cfg, 9100 + k, pair);
        for round in 2..=g.pairings.len() as u32 {
            let check = std::panic::catch_unwind(|| check_against_brute(&g, round, &cfg.options));
            if let Err(e) = check {
                eprintln!("case {k} ({cfg:?})");
                std::panic::resume_unwind(e);
            }
            rounds += 1;
            with_bye += usize::from(g.pairings[round as usize - 1].bye.is_some());
        }
    }
    eprintln!("{n} small team tournaments: {rounds} rounds from round 2 ({with_bye} with a bye)");
    assert!(rounds > 3 * n as usize && with_bye > rounds / 10);
}

// ---- worked examples (the rule of `pairing::team::xiangqi`, worked by hand) ----

/// A board of a match: the first-named team's and the other's points, in half-points.
fn board(b: u32, first: i32, second: i32) -> BoardGame {
    BoardGame {
        board: b,
        first_colour: if b % 2 == 1 { Side::Red } else { Side::Black },
        first: Points(first),
        second: Points(second),
        forfeit: false,
    }
}

/// A played match of four boards, the first-named 先走, with the first-named team's board
/// points `first` (0, 1 = ½, 2 = 1 each).
fn played(round: u32, a: TeamNo, b: TeamNo, first: [i32; 4]) -> TeamMatch {
    TeamMatch {
        round,
        first: a,
        second: b,
        first_colour: Side::Red,
        boards: (0..4)
            .map(|k| board(k as u32 + 1, first[k], 2 - first[k]))
            .collect(),
        forfeit: None,
    }
}

fn event(teams: u32, rounds: u32) -> TeamEvent {
    let mut e = TeamEvent::new(4, rounds);
    e.teams = (1..=teams)
        .map(|n| bianpai::model::Team {
            number: n,
            name: format!("队{n}"),
            code: String::new(),
        })
        .collect();
    e
}

fn roster(n: u32, units: &[(TeamNo, &str)]) -> Vec<PairingTeam> {
    (1..=n)
        .map(|k| PairingTeam {
            number: k,
            unit: units
                .iter()
                .find(|(t, _)| *t == k)
                .map(|(_, u)| u.to_string())
                .unwrap_or_default(),
            rating: None,
            absent: false,
        })
        .collect()
}

fn settings(rounds: u32) -> SectionSettings {
    SectionSettings {
        rounds,
        team_section: Some(TeamSectionOptions::default()),
        ..SectionSettings::default()
    }
}

fn matches(p: &[PairedMatch]) -> Vec<(TeamNo, TeamNo)> {
    p.iter().map(|m| (m.first, m.second)).collect()
}

#[test]
fn round_one_is_1_2_4_3_with_teams_of_one_unit_kept_apart() {
    // T7: seven teams in pairing-number order give 1-2, 4-3, 5-6 and 7 the bye. Teams 1 and 2
    // are one club's (棋院一队, 二队): the swap procedure trades the second team of table 1 with
    // the second of the next table that leaves neither table a club's own: 1-3, 4-2.
    let e = event(7, 7);
    let teams = roster(7, &[(1, "棋院"), (2, "棋院")]);
    let s = settings(7);
    let input = TeamPairingInput {
        event: &e,
        round: 1,
        teams: &teams,
        settings: &s,
        seed: 1,
    };
    let p = pair(&input).unwrap();
    assert_eq!(matches(&p.matches), vec![(1, 3), (4, 2), (5, 6)]);
    assert_eq!(p.bye, Some(7));
    // Without the units, the pattern itself.
    let plain = roster(7, &[]);
    let p = pair(&TeamPairingInput {
        teams: &plain,
        ..input
    })
    .unwrap();
    assert_eq!(matches(&p.matches), vec![(1, 2), (4, 3), (5, 6)]);
}

#[test]
fn round_two_pairs_by_match_points_and_keeps_the_rematch_out() {
    // Round 1 of six teams: 1 beats 2 3–1, 4–3 drawn 2–2, 6 beats 5 2½–1½ (5 first-named).
    // 场分 (2-1-0) and 局分: 1 2/3, 6 2/2½, 3 1/2, 4 1/2, 5 0/1½, 2 0/1; places 1, 6, 3, 4, 5, 2.
    // 先走 so far: 1, 4, 5 (due 后走); 2, 3, 6 (due 先走).
    // Groups {1, 6}, {3, 4}, {5, 2}. 1 v 6 keeps the top group whole (both wishes met: 6
    // first). 3 and 4 have met, so both float down (two crossings at the second boundary
    // whatever is done); of 3-5 & 4-2 and 3-2 & 4-5 the first meets all four wishes (3 and 2
    // move first), the second leaves two unmet. Tables: 6-1 (2 v 2), then 3-5 and 2-4 (1 v 0
    // both; 3-5 holds the better place, 3).
    let mut e = event(6, 7);
    e.matches = vec![
        played(1, 1, 2, [2, 2, 1, 1]),
        played(1, 4, 3, [1, 1, 1, 1]),
        played(1, 5, 6, [1, 0, 1, 1]),
    ];
    let teams = roster(6, &[]);
    let s = settings(7);
    let p = pair(&TeamPairingInput {
        event: &e,
        round: 2,
        teams: &teams,
        settings: &s,
        seed: 2,
    })
    .unwrap();
    assert_eq!(matches(&p.matches), vec![(6, 1), (3, 5), (2, 4)]);
    assert_eq!(p.bye, None);
}

#[test]
fn the_bye_goes_to_the_lowest_group_and_never_twice() {
    // Round 1 of five teams: 1 beats 2 2½–1½, 4–3 drawn, 5 has the bye (a draw's 场分 and half
    // the boards). 场分: 1 2; 3, 4, 5 1 each; 2 0 — places 1, 3, 4, 5, 2. Round 2: the lowest
    // group is 2 alone, and the others pair without it (1-3 & 4-5 or 1-4 & 3-5; 3-4 met), so
    // 2 has the bye (5 could not: a second bye). 1 floats down either way; 1-3 & 4-5 meets every
    // wish (1 and 4 due 后走, 3 due 先走, 5 has no colour yet) where 1-4 leaves one unmet. In
    // 4-5 the team with more 先走 (4) moves second: 5-4. Tables 3-1 (2 v 1), 5-4 (1 v 1).
    let mut e = event(5, 7);
    e.matches = vec![played(1, 1, 2, [2, 1, 1, 1]), played(1, 4, 3, [1, 1, 1, 1])];
    e.byes = vec![TeamBye {
        round: 1,
        team: 5,
        kind: ByeKind::Pairing,
    }];
    let teams = roster(5, &[]);
    let s = settings(7);
    let p = pair(&TeamPairingInput {
        event: &e,
        round: 2,
        teams: &teams,
        settings: &s,
        seed: 3,
    })
    .unwrap();
    assert_eq!(matches(&p.matches), vec![(3, 1), (5, 4)]);
    assert_eq!(p.bye, Some(2));
}

#[test]
fn an_absent_team_is_not_paired_and_a_closed_round_names_who_is_left() {
    // Four teams, 3 absent in round 2: an odd field of 1, 2, 4, where 1 beat 2 in round 1 and
    // 4 had the bye. 4 may not take a second bye; the lowest group is 2 alone (场分 0), and
    // without it 1 and 4 can meet: 2 has the bye, 1 meets 4.
    let mut e = event(4, 5);
    e.matches = vec![played(1, 1, 2, [2, 2, 2, 2])];
    e.byes = vec![TeamBye {
        round: 1,
        team: 4,
        kind: ByeKind::Pairing,
    }];
    let mut teams = roster(4, &[]);
    teams[2].absent = true;
    let s = settings(5);
    let input = TeamPairingInput {
        event: &e,
        round: 2,
        teams: &teams,
        settings: &s,
        seed: 4,
    };
    let p = pair(&input).unwrap();
    assert_eq!(p.bye, Some(2));
    assert_eq!(p.matches.len(), 1);
    // 1 has moved first once, 4 never: 4 moves first.
    assert_eq!(matches(&p.matches), vec![(4, 1)]);
    // Two teams who have met and no one else: nothing to do but say so.
    let two = vec![teams[0].clone(), teams[1].clone()];
    let err = pair(&TeamPairingInput {
        teams: &two,
        ..input
    })
    .unwrap_err();
    assert_eq!((err.round, err.unpaired), (2, vec![1, 2]));
}
