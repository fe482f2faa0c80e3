//! The venue page's threads are bounded whatever the phones do (issue 26): connections beyond
//! the cap — all of them, or those of one address — take no thread and are answered 503 at
//! once; the page answers again as soon as connections close. And idle or slow connections
//! cannot shut the others out (issue 34): silent connections from a few addresses take only
//! those addresses' small shares of a large cap, so every other phone is answered; a
//! connection that sends no whole request head — nothing at all, or a byte a second — is
//! closed within a few seconds.
//!
//! The threads are counted in /proc/self/task and the tests of a file run as threads of one
//! process, so each test here holds [`ONE_AT_A_TIME`] while it runs. Every address is on the
//! loopback network (127.0.0.0/8), bound on this machine.

use crate::common;

use crate::common::SectionBuilder;
use bianpai::app::VenueFeed;
use bianpai::model::Sex;
use bianpai::web::{ServeOptions, VenueServer};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// Held by each test of this file while it runs: one server at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// This process's threads.
fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, |d| d.count())
}

/// A connection from the loopback address `from` that sends nothing.
fn connect_from(from: [u8; 4], addr: SocketAddr) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::from((from, 0)).into()).unwrap();
    socket.connect(&addr.into()).unwrap();
    socket.into()
}

/// The status line the server has sent on `s` so far ("" if nothing yet).
fn sent(s: &mut TcpStream) -> String {
    s.set_nonblocking(true).unwrap();
    let mut buf = [0u8; 4096];
    let n = s.read(&mut buf).unwrap_or(0);
    String::from_utf8_lossy(&buf[..n])
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

/// A GET of `path` from `from`: the status.
fn status_from(from: [u8; 4], addr: SocketAddr, path: &str) -> u16 {
    let mut s = connect_from(from, addr);
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .unwrap();
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    text.split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

#[test]
#[cfg(target_os = "linux")]
fn connections_beyond_the_cap_take_no_thread_and_are_refused_at_once() {
    let _one = one_at_a_time();
    let (_dir, mut t) = common::create(&common::event("连接上限测试", vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .lot_seed(5)
        .entrant("周喆", "北京", Sex::Male)
        .entrant("王堃", "上海", Sex::Male)
        .enter(&mut t);
    t.pair_next_round(s).unwrap();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    let options = ServeOptions {
        workers: 3,
        max_connections: 12,
        per_client: 4,
        // The silent connections keep their places for the whole test.
        head_timeout: Duration::from_secs(60),
        // The refused requests are not what is counted here.
        burst: 1000,
        ..ServeOptions::new([127, 0, 0, 1].into(), 0)
    };
    let server = VenueServer::start(&options, feed.clone()).unwrap();
    let addr = server.local_addr();
    assert_eq!(status_from([127, 0, 5, 1], addr, "/api/rev"), 200);
    let base = threads();

    // Six silent connections from one phone (four are let in), then four from each of 24
    // more (eight more are let in: twelve in all).
    let mut silent: Vec<TcpStream> = (0..6).map(|_| connect_from([127, 0, 4, 1], addr)).collect();
    for phone in 0..24u8 {
        for _ in 0..4 {
            silent.push(connect_from([127, 0, 3, 1 + phone], addr));
        }
    }
    assert_eq!(silent.len(), 102);
    // Every refused one has its 503 at once (the server never waits on them).
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut answered = vec![String::new(); silent.len()];
    loop {
        for (s, a) in silent.iter_mut().zip(answered.iter_mut()) {
            if a.is_empty() {
                *a = sent(s);
            }
        }
        let refused = answered.iter().filter(|a| !a.is_empty()).count();
        if refused >= 90 || Instant::now() > deadline {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let refused: Vec<usize> = (0..answered.len())
        .filter(|&i| !answered[i].is_empty())
        .collect();
    assert_eq!(refused.len(), 90, "{answered:?}");
    assert!(
        refused
            .iter()
            .all(|&i| answered[i] == "HTTP/1.1 503 Service Unavailable"),
        "{answered:?}"
    );
    // The fifth and sixth of the one phone were refused though the page had room.
    assert!(refused.contains(&4) && refused.contains(&5));
    assert!(!refused.contains(&0) && !refused.contains(&3));
    assert!(
        threads() <= base,
        "{} threads with 102 connections open, {base} before",
        threads()
    );

    // The page still answers — busy, at once, and saying when to try again …
    let at = Instant::now();
    let mut s = connect_from([127, 0, 5, 2], addr);
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(b"GET /api/rev HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    assert!(text.starts_with("HTTP/1.1 503"), "{text}");
    assert!(text.contains("Retry-After: 1"), "{text}");
    assert!(text.contains("访问的人太多"), "{text}");
    assert!(at.elapsed() < Duration::from_secs(2));

    // … and as before once the silent ones are gone.
    drop(silent);
    let deadline = Instant::now() + Duration::from_secs(10);
    while status_from([127, 0, 5, 3], addr, "/api/rev") != 200 {
        assert!(Instant::now() < deadline, "the page never answered again");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(threads() <= base);

    // A burst of real requests from 40 phones at once is answered in full, on the same threads.
    let clients: Vec<_> = (0..40u8)
        .map(|i| {
            std::thread::spawn(move || {
                (0..5)
                    .map(|_| status_from([127, 0, 6, 1 + i], addr, "/"))
                    .collect::<Vec<u16>>()
            })
        })
        .collect();
    let statuses: Vec<u16> = clients
        .into_iter()
        .flat_map(|c| c.join().unwrap())
        .collect();
    assert_eq!(statuses.len(), 200);
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 503),
        "{statuses:?}"
    );
    assert!(statuses.contains(&200));
    drop(server);
    // Its threads are gone with it.
    let deadline = Instant::now() + Duration::from_secs(5);
    while threads() > base - 4 {
        assert!(Instant::now() < deadline, "the server's threads stayed");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A page of one section, its round paired, served with the venue's own options (those the
/// window and `bianpai serve` use) on this machine.
fn venue_page(name: &str) -> (tempfile::TempDir, VenueServer) {
    let (dir, mut t) = common::create(&common::event(name, vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .lot_seed(5)
        .entrant("周喆", "北京", Sex::Male)
        .entrant("王堃", "上海", Sex::Male)
        .enter(&mut t);
    t.pair_next_round(s).unwrap();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    let options = ServeOptions::new([127, 0, 0, 1].into(), 0);
    let server = VenueServer::start(&options, feed).unwrap();
    (dir, server)
}

/// How long until the server closes `s` (a read gives the end, or an error), at most `limit`;
/// what it sent meanwhile is read and dropped.
fn closed_after(s: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let at = Instant::now();
    s.set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let mut buf = [0u8; 1024];
    while at.elapsed() < limit {
        match s.read(&mut buf) {
            Ok(0) => return Some(at.elapsed()),
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return Some(at.elapsed()),
        }
    }
    None
}

#[test]
#[cfg(target_os = "linux")]
fn a_connection_without_a_request_head_is_closed_within_seconds() {
    let _one = one_at_a_time();
    let (_dir, server) = venue_page("慢连接测试");
    let addr = server.local_addr();
    // One sends nothing; one trickles a request head a byte a second, never ending it.
    let silent = std::thread::spawn(move || {
        let mut s = connect_from([127, 0, 8, 1], addr);
        closed_after(&mut s, Duration::from_secs(20))
    });
    let trickle = std::thread::spawn(move || {
        let mut s = connect_from([127, 0, 8, 2], addr);
        let at = Instant::now();
        for b in b"GET /api/rev HTTP/1.1\r\nHost: x\r\nX-Slow: "
            .iter()
            .cycle()
        {
            if s.write_all(&[*b]).is_err() || at.elapsed() > Duration::from_secs(20) {
                break;
            }
            if let Some(t) = closed_after(&mut s, Duration::from_secs(1)) {
                return Some(at.elapsed().saturating_sub(Duration::from_secs(1)) + t);
            }
        }
        Some(at.elapsed())
    });
    for (who, closed) in [
        ("silent", silent.join().unwrap()),
        ("trickling", trickle.join().unwrap()),
    ] {
        let closed = closed.unwrap_or_else(|| panic!("the {who} connection stayed open 20 s"));
        // The page gives a request head 5 seconds.
        assert!(
            closed >= Duration::from_secs(4) && closed < Duration::from_secs(8),
            "the {who} connection was closed after {closed:?}"
        );
    }
    // The page answers as before.
    assert_eq!(status_from([127, 0, 8, 3], addr, "/api/rev"), 200);
}

#[test]
#[cfg(target_os = "linux")]
fn silent_connections_from_a_few_addresses_shut_out_no_phone() {
    let _one = one_at_a_time();
    let (_dir, server) = venue_page("静默连接测试");
    let addr = server.local_addr();
    // 64 silent connections: eight from each of eight addresses …
    let mut silent: Vec<TcpStream> = Vec::new();
    for a in 1..=8u8 {
        for _ in 0..8 {
            silent.push(connect_from([127, 0, 9, a], addr));
        }
    }
    std::thread::sleep(Duration::from_millis(200));
    // … all of them let in (a phone's share is eight) …
    assert!(silent.iter_mut().all(|s| sent(s).is_empty()));
    // … while 24 phones from other addresses poll, three times each: every one is answered.
    let phones: Vec<_> = (1..=24u8)
        .map(|p| {
            std::thread::spawn(move || {
                (0..3)
                    .map(|_| status_from([127, 0, 10, p], addr, "/api/rev"))
                    .collect::<Vec<u16>>()
            })
        })
        .collect();
    let statuses: Vec<u16> = phones.into_iter().flat_map(|p| p.join().unwrap()).collect();
    assert_eq!(statuses, vec![200; 72]);
    // A ninth connection from one of the eight is refused: its share is full.
    let mut ninth = connect_from([127, 0, 9, 1], addr);
    ninth
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut text = String::new();
    let _ = ninth.read_to_string(&mut text);
    assert!(text.starts_with("HTTP/1.1 503"), "{text}");
    drop(silent);
}
