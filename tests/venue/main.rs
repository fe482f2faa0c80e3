//! The venue page (场地网页): every page over loopback, `bianpai serve`, a real headless browser,
//! the QR code on the printed sheets and the window's switch (the connection limits are the
//! `connections` binary's).
//!
//! One test binary of the suite (`cargo test --test venue`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod gui_venue;
mod venue_browser;
mod venue_page;
mod venue_qr;
