//! The venue page's threads are bounded whatever the phones do (issue 26): connections beyond
//! the cap — all of them, or those of one address — take no thread and are answered 503 at
//! once; the page answers again as soon as connections close. The threads are counted in
//! /proc/self/task, and the tests of a binary run as threads of one process: the counting test
//! runs alone, in a child process of this binary started by the test that checks its verdict.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::VenueFeed;
use bianpai::model::Sex;
use bianpai::web::{ServeOptions, VenueServer};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

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

/// Set for the child process that runs [`counted_alone`].
const ALONE_VAR: &str = "BIANPAI_VENUE_THREADS_ALONE";

#[test]
#[cfg(target_os = "linux")]
fn connections_beyond_the_cap_take_no_thread_and_are_refused_at_once() {
    let out = common::rerun_alone(&format!("{}::counted_alone", module_path!()))
        .env(ALONE_VAR, "1")
        .output()
        .expect("this test binary runs again");
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}\n{err}");
    // The child ran the test (a filter that matched nothing would pass too).
    assert!(text.contains(" 1 passed;"), "{text}\n{err}");
}

/// The test itself, run by the one above in a process where nothing else runs; run any other
/// way (`--ignored` beside the other tests), it checks nothing.
#[test]
#[cfg(target_os = "linux")]
#[ignore = "run alone, in a child process, by the test above"]
fn counted_alone() {
    if std::env::var_os(ALONE_VAR).is_none() {
        return;
    }
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
