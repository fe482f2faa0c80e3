//! 积分编排 (共用部分) — the machinery every weighted Swiss system shares, under the xiangqi
//! Swiss engine ([`super::xiangqi`]) and the FIDE Dutch engine ([`super::dutch`]) alike.
//!
//! Both engines turn a round into one maximum-weight matching problem (or a sequence of them)
//! whose edge weight packs many criteria, most important in the highest bits, into one
//! integer; both solve it on a few of the pairs and prove the result optimal over all of them
//! with the solver's duals. What is the same idea in both has one home here:
//!
//! - [`width`]: the integer a packed weight is laid out in ([`Packed`]), and the choice of the
//!   narrowest width that holds it with the solver's head-room ([`Ladder`]).
//! - [`fields`]: how wide a field of a packed weight must be ([`bits_for`]).
//! - [`forest`]: the blossom forest of the solver's certificate as pricing reads it — the
//!   smallest blossom holding two vertices ([`Forest`]), and the nodes of the forest where two
//!   vertices of small reduced dual meet ([`meetings`]) — and the key of an unordered pair
//!   ([`pair_key`]).
//!
//! What only looks alike stays in its engine, and the difference is one of meaning:
//!
//! - *What a pair weighs.* The xiangqi engine minimises a cost summed over the pairs
//!   (`xiangqi::weights::PairCost`, one field per score boundary, fields sized from bounds on
//!   their totals) and packs `2^bits − cost`; the Dutch engine maximises criteria met, one
//!   field per C.04.3 criterion, sized by the largest score group, and raises or lowers single
//!   edges between matchings to settle one decision at a time. The fields and their order are
//!   each rule book's own.
//! - *What a left-out pair weighs.* In the Dutch engine every left-out pair of a class weighs
//!   `c + h(a) + h(b)`, so its slack is exact from the two vertices' reduced duals and the
//!   blossom they meet in: [`meetings`] finds every pair with negative slack node by node. In
//!   the xiangqi engine a left-out pair's cost depends on the two players together (positions,
//!   colours), bounded below by a floor per pair of score groups: it prunes by blocks of two
//!   groups and checks the pairs left one by one, asking [`Forest::common`] for their blossom.
//! - *The pricing loop.* The Dutch engine keeps one incremental matching through a round and
//!   adds the priced pairs to it; the xiangqi engine packs and solves the candidate graph
//!   afresh each time, since a pair it adds may widen the packing.

pub mod fields;
pub mod forest;
pub mod width;

pub use fields::bits_for;
pub use forest::{Forest, meetings, pair_key};
pub use width::{Ladder, Packed};
