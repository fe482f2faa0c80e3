//! Many hands under load (issue 41), on loopback: 30 deputies enter the 150 results of a
//! 300-player round from their phones in about a minute, while 500 phones poll the venue page,
//! and the laptop — the one writer — enters results of its own the whole time. Run with
//!
//!     cargo bench --profile dev --bench venue_hands      # or --profile release
//!
//! One process: the laptop is this program's main thread, doing what the window does each
//! frame (every 50 ms, sooner when a phone's submission wakes it, as the window's waker asks
//! egui for a repaint): it takes what the phones queued (`take_submissions`: the deputies'
//! results stand at once), offers the event to the page, and enters one result of its own in a
//! second section (its time measured). Three phases, without the phones, with them, without
//! again, so that a drift over the run (the file grows) weighs on both sides; the ratio of the
//! laptop's entry times with and without is printed from the same run.
//!
//! The deputies (each with a device role over five boards, an address of its own) sign in
//! through their QR address, then for each board fetch its form and send it, spread over the
//! minute; each sends its first result twice, as a phone retrying after losing the Wi-Fi
//! does. The phones (each an address of its own, as at a venue) load the section's page, its
//! style and script, then ask `/api/rev` every 5 s and fetch the main part when the revision
//! moved, each request on a new connection, as the page's script does. Deputies and phones run
//! at the lowest CPU priority (nice 19): at a venue they are other machines.
//!
//! Printed: every result stored exactly once (entries, distinct submissions, boards with a
//! result, retries answered as already received); the phones' request times (p50, p99, max)
//! with refusals and failures; the deputies' request times (a result sent is answered only once
//! the laptop's frame has stored it: its time holds the wait for the frame the submission
//! wakes, and the storing); the laptop's entry times without
//! and with, their ratio, and its frame's time taking the queue.
//!
//! Without `--bench` (under `cargo test --benches`) it runs a short smoke version.

use bianpai::app::{BoardRef, Hands, NewRole, ResultEntry, Tournament, VenueFeed, role_url};
use bianpai::model::{Entrant, Event, Outcome, RoleKind, RoleScope, SectionId, SectionSettings};
use bianpai::web::{ServeOptions, VenueServer};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Copy)]
struct Plan {
    players: u32,
    deputies: u32,
    phones: u32,
    /// The phones' polling period, and the time the deputies take for the round (s).
    period: f64,
    entering: f64,
    /// Each phase without the phones (s).
    quiet: f64,
}

const FRAME: Duration = Duration::from_millis(50);

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let plan = if full {
        Plan {
            players: 300,
            deputies: 30,
            phones: 500,
            period: 5.0,
            entering: 60.0,
            quiet: 30.0,
        }
    } else {
        Plan {
            players: 40,
            deputies: 4,
            phones: 20,
            period: 1.0,
            entering: 3.0,
            quiet: 1.0,
        }
    };
    run(plan);
}

fn pct(v: &[f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s[((s.len() - 1) as f64 * p).round() as usize]
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

fn lowest_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: plain integers in and out.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid);
        let _ = libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 19);
    }
}

/// A section of `n` players named 选手001 …, numbers drawn, round 1 paired.
fn section(t: &mut Tournament, name: &str, n: u32, seed: u64) -> SectionId {
    let settings = SectionSettings {
        rounds: 9,
        ..SectionSettings::default()
    };
    let s = t.add_section(name, &settings).unwrap();
    let units = [
        "北京", "上海", "天津", "重庆", "河北", "山东", "江苏", "广东",
    ];
    for i in 0..n {
        let e = Entrant {
            name: format!("{name}{i:03}"),
            unit: units[i as usize % units.len()].into(),
            ..Default::default()
        };
        t.add_entrant(s, &e).unwrap();
    }
    t.draw_lots(s, seed).unwrap();
    t.pair_next_round(s).unwrap();
    s
}

/// One request from the address `own`, on a connection of its own: status, head, body.
fn http(
    own: [u8; 4],
    server: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> std::io::Result<(u16, String, String)> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    socket.bind(&SocketAddr::from((own, 0)).into())?;
    socket.connect_timeout(&server.into(), Duration::from_secs(5))?;
    let mut stream: TcpStream = socket.into();
    stream.set_nodelay(true)?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {server}\r\nAccept-Encoding: gzip\r\n{headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes())?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let at = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(raw.len(), |i| i + 4);
    let head = String::from_utf8_lossy(&raw[..at]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Ok((
        status,
        head,
        String::from_utf8_lossy(&raw[at..]).into_owned(),
    ))
}

fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim()
            .eq_ignore_ascii_case(name)
            .then(|| v.trim().to_string())
    })
}

fn hidden(page: &str, name: &str) -> Option<String> {
    let mark = format!("name=\"{name}\" value=\"");
    let at = page.find(&mark)? + mark.len();
    page[at..].split('"').next().map(str::to_string)
}

#[derive(Default)]
struct Tally {
    times: Vec<f64>,
    refused: usize,
    busy: usize,
    failed: usize,
    why: std::collections::BTreeMap<String, usize>,
}

impl Tally {
    fn count(&mut self, what: &str, ms: f64, result: &std::io::Result<(u16, String, String)>) {
        match result {
            Ok((status, _, _)) => {
                self.times.push(ms);
                match status {
                    200 | 303 | 304 => {}
                    429 => self.refused += 1,
                    503 => self.busy += 1,
                    s => {
                        self.failed += 1;
                        *self.why.entry(format!("{what}: {s}")).or_default() += 1;
                    }
                }
            }
            Err(e) => {
                self.failed += 1;
                *self
                    .why
                    .entry(format!("{what}: {:?}", e.kind()))
                    .or_default() += 1;
            }
        }
    }
}

fn phone(i: u32, plan: Plan, server: SocketAddr, page: String, end: Instant, tally: &Mutex<Tally>) {
    lowest_priority();
    let own = [127, 0, 10 + (i / 250) as u8, 1 + (i % 250) as u8];
    let start = Instant::now();
    let mut next =
        start + Duration::from_secs_f64(plan.period * f64::from(i) / f64::from(plan.phones));
    let part = format!("{page}?part=main");
    let mut rev = String::new();
    let mut first = true;
    while next < end {
        let now = Instant::now();
        if next > now {
            std::thread::sleep(next - now);
        }
        next += Duration::from_secs_f64(plan.period);
        let mut paths: Vec<String> = if first {
            vec![
                page.clone(),
                "/app.css".into(),
                "/app.js".into(),
                "/api/rev".into(),
            ]
        } else {
            vec!["/api/rev".into()]
        };
        first = false;
        let mut k = 0;
        while k < paths.len() {
            let path = paths[k].clone();
            k += 1;
            let at = Instant::now();
            let result = http(own, server, "GET", &path, "", "");
            let ms = at.elapsed().as_secs_f64() * 1e3;
            if let Ok((200, _, body)) = &result
                && path == "/api/rev"
                && *body != rev
            {
                if !rev.is_empty() {
                    paths.push(part.clone());
                }
                rev = body.clone();
            }
            tally
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .count(&path, ms, &result);
        }
    }
}

/// What the deputies saw: their requests' times, and the retries answered "already received".
#[derive(Default)]
struct Deputies {
    tally: Tally,
    sent: usize,
    again: usize,
}

#[allow(clippy::too_many_arguments)]
fn deputy(
    d: u32,
    plan: Plan,
    server: SocketAddr,
    token: String,
    section: SectionId,
    boards: Vec<u32>,
    start: Instant,
    out: &Mutex<Deputies>,
) {
    lowest_priority();
    let own = [127, 0, 200, 1 + d as u8];
    let count = |what: &str, at: Instant, r: &std::io::Result<(u16, String, String)>| {
        out.lock().unwrap_or_else(|e| e.into_inner()).tally.count(
            what,
            at.elapsed().as_secs_f64() * 1e3,
            r,
        );
    };
    let at = Instant::now();
    let signed = http(own, server, "GET", &format!("/k/{token}"), "", "");
    count("/k", at, &signed);
    let Some(cookie) = signed
        .ok()
        .and_then(|(_, head, _)| header(&head, "set-cookie"))
        .and_then(|c| c.split(';').next().map(str::to_string))
    else {
        return;
    };
    let total = f64::from(plan.players / 2);
    let origin = format!("Origin: http://{server}\r\n");
    for (k, board) in boards.iter().enumerate() {
        // The round's results spread evenly over the minute, deputy by deputy.
        let slot = (k as u32 * plan.deputies + d) as f64;
        let due = start + Duration::from_secs_f64(plan.entering * slot / total);
        let now = Instant::now();
        if due > now {
            std::thread::sleep(due - now);
        }
        let cookie_line = format!("Cookie: {cookie}\r\n");
        let at = Instant::now();
        let form = http(
            own,
            server,
            "GET",
            &format!("/d/b?s={}&b={board}", section.0),
            &cookie_line,
            "",
        );
        count("/d/b", at, &form);
        let Ok((200, _, page)) = form else { continue };
        let (Some(sub), Some(ft)) = (hidden(&page, "sub"), hidden(&page, "ft")) else {
            continue;
        };
        let code = ["1-0", "%3D", "0-1"][*board as usize % 3];
        let body = format!(
            "sub={sub}&ft={ft}&s={}&r=1&b={board}&o={code}&fr=0&fb=0&note=",
            section.0
        );
        let headers =
            format!("{cookie_line}{origin}Content-Type: application/x-www-form-urlencoded\r\n");
        let tries = if k == 0 { 2 } else { 1 };
        for _ in 0..tries {
            let at = Instant::now();
            let r = http(own, server, "POST", "/d/enter", &headers, &body);
            count("/d/enter", at, &r);
            let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
            if let Ok((303, head, _)) = &r {
                o.sent += 1;
                if header(head, "location").is_some_and(|l| l.contains("again")) {
                    o.again += 1;
                }
            }
        }
    }
}

fn run(plan: Plan) {
    let dir = std::env::temp_dir().join(format!("bianpai-venue-hands-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let event = Event {
        name: "多人录入负载".into(),
        ..Event::default()
    };
    let mut t = Tournament::create(&dir.join("hands.bianpai"), &event).unwrap();
    let hall = section(&mut t, "公开组", plan.players, 2026);
    let desk = section(&mut t, "笔记本组", 40, 7);
    let boards_of = |t: &Tournament, s: SectionId| -> Vec<u32> {
        t.event().section(s).unwrap().rounds[0]
            .games
            .iter()
            .map(|g| g.board)
            .collect()
    };
    let hall_boards = boards_of(&t, hall);
    let desk_boards = boards_of(&t, desk);
    let per = hall_boards.len().div_ceil(plan.deputies as usize);
    let mut tokens = Vec::new();
    for (d, chunk) in hall_boards.chunks(per).enumerate() {
        let (_, token) = t
            .add_role(&NewRole {
                kind: RoleKind::Deputy,
                person: format!("裁判{d:02}"),
                scope: RoleScope {
                    sections: vec![hall],
                    boards: Some((chunk[0], chunk[chunk.len() - 1])),
                    player: None,
                },
            })
            .unwrap();
        tokens.push((token, chunk.to_vec()));
    }
    t.set_deputies_stand(true).unwrap();

    // The laptop's own result, one a frame: each changes a board of its section.
    let outcomes = [Outcome::RedWin, Outcome::Draw, Outcome::BlackWin];
    let mut entered = 0usize;
    let mut enter = |t: &mut Tournament| -> f64 {
        let (pass, i) = (entered / desk_boards.len(), entered % desk_boards.len());
        entered += 1;
        let at = Instant::now();
        t.enter_result(
            BoardRef::new(desk, 1, desk_boards[i]),
            ResultEntry::result(Some(outcomes[(i + pass) % 3])),
        )
        .unwrap();
        at.elapsed().as_secs_f64() * 1e3
    };
    // Warm-up, not counted.
    for _ in 0..desk_boards.len() {
        enter(&mut t);
    }
    let quiet = |t: &mut Tournament, enter: &mut dyn FnMut(&mut Tournament) -> f64| {
        let end = Instant::now() + Duration::from_secs_f64(plan.quiet);
        let mut times = Vec::new();
        while Instant::now() < end {
            let frame = Instant::now();
            times.push(enter(t));
            if let Some(rest) = FRAME.checked_sub(frame.elapsed()) {
                std::thread::sleep(rest);
            }
        }
        times
    };
    let mut without = quiet(&mut t, &mut enter);

    // With the phones and the deputies.
    let hands = Hands::new();
    // As the window does (its waker asks egui for a repaint), a phone's submission wakes the
    // laptop's frame early rather than leaving it to the next tick.
    let bell = std::sync::Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
    {
        let ring = bell.clone();
        hands.set_waker(std::sync::Arc::new(move |_| {
            *ring.0.lock().unwrap() = true;
            ring.1.notify_one();
        }));
    }
    let sleep_or_ring = |rest: Duration| {
        let (rung, cv) = &*bell;
        let guard = rung.lock().unwrap();
        let (mut guard, _) = cv.wait_timeout_while(guard, rest, |r| !*r).unwrap();
        *guard = false;
    };
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    t.publish_hands(&hands).unwrap();
    let server = VenueServer::start_with(
        &ServeOptions::new([127, 0, 0, 1].into(), 0),
        feed.clone(),
        Some(hands.clone()),
    )
    .unwrap();
    let addr = server.local_addr();
    let base = format!("http://{addr}/");
    let start = Instant::now() + Duration::from_millis(500);
    let end = start + Duration::from_secs_f64(plan.entering + 2.0 * plan.period);
    let phones = Arc::new(Mutex::new(Tally::default()));
    let deputies = Arc::new(Mutex::new(Deputies::default()));
    let done = Arc::new(AtomicBool::new(false));
    let page = format!("/s/{}", hall.0);
    let mut threads = Vec::new();
    for i in 0..plan.phones {
        let (tally, page) = (phones.clone(), page.clone());
        threads.push(std::thread::spawn(move || {
            phone(i, plan, addr, page, end, &tally)
        }));
    }
    let mut deputy_threads = Vec::new();
    for (d, (token, boards)) in tokens.into_iter().enumerate() {
        let out = deputies.clone();
        assert!(role_url(&base, &token).contains("/k/"));
        deputy_threads.push(std::thread::spawn(move || {
            deputy(d as u32, plan, addr, token, hall, boards, start, &out)
        }));
    }
    let watcher = {
        let done = done.clone();
        std::thread::spawn(move || {
            for h in deputy_threads {
                let _ = h.join();
            }
            done.store(true, Ordering::SeqCst);
        })
    };
    let mut with = Vec::new();
    let mut taking = Vec::new();
    let limit = end + Duration::from_secs(30);
    loop {
        let frame = Instant::now();
        let at = Instant::now();
        t.take_submissions(&hands).unwrap();
        feed.offer(&t).unwrap();
        taking.push(at.elapsed().as_secs_f64() * 1e3);
        with.push(enter(&mut t));
        let finished = done.load(Ordering::SeqCst) && !hands.has_waiting();
        if (finished && Instant::now() >= end) || Instant::now() > limit {
            break;
        }
        if let Some(rest) = FRAME.checked_sub(frame.elapsed()) {
            sleep_or_ring(rest);
        }
    }
    let _ = watcher.join();
    for h in threads {
        let _ = h.join();
    }
    t.take_submissions(&hands).unwrap();
    drop(server);
    without.extend(quiet(&mut t, &mut enter));

    // Every result stored exactly once.
    let entries = t.phone_entries(false).unwrap();
    let distinct: std::collections::HashSet<&str> =
        entries.iter().map(|e| e.submission.as_str()).collect();
    let mut boards: Vec<u32> = entries.iter().map(|e| e.board).collect();
    boards.sort_unstable();
    boards.dedup();
    let resulted = t.event().section(hall).unwrap().rounds[0]
        .games
        .iter()
        .filter(|g| {
            g.outcome.is_some()
                && Some(g.outcome)
                    == Some(Outcome::from_code(
                        ["1-0", "=", "0-1"][g.board as usize % 3],
                    ))
        })
        .count();
    let d = deputies.lock().unwrap();
    let p = phones.lock().unwrap();
    println!(
        "{} deputies, {} phones (every {} s), {} players ({} boards), {:.0} s of entering",
        plan.deputies,
        plan.phones,
        plan.period,
        plan.players,
        hall_boards.len(),
        plan.entering
    );
    println!(
        "stored: {} entries, {} distinct submissions, {} boards, {} boards with the result sent; \
         {} forms sent, {} retries answered as already received",
        entries.len(),
        distinct.len(),
        boards.len(),
        resulted,
        d.sent,
        d.again
    );
    println!(
        "phones: {} requests, p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms; 429: {}, 503: {}, failed: {} {:?}",
        p.times.len(),
        pct(&p.times, 0.5),
        pct(&p.times, 0.99),
        pct(&p.times, 1.0),
        p.refused,
        p.busy,
        p.failed,
        p.why
    );
    println!(
        "deputies: {} requests, p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms; 429: {}, 503: {}, failed: {} {:?}",
        d.tally.times.len(),
        pct(&d.tally.times, 0.5),
        pct(&d.tally.times, 0.99),
        pct(&d.tally.times, 1.0),
        d.tally.refused,
        d.tally.busy,
        d.tally.failed,
        d.tally.why
    );
    println!(
        "laptop entry: without phones {} entries p50 {:.2} ms p99 {:.2} ms mean {:.2}; with {} entries \
         p50 {:.2} ms p99 {:.2} ms mean {:.2}; ratio with/without: p50 {:.2}, mean {:.2}",
        without.len(),
        pct(&without, 0.5),
        pct(&without, 0.99),
        mean(&without),
        with.len(),
        pct(&with, 0.5),
        pct(&with, 0.99),
        mean(&with),
        pct(&with, 0.5) / pct(&without, 0.5),
        mean(&with) / mean(&without)
    );
    println!(
        "laptop frame taking the queue and offering the page: p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms",
        pct(&taking, 0.5),
        pct(&taking, 0.99),
        pct(&taking, 1.0)
    );
    let once = entries.len() == hall_boards.len()
        && distinct.len() == entries.len()
        && boards.len() == hall_boards.len()
        && resulted == hall_boards.len();
    println!("every result stored exactly once: {once}");
    drop(t);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(once, "a result lost or stored twice");
}
