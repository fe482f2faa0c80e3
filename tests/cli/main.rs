//! The command line as a whole: an event scripted from start to finish, the bbpPairings-compatible
//! `pair`, the free checker and random tournament generator, prohibited pairings and the
//! standings check, each through the `bianpai` program itself.
//!
//! One test binary of the suite (`cargo test --test cli`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod checkin_cli;
mod cli_script;
mod dutch_cli;
mod dutch_rtg_check;
mod event_details_cli;
mod fees_cli;
mod intake_cli;
mod lateness_cli;
mod prohibited_cli;
mod safety_values;
mod scripting;
mod standings_check;
mod team_cli;
mod team_import_cli;
mod team_trf_cli;
