//! 编排说明 — why each board is what it is: the score group, the float, the colour reason,
//! which quality rule had to give way, and an answer to “why not A–B?” (rules.md §1.4.3's
//! criterion table as values). The explanation is plain data, stored with the round; the
//! window and the paper put it into words at display time.

use super::colour::ColourReason;
use super::weights::{
    BYE, Barrier, CostField, FLOAT, FLOATPOS, MILD, NEAR, POS, PairCost, REST, STRONG,
};
use crate::model::{EntrantId, Points};
use serde::{Deserialize, Serialize};

/// A quality criterion (rules.md §1.4.3 Q1–Q6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Criterion {
    /// Q2/Q3 同分相遇 — pair inside the score group; fewest and lowest floaters.
    ScoreGroup,
    /// Q3 近分相遇 — nearest scores.
    NearestScore,
    /// Q4 — a strong colour preference (imbalance).
    StrongColour,
    /// Q4 — a mild colour preference (alternation).
    MildColour,
    /// Q5 上下调平衡 — float balance.
    FloatBalance,
    /// Q6 — which player floats.
    Floater,
    /// Q6 — the positional rule inside the group.
    Position,
    /// Q1 — who has the bye (the lowest group that lets the others pair, then the highest
    /// number).
    Bye,
}

impl Criterion {
    pub fn of_field(f: CostField) -> Criterion {
        match f {
            CostField::ByeClass | CostField::Rest(BYE) => Criterion::Bye,
            CostField::Boundary(_) => Criterion::ScoreGroup,
            CostField::Rest(NEAR) => Criterion::NearestScore,
            CostField::Rest(STRONG) => Criterion::StrongColour,
            CostField::Rest(MILD) => Criterion::MildColour,
            CostField::Rest(FLOAT) => Criterion::FloatBalance,
            CostField::Rest(FLOATPOS) => Criterion::Floater,
            CostField::Rest(_) => Criterion::Position,
        }
    }

    /// The criteria in which a pair's cost is not zero: the rules that gave way for it.
    pub fn gave_way(cost: &PairCost) -> Vec<Criterion> {
        let mut v: Vec<Criterion> = Vec::new();
        let mut note = |c: Criterion| {
            if !v.contains(&c) {
                v.push(c);
            }
        };
        if cost.class > 0 {
            note(Criterion::Bye);
        }
        if cost.low > cost.high {
            note(Criterion::ScoreGroup);
        }
        for k in (0..REST).filter(|&k| k != POS && cost.rest[k] > 0) {
            note(Criterion::of_field(CostField::Rest(k)));
        }
        v
    }
}

/// Why two players are not paired with each other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WhyNot {
    /// One of them is not paired this round (withdrawn, excluded, held out) or has the bye.
    NotPaired(EntrantId),
    /// They are paired with each other.
    ArePaired,
    /// They have met before.
    AlreadyMet,
    /// Same unit in a round with 同队回避.
    SameUnit,
    /// No colour allocation respects the colour limits.
    ColourLimits,
    /// The section prohibits their pairing (禁止配对).
    Prohibited,
    /// Pairing them makes the round worse, first on `criterion`.
    Worse { criterion: Criterion },
    /// Their partners could then not meet each other (two-board comparison).
    Strands,
    /// Pairing them is as good on every criterion; the order of production decided.
    Tie,
}

impl From<Barrier> for WhyNot {
    fn from(b: Barrier) -> WhyNot {
        match b {
            Barrier::AlreadyMet => WhyNot::AlreadyMet,
            Barrier::SameUnit => WhyNot::SameUnit,
            Barrier::ColourLimits => WhyNot::ColourLimits,
            Barrier::Prohibited => WhyNot::Prohibited,
        }
    }
}

/// The float on a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloatNote {
    /// 下调 — the higher scorer.
    pub down: EntrantId,
    /// 上调 — the lower scorer.
    pub up: EntrantId,
    /// Score levels crossed.
    pub levels: u32,
}

/// The explanation of one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardExplanation {
    pub board: u32,
    pub red: EntrantId,
    pub black: EntrantId,
    pub red_score: Points,
    pub black_score: Points,
    pub float: Option<FloatNote>,
    pub colour: ColourNote,
    /// Quality rules that had to give way on this board.
    pub gave_way: Vec<Criterion>,
    /// “Why not red – `alternative.0`?” for red's neighbour in the group order.
    pub why_not: Option<(EntrantId, WhyNot)>,
}

/// A serialisable copy of [`ColourReason`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColourNote {
    OnlyLegal,
    BothPreferences,
    LeaderFirst,
    StrongerNeed,
    /// Alternated from the round this many rounds back.
    History(u32),
    RoundParity,
    /// Round 1: by the pattern.
    Pattern,
}

impl From<ColourReason> for ColourNote {
    fn from(r: ColourReason) -> ColourNote {
        match r {
            ColourReason::OnlyLegal => ColourNote::OnlyLegal,
            ColourReason::BothPreferences => ColourNote::BothPreferences,
            ColourReason::LeaderFirst => ColourNote::LeaderFirst,
            ColourReason::StrongerNeed => ColourNote::StrongerNeed,
            ColourReason::History(k) => ColourNote::History(k),
            ColourReason::RoundParity => ColourNote::RoundParity,
        }
    }
}

/// Why the bye went where it went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeExplanation {
    pub entrant: EntrantId,
    pub score: Points,
    /// Candidates of lower score groups (or with fewer byes): a bye for any of them left the
    /// others unpairable.
    pub passed_over: Vec<EntrantId>,
    /// The highest number of the holder's group, who would have had the bye if the others
    /// had paired as well without him (rules.md §1.4.3 Q1: Q2–Q5 choose the player).
    #[serde(default)]
    pub instead_of: Option<EntrantId>,
}

/// Round 1 notes (同队回避 by swapping, rules.md §1.4.3): the drawn numbers are kept and only
/// round-1 opponents change.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundOneNote {
    /// Boards (1-based, in pattern order) whose second players were swapped.
    pub swaps: Vec<(u32, u32)>,
    /// Same-unit boards that could not be avoided.
    pub unavoidable_same_unit: u32,
}
