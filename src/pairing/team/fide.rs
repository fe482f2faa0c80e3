//! FIDE 团体瑞士制 — FIDE's Swiss Team Pairing System, Handbook C.04.6 (approved 28 October
//! 2025, in force from 1 February 2026), for a team section of chess whose system is the FIDE
//! one.
//!
//! **Source.** The handbook page (handbook.fide.com, chapter SwissTeamPairingSystem202602)
//! could be read only as far as its preface (art. 0: the Basic Rules C.04.1 and the General
//! Handling Rules C.04.2 arts. 1, 2.4, 2.5, 3, 4 apply to teams, C.04.1 arts. 6 and 7 — the
//! colour limits — never; no colour criterion is absolute). Articles 1–4 are taken from an
//! article-by-article restatement in a public repository (a C++ pairing engine's design notes,
//! "Team Swiss Pairing — Design & Locked Spec"), cross-checked against a second, independent
//! summary (the chesspairing project's documentation of its C.04.6 module): both give the
//! same definitions, criteria C1–C10, procedure and nine colour steps. The articles as
//! applied here:
//!
//! - 1.1 Each team has a pairing number, TPN: here the team's number in the section.
//! - 1.2 The primary score is match points (场分), the secondary game points (局分), used to
//!   choose the first-team of a pair (4.2.2). (The rule lets a competition choose game points
//!   as primary; [`FideTeamOptions`] can.)
//! - 1.4 The pairing-allocated bye (PAB): no opponent, no colour, the value the event gives it
//!   (TeamEvent: a draw's by default).
//! - 1.5 A floater is a team that played an opponent with a different score.
//! - 1.6 A team "had" a colour in a match only if the match was played; its colour is that of
//!   its board-1 player. CD = matches with White − matches with Black.
//! - 1.7 Colour preference, Type A (the default): White when CD < −1, or CD ∈ {0, −1} and
//!   Black in each of the last two played matches; Black symmetrically; else none. Type B adds
//!   mild preferences (CD = −1, or CD = 0 outside the last round with Black last: mild White;
//!   symmetrically Black), the Type A ones being strong; a team that has played no match, or
//!   has CD = 0 in the last round, has none. Or no preferences at all.
//! - 2.1 Absolute: [C1] two teams meet at most once; [C2] a team that had the PAB, won a match
//!   by forfeit or had a full-point bye does not get the PAB.
//! - 2.2 Completion: [C3] a legal pairing always remains for the teams not yet paired.
//! - 2.3 Quality, in order: [C4] fewest upfloaters; [C5] the smallest score differences of the
//!   pairs with upfloaters, largest first — the upfloaters' scores, lowest first, as high as
//!   possible; [C6] unless the following scoregroup is now empty, upfloaters such that C1, C3
//!   and C4 can be met in the bracket where that scoregroup is paired; [C7] except in the last
//!   two rounds, fewest upfloaters who were floaters in the previous round; [C8] fewest teams
//!   whose colour preference is not met; [C9] (Type B) fewest whose strong preference is not
//!   met; [C10] except in the last two rounds, fewest opponents of upfloaters who were floaters
//!   in the previous round.
//! - 3.3 The round: the PAB first (3.4), then repeatedly the top scoregroup of the teams left
//!   with a set of upfloaters (3.5) is a bracket, paired by 3.6; colours last (4).
//! - 3.4 The PAB goes to the team that, in this order: leaves a legal pairing of all others;
//!   has the lowest score; has played the most matches; has the largest TPN.
//! - 3.5 Potential upfloaters are all teams scoring less than the top scoregroup. Of the sets
//!   meeting C4 and C5, each written as its teams by descending score then ascending TPN and
//!   the sets in lexicographic order of those TPNs, the first that gives a legal pairing and
//!   meets C6 and C7.
//! - 3.6 A pairing of the bracket is written as its top members' TPNs (the smaller of each
//!   pair), ascending, then their bottom members' TPNs in the same order; the pairings in
//!   lexicographic order of that identifier, the first that meets C1, C8, C9, C10.
//! - 4 Colours (White: the team whose board-1 player has White; it is named first): the
//!   initial-colour is drawn by lot before round 1; the first-team of a pair has the higher
//!   primary score, then the higher secondary score, then the smaller TPN; then in order:
//!   4.3.1 neither team has played: the first-team has the initial-colour if its TPN is odd,
//!   else the other; 4.3.2 only one team has a preference: granted; 4.3.3 opposite
//!   preferences: both granted; 4.3.4 (Type B) only one strong preference: granted; 4.3.5 the
//!   lower CD has White; 4.3.6 alternate from the latest round in which one had White and the
//!   other Black; 4.3.7 the first-team's preference; 4.3.8 alternate the first-team's colour
//!   of its last played match; 4.3.9 alternate the other team's.
//!
//! **Readings** (where the text as restated needs one):
//!
//! - "Complies with" a minimising criterion (3.5.5, 3.6.4) is read as: the best value any
//!   candidate reaches, criteria in their order, then the first candidate in the stated order;
//!   legality (C1, C3) comes before C4 (the fewest upfloaters of a *legal* set).
//! - C5 compares the upfloaters' scores sorted ascending, the larger sequence better.
//! - C6 is pass or fail: with the set taken, what is left of the following scoregroup can be
//!   paired as a bracket with no upfloater when it is even, one when it is odd, and the teams
//!   below still pair (C3).
//! - C10 counts, in every pair holding an upfloater, each team whose partner is an upfloater
//!   and who floated in the previous round.
//! - A match forfeited as a whole is not played: it gives no colour, no float and does not
//!   bar a later meeting (C.04.1 b as FIDE reads forfeits, rules.md §2.2); its winner may not
//!   have the PAB (C2). "Matches played" (3.4.3) counts matches played over the board.
//! - Table order (C.04.2, rules.md §1.4.2): the higher score of the pair, then the sum of the
//!   two scores, then the smaller TPN; the PAB last.
//! - The event keeps no record of the lot of the initial-colour: in round 1 it is drawn from
//!   the round's seed; later it is read back from round 1 (the first-team of a round-1 match had
//!   it when its TPN was odd); with no round-1 match played, White.
//!
//! The engine finds what the articles describe without enumerating everything: legality and
//! completion are perfect matchings of the allowed pairs ([`crate::pairing::matching`]); the
//! upfloater sets are tried in the 3.5 order; a bracket's best C8–C10 total is a minimum-cost
//! perfect matching, and its first identifier is then fixed team by team (each a top if an
//! optimal pairing still allows it, then each top's smallest bottom), a matching per decision
//! the current pairing does not already settle.

use super::{PairedMatch, PairingTeam, TeamPairing, TeamPairingError, TeamPairingInput};
use crate::model::{ByeKind, Lots, MatchForfeit, Points, Side, TeamEvent, TeamNo};
use crate::pairing::matching::{Graph, Options, max_weight_matching};
use std::collections::{BTreeSet, HashMap};

/// 1.7: which colour preferences the competition uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColourPreferenceType {
    /// Type A, the default: a preference or none.
    #[default]
    A,
    /// Type B: strong and mild preferences.
    B,
    /// No colour preferences.
    None,
}

/// The choices C.04.6 leaves to the competition's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FideTeamOptions {
    pub colour_preference: ColourPreferenceType,
    /// 1.2: game points as the primary score (match points by default).
    pub game_points_primary: bool,
    /// 4.2.2: whether the secondary score picks the first-team.
    pub secondary_for_colour: bool,
}

impl Default for FideTeamOptions {
    fn default() -> Self {
        FideTeamOptions {
            colour_preference: ColourPreferenceType::A,
            game_points_primary: false,
            secondary_for_colour: true,
        }
    }
}

/// Pairs round `input.round` by C.04.6 with the defaults (Type A preferences, match points
/// primary, game points secondary).
pub fn pair(input: &TeamPairingInput) -> Result<TeamPairing, TeamPairingError> {
    pair_with(input, &FideTeamOptions::default())
}

/// One team as C.04.6 reads it before the round.
#[derive(Clone, Debug, Default)]
pub struct FideTeam {
    pub tpn: TeamNo,
    pub primary: Points,
    pub secondary: Points,
    /// Board-1 colour of each round (index 0: round 1), `None` when no match was played.
    pub colours: Vec<Option<Side>>,
    pub met: BTreeSet<TeamNo>,
    /// [C2]: had the PAB, won a match by forfeit or had a full-point bye.
    pub no_pab: bool,
    /// 1.5: floated in the previous round.
    pub floated_last: bool,
}

impl FideTeam {
    fn played(&self) -> impl DoubleEndedIterator<Item = Side> + '_ {
        self.colours.iter().flatten().copied()
    }

    /// 1.6.2: matches with White − matches with Black.
    pub fn cd(&self) -> i32 {
        self.played()
            .map(|c| if c == Side::Red { 1 } else { -1 })
            .sum()
    }

    fn last_two_are(&self, side: Side) -> bool {
        let last: Vec<Side> = self.played().rev().take(2).collect();
        last.len() == 2 && last.iter().all(|&c| c == side)
    }

    /// 1.7: the preferred colour and whether it is strong (Type B; every Type A preference
    /// counts as strong).
    pub fn preference(&self, kind: ColourPreferenceType, last_round: bool) -> Option<(Side, bool)> {
        let cd = self.cd();
        let strong_white = cd < -1 || ((cd == 0 || cd == -1) && self.last_two_are(Side::Black));
        let strong_black = cd > 1 || ((cd == 0 || cd == 1) && self.last_two_are(Side::Red));
        match kind {
            ColourPreferenceType::None => None,
            ColourPreferenceType::A => {
                if strong_white {
                    Some((Side::Red, true))
                } else if strong_black {
                    Some((Side::Black, true))
                } else {
                    None
                }
            }
            ColourPreferenceType::B => {
                let last = self.played().next_back()?;
                if strong_white {
                    Some((Side::Red, true))
                } else if strong_black {
                    Some((Side::Black, true))
                } else if cd == -1 || (cd == 0 && !last_round && last == Side::Black) {
                    Some((Side::Red, false))
                } else if cd == 1 || (cd == 0 && !last_round && last == Side::Red) {
                    Some((Side::Black, false))
                } else {
                    None
                }
            }
        }
    }
}

/// Every team named in `event` before round `before`, read as C.04.6 reads it.
pub fn teams_before(
    event: &TeamEvent,
    before: u32,
    options: &FideTeamOptions,
) -> HashMap<TeamNo, FideTeam> {
    let rounds = before.saturating_sub(1) as usize;
    let mut out: HashMap<TeamNo, FideTeam> = HashMap::new();
    let entry = |out: &mut HashMap<TeamNo, FideTeam>, t: TeamNo| {
        out.entry(t)
            .or_insert_with(|| FideTeam {
                tpn: t,
                colours: vec![None; rounds],
                ..FideTeam::default()
            })
            .tpn
    };
    for m in event.matches.iter().filter(|m| m.round < before) {
        entry(&mut out, m.first);
        entry(&mut out, m.second);
    }
    for b in event.byes.iter().filter(|b| b.round < before) {
        entry(&mut out, b.team);
    }
    let score = |mp: Points, gp: Points| {
        if options.game_points_primary {
            (gp, mp)
        } else {
            (mp, gp)
        }
    };
    for r in 1..before {
        let primary_before: HashMap<TeamNo, Points> =
            out.iter().map(|(k, t)| (*k, t.primary)).collect();
        for m in event.matches.iter().filter(|m| m.round == r) {
            let (ga, gb) = m.game_points(event.boards);
            let (ma, mb) = m.match_points(&event.match_points, event.boards);
            let played = m.forfeit.is_none();
            for (me, other, mp, gp, first) in [
                (m.first, m.second, ma, ga, true),
                (m.second, m.first, mb, gb, false),
            ] {
                let t = out.get_mut(&me).expect("every team entered");
                let (p, s) = score(mp, gp);
                t.primary += p;
                t.secondary += s;
                if played {
                    t.met.insert(other);
                    t.colours[r as usize - 1] = Some(if first {
                        m.first_colour
                    } else {
                        m.first_colour.other()
                    });
                }
                let forfeit_win = match m.forfeit {
                    Some(MatchForfeit::FirstWins) => first,
                    Some(MatchForfeit::SecondWins) => !first,
                    _ => false,
                };
                t.no_pab |= forfeit_win;
                if r + 1 == before {
                    t.floated_last = played && primary_before[&me] != primary_before[&other];
                }
            }
        }
        for b in event.byes.iter().filter(|b| b.round == r) {
            let (mp, gp) = event.bye_points(b.kind);
            let t = out.get_mut(&b.team).expect("every team entered");
            let (p, s) = score(mp, gp);
            t.primary += p;
            t.secondary += s;
            t.no_pab |= matches!(b.kind, ByeKind::Pairing | ByeKind::Full);
        }
    }
    out
}

/// The teams of one round and what the criteria need of them (indices into `teams`).
struct Round<'a> {
    teams: Vec<FideTeam>,
    options: &'a FideTeamOptions,
    last_round: bool,
    /// C7 and C10 are not applied in the last two rounds.
    float_rules: bool,
}

impl Round<'_> {
    fn legal(&self, a: usize, b: usize) -> bool {
        a != b
            && !self.teams[a].met.contains(&self.teams[b].tpn)
            && !self.teams[b].met.contains(&self.teams[a].tpn)
    }

    /// Can `set` be paired completely by legal pairs?
    fn perfect(&self, set: &[usize]) -> bool {
        if set.len() % 2 == 1 {
            return false;
        }
        if set.is_empty() {
            return true;
        }
        let n = set.len();
        let mut graph: Graph<i64> = Graph::new(n);
        for i in 0..n {
            for j in i + 1..n {
                if self.legal(set[i], set[j]) {
                    let _ = graph.add_edge(i, j, 1);
                }
            }
        }
        max_weight_matching(
            &graph,
            Options {
                max_cardinality: true,
            },
        )
        .map(|m| m.iter().all(Option::is_some))
        .unwrap_or(false)
    }

    fn pref(&self, a: usize) -> Option<(Side, bool)> {
        self.teams[a].preference(self.options.colour_preference, self.last_round)
    }

    /// C8, C9 and C10 of the pair `a`–`b` of a bracket whose upfloaters are `up`.
    fn pair_cost(&self, a: usize, b: usize, up: &[bool]) -> [u32; 3] {
        let mut c = [0u32; 3];
        if let (Some((x, sx)), Some((y, sy))) = (self.pref(a), self.pref(b))
            && x == y
        {
            c[0] = 1;
            if self.options.colour_preference == ColourPreferenceType::B && sx && sy {
                c[1] = 1;
            }
        }
        if self.float_rules {
            for (me, other) in [(a, b), (b, a)] {
                if up[other] && self.teams[me].floated_last {
                    c[2] += 1;
                }
            }
        }
        c
    }
}

/// Pairs round `input.round` by C.04.6 under `options`.
pub fn pair_with(
    input: &TeamPairingInput,
    options: &FideTeamOptions,
) -> Result<TeamPairing, TeamPairingError> {
    let mut present: Vec<&PairingTeam> = input.teams.iter().filter(|t| !t.absent).collect();
    present.sort_by_key(|t| t.number);
    let fail = |unpaired: Vec<TeamNo>| TeamPairingError {
        round: input.round,
        unpaired,
    };
    if input.round == 0 {
        return Err(fail(present.iter().map(|t| t.number).collect()));
    }
    let known = teams_before(input.event, input.round, options);
    let rounds = input.round as usize - 1;
    let teams: Vec<FideTeam> = present
        .iter()
        .map(|t| {
            known.get(&t.number).cloned().unwrap_or_else(|| FideTeam {
                tpn: t.number,
                colours: vec![None; rounds],
                ..FideTeam::default()
            })
        })
        .collect();
    let total = if input.event.rounds > 0 {
        input.event.rounds
    } else {
        input.settings.rounds
    };
    let round = Round {
        teams,
        options,
        last_round: input.round >= total,
        float_rules: input.round + 1 < total,
    };
    let n = round.teams.len();
    let all: Vec<usize> = (0..n).collect();
    // 3.4: the PAB.
    let mut bye = None;
    if n % 2 == 1 {
        let mut cands: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&k| !round.teams[k].no_pab)
            .collect();
        cands.sort_by_key(|&k| {
            let t = &round.teams[k];
            (
                t.primary,
                std::cmp::Reverse(t.played().count()),
                std::cmp::Reverse(t.tpn),
            )
        });
        bye = cands.into_iter().find(|&k| {
            let rest: Vec<usize> = all.iter().copied().filter(|&x| x != k).collect();
            round.perfect(&rest)
        });
        if bye.is_none() {
            return Err(fail(unpaired(&round, &all)));
        }
    } else if !round.perfect(&all) {
        return Err(fail(unpaired(&round, &all)));
    }
    let mut left: Vec<usize> = all.iter().copied().filter(|&k| Some(k) != bye).collect();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    while !left.is_empty() {
        let top = left
            .iter()
            .map(|&k| round.teams[k].primary)
            .max()
            .expect("teams left");
        let group: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&k| round.teams[k].primary == top)
            .collect();
        let lower: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&k| round.teams[k].primary < top)
            .collect();
        let Some(up) = upfloaters(&round, &group, &lower) else {
            return Err(fail(unpaired(&round, &left)));
        };
        let mut bracket: Vec<usize> = group.iter().chain(&up).copied().collect();
        bracket.sort_by_key(|&k| round.teams[k].tpn);
        let Some(bp) = pair_bracket(&round, &bracket, &up) else {
            return Err(fail(unpaired(&round, &left)));
        };
        pairs.extend(bp);
        left.retain(|k| !bracket.contains(k));
    }
    let initial = initial_colour(input);
    let mut matches: Vec<((Points, Points, TeamNo), PairedMatch)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (ta, tb) = (&round.teams[a], &round.teams[b]);
            let a_white = a_has_white(&round, a, b, initial);
            let (w, bl) = if a_white { (ta, tb) } else { (tb, ta) };
            let key = (
                ta.primary.max(tb.primary),
                ta.primary + tb.primary,
                ta.tpn.min(tb.tpn),
            );
            (
                key,
                PairedMatch {
                    first: w.tpn,
                    second: bl.tpn,
                },
            )
        })
        .collect();
    matches.sort_by(|(x, _), (y, _)| y.0.cmp(&x.0).then(y.1.cmp(&x.1)).then(x.2.cmp(&y.2)));
    Ok(TeamPairing {
        matches: matches.into_iter().map(|(_, m)| m).collect(),
        bye: bye.map(|k| round.teams[k].tpn),
    })
}

/// The teams a largest set of legal pairs leaves out of `set` (all of them when none is).
fn unpaired(round: &Round, set: &[usize]) -> Vec<TeamNo> {
    let n = set.len();
    let mut graph: Graph<i64> = Graph::new(n);
    for i in 0..n {
        for j in i + 1..n {
            if round.legal(set[i], set[j]) {
                let _ = graph.add_edge(i, j, 1);
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
    let mut out: Vec<TeamNo> = (0..n)
        .filter(|&k| mate[k].is_none())
        .map(|k| round.teams[set[k]].tpn)
        .collect();
    if out.is_empty() {
        out = set.iter().map(|&k| round.teams[k].tpn).collect();
    }
    out.sort_unstable();
    out
}

/// The sets of `k` teams of `pool` in the order of 3.5: C5 (the scores ascending, larger
/// first), then the TPNs of the set written by descending score and ascending TPN.
fn sets_in_order(round: &Round, pool: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut sorted = pool.to_vec();
    sorted.sort_by_key(|&x| {
        (
            std::cmp::Reverse(round.teams[x].primary),
            round.teams[x].tpn,
        )
    });
    let mut out = Vec::new();
    let mut pick: Vec<usize> = Vec::with_capacity(k);
    fn walk(
        sorted: &[usize],
        from: usize,
        k: usize,
        pick: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in from..sorted.len() {
            if sorted.len() - i < k - pick.len() {
                break;
            }
            pick.push(sorted[i]);
            walk(sorted, i + 1, k, pick, out);
            pick.pop();
        }
    }
    walk(&sorted, 0, k, &mut pick, &mut out);
    let c5 = |s: &Vec<usize>| {
        let mut v: Vec<Points> = s.iter().map(|&x| round.teams[x].primary).collect();
        v.sort();
        v
    };
    let tpns = |s: &Vec<usize>| s.iter().map(|&x| round.teams[x].tpn).collect::<Vec<_>>();
    out.sort_by(|a, b| c5(b).cmp(&c5(a)).then_with(|| tpns(a).cmp(&tpns(b))));
    out
}

/// 3.5: the upfloaters of the bracket of the top scoregroup `group` (C3–C7).
fn upfloaters(round: &Round, group: &[usize], lower: &[usize]) -> Option<Vec<usize>> {
    let c5 = |s: &[usize]| {
        let mut v: Vec<Points> = s.iter().map(|&x| round.teams[x].primary).collect();
        v.sort();
        v
    };
    let mut k = group.len() % 2;
    while k <= lower.len() {
        let mut best: Option<((bool, usize), Vec<usize>)> = None;
        let mut class: Option<Vec<Points>> = None;
        for set in sets_in_order(round, lower, k) {
            if class.as_ref().is_some_and(|c| *c != c5(&set)) {
                break;
            }
            let bracket: Vec<usize> = group.iter().chain(&set).copied().collect();
            let rest: Vec<usize> = lower.iter().copied().filter(|x| !set.contains(x)).collect();
            if !round.perfect(&bracket) || !round.perfect(&rest) {
                continue;
            }
            class = Some(c5(&set));
            let c6_fails = !c6(round, &rest);
            let c7 = if round.float_rules {
                set.iter().filter(|&&x| round.teams[x].floated_last).count()
            } else {
                0
            };
            let key = (c6_fails, c7);
            if best.as_ref().is_none_or(|(b, _)| key < *b) {
                best = Some((key, set));
            }
            if key == (false, 0) {
                break;
            }
        }
        if let Some((_, set)) = best {
            return Some(set);
        }
        k += 2;
    }
    None
}

/// [C6] as read: what is left of the following scoregroup pairs as a bracket with no
/// upfloater (even) or one (odd), the teams below it still pairing.
fn c6(round: &Round, rest: &[usize]) -> bool {
    let Some(next) = rest.iter().map(|&k| round.teams[k].primary).max() else {
        return true;
    };
    let group: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&k| round.teams[k].primary == next)
        .collect();
    let below: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&k| round.teams[k].primary < next)
        .collect();
    if group.len().is_multiple_of(2) {
        return round.perfect(&group) && round.perfect(&below);
    }
    below.iter().any(|&u| {
        let mut bracket = group.clone();
        bracket.push(u);
        let others: Vec<usize> = below.iter().copied().filter(|&x| x != u).collect();
        round.perfect(&bracket) && round.perfect(&others)
    })
}

/// What a solve of a bracket may use: `top[x]` / `bottom[x]` say team `x` (position in the
/// bracket) must be the smaller / larger TPN of its pair; `fixed[x]` its partner.
#[derive(Clone)]
struct Constraints {
    top: Vec<bool>,
    bottom: Vec<bool>,
    fixed: Vec<Option<usize>>,
}

impl Constraints {
    /// May bracket positions `i < j` (in TPN order) be paired?
    fn allows(&self, i: usize, j: usize) -> bool {
        let fixed_ok = |x: usize, y: usize| self.fixed[x].is_none_or(|f| f == y);
        !self.bottom[i] && !self.top[j] && fixed_ok(i, j) && fixed_ok(j, i)
    }
}

/// 3.6: the pairing of `bracket` (in TPN order) with the fewest C8, C9, C10, then the first
/// identifier.
fn pair_bracket(round: &Round, bracket: &[usize], up: &[usize]) -> Option<Vec<(usize, usize)>> {
    let n = bracket.len();
    let mut is_up = vec![false; round.teams.len()];
    for &u in up {
        is_up[u] = true;
    }
    let cost = |i: usize, j: usize| round.pair_cost(bracket[i], bracket[j], &is_up);
    let mut cons = Constraints {
        top: vec![false; n],
        bottom: vec![false; n],
        fixed: vec![None; n],
    };
    let solve = |cons: &Constraints| -> Option<(Vec<usize>, [u32; 3])> {
        let half = (n / 2) as i128;
        let mut graph: Graph<i128> = Graph::new(n);
        for i in 0..n {
            for j in i + 1..n {
                if !round.legal(bracket[i], bracket[j]) || !cons.allows(i, j) {
                    continue;
                }
                let c = cost(i, j);
                // The position term only guides the first solve towards top half v bottom
                // half (the first identifier when nothing else decides); it never outweighs
                // a criterion.
                let d = j as i128 - i as i128 - half;
                let w = (1i128 << 100)
                    - ((c[0] as i128) << 80)
                    - ((c[1] as i128) << 64)
                    - ((c[2] as i128) << 48)
                    - d * d;
                let _ = graph.add_edge(i, j, w);
            }
        }
        let mate = max_weight_matching(
            &graph,
            Options {
                max_cardinality: true,
            },
        )
        .ok()?;
        let mate: Vec<usize> = mate.into_iter().collect::<Option<Vec<usize>>>()?;
        let mut total = [0u32; 3];
        for (i, &m) in mate.iter().enumerate() {
            if i < m {
                for (t, c) in total.iter_mut().zip(cost(i, m)) {
                    *t += c;
                }
            }
        }
        Some((mate, total))
    };
    let (mut mate, best) = solve(&cons)?;
    // The tops, smallest TPN first: a top whenever an optimal pairing still allows it.
    let half = n / 2;
    for x in 0..n {
        let tops = cons.top.iter().filter(|&&t| t).count();
        if tops == half {
            cons.bottom[x] = true;
            continue;
        }
        if half - tops == n - x {
            cons.top[x] = true;
            continue;
        }
        if mate[x] > x {
            cons.top[x] = true;
            continue;
        }
        let mut trial = cons.clone();
        trial.top[x] = true;
        match solve(&trial) {
            Some((m, total)) if total == best => {
                cons = trial;
                mate = m;
            }
            _ => cons.bottom[x] = true,
        }
    }
    // Each top in turn takes the smallest bottom an optimal pairing still allows it.
    for a in 0..n {
        if !cons.top[a] {
            continue;
        }
        for b in a + 1..n {
            if !cons.bottom[b] || cons.fixed[b].is_some() {
                continue;
            }
            if !round.legal(bracket[a], bracket[b]) {
                continue;
            }
            if mate[a] == b {
                cons.fixed[a] = Some(b);
                cons.fixed[b] = Some(a);
                break;
            }
            let mut trial = cons.clone();
            trial.fixed[a] = Some(b);
            trial.fixed[b] = Some(a);
            if let Some((m, total)) = solve(&trial)
                && total == best
            {
                cons = trial;
                mate = m;
                break;
            }
        }
    }
    Some(
        (0..n)
            .filter(|&i| i < mate[i])
            .map(|i| (bracket[i], bracket[mate[i]]))
            .collect(),
    )
}

/// 4.1: the initial-colour: drawn from the round's seed in round 1, read back from round 1
/// later (see the module's readings).
fn initial_colour(input: &TeamPairingInput) -> Side {
    if input.round == 1 {
        return if Lots::new(input.seed).below(2) == 0 {
            Side::Red
        } else {
            Side::Black
        };
    }
    let first = input
        .event
        .matches
        .iter()
        .filter(|m| m.round == 1 && m.forfeit.is_none())
        .min_by_key(|m| m.first.min(m.second));
    match first {
        Some(m) => {
            let (t, c) = if m.first < m.second {
                (m.first, m.first_colour)
            } else {
                (m.second, m.first_colour.other())
            };
            if t % 2 == 1 { c } else { c.other() }
        }
        None => Side::Red,
    }
}

/// 4: does team `a` (of the pair `a`–`b`) have White?
fn a_has_white(round: &Round, a: usize, b: usize, initial: Side) -> bool {
    let (ta, tb) = (&round.teams[a], &round.teams[b]);
    let use_secondary = round.options.secondary_for_colour;
    // 4.2: the first-team.
    let a_first = ta
        .primary
        .cmp(&tb.primary)
        .then(if use_secondary {
            ta.secondary.cmp(&tb.secondary)
        } else {
            std::cmp::Ordering::Equal
        })
        .then(tb.tpn.cmp(&ta.tpn))
        .is_gt();
    let (f, o) = if a_first { (ta, tb) } else { (tb, ta) };
    // The colour of the first-team, decided by the first step that applies.
    let first_colour = (|| {
        if f.played().next().is_none() && o.played().next().is_none() {
            return if f.tpn % 2 == 1 {
                initial
            } else {
                initial.other()
            };
        }
        let (pf, po) = (
            round.pref(a_or(a_first, a, b)),
            round.pref(a_or(!a_first, a, b)),
        );
        match (pf, po) {
            (Some((x, _)), None) => return x,
            (None, Some((y, _))) => return y.other(),
            (Some((x, _)), Some((y, _))) if x != y => return x,
            _ => {}
        }
        if round.options.colour_preference == ColourPreferenceType::B
            && let (Some((x, sx)), Some((_, so))) = (pf, po)
            && sx != so
        {
            return if sx { x } else { x.other() };
        }
        let (cf, co) = (f.cd(), o.cd());
        if cf != co {
            return if cf < co { Side::Red } else { Side::Black };
        }
        for (x, y) in f.colours.iter().zip(&o.colours).rev() {
            if let (Some(x), Some(y)) = (x, y)
                && x != y
            {
                return x.other();
            }
        }
        if let Some((x, _)) = pf {
            return x;
        }
        if let Some(last) = f.played().next_back() {
            return last.other();
        }
        if let Some(last) = o.played().next_back() {
            return last;
        }
        Side::Red
    })();
    (first_colour == Side::Red) == a_first
}

fn a_or(pick_a: bool, a: usize, b: usize) -> usize {
    if pick_a { a } else { b }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ColourPreferenceType::{A, B};
    use Side::{Black as Bl, Red as W};

    fn team(colours: &[Option<Side>]) -> FideTeam {
        FideTeam {
            tpn: 1,
            colours: colours.to_vec(),
            ..FideTeam::default()
        }
    }

    #[test]
    fn colour_preferences_of_type_a_and_type_b_follow_article_1_7() {
        // CD +2: Black, strong. CD −1 with Black twice running: White (A), strong (B).
        let t = team(&[Some(W), Some(W)]);
        assert_eq!(t.preference(A, false), Some((Bl, true)));
        assert_eq!(t.preference(B, false), Some((Bl, true)));
        let t = team(&[Some(W), None, Some(Bl), Some(Bl)]);
        assert_eq!(t.cd(), -1);
        assert_eq!(t.preference(A, false), Some((W, true)));
        // CD −1 after one match: no Type A preference, a mild Type B one.
        let t = team(&[Some(Bl)]);
        assert_eq!(t.preference(A, false), None);
        assert_eq!(t.preference(B, false), Some((W, false)));
        assert_eq!(t.preference(B, true), Some((W, false)));
        // CD 0, Black last: mild White, except in the last round.
        let t = team(&[Some(W), Some(Bl)]);
        assert_eq!(t.preference(A, false), None);
        assert_eq!(t.preference(B, false), Some((W, false)));
        assert_eq!(t.preference(B, true), None);
        // A team that has played nothing has no preference; the "none" type never has one.
        assert_eq!(team(&[None, None]).preference(B, false), None);
        let t = team(&[Some(W), Some(W)]);
        assert_eq!(t.preference(ColourPreferenceType::None, false), None);
    }
}
