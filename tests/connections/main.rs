//! The venue page's connections: the cap on connections and on one address's share, refused
//! at once with 503, idle and slow connections (a slowloris) shutting out no phone, and a
//! connection without a whole request head closed within seconds. A binary of its own: its
//! tests count the threads of the whole process, so nothing else may run beside them
//! (`cargo test --test connections`).

#[path = "../common/mod.rs"]
mod common;

mod venue_connections;
