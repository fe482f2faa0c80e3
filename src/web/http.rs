//! The venue page's HTTP/1.1 transport, on hyper (the connection, its parsing and its timeouts)
//! and a tokio runtime of a fixed number of threads, whatever the phones do. One task accepts;
//! each admitted connection is a task of its own (a few kilobytes, not a thread), answering one
//! request (`Connection: close`: a phone's poll every few seconds costs a new connection, not one
//! held open between polls). Connections beyond the cap — all of them, or those of one address —
//! are answered 503 at once by the accepting task and closed. A request head must come within a
//! few seconds and fit in hyper's smallest buffer; a body (only a write would send one) is read,
//! up to a limit, and dropped.
//!
//! What is the page's own lives behind [`Handler`]: this file knows HTTP, not the event.

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Notify;

/// The largest body read and dropped (a bigger one: the connection is closed after the answer).
const MAX_BODY: usize = 64 * 1024;
/// The largest form a page takes (a result, fouls, a note of 200 characters and the form's
/// tokens fit in a tenth of it); a bigger one is refused unread.
pub const MAX_FORM: usize = 8 * 1024;
/// The request head's buffer (hyper's smallest).
const MAX_HEAD: usize = 8 * 1024;
/// Refused connections kept open this long after their 503, so that it is read before the
/// close (a close with the request unread would reset the connection and lose the answer).
const LINGER: Duration = Duration::from_secs(1);
/// At most this many refused connections lingering; beyond, a refused one is closed at once.
const MAX_LINGERING: usize = 256;
/// How often the accepting task looks whether the page is over.
const TICK: Duration = Duration::from_millis(200);
/// How long the accepting task waits after a failed accept.
const ACCEPT_PAUSE: Duration = Duration::from_millis(10);

/// The method of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    /// A form sent from a page of a device with a role; refused (405) by a read-only page.
    Post,
    /// Any other: refused (405).
    Other,
}

/// A request as the page reads it.
#[derive(Debug)]
pub struct Request {
    pub method: Method,
    /// The path and query as sent.
    pub target: String,
    /// `If-None-Match`, as sent.
    pub if_none_match: Option<String>,
    /// The client takes gzip (`Accept-Encoding`).
    pub gzip: bool,
    pub client: IpAddr,
    /// A POST's body (at most [`MAX_FORM`] bytes; empty otherwise).
    pub body: Vec<u8>,
    /// The POST's body was longer than [`MAX_FORM`] (and left unread).
    pub body_too_large: bool,
    /// `Cookie`, `Origin`, `Referer`, `Host`, `Sec-Fetch-Site` and `Content-Type`, as sent.
    pub cookie: Option<String>,
    pub origin: Option<String>,
    pub referer: Option<String>,
    pub host: Option<String>,
    pub fetch_site: Option<String>,
    pub content_type: Option<String>,
}

/// An answer: status, headers, body (left out for HEAD and 304).
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Arc<Vec<u8>>,
    /// An answer not ready yet: asked again every [`LATER_EVERY`] until it gives the answer
    /// (and keeps its own deadline), while the server's threads answer others.
    pub later: Option<Later>,
}

/// The rest of an answer that waits (a phone's submission waiting to be stored).
pub type Later = Box<dyn FnMut() -> Option<Answer> + Send>;

/// How often an answer that waits is asked again.
pub const LATER_EVERY: std::time::Duration = std::time::Duration::from_millis(5);

/// What the server asks of the page.
pub trait Handler: Send + Sync + 'static {
    /// The answer to a request.
    fn answer(&self, request: &Request) -> Answer;
    /// The body of the 503 sent beyond the cap.
    fn busy_body(&self) -> String;
    /// Is the page over (its event closed)? The server then stops.
    fn is_over(&self) -> bool;
    /// Called first on each of the server's threads (to lower its priority).
    fn on_thread_start(&self) {}
}

/// The limits of a server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Threads answering.
    pub workers: usize,
    /// Connections open at once (being answered or waiting for a worker).
    pub max_connections: usize,
    /// Connections open at once from one address.
    pub per_client: usize,
    /// The time a connection has to send its request head.
    pub head_timeout: Duration,
    /// The time an answer may take to be taken by a slow phone.
    pub write_timeout: Duration,
}

/// A running server: its thread (which drives the runtime) and what stops it.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<Stop>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// The flag that stops a server, and the bell that wakes its accepting task.
#[derive(Default)]
struct Stop {
    flag: AtomicBool,
    bell: Notify,
}

impl Stop {
    fn ring(&self) {
        self.flag.store(true, Ordering::SeqCst);
        self.bell.notify_one();
    }
}

/// Connections open now, in all and by address.
#[derive(Default)]
struct Open {
    total: AtomicUsize,
    by_client: Mutex<HashMap<IpAddr, usize>>,
    lingering: AtomicUsize,
}

impl Open {
    /// Takes a place for a connection from `client`, if the caps leave one.
    fn admit(self: &Arc<Self>, client: IpAddr, limits: &Limits) -> Option<Place> {
        let mut by = self.by_client.lock().unwrap_or_else(|e| e.into_inner());
        let mine = by.get(&client).copied().unwrap_or(0);
        if self.total.load(Ordering::SeqCst) >= limits.max_connections
            || mine >= limits.per_client.max(1)
        {
            return None;
        }
        self.total.fetch_add(1, Ordering::SeqCst);
        by.insert(client, mine + 1);
        Some(Place {
            open: self.clone(),
            client,
        })
    }
}

/// One admitted connection's place: given back when dropped.
struct Place {
    open: Arc<Open>,
    client: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        self.open.total.fetch_sub(1, Ordering::SeqCst);
        let mut by = self
            .open
            .by_client
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = by.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                by.remove(&self.client);
            }
        }
    }
}

impl Server {
    /// Serves `handler` on `listener` within `limits`.
    pub fn start(
        listener: TcpListener,
        limits: Limits,
        handler: Arc<dyn Handler>,
    ) -> std::io::Result<Server> {
        let addr = listener.local_addr()?;
        listener.set_nonblocking(true)?;
        let workers = limits.workers.max(1);
        let limits = Limits {
            max_connections: limits.max_connections.max(workers),
            ..limits
        };
        let on_start = handler.clone();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers)
            .max_blocking_threads(1)
            .thread_name("venue-page")
            .on_thread_start(move || on_start.on_thread_start())
            .enable_io()
            .enable_time()
            .build()?;
        let listener = {
            let _inside = runtime.enter();
            tokio::net::TcpListener::from_std(listener)?
        };
        let stop = Arc::new(Stop::default());
        let accept_stop = stop.clone();
        let thread = std::thread::Builder::new()
            .name("venue-accept".into())
            .spawn(move || {
                handler.on_thread_start();
                runtime.block_on(accept(listener, limits, handler, &accept_stop));
                // Leaving drops the runtime: every connection's task ends with it.
                runtime.shutdown_timeout(Duration::from_secs(1));
            })?;
        Ok(Server {
            addr,
            stop,
            thread: Some(thread),
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Is it still answering (not stopped, the page not over)?
    pub fn is_running(&self) -> bool {
        !self.stop.flag.load(Ordering::SeqCst)
            && self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Stops it: the socket is closed once its threads have left.
    pub fn stop(&mut self) {
        self.stop.ring();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The accepting task: admits or refuses each connection until stopped or the page is over.
async fn accept(
    listener: tokio::net::TcpListener,
    limits: Limits,
    handler: Arc<dyn Handler>,
    stop: &Stop,
) {
    let open = Arc::new(Open::default());
    let busy: Arc<[u8]> = refusal(503, &handler.busy_body()).into();
    let limits = Arc::new(limits);
    let mut tick = tokio::time::interval(TICK);
    loop {
        if stop.flag.load(Ordering::SeqCst) || handler.is_over() {
            stop.flag.store(true, Ordering::SeqCst);
            return;
        }
        let (stream, peer) = tokio::select! {
            _ = stop.bell.notified() => continue,
            _ = tick.tick() => continue,
            accepted = listener.accept() => match accepted {
                Ok(c) => c,
                // A connection gone before it was taken, or out of descriptors: look again a
                // moment later (out of descriptors, at once would spin: the connection waits).
                Err(_) => {
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
        };
        match open.admit(peer.ip(), &limits) {
            Some(place) => {
                let (handler, limits) = (handler.clone(), limits.clone());
                tokio::spawn(serve(stream, place, handler, limits));
            }
            // Beyond the cap: refused here and now.
            None => refuse(stream, busy.clone(), &open),
        }
    }
}

/// Answers the one request of an admitted connection.
async fn serve(stream: TcpStream, place: Place, handler: Arc<dyn Handler>, limits: Arc<Limits>) {
    let client = place.client;
    let service = service_fn(move |request: hyper::Request<Incoming>| {
        let handler = handler.clone();
        async move { Ok::<_, Infallible>(answer(request, client, handler.as_ref()).await) }
    });
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.head_timeout)
        .keep_alive(false)
        .title_case_headers(true)
        .max_buf_size(MAX_HEAD);
    let connection = http.serve_connection(TokioIo::new(stream), service);
    // A phone that went away mid-answer, or too slow to take it, is no error of ours.
    let _ = tokio::time::timeout(limits.head_timeout + limits.write_timeout, connection).await;
    drop(place);
}

/// The page's answer to one request, as hyper sends it.
async fn answer(
    request: hyper::Request<Incoming>,
    client: IpAddr,
    handler: &dyn Handler,
) -> hyper::Response<Full<Bytes>> {
    let method = match *request.method() {
        hyper::Method::GET => Method::Get,
        hyper::Method::HEAD => Method::Head,
        hyper::Method::POST => Method::Post,
        _ => Method::Other,
    };
    let header = |name: hyper::header::HeaderName| {
        request
            .headers()
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let if_none_match = Some(header(hyper::header::IF_NONE_MATCH)).filter(|v| !v.is_empty());
    let gzip = takes_gzip(&header(hyper::header::ACCEPT_ENCODING));
    let target = request
        .uri()
        .path_and_query()
        .map_or_else(|| request.uri().to_string(), |p| p.as_str().to_string());
    let some = |v: String| Some(v).filter(|v| !v.is_empty());
    let cookie = some(header(hyper::header::COOKIE));
    let origin = some(header(hyper::header::ORIGIN));
    let referer = some(header(hyper::header::REFERER));
    let host = some(header(hyper::header::HOST));
    let fetch_site = some(header(hyper::header::HeaderName::from_static(
        "sec-fetch-site",
    )));
    let content_type = some(header(hyper::header::CONTENT_TYPE));
    let announced = request
        .headers()
        .get(hyper::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<usize>().ok());
    let mut body = Vec::new();
    let mut body_too_large = false;
    match method {
        Method::Post if announced.is_some_and(|n| n > MAX_FORM) => {
            // Refused unread: the connection closes after the answer.
            body_too_large = true;
        }
        Method::Post => match Limited::new(request.into_body(), MAX_FORM).collect().await {
            Ok(collected) => body = collected.to_bytes().to_vec(),
            Err(_) => body_too_large = true,
        },
        Method::Other => {
            // A write's body is read and dropped, so that the refusal is not lost to a reset.
            let _ = Limited::new(request.into_body(), MAX_BODY).collect().await;
        }
        _ => {}
    }
    let mut answer = handler.answer(&Request {
        method,
        target,
        if_none_match,
        gzip,
        client,
        body,
        body_too_large,
        cookie,
        origin,
        referer,
        host,
        fetch_site,
        content_type,
    });
    while let Some(mut later) = answer.later.take() {
        tokio::time::sleep(LATER_EVERY).await;
        match later() {
            Some(done) => answer = done,
            None => answer.later = Some(later),
        }
    }
    let body = if answer.status == 304 {
        Bytes::new()
    } else {
        // Shared, not copied; hyper leaves it out of an answer to HEAD and keeps its length.
        Bytes::from_owner(Shared(answer.body))
    };
    let mut response = hyper::Response::new(Full::new(body));
    *response.status_mut() =
        hyper::StatusCode::from_u16(answer.status).unwrap_or(hyper::StatusCode::OK);
    let headers = response.headers_mut();
    for (name, value) in answer.headers {
        // A value that is no header value (a line break) is left out, never sent broken.
        if let Ok(value) = hyper::header::HeaderValue::from_str(&value) {
            headers.append(name, value);
        }
    }
    response
}

/// A page's bytes as hyper takes them, without a copy.
struct Shared(Arc<Vec<u8>>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// A whole answer made here, not by the page: `status`, a short text, `Connection: close`.
fn refusal(status: u16, text: &str) -> Vec<u8> {
    let reason = hyper::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("");
    let retry = if status == 503 {
        "Retry-After: 1\r\n"
    } else {
        ""
    };
    format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\n{retry}Content-Length: {}\r\nConnection: close\r\n\r\n{text}",
        text.len()
    )
    .into_bytes()
}

/// Answers a refused connection without waiting on it, and keeps it a moment before closing.
fn refuse(stream: TcpStream, answer: Arc<[u8]>, open: &Arc<Open>) {
    // The answer fits in the socket's buffer; a phone that takes nothing loses it.
    let _ = stream.try_write(&answer);
    if open.lingering.fetch_add(1, Ordering::SeqCst) >= MAX_LINGERING {
        open.lingering.fetch_sub(1, Ordering::SeqCst);
        return;
    }
    let open = open.clone();
    tokio::spawn(async move {
        let mut stream = stream;
        let _ = stream.shutdown().await;
        // Reads what the other side sends meanwhile, so that the close is not a reset.
        let mut scrap = [0u8; 1024];
        let _ = tokio::time::timeout(LINGER, async {
            while matches!(stream.read(&mut scrap).await, Ok(n) if n > 0) {}
        })
        .await;
        open.lingering.fetch_sub(1, Ordering::SeqCst);
    });
}

/// Does an `Accept-Encoding` value take gzip (by name or `*`, not with `q=0`)?
fn takes_gzip(value: &str) -> bool {
    value.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let name = parts.next().unwrap_or("");
        let refused = parts.any(|p| {
            p.strip_prefix("q=")
                .is_some_and(|q| q.parse::<f32>().map_or(true, |q| q <= 0.0))
        });
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_is_taken_unless_refused() {
        for yes in [
            "gzip",
            "gzip, deflate, br",
            "br;q=1.0, GZIP;q=0.5",
            "*",
            "x, *;q=0.1",
        ] {
            assert!(takes_gzip(yes), "{yes}");
        }
        for no in [
            "",
            "deflate, br",
            "gzip;q=0",
            "gzip; q=0.0",
            "gzip;q=x",
            "gzipx",
        ] {
            assert!(!takes_gzip(no), "{no}");
        }
    }

    #[test]
    fn a_refusal_is_a_whole_answer_that_closes() {
        let r = String::from_utf8(refusal(503, "忙")).unwrap();
        assert!(r.starts_with("HTTP/1.1 503 Service Unavailable\r\n"), "{r}");
        assert!(r.contains("Retry-After: 1\r\n"));
        assert!(r.contains("Content-Length: 3\r\n"));
        assert!(r.ends_with("Connection: close\r\n\r\n忙"));
    }
}
