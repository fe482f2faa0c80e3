//! 团体赛名次 — the standings of a team event (rules.md §1.8): 场分 (match points) first, then
//! the tie-breaks a regulation lists, among them FIDE C.07's team tie-breaks: EDET (extended
//! direct encounter), EMGSB (opponents' match points × own game points), BH:MP (Buchholz of match
//! points), SB:MP, DE, MPvGP and 局分 (game points). Pure: [`TeamTable`] is read once from a
//! [`TeamEvent`]; each tie-break is a function over it; [`team_standings`] ranks. The Chinese
//! criteria are these under their own names — 局分 GP, 对手分 BH:MP with no cut (its byes and
//! forfeits read as below), 直胜 DE — and 台次分 (BW), below; the board prizes (台次奖) are
//! [`super::team_cn`]'s.
//!
//! 台次分 — the rule, and where it comes from. A team's board points are the points it scored
//! on each board over all its rounds (a forfeited match: every board to the winner, as its
//! 局分; a bye: its 局分 spread evenly over the boards). Practice reads them two ways, a
//! setting of the tie-break ([`BoardPointsReading`]):
//! - weighted (the default, code `BW`): Σ board k's points × (boards + 1 − k), board 1 counting
//!   as many times as there are boards and the last board once — the weighting chess team
//!   leagues call Berliner Wertung ("reziproke Brettwertung"), and what 台次分 weighs in
//!   Chinese team events that print it: a front board's win worth more than a back board's;
//! - board by board (`BW/L`): board 1's points first, equal, board 2's, and so on — the reading
//!   of regulations that write "比第一台成绩（胜率），并以此类推" after 直胜.
//!   Its value in the standings is the team's place inside the group it split (1, 2, …), 0
//!   where it split none, as DE's.
//!
//! The readings this module follows, where C.07 leaves room (they are those of FIDE TEC's
//! TieBreakServer 1.9.57, against whose values for the Grandmommy's Cup sample the tests check):
//! - Forfeited matches count as played against the scheduled opponent (C.07's `/P`).
//! - A team's own round without an opponent (a bye of any kind) meets a dummy opponent with the
//!   team's own match points (2023/2024 rules); under the March 2026 rules at most a draw in
//!   every round (rounds × a draw's match points).
//! - An opponent's score is "adjusted": a half- or zero-point bye in the team's trailing run
//!   of byes and forfeit losses (after its last round that was neither) counts as a draw.
//! - Buchholz cuts (`C1`) take a half- or zero-point bye round first, then the lowest values.
//! - EMGSB's cut takes the contribution of the lowest-scored opponent (the smaller
//!   contribution among equals), not the smallest product.
//! - EDET: match points scored in the matches between the tied teams (when every pair met;
//!   otherwise a leader is separated only while no other team could still catch him); teams
//!   still tied, game points of those matches; then board by board (board 1's points in those
//!   matches, then board 2's …). Every sub-group still tied and smaller than its group is
//!   split again the same way. DE is the same on match points alone. Its value in the
//!   standings is the team's place inside the group it split (1, 2, …), 0 where it split none.
//! - MPvGP: with match points as the primary score, the secondary score is game points.

use crate::model::{BoardPointsReading, TeamTiebreak, TeamTiebreakSpec};
use crate::model::{ByeKind, FideEdition, Points, TeamEvent, TeamNo};

/// One round of one team as the tie-breaks see it.
#[derive(Clone, Debug, PartialEq)]
pub enum TeamCell {
    /// A match, played or forfeited: `opponent` is a row of the table.
    Match {
        opponent: usize,
        mp: Points,
        gp: Points,
        /// Forfeited as a whole; `lost` when this team did not win it.
        forfeit: Option<bool>,
        /// This team's game points board by board (board 1 first).
        boards: Vec<Points>,
    },
    /// No match: a bye of that kind (a team in no match and no bye has a zero-point bye).
    Bye {
        kind: ByeKind,
        mp: Points,
        gp: Points,
    },
}

impl TeamCell {
    fn mp(&self) -> Points {
        match self {
            TeamCell::Match { mp, .. } | TeamCell::Bye { mp, .. } => *mp,
        }
    }
    fn gp(&self) -> Points {
        match self {
            TeamCell::Match { gp, .. } | TeamCell::Bye { gp, .. } => *gp,
        }
    }
    /// A half- or zero-point bye: a round the team chose (or was content) not to play.
    fn requested_bye(&self) -> bool {
        matches!(
            self,
            TeamCell::Bye {
                kind: ByeKind::Half | ByeKind::Zero,
                ..
            }
        )
    }
    /// A bye of any kind or a forfeited match not won.
    fn unplayed_not_won(&self) -> bool {
        matches!(
            self,
            TeamCell::Bye { .. }
                | TeamCell::Match {
                    forfeit: Some(true),
                    ..
                }
        )
    }
}

/// The rounds of every team, read once.
#[derive(Clone, Debug)]
pub struct TeamTable {
    /// The team of each row, in the event's order.
    pub teams: Vec<TeamNo>,
    /// `rows[i][r]` is round r+1 of team `teams[i]`.
    pub rows: Vec<Vec<TeamCell>>,
    pub rounds: u32,
    /// A match won and drawn, in match points.
    pub win: Points,
    pub draw: Points,
}

impl TeamTable {
    /// The table of `event` after its first `rounds` rounds.
    pub fn new(event: &TeamEvent, rounds: u32) -> TeamTable {
        let teams: Vec<TeamNo> = event.teams.iter().map(|t| t.number).collect();
        let index = |n: TeamNo| teams.iter().position(|&t| t == n);
        let zero = TeamCell::Bye {
            kind: ByeKind::Zero,
            mp: event.match_points.loss,
            gp: Points::ZERO,
        };
        let mut rows: Vec<Vec<Option<TeamCell>>> = vec![vec![None; rounds as usize]; teams.len()];
        for m in &event.matches {
            if m.round == 0 || m.round > rounds {
                continue;
            }
            let (Some(a), Some(b)) = (index(m.first), index(m.second)) else {
                continue;
            };
            let r = (m.round - 1) as usize;
            let (ga, gb) = m.game_points(event.boards);
            let (ma, mb) = m.match_points(&event.match_points, event.boards);
            let lost = |won_first: bool| {
                m.forfeit.map(|f| match f {
                    crate::model::MatchForfeit::FirstWins => !won_first,
                    crate::model::MatchForfeit::SecondWins => won_first,
                    crate::model::MatchForfeit::Both => true,
                })
            };
            // A forfeited match counts every board to the winner, whatever was recorded.
            let boards = |first: bool| -> Vec<Points> {
                match lost(first) {
                    Some(l) => {
                        let p = if l { Points::ZERO } else { Points::whole(1) };
                        vec![p; event.boards as usize]
                    }
                    None => m
                        .boards
                        .iter()
                        .map(|g| if first { g.first } else { g.second })
                        .collect(),
                }
            };
            if rows[a][r].is_none() {
                rows[a][r] = Some(TeamCell::Match {
                    opponent: b,
                    mp: ma,
                    gp: ga,
                    forfeit: lost(true),
                    boards: boards(true),
                });
            }
            if rows[b][r].is_none() {
                rows[b][r] = Some(TeamCell::Match {
                    opponent: a,
                    mp: mb,
                    gp: gb,
                    forfeit: lost(false),
                    boards: boards(false),
                });
            }
        }
        for y in &event.byes {
            if y.round == 0 || y.round > rounds {
                continue;
            }
            if let Some(i) = index(y.team) {
                let (mp, gp) = event.bye_points(y.kind);
                let cell = &mut rows[i][(y.round - 1) as usize];
                if cell.is_none() {
                    *cell = Some(TeamCell::Bye {
                        kind: y.kind,
                        mp,
                        gp,
                    });
                }
            }
        }
        TeamTable {
            teams,
            rows: rows
                .into_iter()
                .map(|row| {
                    row.into_iter()
                        .map(|c| c.unwrap_or_else(|| zero.clone()))
                        .collect()
                })
                .collect(),
            rounds,
            win: event.match_points.win,
            draw: event.match_points.draw,
        }
    }

    pub fn len(&self) -> usize {
        self.teams.len()
    }

    pub fn is_empty(&self) -> bool {
        self.teams.is_empty()
    }

    /// 场分 of row `i`.
    pub fn match_points(&self, i: usize) -> Points {
        self.rows[i].iter().map(TeamCell::mp).sum()
    }

    /// 局分 of row `i`.
    pub fn game_points(&self, i: usize) -> Points {
        self.rows[i].iter().map(TeamCell::gp).sum()
    }

    /// Row `i`'s match points as its opponents' tie-breaks see them: a half- or zero-point
    /// bye in its trailing run of byes and lost forfeits counts as a draw.
    pub fn adjusted_match_points(&self, i: usize) -> Points {
        let row = &self.rows[i];
        let tail = row
            .iter()
            .rposition(|c| !c.unplayed_not_won())
            .map_or(0, |k| k + 1);
        row.iter()
            .enumerate()
            .map(|(r, c)| {
                if r >= tail && c.requested_bye() {
                    self.draw
                } else {
                    c.mp()
                }
            })
            .sum()
    }
}

/// The C.07 edition in force on `start`: the March 2026 rules from 1 March 2026.
pub fn edition_on(start: Option<chrono::NaiveDate>) -> FideEdition {
    match (start, chrono::NaiveDate::from_ymd_opt(2026, 3, 1)) {
        (Some(d), Some(cutover)) if d < cutover => FideEdition::E2023,
        _ => FideEdition::E2026,
    }
}

/// One round's contribution to a Buchholz-like sum.
#[derive(Clone, Copy, Debug)]
struct Contribution {
    opponent: f64,
    value: f64,
    /// A half- or zero-point bye (cut first by Buchholz).
    requested: bool,
}

/// The dummy opponent's match points for row `i`'s rounds without an opponent.
fn dummy(t: &TeamTable, i: usize, edition: FideEdition) -> f64 {
    let own = t.match_points(i).as_f64();
    match edition {
        FideEdition::E2023 => own,
        FideEdition::E2026 => own.min(t.draw.as_f64() * f64::from(t.rounds)),
    }
}

/// Row `i`'s contributions: the opponent's (or dummy's) match points and that times `weight`
/// of the round (1 for Buchholz, own game points for EMGSB, own match points for SB:MP).
fn contributions(
    t: &TeamTable,
    adjusted: &[f64],
    i: usize,
    edition: FideEdition,
    weight: impl Fn(&TeamCell) -> f64,
) -> Vec<Contribution> {
    t.rows[i]
        .iter()
        .map(|c| {
            let opponent = match c {
                TeamCell::Match { opponent, .. } => adjusted[*opponent],
                TeamCell::Bye { .. } => dummy(t, i, edition),
            };
            Contribution {
                opponent,
                value: opponent * weight(c),
                requested: c.requested_bye(),
            }
        })
        .collect()
}

fn adjusted_all(t: &TeamTable) -> Vec<f64> {
    (0..t.len())
        .map(|i| t.adjusted_match_points(i).as_f64())
        .collect()
}

/// BH:MP with `cut` cut: requested byes first, then the lowest values.
pub fn buchholz_mp(t: &TeamTable, cut: u8, edition: FideEdition) -> Vec<f64> {
    let adjusted = adjusted_all(t);
    (0..t.len())
        .map(|i| {
            let mut c = contributions(t, &adjusted, i, edition, |_| 1.0);
            c.sort_by(|a, b| {
                b.requested
                    .cmp(&a.requested)
                    .then(a.value.total_cmp(&b.value))
            });
            c.iter().skip(usize::from(cut)).map(|x| x.value).sum()
        })
        .collect()
}

/// Sum of the contributions after cutting `cut` times the lowest-scored opponent's (the
/// smaller contribution among equals).
fn cut_lowest_opponents(mut c: Vec<Contribution>, cut: u8) -> f64 {
    for _ in 0..cut {
        let Some(k) = (0..c.len()).min_by(|&a, &b| {
            c[a].opponent
                .total_cmp(&c[b].opponent)
                .then(c[a].value.total_cmp(&c[b].value))
        }) else {
            break;
        };
        c.swap_remove(k);
    }
    c.iter().map(|x| x.value).sum()
}

/// EMGSB: Σ opponent's match points × own game points in that round, `cut` cut.
pub fn emgsb(t: &TeamTable, cut: u8, edition: FideEdition) -> Vec<f64> {
    let adjusted = adjusted_all(t);
    (0..t.len())
        .map(|i| {
            let c = contributions(t, &adjusted, i, edition, |c| c.gp().as_f64());
            cut_lowest_opponents(c, cut)
        })
        .collect()
}

/// SB:MP: Σ opponent's match points × own match points in that round, `cut` cut.
pub fn sonneborn_berger_mp(t: &TeamTable, cut: u8, edition: FideEdition) -> Vec<f64> {
    let adjusted = adjusted_all(t);
    (0..t.len())
        .map(|i| {
            let c = contributions(t, &adjusted, i, edition, |c| c.mp().as_f64());
            cut_lowest_opponents(c, cut)
        })
        .collect()
}

/// Splits `order` (already sorted by `cmp`) into runs of equals.
fn runs(order: Vec<usize>, cmp: impl Fn(usize, usize) -> std::cmp::Ordering) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for k in order {
        match out.last_mut() {
            Some(run) if cmp(run[0], k) == std::cmp::Ordering::Equal => run.push(k),
            _ => out.push(vec![k]),
        }
    }
    out
}

/// Direct encounter among the teams of `group` (rows of `t`): match points of the matches
/// between them; with `extended`, then their game points, then board by board (EDET). Returns
/// the group split into ordered blocks of teams still tied.
pub fn direct_encounter(t: &TeamTable, group: &[usize], extended: bool) -> Vec<Vec<usize>> {
    let n = group.len();
    if n < 2 {
        return vec![group.to_vec()];
    }
    let member = |row: usize| group.iter().position(|&g| g == row);
    let mut mp = vec![0i64; n];
    let mut gp = vec![0i64; n];
    let mut boards: Vec<Vec<i64>> = vec![Vec::new(); n];
    let mut met = vec![false; n * n];
    for (k, &i) in group.iter().enumerate() {
        for c in &t.rows[i] {
            if let TeamCell::Match {
                opponent,
                mp: m,
                gp: g,
                boards: b,
                ..
            } = c
                && let Some(o) = member(*opponent)
            {
                mp[k] += i64::from(m.halves());
                gp[k] += i64::from(g.halves());
                if boards[k].len() < b.len() {
                    boards[k].resize(b.len(), 0);
                }
                for (x, p) in b.iter().enumerate() {
                    boards[k][x] += i64::from(p.halves());
                }
                met[k * n + o] = true;
            }
        }
    }
    let unmet = |k: usize| (0..n).filter(|&m| m != k && !met[k * n + m]).count() as i64;
    let all_met = (0..n).all(|k| unmet(k) == 0);
    let order: Vec<usize> = (0..n).collect();
    let mut blocks: Vec<Vec<usize>> = if all_met {
        let mut o = order;
        o.sort_by(|&a, &b| mp[b].cmp(&mp[a]));
        runs(o, |a, b| mp[b].cmp(&mp[a]))
    } else {
        let win = i64::from(t.win.halves());
        let max: Vec<i64> = (0..n).map(|k| mp[k] + unmet(k) * win).collect();
        let mut rest = order;
        rest.sort_by(|&a, &b| mp[b].cmp(&mp[a]));
        let mut out = Vec::new();
        while rest.len() > 1 && rest[1..].iter().all(|&o| mp[rest[0]] > max[o]) {
            out.push(vec![rest.remove(0)]);
        }
        out.push(rest);
        out
    };
    if extended && all_met && blocks.len() == 1 {
        let mut o: Vec<usize> = (0..n).collect();
        o.sort_by(|&a, &b| gp[b].cmp(&gp[a]));
        blocks = runs(o, |a, b| gp[b].cmp(&gp[a]));
        if blocks.len() == 1 {
            let mut o: Vec<usize> = (0..n).collect();
            o.sort_by(|&a, &b| boards[b].cmp(&boards[a]));
            blocks = runs(o, |a, b| boards[b].cmp(&boards[a]));
        }
    }
    let mut result = Vec::new();
    for b in blocks {
        let rows: Vec<usize> = b.iter().map(|&k| group[k]).collect();
        if rows.len() > 1 && rows.len() < n {
            result.extend(direct_encounter(t, &rows, extended));
        } else {
            result.push(rows);
        }
    }
    result
}

/// Each row's points board by board over its rounds (board 1 first), byes spread evenly.
pub fn board_totals(t: &TeamTable, boards: u32) -> Vec<Vec<f64>> {
    let n = boards.max(1) as usize;
    t.rows
        .iter()
        .map(|row| {
            let mut sum = vec![0.0; n];
            for cell in row {
                match cell {
                    TeamCell::Match { boards: b, .. } => {
                        for (k, p) in b.iter().enumerate().take(n) {
                            sum[k] += p.as_f64();
                        }
                    }
                    TeamCell::Bye { gp, .. } => {
                        for s in sum.iter_mut() {
                            *s += gp.as_f64() / n as f64;
                        }
                    }
                }
            }
            sum
        })
        .collect()
}

/// 台次分, weighted: Σ board k's points × (boards + 1 − k).
pub fn board_points_weighted(t: &TeamTable, boards: u32) -> Vec<f64> {
    let n = boards.max(1) as usize;
    board_totals(t, boards)
        .into_iter()
        .map(|b| b.iter().enumerate().map(|(k, p)| p * (n - k) as f64).sum())
        .collect()
}

/// 台次分 read board by board: `group` (rows of `t`) split into ordered blocks of teams still
/// tied, board 1's points first.
pub fn board_by_board(t: &TeamTable, boards: u32, group: &[usize]) -> Vec<Vec<usize>> {
    let totals = board_totals(t, boards);
    let cmp = |a: usize, b: usize| {
        totals[b]
            .iter()
            .zip(&totals[a])
            .map(|(x, y)| x.total_cmp(y))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    let mut order = group.to_vec();
    order.sort_by(|&a, &b| cmp(a, b));
    let mut out: Vec<Vec<usize>> = Vec::new();
    for k in order {
        match out.last_mut() {
            Some(run) if cmp(run[0], k).is_eq() => run.push(k),
            _ => out.push(vec![k]),
        }
    }
    out
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamStanding {
    /// 名次 — equal for teams still tied after the whole list.
    pub rank: u32,
    pub team: TeamNo,
    /// 场分.
    pub match_points: Points,
    /// 局分.
    pub game_points: Points,
    /// Each tie-break's value, in list order.
    pub values: Vec<f64>,
}

/// The values of one (non-encounter) tie-break for every row.
fn values(t: &TeamTable, tb: TeamTiebreak, edition: FideEdition, boards: u32) -> Vec<f64> {
    match tb {
        TeamTiebreak::Emgsb { cut } => emgsb(t, cut, edition),
        TeamTiebreak::BuchholzMp { cut } => buchholz_mp(t, cut, edition),
        TeamTiebreak::SonnebornBergerMp { cut } => sonneborn_berger_mp(t, cut, edition),
        TeamTiebreak::MpVsGp | TeamTiebreak::GamePoints => {
            (0..t.len()).map(|i| t.game_points(i).as_f64()).collect()
        }
        TeamTiebreak::BoardPoints(BoardPointsReading::Weighted) => board_points_weighted(t, boards),
        TeamTiebreak::ExtendedDirectEncounter
        | TeamTiebreak::DirectEncounter
        | TeamTiebreak::BoardPoints(BoardPointsReading::BoardByBoard) => vec![0.0; t.len()],
    }
}

/// The standings of `event` after `rounds` rounds: match points, then `list` in order, under
/// `edition` where an entry names none. Teams still tied share the place and stand in team
/// number order.
pub fn team_standings(
    event: &TeamEvent,
    list: &[TeamTiebreakSpec],
    edition: FideEdition,
    rounds: u32,
) -> Vec<TeamStanding> {
    let t = TeamTable::new(event, rounds);
    let n = t.len();
    let mp: Vec<Points> = (0..n).map(|i| t.match_points(i)).collect();
    let mut table: Vec<Vec<f64>> = vec![vec![0.0; list.len()]; n];
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| mp[b].cmp(&mp[a]).then(t.teams[a].cmp(&t.teams[b])));
    let mut blocks = runs(order, |a, b| mp[b].cmp(&mp[a]));
    for (k, spec) in list.iter().enumerate() {
        let ed = spec.edition.unwrap_or(edition);
        let v = values(&t, spec.tiebreak, ed, event.boards);
        for i in 0..n {
            table[i][k] = v[i];
        }
        // Tie-breaks that split a group by its members' place in it rather than by a value.
        let split_group = |block: &[usize]| match spec.tiebreak {
            TeamTiebreak::ExtendedDirectEncounter => Some(direct_encounter(&t, block, true)),
            TeamTiebreak::DirectEncounter => Some(direct_encounter(&t, block, false)),
            TeamTiebreak::BoardPoints(BoardPointsReading::BoardByBoard) => {
                Some(board_by_board(&t, event.boards, block))
            }
            _ => None,
        };
        let mut next = Vec::new();
        for block in blocks {
            if block.len() < 2 {
                next.push(block);
                continue;
            }
            match split_group(&block) {
                Some(split) => {
                    if split.len() > 1 {
                        let mut ahead = 0;
                        for b in &split {
                            for &i in b {
                                table[i][k] = f64::from(ahead as u32 + 1);
                            }
                            ahead += b.len();
                        }
                    }
                    next.extend(split);
                }
                None => {
                    let mut b = block;
                    b.sort_by(|&x, &y| v[y].total_cmp(&v[x]));
                    next.extend(runs(b, |x, y| v[y].total_cmp(&v[x])));
                }
            }
        }
        blocks = next;
    }
    let mut out = Vec::with_capacity(n);
    let mut place = 1u32;
    for mut b in blocks {
        b.sort_by_key(|&i| t.teams[i]);
        for &i in &b {
            out.push(TeamStanding {
                rank: place,
                team: t.teams[i],
                match_points: mp[i],
                game_points: t.game_points(i),
                values: table[i].clone(),
            });
        }
        place += b.len() as u32;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::parse_team_list;
    use crate::model::{BoardGame, MatchForfeit, Side, Team, TeamBye, TeamMatch};

    /// A match of two boards; `a` and `b` are the first team's points in halves.
    fn m(round: u32, first: u32, second: u32, a: i32, b: i32) -> TeamMatch {
        let board = |n: u32, p: i32| BoardGame {
            board: n,
            first_colour: if n == 1 { Side::Red } else { Side::Black },
            first: Points(p),
            second: Points(2 - p),
            forfeit: false,
        };
        TeamMatch {
            round,
            first,
            second,
            first_colour: Side::Red,
            boards: vec![board(1, a), board(2, b)],
            forfeit: None,
        }
    }

    fn event(teams: u32, rounds: u32) -> TeamEvent {
        let mut e = TeamEvent::new(2, rounds);
        e.teams = (1..=teams)
            .map(|n| Team {
                number: n,
                name: format!("T{n}"),
                code: String::new(),
            })
            .collect();
        e
    }

    fn list(codes: &str) -> Vec<TeamTiebreakSpec> {
        parse_team_list(codes).unwrap()
    }

    /// Four teams, two boards, three rounds, 2-1-0 (worked by hand):
    /// R1 1–2 1½–½, 3–4 1–1; R2 1–3 ½–1½, 2–4 won by 2 by forfeit; R3 1–4 1½–½, 2–3 1–1.
    /// MP 1: 4, 2: 3, 3: 4, 4: 1. GP 1: 3½, 2: 3½, 3: 3½, 4: 1½.
    fn four() -> TeamEvent {
        let mut e = event(4, 3);
        e.matches = vec![
            m(1, 1, 2, 2, 1),
            m(1, 3, 4, 1, 1),
            m(2, 1, 3, 0, 1),
            TeamMatch {
                boards: Vec::new(),
                forfeit: Some(MatchForfeit::FirstWins),
                ..m(2, 2, 4, 0, 0)
            },
            m(3, 1, 4, 2, 1),
            m(3, 2, 3, 1, 1),
        ];
        e
    }

    #[test]
    fn match_and_game_points_are_summed_round_by_round() {
        let t = TeamTable::new(&four(), 3);
        let mp: Vec<Points> = (0..4).map(|i| t.match_points(i)).collect();
        let gp: Vec<Points> = (0..4).map(|i| t.game_points(i)).collect();
        assert_eq!(mp, [Points(8), Points(6), Points(8), Points(2)]);
        assert_eq!(gp, [Points(7), Points(7), Points(7), Points(3)]);
    }

    #[test]
    fn edet_puts_the_winner_of_the_mutual_match_first_then_emgsb_and_bh() {
        // 1 and 3 tie on 4 MP; 3 won their match in round 2.
        // BH:MP 1: 3 + 4 + 1 = 8, cut 1 → 7; 3: 1 + 4 + 3 = 8 → 7.
        // EMGSB 1: 3×1½ + 4×½ + 1×1½ = 8; 3: 1×1 + 4×1½ + 3×1 = 10.
        let s = team_standings(&four(), &list("EDET,EMGSB,BH:MP/C1"), FideEdition::E2023, 3);
        let rows: Vec<(u32, u32, Vec<f64>)> = s
            .iter()
            .map(|l| (l.rank, l.team, l.values.clone()))
            .collect();
        // Team 2: EMGSB 4×½ + 1×2 + 4×1 = 8; BH 4 + 1 + 4 = 9, cut 1 → 8.
        // Team 4: EMGSB 4×1 + 3×0 + 4×½ = 6; BH 4 + 3 + 4 = 11, cut 1 → 8.
        assert_eq!(
            rows,
            [
                (1, 3, vec![1.0, 10.0, 7.0]),
                (2, 1, vec![2.0, 8.0, 7.0]),
                (3, 2, vec![0.0, 8.0, 8.0]),
                (4, 4, vec![0.0, 6.0, 8.0]),
            ]
        );
    }

    #[test]
    fn a_drawn_mutual_match_goes_to_game_points_then_board_by_board() {
        // Two teams met once: 1–1, board 1 drawn... board 1 won by team 2, board 2 by team 1.
        let mut e = event(2, 1);
        e.matches = vec![m(1, 1, 2, 0, 2)];
        let s = team_standings(&e, &list("EDET"), FideEdition::E2026, 1);
        // Equal match and game points; board 1 decides for team 2.
        assert_eq!(
            s.iter().map(|l| (l.team, l.values[0])).collect::<Vec<_>>(),
            [(2, 1.0), (1, 2.0)]
        );
        // Plain DE leaves them tied (shared place, number order).
        let s = team_standings(&e, &list("DE"), FideEdition::E2026, 1);
        assert_eq!(
            s.iter()
                .map(|l| (l.rank, l.team, l.values[0]))
                .collect::<Vec<_>>(),
            [(1, 1, 0.0), (1, 2, 0.0)]
        );
    }

    /// Three teams, two boards, two rounds: R1 1–2 2–0, 3 full-point bye; R2 1–3 1–1, 2
    /// zero-point bye. MP 1: 3, 2: 0, 3: 3.
    fn with_byes() -> TeamEvent {
        let mut e = event(3, 2);
        e.matches = vec![m(1, 1, 2, 2, 2), m(2, 1, 3, 1, 1)];
        e.byes = vec![
            TeamBye {
                round: 1,
                team: 3,
                kind: ByeKind::Full,
            },
            TeamBye {
                round: 2,
                team: 2,
                kind: ByeKind::Zero,
            },
        ];
        e
    }

    #[test]
    fn a_trailing_zero_point_bye_counts_as_a_draw_for_the_opponents() {
        let t = TeamTable::new(&with_byes(), 2);
        assert_eq!(t.match_points(1), Points::ZERO);
        assert_eq!(t.adjusted_match_points(1), Points::whole(1));
        // Team 1's BH: team 2 adjusted 1 + team 3's 3 = 4.
        assert_eq!(buchholz_mp(&t, 0, FideEdition::E2023)[0], 4.0);
        // Team 2: team 1's 3 + a dummy of its own 0 = 3; the cut takes the zero-point bye
        // round first (0), leaving 3.
        assert_eq!(buchholz_mp(&t, 0, FideEdition::E2023)[1], 3.0);
        assert_eq!(buchholz_mp(&t, 1, FideEdition::E2023)[1], 3.0);
    }

    #[test]
    fn a_full_point_bye_meets_the_own_score_in_2024_and_at_most_a_draw_a_round_in_2026() {
        let t = TeamTable::new(&with_byes(), 2);
        // Team 3: round 1's dummy has its own 3 MP (2024) or min(3, 2 rounds × 1) = 2 (2026);
        // round 2's opponent, team 1, has 3.
        assert_eq!(buchholz_mp(&t, 0, FideEdition::E2023)[2], 6.0);
        assert_eq!(buchholz_mp(&t, 0, FideEdition::E2026)[2], 5.0);
        // EMGSB: 3 × 2 game points + 3 × 1 = 9 (2024); 2 × 2 + 3 × 1 = 7 (2026).
        assert_eq!(emgsb(&t, 0, FideEdition::E2023)[2], 9.0);
        assert_eq!(emgsb(&t, 0, FideEdition::E2026)[2], 7.0);
        // SB:MP: 3 × 2 (the bye won) + 3 × 1 (drawn) = 9.
        assert_eq!(sonneborn_berger_mp(&t, 0, FideEdition::E2023)[2], 9.0);
    }

    #[test]
    fn codes_read_with_their_modifiers_and_unknown_ones_are_refused() {
        let s = TeamTiebreak::parse("EMGSB/C1/P").unwrap();
        assert_eq!(s.tiebreak, TeamTiebreak::Emgsb { cut: 1 });
        assert_eq!(s.edition, None);
        let s = TeamTiebreak::parse("BH:MP/C1/P/V2026").unwrap();
        assert_eq!(s.tiebreak, TeamTiebreak::BuchholzMp { cut: 1 });
        assert_eq!(s.edition, Some(FideEdition::E2026));
        assert_eq!(
            TeamTiebreak::parse("MPvGP").unwrap().tiebreak,
            TeamTiebreak::MpVsGp
        );
        assert_eq!(TeamTiebreak::parse("MPvGP/C1"), None);
        assert_eq!(TeamTiebreak::parse("XYZ"), None);
        assert_eq!(
            parse_team_list("EDET/P, SB:MP, BUZZ"),
            Err("BUZZ".to_string())
        );
        assert_eq!(
            edition_on(chrono::NaiveDate::from_ymd_opt(2024, 12, 1)),
            FideEdition::E2023
        );
        assert_eq!(
            edition_on(chrono::NaiveDate::from_ymd_opt(2026, 3, 1)),
            FideEdition::E2026
        );
    }
}
