//! 名次排列 — the ranking algorithm of rules.md §1.6.4a. Players are sorted by points; each
//! group of equal points is split by the criteria in order, each criterion working only inside
//! the sub-groups the previous ones left. Criteria that depend on the tied group itself (直胜/DE,
//! 对局时后走) are evaluated on the current sub-group; 前一轮名次 compares the standings after
//! earlier rounds, computed with the same list and cached per round. Whatever is still tied at
//! the end shares the place or is separated by a recorded drawing of lots. A house player
//! (补双选手) is not ranked: he is left out of the places, not out of the crosstable.

use super::crosstable::{Cell, Crosstable};
use super::fide::{self, Context};
use super::{national, xiangqi};
use crate::model::{Direction, StandingsSettings, Tiebreak};
use crate::model::{Lots, PairingSystem, Section, Side};
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::rc::Rc;

/// The outcome of ranking one section after some rounds.
#[derive(Clone, Debug)]
pub struct Ranked {
    /// Row indices of the crosstable, best first; unranked rows (house players) are left out.
    pub order: Vec<usize>,
    /// 名次 per row (equal for shared places; 0 for an unranked row).
    pub rank: Vec<u32>,
    /// Rows whose place was decided by drawing lots.
    pub by_lot: Vec<bool>,
    /// `values[t][row]` — the value of tiebreak `t` of the list (group-dependent ones such as
    /// DE show how many tied players the criterion put below the player).
    pub values: Vec<Vec<f64>>,
}

/// Ranks `section` after `rounds` rounds with `settings`. `lots_seed` breaks the ties left
/// (`None`: they share the place).
pub fn rank(
    section: &Section,
    settings: &StandingsSettings,
    rounds: u32,
    lots_seed: Option<u64>,
) -> (Crosstable, Ranked) {
    let engine = Engine {
        full: Crosstable::new(section, rounds),
        settings,
        round_robin: section.settings.system == PairingSystem::RoundRobin,
        earlier: RefCell::new(HashMap::new()),
    };
    let ranked = engine.run(rounds, lots_seed, true);
    (engine.full, ranked)
}

struct Engine<'a> {
    /// The crosstable after the rounds asked for; earlier rounds are its prefixes.
    full: Crosstable,
    settings: &'a StandingsSettings,
    round_robin: bool,
    /// Ranks (shared places) after earlier rounds, for 前一轮名次.
    earlier: RefCell<HashMap<u32, Rc<Vec<u32>>>>,
}

/// Stable sort of `group` by `cmp` (Less = better), in place; the lengths of its runs of
/// equals, in order.
fn sort_runs(group: &mut [usize], cmp: impl Fn(usize, usize) -> Ordering) -> Vec<usize> {
    group.sort_by(|&a, &b| cmp(a, b));
    let mut runs = Vec::new();
    let mut first = 0;
    for k in 1..=group.len() {
        if k == group.len() || cmp(group[first], group[k]) != Ordering::Equal {
            runs.push(k - first);
            first = k;
        }
    }
    runs
}

/// Stable sort of `group` by `cmp` (Less = better), split into runs of equals.
fn split_by(mut group: Vec<usize>, cmp: impl Fn(usize, usize) -> Ordering) -> Vec<Vec<usize>> {
    let runs = sort_runs(&mut group, &cmp);
    let mut first = 0;
    runs.into_iter()
        .map(|len| {
            first += len;
            group[first - len..first].to_vec()
        })
        .collect()
}

/// Writes `blocks` (a reordering of a group, split) back into `group`; their lengths.
fn write_back(group: &mut [usize], blocks: Vec<Vec<usize>>) -> Vec<usize> {
    let mut k = 0;
    let mut runs = Vec::with_capacity(blocks.len());
    for b in blocks {
        group[k..k + b.len()].copy_from_slice(&b);
        k += b.len();
        runs.push(b.len());
    }
    runs
}

impl Engine<'_> {
    /// Ranks after `rounds` rounds. Tiebreak values are computed when a tie first needs them;
    /// with `display`, every value of the list is filled in for printing.
    fn run(&self, rounds: u32, lots_seed: Option<u64>, display: bool) -> Ranked {
        let prefix;
        let ct = if rounds >= self.full.rounds {
            &self.full
        } else {
            prefix = self.full.prefix(rounds);
            &prefix
        };
        let mut values: Vec<Option<Vec<f64>>> = vec![None; self.settings.tiebreaks.len()];
        // The ranked players: a house player (补双) is left out here and only here, so places
        // are numbered without him while tiebreaks still read his row.
        let mut order: Vec<usize> = (0..ct.len()).filter(|&i| ct.rows[i].ranked).collect();
        // The lengths of the blocks still tied at the end, in order.
        let mut blocks: Vec<usize> = Vec::new();
        let mut first = 0;
        for len in sort_runs(&mut order, |a, b| ct.rows[b].total.cmp(&ct.rows[a].total)) {
            self.split(
                ct,
                &mut values,
                &mut order[first..first + len],
                0,
                &mut blocks,
            );
            first += len;
        }
        let values: Vec<Vec<f64>> = if display {
            values
                .into_iter()
                .zip(&self.settings.tiebreaks)
                .map(|(v, &tb)| v.unwrap_or_else(|| self.values(ct, tb)))
                .collect()
        } else {
            Vec::new()
        };
        let mut lots = lots_seed.map(Lots::new);
        let mut ranked = Ranked {
            order: Vec::with_capacity(ct.len()),
            rank: vec![0; ct.len()],
            by_lot: vec![false; ct.len()],
            values,
        };
        let mut first = 0;
        for len in blocks {
            let block = &mut order[first..first + len];
            first += len;
            block.sort_by_key(|&i| {
                let r = &ct.rows[i];
                (r.number.is_none(), r.number, r.id)
            });
            let place = ranked.order.len() as u32 + 1;
            match lots.as_mut() {
                Some(l) if block.len() > 1 => {
                    l.shuffle(block);
                    for (k, &i) in block.iter().enumerate() {
                        ranked.rank[i] = place + k as u32;
                        ranked.by_lot[i] = true;
                    }
                }
                _ => {
                    for &i in block.iter() {
                        ranked.rank[i] = place;
                    }
                }
            }
            ranked.order.extend_from_slice(block);
        }
        ranked
    }

    /// Ranks after `k` rounds with shared places, cached.
    fn ranks_after(&self, k: u32) -> Rc<Vec<u32>> {
        if let Some(r) = self.earlier.borrow().get(&k) {
            return Rc::clone(r);
        }
        let ranks = Rc::new(self.run(k, None, false).rank);
        self.earlier.borrow_mut().insert(k, Rc::clone(&ranks));
        ranks
    }

    /// Orders one tied `group` in place by the criteria from number `level` on, and appends
    /// to `blocks` the lengths of the blocks still tied after the last one.
    fn split(
        &self,
        ct: &Crosstable,
        values: &mut [Option<Vec<f64>>],
        group: &mut [usize],
        level: usize,
        blocks: &mut Vec<usize>,
    ) {
        if group.len() == 1 || level == self.settings.tiebreaks.len() {
            blocks.push(group.len());
            return;
        }
        let mut first = 0;
        for len in self.apply(ct, values, level, group) {
            self.split(
                ct,
                values,
                &mut group[first..first + len],
                level + 1,
                blocks,
            );
            first += len;
        }
    }

    /// Orders one tied group by tiebreak number `t`, in place; the lengths of the ordered
    /// sub-groups it splits into.
    fn apply(
        &self,
        ct: &Crosstable,
        values: &mut [Option<Vec<f64>>],
        t: usize,
        group: &mut [usize],
    ) -> Vec<usize> {
        let tb = self.settings.tiebreaks[t];
        let n = ct.len();
        match tb {
            Tiebreak::DirectEncounter { forfeits } => {
                let blocks = direct_encounter(ct, group, forfeits || self.round_robin);
                let shown = values[t].get_or_insert_with(|| vec![0.0; n]);
                let mut below = group.len();
                for b in &blocks {
                    below -= b.len();
                    for &i in b {
                        shown[i] = below as f64;
                    }
                }
                write_back(group, blocks)
            }
            Tiebreak::BlackInMutualGame => {
                let blocks = black_in_mutual_game(ct, group);
                let shown = values[t].get_or_insert_with(|| vec![0.0; n]);
                if blocks.len() == 2 {
                    shown[blocks[0][0]] = 1.0;
                }
                write_back(group, blocks)
            }
            Tiebreak::RemoveRounds => {
                let keys: HashMap<usize, Vec<i64>> = group
                    .iter()
                    .map(|&i| (i, xiangqi::remove_rounds_key(ct, i)))
                    .collect();
                sort_runs(group, |a, b| keys[&b].cmp(&keys[&a]))
            }
            Tiebreak::PreviousScore => {
                let keys: HashMap<usize, Vec<i64>> = group
                    .iter()
                    .map(|&i| (i, xiangqi::previous_scores_key(ct, i)))
                    .collect();
                sort_runs(group, |a, b| keys[&b].cmp(&keys[&a]))
            }
            Tiebreak::PreviousRank => {
                // Rank after R−1; players still tied there by R−2, and so on.
                let mut runs = vec![group.len()];
                for k in (1..ct.rounds).rev() {
                    if runs.iter().all(|&len| len == 1) {
                        break;
                    }
                    let ranks = self.ranks_after(k);
                    let mut first = 0;
                    let mut next = Vec::with_capacity(runs.len());
                    for len in runs {
                        let block = &mut group[first..first + len];
                        first += len;
                        if len == 1 {
                            next.push(1);
                        } else {
                            next.extend(sort_runs(block, |x, y| ranks[x].cmp(&ranks[y])));
                        }
                    }
                    runs = next;
                }
                runs
            }
            _ => {
                if values[t].is_none() {
                    values[t] = Some(self.values(ct, tb));
                }
                let v = values[t].as_deref().unwrap_or_default();
                match tb.direction() {
                    Direction::HigherFirst => sort_runs(group, |a, b| v[b].total_cmp(&v[a])),
                    Direction::LowerFirst => sort_runs(group, |a, b| v[a].total_cmp(&v[b])),
                }
            }
        }
    }

    /// The value of one tiebreak for every row (display values for group criteria).
    fn values(&self, ct: &Crosstable, tb: Tiebreak) -> Vec<f64> {
        let s = self.settings;
        let ctx = Context {
            ct,
            edition: s.edition,
            round_robin: self.round_robin,
            unrated: s.unrated_rating,
        };
        match tb {
            Tiebreak::OpponentScore => {
                xiangqi::opponent_score(ct, s.bye_opponent, s.forfeit_opponent)
            }
            Tiebreak::Buchholz { low, high } => fide::buchholz(&ctx, low, high),
            Tiebreak::ForeBuchholz { low, high } => fide::fore_buchholz(&ctx, low, high),
            Tiebreak::AverageOpponentsBuchholz => fide::average_opponents_buchholz(&ctx),
            Tiebreak::SonnebornBerger { cut } => fide::sonneborn_berger(&ctx, cut),
            Tiebreak::Progressive { cut } => fide::progressive(ct, cut),
            Tiebreak::Wins { byes, forfeits } => fide::wins(ct, byes, forfeits),
            Tiebreak::Fouls => xiangqi::fouls(ct),
            Tiebreak::BlackGames => fide::black_games(ct),
            Tiebreak::BlackWins => fide::black_wins(ct),
            Tiebreak::ElectedToPlay => fide::elected_to_play(ct),
            Tiebreak::Koya { limit } => fide::koya(ct, limit),
            Tiebreak::AverageRatingOpponents { low, high } => {
                fide::average_rating_opponents(&ctx, low, high)
            }
            Tiebreak::PerformanceRating => fide::performance_rating(&ctx),
            Tiebreak::PerfectPerformance => fide::perfect_performance(&ctx),
            Tiebreak::AveragePerformanceOpponents => fide::average_performance_opponents(&ctx),
            Tiebreak::AveragePerfectPerformanceOpponents => {
                fide::average_perfect_performance_opponents(&ctx)
            }
            Tiebreak::Rating => ct
                .rows
                .iter()
                .map(|r| f64::from(r.rating.unwrap_or(0)))
                .collect(),
            Tiebreak::Kashdan => national::kashdan(ct),
            Tiebreak::KashdanAllRounds => national::kashdan_all_rounds(ct),
            Tiebreak::VirtualBuchholz { low, high } => national::virtual_buchholz(ct, low, high),
            Tiebreak::FfePerformance => national::ffe_performance(&ctx),
            Tiebreak::RemoveRounds => (0..ct.len())
                .map(|i| {
                    xiangqi::remove_rounds_key(ct, i)
                        .first()
                        .map_or(0.0, |&h| h as f64 / 2.0)
                })
                .collect(),
            Tiebreak::PreviousScore => (0..ct.len())
                .map(|i| {
                    ct.rounds
                        .checked_sub(1)
                        .map_or(0.0, |k| ct.total_after(i, k).as_f64())
                })
                .collect(),
            Tiebreak::PreviousRank if ct.rounds > 1 => {
                let k = ct.rounds - 1;
                self.ranks_after(k).iter().map(|&r| f64::from(r)).collect()
            }
            Tiebreak::PreviousRank
            | Tiebreak::DirectEncounter { .. }
            | Tiebreak::BlackInMutualGame => vec![0.0; ct.len()],
        }
    }
}

/// 直胜 / DE (C.07 art. 6, rules.md §2.6.3) on one tied group: points scored in the games
/// between its members (forfeits only if `forfeits`). When every pair has met, the group is
/// ordered by those points; otherwise the leader is separated only while his points exceed what
/// every other member could still reach (his points + a win for each unplayed pairing). Any
/// sub-group still tied that is smaller than the group is split again the same way.
pub fn direct_encounter(ct: &Crosstable, group: &[usize], forfeits: bool) -> Vec<Vec<usize>> {
    let member: HashMap<usize, usize> = group.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let n = group.len();
    let mut score = vec![0i64; n];
    let mut met = vec![false; n * n];
    for (k, &i) in group.iter().enumerate() {
        let row = &ct.rows[i];
        for (c, p) in row.cells.iter().zip(&row.round_points) {
            let opp = match *c {
                Cell::Game {
                    opponent, played, ..
                } if played || forfeits => opponent,
                _ => continue,
            };
            if let Some(&m) = member.get(&opp) {
                score[k] += i64::from(p.halves());
                met[k * n + m] = true;
            }
        }
    }
    let unmet = |k: usize| (0..n).filter(|&m| m != k && !met[k * n + m]).count() as i64;
    let all_met = (0..n).all(|k| unmet(k) == 0);
    let order: Vec<usize> = (0..n).collect();
    let blocks: Vec<Vec<usize>> = if all_met {
        split_by(order, |a, b| score[b].cmp(&score[a]))
    } else {
        let win = i64::from(ct.win.halves());
        let max: Vec<i64> = (0..n).map(|k| score[k] + unmet(k) * win).collect();
        let mut rest = order;
        rest.sort_by(|&a, &b| score[b].cmp(&score[a]));
        let mut out = Vec::new();
        while rest.len() > 1 && rest[1..].iter().all(|&o| score[rest[0]] > max[o]) {
            out.push(vec![rest.remove(0)]);
        }
        out.push(rest);
        out
    };
    let mut result = Vec::new();
    for b in blocks {
        let players: Vec<usize> = b.iter().map(|&k| group[k]).collect();
        if players.len() > 1 && players.len() < n {
            result.extend(direct_encounter(ct, &players, forfeits));
        } else {
            result.push(players);
        }
    }
    result
}

/// 对局时后走 — of exactly two tied players who met over the board, the one who had black
/// (more often) ranks first; any other group stays tied.
pub fn black_in_mutual_game(ct: &Crosstable, group: &[usize]) -> Vec<Vec<usize>> {
    if let [a, b] = *group {
        let mut balance = 0i32;
        for c in &ct.rows[a].cells {
            if let Cell::Game {
                opponent,
                side,
                played: true,
                ..
            } = *c
                && opponent == b
            {
                balance += if side == Side::Black { 1 } else { -1 };
            }
        }
        match balance.cmp(&0) {
            Ordering::Greater => return vec![vec![a], vec![b]],
            Ordering::Less => return vec![vec![b], vec![a]],
            Ordering::Equal => {}
        }
    }
    vec![group.to_vec()]
}
