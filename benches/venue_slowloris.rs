//! Slow connections against the venue page (issue 34, part 7): 500 connections from 100
//! addresses that send a request head a byte a second and never end it (a "slowloris"), each
//! opened again as soon as the page closes it, held for the whole phase, while 50 phones poll
//! the page's `/api/rev` once a second each, on a new connection every time as the page's
//! script does. Against the same phones with no slow connections, in the same run (the first
//! phase). Run with
//!
//!     cargo bench --profile release --bench venue_slowloris
//!
//! Printed, for each phase: the phones' requests, how many were refused (anything but 200:
//! 503, 429, a reset, a timeout), their response times (p50, p99, max) and the ratio of p99
//! with the slow connections to p99 without; the slow connections the page closed (and that
//! were opened again) and this process's resident memory while they were held. Every address
//! is on the loopback network (127.0.0.0/8). Every loop stops by itself at the end of its phase.
//!
//! Without `--bench` (under `cargo test --benches`) it runs a short smoke version.

use bianpai::app::{Tournament, VenueFeed};
use bianpai::model::{Entrant, Event, Section};
use bianpai::web::{ServeOptions, VenueServer};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The run's shape.
#[derive(Clone, Copy)]
struct Plan {
    slow: usize,
    slow_addresses: usize,
    phones: usize,
    phase: Duration,
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let plan = if full {
        Plan {
            slow: 500,
            slow_addresses: 100,
            phones: 50,
            phase: Duration::from_secs(20),
        }
    } else {
        Plan {
            slow: 40,
            slow_addresses: 8,
            phones: 5,
            phase: Duration::from_secs(2),
        }
    };
    let dir = tempfile::tempdir().unwrap();
    let mut section = Section {
        name: "公开组".into(),
        ..Section::default()
    };
    section.settings.rounds = 7;
    let event = Event {
        name: "慢连接".into(),
        sections: vec![section],
        ..Event::default()
    };
    let mut t = Tournament::create(&dir.path().join("slow.bianpai"), &event).unwrap();
    let s = t.event().sections[0].id;
    for i in 0..60 {
        let e = Entrant {
            name: format!("选手{i:02}"),
            ..Entrant::default()
        };
        t.add_entrant(s, &e).unwrap();
    }
    t.draw_lots(s, 34).unwrap();
    t.pair_next_round(s).unwrap();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    // The venue's own options, as the window and `bianpai serve` start it.
    let server = VenueServer::start(&ServeOptions::new([127, 0, 0, 1].into(), 0), feed).unwrap();
    let addr = server.local_addr();
    println!(
        "venue page: {} slow connections from {} addresses, {} phones polling once a second, {:?} a phase",
        plan.slow, plan.slow_addresses, plan.phones, plan.phase
    );

    let quiet = phones(addr, plan);
    let rss_before = rss_kb();
    let stop = Arc::new(AtomicBool::new(false));
    let reopened = Arc::new(AtomicU64::new(0));
    let slow = slowloris(addr, plan, stop.clone(), reopened.clone());
    // The slow connections all open before the phones begin.
    std::thread::sleep(Duration::from_secs(2));
    let rss_held = rss_kb();
    let loaded = phones(addr, plan);
    stop.store(true, Ordering::SeqCst);
    let held: usize = slow.into_iter().map(|h| h.join().unwrap()).sum();
    println!(
        "slow connections: {held} held at the end, {} closed by the page and opened again; \
         this process's memory {} kB → {} kB with them open",
        reopened.load(Ordering::SeqCst),
        rss_before,
        rss_held
    );
    quiet.print("without slow connections");
    loaded.print("with slow connections   ");
    println!(
        "p99 with slow connections / without: {:.2}",
        loaded.p99() / quiet.p99()
    );
    drop(server);
}

/// This process's resident memory, in kB.
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// A connection from the loopback address `from` to `addr`.
fn connect_from(from: [u8; 4], addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    socket.bind(&SocketAddr::from((from, 0)).into())?;
    socket.connect_timeout(&addr.into(), Duration::from_secs(5))?;
    Ok(socket.into())
}

/// The phones' requests in a phase.
struct Polls {
    times_ms: Vec<f64>,
    requests: usize,
    refused: usize,
}

impl Polls {
    fn p99(&self) -> f64 {
        pct(&self.times_ms, 99.0)
    }

    fn print(&self, what: &str) {
        println!(
            "{what}: {} requests, {} refused; response p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.requests,
            self.refused,
            pct(&self.times_ms, 50.0),
            self.p99(),
            pct(&self.times_ms, 100.0)
        );
    }
}

/// Percentile `p` (0–100) of sorted `v`.
fn pct(v: &[f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((p / 100.0) * (v.len() - 1) as f64).round() as usize;
    v[i.min(v.len() - 1)]
}

/// `plan.phones` phones (127.0.20.x) poll `/api/rev` once a second each, for one phase.
fn phones(addr: SocketAddr, plan: Plan) -> Polls {
    let end = Instant::now() + plan.phase;
    let handles: Vec<_> = (0..plan.phones)
        .map(|p| {
            std::thread::spawn(move || {
                let from = [127, 0, 20, 1 + p as u8];
                // Staggered over the first second, as phones are.
                std::thread::sleep(Duration::from_millis(
                    (p as u64 * 1000) / plan.phones as u64,
                ));
                let mut mine = Vec::new();
                let mut refused = 0;
                let mut next = Instant::now();
                while Instant::now() < end {
                    let at = Instant::now();
                    match poll(from, addr) {
                        Some(200) => mine.push(at.elapsed().as_secs_f64() * 1000.0),
                        _ => refused += 1,
                    }
                    next += Duration::from_secs(1);
                    std::thread::sleep(next.saturating_duration_since(Instant::now()));
                }
                (mine, refused)
            })
        })
        .collect();
    let mut polls = Polls {
        times_ms: Vec::new(),
        requests: 0,
        refused: 0,
    };
    for h in handles {
        let (mine, refused) = h.join().unwrap();
        polls.requests += mine.len() + refused;
        polls.refused += refused;
        polls.times_ms.extend(mine);
    }
    polls.times_ms.sort_by(f64::total_cmp);
    polls
}

/// One poll on a new connection: the status, or `None` if it failed.
fn poll(from: [u8; 4], addr: SocketAddr) -> Option<u16> {
    let mut s = connect_from(from, addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    s.write_all(b"GET /api/rev HTTP/1.1\r\nHost: venue\r\nAccept-Encoding: gzip\r\n\r\n")
        .ok()?;
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).ok()?;
    std::str::from_utf8(answer.get(9..12)?).ok()?.parse().ok()
}

/// The slow connections: `plan.slow_addresses` addresses (127.0.21.x) with an equal share of
/// `plan.slow` connections each, on five threads. Each connection sends its head's start, then
/// a byte a second; closed by the page, it is opened again at once. Returns, per thread, the
/// connections it held when told to stop.
fn slowloris(
    addr: SocketAddr,
    plan: Plan,
    stop: Arc<AtomicBool>,
    reopened: Arc<AtomicU64>,
) -> Vec<std::thread::JoinHandle<usize>> {
    const THREADS: usize = 5;
    (0..THREADS)
        .map(|k| {
            let (stop, reopened) = (stop.clone(), reopened.clone());
            std::thread::spawn(move || {
                let per_address = plan.slow / plan.slow_addresses;
                // This thread's connections: (address, stream, when it last sent a byte).
                let mut conns: Vec<([u8; 4], Option<TcpStream>, Instant)> = (0..plan.slow)
                    .filter(|i| i % THREADS == k)
                    .map(|i| {
                        let a = i / per_address;
                        ([127, 0, 21, 1 + a as u8], None, Instant::now())
                    })
                    .collect();
                let head = b"GET /api/rev HTTP/1.1\r\nHost: venue\r\nX-Slow: ";
                let mut scrap = [0u8; 512];
                while !stop.load(Ordering::SeqCst) {
                    for (from, stream, last) in conns.iter_mut() {
                        // Open while there is nothing to read: the page sends nothing
                        // before it closes a connection, or answers one it then closes.
                        let open = stream.as_mut().is_some_and(|s| {
                            matches!(s.peek(&mut scrap), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
                        });
                        if !open {
                            if stream.take().is_some() {
                                reopened.fetch_add(1, Ordering::SeqCst);
                            }
                            if let Ok(mut s) = connect_from(*from, addr)
                                && s.write_all(head).is_ok()
                                && s.set_nonblocking(true).is_ok()
                            {
                                *stream = Some(s);
                                *last = Instant::now();
                            }
                        } else if last.elapsed() >= Duration::from_secs(1) {
                            if let Some(s) = stream.as_mut() {
                                let _ = s.write(b"x");
                            }
                            *last = Instant::now();
                        }
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
                conns.iter().filter(|c| c.1.is_some()).count()
            })
        })
        .collect()
}
