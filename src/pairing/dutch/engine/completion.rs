//! The round's first matching (2026 edition): completion (C4) and, with an odd number of
//! players, the score of the bye assignee (C5), which every later weight then takes as given.
//! The graph starts with each player's nearest compatible partners ([`super::Tuning::near`]);
//! pricing brings in the rest where they matter.

use super::weights::Builder;
use super::{Engine, Implicit, Tuning, Zone, pair_key};
use crate::pairing::PairingError;
use crate::pairing::matching::{Graph, Incremental, Weight, WideInt};

impl<'a, const L: usize> Engine<'a, L> {
    /// Completion (C4) and, with an odd number, the score of the bye assignee (C5): the first
    /// matching pairs as many players as can be (with an odd number, all but one, the lowest
    /// score possible left over). That score is the bye assignee's from then on; C9 ranks the
    /// unplayed games of the players who have it.
    pub(super) fn complete_round(&mut self, tuning: Tuning) -> Result<(), PairingError> {
        let n = self.sorted.len();
        let odd = n % 2 == 1;
        let top_score = self.score(0);
        // Every weight is below 2^(width + 1) (the base weight below 2^width, the bracket
        // order adds less than as much again).
        let limit = WideInt::<L>::pow2(self.layout.width() + 1)
            .ok_or_else(|| PairingError::Matching("weight too wide".into()))?;
        self.flat = if odd {
            self.completion_flat()
        } else {
            self.flat_after_bye()
        };
        let g = self.completion_graph(tuning, top_score)?;
        #[cfg(debug_assertions)]
        for lo in 0..n {
            for hi in 0..lo {
                if self.compatible(hi, lo) && self.implicit(hi, lo).is_some() {
                    debug_assert!(self.completion(hi, lo, top_score) == self.flat.weight(hi, lo));
                }
            }
        }
        self.matching =
            Incremental::new(g, limit).map_err(|e| PairingError::Matching(e.to_string()))?;
        let mate = self.solve()?;
        if (0..n).filter(|&v| mate[v] == v).count() > 1 {
            return Err(PairingError::NoValidPairing(
                self.field.played_rounds as u32 + 1,
            ));
        }
        self.rule = None;
        if odd {
            self.settle_bye_score(&mate, top_score)?;
        }
        Ok(())
    }

    /// The weight of the pair `hi`–`lo` in the first matching: completion (C4) and, with an
    /// odd number, the score of the bye assignee (C5), in fields from the top: the pair and
    /// each of its players that may not take the bye; the two players' score offsets (so the
    /// player left over has as low a score as can be); whether both have the top score. With
    /// an even number, the base weight with no bracket yet.
    pub(super) fn completion(&self, hi: usize, lo: usize, top_score: i32) -> WideInt<L> {
        if !self.compatible(hi, lo) {
            return WideInt::ZERO;
        }
        self.completion_of(hi, lo, top_score)
    }

    /// [`Engine::completion`] for players taken to be compatible.
    pub(super) fn completion_of(&self, hi: usize, lo: usize, top_score: i32) -> WideInt<L> {
        let field = self.field;
        if self.sorted.len() % 2 == 1 {
            let (a, b) = (self.sorted[lo], self.sorted[hi]);
            let (pa, pb) = (&field.players[a], &field.players[b]);
            let mut bl =
                Builder::<L>::new(1 + u64::from(!pa.bye_eligible) + u64::from(!pb.bye_eligible));
            bl.field(
                self.layout.scores + 1,
                u64::from(self.layout.shift[&pa.score] + self.layout.shift[&pb.score]),
            );
            bl.field(self.layout.group, u64::from(pa.score >= top_score));
            bl.value
        } else {
            self.base(hi, lo, false, false)
        }
    }

    /// With an odd number, the flat weights of the first matching: [`Engine::completion`]
    /// without its last field, which only pairs of two players of the top score fill (those
    /// are all in the graph).
    pub(super) fn completion_flat(&self) -> Implicit<L> {
        // `completion`'s fields: (top, the two score offsets, both of the top score).
        let lower = self.layout.scores + 1 + self.layout.group;
        let unit = WideInt::<L>::pow2(lower).unwrap_or(WideInt::ZERO);
        Implicit::doubled(
            unit,
            (0..self.sorted.len())
                .map(|v| {
                    let p = &self.field.players[self.sorted[v]];
                    let score_part = WideInt::from_u64(u64::from(self.layout.shift[&p.score]))
                        .checked_shl(self.layout.group)
                        .unwrap_or(WideInt::ZERO);
                    if p.bye_eligible {
                        score_part
                    } else {
                        score_part.add(unit)
                    }
                })
                .collect(),
        )
    }

    /// The first matching's graph: each player's nearest compatible partners, before and
    /// after him in pairing order ([`Tuning::near`]), weighed by [`Engine::completion`]. With
    /// an odd number the top score group is the bracket ([`Zone::Current`]): its pairs weigh
    /// more than the flat weight, and are a rule of their own ([`super::sparse`]; in the dense
    /// graph, all edges).
    pub(super) fn completion_graph(
        &mut self,
        tuning: Tuning,
        top_score: i32,
    ) -> Result<Graph<WideInt<L>>, PairingError> {
        let n = self.sorted.len();
        let odd = n % 2 == 1;
        // The pairs that weigh more than the flat weight: with an odd number, those of two
        // players of the top score (they add the last field of `completion`).
        let top_group = (0..n).take_while(|&v| self.score(v) >= top_score).count();
        let mut g = Graph::<WideInt<L>>::new(n);
        let mut include = |e: &mut Self, hi: usize, lo: usize| -> Result<(), PairingError> {
            if e.edges.contains_key(&pair_key(hi, lo)) || !e.compatible(hi, lo) {
                return Ok(());
            }
            e.edges.insert(pair_key(hi, lo), g.edge_count());
            g.add_edge(hi, lo, e.completion(hi, lo, top_score))
                .map_err(|e| PairingError::Matching(e.to_string()))
        };
        for hi in 0..n {
            let mut found = 0;
            for lo in hi + 1..n {
                if found == tuning.near {
                    break;
                }
                if self.compatible(hi, lo) {
                    found += 1;
                    include(self, hi, lo)?;
                }
            }
            let mut found = 0;
            for lo in (0..hi).rev() {
                if found == tuning.near {
                    break;
                }
                if self.compatible(hi, lo) {
                    found += 1;
                    include(self, lo, hi)?;
                }
            }
        }
        if odd {
            for lo in 0..top_group {
                if self.dense {
                    for hi in 0..lo {
                        include(self, hi, lo)?;
                    }
                }
                self.zone[lo] = Zone::Current;
            }
            // The top group's pairs left out weigh what the rule gives them, and are priced.
            let top: Vec<usize> = (0..top_group).collect();
            self.rule = Some(self.new_rule(&top, 0, Some(top_score)));
        }
        Ok(g)
    }

    /// With an odd number, after the first matching (`mate`): the bye assignee's score (C5)
    /// is the score of the player it left over. Every pair in the graph gets its base weight,
    /// the pairs left out the flat weight after the bye. Then what C9 needs: whether the top
    /// bracket is one that downfloats exactly one player, who takes the bye, and the rank of
    /// each count of unplayed games among the players of the bye score.
    pub(super) fn settle_bye_score(
        &mut self,
        mate: &[usize],
        top_score: i32,
    ) -> Result<(), PairingError> {
        let n = self.sorted.len();
        let unpaired = (0..n).find(|&v| mate[v] == v).unwrap_or(n - 1);
        self.bye_score = self.score(unpaired);
        let pairs: Vec<u64> = self.edges.keys().copied().collect();
        for key in pairs {
            let (hi, lo) = ((key >> 32) as usize, (key & u64::from(u32::MAX)) as usize);
            let w = self.base(hi, lo, false, false);
            self.set(hi, lo, w)?;
        }
        self.flat = self.flat_after_bye();
        #[cfg(debug_assertions)]
        for lo in 0..n {
            for hi in 0..lo {
                if self.compatible(hi, lo) && self.implicit(hi, lo).is_some() {
                    debug_assert!(self.base(hi, lo, false, false) == self.flat.weight(hi, lo));
                }
            }
        }
        // Every weight changed: the next matching starts afresh.
        self.matching.restart();
        self.single_downfloater_bye = self.bye_score >= top_score
            && (0..n)
                .take_while(|&v| self.score(v) >= top_score)
                .all(|v| self.score(mate[v]) >= top_score);
        let mut counts: Vec<u32> = (0..n)
            .filter(|&v| self.score(v) == self.bye_score)
            .map(|v| self.unplayed(&self.field.players[self.sorted[v]]))
            .collect();
        counts.sort_unstable();
        for (rank, c) in counts.into_iter().enumerate() {
            self.unplayed_ranks.insert(c, rank as u64);
        }
        Ok(())
    }
}
