//! Issue 42: FIDE's Swiss Team Pairing System C.04.6 (`pairing::team::fide`), over generated
//! team tournaments (`team_gen`) and worked examples.
//!
//! - Properties over tournaments of 6–16 teams: every team present paired once or the one
//!   PAB, absent teams neither; no two teams meet twice over the board (C1); the PAB never to
//!   a team that had it, won a match by forfeit or had a full-point bye (C2). A round the engine
//!   refuses is checked to have no legal pairing at all.
//! - Brute force on fields of at most 8 teams (9 with the PAB): the procedure of articles 3.3–
//!   3.6 done by enumeration, from team states read here from the matches: the PAB by the order
//!   of 3.4 among those that leave a legal pairing; then, bracket by bracket, every set of
//!   upfloaters and every legal pairing of the bracket that leaves the rest pairable, the best
//!   by C4, C5, C6, C7, the set's TPNs, C8, C9, C10 and the identifier, in that order. The
//!   engine's matches and PAB must be those.
//!
//! `TEAM_FIDE_BRUTE_CASES` and `TEAM_FIDE_PROPERTY_CASES` set the numbers of tournaments.

use super::team_gen::{Generated, TeamGenConfig, play};
use bianpai::model::{
    BoardGame, ByeKind, Lots, MatchForfeit, MatchPoints, Points, SectionSettings, Side, TeamBye,
    TeamEvent, TeamMatch, TeamNo, TeamSectionOptions,
};
use bianpai::pairing::team::fide::{ColourPreferenceType, FideTeamOptions, pair, pair_with};
use bianpai::pairing::team::{PairingTeam, TeamPairing, TeamPairingError, TeamPairingInput};
use std::collections::{BTreeSet, HashMap, HashSet};

/// A team before the round, read from the matches.
#[derive(Clone, Debug, Default)]
struct State {
    tpn: TeamNo,
    mp: Points,
    gp: Points,
    /// Board-1 colour per round, `None` when no match was played.
    colours: Vec<Option<Side>>,
    met: HashSet<TeamNo>,
    no_pab: bool,
    floated_last: bool,
}

fn states(event: &TeamEvent, round: u32) -> HashMap<TeamNo, State> {
    let mut m: HashMap<TeamNo, State> = event
        .teams
        .iter()
        .map(|t| {
            (
                t.number,
                State {
                    tpn: t.number,
                    colours: vec![None; round as usize - 1],
                    ..State::default()
                },
            )
        })
        .collect();
    let mp = event.match_points;
    for r in 1..round {
        let before: HashMap<TeamNo, Points> = m.iter().map(|(k, s)| (*k, s.mp)).collect();
        for x in event.matches.iter().filter(|x| x.round == r) {
            let all = Points::whole(event.boards as i32);
            let (ga, gb) = match x.forfeit {
                Some(MatchForfeit::FirstWins) => (all, Points::ZERO),
                Some(MatchForfeit::SecondWins) => (Points::ZERO, all),
                Some(MatchForfeit::Both) => (Points::ZERO, Points::ZERO),
                None => x
                    .boards
                    .iter()
                    .fold((Points::ZERO, Points::ZERO), |(a, b), g| {
                        (a + g.first, b + g.second)
                    }),
            };
            for (me, other, own, theirs, first) in [
                (x.first, x.second, ga, gb, true),
                (x.second, x.first, gb, ga, false),
            ] {
                let s = m.get_mut(&me).unwrap();
                s.mp += if x.forfeit == Some(MatchForfeit::Both) || own < theirs {
                    mp.loss
                } else if own > theirs {
                    mp.win
                } else {
                    mp.draw
                };
                s.gp += own;
                if x.forfeit.is_none() {
                    s.met.insert(other);
                    let c = x.first_colour;
                    s.colours[r as usize - 1] = Some(if first { c } else { c.other() });
                    if r + 1 == round {
                        s.floated_last = before[&me] != before[&other];
                    }
                } else if own > theirs {
                    s.no_pab = true;
                }
            }
        }
        for b in event.byes.iter().filter(|b| b.round == r) {
            let s = m.get_mut(&b.team).unwrap();
            let (bm, bg) = match b.kind {
                ByeKind::Pairing => (event.pairing_bye_mp, event.pairing_bye_gp),
                ByeKind::Zero => (mp.loss, Points::ZERO),
                ByeKind::Full => (mp.win, Points::whole(event.boards as i32)),
                ByeKind::Half => (mp.draw, Points(event.boards as i32)),
            };
            s.mp += bm;
            s.gp += bg;
            s.no_pab |= matches!(b.kind, ByeKind::Pairing | ByeKind::Full);
        }
    }
    m
}

/// The round as the brute force sees it.
struct Field {
    t: Vec<State>,
    type_b: bool,
    last_round: bool,
    float_rules: bool,
}

type Pairs = Vec<(usize, usize)>;

impl Field {
    fn legal(&self, a: usize, b: usize) -> bool {
        !self.t[a].met.contains(&self.t[b].tpn) && !self.t[b].met.contains(&self.t[a].tpn)
    }

    /// Every legal perfect pairing of `set` (pairs written smaller TPN first).
    fn pairings(&self, set: &[usize]) -> Vec<Pairs> {
        let mut out = Vec::new();
        let mut sorted = set.to_vec();
        sorted.sort_by_key(|&x| self.t[x].tpn);
        fn go(f: &Field, free: &[usize], acc: &mut Pairs, out: &mut Vec<Pairs>) {
            let Some((&a, rest)) = free.split_first() else {
                out.push(acc.clone());
                return;
            };
            for (k, &b) in rest.iter().enumerate() {
                if !f.legal(a, b) {
                    continue;
                }
                let left: Vec<usize> = rest
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .map(|(_, &x)| x)
                    .collect();
                acc.push((a, b));
                go(f, &left, acc, out);
                acc.pop();
            }
        }
        if set.len().is_multiple_of(2) {
            go(self, &sorted, &mut Vec::new(), &mut out);
        }
        out
    }

    fn pairable(&self, set: &[usize]) -> bool {
        !self.pairings(set).is_empty()
    }

    /// 1.7, Type A or B: the preferred colour and whether strong.
    fn pref(&self, a: usize) -> Option<(Side, bool)> {
        let played: Vec<Side> = self.t[a].colours.iter().flatten().copied().collect();
        let cd: i32 = played
            .iter()
            .map(|c| if *c == Side::Red { 1 } else { -1 })
            .sum();
        let last2 =
            |s: Side| played.len() >= 2 && played[played.len() - 2..].iter().all(|c| *c == s);
        if cd < -1 || ((cd == 0 || cd == -1) && last2(Side::Black)) {
            return Some((Side::Red, true));
        }
        if cd > 1 || ((cd == 0 || cd == 1) && last2(Side::Red)) {
            return Some((Side::Black, true));
        }
        if !self.type_b {
            return None;
        }
        let last = *played.last()?;
        if cd == -1 || (cd == 0 && !self.last_round && last == Side::Black) {
            Some((Side::Red, false))
        } else if cd == 1 || (cd == 0 && !self.last_round && last == Side::Red) {
            Some((Side::Black, false))
        } else {
            None
        }
    }

    /// C6 as the module reads it.
    fn c6(&self, rest: &[usize]) -> bool {
        let Some(next) = rest.iter().map(|&k| self.t[k].mp).max() else {
            return true;
        };
        let group: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&k| self.t[k].mp == next)
            .collect();
        let below: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&k| self.t[k].mp < next)
            .collect();
        if group.len().is_multiple_of(2) {
            return self.pairable(&group) && self.pairable(&below);
        }
        below.iter().any(|&u| {
            let mut b = group.clone();
            b.push(u);
            let o: Vec<usize> = below.iter().copied().filter(|&x| x != u).collect();
            self.pairable(&b) && self.pairable(&o)
        })
    }

    /// The whole key of a choice of upfloaters `up` and a pairing `p` of the bracket.
    fn key(&self, up: &[usize], p: &Pairs, rest: &[usize]) -> Vec<i64> {
        let mut k = vec![up.len() as i64];
        let mut scores: Vec<i64> = up.iter().map(|&x| i64::from(self.t[x].mp.0)).collect();
        scores.sort();
        // C5: larger sequence better — negate for "smaller is better"; pad to a fixed length.
        for s in &scores {
            k.push(-s);
        }
        k.push(i64::from(!self.c6(rest)));
        let c7 = if self.float_rules {
            up.iter().filter(|&&x| self.t[x].floated_last).count()
        } else {
            0
        };
        k.push(c7 as i64);
        let mut written: Vec<usize> = up.to_vec();
        written.sort_by_key(|&x| (std::cmp::Reverse(self.t[x].mp), self.t[x].tpn));
        for x in written {
            k.push(i64::from(self.t[x].tpn));
        }
        let (mut c8, mut c9, mut c10) = (0, 0, 0);
        for &(a, b) in p {
            if let (Some((x, sx)), Some((y, sy))) = (self.pref(a), self.pref(b))
                && x == y
            {
                c8 += 1;
                if self.type_b && sx && sy {
                    c9 += 1;
                }
            }
            if self.float_rules {
                for (me, other) in [(a, b), (b, a)] {
                    if up.contains(&other) && self.t[me].floated_last {
                        c10 += 1;
                    }
                }
            }
        }
        k.extend([c8, c9, c10]);
        let mut ps: Vec<(TeamNo, TeamNo)> = p
            .iter()
            .map(|&(a, b)| {
                let (x, y) = (self.t[a].tpn, self.t[b].tpn);
                (x.min(y), x.max(y))
            })
            .collect();
        ps.sort();
        k.extend(ps.iter().map(|p| i64::from(p.0)));
        k.extend(ps.iter().map(|p| i64::from(p.1)));
        k
    }
}

/// A round: the PAB and the matches, smaller TPN first, sorted.
type Paired = (Option<TeamNo>, Vec<(TeamNo, TeamNo)>);

/// The round by brute force (`None`: no legal pairing).
fn brute(f: &Field) -> Option<Paired> {
    let all: Vec<usize> = (0..f.t.len()).collect();
    let mut bye = None;
    if all.len() % 2 == 1 {
        let mut c: Vec<usize> = all.iter().copied().filter(|&k| !f.t[k].no_pab).collect();
        c.sort_by_key(|&k| {
            let played = f.t[k].colours.iter().flatten().count();
            (
                f.t[k].mp,
                std::cmp::Reverse(played),
                std::cmp::Reverse(f.t[k].tpn),
            )
        });
        bye = Some(c.into_iter().find(|&k| {
            let rest: Vec<usize> = all.iter().copied().filter(|&x| x != k).collect();
            f.pairable(&rest)
        })?);
    } else if !f.pairable(&all) {
        return None;
    }
    let mut left: Vec<usize> = all.iter().copied().filter(|&k| Some(k) != bye).collect();
    let mut out = Vec::new();
    while !left.is_empty() {
        let top = left.iter().map(|&k| f.t[k].mp).max().unwrap();
        let group: Vec<usize> = left.iter().copied().filter(|&k| f.t[k].mp == top).collect();
        let lower: Vec<usize> = left.iter().copied().filter(|&k| f.t[k].mp < top).collect();
        let mut best: Option<(Vec<i64>, Vec<usize>, Pairs)> = None;
        for mask in 0u32..(1 << lower.len()) {
            let up: Vec<usize> = (0..lower.len())
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| lower[i])
                .collect();
            if (group.len() + up.len()) % 2 == 1 {
                continue;
            }
            let rest: Vec<usize> = lower.iter().copied().filter(|x| !up.contains(x)).collect();
            if !f.pairable(&rest) {
                continue;
            }
            let bracket: Vec<usize> = group.iter().chain(&up).copied().collect();
            for p in f.pairings(&bracket) {
                let k = f.key(&up, &p, &rest);
                if best.as_ref().is_none_or(|(b, _, _)| k < *b) {
                    best = Some((k, up.clone(), p));
                }
            }
        }
        let (_, up, p) = best?;
        for &(a, b) in &p {
            let (x, y) = (f.t[a].tpn, f.t[b].tpn);
            out.push((x.min(y), x.max(y)));
        }
        left.retain(|k| !group.contains(k) && !up.contains(k));
    }
    out.sort();
    Some((bye.map(|k| f.t[k].tpn), out))
}

/// Art. 4: the team of the pair `a`–`b` (indices) that has White, the initial-colour being
/// `initial`.
fn white_of(f: &Field, a: usize, b: usize, initial: Side) -> TeamNo {
    let key = |x: usize| (f.t[x].mp, f.t[x].gp, std::cmp::Reverse(f.t[x].tpn));
    let (first, other) = if key(a) > key(b) { (a, b) } else { (b, a) };
    let played = |x: usize| -> Vec<Side> { f.t[x].colours.iter().flatten().copied().collect() };
    let (pf, po) = (played(first), played(other));
    let white_first = (|| {
        if pf.is_empty() && po.is_empty() {
            return (f.t[first].tpn % 2 == 1) == (initial == Side::Red);
        }
        match (f.pref(first), f.pref(other)) {
            (Some((x, _)), None) => return x == Side::Red,
            (None, Some((y, _))) => return y == Side::Black,
            (Some((x, _)), Some((y, _))) if x != y => return x == Side::Red,
            (Some((x, sx)), Some((_, so))) if f.type_b && sx != so => {
                return (x == Side::Red) == sx;
            }
            _ => {}
        }
        let cd =
            |v: &[Side]| -> i32 { v.iter().map(|c| if *c == Side::Red { 1 } else { -1 }).sum() };
        if cd(&pf) != cd(&po) {
            return cd(&pf) < cd(&po);
        }
        let rounds = f.t[first].colours.len();
        for r in (0..rounds).rev() {
            if let (Some(x), Some(y)) = (f.t[first].colours[r], f.t[other].colours[r])
                && x != y
            {
                return x == Side::Black;
            }
        }
        if let Some((x, _)) = f.pref(first) {
            return x == Side::Red;
        }
        if let Some(last) = pf.last() {
            return *last == Side::Black;
        }
        po.last() == Some(&Side::Red)
    })();
    if white_first {
        f.t[first].tpn
    } else {
        f.t[other].tpn
    }
}

/// The initial-colour as read back from round 1 (the module's reading).
fn initial_of(event: &TeamEvent) -> Side {
    let m = event
        .matches
        .iter()
        .filter(|m| m.round == 1 && m.forfeit.is_none())
        .min_by_key(|m| m.first.min(m.second));
    match m {
        Some(m) if m.first < m.second => {
            if m.first % 2 == 1 {
                m.first_colour
            } else {
                m.first_colour.other()
            }
        }
        Some(m) => {
            let c = m.first_colour.other();
            if m.second % 2 == 1 { c } else { c.other() }
        }
        None => Side::Red,
    }
}

fn field(event: &TeamEvent, round: u32, teams: &[PairingTeam], type_b: bool) -> Field {
    let s = states(event, round);
    let mut t: Vec<State> = teams
        .iter()
        .filter(|t| !t.absent)
        .map(|t| s[&t.number].clone())
        .collect();
    t.sort_by_key(|x| x.tpn);
    Field {
        t,
        type_b,
        last_round: round >= event.rounds,
        float_rules: round + 1 < event.rounds,
    }
}

fn engine_b(input: &TeamPairingInput) -> Result<TeamPairing, TeamPairingError> {
    pair_with(
        input,
        &FideTeamOptions {
            colour_preference: ColourPreferenceType::B,
            ..FideTeamOptions::default()
        },
    )
}

fn config(k: u64, teams: (u64, u64)) -> TeamGenConfig {
    let mut lots = Lots::new(0xF1DE ^ (k << 10));
    let n = (teams.0 + lots.below(teams.1 - teams.0 + 1)) as u32;
    let r = ((5 + lots.below(5)) as u32).min(n / 2 + 1);
    let mut cfg = TeamGenConfig::new(n, r);
    cfg.absent_permille = [0, 30, 80][lots.below(3) as usize];
    cfg.withdraw_permille = [0, 20][lots.below(2) as usize];
    cfg.forfeit_permille = [0, 40][lots.below(2) as usize];
    cfg.match_points = if lots.below(3) == 0 {
        MatchPoints::THREE_ONE_ZERO
    } else {
        MatchPoints::TWO_ONE_ZERO
    };
    cfg
}

fn cases(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn check_properties(g: &Generated) {
    let mut met: HashSet<(TeamNo, TeamNo)> = HashSet::new();
    for (k, p) in g.pairings.iter().enumerate() {
        let round = k as u32 + 1;
        let present: HashSet<TeamNo> = g.teams[k]
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
            "round {round}: the PAB"
        );
        for m in &p.matches {
            let key = (m.first.min(m.second), m.first.max(m.second));
            assert!(!met.contains(&key), "round {round}: C1, {key:?} again");
        }
        if let Some(b) = p.bye {
            let s = states(&g.event, round);
            assert!(!s[&b].no_pab, "round {round}: C2, the PAB to {b}");
        }
        for x in g.event.matches.iter().filter(|x| x.round == round) {
            if x.forfeit.is_none() {
                met.insert((x.first.min(x.second), x.first.max(x.second)));
            }
        }
    }
}

#[test]
fn generated_team_tournaments_keep_c1_and_c2() {
    let n = cases("TEAM_FIDE_PROPERTY_CASES", 300);
    let (mut rounds, mut stopped) = (0, 0);
    for k in 0..n {
        let cfg = config(k, (6, 16));
        let g = play(&cfg, 7700 + k, pair);
        check_properties(&g);
        rounds += g.pairings.len();
        if let Some(e) = &g.stopped {
            stopped += 1;
            assert!(!e.unpaired.is_empty());
            let f = field(&g.event, e.round, &g.stopped_teams, false);
            assert!(
                f.t.len() > 12 || brute(&f).is_none(),
                "case {k}: round {} refused, but a pairing exists",
                e.round
            );
        }
    }
    eprintln!("{n} FIDE team tournaments: {rounds} rounds, {stopped} stopped");
    assert!(rounds > 4 * n as usize);
    assert!(stopped * 5 <= n, "too many stopped: {stopped}");
}

#[test]
fn every_small_round_is_the_procedure_done_by_enumeration() {
    let n = cases("TEAM_FIDE_BRUTE_CASES", 300);
    let mut rounds = 0;
    for k in 0..n {
        let cfg = config(k, (5, 9));
        let type_b = k % 3 == 0;
        let engine = if type_b { engine_b } else { pair };
        let g = play(&cfg, 8800 + k, engine);
        for (i, p) in g.pairings.iter().enumerate() {
            let round = i as u32 + 1;
            let f = field(&g.event, round, &g.teams[i], type_b);
            let expect = brute(&f).expect("the engine paired the round");
            let mut got: Vec<(TeamNo, TeamNo)> = p
                .matches
                .iter()
                .map(|m| (m.first.min(m.second), m.first.max(m.second)))
                .collect();
            got.sort();
            assert_eq!(
                (p.bye, got),
                expect,
                "case {k} round {round} (type B: {type_b}): the engine differs from the procedure"
            );
            // Colours by article 4: round 1 by the parity of the first-team's TPN, later
            // rounds step by step.
            let index: HashMap<TeamNo, usize> =
                f.t.iter().enumerate().map(|(i, t)| (t.tpn, i)).collect();
            let initial = if round == 1 {
                let m = &p.matches[0];
                let low = m.first.min(m.second);
                let low_white = m.first == low;
                if (low % 2 == 1) == low_white {
                    Side::Red
                } else {
                    Side::Black
                }
            } else {
                initial_of(&g.event)
            };
            for m in &p.matches {
                let white = white_of(&f, index[&m.first], index[&m.second], initial);
                assert_eq!(
                    m.first, white,
                    "case {k} round {round}: colours of {m:?} (type B: {type_b})"
                );
            }
            rounds += 1;
        }
    }
    eprintln!("{n} small FIDE team tournaments: {rounds} rounds checked");
    assert!(rounds > 3 * n as usize);
}

// ---- worked examples (C.04.6 as the module states it, worked by hand) ----

fn played(round: u32, white: TeamNo, black: TeamNo, white_points: [i32; 4]) -> TeamMatch {
    TeamMatch {
        round,
        first: white,
        second: black,
        first_colour: Side::Red,
        boards: (0..4)
            .map(|k| BoardGame {
                board: k as u32 + 1,
                first_colour: if k % 2 == 0 { Side::Red } else { Side::Black },
                first: Points(white_points[k]),
                second: Points(2 - white_points[k]),
                forfeit: false,
            })
            .collect(),
        forfeit: None,
    }
}

fn event(teams: u32, rounds: u32) -> TeamEvent {
    let mut e = TeamEvent::new(4, rounds);
    e.teams = (1..=teams)
        .map(|n| bianpai::model::Team {
            number: n,
            name: format!("T{n}"),
            code: String::new(),
        })
        .collect();
    e
}

fn roster(n: u32) -> Vec<PairingTeam> {
    (1..=n)
        .map(|k| PairingTeam {
            number: k,
            unit: String::new(),
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

fn matches(p: &TeamPairing) -> Vec<(TeamNo, TeamNo)> {
    p.matches.iter().map(|m| (m.first, m.second)).collect()
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_odd_numbers_on_the_initial_colour() {
    // One scoregroup of six: the first identifier is tops 1, 2, 3 with bottoms 4, 5, 6 (3.6).
    // 4.3.1: the first-team of each pair is its smaller TPN; 1 and 3 (odd) have the
    // initial-colour, 2 the other: whites are 1, 5, 3 or 4, 2, 6, whatever the lot drew.
    let e = event(6, 5);
    let teams = roster(6);
    let s = settings(5);
    for seed in 0..8 {
        let p = pair(&TeamPairingInput {
            event: &e,
            round: 1,
            teams: &teams,
            settings: &s,
            seed,
        })
        .unwrap();
        let pairs: BTreeSet<(TeamNo, TeamNo)> = p
            .matches
            .iter()
            .map(|m| (m.first.min(m.second), m.first.max(m.second)))
            .collect();
        assert_eq!(pairs, BTreeSet::from([(1, 4), (2, 5), (3, 6)]));
        let whites: BTreeSet<TeamNo> = p.matches.iter().map(|m| m.first).collect();
        assert!(
            whites == BTreeSet::from([1, 5, 3]) || whites == BTreeSet::from([4, 2, 6]),
            "{whites:?}"
        );
        assert_eq!(p.bye, None);
    }
}

#[test]
fn round_two_pairs_by_match_points_with_the_first_identifier_and_colours_by_article_4() {
    // Round 1 (White first): 1–4 2½–1½, 5–2 2–2, 3–6 1–3. 场分 1 2, 6 2, 2 1, 5 1, 3 0, 4 0;
    // 局分 1 2½, 6 3. Bracket {1, 6}: 1–6 (no upfloater, C4). {2, 5} met: the fewest upfloaters
    // is two, {3, 4}; of 2–4 & 3–5 (identifier 2 3 4 5) and 2–3 & 4–5 (2 4 3 5) the first
    // (no preference and no floater anywhere). Colours: 6 is first-team (局分 3 > 2½), CD −1
    // against +1: 6 White. 2–4: first-team 2, equal CD −1, no alternation point (both Black),
    // no preference: 2 alternates from Black, White. 3–5: first-team 5 (场分 1), equal CD +1:
    // 5 alternates from White, so 3 White. Tables: 6–1 (2 v 2), 2–4 and 3–5 (1 v 0, TPN 2
    // before 3).
    let mut e = event(6, 7);
    e.matches = vec![
        played(1, 1, 4, [2, 1, 1, 1]),
        played(1, 5, 2, [1, 1, 1, 1]),
        played(1, 3, 6, [1, 0, 1, 0]),
    ];
    let teams = roster(6);
    let s = settings(7);
    let p = pair(&TeamPairingInput {
        event: &e,
        round: 2,
        teams: &teams,
        settings: &s,
        seed: 9,
    })
    .unwrap();
    assert_eq!(matches(&p), vec![(6, 1), (2, 4), (3, 5)]);
    assert_eq!(p.bye, None);
}

#[test]
fn the_pab_goes_to_the_lowest_score_that_leaves_a_legal_pairing_and_never_twice() {
    // Round 1 of five: 1–3 won by 1, 4–2 drawn, 5 the PAB (a drawn match's 场分 and 局分).
    // Round 2: 5 may not have it again (C2); 3 has the lowest score and 1, 2, 4, 5 pair
    // (1–2, 4–5): 3 has the PAB. Bracket {1} takes one upfloater of 1 point, the first by TPN
    // that keeps the rest pairable and C6: 2, leaving 4–5. Colours: 1–2, CD +1 against −1: 2
    // White; 4–5, first-team 4 (equal 场分 and 局分, smaller TPN), 5 never played, CD +1
    // against 0: 5 White. Tables 2–1, 5–4, the PAB last.
    let mut e = event(5, 7);
    e.matches = vec![played(1, 1, 3, [2, 1, 1, 2]), played(1, 4, 2, [1, 1, 1, 1])];
    e.byes = vec![TeamBye {
        round: 1,
        team: 5,
        kind: ByeKind::Pairing,
    }];
    let teams = roster(5);
    let s = settings(7);
    let p = pair(&TeamPairingInput {
        event: &e,
        round: 2,
        teams: &teams,
        settings: &s,
        seed: 9,
    })
    .unwrap();
    assert_eq!(matches(&p), vec![(2, 1), (5, 4)]);
    assert_eq!(p.bye, Some(3));
}
