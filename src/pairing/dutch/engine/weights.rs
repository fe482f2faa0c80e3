//! The weight of a pair in the 2026 edition: which criterion sits in which bit field
//! ([`Layout`], [`Engine::pack`]) and what each field holds for a pair ([`Engine::base`]).
//!
//! A weight is one wide integer whose fields, from the most significant down, carry the
//! criteria in their order of priority: completion and the bye (C4, C2, C5), pairs and scores
//! paired in the current bracket (C6, C7), the same for the next bracket (C8), the bye
//! assignee's played games (C9), the colour criteria (C10–C13), repeated floats (C14–C17) and
//! their score differences (C18–C21), and at the bottom room for the bracket order (B: S1/S2,
//! exchanges). A field that counts players is as wide as the largest score group needs; a
//! field that weighs scores gives every score group its own bits, so that a higher score
//! always outweighs any number of lower ones. The 2017 edition lays out its own fields
//! (`super::fide2017`) in the same integer.

use super::Engine;
use crate::model::{DutchEdition, Side};
use crate::pairing::dutch::player::{Float, Player};
use crate::pairing::matching::WideInt;
use std::collections::HashMap;

/// The values of a weight's fields ([`Engine::pack`]); a score field is given as the scores
/// whose sub-fields hold one each.
#[derive(Default)]
pub(super) struct Fields {
    pub(super) top: u64,
    pub(super) c6: u64,
    pub(super) c7: Option<i32>,
    pub(super) c8: u64,
    pub(super) c8_score: Option<i32>,
    pub(super) c9: u64,
    /// C10–C13.
    pub(super) colours: [u64; 4],
    /// C14–C17, one and two rounds back.
    pub(super) floats: [[u64; 2]; 2],
    /// C18–C21, one and two rounds back.
    pub(super) differences: [[[Option<i32>; 2]; 2]; 2],
}

/// Widths of the weight fields for one round.
pub(super) struct Layout {
    pub(super) edition: DutchEdition,
    /// Bits of a field that counts players of a score group (2017: of the whole round, since
    /// the last bracket may collapse all lower groups into one).
    pub(super) group: u32,
    /// 2017: bits of a PSD field (`fide2017::psd_width`).
    pub(super) psd: u32,
    /// Bits of a field with one sub-field per score group.
    pub(super) scores: u32,
    /// Bit offset, inside a score field, of each score group (lowest score at 0).
    pub(super) shift: HashMap<i32, u32>,
    pub(super) played_rounds: usize,
    /// Fields of `group` bits at the bottom for the bracket order; at least three (S1/S2
    /// choice and exchanges), and as many S1 players' opponents are decided by one matching.
    pub(super) room: u32,
}

impl Layout {
    /// Total width of a base weight of the 2026 edition (the 2017 edition's is
    /// `fide2017::width`; [`Layout::width`] chooses).
    pub(super) fn width_2026(&self) -> u32 {
        let mut w = 2 + self.group + self.scores + self.group + self.scores + 2 * self.group;
        w += 4 * self.group;
        if self.played_rounds >= 1 {
            w += 2 * self.group + 2 * self.scores;
        }
        if self.played_rounds >= 2 {
            w += 2 * self.group + 2 * self.scores;
        }
        w + self.room * self.group + 1
    }
}

/// A weight under construction: fields are appended from the most significant end.
pub(super) struct Builder<const L: usize> {
    pub(super) value: WideInt<L>,
}

impl<const L: usize> Builder<L> {
    pub(super) fn new(top: u64) -> Self {
        Builder {
            value: WideInt::from_u64(top),
        }
    }

    /// Shifts in a new field of `width` bits holding `v`.
    pub(super) fn field(&mut self, width: u32, v: u64) {
        self.value = self.value.checked_shl(width).unwrap_or(WideInt::ZERO);
        self.add_at(v, 0);
    }

    /// Adds `v << at` to the value.
    pub(super) fn add_at(&mut self, v: u64, at: u32) {
        if v == 0 {
            return;
        }
        let term = WideInt::from_u64(v)
            .checked_shl(at)
            .unwrap_or(WideInt::ZERO);
        self.value = self.value.checked_add(term).unwrap_or(self.value);
    }
}

pub(super) fn add<const L: usize>(w: WideInt<L>, v: i64) -> WideInt<L> {
    w.checked_add(WideInt::from_i64(v)).unwrap_or(w)
}

/// C10–C13 of the 2026 edition (C.8–C.11 of the 2017 one) for a pair of the bracket, lower
/// player `p`, higher `o`: whether each of them is complied with.
pub(super) fn colour_criteria(p: &Player, o: &Player) -> [bool; 4] {
    let same = p.preference == o.preference;
    let c10 = !p.absolute_imbalance() || !o.absolute_imbalance() || !same;
    let c11 = !p.absolute()
        || !o.absolute()
        || !same
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let lesser = if p.imbalance > o.imbalance { o } else { p };
            lesser.repeated != p.preference.map(Side::other)
        };
    let c12 = p.preference.is_none() || o.preference.is_none() || !same;
    let c13 = (!p.strong() && !p.absolute())
        || (!o.strong() && !o.absolute())
        || (p.absolute() && o.absolute())
        || !same;
    [c10, c11, c12, c13]
}

impl<'a, const L: usize> Engine<'a, L> {
    /// A base weight with only the top field (`top`), C8's pair count, C8's score field (one
    /// pair of the higher player's `score`) and C9 filled in.
    pub(super) fn fields(&self, top: u64, c8: u64, c8_score: Option<i32>, c9: u64) -> WideInt<L> {
        self.pack(&Fields {
            top,
            c8,
            c8_score,
            c9,
            ..Fields::default()
        })
    }

    /// C9's share of vertex `v` in a pair weight.
    pub(super) fn c9(&self, v: usize) -> u64 {
        let p = &self.field.players[self.sorted[v]];
        if self.single_downfloater_bye && p.score == self.bye_score {
            self.unplayed_ranks
                .get(&self.unplayed(p))
                .copied()
                .unwrap_or(0)
        } else {
            0
        }
    }

    pub(super) fn is_bye_candidate(&self, v: usize) -> bool {
        let p = &self.field.players[self.sorted[v]];
        p.bye_eligible && p.score <= self.bye_score
    }

    /// The base weight of the edge between vertices `hi` (higher) and `lo`, `lo` in the
    /// bracket or the next group as the flags say (2017: as its [`Zone`] says).
    pub(super) fn base(&self, hi: usize, lo: usize, in_current: bool, in_next: bool) -> WideInt<L> {
        if let Some(st) = &self.fide2017 {
            return self.base_2017(st, hi, lo);
        }
        if !self.compatible(hi, lo) {
            return WideInt::ZERO;
        }
        self.base_2026(hi, lo, in_current, in_next)
    }

    /// The base weight of a pair of players of the bracket, `hi` the higher, as if they were
    /// compatible: what the bracket's rule tabulates by kinds ([`super::sparse`]).
    pub(super) fn base_of_kinds(&self, hi: usize, lo: usize) -> WideInt<L> {
        match &self.fide2017 {
            Some(st) => self.base_2017_of(st, hi, lo),
            None => self.base_2026(hi, lo, true, false),
        }
    }

    /// [`Engine::base`] of the 2026 edition for players taken to be compatible.
    fn base_2026(&self, hi: usize, lo: usize, in_current: bool, in_next: bool) -> WideInt<L> {
        let f = self.field;
        let (ph, pl) = (self.sorted[hi], self.sorted[lo]);
        let (h, l) = (&f.players[ph], &f.players[pl]);
        let mut v = Fields {
            top: 1 + u64::from(!self.is_bye_candidate(hi)) + u64::from(!self.is_bye_candidate(lo)),
            // C6, C7: pairs and scores in the current bracket; C8: the same for the next.
            c6: u64::from(in_current),
            c7: in_current.then_some(h.score),
            c8: u64::from(in_next),
            c8_score: in_next.then_some(h.score),
            c9: self.c9(hi) + self.c9(lo),
            ..Fields::default()
        };
        if !in_current {
            return self.pack(&v);
        }
        // C10–C13: colours (only for pairs inside the current bracket).
        v.colours = colour_criteria(l, h).map(u64::from);
        let score_hi_above = h.score > l.score;
        for back in 1..=2 {
            let [fh, fl] = [ph, pl].map(|x| self.floats[x][back - 1]);
            // C14–C17: repeated floats.
            v.floats[back - 1] = [
                u64::from(fl == Float::Down) + u64::from(h.score <= l.score && fh == Float::Down),
                u64::from(!(score_hi_above && fl == Float::Up)),
            ];
            // C18–C21: score differences of repeated floaters.
            v.differences[back - 1] = [
                [
                    (fl == Float::Down).then_some(l.score),
                    (fh == Float::Down).then_some(h.score),
                ],
                [
                    (!(fl == Float::Up && score_hi_above)).then_some(h.score),
                    None,
                ],
            ];
        }
        self.pack(&v)
    }

    /// The weight whose fields hold `v`, from the most significant down; the fields of the
    /// float criteria only for rounds played, and room for the bracket order at the bottom.
    /// The one home of the weight's layout (whose width is [`Layout::width`]).
    pub(super) fn pack(&self, v: &Fields) -> WideInt<L> {
        let lay = &self.layout;
        let g = lay.group;
        let mut b = Builder::<L>::new(v.top);
        let scores = |b: &mut Builder<L>, at: &[Option<i32>]| {
            b.field(lay.scores, 0);
            for s in at.iter().flatten() {
                b.add_at(1, lay.shift[s]);
            }
        };
        b.field(g, v.c6);
        scores(&mut b, &[v.c7]);
        b.field(g, v.c8);
        scores(&mut b, &[v.c8_score]);
        b.field(2 * g, v.c9);
        for c in v.colours {
            b.field(g, c);
        }
        let played = self.field.played_rounds;
        for back in (1..=2).filter(|&back| played >= back) {
            for x in v.floats[back - 1] {
                b.field(g, x);
            }
        }
        for back in (1..=2).filter(|&back| played >= back) {
            for at in &v.differences[back - 1] {
                scores(&mut b, at);
            }
        }
        for _ in 0..lay.room {
            b.field(g, 0);
        }
        b.field(1, 0);
        b.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::EntrantId;
    use crate::pairing::dutch::player::Strength;
    use std::collections::HashSet;

    /// Fields appended below the top: 1, then 5 in three bits, then 1 in two bits, is
    /// 1·2^5 + 5·2^2 + 1 = 53; adding 1 at bit 4 makes 69.
    #[test]
    fn a_builder_appends_fields_below_the_top() {
        let mut b = Builder::<2>::new(1);
        b.field(3, 5);
        b.field(2, 1);
        assert_eq!(b.value, WideInt::from_u64(53));
        b.add_at(1, 4);
        assert_eq!(b.value, WideInt::from_u64(69));
    }

    /// The 2026 layout after two rounds, score-group fields of 3 bits, score fields of 7 and
    /// room for 3 bracket-order fields, by the fields [`Engine::pack`] stacks: the top (2),
    /// C6 (3), C7 (7), C8 (3), C8's scores (7), C9 (6), C10–C13 (4 × 3), C14–C17 for each of
    /// two rounds back (2 × 2 × 3), C18–C21 for each (2 × 2 × 7), the room (3 × 3) and the
    /// last bit: 2 + 3 + 7 + 3 + 7 + 6 + 12 + 12 + 28 + 9 + 1 = 90. With no round played the
    /// float fields go: 90 − 12 − 28 = 50.
    #[test]
    fn the_2026_width_adds_up_the_fields_of_the_rounds_played() {
        let mut layout = Layout {
            edition: DutchEdition::Fide2026,
            group: 3,
            psd: 0,
            scores: 7,
            shift: HashMap::new(),
            played_rounds: 2,
            room: 3,
        };
        assert_eq!(layout.width_2026(), 90);
        layout.played_rounds = 5;
        assert_eq!(layout.width_2026(), 90);
        layout.played_rounds = 0;
        assert_eq!(layout.width_2026(), 50);
    }

    fn player(preference: Option<Side>, strength: Strength, imbalance: u32) -> Player {
        Player {
            id: EntrantId(1),
            number: 1,
            rank_index: 0,
            to_pair: true,
            history: Vec::new(),
            score: 0,
            raw_score: 0,
            virtual_points: Vec::new(),
            played_games: 2,
            preference,
            strength,
            imbalance,
            repeated: None,
            bye_eligible: true,
            met: HashSet::new(),
            prohibited: HashSet::new(),
            adjustments: Vec::new(),
        }
    }

    /// C10–C13 for a pair, by C.04.3: players who want different colours both get theirs
    /// (all complied with); two who strongly want white cannot both have it (C12, a colour
    /// preference, and C13, a strong one, not complied with); a mild and a strong want of
    /// white leave only the mild one unmet (C12 broken, C13 kept); two whose colour
    /// difference is already 2 and who want the same colour put one beyond it (C10 broken).
    #[test]
    fn colour_criteria_follow_the_preferences_of_the_pair() {
        let white = |s, i| player(Some(Side::Red), s, i);
        let black = |s, i| player(Some(Side::Black), s, i);
        let all = [true; 4];
        assert_eq!(
            colour_criteria(&white(Strength::Strong, 1), &black(Strength::Strong, 1)),
            all
        );
        assert_eq!(
            colour_criteria(&white(Strength::Mild, 0), &black(Strength::Absolute, 2)),
            all
        );
        assert_eq!(
            colour_criteria(&white(Strength::Strong, 1), &white(Strength::Strong, 1)),
            [true, true, false, false]
        );
        assert_eq!(
            colour_criteria(&white(Strength::Mild, 0), &white(Strength::Strong, 1)),
            [true, true, false, true]
        );
        let [c10, _, c12, _] =
            colour_criteria(&white(Strength::Absolute, 2), &white(Strength::Absolute, 2));
        assert!(!c10 && !c12);
        // A player with no preference (no game yet) leaves every criterion complied with.
        assert_eq!(
            colour_criteria(
                &player(None, Strength::None, 0),
                &white(Strength::Strong, 1)
            ),
            all
        );
    }
}
