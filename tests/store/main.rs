//! The event file: what is written comes back, older files open, a newer or foreign one is
//! refused, undo walks back every action, a killed process loses no committed result, a full disk
//! is refused in words, and one event has one writer.
//!
//! One test binary of the suite (`cargo test --test store`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod crash_safety;
mod disk_full;
mod file_lock;
mod old_file;
mod safety_files;
mod store_files;
mod store_roundtrip;
mod team_store;
mod undo;
