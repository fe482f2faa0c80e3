//! The Dutch pairing procedure as a sequence of maximum-weight matchings.
//!
//! What follows describes the 2026 edition; the 2017 edition ([`fide2017`]) pairs the brackets
//! by the same phases with other weights (the pairing score difference in place of C6–C8) and
//! another completion test (the penultimate pairing bracket, paired again with all the players
//! below it).
//!
//! Every compatible pair of players (C1, C3) is an edge whose weight packs the criteria in
//! their order of priority into one wide integer ([`weights`]).
//!
//! Brackets are paired from the top. In each, the moved-down players to pair are fixed first
//! (highest first), then their opponents, then the exchanges of the remainder and the S1
//! players' opponents in order; every decision is a matching over all players still unpaired,
//! so the rest of the round can always be completed (C4). The S1 players' opponents are
//! chosen in turn over the tight edges of the last matching
//! ([`serial_choice`](crate::pairing::matching::serial_choice)) when the bracket is a problem
//! of its own (S1 as large as S2, or S2 one larger and the rest of the
//! round indifferent to which S2 player is left over). Otherwise they are decided several at a
//! time: each player's preference between his S2 candidates gets a field of its own at the
//! bottom, the higher player's above, so one matching settles them all in turn.
//!
//! Only pairs inside the bracket get weights of their own; the others are priced against the
//! duals after each solve ([`pricing`]), so the matching holds few of them and is still
//! proved optimal over every pair. The bracket's own pairs are a rule too ([`sparse`]): a few
//! of them are edges, the rest weigh what the phase gives them and are priced the same way,
//! so a score group of thousands costs memory linear in its players.
//!
//! The parts, in the order a round goes through them: [`weights`] (what a pair weighs),
//! [`completion`] (the first matching: C4 and the bye score), [`bracket`] (opening and closing
//! a bracket; its MDPs and their opponents), [`remainder`] (the bracket order and the
//! exchanges), [`opponents`] (the S1 players' opponents), with [`pricing`] and [`sparse`]
//! under every solve.
//! This file holds the engine's state, the width of its weights, and the loop over brackets.

mod bracket;
mod completion;
mod fide2017;
mod opponents;
mod pricing;
mod remainder;
mod sparse;
mod weights;

use super::DutchEdition;
use super::colour::colour_of;
use super::player::{Field, Float};
use crate::model::Side;
use crate::pairing::PairingError;
use crate::pairing::matching::{Graph, Incremental, WideInt};
use crate::pairing::swiss::{Ladder, bits_for, pair_key};
use bracket::Bracket;
use pricing::Implicit;
use std::collections::HashMap;
use weights::Layout;

/// How the engine goes about a round; every setting gives the same pairings (a test on the
/// shared cases checks it, `interchange::dutch_tuning`, where the cases are read), only the
/// work differs.
#[derive(Clone, Copy)]
pub(crate) struct Tuning {
    /// Compatible partners, before and after in pairing order, each player's edges start with.
    pub(crate) near: usize,
    /// The most S1 players whose opponents one matching decides (as [`Layout::room`] allows).
    pub(crate) batch: u32,
    /// The S1 players' opponents chosen over the tight edges where that is exact
    /// ([`Engine::serial_s1`]).
    pub(crate) serial: bool,
    /// Every pair of a bracket an edge of the matching, as the engine once had it, rather
    /// than a rule with a few pairs in the graph and the rest priced ([`sparse`]).
    pub(crate) dense: bool,
}

/// The widths the weights come in, in bits (of 2 to 128 words of 64 bits).
const LADDER: Ladder = Ladder(&[128, 256, 384, 512, 768, 1024, 2048, 4096, 8192]);

/// The settings every real round is paired with.
pub(crate) const TUNING: Tuning = Tuning {
    near: 8,
    batch: 8,
    serial: true,
    dense: false,
};

/// Where a vertex stands in the bracket being paired; it decides what its pairs left out of
/// the graph weigh.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Zone {
    /// Below the next bracket (or no bracket yet): its pairs weigh [`Engine::flat`].
    Below,
    /// In the next bracket: its pairs with the bracket weigh [`Engine::next`].
    Next,
    /// In the bracket: its pairs with the bracket are all in the graph.
    Current,
}

/// The result: pairs as (white, black) player indices, and the bye, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPairs {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

struct Engine<'a, const L: usize> {
    field: &'a Field,
    /// Player indices in pairing order; a vertex is a position here.
    sorted: Vec<usize>,
    layout: Layout,
    /// The matching over all vertices, kept from one decision to the next: a decision changes
    /// a few edges and the matching is repaired rather than recomputed (see
    /// [`Incremental`]). Weight 0 is no edge.
    matching: Incremental<WideInt<L>>,
    /// The edges in the matching's graph, by pair ([`pair_key`]); the other pairs weigh
    /// [`Engine::flat`] or [`Engine::next`], by [`Engine::zone`].
    edges: HashMap<u64, usize>,
    zone: Vec<Zone>,
    /// Pairs with a player of [`Zone::Below`].
    flat: Implicit<L>,
    /// Other pairs with a player of [`Zone::Next`].
    next: Implicit<L>,
    /// The partner of each vertex whose pair is final; such pairs leave the matching (they
    /// would be an edge of the largest weight with no other edge at either end).
    fixed: Vec<Option<usize>>,
    bye_score: i32,
    single_downfloater_bye: bool,
    /// C9: rank of each count of unplayed games among the players of the bye assignee's score
    /// (more unplayed games, higher rank: such a player is rather paired than given the bye).
    unplayed_ranks: HashMap<u32, u64>,
    /// The floats of each player (by index in the field) one and two rounds ago.
    floats: Vec<[Float; 2]>,
    /// The 2017 edition's state ([`fide2017`]); `None` for the 2026 edition.
    fide2017: Option<fide2017::State>,
    /// What the pairs of the open bracket weigh ([`sparse`]); `None` between brackets.
    rule: Option<sparse::Rule<L>>,
    /// [`Tuning::dense`] and [`Tuning::near`].
    dense: bool,
    near: usize,
}

impl<'a, const L: usize> Engine<'a, L> {
    fn score(&self, v: usize) -> i32 {
        self.field.players[self.sorted[v]].score
    }

    /// Rounds played so far in which `p` did not play a game.
    fn unplayed(&self, p: &super::player::Player) -> u32 {
        self.field.played_rounds as u32 - p.played_games
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        self.field.compatible(self.sorted[a], self.sorted[b])
    }

    /// Sets the weight of edge `a`–`b`, a decision about vertex `a`; a pair not in the graph
    /// yet is added, unless it is no edge at all (incompatible players).
    fn set(&mut self, a: usize, b: usize, w: WideInt<L>) -> Result<(), PairingError> {
        let matching_error =
            |e: crate::pairing::matching::MatchingError| PairingError::Matching(e.to_string());
        match self.edges.get(&pair_key(a, b)) {
            Some(&k) => self.matching.set_weight(k, a, w).map_err(matching_error),
            None if w == WideInt::ZERO && !self.compatible(a, b) => Ok(()),
            // A pair of the bracket that weighs what the rule gives it stays out of the graph.
            None if self.ruled(a, b) && w == self.rule_weight(a, b) => Ok(()),
            None => {
                let k = self.matching.add_edge(a, b, a, w).map_err(matching_error)?;
                self.edges.insert(pair_key(a, b), k);
                Ok(())
            }
        }
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
        self.matching.retire(a, b);
    }

    /// An engine for `sorted` (player indices in pairing order) with weights of `layout`, its
    /// matching still empty.
    fn new(field: &'a Field, sorted: Vec<usize>, layout: Layout) -> Result<Self, PairingError> {
        let n = sorted.len();
        if WideInt::<L>::pow2(layout.width() + 4).is_none() {
            return Err(PairingError::Matching("weight too wide".into()));
        }
        Ok(Engine {
            field,
            sorted,
            layout,
            matching: Incremental::new(Graph::new(0), WideInt::ZERO)
                .map_err(|e| PairingError::Matching(e.to_string()))?,
            edges: HashMap::new(),
            zone: vec![Zone::Below; n],
            flat: Implicit {
                c2: WideInt::ZERO,
                h2: Vec::new(),
            },
            next: Implicit {
                c2: WideInt::ZERO,
                h2: vec![WideInt::ZERO; n],
            },
            fixed: vec![None; n],
            bye_score: 0,
            single_downfloater_bye: false,
            unplayed_ranks: HashMap::new(),
            floats: (0..field.players.len())
                .map(|p| [field.float(p, 1), field.float(p, 2)])
                .collect(),
            fide2017: None,
            rule: None,
            dense: false,
            near: TUNING.near,
        })
    }

    /// The result: each final pair with its colours (E.1–E.5), and the player left unpaired,
    /// who takes the bye.
    fn outcome(&self, paired: &[Option<usize>]) -> RoundPairs {
        let field = self.field;
        let mut out = RoundPairs {
            pairs: Vec::new(),
            bye: None,
        };
        for (v, mate) in paired.iter().enumerate() {
            let p = self.sorted[v];
            match *mate {
                Some(u) => {
                    let q = self.sorted[u];
                    if field.players[p].number < field.players[q].number {
                        let (white, black) = if colour_of(field, p, q) == Side::Red {
                            (p, q)
                        } else {
                            (q, p)
                        };
                        out.pairs.push((white, black));
                    }
                }
                None => out.bye = Some(p),
            }
        }
        out
    }
}

impl Layout {
    /// Total width of a base weight, in the edition's own layout.
    fn width(&self) -> u32 {
        match self.edition {
            DutchEdition::Fide2026 => self.width_2026(),
            DutchEdition::Fide2017 => fide2017::width(self),
        }
    }
}

/// Pairs the players of `field` that are to be paired.
pub fn pair(field: &Field) -> Result<RoundPairs, PairingError> {
    pair_from(field, TUNING)
}

/// [`pair`], tuned as `tuning` says.
pub(crate) fn pair_from(field: &Field, tuning: Tuning) -> Result<RoundPairs, PairingError> {
    let mut sorted: Vec<usize> = (0..field.players.len())
        .filter(|&i| field.players[i].to_pair)
        .collect();
    sorted.sort_by(|&a, &b| {
        if field.ranks_before(a, b) {
            std::cmp::Ordering::Less
        } else if field.ranks_before(b, a) {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    });
    if sorted.is_empty() {
        return Err(PairingError::NoEntrants);
    }
    if sorted.len() == 1 {
        // C.04.1 d: no second pairing-allocated bye, even for a player left alone (a grade
        // event's early stop can leave one): then nobody can be paired.
        if !field.players[sorted[0]].bye_eligible {
            return Err(PairingError::NoValidPairing(field.played_rounds as u32 + 1));
        }
        return Ok(RoundPairs {
            pairs: Vec::new(),
            bye: Some(sorted[0]),
        });
    }
    // Score-group bit offsets, from the lowest score up.
    let mut shift = HashMap::new();
    let mut scores = 0u32;
    let mut largest = 0usize;
    let mut distinct = Vec::new();
    let mut k = sorted.len();
    while k > 0 {
        let s = field.players[sorted[k - 1]].score;
        let mut size = 0;
        while k > 0 && field.players[sorted[k - 1]].score == s {
            size += 1;
            k -= 1;
        }
        shift.insert(s, scores);
        scores += bits_for(size as u64);
        largest = largest.max(size);
        distinct.push(s);
    }
    let edition = field.edition;
    let mut layout = match edition {
        DutchEdition::Fide2026 => Layout {
            edition,
            group: bits_for(largest as u64),
            psd: 0,
            scores,
            shift,
            played_rounds: field.played_rounds,
            room: 3,
        },
        DutchEdition::Fide2017 => Layout {
            edition,
            group: bits_for(sorted.len() as u64),
            psd: fide2017::psd_width(&distinct, sorted.len()),
            scores: 0,
            shift: HashMap::new(),
            played_rounds: field.played_rounds,
            room: 3,
        },
    };
    let need = |layout: &Layout| {
        layout
            .width()
            .max(2 + scores + bits_for(largest as u64) + 1)
            + 8
    };
    let words = |bits: u32| LADDER.choose(bits).map(|width| width / 64);
    let Some(l) = words(need(&layout)) else {
        return Err(PairingError::Matching("weight too wide".into()));
    };
    // More S1 players decided per matching while the weights stay as wide.
    while layout.room < tuning.batch {
        layout.room += 1;
        if words(need(&layout)) != Some(l) {
            layout.room -= 1;
            break;
        }
    }
    match l {
        2 => run::<2>(field, sorted, layout, tuning),
        4 => run::<4>(field, sorted, layout, tuning),
        6 => run::<6>(field, sorted, layout, tuning),
        8 => run::<8>(field, sorted, layout, tuning),
        12 => run::<12>(field, sorted, layout, tuning),
        16 => run::<16>(field, sorted, layout, tuning),
        32 => run::<32>(field, sorted, layout, tuning),
        64 => run::<64>(field, sorted, layout, tuning),
        _ => run::<128>(field, sorted, layout, tuning),
    }
}

/// Pairs the round with weights of `L` words: the first matching settles completion (C4) and
/// the bye assignee's score (C5); then the brackets are paired from the top, each in the
/// order of the rules: which MDPs are paired and with whom, the remainder and its
/// exchanges, then the S1 players' opponents; the players left unpaired move down.
fn run<const L: usize>(
    field: &Field,
    sorted: Vec<usize>,
    layout: Layout,
    tuning: Tuning,
) -> Result<RoundPairs, PairingError> {
    let mut e = Engine::<L>::new(field, sorted, layout)?;
    e.dense = tuning.dense;
    e.near = tuning.near;
    let n = e.sorted.len();
    let mut b = Bracket::top(&e);
    match field.edition {
        DutchEdition::Fide2026 => e.complete_round(tuning)?,
        DutchEdition::Fide2017 => {
            e.fide2017 = Some(fide2017::State::new(&e.layout, b.next_group >= n));
            e.start_2017()?;
        }
    }
    let mut paired: Vec<Option<usize>> = vec![None; n];
    // Brackets from the top; each takes in the players the one above moved down.
    while b.by_index.len() > 1 || b.next_group < n {
        // 2017: a bracket after which the round cannot be completed is the penultimate
        // pairing bracket, paired again with everyone below in view.
        let saved = e.save(&b);
        e.open(&mut b)?;
        e.choose_mdps(&mut b)?;
        e.mdp_opponents(&mut b)?;
        let rem = e.remainder(&mut b)?;
        e.exchange_s1_down(&mut b, &rem)?;
        e.exchange_s2_up(&mut b, &rem)?;
        e.split_s1_s2(&mut b, &rem)?;
        e.s1_opponents(&mut b, &rem, tuning)?;
        if let Some(saved) = saved
            && !e.completes()?
        {
            e.restore(saved, &mut b)?;
            continue;
        }
        b = e.close(b, &mut paired)?;
    }
    Ok(e.outcome(&paired))
}
