//! Nothing a phone was told is stored is lost when the laptop dies (issue 41: "the file stays
//! whole after a crash"). `bianpai serve` takes results from four deputies sending at once and
//! a check-in from the door; it is killed (SIGKILL: nothing finished, nothing flushed by it)
//! while some are still on their way. The file, opened again, holds every submission the page
//! answered as received — each once, in the state the owner gave it — and the door's check-in;
//! what was not answered may or may not be there, but never twice.

use super::{deputy, two_sections};
use crate::common::serve::Served;
use crate::hands_http::{Answer, hidden};
use bianpai::app::{NewRole, Tournament};
use bianpai::model::{EntryState, Outcome, RoleKind, RoleScope};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a deputy's phone sent and what it was answered: (submission, board, outcome, status).
type Sent = Vec<(String, u32, Outcome, u16)>;

#[test]
fn what_a_phone_was_answered_survives_a_kill_of_the_laptop() {
    let (dir, mut t, open, _) = two_sections();
    let tokens: Vec<String> = (0..4u32)
        .map(|k| {
            deputy(
                &mut t,
                &format!("裁判{k}"),
                &[open],
                Some((3 * k + 1, 3 * k + 3)),
            )
            .1
        })
        .collect();
    let (_, door) = t
        .add_role(&NewRole {
            kind: RoleKind::CheckIn,
            person: "门口".into(),
            scope: RoleScope {
                sections: vec![open],
                ..RoleScope::default()
            },
        })
        .unwrap();
    let path = t.path().to_path_buf();
    drop(t);
    let mut served = Served::start(&path, &["--every", "20"]);
    let (addr, here) = (served.addr, served.origin());
    // serve knows the devices once it has read the roles. Each phone asks from an address of
    // its own, as at a venue (the page's burst is per address).
    let deadline = Instant::now() + Duration::from_secs(20);
    while send_from(20, addr, "GET", &format!("/k/{door}"), &[], "").map_or(0, |a| a.status) != 303
    {
        assert!(Instant::now() < deadline, "serve never knew the devices");
        std::thread::sleep(Duration::from_millis(100));
    }

    // The door checks 公开3 in, and is answered.
    let cookie = sign_in_from(10, addr, &door).unwrap();
    let page = send_from(
        10,
        addr,
        "GET",
        "/d?q=%E5%85%AC%E5%BC%803",
        &[("Cookie", &cookie)],
        "",
    )
    .unwrap();
    assert_eq!(page.status, 200, "{}", page.body);
    let at = page.body.find("id=\"found\"").expect("公开3 found");
    let form = &page.body[at..];
    let body = format!(
        "sub={}&ft={}&s={}&e={}",
        hidden(form, "sub"),
        hidden(form, "ft"),
        hidden(form, "s"),
        hidden(form, "e")
    );
    let checked = send_from(
        10,
        addr,
        "POST",
        "/d/door",
        &[
            ("Cookie", &cookie),
            ("Origin", &here),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ],
        &body,
    )
    .unwrap();
    assert_eq!(checked.status, 303, "{}", checked.body);

    // Four deputies send their boards at once, each board's form fetched and sent; the first
    // sent twice (a retry). The laptop dies once six were answered.
    let answered = Arc::new(AtomicUsize::new(0));
    let sent: Arc<Mutex<Sent>> = Arc::default();
    let phones: Vec<_> = tokens
        .into_iter()
        .enumerate()
        .map(|(k, token)| {
            let (answered, sent, here) = (answered.clone(), sent.clone(), here.clone());
            std::thread::spawn(move || {
                deputy_sends(addr, &here, &token, k as u32, open.0, &answered, &sent)
            })
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(30);
    while answered.load(Ordering::SeqCst) < 6 {
        assert!(Instant::now() < deadline, "the page answered too few");
        std::thread::sleep(Duration::from_millis(1));
    }
    served.kill();
    for p in phones {
        p.join().unwrap();
    }

    let t = Tournament::open(&path).expect("the file opens whole after the kill");
    assert_eq!(t.integrity_check().unwrap(), "ok");
    let entries = t.phone_entries(false).unwrap();
    let mut stored: HashMap<&str, usize> = HashMap::new();
    for e in &entries {
        *stored.entry(e.submission.as_str()).or_default() += 1;
    }
    assert!(stored.values().all(|n| *n == 1), "never twice: {stored:?}");
    let sent = sent.lock().unwrap();
    let acknowledged: Vec<_> = sent.iter().filter(|s| s.3 == 303).collect();
    assert!(acknowledged.len() >= 6, "{sent:?}");
    for (sub, board, outcome, _) in &acknowledged {
        let e = entries
            .iter()
            .find(|e| &e.submission == sub)
            .unwrap_or_else(|| panic!("board {board}, answered as received, is lost"));
        // Deputies' results wait for the chief: each stands pending, as sent.
        assert_eq!(
            (e.board, e.outcome, e.state),
            (*board, Some(*outcome), EntryState::Pending)
        );
    }
    let three = t
        .event()
        .section(open)
        .unwrap()
        .entrants
        .iter()
        .find(|e| e.name == "公开3")
        .unwrap();
    assert!(three.checked_in.is_some(), "the door's check-in is kept");
    drop(dir);
}

/// One deputy: his three boards, each form fetched and sent (the first twice), until the page
/// is gone.
fn deputy_sends(
    addr: SocketAddr,
    here: &str,
    token: &str,
    k: u32,
    section: i64,
    answered: &AtomicUsize,
    sent: &Mutex<Sent>,
) {
    let own = k as u8 + 1;
    let Ok(cookie) = sign_in_from(own, addr, token) else {
        return;
    };
    for board in 3 * k + 1..=3 * k + 3 {
        let path = format!("/d/b?s={section}&b={board}");
        let page = send_from(own, addr, "GET", &path, &[("Cookie", &cookie)], "");
        let Ok(page) = page
            .map_err(drop)
            .and_then(|p| if p.status == 200 { Ok(p) } else { Err(()) })
        else {
            return;
        };
        let (sub, ft) = (hidden(&page.body, "sub"), hidden(&page.body, "ft"));
        let outcome = [Outcome::RedWin, Outcome::Draw, Outcome::BlackWin][board as usize % 3];
        let body = format!(
            "sub={sub}&ft={ft}&s={section}&r=1&b={board}&o={}&fr=0&fb=0&note=",
            outcome.code().replace('=', "%3D")
        );
        let tries = if board == 3 * k + 1 { 2 } else { 1 };
        for _ in 0..tries {
            let headers = [
                ("Cookie", cookie.as_str()),
                ("Origin", here),
                ("Content-Type", "application/x-www-form-urlencoded"),
            ];
            let status =
                send_from(own, addr, "POST", "/d/enter", &headers, &body).map_or(0, |a| a.status);
            if status == 303 {
                answered.fetch_add(1, Ordering::SeqCst);
            }
            sent.lock()
                .unwrap()
                .push((sub.clone(), board, outcome, status));
            if status == 0 {
                return;
            }
        }
    }
}

/// Signs in from 127.0.9.`own` with `token`: the cookie the page sets.
fn sign_in_from(own: u8, addr: SocketAddr, token: &str) -> std::io::Result<String> {
    let a = send_from(own, addr, "GET", &format!("/k/{token}"), &[], "")?;
    a.header("set-cookie")
        .and_then(|c| c.split(';').next().map(str::to_string))
        .ok_or_else(|| std::io::Error::other(format!("no cookie: {}", a.status)))
}

/// One request from 127.0.9.`own`, on a connection of its own, read to its end; an error once
/// the page is gone.
fn send_from(
    own: u8,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> std::io::Result<Answer> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    socket.bind(&SocketAddr::from(([127, 0, 9, own], 0)).into())?;
    socket.connect_timeout(&addr.into(), Duration::from_secs(5))?;
    let mut s: TcpStream = socket.into();
    s.set_read_timeout(Some(Duration::from_secs(20)))?;
    let more: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{more}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other("no answer"))?;
    Ok(Answer {
        status,
        head: head.to_string(),
        body: body.to_string(),
    })
}
