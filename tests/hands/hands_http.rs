//! The page's refusals over plain HTTP, each checked to write nothing: a form without a token,
//! with another section's token, from another origin, with a forged form token, too large, and
//! from a revoked device; and the way in — the QR address trades the token for a cookie
//! (HttpOnly, SameSite=Strict) and sends the phone on without it in the address.

use super::{deputy, settle, two_sections};
use bianpai::app::{Hands, Tournament, VenueFeed, role_url};
use bianpai::web::{ServeOptions, VenueServer};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

/// An answer: status, head (lowercased names) and body.
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_string())
        })
    }
}

/// Sends a request with these headers and body; reads the answer to its end.
pub fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    let mut s = TcpStream::connect(addr).unwrap();
    let more: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{more}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Answer {
        status,
        head: head.to_string(),
        body: body.to_string(),
    }
}

/// The value of the hidden field `name` in a page.
pub fn hidden(page: &str, name: &str) -> String {
    let mark = format!("name=\"{name}\" value=\"");
    let at = page
        .find(&mark)
        .unwrap_or_else(|| panic!("no {name} in {page}"))
        + mark.len();
    page[at..].split('"').next().unwrap().to_string()
}

/// Signs in with `token` (the QR address): the cookie the page sets.
pub fn sign_in(addr: SocketAddr, token: &str) -> String {
    let a = send(addr, "GET", &format!("/k/{token}"), &[], "");
    assert_eq!(a.status, 303, "{}", a.body);
    assert_eq!(a.header("location").as_deref(), Some("/d"));
    let cookie = a.header("set-cookie").expect("a cookie");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    cookie.split(';').next().unwrap().to_string()
}

/// The board form's submission id and form token, as the device's page gives them.
pub fn form(addr: SocketAddr, cookie: &str, section: i64, board: u32) -> (String, String) {
    let a = send(
        addr,
        "GET",
        &format!("/d/b?s={section}&b={board}"),
        &[("Cookie", cookie)],
        "",
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.header("cache-control").as_deref(), Some("no-store"));
    (hidden(&a.body, "sub"), hidden(&a.body, "ft"))
}

/// Posts a result form as the page would, with `origin`.
pub fn post(addr: SocketAddr, cookie: &str, origin: &str, body: &str) -> Answer {
    send(
        addr,
        "POST",
        "/d/enter",
        &[
            ("Cookie", cookie),
            ("Origin", origin),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ],
        body,
    )
}

/// Posts a form while the test, as the window's frames do, takes the queue: the page answers
/// a submission only once it is stored.
pub fn post_taken(
    t: &mut Tournament,
    hands: &Hands,
    addr: SocketAddr,
    cookie: &str,
    origin: &str,
    body: &str,
) -> Answer {
    std::thread::scope(|scope| {
        let sent = scope.spawn(|| post(addr, cookie, origin, body));
        while !sent.is_finished() {
            t.take_submissions(hands).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        sent.join().unwrap()
    })
}

#[test]
fn writes_are_refused_without_a_live_token_in_reach_from_the_page_itself() {
    let (_dir, mut t, open, women) = two_sections();
    let hands = Hands::new();
    let (_, token) = deputy(&mut t, "李裁判", &[open], None);
    let (_, other) = deputy(&mut t, "王裁判", &[women], None);
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    t.publish_hands(&hands).unwrap();
    let server = VenueServer::start_with(
        &ServeOptions::new([127, 0, 0, 1].into(), 0),
        feed,
        Some(hands.clone()),
    )
    .unwrap();
    let addr = server.local_addr();
    let here = format!("http://{addr}");
    assert!(role_url(&format!("{here}/"), &token).ends_with(&format!("/k/{token}")));

    // The read-only page stays open to all, and says nothing of roles.
    assert_eq!(send(addr, "GET", "/", &[], "").status, 200);
    // A device page or a write without a token: refused.
    assert_eq!(send(addr, "GET", "/d", &[], "").status, 403);
    assert_eq!(
        send(addr, "GET", "/k/00000000000000000000000000000000", &[], "").status,
        403
    );
    let cookie = sign_in(addr, &token);
    // Chinese by default, English one tap away (the switch keeps the page), the trust note in
    // both.
    let zh = send(addr, "GET", "/d", &[("Cookie", &cookie)], "");
    assert!(
        zh.body.contains("已登录：李裁判（副裁判长/裁判员，设备1）"),
        "{}",
        zh.body
    );
    assert!(zh.body.contains("href=\"/d?lang=en\""), "{}", zh.body);
    assert!(zh.body.contains("无 HTTPS"));
    let en = send(addr, "GET", "/d?lang=en", &[("Cookie", &cookie)], "");
    assert!(
        en.body
            .contains("Signed in: 李裁判 (Deputy / arbiter, device 1)"),
        "{}",
        en.body
    );
    assert!(en.body.contains("no HTTPS"));
    assert!(
        en.body
            .contains(&format!("/d/b?s={}&amp;b=1&amp;lang=en", open.0)),
        "{}",
        en.body
    );
    let (sub, ft) = form(addr, &cookie, open.0, 1);
    let body = |sub: &str, ft: &str, s: i64, b: u32| {
        format!("sub={sub}&ft={ft}&s={s}&r=1&b={b}&o=1-0&fr=0&fb=1&note=%E6%AD%A3%E5%B8%B8")
    };
    let good = body(&sub, &ft, open.0, 1);
    let refused = [
        ("no token", post(addr, "", &here, &good), 403),
        (
            "another origin",
            post(addr, &cookie, "http://127.0.0.1:9", &good),
            403,
        ),
        (
            "a forged form token",
            post(addr, &cookie, &here, &body(&sub, "00", open.0, 1)),
            400,
        ),
        (
            "another section's board",
            post(addr, &cookie, &here, &body(&sub, &ft, women.0, 1)),
            403,
        ),
        (
            "too large",
            post(
                addr,
                &cookie,
                &here,
                &format!("{good}&pad={}", "x".repeat(9000)),
            ),
            413,
        ),
    ];
    for (what, answer, status) in &refused {
        assert_eq!(answer.status, *status, "{what}: {}", answer.body);
    }
    // Another section's deputy cannot open this section's boards either.
    let theirs = sign_in(addr, &other);
    let a = send(
        addr,
        "GET",
        &format!("/d/b?s={}&b=1", open.0),
        &[("Cookie", &theirs)],
        "",
    );
    assert_eq!(a.status, 403);
    settle(&mut t, &hands);
    assert!(
        t.phone_entries(false).unwrap().is_empty(),
        "nothing written"
    );

    // The good one, twice (a retry): one entry.
    let first = post_taken(&mut t, &hands, addr, &cookie, &here, &good);
    assert_eq!(first.status, 303, "{}", first.body);
    assert_eq!(first.header("location").as_deref(), Some("/d?sent=1"));
    let again = post_taken(&mut t, &hands, addr, &cookie, &here, &good);
    assert_eq!(again.header("location").as_deref(), Some("/d?again=1"));
    settle(&mut t, &hands);
    let entries = t.phone_entries(false).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(
        (entries[0].board, entries[0].fouls, entries[0].note.as_str()),
        (1, (0, 1), "正常")
    );

    // Revoked: the cookie opens nothing any more.
    let id = t.roles().unwrap()[0].id;
    t.revoke_role(id).unwrap();
    t.publish_hands(&hands).unwrap();
    let (sub2, ft2) = (sub.clone() + "x", ft.clone());
    let late = post(addr, &cookie, &here, &body(&sub2, &ft2, open.0, 2));
    assert_eq!(late.status, 403);
    assert_eq!(
        send(addr, "GET", "/d", &[("Cookie", &cookie)], "").status,
        403
    );
    assert_eq!(
        send(addr, "GET", &format!("/k/{token}"), &[], "").status,
        403
    );
    settle(&mut t, &hands);
    assert_eq!(
        t.phone_entries(false).unwrap().len(),
        1,
        "nothing more written"
    );
}

/// A phone is not told its result is received until it is stored: with no owner taking the
/// queue (a laptop hung, or gone), the page answers, after its wait, that it is not stored
/// yet, with the same submission behind a button; sent again once the owner takes the queue,
/// it is stored once.
#[test]
fn a_submission_not_yet_stored_is_not_answered_as_received() {
    let (_dir, mut t, open, _) = two_sections();
    let hands = Hands::new();
    let (_, token) = deputy(&mut t, "李裁判", &[open], None);
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    t.publish_hands(&hands).unwrap();
    let server = VenueServer::start_with(
        &ServeOptions::new([127, 0, 0, 1].into(), 0),
        feed,
        Some(hands.clone()),
    )
    .unwrap();
    let addr = server.local_addr();
    let here = format!("http://{addr}");
    let cookie = sign_in(addr, &token);
    let (sub, ft) = form(addr, &cookie, open.0, 2);
    let body = format!(
        "sub={sub}&ft={ft}&s={}&r=1&b=2&o=0-1&fr=0&fb=0&note=",
        open.0
    );
    let at = std::time::Instant::now();
    let waited = post(addr, &cookie, &here, &body);
    assert!(at.elapsed() >= bianpai::web::WAIT_STORED);
    assert_eq!(waited.status, 503, "{}", waited.body);
    assert!(waited.body.contains("尚未保存"), "{}", waited.body);
    assert_eq!(
        hidden(&waited.body, "sub"),
        sub,
        "the same submission to send again"
    );
    assert!(t.phone_entries(false).unwrap().is_empty());
    // Sent again while the owner takes the queue: stored once.
    let again = post_taken(&mut t, &hands, addr, &cookie, &here, &body);
    assert_eq!(again.status, 303, "{}", again.body);
    settle(&mut t, &hands);
    let entries = t.phone_entries(false).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].submission, sub);
}
