//! Hostile files (issue 34): spreadsheets that declare or hold billions of cells, zip entries
//! whose sizes lie, endless streams given to every command that reads a file, and the fuzzed
//! entry lists. A binary of its own: its tests measure the peak memory of the whole process
//! (`cargo test --test import_bombs`).

#[path = "../common/mod.rs"]
mod common;

mod import_fuzz;
