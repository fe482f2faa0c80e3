//! A bracket as it is paired (the score group, the players moved down into it and the next
//! score group behind it), its opening and closing, and the first phase of its pairing: which
//! moved-down players (MDPs) are paired in it, and with whom.

use super::weights::add;
use super::{Engine, Zone};
use crate::pairing::PairingError;
use crate::pairing::matching::WideInt;

/// A bracket (its score group and the players moved down into it) as it is paired, with the
/// next score group behind it (C8 looks at that group). Its players are named by *position*
/// in `by_index`. [`Engine::open`] fills in `end` to `stable` when its pairing starts;
/// `matched` goes on from one bracket to the next.
#[derive(Clone)]
pub(super) struct Bracket<const L: usize> {
    /// Its vertices: the moved-down players (MDPs) first, highest first, then the residents,
    /// then (from `end`) the next score group.
    pub(super) by_index: Vec<usize>,
    /// How many MDPs `by_index` starts with.
    pub(super) mdp_count: usize,
    /// The position where the next score group starts.
    pub(super) end: usize,
    /// The residents, as vertices: `resident_begin..resident_end`.
    pub(super) resident_begin: usize,
    pub(super) resident_end: usize,
    /// The first vertex of the next score group (`n` when there is none), and the first vertex
    /// after that group.
    pub(super) group_start: usize,
    pub(super) next_group: usize,
    /// The latest matching: each vertex's mate (itself when unmatched).
    pub(super) stable: Vec<usize>,
    /// The vertices decided to be paired, in this bracket or above.
    pub(super) matched: Vec<bool>,
}

impl<const L: usize> Bracket<L> {
    /// The top bracket: the top score group, with no MDPs.
    pub(super) fn top(e: &Engine<'_, L>) -> Self {
        let n = e.sorted.len();
        let top_score = e.score(0);
        let by_index: Vec<usize> = (0..n).take_while(|&v| e.score(v) >= top_score).collect();
        let next_group = by_index.len();
        Bracket {
            by_index,
            mdp_count: 0,
            end: 0,
            resident_begin: 0,
            resident_end: 0,
            group_start: next_group,
            next_group,
            stable: Vec::new(),
            matched: vec![false; n],
        }
    }

    /// Whether vertex `v` is one of the bracket's residents.
    pub(super) fn in_residents(&self, v: usize) -> bool {
        v >= self.resident_begin && v < self.resident_end
    }

    /// Whether vertex `v` is in S1 by the latest matching: paired with a lower player of the
    /// bracket.
    pub(super) fn is_s1(&self, v: usize) -> bool {
        self.stable[v] > v && self.stable[v] < self.resident_end
    }
}

impl<'a, const L: usize> Engine<'a, L> {
    /// Opens bracket `b`: takes the next score group in behind it, puts every vertex in its
    /// [`Zone`], and gives the bracket's pairs their base weights (C6, C7 and C10–C21 inside
    /// the bracket: the bracket's rule, [`super::sparse`], with its first few pairs in the
    /// graph), those with a player of the next score group theirs (C8, C9) where they are in
    /// the graph already (the others weigh [`Engine::next`]); then solves.
    pub(super) fn open(&mut self, b: &mut Bracket<L>) -> Result<(), PairingError> {
        let n = self.sorted.len();
        b.end = b.by_index.len();
        b.resident_end = b.resident_begin + (b.end - b.mdp_count);
        b.group_start = b.next_group;
        // 2017: a special bracket has everyone below in view.
        let all = self.fide2017.as_ref().is_some_and(|st| st.special);
        if b.group_start < n {
            let s = self.score(b.group_start);
            while b.next_group < n && (all || self.score(b.next_group) >= s) {
                b.by_index.push(b.next_group);
                b.next_group += 1;
            }
        }
        for (i, &v) in b.by_index.iter().enumerate() {
            self.zone[v] = if i < b.end { Zone::Current } else { Zone::Next };
        }
        if self.fide2017.is_some() {
            self.open_2017(b)?;
        } else {
            self.next = self.next_weights(&b.by_index[..b.end], &b.by_index[b.end..]);
        }
        self.rule = Some(self.new_rule(&b.by_index[..b.end], b.mdp_count, None));
        // The bracket's pairs: in the dense graph all of them, otherwise those in the graph
        // already; the rest weigh what the rule says.
        for (si, li) in self.bracket_pairs(|_, _| true) {
            let w = self.rule_at(si, li);
            self.set(b.by_index[li], b.by_index[si], w)?;
        }
        // Pairs with the next score group that are in the graph get their base weights.
        let mut at = vec![u32::MAX; n];
        for (i, &v) in b.by_index.iter().enumerate() {
            at[v] = i as u32;
        }
        let mut next_pairs: Vec<(usize, usize)> = self
            .edges
            .keys()
            .filter_map(|&key| {
                let (x, y) = ((key >> 32) as usize, (key & u64::from(u32::MAX)) as usize);
                let (px, py) = (at[x] as usize, at[y] as usize);
                (px < b.by_index.len() && py < b.by_index.len() && px.max(py) >= b.end)
                    .then_some((px.min(py), px.max(py)))
            })
            .collect();
        next_pairs.sort_unstable_by_key(|&(si, li)| (li, si));
        #[cfg(debug_assertions)]
        for li in b.end..b.by_index.len() {
            let lv = b.by_index[li];
            for &sv in &b.by_index[..li] {
                if self.compatible(sv, lv) {
                    debug_assert!(self.base(sv, lv, false, true) == self.next.weight(sv, lv));
                }
            }
        }
        for (si, li) in next_pairs {
            let (sv, lv) = (b.by_index[si], b.by_index[li]);
            let w = self.base(sv, lv, false, true);
            self.set(lv, sv, w)?;
        }
        if !self.dense {
            self.seed_bracket(self.near)?;
        }
        b.stable = self.solve()?;
        Ok(())
    }

    /// Which MDPs are paired in the bracket (marked in `matched`). The matching settles how
    /// many of each score (C6, C7); among those of one score the higher in pairing order is
    /// paired whenever he can be: each in turn, unless all those left of his score are paired
    /// anyway, is tried with his pairs with the residents raised, and if he is paired they
    /// stay raised above any other MDP's.
    pub(super) fn choose_mdps(&mut self, b: &mut Bracket<L>) -> Result<(), PairingError> {
        let m = b.by_index.len();
        let mut md_score = i32::MAX;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for pi in 0..b.mdp_count {
            let v = b.by_index[pi];
            if pi == 0 || self.score(v) < md_score {
                md_score = self.score(v);
                remaining = 0;
                remaining_matched = 0;
                let mut mi = pi;
                while mi < m && self.score(b.by_index[mi]) >= md_score {
                    remaining += 1;
                    if b.in_residents(b.stable[b.by_index[mi]]) {
                        remaining_matched += 1;
                    }
                    mi += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                b.matched[v] = true;
                continue;
            }
            remaining -= 1;
            if !b.in_residents(b.stable[v]) {
                for oi in b.mdp_count..b.end {
                    let w = self.base_at(pi, oi);
                    if w != WideInt::ZERO {
                        self.set(v, b.by_index[oi], add(w, 1))?;
                    }
                }
                b.stable = self.solve()?;
            }
            if b.in_residents(b.stable[v]) {
                b.matched[v] = true;
                remaining_matched -= 1;
                for oi in b.mdp_count..b.end {
                    let w = self.base_at(pi, oi);
                    if w != WideInt::ZERO {
                        self.set(v, b.by_index[oi], add(w, (b.end - b.mdp_count) as i64 + 1))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The opponents of the MDPs paired in the bracket (the MDP-pairing), highest MDP first,
    /// each preferring the higher resident; those pairs are made final.
    ///
    /// `stable` stays optimal for the current weights through every change made since it was
    /// computed (edges outside it only lose weight, the weights of its own edges move
    /// together), so a player whose partner in it is already the preferred one needs no new
    /// matching: raising only his edges, his partner's the most, keeps that matching optimal.
    pub(super) fn mdp_opponents(&mut self, b: &mut Bracket<L>) -> Result<(), PairingError> {
        let m = b.by_index.len();
        for pi in 0..b.mdp_count {
            let v = b.by_index[pi];
            if !b.matched[v] {
                continue;
            }
            let mut addend = m as i64;
            let mut preferred = None;
            for oi in (b.mdp_count..b.end).rev() {
                let ov = b.by_index[oi];
                if b.matched[ov] {
                    continue;
                }
                let w = self.base_at(pi, oi);
                if w != WideInt::ZERO {
                    self.set(v, ov, add(w, addend))?;
                    addend += 1;
                    preferred = Some(ov);
                }
            }
            if preferred != Some(b.stable[v]) {
                b.stable = self.solve()?;
            }
            let mv = b.stable[v];
            b.matched[mv] = true;
            self.finalize(v, mv);
        }
        Ok(())
    }

    /// Closes bracket `b`: its decided pairs go into `paired`, and the next bracket is its
    /// players left unpaired (moved down: the next bracket's MDPs) and the next score group.
    /// For C9, that bracket downfloats exactly one player, who takes the bye, when the bye
    /// score is not below the next group's score and the last matching pairs none of the
    /// bracket's players below that group: the last bracket, whose residents may score less
    /// than the moved-down player who takes the bye, is one of them (as bbpPairings 6 reads
    /// C9).
    pub(super) fn close(
        &mut self,
        b: Bracket<L>,
        paired: &mut [Option<usize>],
    ) -> Result<Bracket<L>, PairingError> {
        let n = self.sorted.len();
        let left: Vec<usize> = b.by_index[..b.end]
            .iter()
            .copied()
            .filter(|&v| !b.matched[v])
            .collect();
        self.keep_leftovers(&left)?;
        self.rule = None;
        let odd = n % 2 == 1;
        let mut next_by_index = Vec::new();
        let mut next_mdp = 0usize;
        let group_score = (b.group_start < n).then(|| self.score(b.group_start));
        self.single_downfloater_bye = odd && group_score.is_some_and(|s| self.bye_score >= s);
        for (pi, &v) in b.by_index.iter().enumerate() {
            if pi < b.end && b.matched[v] {
                paired[v] = Some(b.stable[v]);
            } else {
                next_by_index.push(v);
                if pi < b.end {
                    next_mdp += 1;
                }
                if group_score.is_some_and(|s| self.score(b.stable[v]) < s) {
                    self.single_downfloater_bye = false;
                }
            }
        }
        if let Some(st) = self.fide2017.as_mut() {
            st.special = b.next_group >= n;
        }
        Ok(Bracket {
            by_index: next_by_index,
            mdp_count: next_mdp,
            resident_begin: b.resident_end,
            stable: Vec::new(),
            ..b
        })
    }
}
