//! Load on the venue page (issue 26): 500 simulated phones poll it every 5 seconds while the
//! arbiter enters results, against the same entering with the page off, in the same run. Run
//! with
//!
//!     cargo bench --profile dev --bench venue_load      # or --profile release
//!
//! Two processes, so that the page's memory is measured alone: this one is the phones, and it
//! starts itself again as the laptop (`BIANPAI_VENUE_LOAD=laptop`), which holds a 300-player
//! event and enters round 2's results, one every 50 ms, each changing a board's result (the
//! event file on disk, synchronous=FULL: every entry waits for its fsync). The run is eight
//! phases of 15 seconds, four without the page (no server, no feed, the phones quiet) and four
//! with it (the page served, the event offered to it after each result as the window does, the
//! 500 phones polling) — 60 seconds of load in all — in Thue–Morse order (without, with, with,
//! without, with, without, without, with), so that a drift over the run (the file grows) weighs
//! the same on both. Each phone has an address of its own (127.0.x.y), so the per-client limit
//! sees 500 clients, as at a venue; it loads the section's page, its script and style, then
//! asks `/api/rev` every period and fetches the page's main part when the revision changed, as
//! the page's script does, each on a new connection (the page closes each one) and taking gzip,
//! as browsers do.
//!
//! Printed: the response times (p50, p99, max), refusals and failures, bytes sent; the result
//! entry times (p50, p99) of each phase, the phases without the page and with it pooled, their
//! ratio, and the noise — two halves of the phases without the page against each other, and
//! how far apart those phases are; the page's share on the entering thread and the snapshots
//! made; each entry's own CPU time and the laptop's CPU a second; the laptop's threads and its
//! memory growth from just before the page first started to its peak. With the page, an entry's
//! time includes the page's share on the entering thread (the offer, and the copy of the event
//! when a snapshot is due), as it would in the window.
//!
//! The phones run at the lowest CPU priority (nice 19): at a venue they are other machines, not
//! a load on the laptop's cores; `BIANPAI_VENUE_PHONES_NICE=0` leaves them at the laptop's.
//! `BIANPAI_VENUE_PHONES=N,PERIOD,PHASE_SECONDS[,REPEATS]` runs another load,
//! `BIANPAI_VENUE_GAP_MS` enters results at another pace, `BIANPAI_VENUE_DIR=/dev/shm` keeps the
//! event file in memory.
//!
//! Without `--bench` (under `cargo test --benches`) it runs a short smoke version.

use bianpai::app::{BoardRef, ResultEntry};
use bianpai::app::{Tournament, VenueFeed};
use bianpai::model::{Event, Outcome, Section, SectionSettings};
use bianpai::web::{ServeOptions, VenueServer};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PLAYERS: u32 = 300;

/// The run's shape: phones, their period, the phases' length and how many of each kind.
#[derive(Clone, Copy)]
struct Plan {
    phones: u32,
    period: f64,
    phase: f64,
    repeats: u32,
}

fn main() {
    if std::env::var("BIANPAI_VENUE_LOAD").as_deref() == Ok("laptop") {
        laptop();
        return;
    }
    let full = std::env::args().any(|a| a == "--bench");
    let mut plan = if full {
        Plan {
            phones: 500,
            period: 5.0,
            phase: 15.0,
            repeats: 4,
        }
    } else {
        Plan {
            phones: 20,
            period: 1.0,
            phase: 1.5,
            repeats: 1,
        }
    };
    if let Some(p) = std::env::var("BIANPAI_VENUE_PHONES").ok().map(|v| {
        v.split(',')
            .filter_map(|x| x.trim().parse::<f64>().ok())
            .collect::<Vec<f64>>()
    }) && p.len() >= 3
    {
        plan.phones = p[0] as u32;
        plan.period = p[1];
        plan.phase = p[2];
        plan.repeats = p.get(3).map_or(plan.repeats, |r| *r as u32);
    }
    phones_against_laptop(plan);
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

/// Percentiles p50 and p99 of `v` (sorted here).
fn p50_p99(v: &mut [f64]) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (pct(v, 50.0), pct(v, 99.0))
}

/// CPU time of this thread (`thread`) or of the whole process, in ms.
fn cpu_ms(thread: bool) -> f64 {
    #[cfg(target_os = "linux")]
    {
        let clock = if thread {
            libc::CLOCK_THREAD_CPUTIME_ID
        } else {
            libc::CLOCK_PROCESS_CPUTIME_ID
        };
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is ours and lives across the call.
        if unsafe { libc::clock_gettime(clock, &mut ts) } == 0 {
            return ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6;
        }
    }
    let _ = thread;
    f64::NAN
}

/// The threads of this process.
fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, |d| d.count())
}

/// Reads one line of the driver's; `None` once it has gone.
fn order(input: &mut impl BufRead) -> Option<String> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_string()),
    }
}

fn say(line: &str) {
    println!("{line}");
    let _ = std::io::stdout().flush();
}

/// The laptop: the event, the page, the results, as the driver orders phases.
fn laptop() {
    // BIANPAI_VENUE_DIR=/dev/shm puts the event in memory (no disk under the entries' times).
    let dir = std::env::var_os("BIANPAI_VENUE_DIR")
        .map_or_else(std::env::temp_dir, std::path::PathBuf::from)
        .join(format!("bianpai-venue-load-{}", std::process::id()));
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
    // Round 1 complete (the standings are on the page), round 2 paired; every result entered
    // from here changes a board of round 2 (the outcome moves on by one each pass).
    t.pair_next_round(s).unwrap();
    let boards = |t: &Tournament, round: u32| -> Vec<u32> {
        t.event().sections[0]
            .round(round)
            .unwrap()
            .games
            .iter()
            .map(|g| g.board)
            .collect()
    };
    for (i, b) in boards(&t, 1).into_iter().enumerate() {
        t.enter_result(
            BoardRef::new(s, 1, b),
            ResultEntry::result(Some(outcomes[i % 3])),
        )
        .unwrap();
    }
    t.pair_next_round(s).unwrap();
    let round2 = boards(&t, 2);
    let mut entered = 0usize;
    // The CPU time of each entry on its thread, without and with the page.
    let mut cpu: [Vec<f64>; 2] = [vec![], vec![]];
    let mut enter = |t: &mut Tournament, on: bool| {
        let (pass, i) = (entered / round2.len(), entered % round2.len());
        entered += 1;
        let (at, c) = (Instant::now(), cpu_ms(true));
        t.enter_result(
            BoardRef::new(s, 2, round2[i]),
            ResultEntry::result(Some(outcomes[(i + pass) % 3])),
        )
        .unwrap();
        cpu[usize::from(on)].push(cpu_ms(true) - c);
        at.elapsed().as_secs_f64() * 1e3
    };
    // A warm-up pass, not counted: every board of round 2 gets a result.
    for _ in 0..round2.len() {
        enter(&mut t, false);
    }
    let gap = Duration::from_millis(
        std::env::var("BIANPAI_VENUE_GAP_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(50),
    );
    let feed = VenueFeed::new();
    let at = Instant::now();
    feed.publish(&t).unwrap();
    let build = at.elapsed().as_secs_f64() * 1e3;
    // The copy as the feed takes it (the notes read once, then known again).
    let memo = bianpai::app::NotesMemo::default();
    std::hint::black_box(t.venue_source_with(&memo).unwrap());
    let at = Instant::now();
    let copies = 20;
    for _ in 0..copies {
        std::hint::black_box(t.venue_source_with(&memo).unwrap());
    }
    let copy = at.elapsed().as_secs_f64() * 1e3 / f64::from(copies);
    say("READY");

    let mut input = BufReader::new(std::io::stdin());
    let (mut without, mut with): (Vec<Vec<f64>>, Vec<Vec<f64>>) = (vec![], vec![]);
    let (mut share, mut set_only) = (vec![], vec![]);
    let (mut base, mut port, mut most_threads) = (None, 0u16, 0usize);
    let (mut process_cpu, mut phase_secs) = ([0.0f64; 2], [0.0f64; 2]);
    let snapshots_before = feed.snapshots_made();
    while let Some(line) = order(&mut input) {
        let mut words = line.split_whitespace();
        match (
            words.next(),
            words.next().and_then(|w| w.parse::<f64>().ok()),
        ) {
            (Some("off"), Some(seconds)) => {
                say("GO?");
                order(&mut input);
                let end = Instant::now() + Duration::from_secs_f64(seconds);
                let mut times = vec![];
                let c = cpu_ms(false);
                while Instant::now() < end {
                    times.push(enter(&mut t, false));
                    std::thread::sleep(gap);
                }
                process_cpu[0] += cpu_ms(false) - c;
                phase_secs[0] += seconds;
                without.push(times);
                say("DONE");
            }
            (Some("on"), Some(seconds)) => {
                if base.is_none() {
                    // Memory from here: the peak is reset, the resident size noted.
                    let _ = std::fs::write("/proc/self/clear_refs", "5");
                    base = Some(kb("VmRSS:"));
                }
                let server = VenueServer::start(
                    &ServeOptions::new([127, 0, 0, 1].into(), port),
                    feed.clone(),
                )
                .unwrap();
                port = server.local_addr().port();
                say(&format!("ADDR {} {}", server.local_addr(), s.0));
                order(&mut input);
                let end = Instant::now() + Duration::from_secs_f64(seconds);
                let mut times = vec![];
                let c = cpu_ms(false);
                while Instant::now() < end {
                    let entry = enter(&mut t, true);
                    let at = Instant::now();
                    feed.offer(&t).unwrap();
                    let page = at.elapsed().as_secs_f64() * 1e3;
                    times.push(entry + page);
                    share.push(page);
                    set_only.push(entry);
                    most_threads = most_threads.max(threads());
                    std::thread::sleep(gap);
                }
                process_cpu[1] += cpu_ms(false) - c;
                phase_secs[1] += seconds;
                with.push(times);
                say("DONE");
                // The page stays up until the last phone is done.
                order(&mut input);
                drop(server);
                say("STOPPED");
            }
            (Some("report"), _) => break,
            _ => {}
        }
    }
    let peak = kb("VmHWM:");
    let line = |name: &str, i: usize, v: &mut Vec<f64>| {
        let (p50, p99) = p50_p99(v);
        say(&format!(
            "ENTRY {name} {}: {} results, p50 {p50:.2} ms, p99 {p99:.2} ms",
            i + 1,
            v.len()
        ));
        (p50, p99)
    };
    let offs: Vec<(f64, f64)> = without
        .iter_mut()
        .enumerate()
        .map(|(i, v)| line("without the page, phase", i, v))
        .collect();
    let ons: Vec<(f64, f64)> = with
        .iter_mut()
        .enumerate()
        .map(|(i, v)| line("with the page,    phase", i, v))
        .collect();
    let mut all_off: Vec<f64> = without.concat();
    let mut all_on: Vec<f64> = with.concat();
    let (off50, off99) = p50_p99(&mut all_off);
    let (on50, on99) = p50_p99(&mut all_on);
    say(&format!(
        "ENTRY pooled: without the page p50 {off50:.2} ms, p99 {off99:.2} ms ({} results); \
         with it p50 {on50:.2} ms, p99 {on99:.2} ms ({} results)",
        all_off.len(),
        all_on.len()
    ));
    // The noise: how far apart the phases without the page are (the largest over the smallest).
    let spread = |v: &[f64]| {
        let (lo, hi) = v
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(*x), hi.max(*x)));
        (hi / lo - 1.0) * 100.0
    };
    let noise50 = spread(&offs.iter().map(|x| x.0).collect::<Vec<_>>());
    let noise99 = spread(&offs.iter().map(|x| x.1).collect::<Vec<_>>());
    let on_spread50 = spread(&ons.iter().map(|x| x.0).collect::<Vec<_>>());
    let on_spread99 = spread(&ons.iter().map(|x| x.1).collect::<Vec<_>>());
    // Two runs without the page out of one: its phases in two halves, taken in Thue–Morse
    // order again (the first and the last against the two between, of four).
    let half = |k: u32| -> Vec<f64> {
        without
            .iter()
            .enumerate()
            .filter(|(j, _)| j.count_ones() % 2 == k)
            .flat_map(|(_, v)| v.iter().copied())
            .collect()
    };
    let (a50, a99) = p50_p99(&mut half(0));
    let (b50, b99) = p50_p99(&mut half(1));
    say(&format!(
        "RATIO with/without the page: p50 {:.3}, p99 {:.3}; NOISE: two halves of the phases \
         without the page against each other p50 {:.3}, p99 {:.3}; the phases without it \
         {noise50:.1} % apart at p50, {noise99:.1} % at p99 (those with it: {on_spread50:.1} %, \
         {on_spread99:.1} %)",
        on50 / off50,
        on99 / off99,
        b50 / a50,
        b99 / a99
    ));
    let (set50, set99) = p50_p99(&mut set_only);
    share.sort_by(f64::total_cmp);
    say(&format!(
        "PAGE'S SHARE on the entering thread: p50 {:.3} ms, p99 {:.3} ms, max {:.2} ms (the \
         entry alone with the page on: p50 {set50:.2}, p99 {set99:.2} ms); a copy of the event \
         {copy:.2} ms, a whole snapshot {build:.1} ms; {} snapshots made for {} results",
        pct(&share, 50.0),
        pct(&share, 99.0),
        pct(&share, 100.0),
        feed.snapshots_made() - snapshots_before,
        all_on.len()
    ));

    let (c_off, _) = p50_p99(&mut cpu[0]);
    let (c_on, _) = p50_p99(&mut cpu[1]);
    say(&format!(
        "CPU: an entry's own p50 {c_off:.2} ms without the page, {c_on:.2} ms with it; the \
         laptop process {:.0} ms a second without the page, {:.0} ms with it",
        process_cpu[0] / phase_secs[0].max(1e-9),
        process_cpu[1] / phase_secs[1].max(1e-9)
    ));
    let base = base.unwrap_or(0);
    say(&format!(
        "MEMORY of the laptop: {:.1} MB before the page, peak {:.1} MB under the load: +{:.1} MB; \
         at most {most_threads} threads",
        base as f64 / 1024.0,
        peak as f64 / 1024.0,
        (peak.saturating_sub(base)) as f64 / 1024.0
    ));
    say("END");
    let _ = std::fs::remove_dir_all(&dir);
}

/// One GET on its own connection, as the page asks (it closes each), taking gzip as browsers
/// do: the status, the body's length and the body (as sent).
fn fetch(stream: &mut BufReader<TcpStream>, path: &str) -> std::io::Result<(u16, usize, String)> {
    // One write, as a browser sends a request (several small writes would wait on Nagle).
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: venue\r\nUser-Agent: phone\r\n\
         Accept-Encoding: gzip, deflate\r\n\r\n"
    );
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
    busy: usize,
    failed: usize,
    /// Why requests failed: a status or an I/O error, with counts.
    why: std::collections::BTreeMap<String, usize>,
    bytes: usize,
}

/// Lowers this thread's priority (and that of the threads it starts) to the lowest, nice 19:
/// at a venue the phones are other machines, not a load on the laptop's cores.
fn phone_priority() {
    #[cfg(target_os = "linux")]
    if std::env::var("BIANPAI_VENUE_PHONES_NICE").as_deref() != Ok("0") {
        // SAFETY: plain integers in and out.
        unsafe {
            let tid = libc::syscall(libc::SYS_gettid);
            let _ = libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 19);
        }
    }
}

fn phones_against_laptop(plan: Plan) {
    let mut laptop = std::process::Command::new(std::env::current_exe().unwrap())
        .env("BIANPAI_VENUE_LOAD", "laptop")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Only now (a child takes its parent's priority and cores).
    phone_priority();
    let mut out = BufReader::new(laptop.stdout.take().unwrap());
    let mut to_laptop = laptop.stdin.take().unwrap();
    let mut tell = |line: &str| {
        writeln!(to_laptop, "{line}").unwrap();
        to_laptop.flush().unwrap();
    };
    let mut expect = |word: &str| -> String {
        loop {
            let mut line = String::new();
            if out.read_line(&mut line).unwrap_or(0) == 0 {
                panic!("the laptop left before {word}");
            }
            if line.starts_with(word) {
                return line;
            }
            print!("{line}");
        }
    };
    expect("READY");
    let tally = Arc::new(Mutex::new(Tally::default()));
    // The phases in Thue–Morse order (without, with, with, without, with, without, without,
    // with …): a drift of the entry times over the run (the file grows) weighs the same on both
    // kinds.
    for i in 0..2 * plan.repeats {
        if i.count_ones() % 2 == 0 {
            tell(&format!("off {}", plan.phase));
            expect("GO?");
            tell("go");
            expect("DONE");
            continue;
        }
        tell(&format!("on {}", plan.phase));
        let line = expect("ADDR");
        let mut words = line.split_whitespace().skip(1);
        let addr: SocketAddr = words.next().unwrap().parse().unwrap();
        let section: i64 = words.next().unwrap().parse().unwrap();
        let start = Instant::now() + Duration::from_millis(300);
        let end = start + Duration::from_secs_f64(plan.phase);
        let handles: Vec<_> = (0..plan.phones)
            .map(|i| {
                let tally = tally.clone();
                std::thread::Builder::new()
                    .stack_size(128 * 1024)
                    .spawn(move || {
                        phone(i, plan, addr, section, start, end, &tally);
                    })
                    .unwrap()
            })
            .collect();
        std::thread::sleep(start.saturating_duration_since(Instant::now()));
        tell("go");
        expect("DONE");
        for h in handles {
            let _ = h.join();
        }
        tell("stop");
        expect("STOPPED");
    }
    tell("report");
    let phones_cpu = cpu_ms(false);
    let mut t = tally.lock().unwrap();
    t.times.sort_by(f64::total_cmp);
    println!(
        "PHONES: {} polling every {} s, {} phases of {} s with the page: {} answers, {} refused \
         (429), {} busy (503), {} failed, {:.1} MB sent",
        plan.phones,
        plan.period,
        plan.repeats,
        plan.phase,
        t.times.len(),
        t.refused,
        t.busy,
        t.failed,
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
    println!(
        "PHONES' CPU: {:.0} ms a second of load",
        phones_cpu / (plan.phase * f64::from(plan.repeats)).max(1e-9)
    );
    loop {
        let mut l = String::new();
        if out.read_line(&mut l).unwrap_or(0) == 0 || l.starts_with("END") {
            break;
        }
        print!("{l}");
    }
    let _ = laptop.wait();
}

fn phone(
    i: u32,
    plan: Plan,
    addr: SocketAddr,
    section: i64,
    start: Instant,
    end: Instant,
    tally: &Mutex<Tally>,
) {
    phone_priority();
    // The phones spread over the period, as people arrive.
    let offset = Duration::from_secs_f64(plan.period * f64::from(i) / f64::from(plan.phones));
    let mut next = start + offset;
    let page = format!("/s/{section}");
    let part = format!("/s/{section}?part=main");
    let mut rev = String::new();
    let mut first = true;
    while next < end {
        let now = Instant::now();
        if next > now {
            std::thread::sleep(next - now);
        }
        next += Duration::from_secs_f64(plan.period);
        let mut paths: Vec<&str> = if first {
            vec![page.as_str(), "/app.css", "/app.js", "/api/rev"]
        } else {
            vec!["/api/rev"]
        };
        first = false;
        let mut k = 0;
        while k < paths.len() {
            let path = paths[k];
            k += 1;
            let at = Instant::now();
            let result = connect(i, addr).and_then(|mut s| fetch(&mut s, path));
            let ms = at.elapsed().as_secs_f64() * 1e3;
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            match result {
                Ok((status, len, body)) => {
                    t.times.push(ms);
                    t.bytes += len;
                    match status {
                        200 => {}
                        429 => t.refused += 1,
                        503 => t.busy += 1,
                        _ => {
                            t.failed += 1;
                            *t.why.entry(format!("{path}: {status}")).or_default() += 1;
                        }
                    }
                    // The script fetches the main part again when the revision moved.
                    if path == "/api/rev" && status == 200 && body != rev {
                        if !rev.is_empty() {
                            paths.push(part.as_str());
                        }
                        rev = body;
                    }
                }
                Err(e) => {
                    t.failed += 1;
                    *t.why.entry(format!("{path}: {:?}", e.kind())).or_default() += 1;
                }
            }
        }
    }
}
