//! `bianpai serve FILE`: the venue page (场地网页) of an event file, on the address and port
//! given, until Ctrl+C. The file is read through the app services each time another command
//! (`bianpai result`, `bianpai pair` …) has changed it and a page has been asked for since, at
//! most twice a second, and is held open only while it is read; a command that meets it there
//! waits the moment it takes (see [`crate::store::OPEN_WAIT`]). What a device with a role sends
//! is stored at serve's next look, and the phone answered only then (see
//! [`crate::app::Taken`]'s module): a kill of serve loses nothing a phone was told is kept.

use crate::app::{AppError, Hands, VenueFeed, follow_file_with};
use crate::i18n::{Lang, T, fill};
use crate::web::{DEFAULT_PORT, ServeOptions, VenueServer, is_every_interface};
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// `bianpai serve …`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The event file.
    file: PathBuf,
    /// The port (0: any free port; the address is printed).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// The address to listen on: this laptop's address on the venue network (e.g.
    /// 192.168.1.20); 0.0.0.0 is every interface (warned); the default is this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// How often, in milliseconds, the file is looked at, and the least time between two
    /// readings of it (for tests).
    #[arg(long, default_value_t = 500, hide = true)]
    every: u64,
}

pub fn run(args: ServeArgs, lang: Lang) -> Result<(), String> {
    let every = Duration::from_millis(args.every.max(1));
    let feed = VenueFeed::with_gap(every);
    // The file is read once before anything listens, so a bad file is refused at once.
    crate::app::Tournament::open(&args.file)
        .and_then(|t| feed.publish(&t))
        .map_err(|e| e.message(lang))?;
    // Devices given a role (`bianpai role add`) may send results: queued by the page, entered
    // here through the app services, the file held only while they are.
    let hands = Hands::new();
    let server = VenueServer::start_with(
        &ServeOptions::new(args.bind, args.port),
        feed.clone(),
        Some(hands.clone()),
    )
    .map_err(|e| e.message(lang))?;
    if is_every_interface(args.bind) {
        eprintln!("{}", T::VenueAllInterfaces.get(lang));
    }
    outln!("{}", fill(T::VenueServing.get(lang), &[&server.url()]));
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let stop = AtomicBool::new(false);
    let followed = follow_file_with(&args.file, &feed, Some(&hands), every, &stop);
    drop(server);
    followed.map_err(|e: AppError| e.message(lang))
}
