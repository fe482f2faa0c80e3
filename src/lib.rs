//! Bianpai 编排 — run a xiangqi or chess tournament on one laptop, offline.
//!
//! Layers (imports only go downwards): the faces `ui`, `cli` and `web` (the venue page) call the `app` services; the
//! services use `store` (SQLite), `report` (PDF) and the rule book (`model`, `pairing`,
//! `standings`), which is pure.

pub mod app;
pub mod assets;
pub mod awards;
pub mod cli;
pub mod conduct;
pub mod i18n;
pub mod interchange;
pub mod model;
pub mod names;
pub mod pairing;
pub mod report;
pub mod standings;
pub mod store;
pub mod ui;
pub mod web;
