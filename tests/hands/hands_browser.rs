//! Many hands in a real browser (issue 41): Debian's Chromium, headless, through chromedriver,
//! at a phone's size (390×844), as the venue page's own browser test drives it. A deputy opens
//! his QR address and enters ten results (one of them sent twice, as a phone retrying does: one
//! entry); a second deputy's different result for a board is a conflict that waits; a player
//! reports and his opponent confirms; and nothing is written from a page without a token, with
//! another section's token, from another origin (a page on another port of the same host, whose
//! cookie the browser does send: only the origin check stops it) or from a revoked device. The
//! window's part — taking what the page queued — is done here by [`settle`], as each frame
//! does it.
//!
//! `.ci/run` installs `chromium` and `chromium-driver`; without them (only then) the test says
//! so and passes. `BIANPAI_HANDS_SCREENSHOTS=dir` keeps screenshots of the deputy's pages.

use super::{Owner, deputy, player, two_sections};
use crate::common::browser::{self, Driver};
use bianpai::app::{Hands, Tournament, VenueFeed, role_url};
use bianpai::model::{EntryState, Outcome, SectionId};
use bianpai::web::{ServeOptions, VenueServer};
use serde_json::json;
use std::io::{Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// The page and what it serves from, as the window holds them, its owner taking what the
/// phones send as each frame does.
struct Venue {
    owner: Owner,
    server: VenueServer,
}

impl Venue {
    fn base(&self) -> String {
        format!("http://{}/", self.server.local_addr())
    }

    /// The event, between two frames.
    fn t(&self) -> std::sync::MutexGuard<'_, Tournament> {
        self.owner.t()
    }

    /// A frame now: what the phones sent is stored, and the page shown anew.
    fn settle(&mut self) {
        self.owner.settle();
    }

    fn entries(&self) -> Vec<(u32, EntryState)> {
        self.t()
            .phone_entries(false)
            .unwrap()
            .iter()
            .map(|e| (e.board, e.state))
            .collect()
    }

    fn outcome(&self, s: SectionId, board: u32) -> Option<Outcome> {
        self.t().event().section(s).unwrap().rounds[0]
            .games
            .iter()
            .find(|g| g.board == board)
            .and_then(|g| g.outcome)
    }
}

/// Sends the board form of the page shown: the outcome's code, the fouls and a note.
fn fill_and_send(d: &Driver, outcome: &str, fouls: (u8, u8), note: &str) {
    let script = format!(
        "const f = document.getElementById('entry'); \
         f.querySelector('input[name=o][value=\"{outcome}\"]').click(); \
         const fr = f.querySelector('input[name=fr]'); if (fr) {{ fr.value = '{}'; }} \
         const fb = f.querySelector('input[name=fb]'); if (fb) {{ fb.value = '{}'; }} \
         const n = f.querySelector('input[name=note]'); if (n) {{ n.value = {note:?}; }} \
         f.querySelector('button[type=submit]').click(); return true;",
        fouls.0, fouls.1
    );
    d.run(&script);
}

const CODES: [&str; 3] = ["1-0", "=", "0-1"];

/// A screenshot of the page kept in `BIANPAI_HANDS_SCREENSHOTS` (a folder) when it is set.
pub(crate) fn shot(d: &Driver, name: &str) {
    if let Ok(dir) = std::env::var("BIANPAI_HANDS_SCREENSHOTS") {
        std::fs::write(Path::new(&dir).join(format!("{name}.png")), d.screenshot()).unwrap();
    }
}

#[test]
fn deputies_and_players_enter_results_from_their_phones() {
    if !browser::present() {
        return;
    }
    let (dir, mut t, open, women) = two_sections();
    let (_, li) = deputy(&mut t, "李裁判", &[open], Some((1, 12)));
    let (_, zhao) = deputy(&mut t, "赵裁判", &[open], Some((12, 12)));
    let (_, wang) = deputy(&mut t, "王裁判", &[women], None);
    let board11 = t.event().section(open).unwrap().rounds[0].games[10].clone();
    let number = |id| crate::common::number_of(t.event().section(open).unwrap(), id);
    let (red_n, black_n) = (number(board11.red), number(board11.black));
    let (_, red) = player(&mut t, open, red_n);
    let (_, black) = player(&mut t, open, black_n);
    let hands = Hands::new();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    t.publish_hands(&hands).unwrap();
    // One phone going through forty pages in a minute, faster than a deputy walks: more than
    // a phone's burst.
    let mut options = ServeOptions::new([127, 0, 0, 1].into(), 0);
    options.burst = 1000;
    let server = VenueServer::start_with(&options, feed.clone(), Some(hands.clone())).unwrap();
    let mut v = Venue {
        owner: Owner::start(t, &hands, Some(&feed)),
        server,
    };
    let base = v.base();
    let d = Driver::start(&dir.path().join("profile"));

    // The deputy scans his QR code: signed in, the token gone from the address and out of
    // the page's reach (HttpOnly), the trust note said plainly.
    d.open(&role_url(&base, &li));
    d.wait_for("/d");
    assert_eq!(d.run("return window.innerWidth;"), json!(390));
    assert_eq!(d.run("return document.cookie;"), json!(""));
    let text = d.text();
    assert!(
        text.contains("李裁判") && text.contains("无 HTTPS"),
        "{text}"
    );
    shot(&d, "hands-deputy-boards");
    // Ten results: boards 1-8 picked from the list, 10 typed as the slip's number, 9 sent
    // twice by a phone retrying.
    for board in (1..=8).chain([10]) {
        if board == 10 {
            d.run(
                "const f = document.querySelector('form.go'); \
                 f.querySelector('input[name=b]').value = '10'; f.submit(); return true;",
            );
        } else {
            d.run(&format!(
                "document.getElementById('pick-{}-{board}').click(); return true;",
                open.0
            ));
        }
        d.wait_for(&format!("/d/b?s={}&b={board}", open.0));
        if board == 1 {
            shot(&d, "hands-deputy-form");
            d.open(&format!("{base}d/b?s={}&b=1&lang=en", open.0));
            shot(&d, "hands-deputy-form-en");
            d.open(&format!("{base}d/b?s={}&b=1", open.0));
        }
        let fouls = if board == 2 { (0, 2) } else { (0, 0) };
        fill_and_send(&d, CODES[board as usize % 3], fouls, "");
        d.wait_for(&format!("/d?sent={board}"));
    }
    d.open(&format!("{base}d/b?s={}&b=9", open.0));
    let statuses = d.run_async(
        "const done = arguments[arguments.length - 1]; \
         const f = document.getElementById('entry'); \
         f.querySelector('input[name=o][value=\"1-0\"]').checked = true; \
         f.querySelector('input[name=note]').value = '<b>补记</b>'; \
         const body = new URLSearchParams(new FormData(f)); \
         const send = () => fetch('/d/enter', {method: 'POST', body: body, redirect: 'manual'}) \
             .then(r => r.type); \
         send().then(a => send().then(b => done([a, b])));",
    );
    assert_eq!(statuses, json!(["opaqueredirect", "opaqueredirect"]));
    v.settle();
    let mut entries = v.entries();
    entries.sort_by_key(|e| e.0);
    assert_eq!(
        entries,
        (1..=10)
            .map(|b| (b, EntryState::Pending))
            .collect::<Vec<_>>(),
        "ten boards, each stored once"
    );
    // The phone shows where each stands, its note escaped.
    d.open(&format!("{base}d"));
    assert_eq!(
        d.run("return document.querySelectorAll('#mine li[data-state=pending]').length;"),
        json!(10)
    );
    assert!(d.text().contains("<b>补记</b>"), "the note shown as text");
    shot(&d, "hands-deputy-sent");

    // Board 12: two deputies disagree — a conflict for the chief.
    d.open(&format!("{base}d/b?s={}&b=12", open.0));
    fill_and_send(&d, "1-0", (0, 0), "");
    d.wait_for("/d?sent=12");
    d.open(&role_url(&base, &zhao));
    d.wait_for("/d");
    d.open(&format!("{base}d/b?s={}&b=12", open.0));
    fill_and_send(&d, "0-1", (0, 0), "");
    d.wait_for("/d?sent=12");
    v.settle();
    let twelve: Vec<EntryState> = v
        .entries()
        .into_iter()
        .filter(|(b, _)| *b == 12)
        .map(|(_, s)| s)
        .collect();
    assert_eq!(twelve, vec![EntryState::Conflict, EntryState::Conflict]);
    // The chief accepts all: the ten stand, the conflict waits.
    assert_eq!(v.t().accept_all().unwrap(), 10);
    for board in 1..=10u32 {
        let want = Outcome::from_code(if board == 9 {
            "1-0"
        } else {
            CODES[board as usize % 3]
        });
        assert_eq!(v.outcome(open, board), want, "board {board}");
    }
    let two = v.t().event().section(open).unwrap().rounds[0].games[1].clone();
    assert_eq!((two.fouls_red, two.fouls_black), (0, 2));
    assert_eq!(v.outcome(open, 12), None);
    v.settle();

    // Board 11: the red player reports, the black one confirms.
    d.open(&role_url(&base, &red));
    d.wait_for("/d");
    assert_eq!(
        d.run("return document.getElementById('game').dataset.board;"),
        json!("11")
    );
    fill_and_send(&d, "1-0", (0, 0), "");
    d.wait_for("/d?sent=11");
    v.settle();
    assert_eq!(
        v.outcome(open, 11),
        None,
        "a player's word alone is not a result"
    );
    d.open(&role_url(&base, &black));
    d.wait_for("/d");
    assert!(d.text().contains("对手报告：红胜"), "{}", d.text());
    shot(&d, "hands-player-confirm");
    d.run("document.querySelector('#confirm button').click(); return true;");
    d.wait_for("/d?sent=11");
    v.settle();
    assert_eq!(v.outcome(open, 11), Some(Outcome::RedWin));
    let stored = v.entries().len();

    // Refused, and nothing written: another origin …
    d.open(&role_url(&base, &li));
    d.wait_for("/d");
    d.open(&format!("{base}d/b?s={}&b=12", open.0));
    let sub = d.run("return document.querySelector('input[name=sub]').value;");
    let ft = d.run("return document.querySelector('input[name=ft]').value;");
    let hostile = hostile_page(&format!(
        "<form id=f method=post action=\"{base}d/enter\">\
         <input name=sub value=\"{}\"><input name=ft value=\"{}\"><input name=s value=\"{}\">\
         <input name=r value=1><input name=b value=12><input name=o value=\"0-1\"></form>\
         <script>document.getElementById('f').submit();</script>",
        sub.as_str().unwrap(),
        ft.as_str().unwrap(),
        open.0
    ));
    d.open(&hostile);
    let deadline = Instant::now() + Duration::from_secs(20);
    while !d.text().contains("请求并非来自本页") {
        assert!(
            Instant::now() < deadline,
            "the other origin's form: {}",
            d.text()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // … no token at all …
    d.session("DELETE", "/cookie", json!({}));
    d.open(&format!("{base}d"));
    assert!(d.text().contains("未获授权"), "{}", d.text());
    let no_token = d.run_async(
        "const done = arguments[arguments.length - 1]; \
         fetch('/d/enter', {method: 'POST', body: new URLSearchParams('s=1&r=1&b=1&o=1-0')}) \
           .then(r => done(r.status));",
    );
    assert_eq!(no_token, json!(403));
    // … another section's token …
    d.open(&role_url(&base, &wang));
    d.wait_for("/d");
    d.open(&format!("{base}d/b?s={}&b=3", open.0));
    assert!(d.text().contains("不在您的授权范围内"), "{}", d.text());
    d.open(&format!("{base}d"));
    let forged = d.run_async(&format!(
        "const done = arguments[arguments.length - 1]; \
         fetch('/d/enter', {{method: 'POST', redirect: 'manual', \
           body: new URLSearchParams('sub=zz&ft=zz&s={}&r=1&b=3&o=1-0')}}) \
           .then(r => done(r.status));",
        open.0
    ));
    assert_ne!(forged, json!(0), "not taken (a redirect)");
    // … and a revoked device, its form already open.
    d.open(&role_url(&base, &li));
    d.wait_for("/d");
    d.open(&format!("{base}d/b?s={}&b=12", open.0));
    let li_id = v.t().roles().unwrap()[0].id;
    v.t().revoke_role(li_id).unwrap();
    v.settle();
    fill_and_send(&d, "=", (0, 0), "");
    let deadline = Instant::now() + Duration::from_secs(20);
    while !d.text().contains("未获授权") {
        assert!(
            Instant::now() < deadline,
            "the revoked device: {}",
            d.text()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    v.settle();
    assert_eq!(v.entries().len(), stored, "nothing written by the refused");
    assert_eq!(v.outcome(open, 12), None);
    assert!(
        v.t().event().section(women).unwrap().rounds[0]
            .games
            .iter()
            .all(|g| g.outcome.is_none())
    );
}

/// A page on another port of this host (another origin, the same site: the browser sends the
/// device's SameSite=Strict cookie with its form) — served once, then the thread ends.
fn hostile_page(html: &str) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let html = html.to_string();
    std::thread::spawn(move || {
        listener.set_nonblocking(false).unwrap();
        if let Ok((mut s, _)) = listener.accept() {
            let mut buf = [0u8; 4096];
            let _ = s.read(&mut buf);
            let answer = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{html}",
                html.len()
            );
            let _ = s.write_all(answer.as_bytes());
        }
    });
    format!("http://{addr}/")
}
