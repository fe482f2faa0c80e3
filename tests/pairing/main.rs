//! Pairing: the Swiss engines (FIDE Dutch against bbpPairings' cases and the TEC exercises,
//! the xiangqi Swiss against the rule book's worked examples, brute force, properties and the old
//! Chinese program; the team Swiss systems, xiangqi and FIDE C.04.6, over generated team
//! tournaments), round robin, and what surrounds a pairing — manual changes, prohibited
//! pairs, requested byes, adjourned games, the house player, FIDE mode — through the rule book,
//! the app services and, where the rule is about them, the window and the command line.
//!
//! One test binary of the suite (`cargo test --test pairing`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod adjourned;
mod dutch_app;
mod dutch_cases;
mod dutch_tec_swiss;
mod fide_mode;
mod house_player;
mod manual_pairing;
mod prohibited_pairs;
mod requested_byes;
mod round_robin;
mod scenario_round_one;
mod team_fide;
mod team_gen;
mod team_round_robin;
mod team_swiss;
mod xiangqi_app;
mod xiangqi_brute_force;
mod xiangqi_checker;
mod xiangqi_large_optimum;
mod xiangqi_legacy;
mod xiangqi_property;
mod xiangqi_round_one;
mod xiangqi_scenario;
mod xiangqi_score_levels;
mod xiangqi_why_not;
mod xiangqi_worked_example;
