//! The venue page (场地网页, issue 26) served on a loopback port: every page is fetched and its
//! pairings and standings are checked against the event; anything but GET and HEAD, paths
//! outside the page and a flood from one client are refused; a name with markup is shown as
//! text; the page follows the event and stops when the event closes; `bianpai serve` follows
//! a file that other commands change, and twenty `bianpai result` commands run beside it while
//! phones poll, none refused.
//!
//! The expectations come from the rules, not from the program: round 1 of the xiangqi Swiss
//! pairs 1-2, 4-3, 5-6 (the first-named plays red, rule book §4 “首轮”) when no two players share
//! a unit; results score 2-1-0.

use crate::common;
use crate::common::SectionBuilder;
use crate::common::http;
use crate::common::http::{get, request};
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::app::{Tournament, VenueFeed};
use bianpai::model::{Outcome, Section, SectionId, Sex};
use bianpai::web::{ServeOptions, VenueServer};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const SCRIPT: &str = "<script>alert(1)</script>";

/// Two xiangqi Swiss sections of six, every player of his own unit, lots drawn; the second
/// holds a name with markup.
fn event() -> (tempfile::TempDir, Tournament, SectionId, SectionId) {
    let (dir, mut t) = common::create(&common::event("场地网页测试赛", vec![]));
    let men = SectionBuilder::new()
        .name("男子组")
        .lot_seed(7)
        .entrant("周喆", "北京", Sex::Male)
        .entrant("王堃", "上海", Sex::Male)
        .entrant("陈一帆", "天津", Sex::Male)
        .entrant("李明", "重庆", Sex::Male)
        .entrant("赵子龙", "河北", Sex::Male)
        .entrant("孙浩然", "山东", Sex::Male)
        .enter(&mut t);
    let women = SectionBuilder::new()
        .name("女子组")
        .lot_seed(11)
        .entrant(SCRIPT, "黑客队", Sex::Female)
        .entrant("刘婷", "江苏", Sex::Female)
        .entrant("何静", "浙江", Sex::Female)
        .entrant("马丽", "安徽", Sex::Female)
        .enter(&mut t);
    (dir, t, men, women)
}

fn section(t: &Tournament, id: SectionId) -> &Section {
    t.event().section(id).expect("the section")
}

/// The name of the player numbered `n`.
fn name(t: &Tournament, s: SectionId, n: u32) -> String {
    section(t, s)
        .entrants
        .iter()
        .find(|e| e.number == Some(n))
        .map(|e| e.name.clone())
        .expect("a player of that number")
}

fn start(feed: &VenueFeed) -> (VenueServer, SocketAddr) {
    let server = VenueServer::start(&ServeOptions::new([127, 0, 0, 1].into(), 0), feed.clone())
        .expect("serves on loopback");
    let addr = server.local_addr();
    (server, addr)
}

/// The inside of the element with `id` (its inner HTML, tags left in).
fn element<'a>(html: &'a str, id: &str) -> &'a str {
    let at = html
        .find(&format!(" id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in {html}"));
    let tag_start = html[..at].rfind('<').expect("a tag");
    let tag = &html[tag_start + 1..at];
    let open = at + html[at..].find('>').expect("the tag ends");
    let rest = &html[open + 1..];
    let end = rest.find(&format!("</{tag}>")).unwrap_or(rest.len());
    &rest[..end]
}

#[test]
fn every_page_shows_the_event_as_it_stands() {
    let (_dir, mut t, men, women) = event();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    let (_server, addr) = start(&feed);

    // Nothing paired yet.
    let home = get(addr, "/");
    assert_eq!(home.status, 200);
    assert!(home.body.contains("场地网页测试赛") && home.body.contains("男子组"));
    assert!(home.body.contains("尚未编排"));
    assert_eq!(get(addr, &format!("/s/{}", men.0)).status, 200);

    t.pair_next_round(men).unwrap();
    t.pair_next_round(women).unwrap();
    // Round 1 of the men by the rules: 1-2, 4-3, 5-6.
    let expected = [(1, 1, 2), (2, 4, 3), (3, 5, 6)];
    // Results: board 1 red wins, board 2 drawn, board 3 black wins.
    t.enter_result(
        BoardRef::new(men, 1, 1),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    t.enter_result(
        BoardRef::new(men, 1, 2),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    t.enter_result(
        BoardRef::new(men, 1, 3),
        ResultEntry::result(Some(Outcome::BlackWin)),
    )
    .unwrap();
    feed.publish(&t).unwrap();

    let home = get(addr, "/");
    for (id, name) in [(men, "男子组"), (women, "女子组")] {
        assert!(
            home.body.contains(&format!("href=\"/s/{}\"", id.0)),
            "{name}"
        );
        assert!(
            home.body
                .contains(&format!("href=\"/s/{}/standings\"", id.0))
        );
    }
    assert!(home.body.contains("第1轮对阵"));

    let round = get(addr, &format!("/s/{}", men.0));
    assert_eq!(round.status, 200);
    for (board, red, black) in expected {
        let card = element(&round.body, &format!("b{board}"));
        let (r, b) = (name(&t, men, red), name(&t, men, black));
        let (at_r, at_b) = (card.find(&r).expect(&r), card.find(&b).expect(&b));
        assert!(at_r < at_b, "board {board}: {r} (red) before {b}");
        assert!(card.contains(&format!("<span class=\"num\">{red}</span>")));
        assert!(card.contains(&format!("<span class=\"num\">{black}</span>")));
    }
    assert!(element(&round.body, "b1").contains("红胜"));
    assert!(element(&round.body, "b2").contains("和"));
    assert!(element(&round.body, "b3").contains("黑胜"));

    // Standings after round 1: 1 and 6 on 2 points, 3 and 4 on 1, 2 and 5 on 0.
    let standings = get(addr, &format!("/s/{}/standings", men.0));
    assert_eq!(standings.status, 200);
    assert!(standings.body.contains("id=\"after\" data-round=\"1\""));
    let rows = table_rows(&standings.body);
    assert_eq!(rows.len(), 6);
    let points: Vec<(u32, String)> = rows
        .iter()
        .map(|r| (r[1].parse().unwrap(), r[4].clone()))
        .collect();
    let want = |n: u32| match n {
        1 | 6 => "2",
        3 | 4 => "1",
        _ => "0",
    };
    for (n, p) in &points {
        assert_eq!(p, want(*n), "points of {n}");
    }
    let firsts: std::collections::BTreeSet<u32> = points[..2].iter().map(|(n, _)| *n).collect();
    assert_eq!(firsts, [1, 6].into());
    for (i, row) in rows.iter().enumerate() {
        assert!(row[2].contains(&name(&t, men, points[i].0)));
    }

    // A player's page: board 2, black, against 4, drawn.
    let three = get(addr, &format!("/s/{}/p/3", men.0));
    assert_eq!(three.status, 200);
    assert!(three.body.contains("data-round=\"1\" data-board=\"2\""));
    assert!(element(&three.body, "board").contains("执黑"));
    assert!(element(&three.body, "opponent").contains(&format!("4 {}", name(&t, men, 4))));
    let games = table_rows(&three.body);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0][..3], ["1", "2", "执黑"]);
    assert_eq!(games[0][4..], ["和", "1"]);

    // Round 2 paired: the pairings move on, the standings stay after round 1.
    t.pair_next_round(men).unwrap();
    feed.publish(&t).unwrap();
    let round = get(addr, &format!("/s/{}", men.0));
    assert!(round.body.contains("id=\"round\" data-round=\"2\""));
    let standings = get(addr, &format!("/s/{}/standings", men.0));
    assert!(standings.body.contains("data-round=\"1\""));
    // The player's page shows round 2's board from the event.
    let r2 = section(&t, men).round(2).unwrap().clone();
    let three_id = section(&t, men)
        .entrants
        .iter()
        .find(|e| e.number == Some(3))
        .unwrap()
        .id;
    let page = get(addr, &format!("/s/{}/p/3", men.0));
    match r2.game_of(three_id) {
        Some(g) => assert!(
            page.body
                .contains(&format!("data-round=\"2\" data-board=\"{}\"", g.board))
        ),
        None => assert!(page.body.contains("data-round=\"2\" data-board=\"0\"")),
    }
    assert_eq!(table_rows(&page.body).len(), 2);

    // Search by name, by pinyin initials and by number.
    let by_name = get(addr, "/search?q=%E5%91%A8%E5%96%86"); // 周喆
    assert!(found(&by_name.body).iter().any(|f| f.contains("周喆")));
    let by_initials = get(addr, "/search?q=cyf");
    assert_eq!(found(&by_initials.body).len(), 1);
    assert!(found(&by_initials.body)[0].contains("陈一帆"));
    let by_number = get(addr, "/search?q=2");
    let hits = found(&by_number.body);
    assert_eq!(hits.len(), 2, "number 2 of each section");
    assert!(hits.iter().any(|h| h.contains(&shown(&name(&t, men, 2)))));
    assert!(hits.iter().any(|h| h.contains(&shown(&name(&t, women, 2)))));
    assert!(get(addr, "/search?q=nobody").body.contains("没有找到"));

    // English on asking, its links keeping the language.
    let en = get(addr, &format!("/s/{}?lang=en", men.0));
    assert!(en.body.contains("Round 2") && en.body.contains("lang=en"));
    assert!(en.body.contains("<html lang=\"en\">"));
    let en3 = get(addr, &format!("/s/{}/p/3?lang=en", men.0));
    assert!(
        element(&en3.body, "board").starts_with("Board "),
        "{}",
        en3.body
    );
    assert!(element(&en3.body, "opponent").starts_with("Opponent: "));

    // Unknown pages are 404; the assets are the page's own.
    assert_eq!(get(addr, "/s/99").status, 404);
    assert_eq!(get(addr, &format!("/s/{}/p/99", men.0)).status, 404);
    let js = get(addr, "/app.js");
    assert_eq!(js.status, 200);
    assert!(
        js.header("content-type")
            .unwrap()
            .starts_with("text/javascript")
    );
    assert!(get(addr, "/app.css").body.contains("body"));
    // Only what the printed sheets show.
    assert!(!home.body.contains("birth") && !round.body.contains("出生"));
}

/// The cells of each body row of the first table, tags removed.
fn table_rows(html: &str) -> Vec<Vec<String>> {
    let body = html.split("<tbody>").nth(1).expect("a table");
    let body = body.split("</tbody>").next().unwrap();
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let inner = &cell[cell.find('>').unwrap() + 1..];
                    let inner = inner.split("</td>").next().unwrap();
                    strip_tags(inner)
                })
                .collect()
        })
        .collect()
}

/// A name as HTML shows it: its markup characters as entities.
fn shown(name: &str) -> String {
    name.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in html.chars() {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out.trim().to_string()
}

/// The search results, one text each.
fn found(html: &str) -> Vec<String> {
    let list = html.split("<ul id=\"found\">").nth(1).expect("the list");
    let list = list.split("</ul>").next().unwrap();
    list.split("<li>").skip(1).map(strip_tags).collect()
}

#[test]
fn nothing_but_reading_is_allowed() {
    let (_dir, t, men, _) = event();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    let (_server, addr) = start(&feed);
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        let r = request(addr, method, "/");
        assert_eq!(r.status, 405, "{method}");
        assert_eq!(r.header("allow"), Some("GET, HEAD"));
    }
    let head = request(addr, "HEAD", "/");
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    for path in [
        "/../etc/passwd",
        "/../../../../etc/passwd",
        "/s/../../etc/passwd",
        &format!("/s/{}/../../../etc/passwd", men.0),
        "/%2e%2e/%2e%2e/etc/passwd",
        "/app.js/..%2f..%2fCargo.toml",
        "/..\\..\\etc\\passwd",
    ] {
        let r = get(addr, path);
        assert!(r.status == 400 || r.status == 404, "{path}: {}", r.status);
        assert!(!r.body.contains("root:"), "{path}");
    }
    for path in [
        "/etc/passwd",
        "/Cargo.toml",
        "/src/lib.rs",
        "/assets/web/app.js",
    ] {
        assert_eq!(get(addr, path).status, 404, "{path}");
    }
    let r = get(addr, "/");
    // Kept by the browser but asked again each time: unchanged, it is answered 304, bodiless.
    assert_eq!(r.header("cache-control"), Some("no-cache"));
    assert!(r.header("content-security-policy").is_some());
    let tag = r.header("etag").expect("the page has a tag").to_string();
    let again = http::get_with(addr, "/", &[("If-None-Match", &tag)]);
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), Some(tag.as_str()));
    let other = http::get_with(addr, "/", &[("If-None-Match", "\"another\"")]);
    assert_eq!((other.status, other.body), (200, r.body));
    // The script too; the revision never is (it is what a phone polls).
    let js = get(addr, "/app.js");
    let js_tag = js.header("etag").expect("the script has a tag");
    assert_eq!(
        http::get_with(addr, "/app.js", &[("If-None-Match", js_tag)]).status,
        304
    );
    let rev = get(addr, "/api/rev");
    assert_eq!(rev.header("cache-control"), Some("no-store"));
    assert!(rev.header("etag").is_none());

    // A browser that takes gzip is sent the same page gzipped.
    let section = format!("/s/{}", men.0);
    let plain = get(addr, &section);
    let (head, zipped) = gzipped_get(addr, &section);
    assert!(head.contains("\r\ncontent-encoding: gzip\r\n"), "{head}");
    assert!(head.contains("\r\nvary: accept-encoding\r\n"), "{head}");
    let mut unzipped = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(&zipped[..]),
        &mut unzipped,
    )
    .unwrap();
    assert_eq!(unzipped, plain.body);
    assert!(zipped.len() < plain.body.len(), "{} bytes", zipped.len());
    assert_eq!(plain.header("vary"), Some("Accept-Encoding"));
    assert!(plain.header("content-encoding").is_none());
}

/// A GET of `path` saying the client takes gzip: the head (lowercased) and the raw body.
fn gzipped_get(addr: SocketAddr, path: &str) -> (String, Vec<u8>) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, deflate\r\n\r\n")
            .as_bytes(),
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head")
        + 4;
    let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
    (head, raw[end..].to_vec())
}

#[test]
fn a_name_with_markup_is_shown_as_text() {
    let (_dir, mut t, _, women) = event();
    t.pair_next_round(women).unwrap();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    let (_server, addr) = start(&feed);
    let number = section(&t, women)
        .entrants
        .iter()
        .find(|e| e.name == SCRIPT)
        .and_then(|e| e.number)
        .unwrap();
    for path in [
        format!("/s/{}", women.0),
        format!("/s/{}/p/{number}", women.0),
        "/search?q=%3Cscript%3E".to_string(),
    ] {
        let r = get(addr, &path);
        assert_eq!(r.status, 200, "{path}");
        assert!(
            !r.body.contains("<script>alert"),
            "{path}: markup let through"
        );
        assert!(
            r.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{path}: the name is not shown"
        );
        // The only script is the page's own.
        assert_eq!(r.body.matches("<script").count(), 1, "{path}");
    }
}

/// The status of a GET of `path` sent from the loopback address `from`.
fn request_from(from: [u8; 4], addr: SocketAddr, path: &str) -> u16 {
    fetch_from(from, addr, path).0
}

/// A GET of `path` sent from the loopback address `from`: the status and the whole answer.
fn fetch_from(from: [u8; 4], addr: SocketAddr, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::from((from, 0)).into()).unwrap();
    socket.connect(&addr.into()).unwrap();
    let mut s: std::net::TcpStream = socket.into();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes())
        .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[test]
fn one_client_flooding_is_refused() {
    let (_dir, t, _, _) = event();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    let options = ServeOptions {
        burst: 5,
        per_second: 0.01,
        ..ServeOptions::new([127, 0, 0, 1].into(), 0)
    };
    let server = VenueServer::start(&options, feed.clone()).unwrap();
    let addr = server.local_addr();
    let replies: Vec<_> = (0..8).map(|_| get(addr, "/api/rev")).collect();
    let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
    assert_eq!(statuses[..5], [200; 5]);
    assert_eq!(statuses[5..], [429; 3]);
    assert_eq!(replies[7].header("retry-after"), Some("1"));
    // Another address is another phone: 127.0.0.2 is loopback too.
    let other = request_from([127, 0, 0, 2], addr, "/api/rev");
    assert_eq!(other, 200);
}

#[test]
fn the_page_follows_the_event_and_stops_when_it_closes() {
    let (_dir, mut t, men, _) = event();
    t.pair_next_round(men).unwrap();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    let (server, addr) = start(&feed);
    let rev = |addr| get(addr, "/api/rev").body;
    let before = rev(addr);
    assert!(!element(&get(addr, &format!("/s/{}", men.0)).body, "b1").contains("红胜"));
    let tag = get(addr, &format!("/s/{}", men.0))
        .header("etag")
        .map(str::to_string);
    t.enter_result(
        BoardRef::new(men, 1, 1),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    feed.publish(&t).unwrap();
    assert_ne!(rev(addr), before);
    // The page's tag has changed with it: a browser holding the old page is sent the new.
    let changed = http::get_with(
        addr,
        &format!("/s/{}", men.0),
        &[("If-None-Match", tag.as_deref().unwrap_or("?"))],
    );
    assert_eq!(changed.status, 200);
    assert_ne!(changed.header("etag").map(str::to_string), tag);
    // Made again from the new snapshot, not the old one's kept bytes.
    assert!(element(&changed.body, "b1").contains("红胜"));
    let part = get(addr, &format!("/s/{}?part=main", men.0));
    assert!(element(&part.body, "b1").contains("红胜"));
    assert!(!part.body.contains("<html"), "the main part only");
    assert_eq!(
        part.header("x-revision").map(str::to_string),
        Some(t.revision().to_string())
    );

    // The event closes: the page stops, and the port is let go.
    feed.close();
    let deadline = Instant::now() + Duration::from_secs(5);
    while server.is_running() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!server.is_running());
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(1)).is_err(),
        "still listening after the event closed"
    );
}

#[test]
fn the_notes_read_once_are_read_again_when_the_round_is_paired_again() {
    let (_dir, mut t, men, _) = event();
    t.pair_next_round(men).unwrap();
    let memo = bianpai::app::NotesMemo::default();
    let first = t.venue_source_with(&memo).unwrap().build().unwrap();
    assert_eq!(first, t.venue_snapshot().unwrap());
    // Known again: the same.
    let again = t.venue_source_with(&memo).unwrap().build().unwrap();
    assert_eq!(again, first);
    // Paired again with five players: a bye, with its note, where there was none.
    t.unpair_round(men, 1).unwrap();
    let gone = section(&t, men).entrants[5].id;
    t.remove_entrant(men, gone).unwrap();
    t.pair_next_round(men).unwrap();
    let after = t.venue_source_with(&memo).unwrap().build().unwrap();
    assert_eq!(after, t.venue_snapshot().unwrap());
    let notes = |snap: &bianpai::app::VenueSnapshot| -> Vec<String> {
        snap.zh.sections[0]
            .round
            .as_ref()
            .map(|r| r.boards.iter().map(|b| b.note.clone()).collect())
            .unwrap_or_default()
    };
    assert_ne!(notes(&after), notes(&first));
    assert!(
        notes(&after).iter().any(|n| !n.is_empty()),
        "{:?}",
        notes(&after)
    );
}

/// Waits until `feed` has made `n` snapshots in all.
fn made(feed: &VenueFeed, n: u64) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while feed.snapshots_made() < n {
        assert!(Instant::now() < deadline, "snapshot {n} never made");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_snapshot_is_made_only_once_a_page_is_asked_for_and_at_most_once_a_gap() {
    let (_dir, mut t, men, _) = event();
    t.pair_next_round(men).unwrap();
    let gap = Duration::from_secs(2);
    let feed = VenueFeed::with_gap(gap);
    let wakes = std::sync::Arc::new(std::sync::Mutex::new(vec![]));
    let w = wakes.clone();
    feed.set_waker(std::sync::Arc::new(move |after| {
        w.lock().unwrap().push(after)
    }));
    feed.publish(&t).unwrap();
    assert_eq!(feed.snapshots_made(), 1);
    let (_server, addr) = start(&feed);
    let rev = |addr| get(addr, "/api/rev").body;
    let first = rev(addr);

    // A result, offered again and again: no phone has asked since, so nothing is made.
    t.enter_result(
        BoardRef::new(men, 1, 1),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    for _ in 0..5 {
        feed.offer(&t).unwrap();
    }
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(feed.snapshots_made(), 1);
    assert!(wakes.lock().unwrap().is_empty());

    // A phone asks: it is answered from the snapshot there is, and the owner is woken (once,
    // however many ask) to offer the event; it is made on a thread of its own once the gap
    // since the last (the first, published when the page was turned on) is over, and the
    // owner is told when that is.
    assert_eq!(rev(addr), first);
    assert_eq!(rev(addr), first);
    assert_eq!(*wakes.lock().unwrap(), [Duration::ZERO]);
    feed.offer(&t).unwrap();
    let wait = wakes.lock().unwrap().last().copied().unwrap();
    assert!(wait <= gap, "{wait:?}");
    if wait > Duration::ZERO {
        assert_eq!(feed.snapshots_made(), 1);
        std::thread::sleep(wait);
        feed.offer(&t).unwrap();
    }
    made(&feed, 2);
    let second = rev(addr);
    assert_ne!(second, first);
    assert_eq!(second, format!("{{\"rev\":{}}}", t.revision()));

    // Another result, asked for at once: not made before the gap is over (the owner is told
    // when to offer again) …
    t.enter_result(
        BoardRef::new(men, 1, 2),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    feed.offer(&t).unwrap();
    assert_eq!(rev(addr), second);
    feed.offer(&t).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(feed.snapshots_made(), 2);
    let later = wakes.lock().unwrap().last().copied().unwrap();
    assert!(later > Duration::ZERO && later <= gap, "{later:?}");
    // … and made once it is.
    std::thread::sleep(later);
    feed.offer(&t).unwrap();
    made(&feed, 3);
    assert_eq!(rev(addr), format!("{{\"rev\":{}}}", t.revision()));
    let part = get(addr, &format!("/s/{}?part=main", men.0));
    assert!(element(&part.body, "b2").contains("和"));
}

#[test]
fn bianpai_serve_follows_the_file_other_commands_change() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    let f = file.to_str().unwrap();
    common::ok(&["new", f, "--name", "命令行赛"]);
    common::add_section(&file, "公开组", "xiangqi", "swiss", "5");
    // Forty players of forty units: twenty boards.
    let entries = dir.path().join("e.csv");
    let mut csv = String::from("姓名,单位\n");
    for i in 1..=40 {
        csv.push_str(&format!("选手{i:02},{i:02}队\n"));
    }
    std::fs::write(&entries, csv).unwrap();
    common::ok(&["import", f, "-s", "公开组", entries.to_str().unwrap()]);
    common::ok(&["draw", f, "-s", "公开组", "--seed", "1"]);
    common::ok(&["pair", f, "-s", "公开组"]);

    // serve looks at the file every 10 ms and reads it again as soon as it has changed and a
    // page has been asked for: as often as it ever will, so that it is often reading the file
    // just when a command wants it.
    let served = common::serve::Served::start(&file, &["--every", "10"]);
    let addr = served.addr;
    let round = get(addr, "/s/1");
    assert!(round.body.contains("id=\"b20\""), "{}", round.body);
    assert!(!element(&round.body, "b1").contains("红胜"));

    // Ten phones poll all the while (each four times a second, as the page lets one), so
    // serve keeps reading the file.
    let polling = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let phones: Vec<_> = (0..10u8)
        .map(|i| {
            let polling = polling.clone();
            std::thread::spawn(move || {
                let mut revisions = std::collections::BTreeSet::new();
                std::thread::sleep(Duration::from_millis(25 * u64::from(i)));
                while polling.load(std::sync::atomic::Ordering::SeqCst) {
                    let (status, text) = fetch_from([127, 0, 7, 1 + i], addr, "/api/rev");
                    assert_eq!(status, 200, "{text}");
                    revisions.insert(text.rsplit("\r\n\r\n").next().map(str::to_string));
                    std::thread::sleep(Duration::from_millis(250));
                }
                revisions
            })
        })
        .collect();
    // Twenty results by twenty commands, one after another: every one goes in at its first
    // try (a command that meets serve reading the file waits the moment it takes).
    for board in 1..=20 {
        let r = common::bianpai(&[
            "result",
            f,
            "-s",
            "公开组",
            "-r",
            "1",
            "--board",
            &board.to_string(),
            "1-0",
        ]);
        assert_eq!(r.code, 0, "board {board} refused: {}", r.err);
    }
    // The page shows all twenty.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let page = get(addr, "/s/1").body;
        if (1..=20).all(|b| element(&page, &format!("b{b}")).contains("红胜")) {
            break;
        }
        assert!(Instant::now() < deadline, "serve did not follow the file");
        std::thread::sleep(Duration::from_millis(100));
    }
    polling.store(false, std::sync::atomic::Ordering::SeqCst);
    let seen: std::collections::BTreeSet<_> =
        phones.into_iter().flat_map(|p| p.join().unwrap()).collect();
    // serve read the file again and again while the commands ran.
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn serving_every_interface_is_warned_of() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("demo.bianpai");
    let f = file.to_str().unwrap();
    common::ok(&["demo", f]);
    let served = common::serve::Served::start(&file, &["--bind", "0.0.0.0"]);
    let line = served.line.clone();
    let err = served.stop();
    assert!(line.starts_with("场地网页：http://"), "{line}");
    assert!(
        err.contains("0.0.0.0") && err.contains("所有网络接口"),
        "{err}"
    );
    // A file that is not there is refused before anything listens.
    let missing = dir.path().join("none.bianpai");
    let r = common::bianpai(&["serve", missing.to_str().unwrap(), "--port", "0"]);
    assert_eq!(r.code, 2, "{}", r.err);
}
