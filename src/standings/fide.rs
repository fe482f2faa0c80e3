//! FIDE C.07 tiebreaks (国际象棋名次区分): Buchholz and its cuts, Fore Buchholz, AOB,
//! Sonneborn-Berger, progressive score, the counting tiebreaks (WIN, WON, BPG, BWG, REP), Koya,
//! and the rating tiebreaks (ARO, TPR, PTP, APRO, APPO). Each function returns one value per
//! crosstable row.
//!
//! Unplayed rounds in a Swiss follow C.07 art. 16 in the edition chosen: an unplayed round of
//! the player is scored against a dummy opponent with the player's own score (2023), capped in
//! March 2026 by the scheduled opponent's score (forfeits) or by a draw in every round (byes);
//! an opponent's score is "adjusted": a requested bye followed only by voluntarily unplayed
//! rounds counts as a draw; voluntarily unplayed rounds are cut first. In a round robin every
//! scheduled game counts as played and byes count nothing.

use super::crosstable::{Cell, Crosstable, GameResult};
use crate::model::FideEdition;

/// What the C.07 functions need besides the crosstable.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    pub ct: &'a Crosstable,
    pub edition: FideEdition,
    /// 循环制: unplayed games count as played, no dummy opponents.
    pub round_robin: bool,
    /// Rating given to unrated opponents; `None` leaves them out.
    pub unrated: Option<i32>,
}

/// One round's contribution to a Buchholz-like sum.
#[derive(Clone, Copy, Debug)]
struct Contribution {
    /// The (adjusted or dummy) opponent score.
    opponent: f64,
    /// What it adds (the score itself for BH, score × result share for SB).
    value: f64,
    /// From a voluntarily unplayed round (cut first).
    vur: bool,
}

/// The player's score as seen by the opponents' BH/SB (C.07 16.3): rounds count what they
/// gave, except a requested bye followed only by voluntarily unplayed rounds, which counts as a
/// draw. With `fore`, a player paired in the last round has that round counted as a draw
/// (art. 8.3) and nothing else adjusted.
pub fn adjusted_score(ctx: &Context, i: usize, fore: bool) -> f64 {
    let ct = ctx.ct;
    let row = &ct.rows[i];
    if ctx.round_robin {
        return row.total.as_f64();
    }
    let n = row.cells.len();
    if fore && n > 0 && row.cells[n - 1].scheduled_opponent().is_some() {
        let before: f64 = row.round_points[..n - 1].iter().map(|p| p.as_f64()).sum();
        return before + ct.draw.as_f64();
    }
    let mut total = 0.0;
    for r in 0..n {
        let cell = &row.cells[r];
        let as_draw = cell.is_requested_bye()
            && row.cells[r + 1..]
                .iter()
                .all(|c| c.is_voluntarily_unplayed());
        total += if as_draw {
            ct.draw.as_f64()
        } else {
            row.round_points[r].as_f64()
        };
    }
    total
}

/// The player's own score for the dummy opponent: the total, or for Fore Buchholz the total
/// with a last-round game counted as a draw.
fn own_score(ctx: &Context, i: usize, fore: bool) -> f64 {
    let row = &ctx.ct.rows[i];
    let n = row.cells.len();
    if fore && n > 0 && matches!(row.cells[n - 1], Cell::Game { .. } | Cell::Pending { .. }) {
        let before: f64 = row.round_points[..n - 1].iter().map(|p| p.as_f64()).sum();
        before + ctx.ct.draw.as_f64()
    } else {
        row.total.as_f64()
    }
}

/// Every row's adjusted score (see [`adjusted_score`]).
fn adjusted_scores(ctx: &Context, fore: bool) -> Vec<f64> {
    (0..ctx.ct.len())
        .map(|i| adjusted_score(ctx, i, fore))
        .collect()
}

/// The dummy opponent's score for an unplayed round (C.07 16.4): the player's own score; since
/// March 2026 at most the scheduled opponent's adjusted score for a forfeit, else at most a
/// draw in every round.
fn dummy_score(ctx: &Context, adjusted: &[f64], i: usize, cell: &Cell, fore: bool) -> f64 {
    let own = own_score(ctx, i, fore);
    match ctx.edition {
        FideEdition::E2023 => own,
        FideEdition::E2026 => match cell.scheduled_opponent() {
            Some(o) => own.min(adjusted[o]),
            None => own.min(ctx.ct.draw.as_f64() * f64::from(ctx.ct.rounds)),
        },
    }
}

/// The share of a win a round gave: 1 for a win with or without playing, ½ for a draw or a
/// half-point bye, 0 otherwise.
fn round_share(cell: &Cell) -> f64 {
    match cell {
        Cell::Game { result, .. } => Crosstable::result_share(*result),
        Cell::Bye(k) => match k {
            crate::model::ByeKind::Pairing | crate::model::ByeKind::Full => 1.0,
            crate::model::ByeKind::Half => 0.5,
            crate::model::ByeKind::Zero => 0.0,
        },
        Cell::Absent | Cell::Pending { .. } => 0.0,
    }
}

/// The per-round contributions of player `i` to BH (`sb = false`) or SB (`sb = true`);
/// `adjusted` holds every row's adjusted score (fore-adjusted with `fore`).
fn contributions(
    ctx: &Context,
    adjusted: &[f64],
    i: usize,
    sb: bool,
    fore: bool,
) -> Vec<Contribution> {
    let row = &ctx.ct.rows[i];
    let mut out = Vec::with_capacity(row.cells.len());
    for (r, cell) in row.cells.iter().enumerate() {
        let is_last = r + 1 == row.cells.len();
        let share = if fore && is_last && cell.scheduled_opponent().is_some() {
            0.5
        } else {
            round_share(cell)
        };
        let weight = if sb { share } else { 1.0 };
        let counts_as_game = if ctx.round_robin {
            cell.scheduled_opponent()
        } else {
            cell.played_opponent()
        };
        if let Some(o) = counts_as_game {
            let s = adjusted[o];
            out.push(Contribution {
                opponent: s,
                value: s * weight,
                vur: false,
            });
        } else if !ctx.round_robin && !matches!(cell, Cell::Pending { .. }) {
            let s = dummy_score(ctx, adjusted, i, cell, fore);
            out.push(Contribution {
                opponent: s,
                value: s * weight,
                vur: cell.is_voluntarily_unplayed() && !(fore && is_last),
            });
        }
    }
    out
}

/// Cuts for Buchholz (C.07 14.1, 16.5): the `low` lowest values go, voluntarily unplayed rounds
/// first; then the `high` highest.
fn cut_buchholz(mut c: Vec<Contribution>, low: usize, high: usize) -> f64 {
    if low + high >= c.len() && (low + high) > 0 {
        return 0.0;
    }
    c.sort_by(|a, b| b.vur.cmp(&a.vur).then(a.value.total_cmp(&b.value)));
    let mut kept: Vec<f64> = c[low..].iter().map(|x| x.value).collect();
    kept.sort_by(f64::total_cmp);
    kept.truncate(kept.len() - high);
    kept.iter().sum()
}

/// Cuts for Sonneborn-Berger: the least significant value is the contribution of the opponent
/// with the lowest score (the smaller contribution among equals); the lowest contribution of a
/// voluntarily unplayed round is cut instead when it is worth at least as much.
fn cut_sonneborn_berger(mut c: Vec<Contribution>, cut: usize) -> f64 {
    if cut > 0 && cut >= c.len() {
        return 0.0;
    }
    for _ in 0..cut {
        let Some(lsv) = (0..c.len()).min_by(|&a, &b| {
            c[a].opponent
                .total_cmp(&c[b].opponent)
                .then(c[a].value.total_cmp(&c[b].value))
        }) else {
            break;
        };
        let vur = (0..c.len()).filter(|&k| c[k].vur).min_by(|&a, &b| {
            c[a].value
                .total_cmp(&c[b].value)
                .then(c[a].opponent.total_cmp(&c[b].opponent))
        });
        let gone = match vur {
            Some(v) if c[v].value >= c[lsv].value => v,
            _ => lsv,
        };
        c.swap_remove(gone);
    }
    c.iter().map(|x| x.value).sum()
}

/// BH — Buchholz (对手分 in FIDE form), C.07 8.1, with `low`/`high` cuts (BH-C1, BH-M1 …).
pub fn buchholz(ctx: &Context, low: u8, high: u8) -> Vec<f64> {
    let adjusted = adjusted_scores(ctx, false);
    (0..ctx.ct.len())
        .map(|i| {
            let c = contributions(ctx, &adjusted, i, false, false);
            cut_buchholz(c, low.into(), high.into())
        })
        .collect()
}

/// FB — Fore Buchholz, C.07 8.3: Buchholz as if every paired game of the last round had been
/// drawn.
pub fn fore_buchholz(ctx: &Context, low: u8, high: u8) -> Vec<f64> {
    let adjusted = adjusted_scores(ctx, true);
    (0..ctx.ct.len())
        .map(|i| {
            let c = contributions(ctx, &adjusted, i, false, true);
            cut_buchholz(c, low.into(), high.into())
        })
        .collect()
}

/// AOB — average of the Buchholz of the opponents met over the board (C.07 8.2), to two
/// decimals; 0 without such opponents.
pub fn average_opponents_buchholz(ctx: &Context) -> Vec<f64> {
    let bh = buchholz(ctx, 0, 0);
    played_opponents(ctx)
        .iter()
        .map(|opps| {
            if opps.is_empty() {
                0.0
            } else {
                let sum: f64 = opps.iter().map(|&o| bh[o]).sum();
                round_to(sum / opps.len() as f64, 2)
            }
        })
        .collect()
}

/// SB — Sonneborn-Berger (小分), C.07 9.1: Σ opponent score × share of a win scored against
/// him, `cut` least significant values removed.
pub fn sonneborn_berger(ctx: &Context, cut: u8) -> Vec<f64> {
    let adjusted = adjusted_scores(ctx, false);
    (0..ctx.ct.len())
        .map(|i| cut_sonneborn_berger(contributions(ctx, &adjusted, i, true, false), cut.into()))
        .collect()
}

/// PS — 累进分, progressive score (C.07 7.5): the sum of the running totals after each round,
/// leaving out the first `cut` rounds.
pub fn progressive(ct: &Crosstable, cut: u8) -> Vec<f64> {
    ct.rows
        .iter()
        .map(|row| {
            let mut running = 0.0;
            let mut sum = 0.0;
            for (r, p) in row.round_points.iter().enumerate() {
                running += p.as_f64();
                if r >= usize::from(cut) {
                    sum += running;
                }
            }
            sum
        })
        .collect()
}

/// WIN / WON / 胜局 — rounds won; `byes` counts the pairing-allocated and full-point byes,
/// `forfeits` counts forfeit wins (C.07 7.1, 7.2; rules.md §1.6.2).
pub fn wins(ct: &Crosstable, byes: bool, forfeits: bool) -> Vec<f64> {
    ct.rows
        .iter()
        .map(|row| {
            row.cells
                .iter()
                .filter(|c| match c {
                    Cell::Game {
                        result: GameResult::Win,
                        played,
                        ..
                    } => *played || forfeits,
                    Cell::Bye(_) => byes && c.is_win_without_playing_too(),
                    _ => false,
                })
                .count() as f64
        })
        .collect()
}

/// BPG / 后走局数 — games played over the board with black (C.07 7.3).
pub fn black_games(ct: &Crosstable) -> Vec<f64> {
    count_cells(ct, |c| {
        matches!(
            c,
            Cell::Game {
                side: crate::model::Side::Black,
                played: true,
                ..
            }
        )
    })
}

/// BWG / 后走胜局 — games won over the board with black (C.07 7.4).
pub fn black_wins(ct: &Crosstable) -> Vec<f64> {
    count_cells(ct, |c| {
        matches!(
            c,
            Cell::Game {
                side: crate::model::Side::Black,
                played: true,
                result: GameResult::Win,
                ..
            }
        )
    })
}

/// REP (GE) — rounds one elected to play (C.07 7.6): every round but half-, zero- and
/// full-point byes, forfeit losses and absences.
pub fn elected_to_play(ct: &Crosstable) -> Vec<f64> {
    count_cells(ct, |c| match c {
        Cell::Game { played, result, .. } => *played || *result == GameResult::Win,
        Cell::Bye(k) => *k == crate::model::ByeKind::Pairing,
        Cell::Absent | Cell::Pending { .. } => false,
    })
}

fn count_cells(ct: &Crosstable, f: impl Fn(&Cell) -> bool) -> Vec<f64> {
    ct.rows
        .iter()
        .map(|row| row.cells.iter().filter(|c| f(c)).count() as f64)
        .collect()
}

/// KS — Koya (C.07 9.2): points scored against the opponents whose total is at least half the
/// maximum possible score, that limit moved by `limit` draws.
pub fn koya(ct: &Crosstable, limit: i8) -> Vec<f64> {
    // In half-points: total ≥ win·R/2 + limit·draw  ⇔  2·total ≥ win·R + 2·limit·draw.
    let bar = ct.win.halves() * ct.rounds as i32 + 2 * i32::from(limit) * ct.draw.halves();
    ct.rows
        .iter()
        .map(|row| {
            row.cells
                .iter()
                .zip(&row.round_points)
                .filter(|(c, _)| {
                    c.scheduled_opponent()
                        .is_some_and(|o| 2 * ct.rows[o].total.halves() >= bar)
                })
                .map(|(_, p)| p.as_f64())
                .sum()
        })
        .collect()
}

/// The opponents each player met over the board.
fn played_opponents(ctx: &Context) -> Vec<Vec<usize>> {
    ctx.ct
        .rows
        .iter()
        .map(|row| row.cells.iter().filter_map(Cell::played_opponent).collect())
        .collect()
}

/// Round half up to `digits` decimals.
fn round_to(x: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (x * f + 0.5).floor() / f
}

/// An opponent's rating for the rating tiebreaks.
fn rating_of(ctx: &Context, o: usize) -> Option<i32> {
    ctx.ct.rows[o].rating.or(ctx.unrated)
}

/// Games over the board against rated opponents: (opponent rating, share scored).
fn rated_games(ctx: &Context, i: usize) -> Vec<(i32, f64)> {
    ctx.ct.rows[i]
        .cells
        .iter()
        .filter_map(|c| match c {
            Cell::Game {
                opponent,
                result,
                played: true,
                ..
            } => rating_of(ctx, *opponent).map(|r| (r, Crosstable::result_share(*result))),
            _ => None,
        })
        .collect()
}

/// ARO — average rating of the opponents met over the board (C.07 10.1), `low` lowest and
/// `high` highest ratings cut, rounded to the nearest integer; 0 without games.
pub fn average_rating_opponents(ctx: &Context, low: u8, high: u8) -> Vec<f64> {
    (0..ctx.ct.len())
        .map(|i| {
            let mut r: Vec<i32> = rated_games(ctx, i).into_iter().map(|g| g.0).collect();
            r.sort_unstable();
            let (low, high) = (usize::from(low), usize::from(high));
            if low + high >= r.len() {
                return 0.0;
            }
            let kept = &r[low..r.len() - high];
            let sum: i64 = kept.iter().map(|&x| i64::from(x)).sum();
            round_to(sum as f64 / kept.len() as f64, 0)
        })
        .collect()
}

/// The FIDE conversion of a fractional score p (in hundredths, 50..=100) into a rating
/// difference dp (FIDE Rating Regulations 8.1a).
const DP: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// dp for a fractional score in hundredths (0..=100).
fn dp(p: i32) -> i32 {
    let p = p.clamp(0, 100);
    if p >= 50 {
        DP[(p - 50) as usize]
    } else {
        -DP[(50 - p) as usize]
    }
}

/// dp for a fractional score `p` (0..=1) between two hundredths, interpolated linearly.
pub fn dp_interpolated(p: f64) -> f64 {
    let h = (p * 100.0).clamp(0.0, 100.0);
    let lo = h.floor();
    let (a, b) = (f64::from(dp(lo as i32)), f64::from(dp(h.ceil() as i32)));
    a + (h - lo) * (b - a)
}

/// Upper bounds of the rating differences of FIDE Rating Regulations 8.1b: a difference up to
/// `PD_BOUNDS[k]` gives the higher-rated player an expected score of 0.50 + k/100; above the
/// last bound, 1.00.
const PD_BOUNDS: [i32; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// The expected score, in hundredths, of a player rated `me` against `opp`.
pub fn expected_hundredths(me: i32, opp: i32) -> i32 {
    let d = (me - opp).abs();
    let k = PD_BOUNDS.partition_point(|&b| b < d) as i32;
    let high = 50 + k;
    if me >= opp { high } else { 100 - high }
}

/// TPR of one player: ARO + dp(p), p the fractional score rounded to hundredths (C.07 10.2).
fn tpr_of(ctx: &Context, i: usize) -> Option<f64> {
    let games = rated_games(ctx, i);
    if games.is_empty() {
        return None;
    }
    let n = games.len() as f64;
    let aro: f64 = games.iter().map(|g| f64::from(g.0)).sum::<f64>() / n;
    let score: f64 = games.iter().map(|g| g.1).sum();
    let p = round_to(score / n * 100.0, 0) as i32;
    Some(round_to(aro + f64::from(dp(p)), 0))
}

/// TPR — tournament performance rating (C.07 10.2); 0 without rated games.
pub fn performance_rating(ctx: &Context) -> Vec<f64> {
    (0..ctx.ct.len())
        .map(|i| tpr_of(ctx, i).unwrap_or(0.0))
        .collect()
}

/// PTP of one player (C.07 10.3): the lowest rating whose expected score against the
/// opponents met reaches the score made; a zero score gives the lowest opponent − 800, a full
/// score the highest opponent + 800.
fn ptp_of(ctx: &Context, i: usize) -> Option<f64> {
    let games = rated_games(ctx, i);
    let lo = games.iter().map(|g| g.0).min()?;
    let hi = games.iter().map(|g| g.0).max()?;
    // Score in hundredths of a point.
    let score: i32 = games.iter().map(|g| (g.1 * 100.0).round() as i32).sum();
    if score == 0 {
        return Some(f64::from(lo - 800));
    }
    if score == 100 * games.len() as i32 {
        return Some(f64::from(hi + 800));
    }
    let expected = |r: i32| -> i32 { games.iter().map(|g| expected_hundredths(r, g.0)).sum() };
    // The expected score grows with the rating: binary search for the first that reaches.
    let (mut a, mut b) = (lo - 800, hi + 800);
    while a < b {
        let m = a + (b - a) / 2;
        if expected(m) >= score {
            b = m;
        } else {
            a = m + 1;
        }
    }
    Some(f64::from(a))
}

/// PTP — perfect tournament performance (C.07 10.3); 0 without rated games.
pub fn perfect_performance(ctx: &Context) -> Vec<f64> {
    (0..ctx.ct.len())
        .map(|i| ptp_of(ctx, i).unwrap_or(0.0))
        .collect()
}

/// The average of `per_player` over the opponents met over the board, rounded to an integer.
fn average_over_opponents(ctx: &Context, per_player: &[f64]) -> Vec<f64> {
    played_opponents(ctx)
        .iter()
        .map(|opps| {
            if opps.is_empty() {
                0.0
            } else {
                let s: f64 = opps.iter().map(|&o| per_player[o]).sum();
                round_to(s / opps.len() as f64, 0)
            }
        })
        .collect()
}

/// APRO — average TPR of the opponents met over the board (C.07 10.4).
pub fn average_performance_opponents(ctx: &Context) -> Vec<f64> {
    average_over_opponents(ctx, &performance_rating(ctx))
}

/// APPO — average PTP of the opponents met over the board (C.07 10.5).
pub fn average_perfect_performance_opponents(ctx: &Context) -> Vec<f64> {
    average_over_opponents(ctx, &perfect_performance(ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_tables_match_the_fide_regulations() {
        // 8.1a: p = 0.80 → 240, 0.50 → 0, 0.25 → −193, 0 → −800, 1 → 800.
        assert_eq!(dp(80), 240);
        assert_eq!(dp(50), 0);
        assert_eq!(dp(25), -193);
        assert_eq!((dp(0), dp(100)), (-800, 800));
        // 8.1b: 0–3 → .50, 4–10 → .51, 18–25 → .53, 620–735 → .99, > 735 → 1.00.
        assert_eq!(expected_hundredths(1500, 1497), 50);
        assert_eq!(expected_hundredths(1504, 1500), 51);
        assert_eq!(expected_hundredths(1525, 1500), 53);
        assert_eq!(expected_hundredths(1500, 1525), 47);
        assert_eq!(expected_hundredths(2235, 1500), 99);
        assert_eq!(expected_hundredths(2236, 1500), 100);
        assert_eq!(round_to(13.375, 2), 13.38);
        assert_eq!(round_to(1812.5, 0), 1813.0);
    }

    #[test]
    fn worked_example_of_rules_md_2_6_2() {
        // 5-round Swiss, P: R1 beat A, R2 PAB, R3 lost to B, R4 forfeit loss vs C, R5 draw D.
        // Final scores A 3, B 4, C 2, D 1.5. 2023 rules: BH 13.5, BH-C1 11.0, SB 6.25.
        use crate::model::{
            Bye, ByeKind, Entrant, EntrantId, Game, Outcome, PointSystemPreset, Round, Section,
        };
        let mut s = Section::default();
        s.settings.points = PointSystemPreset::Chess.system();
        for n in 1..=9 {
            s.entrants.push(Entrant {
                id: EntrantId(n),
                number: Some(n as u32),
                ..Entrant::default()
            });
        }
        let g = |b, w, k, o| Game {
            outcome: Some(o),
            ..Game::new(b, EntrantId(w), EntrantId(k))
        };
        use Outcome::*;
        // P = 1, A = 2, B = 3, C = 4, D = 5; fillers 6..9 give A..D their scores.
        let rounds = vec![
            (
                vec![
                    g(1, 1, 2, RedWin),
                    g(2, 3, 6, RedWin),
                    g(3, 4, 7, RedWin),
                    g(4, 5, 8, Draw),
                ],
                9,
            ),
            (
                vec![
                    g(1, 2, 6, RedWin),
                    g(2, 3, 7, RedWin),
                    g(3, 4, 8, BlackWin),
                    g(4, 5, 9, Draw),
                ],
                1,
            ),
            (
                vec![
                    g(1, 3, 1, RedWin),
                    g(2, 2, 7, RedWin),
                    g(3, 4, 9, BlackWin),
                    g(4, 5, 6, BlackWin),
                ],
                8,
            ),
            (
                vec![
                    g(1, 4, 1, RedWinByForfeit),
                    g(2, 2, 8, RedWin),
                    g(3, 3, 9, BlackWin),
                    g(4, 5, 7, BlackWin),
                ],
                6,
            ),
            (
                vec![
                    g(1, 1, 5, Draw),
                    g(2, 2, 9, BlackWin),
                    g(3, 3, 6, RedWin),
                    g(4, 4, 8, BlackWin),
                ],
                7,
            ),
        ];
        for (k, (games, bye)) in rounds.into_iter().enumerate() {
            s.rounds.push(Round {
                number: k as u32 + 1,
                games,
                byes: vec![Bye {
                    entrant: EntrantId(bye),
                    kind: if bye == 1 {
                        ByeKind::Pairing
                    } else {
                        ByeKind::Zero
                    },
                }],
            });
        }
        let ct = Crosstable::new(&s, 5);
        let tot = |i: usize| ct.rows[i].total.as_f64();
        assert_eq!(
            [tot(0), tot(1), tot(2), tot(3), tot(4)],
            [2.5, 3.0, 4.0, 2.0, 1.5]
        );
        let ctx = Context {
            ct: &ct,
            edition: FideEdition::E2023,
            round_robin: false,
            unrated: None,
        };
        assert_eq!(buchholz(&ctx, 0, 0)[0], 13.5);
        assert_eq!(buchholz(&ctx, 1, 0)[0], 11.0);
        assert_eq!(sonneborn_berger(&ctx, 0)[0], 6.25);
    }
}
