//! Standings and awards: tiebreaks (the xiangqi rule book, FIDE C.07), places from knockouts,
//! playoffs and staged qualification, prizes, titles, qualifiers and promotions, results not yet
//! final, and the seed regulations' scenarios through the app services. `scaffold` is the plain
//! Swiss pairer two of those scenarios play their rounds with.
//!
//! One test binary of the suite (`cargo test --test standings`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;
mod scaffold;

mod awards_app;
mod awards_prizes;
mod awards_promotion;
mod awards_titles;
mod demo_seed_000;
mod foul_loss;
mod knockout_app;
mod knockout_places;
mod playoff_app;
mod presets_named;
mod qualification_app;
mod qualifiers_advance;
mod seed_000_playoff;
mod seed_002_places;
mod seed_002_qualification_knockout;
mod seed_004_early_stop;
mod team_board_prizes;
mod team_tiebreaks;
mod tiebreaks_fide;
mod tiebreaks_xiangqi;
mod unfinished_results;
