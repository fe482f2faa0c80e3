//! 场地网页 — the venue page: a third face beside the window and the command line. It serves,
//! read-only and on the address the arbiter picks, what the app's [`VenueFeed`] last published:
//! each section's current round, its standings, each player's own page and a search. It is a
//! small HTTP server ([`http`]: hyper on a tokio runtime) on a fixed number of threads of its
//! own, at low priority, never the window's: connections beyond a cap are answered 503 at once.
//!
//! What it refuses: any method but GET and HEAD (405); any path that is not one of its own
//! pages or its two embedded assets (`..`, encoded slashes and dots: 400; anything else: 404 —
//! it never opens a file); more than a burst of requests from one address (429). Every text
//! from the event is escaped. It stops when told, when dropped, and when the feed is closed
//! (the event was closed).
//!
//! What it costs: a page is made once per snapshot and its bytes kept; each answer carries an
//! ETag, so a browser that has the page is answered 304 with no body. Asking for a page tells
//! the feed that a phone is looking (see [`VenueFeed::asked`]).

mod hands;
pub use hands::WAIT_STORED;
mod http;
mod limit;
pub mod pages;

use crate::app::{Hands, VenueFeed, VenuePage, lan_address, venue_url};
use crate::i18n::{Lang, T, fill};
use http::{Answer, Method, Request};
use limit::RateLimit;
use pages::Page;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The page's script (polls the revision, swaps in the new main part) and style sheet.
const APP_JS: &str = include_str!("../../assets/web/app.js");
const APP_CSS: &str = include_str!("../../assets/web/app.css");

/// The port the venue page takes unless told another.
pub const DEFAULT_PORT: u16 = 8088;

/// Where and how the page is served.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub bind: IpAddr,
    /// 0: any free port (tests).
    pub port: u16,
    /// Requests one client may make at once …
    pub burst: u32,
    /// … and how many more each second.
    pub per_second: f64,
    /// Threads answering requests (one more accepts connections).
    pub workers: usize,
    /// Connections open at once (being answered or waiting); beyond, 503.
    pub max_connections: usize,
    /// Connections open at once from one address; beyond, 503.
    pub per_client: usize,
    /// The time a connection has to send its request.
    pub head_timeout: Duration,
    /// Results one device may send at once …
    pub device_burst: u32,
    /// … and how many more each second.
    pub device_per_second: f64,
}

impl ServeOptions {
    pub fn new(bind: IpAddr, port: u16) -> ServeOptions {
        ServeOptions {
            bind,
            port,
            burst: 40,
            per_second: 4.0,
            workers: 4,
            // An idle connection costs a task and its buffers, a few kilobytes: thousands may
            // wait (fewer if the process may not open that many files, see
            // [`connection_cap`]), so that connections left silent or trickling by a few
            // machines shut out no phone.
            max_connections: 4096,
            // A browser opens up to six at once to one site: one address's share is small.
            per_client: 8,
            head_timeout: Duration::from_secs(5),
            // A deputy with a pile of slips sends one every few seconds at most.
            device_burst: 12,
            device_per_second: 0.5,
        }
    }
}

/// Why the page could not be served.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("cannot listen on {addr}: {reason}")]
    Bind { addr: SocketAddr, reason: String },
}

impl WebError {
    pub fn message(&self, lang: Lang) -> String {
        match self {
            WebError::Bind { addr, reason } => fill(T::VenueStartFailed.get(lang), &[addr, reason]),
        }
    }
}

/// A running venue page. Dropping it stops it.
pub struct VenueServer {
    server: http::Server,
}

impl VenueServer {
    /// Starts serving `feed` as `options` say, read-only.
    pub fn start(options: &ServeOptions, feed: VenueFeed) -> Result<VenueServer, WebError> {
        VenueServer::start_with(options, feed, None)
    }

    /// Starts serving `feed` as `options` say; with `hands`, devices with a role may also
    /// send results (queued in `hands` for the event's owner: the page never writes).
    pub fn start_with(
        options: &ServeOptions,
        feed: VenueFeed,
        hands: Option<Hands>,
    ) -> Result<VenueServer, WebError> {
        let wanted = SocketAddr::new(options.bind, options.port);
        let bind_error = |e: std::io::Error| WebError::Bind {
            addr: wanted,
            reason: e.to_string(),
        };
        let listener = listen(wanted).map_err(bind_error)?;
        let venue = Venue {
            feed,
            limit: RateLimit::new(options.burst, options.per_second),
            writes: RateLimit::new(options.device_burst, options.device_per_second),
            hands,
            cache: Mutex::new(PageCache::default()),
            tag: instance_tag(),
        };
        let limits = http::Limits {
            workers: options.workers,
            max_connections: connection_cap(options.max_connections),
            per_client: options.per_client,
            head_timeout: options.head_timeout,
            write_timeout: Duration::from_secs(10),
        };
        let server = http::Server::start(listener, limits, Arc::new(venue)).map_err(bind_error)?;
        Ok(VenueServer { server })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.server.local_addr()
    }

    /// The address a phone opens: on every interface, this machine's address on the local
    /// network.
    pub fn url(&self) -> String {
        let addr = self.local_addr();
        let host = if addr.ip().is_unspecified() {
            lan_address().unwrap_or(addr.ip())
        } else {
            addr.ip()
        };
        venue_url(host, addr.port())
    }

    /// Is it still answering (not stopped, its event not closed)?
    pub fn is_running(&self) -> bool {
        self.server.is_running()
    }

    /// Stops answering and closes the socket.
    pub fn stop(&mut self) {
        self.server.stop();
    }
}

/// Descriptors kept aside from the page's connections: its refused connections lingering a
/// moment (at most 256), the event file and its journal, the window's and the runtime's own.
const SPARE_FILES: u64 = 512;

/// The most connections the page holds open: `wanted`, or fewer when the process may not open
/// that many files. The process's soft limit on open files (often 1024) is raised to its hard
/// limit first, where there is one to raise.
fn connection_cap(wanted: usize) -> usize {
    match raise_open_file_limit() {
        Some(files) => {
            let room = usize::try_from(files.saturating_sub(SPARE_FILES)).unwrap_or(usize::MAX);
            wanted.min(room).max(1)
        }
        None => wanted,
    }
}

/// Raises the soft limit on open files (RLIMIT_NOFILE) to the hard one; the soft limit then
/// in force, or `None` where it cannot be read.
#[cfg(unix)]
fn raise_open_file_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit fills in a struct of ours.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return None;
    }
    if limit.rlim_cur < limit.rlim_max {
        let mut raised = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: setrlimit reads a struct of ours.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } != 0 {
            // macOS takes no unlimited soft limit on files: its most (OPEN_MAX) is 10240.
            raised.rlim_cur = limit.rlim_max.min(10_240);
            // SAFETY: as above.
            unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) };
        }
        // SAFETY: as above.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
    }
    #[allow(
        clippy::useless_conversion,
        reason = "rlim_t is 32 bits on some systems"
    )]
    let files = u64::from(limit.rlim_cur);
    Some(files)
}

#[cfg(not(unix))]
fn raise_open_file_limit() -> Option<u64> {
    None
}

/// The listening socket, with Nagle's delay off for the connections it accepts (they inherit
/// it): an answer goes out as its head and then its body, and the body must not wait for the
/// phone's delayed acknowledgement of the head (40 ms on Linux).
fn listen(addr: SocketAddr) -> std::io::Result<std::net::TcpListener> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, None)?;
    socket.set_tcp_nodelay(true)?;
    // As std's listeners do on Unix: the port can be taken again at once after the page is
    // turned off, whatever connections are still closing.
    #[cfg(unix)]
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into())?;
    // Room for a crowd of connections arriving at once (the system may allow fewer).
    socket.listen(1024)?;
    Ok(socket.into())
}

/// Is every interface of the machine meant (the arbiter is warned)?
pub fn is_every_interface(ip: IpAddr) -> bool {
    ip.is_unspecified()
}

/// What this run of the page puts in its ETags: revisions start again at 1 in each run of the
/// program, so a tag must also say which run made it.
fn instance_tag() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{:x}", nanos ^ u128::from(std::process::id()))
}

/// FNV-1a of some bytes: the ETag of an embedded file.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The most bytes of made pages kept for one snapshot.
const CACHE_BYTES: usize = 16 << 20;

/// The pages made from the current snapshot, by address.
#[derive(Default)]
struct PageCache {
    revision: u64,
    pages: HashMap<String, Body>,
    bytes: usize,
}

/// An answer's body, and the same gzipped when that is worth it (pages of the page's own
/// links and the embedded files, made once each): a phone is sent a fifth of the bytes or less,
/// which matters on a venue's Wi-Fi and spares the laptop's network work.
#[derive(Clone)]
struct Body {
    plain: Arc<Vec<u8>>,
    gzip: Option<Arc<Vec<u8>>>,
}

impl Body {
    fn plain(bytes: Vec<u8>) -> Body {
        Body {
            plain: Arc::new(bytes),
            gzip: None,
        }
    }

    /// `bytes`, and gzipped if that makes them smaller.
    fn compressed(bytes: Vec<u8>) -> Body {
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(
            Vec::with_capacity(bytes.len() / 4),
            flate2::Compression::default(),
        );
        let gzip = gz
            .write_all(&bytes)
            .and_then(|()| gz.finish())
            .ok()
            .filter(|z| z.len() < bytes.len())
            .map(Arc::new);
        Body {
            plain: Arc::new(bytes),
            gzip,
        }
    }

    fn len(&self) -> usize {
        self.plain.len() + self.gzip.as_ref().map_or(0, |z| z.len())
    }
}

/// An embedded file's body, gzipped once for the whole run.
fn asset_body(text: &'static str, slot: &'static std::sync::OnceLock<Body>) -> Body {
    slot.get_or_init(|| Body::compressed(text.as_bytes().to_vec()))
        .clone()
}

/// The page, as the server asks it.
struct Venue {
    feed: VenueFeed,
    limit: RateLimit,
    /// Writes, by device.
    writes: RateLimit<i64>,
    /// The devices with a role and their queue (`None`: read-only).
    hands: Option<Hands>,
    cache: Mutex<PageCache>,
    tag: String,
}

impl http::Handler for Venue {
    fn answer(&self, request: &Request) -> Answer {
        self.answer(request)
    }

    fn busy_body(&self) -> String {
        pages::esc(T::VenueBusy.get(Lang::Zh))
    }

    fn is_over(&self) -> bool {
        self.feed.is_closed()
    }

    fn on_thread_start(&self) {
        crate::app::lower_thread_priority();
    }
}

/// An answer before it is sent.
struct Reply {
    status: u16,
    content_type: &'static str,
    body: Body,
    revision: Option<u64>,
    allow: bool,
    etag: Option<String>,
    /// A device's own page or answer: never kept, and its forms send their origin.
    private: bool,
    /// More headers (a cookie, a redirect).
    extra: Vec<(&'static str, String)>,
    /// The answer proper, when this one is not ready (see [`http::Answer::later`]).
    later: Option<LaterReply>,
}

/// The rest of a reply that waits: `None` while not ready.
type LaterReply = Box<dyn FnMut() -> Option<Reply> + Send>;

impl Reply {
    fn html(status: u16, body: String) -> Reply {
        Reply {
            status,
            content_type: "text/html; charset=utf-8",
            body: Body::plain(body.into_bytes()),
            revision: None,
            allow: false,
            etag: None,
            private: false,
            extra: Vec::new(),
            later: None,
        }
    }

    fn asset(
        content_type: &'static str,
        text: &'static str,
        slot: &'static std::sync::OnceLock<Body>,
    ) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: asset_body(text, slot),
            revision: None,
            allow: false,
            // Weak: the same for the file and its gzipped bytes.
            etag: Some(format!("W/\"{:x}\"", fnv(text.as_bytes()))),
            private: false,
            extra: Vec::new(),
            later: None,
        }
    }
}

/// Does an `If-None-Match` name `etag`?
fn matches_tag(if_none_match: &str, etag: &str) -> bool {
    if_none_match
        .split(',')
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == "*" || t == etag.trim_start_matches("W/"))
}

impl Venue {
    fn answer(&self, request: &Request) -> Answer {
        let url = request.target.as_str();
        let reply = if !self.limit.allow(request.client, Instant::now()) {
            self.refusal(429, T::VenueTooMany, url)
        } else if let Some(reply) = self.hands_route(request) {
            reply
        } else if matches!(request.method, Method::Other | Method::Post) {
            let mut r = self.refusal(405, T::VenueReadOnlyRefusal, url);
            r.allow = true;
            r
        } else {
            self.route(url)
        };
        send(reply, request.gzip, request.if_none_match.as_deref())
    }

    /// The pages and the write of devices with a role ([`hands`]), if the request is for one.
    fn hands_route(&self, request: &Request) -> Option<Reply> {
        let url = request.target.as_str();
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        if !clean_path(path) {
            return None;
        }
        hands::route(self, request, path, query)
    }

    fn refusal(&self, status: u16, why: T, url: &str) -> Reply {
        let query = url.split_once('?').map_or("", |(_, q)| q);
        let lang = lang_of(query);
        let text = why.get(lang);
        match self.feed.current() {
            Some(snap) => Reply::html(
                status,
                pages::document(
                    snap.page(lang),
                    &pages::message(text),
                    snap.revision,
                    "/",
                    "",
                ),
            ),
            None => Reply::html(status, pages::esc(text)),
        }
    }

    fn route(&self, url: &str) -> Reply {
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        let lang = lang_of(query);
        if !clean_path(path) {
            return self.refusal(400, T::VenueBadPath, url);
        }
        match path {
            "/app.js" => {
                static JS: std::sync::OnceLock<Body> = std::sync::OnceLock::new();
                return Reply::asset("text/javascript; charset=utf-8", APP_JS, &JS);
            }
            "/app.css" => {
                static CSS: std::sync::OnceLock<Body> = std::sync::OnceLock::new();
                return Reply::asset("text/css; charset=utf-8", APP_CSS, &CSS);
            }
            _ => {}
        }
        let Some(snap) = self.feed.current() else {
            return Reply::html(503, pages::esc(T::VenueNothingYet.get(lang)));
        };
        // A phone is looking: if the event has changed, a new snapshot is made.
        self.feed.asked();
        if path == "/api/rev" {
            return Reply {
                status: 200,
                content_type: "application/json",
                body: Body::plain(format!("{{\"rev\":{}}}", snap.revision).into_bytes()),
                revision: Some(snap.revision),
                allow: false,
                etag: None,
                private: false,
                extra: Vec::new(),
                later: None,
            };
        }
        // A page of the page's own links (no search words, nothing unknown) is made once per
        // snapshot.
        let cacheable = path != "/search"
            && query
                .split('&')
                .all(|p| p.is_empty() || p == "lang=en" || p == "part=main");
        let cached = cacheable.then(|| self.cached(snap.revision, url)).flatten();
        let (status, body) = match cached {
            Some(body) => (200, body),
            None => {
                let page = snap.page(lang);
                let (status, inner) = match find_page(page, path, query) {
                    Some(p) => (200, p),
                    None => (404, pages::message(T::VenueNoPage.get(lang))),
                };
                let only_main = query.split('&').any(|p| p == "part=main");
                let body = if only_main {
                    inner.main
                } else {
                    pages::document(page, &inner, snap.revision, path, query)
                };
                let body = if cacheable && status == 200 {
                    let body = Body::compressed(body.into_bytes());
                    self.keep(snap.revision, url, &body);
                    body
                } else {
                    Body::plain(body.into_bytes())
                };
                (status, body)
            }
        };
        Reply {
            status,
            content_type: "text/html; charset=utf-8",
            body,
            revision: Some(snap.revision),
            allow: false,
            // Weak: the same for the page and its gzipped bytes.
            etag: (status == 200).then(|| format!("W/\"{}-{}\"", self.tag, snap.revision)),
            private: false,
            extra: Vec::new(),
            later: None,
        }
    }

    fn cached(&self, revision: u64, url: &str) -> Option<Body> {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        (cache.revision == revision)
            .then(|| cache.pages.get(url).cloned())
            .flatten()
    }

    fn keep(&self, revision: u64, url: &str, body: &Body) {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if revision > cache.revision {
            *cache = PageCache {
                revision,
                ..PageCache::default()
            };
        }
        if revision == cache.revision
            && cache.bytes + body.len() <= CACHE_BYTES
            && !cache.pages.contains_key(url)
        {
            cache.bytes += body.len();
            cache.pages.insert(url.to_string(), body.clone());
        }
    }
}

/// The language a query asks for (`lang=en`; Chinese otherwise).
fn lang_of(query: &str) -> Lang {
    if query.split('&').any(|p| p == "lang=en") {
        Lang::En
    } else {
        Lang::Zh
    }
}

/// Is this a path the page could have made? No `..`, no backslash, no encoded dot, slash or
/// backslash, nothing but printable ASCII.
fn clean_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    path.starts_with('/')
        && path.bytes().all(|b| b.is_ascii_graphic())
        && !path.contains('\\')
        && !path.split('/').any(|seg| seg == ".." || seg == ".")
        && !["%2e", "%2f", "%5c", "%00"]
            .iter()
            .any(|x| lower.contains(x))
        && !path.contains("//")
}

fn find_page(page: &VenuePage, path: &str, query: &str) -> Option<Page> {
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let section = |id: &str| id.parse::<i64>().ok().and_then(|id| page.section(id));
    match parts.as_slice() {
        [""] => Some(pages::home(page)),
        ["search"] => {
            let q = query
                .split('&')
                .find_map(|p| p.strip_prefix("q="))
                .map(decode)
                .unwrap_or_default();
            Some(pages::search(page, &q))
        }
        ["s", id] => section(id).map(|s| pages::pairings(page, s)),
        ["s", id, "standings"] => section(id).map(|s| pages::standings(page, s)),
        ["s", id, "p", n] => {
            let s = section(id)?;
            let n: u32 = n.parse().ok()?;
            let p = s.players.iter().find(|p| p.number == n)?;
            Some(pages::player(page, s, p))
        }
        _ => None,
    }
}

/// A form value as typed: `+` is a space, `%xx` a byte; bad UTF-8 is replaced. At most 100
/// characters are kept.
fn decode(value: &str) -> String {
    decode_n(value, 100)
}

/// [`decode`], keeping at most `max` characters.
fn decode_n(value: &str, max: usize) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).chars().take(max).collect()
}

/// A reply as the server sends it: its headers, its body gzipped or not, 304 when the phone
/// has it already.
fn send(mut reply: Reply, gzip: bool, if_none_match: Option<&str>) -> Answer {
    let unchanged = reply.status == 200
        && reply
            .etag
            .as_deref()
            .is_some_and(|tag| if_none_match.is_some_and(|inm| matches_tag(inm, tag)));
    let varies = reply.body.gzip.is_some();
    if unchanged {
        reply.status = 304;
        reply.body = Body::plain(Vec::new());
    }
    let gzipped = gzip && reply.body.gzip.is_some();
    let body = match (gzipped, reply.body.gzip) {
        (true, Some(z)) => z,
        _ => reply.body.plain,
    };
    let mut headers = vec![
        ("Content-Type", reply.content_type.to_string()),
        // With a tag: kept, but asked again each time (answered 304 while unchanged).
        (
            "Cache-Control",
            if reply.etag.is_some() && !reply.private {
                "no-cache"
            } else {
                "no-store"
            }
            .to_string(),
        ),
        ("X-Content-Type-Options", "nosniff".into()),
        ("X-Frame-Options", "DENY".into()),
        // A device's form must say where it comes from (its Origin), so its pages keep
        // the referrer within the site; the read-only pages send none anywhere.
        (
            "Referrer-Policy",
            if reply.private {
                "same-origin"
            } else {
                "no-referrer"
            }
            .into(),
        ),
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
             img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
                .into(),
        ),
    ];
    if let Some(tag) = reply.etag {
        headers.push(("ETag", tag));
    }
    if gzipped {
        headers.push(("Content-Encoding", "gzip".into()));
    }
    if varies {
        headers.push(("Vary", "Accept-Encoding".into()));
    }
    if reply.allow {
        headers.push(("Allow", "GET, HEAD".into()));
    }
    if reply.status == 429 {
        headers.push(("Retry-After", "1".into()));
    }
    if let Some(rev) = reply.revision {
        headers.push(("X-Revision", rev.to_string()));
    }
    headers.extend(reply.extra);
    let later = reply.later.map(|mut rest| -> http::Later {
        let if_none_match = if_none_match.map(str::to_string);
        Box::new(move || rest().map(|r| send(r, gzip, if_none_match.as_deref())))
    });
    Answer {
        status: reply.status,
        headers,
        body,
        later,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(unix)]
    fn the_cap_stays_below_the_open_file_limit_raised_to_the_hard_one() {
        let cap = connection_cap(usize::MAX);
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit fills in a struct of ours.
        assert_eq!(
            unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) },
            0
        );
        #[cfg(target_os = "linux")]
        assert_eq!(limit.rlim_cur, limit.rlim_max, "raised to the hard limit");
        #[allow(
            clippy::useless_conversion,
            reason = "rlim_t is 32 bits on some systems"
        )]
        let files = u64::from(limit.rlim_cur);
        assert_eq!(
            cap as u64,
            files.saturating_sub(SPARE_FILES).max(1),
            "{files} files"
        );
        // A cap below the limit is kept as asked.
        if files > 4096 + SPARE_FILES {
            assert_eq!(connection_cap(4096), 4096);
        }
    }

    #[test]
    fn only_the_page_s_own_paths_pass() {
        for good in ["/", "/s/1", "/s/1/p/12", "/search", "/app.js"] {
            assert!(clean_path(good), "{good}");
        }
        for bad in [
            "/../etc/passwd",
            "/s/../../x",
            "/%2e%2e/x",
            "/%2E%2e%2Fetc",
            "/a\\..\\b",
            "//etc/passwd",
            "/./app.js",
            "/s/%00",
        ] {
            assert!(!clean_path(bad), "{bad}");
        }
    }

    #[test]
    fn a_search_word_is_decoded_as_typed() {
        assert_eq!(decode("%E5%91%A8+zz"), "周 zz");
        assert_eq!(decode("12"), "12");
        assert_eq!(decode("%zz%"), "%zz%");
    }
}
