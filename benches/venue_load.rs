//! Load on the venue page (issue 26): 500 simulated phones poll it every 5 seconds for a minute
//! on loopback while the arbiter enters a round's results. Run with
//!
//!     cargo bench --profile dev --bench venue_load      # or --profile release
//!
//! Two processes, so that the page's memory is measured alone: this one is the phones, and it
//! starts itself again as the laptop (`BIANPAI_VENUE_LOAD=laptop`), which holds a 300-player
//! event, serves it and enters results. Each phone has an address of its own (127.0.x.y), so the
//! per-client limit sees 500 clients, as at a venue; it keeps its connection, as a browser does,
//! asks `/api/rev` every period and fetches the section's main part when the revision changed,
//! as the page's script does. Printed: the response times (p50, p99, max) and refusals, the
//! result entry times before the page was on and during the load (the window's share of the
//! page's snapshot after each entry timed apart), and the laptop's memory growth from just before the page started
//! to its peak under the load.
//!
//! Without `--bench` (under `cargo test --benches`) it runs a short smoke version.

use bianpai::app::{Tournament, VenueFeed};
use bianpai::model::{Event, Outcome, Section, SectionSettings};
use bianpai::web::{ServeOptions, VenueServer};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PLAYERS: u32 = 300;

fn main() {
    if std::env::var("BIANPAI_VENUE_LOAD").as_deref() == Ok("laptop") {
        laptop();
        return;
    }
    let full = std::env::args().any(|a| a == "--bench");
    let (phones, period, seconds) = if full {
        (500, 5.0, 60.0)
    } else {
        (20, 1.0, 3.0)
    };
    // BIANPAI_VENUE_PHONES=N,PERIOD,SECONDS runs another load.
    let (phones, period, seconds) = std::env::var("BIANPAI_VENUE_PHONES")
        .ok()
        .and_then(|v| {
            let p: Vec<f64> = v.split(',').filter_map(|x| x.trim().parse().ok()).collect();
            (p.len() == 3).then(|| (p[0] as u32, p[1], p[2]))
        })
        .unwrap_or((phones, period, seconds));
    phones_against_laptop(phones, period, seconds);
}

/// Percentile `p` (0–100) of sorted `v`.
fn pct(v: &[f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((p / 100.0) * (v.len() - 1) as f64).round() as usize;
    v[i.min(v.len() - 1)]
}

fn kb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// The laptop: the event, the page, the results.
fn laptop() {
    let dir = std::env::temp_dir().join(format!("bianpai-venue-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut section = Section {
        name: "公开组".into(),
        settings: SectionSettings::default(),
        ..Section::default()
    };
    section.settings.rounds = 9;
    let event = Event {
        name: "场地网页负载".into(),
        sections: vec![section],
        ..Event::default()
    };
    let mut t = Tournament::create(&dir.join("load.bianpai"), &event).unwrap();
    let s = t.event().sections[0].id;
    let units = [
        "北京", "上海", "天津", "重庆", "河北", "山东", "江苏", "浙江", "广东", "四川",
    ];
    for i in 0..PLAYERS {
        let e = bianpai::model::Entrant {
            name: format!("选手{i:03}"),
            unit: units[i as usize % units.len()].into(),
            ..Default::default()
        };
        t.add_entrant(s, &e).unwrap();
    }
    t.draw_lots(s, 2026).unwrap();
    let outcomes = [Outcome::RedWin, Outcome::Draw, Outcome::BlackWin];
    let enter_round = |t: &mut Tournament, round: u32, gap: Duration, feed: Option<&VenueFeed>| {
        let boards: Vec<u32> = t.event().sections[0]
            .round(round)
            .unwrap()
            .games
            .iter()
            .map(|g| g.board)
            .collect();
        let (mut entry, mut publish) = (vec![], vec![]);
        for (i, b) in boards.into_iter().enumerate() {
            let at = Instant::now();
            t.set_result(s, round, b, Some(outcomes[i % 3])).unwrap();
            entry.push(at.elapsed().as_secs_f64() * 1e3);
            if let Some(feed) = feed {
                let at = Instant::now();
                feed.offer(t).unwrap();
                publish.push(at.elapsed().as_secs_f64() * 1e3);
            }
            std::thread::sleep(gap);
        }
        (entry, publish)
    };
    // Round 1's results without the page, one every 50 ms (not back to back, as under the load).
    t.pair_next_round(s).unwrap();
    let (mut before, _) = enter_round(&mut t, 1, Duration::from_millis(50), None);
    t.pair_next_round(s).unwrap();

    let feed = VenueFeed::new();
    let at = Instant::now();
    feed.publish(&t).unwrap();
    let build = at.elapsed().as_secs_f64() * 1e3;
    // Memory from here: the peak is reset, the resident size noted.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let base = kb("VmRSS:");
    let server =
        VenueServer::start(&ServeOptions::new([127, 0, 0, 1].into(), 0), feed.clone()).unwrap();
    println!("ADDR {} {}", server.local_addr(), s.0);
    let _ = std::io::stdout().flush();
    // The phones say when they are all polling, and how long they will.
    let mut line = String::new();
    std::io::stdin().read_line(&mut line).unwrap();
    let seconds: f64 = line.trim().parse().unwrap_or(60.0);
    let games = t.event().sections[0].round(2).unwrap().games.len();
    let gap = Duration::from_secs_f64(seconds * 0.9 / games as f64);
    let (mut during, mut publish) = enter_round(&mut t, 2, gap, Some(&feed));
    // The page stays up until the last phone is done.
    let mut done = String::new();
    std::io::stdin().read_line(&mut done).unwrap();
    let peak = kb("VmHWM:");
    before.sort_by(f64::total_cmp);
    during.sort_by(f64::total_cmp);
    publish.sort_by(f64::total_cmp);
    println!(
        "ENTRY before the page: {} results, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        before.len(),
        pct(&before, 50.0),
        pct(&before, 99.0),
        pct(&before, 100.0)
    );
    println!(
        "ENTRY under the load: {} results, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        during.len(),
        pct(&during, 50.0),
        pct(&during, 99.0),
        pct(&during, 100.0)
    );
    println!(
        "SNAPSHOT after each entry: on the window's thread (the copy) p50 {:.1} ms, max {:.1} ms; \
         the whole snapshot (made on its own thread) {build:.1} ms",
        pct(&publish, 50.0),
        pct(&publish, 100.0)
    );
    println!(
        "MEMORY of the laptop: {:.1} MB before the page, peak {:.1} MB under the load: +{:.1} MB",
        base as f64 / 1024.0,
        peak as f64 / 1024.0,
        (peak.saturating_sub(base)) as f64 / 1024.0
    );
    println!("END");
    let _ = std::io::stdout().flush();
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// One keep-alive GET; the status and body length.
fn fetch(stream: &mut BufReader<TcpStream>, path: &str) -> std::io::Result<(u16, usize, String)> {
    // One write, as a browser sends a request (several small writes would wait on Nagle).
    let request = format!("GET {path} HTTP/1.1\r\nHost: venue\r\nUser-Agent: phone\r\n\r\n");
    stream.get_mut().write_all(request.as_bytes())?;
    let mut status_line = String::new();
    stream.read_line(&mut status_line)?;
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let mut length = 0usize;
    loop {
        let mut h = String::new();
        if stream.read_line(&mut h)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            length = v.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body)?;
    Ok((status, length, String::from_utf8_lossy(&body).into_owned()))
}

fn connect(phone: u32, server: SocketAddr) -> std::io::Result<BufReader<TcpStream>> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    let own: SocketAddr = (
        [127, 0, 1 + (phone / 250) as u8, 1 + (phone % 250) as u8],
        0,
    )
        .into();
    socket.bind(&own.into())?;
    socket.connect_timeout(&server.into(), Duration::from_secs(5))?;
    let stream: TcpStream = socket.into();
    stream.set_nodelay(true)?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    Ok(BufReader::new(stream))
}

#[derive(Default)]
struct Tally {
    times: Vec<f64>,
    refused: usize,
    failed: usize,
    /// Kept connections the server had closed, opened again.
    reconnects: usize,
    /// Why requests failed: a status or an I/O error, with counts.
    why: std::collections::BTreeMap<String, usize>,
    bytes: usize,
}

fn phones_against_laptop(phones: u32, period: f64, seconds: f64) {
    let mut laptop = std::process::Command::new(std::env::current_exe().unwrap())
        .env("BIANPAI_VENUE_LOAD", "laptop")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(laptop.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let mut words = line.split_whitespace().skip(1);
    let addr: SocketAddr = words.next().unwrap().parse().unwrap();
    let section: i64 = words.next().unwrap().parse().unwrap();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Instant::now() + Duration::from_millis(500);
    let end = start + Duration::from_secs_f64(seconds);
    let handles: Vec<_> = (0..phones)
        .map(|i| {
            let tally = tally.clone();
            std::thread::Builder::new()
                .stack_size(128 * 1024)
                .spawn(move || phone(i, phones, addr, section, period, start, end, &tally))
                .unwrap()
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    writeln!(laptop.stdin.as_mut().unwrap(), "{seconds}").unwrap();
    for h in handles {
        let _ = h.join();
    }
    writeln!(laptop.stdin.as_mut().unwrap(), "done").unwrap();
    let mut t = tally.lock().unwrap();
    t.times.sort_by(f64::total_cmp);
    println!(
        "PHONES: {phones} polling every {period} s for {seconds} s: {} answers, {} refused (429), {} failed, {} kept connections reopened, {:.1} MB sent",
        t.times.len(),
        t.refused,
        t.failed,
        t.reconnects,
        t.bytes as f64 / 1e6
    );
    println!(
        "RESPONSE TIME: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        pct(&t.times, 50.0),
        pct(&t.times, 99.0),
        pct(&t.times, 100.0)
    );
    for (why, n) in &t.why {
        println!("  failed {n}× {why}");
    }
    loop {
        let mut l = String::new();
        if out.read_line(&mut l).unwrap_or(0) == 0 || l.starts_with("END") {
            break;
        }
        print!("{l}");
    }
    let _ = laptop.wait();
}

#[allow(clippy::too_many_arguments)]
fn phone(
    i: u32,
    phones: u32,
    addr: SocketAddr,
    section: i64,
    period: f64,
    start: Instant,
    end: Instant,
    tally: &Mutex<Tally>,
) {
    // The phones spread over the period, as people arrive.
    let offset = Duration::from_secs_f64(period * f64::from(i) / f64::from(phones));
    let mut next = start + offset;
    let page = format!("/s/{section}");
    let part = format!("/s/{section}?part=main");
    let mut stream: Option<BufReader<TcpStream>> = None;
    let mut rev = String::new();
    let mut first = true;
    while next < end {
        let now = Instant::now();
        if next > now {
            std::thread::sleep(next - now);
        }
        next += Duration::from_secs_f64(period);
        let paths: Vec<&str> = if first {
            vec![page.as_str(), "/app.css", "/app.js", "/api/rev"]
        } else {
            vec!["/api/rev"]
        };
        first = false;
        let mut changed = false;
        for path in paths {
            // A kept connection the server has closed meanwhile is opened again and the request
            // sent once more, as a browser does; the time counts from the first try.
            let mut reconnected = false;
            let at = Instant::now();
            let result = loop {
                let reused = stream.is_some();
                let tried = (|| {
                    if stream.is_none() {
                        stream = Some(connect(i, addr)?);
                    }
                    let s = stream.as_mut().ok_or(std::io::ErrorKind::NotConnected)?;
                    fetch(s, path)
                })();
                match tried {
                    Err(_) if reused => {
                        stream = None;
                        reconnected = true;
                    }
                    other => break other.map(|r| (at.elapsed().as_secs_f64() * 1e3, r)),
                }
            };
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            t.reconnects += usize::from(reconnected);
            match result {
                Ok((ms, (status, len, body))) => {
                    t.times.push(ms);
                    t.bytes += len;
                    if status == 429 {
                        t.refused += 1;
                    } else if status != 200 {
                        t.failed += 1;
                        *t.why.entry(format!("{path}: {status}")).or_default() += 1;
                    }
                    if path == "/api/rev" && body != rev {
                        changed = !rev.is_empty();
                        rev = body;
                    }
                }
                Err(e) => {
                    t.failed += 1;
                    *t.why.entry(format!("{path}: {:?}", e.kind())).or_default() += 1;
                    stream = None;
                }
            }
        }
        // The script fetches the main part again when the revision moved.
        if changed && let Some(s) = stream.as_mut() {
            let at = Instant::now();
            let r = fetch(s, &part);
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            match r {
                Ok((status, len, _)) => {
                    t.times.push(at.elapsed().as_secs_f64() * 1e3);
                    t.bytes += len;
                    if status != 200 {
                        t.failed += 1;
                    }
                }
                Err(_) => {
                    t.failed += 1;
                    stream = None;
                }
            }
        }
    }
}
