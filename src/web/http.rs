//! The venue page's HTTP/1.1: as little of it as a read-only page needs, on a fixed number of
//! threads whatever the phones do. One thread accepts; a fixed pool of workers answers, one
//! connection at a time, one request per connection (`Connection: close`: a phone's poll every
//! few seconds costs a new connection, not a thread held open between polls). Connections
//! beyond the cap — all of them, or those of one address — are answered 503 at once by the
//! accepting thread and closed, without a thread of their own. A request head must come within
//! a few seconds and fit in 8 KiB; a body (only a write would send one) is read and dropped.
//!
//! tiny_http, used before, keeps a thread for every open connection with no cap and offers no
//! way to hand it a connection accepted elsewhere; what the page needs of HTTP is small enough to
//! be written here and tested on its own.

use std::collections::{HashMap, VecDeque};
use std::io::{Read, Write};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest request head read.
const MAX_HEAD: usize = 8 * 1024;
/// The largest body read and dropped (a bigger one: the connection is closed after the answer).
const MAX_BODY: usize = 64 * 1024;
/// Refused connections kept open this long after their 503, so that it is read before the
/// close (a close with the request unread would reset the connection and lose the answer).
const LINGER: Duration = Duration::from_secs(1);
/// At most this many refused connections lingering; beyond, the oldest is closed at once.
const MAX_LINGERING: usize = 256;
/// How often the accepting thread and the workers look whether they are to stop.
const TICK: Duration = Duration::from_millis(200);

/// The method of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
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
}

/// An answer: status, headers, body (left out for HEAD and 304).
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Arc<Vec<u8>>,
}

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

/// A running server: its threads and the flag that stops them.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

/// Connections open now, in all and by address.
struct Open {
    total: AtomicUsize,
    by_client: Mutex<HashMap<IpAddr, usize>>,
}

/// One admitted connection: counted as open until released (its answer written) or dropped.
struct Admitted {
    stream: TcpStream,
    client: IpAddr,
    open: Arc<Open>,
    released: bool,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.release();
    }
}

impl Admitted {
    /// Gives its place back. Done before the connection is shut, so that a phone that has
    /// seen the end of its answer finds the place free.
    fn release(&mut self) {
        if std::mem::replace(&mut self.released, true) {
            return;
        }
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
        // The accepting thread wakes up to look at the stop flag (Linux and macOS honour a read
        // timeout on accept; elsewhere `stop` wakes it with a connection of its own).
        socket2::SockRef::from(&listener).set_read_timeout(Some(TICK))?;
        let stop = Arc::new(AtomicBool::new(false));
        let workers = limits.workers.max(1);
        let max_connections = limits.max_connections.max(workers);
        let (queue, waiting) = std::sync::mpsc::sync_channel::<Admitted>(max_connections);
        let waiting = Arc::new(Mutex::new(waiting));
        let open = Arc::new(Open {
            total: AtomicUsize::new(0),
            by_client: Mutex::new(HashMap::new()),
        });
        let mut threads = Vec::with_capacity(workers + 1);
        let mut spawn = |name: String, f: Box<dyn FnOnce() + Send>| -> std::io::Result<()> {
            threads.push(std::thread::Builder::new().name(name).spawn(f)?);
            Ok(())
        };
        for i in 0..workers {
            let (waiting, stop, handler, limits) = (
                waiting.clone(),
                stop.clone(),
                handler.clone(),
                limits.clone(),
            );
            let wake = addr;
            spawn(
                format!("venue-page-{i}"),
                Box::new(move || {
                    handler.on_thread_start();
                    work(&waiting, &stop, handler.as_ref(), &limits);
                    // Whoever leaves first (the event closed) takes the others with it.
                    if !stop.swap(true, Ordering::SeqCst) {
                        wake_up(wake);
                    }
                }),
            )?;
        }
        let accept_stop = stop.clone();
        let accept_limits = Limits {
            max_connections,
            ..limits
        };
        let started = spawn(
            "venue-accept".into(),
            Box::new(move || {
                handler.on_thread_start();
                accept(
                    &listener,
                    &queue,
                    &open,
                    &accept_stop,
                    handler.as_ref(),
                    &accept_limits,
                );
            }),
        );
        let mut server = Server {
            addr,
            stop,
            threads,
        };
        if let Err(e) = started {
            server.stop();
            return Err(e);
        }
        Ok(server)
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Are all its threads still there (not stopped, the page not over)?
    pub fn is_running(&self) -> bool {
        !self.stop.load(Ordering::SeqCst) && self.threads.iter().all(|t| !t.is_finished())
    }

    /// Stops it: the socket is closed once its threads have left.
    pub fn stop(&mut self) {
        if !self.stop.swap(true, Ordering::SeqCst) {
            wake_up(self.addr);
        }
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Wakes the accepting thread with a connection of our own (it then sees the stop flag).
fn wake_up(addr: SocketAddr) {
    let ip = match addr.ip() {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::from([127, 0, 0, 1]),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::from(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let _ = TcpStream::connect_timeout(&SocketAddr::new(ip, addr.port()), TICK);
}

fn accept(
    listener: &TcpListener,
    queue: &SyncSender<Admitted>,
    open: &Arc<Open>,
    stop: &AtomicBool,
    handler: &dyn Handler,
    limits: &Limits,
) {
    let mut lingering: VecDeque<(TcpStream, Instant)> = VecDeque::new();
    let busy = refusal(503, &handler.busy_body());
    while !stop.load(Ordering::SeqCst) {
        if handler.is_over() {
            stop.store(true, Ordering::SeqCst);
            break;
        }
        while lingering
            .front()
            .is_some_and(|(_, at)| at.elapsed() >= LINGER)
        {
            if let Some((s, _)) = lingering.pop_front() {
                close_quietly(&s);
            }
        }
        let (stream, peer) = match listener.accept() {
            Ok(c) => c,
            // The tick, or a connection gone before it was taken: look again.
            Err(_) => continue,
        };
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let client = peer.ip();
        let admit = {
            let mut by = open.by_client.lock().unwrap_or_else(|e| e.into_inner());
            let mine = by.get(&client).copied().unwrap_or(0);
            let admit = open.total.load(Ordering::SeqCst) < limits.max_connections
                && mine < limits.per_client.max(1);
            if admit {
                open.total.fetch_add(1, Ordering::SeqCst);
                by.insert(client, mine + 1);
            }
            admit
        };
        if !admit {
            // Beyond the cap: refused here and now, no thread taken.
            refuse(stream, &busy, &mut lingering);
            continue;
        }
        let admitted = Admitted {
            stream,
            client,
            open: open.clone(),
            released: false,
        };
        if let Err(TrySendError::Full(a) | TrySendError::Disconnected(a)) = queue.try_send(admitted)
        {
            // Cannot happen (the queue holds the cap), but the accepting thread never waits.
            if let Ok(s) = a.stream.try_clone() {
                drop(a);
                refuse(s, &busy, &mut lingering);
            }
        }
    }
    for (s, _) in lingering {
        close_quietly(&s);
    }
}

/// A whole answer made here, not by the page: `status`, a short text, `Connection: close`.
fn refusal(status: u16, text: &str) -> Vec<u8> {
    let mut headers = vec![
        ("Content-Type", "text/html; charset=utf-8".to_string()),
        ("Cache-Control", "no-store".to_string()),
    ];
    if status == 503 {
        headers.push(("Retry-After", "1".to_string()));
    }
    let mut out = head(status, &headers, Some(text.len()));
    out.extend_from_slice(text.as_bytes());
    out
}

/// Answers a refused connection without waiting on it, and keeps it a moment before closing.
fn refuse(stream: TcpStream, answer: &[u8], lingering: &mut VecDeque<(TcpStream, Instant)>) {
    if stream.set_nonblocking(true).is_err() {
        return;
    }
    // The answer fits in the socket's buffer; a phone that takes nothing loses it.
    let _ = (&stream).write(answer);
    let _ = stream.shutdown(Shutdown::Write);
    if lingering.len() >= MAX_LINGERING
        && let Some((oldest, _)) = lingering.pop_front()
    {
        close_quietly(&oldest);
    }
    lingering.push_back((stream, Instant::now()));
}

/// Reads what the other side has sent already, so that the close that follows is not a reset
/// (which could lose the answer on its way).
fn close_quietly(stream: &TcpStream) {
    let _ = stream.set_nonblocking(true);
    let mut scrap = [0u8; 4096];
    for _ in 0..16 {
        match (&*stream).read(&mut scrap) {
            Ok(n) if n > 0 => {}
            _ => break,
        }
    }
}

fn work(
    waiting: &Mutex<Receiver<Admitted>>,
    stop: &AtomicBool,
    handler: &dyn Handler,
    limits: &Limits,
) {
    while !stop.load(Ordering::SeqCst) && !handler.is_over() {
        let next = waiting
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .recv_timeout(TICK);
        match next {
            Ok(mut conn) => serve_one(&mut conn, handler, limits),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
}

/// Answers the one request of a connection; the connection is closed when `conn` is dropped.
fn serve_one(conn: &mut Admitted, handler: &dyn Handler, limits: &Limits) {
    let stream = &conn.stream;
    let deadline = Instant::now() + limits.head_timeout;
    let bytes = match read_head(stream, deadline) {
        // Closed, or silent too long: nothing to answer.
        Ok(None) => return,
        Err(()) => refusal(431, ""),
        Ok(Some((request_head, rest))) => match parse(&request_head) {
            None => refusal(400, ""),
            Some(p) => {
                if p.method == Method::Other {
                    // A write's body is read and dropped, so that the refusal is not lost.
                    if let Some(n) = p.content_length.filter(|n| *n <= MAX_BODY) {
                        skip(stream, n.saturating_sub(rest.len()), deadline);
                    }
                }
                let request = Request {
                    method: p.method,
                    target: p.target,
                    if_none_match: p.if_none_match,
                    gzip: p.gzip,
                    client: conn.client,
                };
                let answer = handler.answer(&request);
                let with_body = request.method != Method::Head && answer.status != 304;
                let length = (answer.status != 304).then_some(answer.body.len());
                let mut out = head(answer.status, &answer.headers, length);
                if with_body {
                    out.extend_from_slice(&answer.body);
                }
                out
            }
        },
    };
    if stream.set_write_timeout(Some(limits.write_timeout)).is_ok() {
        // A phone that went away mid-answer is no error of ours.
        let _ = (&*stream).write_all(&bytes);
    }
    conn.release();
    let _ = conn.stream.shutdown(Shutdown::Write);
    close_quietly(&conn.stream);
}

/// Reads and drops `n` more bytes of a body, until `deadline`.
fn skip(stream: &TcpStream, mut n: usize, deadline: Instant) {
    let mut scrap = [0u8; 4096];
    while n > 0 {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return;
        }
        match (&*stream).read(&mut scrap[..n.min(4096)]) {
            Ok(0) | Err(_) => return,
            Ok(k) => n -= k,
        }
    }
}

/// Where a request head ends (after its blank line), if it does in `buf`.
fn head_end(buf: &[u8]) -> Option<usize> {
    let crlf = buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4);
    let lf = buf.windows(2).position(|w| w == b"\n\n").map(|i| i + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The request head (and what came after it), read until `deadline`: `None` if the connection
/// closed or stayed silent; an error if the head is longer than [`MAX_HEAD`].
#[allow(clippy::type_complexity)]
fn read_head(stream: &TcpStream, deadline: Instant) -> Result<Option<(Vec<u8>, Vec<u8>)>, ()> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    loop {
        if let Some(end) = head_end(&buf) {
            let rest = buf.split_off(end);
            return Ok(Some((buf, rest)));
        }
        if buf.len() >= MAX_HEAD {
            return Err(());
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return Ok(None);
        }
        match (&*stream).read(&mut chunk) {
            Ok(0) => return Ok(None),
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Ok(None),
        }
    }
}

/// A request head as read.
#[derive(Debug, PartialEq, Eq)]
struct Parsed {
    method: Method,
    target: String,
    content_length: Option<usize>,
    if_none_match: Option<String>,
    gzip: bool,
}

/// Reads a request head: `None` if it is not HTTP/1.x as a browser sends it.
fn parse(head: &[u8]) -> Option<Parsed> {
    let text = std::str::from_utf8(head).ok()?;
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let mut first = lines.next()?.split(' ');
    let (method, target, version) = (first.next()?, first.next()?, first.next()?);
    if first.next().is_some() || !version.starts_with("HTTP/1.") || target.is_empty() {
        return None;
    }
    let method = match method {
        "GET" => Method::Get,
        "HEAD" => Method::Head,
        m if !m.is_empty() && m.bytes().all(|b| b.is_ascii_uppercase()) => Method::Other,
        _ => return None,
    };
    let mut parsed = Parsed {
        method,
        target: target.to_string(),
        content_length: None,
        if_none_match: None,
        gzip: false,
    };
    for line in lines.take_while(|l| !l.is_empty()) {
        let (name, value) = line.split_once(':')?;
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            parsed.content_length = Some(value.parse().ok()?);
        } else if name.eq_ignore_ascii_case("if-none-match") {
            parsed.if_none_match = Some(value.to_string());
        } else if name.eq_ignore_ascii_case("accept-encoding") {
            parsed.gzip |= takes_gzip(value);
        }
    }
    Some(parsed)
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

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        304 => "Not Modified",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "",
    }
}

/// An answer's head: status line, `headers`, the length (if given) and `Connection: close`.
fn head(status: u16, headers: &[(&'static str, String)], length: Option<usize>) -> Vec<u8> {
    let mut out = format!("HTTP/1.1 {status} {}\r\n", reason(status));
    for (name, value) in headers {
        // A value never carries a line break (the page makes them all), but make sure.
        if !value.contains(['\r', '\n']) {
            out.push_str(&format!("{name}: {value}\r\n"));
        }
    }
    if let Some(n) = length {
        out.push_str(&format!("Content-Length: {n}\r\n"));
    }
    out.push_str("Connection: close\r\n\r\n");
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_is_read_as_a_browser_sends_it() {
        let p = parse(
            b"GET /s/1?part=main HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"a-1\"\r\nContent-Length: 0\r\n\r\n",
        )
        .unwrap();
        assert_eq!(p.method, Method::Get);
        assert_eq!(p.target, "/s/1?part=main");
        assert_eq!(p.if_none_match.as_deref(), Some("\"a-1\""));
        assert_eq!(p.content_length, Some(0));
        assert!(!p.gzip);
        let p = parse(b"GET / HTTP/1.1\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n").unwrap();
        assert!(p.gzip);
        assert_eq!(parse(b"HEAD / HTTP/1.0\n\n").unwrap().method, Method::Head);
        assert_eq!(
            parse(b"DELETE / HTTP/1.1\r\n\r\n").unwrap().method,
            Method::Other
        );
    }

    #[test]
    fn anything_else_is_not_a_request() {
        for bad in [
            &b""[..],
            b"\r\n\r\n",
            b"GET\r\n\r\n",
            b"GET /\r\n\r\n",
            b"GET / SPDY/3\r\n\r\n",
            b"GET  / HTTP/1.1\r\n\r\n",
            b"get / HTTP/1.1\r\n\r\n",
            b"GET / HTTP/1.1 x\r\n\r\n",
            b"GET / HTTP/1.1\r\nno colon\r\n\r\n",
            b"GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            b"GET / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n",
            b"GET /\xff HTTP/1.1\r\n\r\n",
        ] {
            assert_eq!(parse(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

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
    fn a_head_ends_at_its_blank_line() {
        assert_eq!(head_end(b"GET / HTTP/1.1\r\n\r\nbody"), Some(18));
        assert_eq!(head_end(b"GET / HTTP/1.1\n\nbody"), Some(16));
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n"), None);
    }

    #[test]
    fn an_answer_head_never_breaks_a_line_it_is_given() {
        let h = head(
            200,
            &[("X-A", "1".into()), ("X-B", "2\r\nSet-Cookie: x".into())],
            Some(3),
        );
        let h = String::from_utf8(h).unwrap();
        assert_eq!(
            h,
            "HTTP/1.1 200 OK\r\nX-A: 1\r\nContent-Length: 3\r\nConnection: close\r\n\r\n"
        );
    }
}
