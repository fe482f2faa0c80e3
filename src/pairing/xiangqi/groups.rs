//! 积分组 — score groups and the order inside them. Players to pair are split into score levels
//! (highest first); inside a level the positional rule's sequence orders them, and the colour
//! rows (要先行 / 要后行) are read off that sequence (rules.md §1.4.2 “Ordering inside a score
//! group”, “Split of a score group”).
//!
//! A 积分段 (band) is not fixed in advance: when a group cannot pair inside itself its floaters
//! link it to the next level, and the levels so linked form the band reported in the
//! explanation.

use super::colour::preference;
use super::state::PlayerState;
use crate::model::PositionalRule;
use crate::model::{Points, Side};

/// Where one player stands among the players to pair.
#[derive(Clone, Debug)]
pub struct Placement {
    /// Score level, 0 = top.
    pub level: usize,
    /// Index in the level's sequence.
    pub idx: usize,
    /// Size of the level.
    pub size: usize,
    /// The row: the colour the player is due.
    pub row: Side,
    /// Index in the row.
    pub row_idx: usize,
    /// Key of the player in the decomposition order (see `optimiser`).
    pub window_key: usize,
}

/// Score levels of `players` (distinct scores, highest first).
pub fn levels(players: &[&PlayerState]) -> Vec<Points> {
    let mut v: Vec<Points> = players.iter().map(|p| p.score).collect();
    v.sort_by(|a, b| b.cmp(a));
    v.dedup();
    v
}

/// The sequence of a score group under `rule` in `round` ([PHP-BP] `fenzupaixu` for the colour
/// rows: |colour imbalance| descending, float balance ascending, then the number ascending in
/// odd rounds and descending in even rounds; number order for the other two rules).
pub fn sequence(group: &mut [&PlayerState], rule: PositionalRule, round: u32) {
    match rule {
        PositionalRule::ColourRows => group.sort_by(|a, b| {
            let num = if round % 2 == 1 {
                a.number.cmp(&b.number)
            } else {
                b.number.cmp(&a.number)
            };
            b.imbalance()
                .abs()
                .cmp(&a.imbalance().abs())
                .then(a.float_balance().cmp(&b.float_balance()))
                .then(num)
        }),
        PositionalRule::Adjacent | PositionalRule::TopHalfBottomHalf => {
            group.sort_by_key(|p| p.number)
        }
    }
}

/// The row of a player: the colour he is due; a player without colours yet goes by the parity
/// of his number (odd numbers due red, as in round 1's “1-2, 4-3” pattern for table 1).
pub fn row_of(p: &PlayerState) -> Side {
    match preference(p) {
        Some((side, _)) => side,
        None if p.number % 2 == 1 => Side::Red,
        None => Side::Black,
    }
}

/// Places every player: returns placements in the order of `players`.
pub fn place(players: &[&PlayerState], rule: PositionalRule, round: u32) -> Vec<Placement> {
    let lv = levels(players);
    let mut out: Vec<Option<Placement>> = vec![None; players.len()];
    for (level, score) in lv.iter().enumerate() {
        let mut group: Vec<(usize, &PlayerState)> = players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.score == *score)
            .map(|(i, p)| (i, *p))
            .collect();
        let mut seq: Vec<&PlayerState> = group.iter().map(|(_, p)| *p).collect();
        sequence(&mut seq, rule, round);
        let pos: std::collections::HashMap<_, usize> =
            seq.iter().enumerate().map(|(k, q)| (q.id, k)).collect();
        group.sort_by_key(|(_, p)| pos.get(&p.id).copied());
        let size = group.len();
        let half = size / 2;
        let (mut reds, mut blacks) = (0, 0);
        for (idx, (i, p)) in group.iter().enumerate() {
            let row = row_of(p);
            let row_idx = match row {
                Side::Red => {
                    reds += 1;
                    reds - 1
                }
                Side::Black => {
                    blacks += 1;
                    blacks - 1
                }
            };
            // Ideal partners sit side by side in the decomposition order: top half v bottom
            // half pairs idx with idx + half, so the halves are interleaved; colour rows pair
            // the k-th of one row with the k-th of the other, so the rows are interleaved.
            let window_key = match rule {
                PositionalRule::TopHalfBottomHalf if idx < half => 2 * idx,
                PositionalRule::TopHalfBottomHalf => 2 * (idx - half) + 1,
                PositionalRule::ColourRows => 2 * row_idx + usize::from(row == Side::Black),
                PositionalRule::Adjacent => idx,
            };
            out[*i] = Some(Placement {
                level,
                idx,
                size,
                row,
                row_idx,
                window_key,
            });
        }
    }
    out.into_iter()
        .map(|p| p.expect("every player has a level"))
        .collect()
}
