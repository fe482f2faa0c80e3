//! The venue page (场地网页): every page over loopback, `bianpai serve`, a real headless browser,
//! the QR code on the printed sheets, the window's switch, and the server's bounded threads
//! (counted in a child process of its own).
//!
//! One test binary of the suite (`cargo test --test venue`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod gui_venue;
mod venue_browser;
mod venue_connections;
mod venue_page;
mod venue_qr;
