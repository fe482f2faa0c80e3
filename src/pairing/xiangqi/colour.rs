//! 先后手 — colour state, colour limits and the colour allocation of a pair (rules.md §1.4.2
//! “Colour constraints” and “Colour allocation for a pair”).
//!
//! A player's colour state is his sequence of colours in games played over the board. The
//! limits (禁连三: no third same colour running; 禁多三: |reds − blacks| ≤ 2) are absolute and
//! each switchable. A preference is *strong* when the player has an imbalance (he wants the
//! colour he has had less) and *mild* when he is balanced and wants to alternate.

use super::XiangqiSwissOptions;
use super::state::PlayerState;
use crate::model::{Points, Side};

/// How strongly a colour is wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Balanced; wants to alternate.
    Mild,
    /// Imbalanced; wants the colour he has had less.
    Strong,
}

/// The colour a player is due and how strongly.
pub fn preference(p: &PlayerState) -> Option<(Side, Strength)> {
    let d = p.imbalance();
    if d > 0 {
        Some((Side::Black, Strength::Strong))
    } else if d < 0 {
        Some((Side::Red, Strength::Strong))
    } else {
        p.colours.last().map(|c| (c.other(), Strength::Mild))
    }
}

/// May `p` receive `side` under the colour limits?
pub fn allowed(p: &PlayerState, side: Side, options: &XiangqiSwissOptions) -> bool {
    if options.no_three_in_a_row
        && let Some((last, n)) = p.streak()
        && last == side
        && n >= 2
    {
        return false;
    }
    if options.max_colour_difference_two {
        let d = p.imbalance() + if side == Side::Red { 1 } else { -1 };
        if d.abs() > 2 {
            return false;
        }
    }
    true
}

/// 先手数 (xianshu) of [PHP-BP]: 100 × (reds − blacks) + the signed length of the current
/// same-colour streak (red positive).
pub fn xianshu(p: &PlayerState) -> i32 {
    let streak = match p.streak() {
        Some((Side::Red, n)) => n as i32,
        Some((Side::Black, n)) => -(n as i32),
        None => 0,
    };
    100 * p.imbalance() + streak
}

/// Why the colours of a pair came out as they did (for the explanation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourReason {
    /// Only one way round respects the colour limits.
    OnlyLegal,
    /// Both players' preferences are met.
    BothPreferences,
    /// 后三轮: the higher scorer's preference went first.
    LeaderFirst,
    /// The player with more reds / the longer red streak (larger 先手数) takes black.
    StrongerNeed,
    /// Equal states: alternate from the last round in which their colours differed.
    History(u32),
    /// Identical histories: odd round → smaller number red, even round → larger number red.
    RoundParity,
}

/// The allocation for a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allocation {
    /// `true` when the first player of the pair gets red.
    pub first_red: bool,
    pub reason: ColourReason,
    /// Preferences not met, (strong, mild).
    pub unmet: (u32, u32),
}

/// Context of the round for colour decisions.
#[derive(Clone, Copy, Debug)]
pub struct ColourContext {
    pub round: u32,
    pub total_rounds: u32,
    /// One draw unit (the smaller draw value) — the score gap at which the leader's preference
    /// counts in the last three rounds.
    pub leader_gap: Points,
}

pub fn unmet(p: &PlayerState, got: Side) -> (u32, u32) {
    match preference(p) {
        Some((want, s)) if want != got => match s {
            Strength::Strong => (1, 0),
            Strength::Mild => (0, 1),
        },
        _ => (0, 0),
    }
}

/// Allocates colours to `a` v `b`, or `None` when no allocation respects the limits (then the
/// two may not meet).
pub fn allocate(
    a: &PlayerState,
    b: &PlayerState,
    ctx: &ColourContext,
    options: &XiangqiSwissOptions,
) -> Option<Allocation> {
    let a_red_ok = allowed(a, Side::Red, options) && allowed(b, Side::Black, options);
    let a_black_ok = allowed(a, Side::Black, options) && allowed(b, Side::Red, options);
    let make = |first_red: bool, reason| {
        let (ca, cb) = if first_red {
            (Side::Red, Side::Black)
        } else {
            (Side::Black, Side::Red)
        };
        let (s1, m1) = unmet(a, ca);
        let (s2, m2) = unmet(b, cb);
        Allocation {
            first_red,
            reason,
            unmet: (s1 + s2, m1 + m2),
        }
    };
    match (a_red_ok, a_black_ok) {
        (false, false) => return None,
        (true, false) => return Some(make(true, ColourReason::OnlyLegal)),
        (false, true) => return Some(make(false, ColourReason::OnlyLegal)),
        (true, true) => {}
    }
    let pa = preference(a);
    let pb = preference(b);
    if let (Some((wa, _)), Some((wb, _))) = (pa, pb)
        && wa != wb
    {
        return Some(make(wa == Side::Red, ColourReason::BothPreferences));
    }
    if options.last_three_rounds_leader && ctx.round + 3 > ctx.total_rounds {
        let gap = (a.score - b.score).0.abs();
        if gap >= ctx.leader_gap.0.max(1) {
            let leader_pref = if a.score > b.score { pa } else { pb };
            if let Some((want, _)) = leader_pref {
                let first_red = (want == Side::Red) == (a.score > b.score);
                return Some(make(first_red, ColourReason::LeaderFirst));
            }
        }
    }
    let (xa, xb) = (xianshu(a), xianshu(b));
    if xa != xb {
        return Some(make(xa < xb, ColourReason::StrongerNeed));
    }
    // Same state: the most recent round in which their colours differed decides.
    for (k, (ca, cb)) in a
        .colours
        .iter()
        .rev()
        .zip(b.colours.iter().rev())
        .enumerate()
    {
        if ca != cb {
            return Some(make(
                *ca == Side::Black,
                ColourReason::History(k as u32 + 1),
            ));
        }
    }
    let smaller_red = ctx.round % 2 == 1;
    let first_red = (a.number < b.number) == smaller_red;
    Some(make(first_red, ColourReason::RoundParity))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::EntrantId;
    use Side::{Black as B, Red as R};

    fn p(n: u32, colours: &[Side], score: i32) -> PlayerState {
        PlayerState {
            id: EntrantId(i64::from(n)),
            number: n,
            unit: String::new(),
            score: Points::whole(score),
            colours: colours.to_vec(),
            met: Default::default(),
            prohibited: Default::default(),
            byes: 0,
            floats: vec![],
            forfeit_rounds: vec![],
            summary: Default::default(),
        }
    }

    fn ctx(round: u32) -> ColourContext {
        ColourContext {
            round,
            total_rounds: 9,
            leader_gap: Points::whole(1),
        }
    }

    #[test]
    fn limits_forbid_a_third_colour_in_a_row_and_a_difference_of_three() {
        let o = XiangqiSwissOptions::default();
        // 禁连三.
        assert!(!allowed(&p(1, &[B, R, R], 0), R, &o));
        assert!(allowed(&p(1, &[R, B, R], 0), R, &o));
        // 禁多三: R B R R → diff 2, one more red makes 3 (also a streak of 3).
        assert!(!allowed(&p(1, &[R, R, B, R, B, R], 0), R, &o));
        // Two players both at +2 may not meet (rules.md §1.4.2).
        let a = p(1, &[R, B, R, R, B, R], 0);
        let b = p(2, &[R, R, B, R, R, B], 0);
        assert_eq!(a.imbalance(), 2);
        assert!(allocate(&a, &b, &ctx(7), &o).is_none());
        let off = XiangqiSwissOptions {
            no_three_in_a_row: false,
            max_colour_difference_two: false,
            ..o
        };
        assert!(allocate(&a, &b, &ctx(7), &off).is_some());
    }

    #[test]
    fn allocation_follows_php_bp_steps() {
        let o = XiangqiSwissOptions::default();
        // Complementary preferences are both met (worked example §1.4.4: 1 had red, 6 black).
        let al = allocate(&p(1, &[R], 2), &p(6, &[B], 2), &ctx(2), &o).unwrap();
        assert_eq!(
            (al.first_red, al.reason, al.unmet),
            (false, ColourReason::BothPreferences, (0, 0))
        );
        // 禁连三 leaves one way round: 3 has had red twice running.
        let al = allocate(&p(3, &[R, R], 2), &p(4, &[B, R], 2), &ctx(3), &o).unwrap();
        assert_eq!((al.first_red, al.reason), (false, ColourReason::OnlyLegal));
        // Both want black: the larger 先手数 (+1 against 0) takes black; 4 (balanced, last red)
        // loses a mild preference.
        let al = allocate(&p(3, &[R, B, R], 2), &p(4, &[B, R], 2), &ctx(4), &o).unwrap();
        assert_eq!(
            (al.first_red, al.reason, al.unmet),
            (false, ColourReason::StrongerNeed, (0, 1))
        );
        // Equal states: the last round in which they differed decides (3 rounds back, 1 had
        // black there, so 1 now gets red).
        let (a, b) = (p(1, &[R, B, R, B], 2), p(2, &[B, R, R, B], 2));
        let al = allocate(&a, &b, &ctx(5), &o).unwrap();
        assert_eq!((al.first_red, al.reason), (true, ColourReason::History(3)));
        // 后三轮 (round 7 of 9): the higher scorer's preference goes first.
        let (a, b) = (p(1, &[R, B, R, B], 3), p(2, &[B, R, R, B], 5));
        let al = allocate(&a, &b, &ctx(7), &o).unwrap();
        assert_eq!(
            (al.first_red, al.reason),
            (false, ColourReason::LeaderFirst)
        );
        // Identical histories: odd round smaller number red, even round larger number red.
        let al = allocate(&p(3, &[], 0), &p(8, &[], 0), &ctx(2), &o).unwrap();
        assert_eq!(
            (al.first_red, al.reason),
            (false, ColourReason::RoundParity)
        );
        let al = allocate(&p(3, &[], 0), &p(8, &[], 0), &ctx(1), &o).unwrap();
        assert_eq!((al.first_red, al.reason), (true, ColourReason::RoundParity));
    }
}
