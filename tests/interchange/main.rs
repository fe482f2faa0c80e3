//! Interchange: what comes in from files — entrant lists (CSV, XLSX, ODS; the fuzzed and hostile ones are the `import_bombs` binary's), TRF-16 and
//! TRF-2026 read and written back, a TRF file made a section, the settings file — and the
//! event's entry cap that every way in checks.
//!
//! One test binary of the suite (`cargo test --test interchange`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod event_cap;
mod import_app;
mod import_files;
mod settings_file;
mod trf2026_records;
mod trf_round_trip;
mod trf_section;
