//! One window test per seed regulation (issue 20): each runs every section of its seed through
//! the window alone, from 新建赛事 to the result book, and checks the printed places, prizes,
//! titles, qualifiers and promotions against figures worked out from the regulation. The heaviest
//! tests of the suite, so a binary of their own.
//!
//! One test binary of the suite (`cargo test --test seeds`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod gui_seed_000;
mod gui_seed_001;
mod gui_seed_002;
mod gui_seed_004;
mod gui_seed_004_cup;
