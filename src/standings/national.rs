//! Tiebreaks of national federations that arbiters meet in other programs' printouts, kept so
//! their values can be compared: Kashdan (USCF 34E7), the Buchholz of the FIDE 2009 text with
//! its "virtual opponent" (still the French federation's Papi Buchholz), the Papi Kashdan, and
//! the French federation's performance.

use super::crosstable::{Cell, Crosstable, GameResult};
use super::fide::{Context, dp_interpolated};

/// The share of a win a round gave in points: win, draw or loss (byes and forfeits by their
/// points).
fn points_share(ct: &Crosstable, p: crate::model::Points) -> f64 {
    if p >= ct.win {
        1.0
    } else if p >= ct.draw && p > ct.loss {
        0.5
    } else {
        0.0
    }
}

/// KASH — Kashdan (USCF): 4 for a win, 2 for a draw, 1 for a loss over the board, 0 for any
/// round not played.
pub fn kashdan(ct: &Crosstable) -> Vec<f64> {
    ct.rows
        .iter()
        .map(|row| {
            row.cells
                .iter()
                .map(|c| match c {
                    Cell::Game {
                        played: true,
                        result,
                        ..
                    } => match result {
                        GameResult::Win => 4.0,
                        GameResult::Draw => 2.0,
                        GameResult::Loss => 1.0,
                    },
                    _ => 0.0,
                })
                .sum()
        })
        .collect()
}

/// KASH-P — Papi (FFE) Kashdan: every round by its points, 4 for a win, 2 for a draw, 1
/// otherwise, played or not.
pub fn kashdan_all_rounds(ct: &Crosstable) -> Vec<f64> {
    ct.rows
        .iter()
        .map(|row| {
            row.round_points
                .iter()
                .map(|&p| match points_share(ct, p) {
                    s if s >= 1.0 => 4.0,
                    s if s > 0.0 => 2.0,
                    _ => 1.0,
                })
                .sum()
        })
        .collect()
}

/// VBH — Buchholz by the FIDE 2009 text (Papi): an opponent's unplayed rounds count as draws;
/// an own unplayed round counts a virtual opponent with the player's score before that round,
/// plus the result the player did not get (win − result), plus a draw for every later round.
/// `low`/`high` cut the lowest/highest values.
pub fn virtual_buchholz(ct: &Crosstable, low: u8, high: u8) -> Vec<f64> {
    let draw = ct.draw.as_f64();
    let as_draws: Vec<f64> = ct
        .rows
        .iter()
        .map(|row| {
            row.cells
                .iter()
                .zip(&row.round_points)
                .map(|(c, p)| if c.is_played() { p.as_f64() } else { draw })
                .sum()
        })
        .collect();
    let n = ct.rounds as usize;
    ct.rows
        .iter()
        .map(|row| {
            let mut before = 0.0;
            let mut values: Vec<f64> = Vec::with_capacity(n);
            for (r, (c, p)) in row.cells.iter().zip(&row.round_points).enumerate() {
                values.push(match c.played_opponent() {
                    Some(o) => as_draws[o],
                    None => before + (ct.win.as_f64() - p.as_f64()) + draw * (n - r - 1) as f64,
                });
                before += p.as_f64();
            }
            let (low, high) = (usize::from(low), usize::from(high));
            if low + high >= values.len() && low + high > 0 {
                return 0.0;
            }
            values.sort_by(f64::total_cmp);
            values[low..values.len() - high].iter().sum()
        })
        .collect()
}

/// Round half to even (the rounding of the Papi program).
fn round_half_even(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}

/// PERF-FFE — the French federation's performance: opponents met over the board, each rating
/// held within 400 points of the player's own; the fractional score (kept within 1 %–99 %)
/// converted by the FIDE table interpolated between its hundredths; rounded half to even.
pub fn ffe_performance(ctx: &Context) -> Vec<f64> {
    let ct = ctx.ct;
    ct.rows
        .iter()
        .map(|row| {
            let own = row.rating.or(ctx.unrated);
            let mut ratings = Vec::new();
            let mut score = 0.0;
            for c in &row.cells {
                if let Cell::Game {
                    opponent,
                    result,
                    played: true,
                    ..
                } = c
                    && let Some(r) = ct.rows[*opponent].rating.or(ctx.unrated)
                {
                    let r = own.map_or(r, |me| r.clamp(me - 400, me + 400));
                    ratings.push(f64::from(r));
                    score += Crosstable::result_share(*result);
                }
            }
            if ratings.is_empty() {
                return 0.0;
            }
            let n = ratings.len() as f64;
            let aro = ratings.iter().sum::<f64>() / n;
            let p = (score / n).clamp(0.01, 0.99);
            round_half_even(aro + dp_interpolated(p))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn papi_rounding_is_half_to_even() {
        assert_eq!(round_half_even(1812.5), 1812.0);
        assert_eq!(round_half_even(1771.5), 1772.0);
        assert_eq!(round_half_even(1922.33), 1922.0);
    }
}
